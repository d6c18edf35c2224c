"use strict";
// A hand entered by tapping tiles, kept as the notation of docs (e.g. "[555p] 123m 789s SSS NN").
// The editor holds exposed sets, declared concealed kongs, kongs claimed onto a concealed pung (<6666m>, typed
// only), free concealed tiles and bonus tiles;
// the notation field shows the string and can be typed or pasted (it is then read back, best effort:
// what it cannot read is still sent to the server, which says what is wrong in the CLI's words).

// the tiles' names, pictures and notation are tiles.js's (loaded first)

class HandEditor {
  constructor(root, onChange, opts) {
    this.root = root;
    this.onChange = onChange;
    this.opts = opts || {};
    this.sets = [];      // {kind: "exposed"|"kong"|"claimed", tiles: [...]}
    this.free = [];      // concealed tiles
    this.bonus = [];     // flowers and seasons
    this.win = null;     // the winning tile's name
    this.best = null;    // the best winning tile the laptop found (none marked), shown and taken with one tap
    this.mahjong = null; // whether the laptop read the hand as a winning shape (null: not asked)
    this.mode = "free";
    this.typed = null;   // text typed that the editor could not read
    this.text = null;    // text typed that it could read, kept as typed until the next tap
    this.history = [];   // the part each tap went to
    this.red = 0;        // red fives per suit the variant's options have (riichi: 1); none offered at 0
    this.build();
  }

  build() {
    const r = this.root;
    r.classList.add("editor");
    r.innerHTML = "";
    this.shown = document.createElement("div");
    this.shown.className = "hand";
    this.shown.setAttribute("role", "group");
    this.shown.setAttribute("aria-label", "the hand: tap a tile to take it out");
    r.appendChild(this.shown);
    this.countLine = document.createElement("div");  // a line, not a paragraph set in bold (axe: p-as-heading)
    this.countLine.className = "count";
    this.countLine.setAttribute("aria-live", "polite");
    r.appendChild(this.countLine);
    this.winRow = document.createElement("div");
    this.winRow.className = "winrow";
    this.winRow.setAttribute("role", "group");
    this.winRow.setAttribute("aria-label", "the winning tile");
    r.appendChild(this.winRow);
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = this.opts.indicators ? "Tap the indicator tiles below as they lie on the wall; tap one above to take it out." :
      "Tap a tile of the hand to take it out; tap the tile it was won on in the row \"Won on\".";
    r.appendChild(hint);
    const modes = document.createElement("div");
    modes.className = "modes";
    modes.setAttribute("role", "group");
    modes.setAttribute("aria-label", "how the next tiles are laid");
    const modeList = this.opts.indicators ? [] :  // indicator tiles are tiles, not sets
      [["free", "Concealed"], ["exposed", "Exposed set [\u00a0]"], ["kong", "Concealed kong {\u00a0}"]];
    for (const [mode, label] of modeList) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.mode = mode;
      b.addEventListener("click", () => { this.mode = mode; this.render(); });
      modes.appendChild(b);
    }
    for (const [act, label] of [["back", "⌫ Undo tile"], ["clear", "Clear"]]) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.act = act;
      b.addEventListener("click", () => (act === "back" ? this.back() : this.clear()));
      modes.appendChild(b);
    }
    r.appendChild(modes);
    this.modes = modes;
    const picker = document.createElement("div");
    picker.className = "picker";
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", "tiles to add");
    for (const group of [SUITS.map(s => [1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => n + s)), [HONOURS], [RED], [BONUS]].flat()) {
      const row = document.createElement("div");
      row.className = "pickrow" + (group === RED ? " red" : "");
      if (group === RED) { row.hidden = true; row.setAttribute("aria-label", "red fives"); row.setAttribute("role", "group"); }
      for (const t of group) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "tilebtn";
        b.dataset.tile = t;
        b.setAttribute("aria-label", tileName(t));
        const img = tileImg(t);
        delete img.dataset.tile;
        img.alt = "";
        b.appendChild(img);
        b.addEventListener("click", () => this.tap(t));
        row.appendChild(b);
      }
      picker.appendChild(row);
    }
    r.appendChild(picker);
    this.picker = picker;
    if (this.opts.indicators) this.offerBonus(false);  // dora indicators are never flowers or seasons
    const label = document.createElement("label");
    label.className = "notation";
    label.textContent = "Notation ";
    this.input = document.createElement("input");
    this.input.type = "text";
    this.input.autocomplete = "off";
    this.input.spellcheck = false;
    this.input.setAttribute("autocapitalize", "off");
    this.input.placeholder = "[555p] 123m 789s SSS NN";
    this.input.addEventListener("input", () => this.setNotation(this.input.value, true));
    label.appendChild(this.input);
    r.appendChild(label);
    this.render();
  }

  buttons() { return this.picker.querySelectorAll(".tilebtn"); }

  count(t) {
    let n = this.free.filter(x => x === t).length + this.bonus.filter(x => x === t).length;
    for (const s of this.sets) n += s.tiles.filter(x => x === t).length;
    return n;
  }

  // red fives offered (riichi, `red_fives` per suit) or not (0): one typed is still sent, the laptop says why not
  offerRed(n) {
    this.red = n;
    this.picker.querySelector(".pickrow.red").hidden = !n;
    this.render();
  }

  // tiles as a hand counts them (a kong counts 3, flowers and seasons not at all)
  size() {
    return this.free.length + this.sets.reduce((n, s) => n + (s.tiles.length === 4 ? 3 : s.tiles.length), 0);
  }

  // an exposed set begun but not finished: nothing is scored until it is (no error for a set half entered)
  halfSet() {
    return this.typed === null && this.sets.some(s => s.kind === "exposed" && !finishedSet(s.tiles));
  }

  // no more of this tile can be tapped: four of a kind (a red five and the plain fives of its suit together), one
  // flower or season, as many red fives as the options have
  full(t) {
    if (isBonus(t)) return this.count(t) >= 1;
    if (plain(t) !== t || t[0] === "5") {
      const fives = this.count("5" + t[1]) + this.count("0" + t[1]);
      return fives >= 4 || (t[0] === "0" && this.count(t) >= this.red);
    }
    return this.count(t) >= 4;
  }

  tap(t) {
    if (this.full(t)) return;
    this.typed = null;
    let kind = this.mode;
    if (isBonus(t)) { this.bonus.push(t); kind = "bonus"; }
    else if (this.mode === "kong") {
      if (this.count(t) > 0) return;  // a declared kong takes all four
      this.sets.push({kind: "kong", tiles: [t, t, t, t]});
      this.mode = "free";  // one kong a tap; the next tiles are concealed again
    } else if (this.mode === "exposed") {
      const last = this.sets.length ? this.sets[this.sets.length - 1] : null;
      const open = last && last.kind === "exposed" && !last.closed &&
        (last.tiles.length < 3 || (last.tiles.length === 3 && last.tiles.every(x => x === t)));
      if (open) last.tiles.push(t);
      else this.sets.push({kind: "exposed", tiles: [t]});
      const set = open ? last : this.sets[this.sets.length - 1];
      if (finishedSet(set.tiles)) {  // the set is laid: the next tiles are concealed (tap "Exposed" for another)
        set.tiles.sort((a, b) => ORDER[a] - ORDER[b]);
        this.mode = "free";
      }
    } else this.free.push(t);
    this.history.push(kind);
    this.changed();
  }

  // a tap on a tile of the hand: it is taken out (a declared kong as a whole)
  remove(where, index) {
    if (where === "free") {
      const sorted = this.free.slice().sort((a, b) => ORDER[a] - ORDER[b]);
      this.free.splice(this.free.indexOf(sorted[index]), 1);
    } else if (where === "bonus") this.bonus.splice(index, 1);
    else {
      const [n, i] = where;
      const set = this.sets[n];
      if (set.kind === "kong") this.sets.splice(n, 1);
      else {
        set.tiles.splice(i, 1);
        this.sets.splice(n, 1);
        if (set.tiles.length) {  // what is left of the set is the one being entered: tap its missing tile
          set.closed = false; set.kind = "exposed"; this.sets.push(set); this.mode = "exposed";
        }
      }
    }
    this.typed = null;
    this.history = this.replay();
    this.changed();
  }

  // "undo tile" takes back the last tap
  back() {
    const what = this.history.pop();
    if (what === "bonus") this.bonus.pop();
    else if (what === "free") this.free.pop();
    else if (what && this.sets.length) {
      const last = this.sets[this.sets.length - 1];
      if (last.kind === "exposed" && last.tiles.length > 1) last.tiles.pop(); else this.sets.pop();
    }
    this.typed = null;
    this.changed();
  }

  clear() {
    this.sets = []; this.free = []; this.bonus = []; this.win = null; this.typed = null; this.history = [];
    this.mode = "free";
    this.changed();
  }

  // after typing: the taps that would have built the hand, so that "undo tile" goes on working
  replay() {
    const h = [];
    for (const s of this.sets) for (let i = 0; i < (s.kind === "exposed" ? s.tiles.length : 1); i++) h.push(s.kind);
    for (const t of this.free) h.push("free");
    for (const t of this.bonus) h.push("bonus");
    return h;
  }

  changed() {
    this.text = null;
    if (this.win && this.count(this.win) === 0) this.win = null;
    this.best = null; this.mahjong = null;  // the laptop's reading was of the hand before
    this.input.value = this.notation();
    this.render();
    this.onChange(this);
  }

  notation() {
    if (this.typed !== null) return this.typed;
    if (this.text !== null) return this.text;
    const parts = this.sets.map(s => {
      const ends = s.kind === "kong" ? "{}" : s.kind === "claimed" ? "<>" : "[]";
      return ends[0] + writeTiles(s.tiles) + ends[1];
    });
    const free = this.free.slice().sort((a, b) => ORDER[a] - ORDER[b]);
    for (const suit of SUITS) {
      const group = free.filter(t => suitOf(t) === suit);
      if (group.length) parts.push(writeTiles(group));
    }
    for (const h of HONOURS) {  // honours by kind: "SSS NN"
      const group = free.filter(t => t === h);
      if (group.length) parts.push(group.join(""));
    }
    if (this.bonus.length) parts.push(this.bonus.join(" "));
    return parts.join(" ");
  }

  // Read typed text into the editor; text it cannot read stays as typed and is sent as it is.
  setNotation(text, fromTyping) {
    const sets = [], free = [], bonus = [];
    let ok = true;
    for (const group of text.trim().split(/\s+/).filter(Boolean)) {
      const open = group[0], close = group[group.length - 1];
      const kind = {"[]": "exposed", "{}": "kong", "<>": "claimed"}[open + close];
      const inner = kind ? group.slice(1, -1) : group;
      const tiles = readTiles(inner);
      if (!tiles) { ok = false; break; }
      if (kind) sets.push({kind: kind, tiles: tiles, closed: true});
      else for (const t of tiles) (isBonus(t) ? bonus : free).push(t);
    }
    if (ok) {
      this.sets = sets; this.free = free; this.bonus = bonus; this.typed = null;
      this.text = text.trim().split(/\s+/).join(" ");
      this.history = this.replay();
    } else this.typed = text;
    if (this.win && (this.typed !== null || this.count(this.win) === 0)) this.win = null;
    this.best = null; this.mahjong = null;
    if (!fromTyping) this.input.value = this.notation();
    this.render();
    this.onChange(this);
  }

  // a variant without flowers and seasons (spanish): their tiles are not offered (one typed is still sent, and
  // the laptop says the variant has none)
  offerBonus(yes) {
    yes = yes && !this.opts.indicators;
    for (const b of this.buttons()) if (isBonus(b.dataset.tile)) b.hidden = !yes;
    this.picker.lastChild.hidden = !yes;
  }

  // a tap in the row "Won on": marks that tile the winning tile, or un-marks it
  setWin(t) {
    this.markWin(this.win === t ? null : t);
  }

  // the winning tile set (a deal loaded, never a toggle: loading twice keeps it); null: none marked
  markWin(t) {
    this.win = t && this.count(t) > 0 ? t : null;
    this.render();
    this.onChange(this);
  }

  // what the laptop made of the hand as it is: a winning shape or not, and (no tile marked) the best winning tile
  setVerdict(mahjong, best) {
    this.mahjong = mahjong;
    this.best = best && !this.win && this.count(best) > 0 ? best : null;
    this.render();
  }

  // the tile count, before any value: what the hand is
  countText() {
    const n = this.size();
    if (this.opts.indicators) return ["", this.typed === null && n ? `${n} indicator${n === 1 ? "" : "s"}` : ""];
    if (this.typed !== null || (!n && !this.bonus.length)) return ["", ""];
    if (this.halfSet()) return ["half", `${n} tiles; an exposed set is half entered: tap its other tiles`];
    const kongs = this.sets.some(s => s.tiles.length === 4) ? " (a kong counts 3)" : "";
    if (n < 14) return ["short", `${n} of 14 tiles${kongs}`];
    if (n > 14) return ["long", `${n} tiles: long, a winning hand has 14${kongs}`];
    if (this.mahjong === false) return ["nowin", `14 tiles${kongs}: not a winning shape`];
    if (this.mahjong === true) return ["complete", `14 of 14${kongs}: complete, a winning hand`];
    return ["full", `14 of 14 tiles${kongs}`];
  }

  render() {
    for (const b of this.modes.querySelectorAll("[data-mode]")) {
      b.classList.toggle("on", b.dataset.mode === this.mode);
      b.setAttribute("aria-pressed", b.dataset.mode === this.mode ? "true" : "false");
    }
    for (const b of this.buttons()) b.disabled = this.full(b.dataset.tile);
    const [state, text] = this.countText();
    this.countLine.textContent = text;
    this.countLine.dataset.state = state;
    const shown = this.shown;
    shown.innerHTML = "";
    this.winRow.innerHTML = "";
    if (this.typed !== null) {
      const p = document.createElement("span");
      p.className = "typed";
      p.textContent = this.typed;
      shown.appendChild(p);
      return;
    }
    const marked = this.win || this.best;
    let winShown = false;
    const add = (group, t, where, index) => {
      const mark = !winShown && t === marked;
      if (mark) winShown = true;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "handtile" + (mark ? (this.win ? " win" : " best") : "");
      b.dataset.tile = t;
      b.setAttribute("aria-label", "take out " + tileName(t) + (mark ? (this.win ? ", the winning tile" : ", the best winning tile") : ""));
      const img = tileImg(t);
      delete img.dataset.tile;
      img.alt = "";
      b.appendChild(img);
      b.addEventListener("click", () => this.remove(where, index));
      group.appendChild(b);
    };
    const groups = this.sets.map((s, n) => ({cls: s.kind, tiles: s.tiles, where: i => [n, i]}));
    const free = this.free.slice().sort((a, b) => ORDER[a] - ORDER[b]);
    if (free.length) groups.push({cls: "free", tiles: free, where: () => "free"});
    if (this.bonus.length) groups.push({cls: "bonus", tiles: this.bonus, where: () => "bonus"});
    for (const g of groups) {
      const box = document.createElement("span");
      box.className = "group " + g.cls;
      g.tiles.forEach((t, i) => add(box, t, g.where(i), i));
      shown.appendChild(box);
    }
    if (!groups.length) {
      const p = document.createElement("span");
      p.className = "empty";
      p.textContent = this.opts.emptyText || "Tap the tiles below.";  // (an indicator row says none yet)
      shown.appendChild(p);
    }
    // the row "Won on": each kind of tile in the hand once, the best one said so; one tap marks it
    const kinds = KINDS.filter(t => this.count(t) > 0);
    if (!kinds.length || this.opts.noWin || this.opts.indicators) return;
    const lbl = document.createElement("span");
    lbl.className = "lbl";
    lbl.textContent = "Won on";
    this.winRow.appendChild(lbl);
    for (const t of kinds) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "wintile" + (t === this.win ? " win" : "") + (t === this.best ? " best" : "");
      b.dataset.tile = t;
      b.setAttribute("aria-pressed", t === this.win ? "true" : "false");
      b.setAttribute("aria-label", "won on " + tileName(t) + (t === this.best ? ", the best" : ""));
      const img = tileImg(t);
      delete img.dataset.tile;
      img.alt = "";
      b.appendChild(img);
      if (t === this.best) {
        const star = document.createElement("span");
        star.className = "star";
        star.textContent = "best";
        b.appendChild(star);
      }
      b.addEventListener("click", () => this.setWin(t));
      this.winRow.appendChild(b);
    }
  }
}

window.HandEditor = HandEditor;
window.tileImg = tileImg;
window.tileName = tileName;
