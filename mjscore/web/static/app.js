"use strict";
// The page: tabs, the hand scored as it is tapped, a deal settled, a game's sheet kept.
// Everything is computed by the server's JSON API (the CLI's JSON); this file only shows it,
// in the CLI's words ("base points 32, doubles 1: 32 x 2^1 = 64").

const SEAT_NAMES = {E: "East", S: "South", W: "West", N: "North"};
const $ = sel => document.querySelector(sel);
const el = (tag, attrs, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.appendChild(typeof k === "string" ? document.createTextNode(k) : k);
  return e;
};

const state = {info: null, variant: "spanish", lang: "en", options: {}, also: new Set(), locked: false, offline: false};

// a request that never reached the server (Wi-Fi gone, server stopped): status 0 and this one message
const UNREACHABLE = "cannot reach the laptop running mjscore serve: check the Wi-Fi and that it is still running; " +
  "nothing was saved";

// what this phone cannot do now, said at the top of the page: the laptop out of reach (the page shown is the
// copy kept on the phone, sw.js), and over plain HTTP what a browser allows only in a secure context
const OFFLINE = "The laptop running mjscore serve cannot be reached: this is the page kept on this phone. " +
  "Scoring and saving need the laptop: check the Wi-Fi and that mjscore serve still runs.";
const INSECURE = "Plain HTTP: this phone cannot keep the page for use without the laptop, install it or keep " +
  "the screen awake. Start mjscore serve with --cert and --key for those.";

function showStatus() {
  const lines = [];
  if (state.offline) lines.push(OFFLINE);
  if (!window.isSecureContext) lines.push(INSECURE);
  const box = $("#status");
  box.innerHTML = "";
  for (const l of lines) box.appendChild(el("p", {class: l === OFFLINE ? "offline" : "insecure", text: l}));
}

function reached(yes) {
  if (state.offline === !yes) return;
  state.offline = !yes;
  showStatus();
}

async function post(url, body, method) {
  let r;
  try {
    r = await fetch(url, {method: method || "POST", headers: {"Content-Type": "application/json"},
                          body: body === undefined ? undefined : JSON.stringify(body)});
  } catch (e) {  // fetch fails only at the network level; the console's "Failed to fetch" says nothing to a player
    reached(false);
    return {ok: false, status: 0, data: {error: UNREACHABLE}};
  }
  reached(!r.headers.get("X-Mjscore-Offline"));  // the phone's kept copy answered, not the laptop
  let data;
  try { data = await r.json(); } catch (e) { data = {error: "the server answered " + r.status}; }
  return {ok: r.ok, status: r.status, data: data};
}

// --- segmented buttons (seat, round, how the tile came) -------------------------------------
function seg(id, onChange) {
  const box = document.getElementById(id);
  const choices = box.dataset.choices.split(" ");
  const labels = box.dataset.labels ? box.dataset.labels.split(" ") : [];  // "_" stands for a space
  box.setAttribute("role", "group");  // a named group of buttons, the chosen one pressed
  const lbl = box.parentElement && box.parentElement.querySelector(".lbl");
  if (lbl && !box.hasAttribute("aria-label")) box.setAttribute("aria-label", lbl.textContent);
  box.innerHTML = "";
  choices.forEach((c, i) => {
    const text = labels[i] ? labels[i].replace(/_/g, " ") : (c === "-" ? "none" : c);
    const b = el("button", {type: "button", "data-value": c, text: text});
    b.addEventListener("click", () => { setSeg(id, c); onChange && onChange(c); });
    box.appendChild(b);
  });
  setSeg(id, box.dataset.value);
}
function setSeg(id, value) {
  const box = document.getElementById(id);
  box.dataset.value = value;
  for (const b of box.children) {
    b.classList.toggle("on", b.dataset.value === value);
    b.setAttribute("aria-pressed", b.dataset.value === value ? "true" : "false");
  }
}
const segValue = id => document.getElementById(id).dataset.value;

// --- tabs --------------------------------------------------------------------------------------
function showTab(name) {
  for (const b of document.querySelectorAll("nav.tabs button")) {
    b.classList.toggle("on", b.dataset.tab === name);
    b.setAttribute("aria-selected", b.dataset.tab === name ? "true" : "false");
  }
  for (const s of document.querySelectorAll("section.tab")) s.classList.toggle("on", s.id === "tab-" + name);
  if (name === "game" && window.Games) window.Games.refresh();
}

// --- the variant and its house options ---------------------------------------------------------
function variantInfo() { return state.info.variants.find(v => v.variant === state.variant); }

function renderOptions() {
  const box = $("#options");
  box.innerHTML = "";
  const v = variantInfo();
  for (const [key, o] of Object.entries(v.options)) {
    let input;
    const current = key in state.options ? state.options[key] : o.default;
    if (o.choices && o.choices.length) {
      input = el("select", {name: key});
      for (const c of o.choices) input.appendChild(el("option", {value: String(c), text: String(c)}));
      input.value = String(current);
    } else if (o.type === "bool") {
      input = el("input", {type: "checkbox", name: key});
      input.checked = !!current;
    } else {
      input = el("input", {type: "text", name: key, inputmode: o.type === "int" ? "numeric" : "text"});
      input.value = current === null ? "" : String(current);
    }
    input.addEventListener("change", () => {
      const value = input.type === "checkbox" ? input.checked : input.value;
      if (String(value) === String(o.default)) delete state.options[key]; else state.options[key] = value;
      if (window.Games) window.Games.variantChanged();
      if (window.Deal) window.Deal.variantChanged();  // (riichi: the red fives these options have)
      editor.offerRed(window.Riichi.redFives(state.options));
      window.Riichi.handShown(state.options);
      changed();
    });
    input.disabled = !!state.locked;
    // the option in plain words, its help on screen (phones show no tooltips); the key as --option takes it below
    const words = key.replace(/_/g, " ").replace(/^./, c => c.toUpperCase());
    const help = el("small", {class: "help", text: (o.help || "") + ` (--option ${key})`});
    box.appendChild(el("label", {class: "option"}, input, " " + words, help));
  }
  alsoBoxes($("#also"), state.also, changed);
  editor.offerBonus(v.flowers);
  editor.offerRed(window.Riichi.redFives(state.options));  // riichi's red fives on the pad, as its options have them
  window.Riichi.handShown(state.options);  // riichi: the indicators and counters a hand is scored with
  if (window.Deal) window.Deal.variantChanged();
  if (window.Games) window.Games.variantChanged();
}

// a game's variant and house options in force (a game is scored by its own): the header says them; `locked`
// while one of its deals is entered, the variant and options are the game's, not to be changed for that deal
function useVariant(variant, options, locked) {
  const sel = $("#variant");
  if (state.variant !== variant || JSON.stringify(state.options) !== JSON.stringify(options)) {
    state.variant = variant; state.options = Object.assign({}, options);
    sel.value = variant;
    renderOptions(); changed();
  }
  if (locked !== undefined) {
    state.locked = locked;
    sel.disabled = locked;
    sel.title = locked ? "the game's rules: a deal of a game is scored by them" : "";
    for (const input of $("#options").querySelectorAll("input, select")) input.disabled = locked;
  }
}

// the --also words the variant's table knows, as checkboxes (with what each means); `chosen` keeps only those
function alsoBoxes(box, chosen, onChange, leaveOut) {
  const words = variantInfo().also;
  for (const w of Array.from(chosen)) if (!(w in words)) chosen.delete(w);
  box.innerHTML = "";
  for (const [word, help] of Object.entries(words)) {
    if (leaveOut && leaveOut.includes(word)) continue;
    const cb = el("input", {type: "checkbox", value: word});
    cb.checked = chosen.has(word);
    cb.addEventListener("change", () => { cb.checked ? chosen.add(word) : chosen.delete(word); onChange(); });
    box.appendChild(el("label", {class: "option"}, cb, " " + word, el("small", {class: "help", text: help})));
  }
  box.closest("details").hidden = !Object.keys(words).length;
}

// --- the hand tab: scored as it is tapped ------------------------------------------------------
let editor, scoreSeq = 0, scoreTimer = null;

function changed() {
  clearTimeout(scoreTimer);
  scoreTimer = setTimeout(scoreNow, 120);
  if (window.Deal) window.Deal.changed();
}

function scoreRequest() {
  const req = {hand: editor.notation(), variant: state.variant, seat: segValue("seat"), round: segValue("round"),
               win: editor.win, from: segValue("from"), also: Array.from(state.also), options: state.options,
               lang: state.lang};
  if (req.from === "discard") delete req.from;  // the default, not a choice (as --from left out: heaven needs none)
  const done = $("#win-set").value.trim();  // the set the winning tile completed (--win-set); empty: the best
  if (done) req.win_set = done;
  return Object.assign(req, window.Riichi.handData());  // riichi: --dora, --ura, --honba, --sticks
}

async function scoreNow() {
  const box = $("#result");
  const req = scoreRequest();
  const live = $("#live");
  const seq = ++scoreSeq;
  if (!req.hand.trim() || editor.halfSet()) {  // nothing, or a set half entered: no value, no error (the count says)
    box.innerHTML = ""; box.dataset.state = "empty"; live.textContent = ""; return;
  }
  const r = await post("/api/score", req);
  if (seq !== scoreSeq) return;  // an older answer arriving late
  // the laptop's reading: a winning shape or not; the best winning tile when none is marked (shown in the hand)
  editor.setVerdict(r.ok ? r.data.mahjong : null, r.ok && !req.win && r.data.mahjong ? r.data.win : null);
  box.innerHTML = "";
  box.dataset.state = r.ok ? "scored" : "error";
  box.appendChild(r.ok ? scoreView(r.data) : errorView(r.data));
  // the value stays in sight while tiles are tapped (the itemised table is further down)
  // (riichi: what is paid, as its players say it: "30 fu 3 han: 3900")
  live.textContent = !r.ok ? "" : r.data.cost && r.data.mahjong ? hanFuLine(r.data).split(" (total")[0].split(";")[0] :
    `value ${r.data.value}` + (r.data.mahjong ? " (mah jong)" : " (not mah jong)");
  live.classList.toggle("bad", !r.ok);
}

function errorView(data) {
  const box = el("div", {class: "error", role: "alert"}, el("p", {text: data.error || "error"}));
  if (data.details && data.details.length) box.appendChild(el("pre", {text: data.details.join("\n")}));
  if (data.hint) box.appendChild(el("p", {class: "hint", text: data.hint}));
  return box;
}

function fraction(f) { return Number.isInteger(f) ? String(f) : String(+f.toFixed(6)); }

function situationLine(s) {
  const parts = ["seat " + s.seat, "round " + s.round];
  if (s.mahjong) {
    parts.push(s.win ? "won on " + s.win + " from " + s.from + (s.win_set ? ", completing " + s.win_set : "") : "no winning tile");
    parts.push(...s.also);
  }
  return parts.join(", ");
}

// the CLI's last lines (mjscore score): how the value is reached
function calcLine(s) {
  const extras = s.items.filter(i => i.extra);
  const extraSum = extras.reduce((n, i) => n + i.extra, 0);
  if (s.limit_hand) {
    const base = Math.round(s.limit_fraction * s.limit);
    if (s.doubles) return `limit hand: ${s.limit_hand}, ${fraction(s.limit_fraction)} x limit ${s.limit} = ${base}, ` +
      `doubles kept ${s.doubles}: ${base} x 2^${s.doubles} = ${base * 2 ** s.doubles}, final value ${s.value}`;
    return `limit hand: ${s.limit_hand}, ${fraction(s.limit_fraction)} x limit ${s.limit} = ${s.value}`;
  }
  const uncapped = s.points * 2 ** s.doubles;
  let calc = `base points ${s.points}, doubles ${s.doubles}: ${s.points} x 2^${s.doubles} = ${uncapped}`;
  if (s.limit !== null && uncapped > s.limit && !s.options.roof_off) calc += `, capped at the limit ${s.limit}`;
  else if (s.value - extraSum !== uncapped) calc += `, final value ${s.value - extraSum}`;
  if (extras.length) calc += `, + ${extras[0].extra} (${extras[0].rule})`;
  return calc;
}

// a riichi hand's value as `mjscore score` says it: "30 fu 3 han: 3900", "20 fu 4 han: 1300/2600 (total 5200)",
// "2600 all (total 7800)", "yakuman (Daisangen): 32000"; with what honba and riichi sticks add
function hanFuLine(h) {
  const c = h.cost;
  const paid = "discarder" in c ? String(c.discarder) : "each" in c ? `${c.each} all` : `${c.non_dealer}/${c.dealer}`;
  const what = h.limit_hand ? `${h.tier} (${h.limit_hand})` : `${h.fu} fu ${h.han} han` + (h.tier ? `, ${h.tier}` : "");
  return `${what}: ${paid}` + (paid.includes("/") || paid.includes("all") ? ` (total ${c.total})` : "") +
    (c.with_honba_and_sticks !== c.total ? `; with honba and riichi sticks ${c.with_honba_and_sticks}` : "");
}

function scoreView(s) {
  const v = variantInfo();
  const box = el("div", {class: "score"});
  // (riichi: a hand's value is its base points, what is paid follows from them: the last line says it)
  box.appendChild(el("div", {class: "value"}, el("span", {text: s.cost ? "base points " : "value "}),
    el("strong", {id: "value", text: String(s.value)})));
  box.appendChild(el("p", {class: "head", text: `${s.variant}: ${s.hand}  (${situationLine(s)})`}));
  if (s.arrangement.length)
    box.appendChild(el("p", {text: "arrangement: " + s.arrangement.join(" ") + (s.mahjong ? "  (mah jong)" : "  (not mah jong)")}));
  if (s.items.length) {
    // the CLI's columns; on a phone the tiles and the rulebook's rule go under the rule's name
    const cited = s.items.some(i => i.cite);
    const heads = [cited ? "rule, tiles, rulebook" : "rule, tiles", s.cost ? "fu" : "points", s.cost ? "han" : "doubles",
                   "limit/extra"];  // (riichi: points are fu, doubles han)
    const t = el("table", {class: "items"}, el("thead", {}, el("tr", {}, ...heads.map((h, n) => el("th", {class: n ? "num" : "", text: h})))));
    const body = el("tbody");
    for (const i of s.items) {
      const le = i.limit ? fraction(i.limit) + " limit" : (i.extra ? "+" + i.extra : "");
      const first = el("td", {}, el("span", {class: "rule", text: i.name ? i.name + (i.name_lang ? " *" : "") : i.rule}));
      if (i.tiles) first.appendChild(el("span", {class: "tiles", text: i.tiles}));
      if (i.cite) first.appendChild(el("span", {class: "cite", text: i.cite}));
      // data-label: on a narrow screen a row is a card and each number says what it is (app.css)
      body.appendChild(el("tr", {}, first, el("td", {class: "num", "data-label": heads[1], text: i.points ? String(i.points) : ""}),
        el("td", {class: "num", "data-label": heads[2], text: i.doubles ? String(i.doubles) : ""}),
        el("td", {class: "num", "data-label": i.extra && !i.limit ? "extra" : "", text: le})));
    }
    t.appendChild(body);
    box.appendChild(el("div", {class: "scroll"}, t));
  }
  // riichi: fu and han and what is paid, as its players say it (the CLI's last line), not points and doubles
  box.appendChild(el("p", {class: "calc", text: s.cost ? `${hanFuLine(s)}; base points ${s.value}` : calcLine(s)}));
  for (const n of s.notes) box.appendChild(el("p", {class: "note", text: "note: " + n}));
  if (v) box.appendChild(el("p", {class: "source", text: "rules: " + v.title + (v.source ? " — " + v.source : "")}));
  return box;
}

// --- start -------------------------------------------------------------------------------------
async function start() {
  showStatus();
  // the offline shell: only in a secure context (HTTPS with --cert, or the laptop itself); over HTTP the status says
  // so. Its copy of the page's 50 files is made once the page is in use, not while it first draws
  if ("serviceWorker" in navigator && window.isSecureContext) {
    setTimeout(() => navigator.serviceWorker.register("/sw.js").catch(() => {}), 3000);
  }
  const r = await post("/api/variants", undefined, "GET");
  if (!r.ok) { document.body.prepend(errorView(r.data)); return; }
  state.info = r.data;
  const saved = localStorage.getItem("mjscore.variant");
  state.variant = r.data.variants.some(v => v.variant === saved) ? saved : r.data.default;
  const sel = $("#variant");
  for (const v of r.data.variants) sel.appendChild(el("option", {value: v.variant, text: v.variant}));
  sel.value = state.variant;
  sel.addEventListener("change", () => {
    state.variant = sel.value; state.options = {};
    localStorage.setItem("mjscore.variant", sel.value);
    renderOptions(); changed();
  });
  const langSel = $("#lang");  // the names of items, as --lang: English, or the rulebook's own words
  state.lang = localStorage.getItem("mjscore.lang") || "en";
  langSel.value = state.lang;
  langSel.addEventListener("change", () => {
    state.lang = langSel.value; localStorage.setItem("mjscore.lang", langSel.value); changed();
  });
  for (const b of document.querySelectorAll("nav.tabs button")) b.addEventListener("click", () => showTab(b.dataset.tab));
  for (const id of ["seat", "round", "from"]) seg(id, changed);
  $("#win-set").addEventListener("input", changed);
  editor = new HandEditor($("#hand-editor"), changed);
  window.Riichi.startHand(changed);
  renderOptions();
  if (window.Deal) window.Deal.start();
  if (window.Games) window.Games.start();
  document.body.dataset.ready = "1";
}

window.App = {state, post, el, seg, setSeg, segValue, errorView, scoreView, showTab, SEAT_NAMES, variantInfo, alsoBoxes,
              useVariant, hanFuLine};
document.addEventListener("DOMContentLoaded", start);
