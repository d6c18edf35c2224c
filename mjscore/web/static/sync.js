"use strict";
// Drafts and conflicts of the Game tab (issue 44), apart from its state (games.js): a deal being entered is kept
// on this phone (localStorage, one draft per game) from the moment its form opens, so that a reload, or the
// laptop out of reach, loses nothing; a draft has a key the laptop keeps with the change it made, so that sent
// again it is saved once. A correction refused because another phone changed the same field is shown with both
// values, each a button to keep it. And the words for a change refused or about to be undone.

(function () {
  const {el} = window.App;
  const STORE = "mjscore.draft.";

  // a key no other draft has (crypto.randomUUID needs a secure context: else 128 random bits all the same)
  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
  }

  function kept(game) {
    try { return JSON.parse(localStorage.getItem(STORE + game) || "null"); } catch (e) { return null; }
  }
  function keep(game, draft) { localStorage.setItem(STORE + game, JSON.stringify(draft)); }
  function drop(game) { localStorage.removeItem(STORE + game); }

  // a deal with its field ["win", "discarder"] set: a copy is changed, never the deal given
  function withField(deal, path, value) {
    const out = JSON.parse(JSON.stringify(deal || {}));
    let d = out;
    for (const k of path.slice(0, -1)) { if (!d[k] || typeof d[k] !== "object") d[k] = {}; d = d[k]; }
    if (value === null || value === undefined) delete d[path[path.length - 1]]; else d[path[path.length - 1]] = value;
    return out;
  }

  // a field and a value as a player says them: "Cy's hand", "the discarder"; "none" for a value left out
  function fieldSaid(path) {
    const [top, inner] = path;
    if (top === "hands") return `${inner}'s hand`;
    if (top === "faults") return `${inner}'s fault`;
    if (top === "win") return {tile: "the winning tile", from: "how the tile came", discarder: "the discarder",
                               set: "the set it completed", also: "the circumstances"}[inner] || `win ${inner}`;
    return {winner: "the winner", false_mahjong: "the false mah jong", pays_for_all: "who pays for all"}[top] ||
      top.replace(/_/g, " ");
  }
  function valueSaid(v) {
    if (v === null || v === undefined || v === "" || (Array.isArray(v) && !v.length)) return "none";
    return Array.isArray(v) ? v.join(", ") : typeof v === "object" ? JSON.stringify(v) : String(v);
  }

  // the fields both phones changed: each with the other phone's value (kept in the form until a choice) and this
  // phone's, a button for each; `choose(path, value)` puts the one tapped in the form
  function conflictView(refusal, choose) {
    const box = el("div", {class: "conflicts error", id: "conflicts", role: "alert"}, el("p", {text: refusal.error}));
    for (const c of refusal.conflicts) {
      const theirs = el("button", {type: "button", class: "on", "aria-pressed": "true",
                                   text: `Keep theirs: ${valueSaid(c.theirs)}`});
      const mine = el("button", {type: "button", "aria-pressed": "false", text: `Use mine: ${valueSaid(c.yours)}`});
      const pick = (button, value) => {
        for (const b of [theirs, mine]) { b.classList.toggle("on", b === button); b.setAttribute("aria-pressed", String(b === button)); }
        choose(c.field, value);
      };
      theirs.addEventListener("click", () => pick(theirs, c.theirs));
      mine.addEventListener("click", () => pick(mine, c.yours));
      box.appendChild(el("div", {class: "conflict", role: "group", "aria-label": fieldSaid(c.field), "data-field": c.field.join(".")},
        el("p", {text: `${fieldSaid(c.field)}: the other phone saved ${valueSaid(c.theirs)}, this phone had ${valueSaid(c.yours)}`}),
        theirs, mine));
    }
    return box;
  }

  // what an undo or a redo changes, in words: "deal 3's correction" (the laptop's `changes`)
  function changeSaid(c) {
    if (!c) return "the last change";
    return {add: `deal ${c.deal}`, edit: `deal ${c.deal}'s correction`, delete: `deal ${c.deal}'s deletion`}[c.kind];
  }

  // a change refused because another phone changed the game first: said in the words of what was tapped
  const REFUSED = {
    undo: () => "another phone changed this game meanwhile: nothing was undone. The sheet now shows their change; " +
      "tap \"Undo last change\" again if the last change is still the one to undo",
    delete: n => `another phone changed this game meanwhile: deal ${n} was not deleted. The sheet now shows their ` +
      "change; check that it is still the deal to delete, then delete it again",
    redo: () => "another phone changed this game meanwhile: nothing was redone. The sheet now shows their change",
  };

  window.Sync = {REFUSED, newKey, kept, keep, drop, withField, conflictView, changeSaid};
})();
