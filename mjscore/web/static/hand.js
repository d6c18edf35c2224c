"use strict";
// A hand entered by tapping tiles, kept as the notation of docs (e.g. "[555p] 123m 789s SSS NN").
// The editor holds exposed sets, declared concealed kongs, kongs claimed onto a concealed pung (<6666m>, typed
// only), free concealed tiles and bonus tiles;
// the notation field shows the string and can be typed or pasted (it is then read back, best effort:
// what it cannot read is still sent to the server, which says what is wrong in the CLI's words).

const SUITS = ["m", "p", "s"];
const HONOURS = ["E", "S", "W", "N", "R", "G", "P"];
const BONUS = ["1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y"];
const KINDS = [].concat(...SUITS.map(s => [1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => n + s)), HONOURS);
const ORDER = Object.fromEntries(KINDS.concat(BONUS).map((t, i) => [t, i]));

function isBonus(t) { return t.length === 2 && (t[1] === "f" || t[1] === "y"); }
function suitOf(t) { return t.length === 2 ? t[1] : "z"; }

function tileImg(name, extra) {
  const img = document.createElement("img");
  img.src = "/static/tiles/" + name + ".svg";
  img.alt = name;
  img.className = "tile" + (extra ? " " + extra : "");
  img.dataset.tile = name;
  return img;
}

// "555p" "EEE" "1m2m" -> ["5p","5p","5p"], ...; null when the text is not plain tiles.
function readTiles(text) {
  const out = [];
  const re = /(\d+)([mpsfy])|([ESWNRGP])/gy;
  let m, at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    m = re.exec(text);
    if (!m) return null;
    if (m[3]) out.push(m[3]);
    else for (const d of m[1]) out.push(d + m[2]);
    at = re.lastIndex;
  }
  return out;
}

// Tiles of one group written compactly: suited tiles as digits + suit letter, honours as letters.
function writeTiles(tiles) {
  let out = "", run = "", runSuit = null;
  const flush = () => { if (run) out += run + runSuit; run = ""; runSuit = null; };
  for (const t of tiles) {
    if (t.length === 2) {
      if (runSuit !== t[1]) flush();
      runSuit = t[1]; run += t[0];
    } else { flush(); out += t; }
  }
  flush();
  return out;
}

class HandEditor {
  constructor(root, onChange, opts) {
    this.root = root;
    this.onChange = onChange;
    this.opts = opts || {};
    this.sets = [];      // {kind: "exposed"|"kong"|"claimed", tiles: [...]}
    this.free = [];      // concealed tiles
    this.bonus = [];     // flowers and seasons
    this.win = null;     // the winning tile's name
    this.mode = "free";
    this.typed = null;   // text typed that the editor could not read
    this.text = null;    // text typed that it could read, kept as typed until the next tap
    this.history = [];   // the part each tap went to
    this.build();
  }

  build() {
    const r = this.root;
    r.classList.add("editor");
    r.innerHTML = "";
    this.shown = document.createElement("div");
    this.shown.className = "hand";
    this.shown.setAttribute("aria-label", "the hand");
    r.appendChild(this.shown);
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = "Tap a tile of the hand to mark the winning tile.";
    r.appendChild(hint);
    const modes = document.createElement("div");
    modes.className = "modes";
    for (const [mode, label] of [["free", "Concealed"], ["exposed", "Exposed [ ]"], ["kong", "Concealed kong { }"]]) {
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
    for (const t of KINDS.concat(BONUS)) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tilebtn";
      b.dataset.tile = t;
      b.setAttribute("aria-label", t);
      const img = tileImg(t);
      delete img.dataset.tile;
      img.alt = "";
      b.appendChild(img);
      b.addEventListener("click", () => this.tap(t));
      picker.appendChild(b);
    }
    r.appendChild(picker);
    this.picker = picker;
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

  count(t) {
    let n = this.free.filter(x => x === t).length + this.bonus.filter(x => x === t).length;
    for (const s of this.sets) n += s.tiles.filter(x => x === t).length;
    return n;
  }

  tap(t) {
    if (this.count(t) >= (isBonus(t) ? 1 : 4)) return;
    this.typed = null;
    let kind = this.mode;
    if (isBonus(t)) { this.bonus.push(t); kind = "bonus"; }
    else if (this.mode === "kong") {
      if (this.count(t) > 0) return;  // a declared kong takes all four
      this.sets.push({kind: "kong", tiles: [t, t, t, t]});
    } else if (this.mode === "exposed") {
      const last = this.sets.length ? this.sets[this.sets.length - 1] : null;
      const open = last && last.kind === "exposed" && !last.closed &&
        (last.tiles.length < 3 || (last.tiles.length === 3 && last.tiles.every(x => x === t)));
      if (open) last.tiles.push(t);
      else this.sets.push({kind: "exposed", tiles: [t]});
    } else this.free.push(t);
    this.history.push(kind);
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
    if (!fromTyping) this.input.value = this.notation();
    this.render();
    this.onChange(this);
  }

  // a variant without flowers and seasons (spanish): their tiles are not offered (one typed is still sent, and
  // the laptop says the variant has none)
  offerBonus(yes) {
    for (const b of this.picker.children) if (isBonus(b.dataset.tile)) b.hidden = !yes;
  }

  // a tap on a tile of the hand: marks it the winning tile, or un-marks it
  setWin(t) {
    this.markWin(this.win === t ? null : t);
  }

  // the winning tile set (a deal loaded, never a toggle: loading twice keeps it); null: none marked
  markWin(t) {
    this.win = t && this.count(t) > 0 ? t : null;
    this.render();
    this.onChange(this);
  }

  render() {
    for (const b of this.modes.querySelectorAll("[data-mode]")) b.classList.toggle("on", b.dataset.mode === this.mode);
    for (const b of this.picker.children) {
      const t = b.dataset.tile;
      b.disabled = this.count(t) >= (isBonus(t) ? 1 : 4);
    }
    const shown = this.shown;
    shown.innerHTML = "";
    if (this.typed !== null) {
      const p = document.createElement("span");
      p.className = "typed";
      p.textContent = this.typed;
      shown.appendChild(p);
      return;
    }
    let winMarked = false;
    const add = (group, t) => {
      const mark = !winMarked && t === this.win;
      if (mark) winMarked = true;
      const img = tileImg(t, mark ? "win" : "");
      img.tabIndex = 0;
      img.setAttribute("role", "button");
      img.setAttribute("aria-pressed", mark ? "true" : "false");
      img.addEventListener("click", () => this.setWin(t));
      img.addEventListener("keydown", e => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.setWin(t); } });
      group.appendChild(img);
    };
    const groups = this.sets.map(s => ({cls: s.kind, tiles: s.tiles}));
    const free = this.free.slice().sort((a, b) => ORDER[a] - ORDER[b]);
    if (free.length) groups.push({cls: "free", tiles: free});
    if (this.bonus.length) groups.push({cls: "bonus", tiles: this.bonus});
    for (const g of groups) {
      const box = document.createElement("span");
      box.className = "group " + g.cls;
      for (const t of g.tiles) add(box, t);
      shown.appendChild(box);
    }
    if (!groups.length) {
      const p = document.createElement("span");
      p.className = "empty";
      p.textContent = this.opts.emptyText || "Tap the tiles below.";
      shown.appendChild(p);
    }
  }
}

window.HandEditor = HandEditor;
window.tileImg = tileImg;
