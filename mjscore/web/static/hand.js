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
    this.history = [];   // the hand before each change (JSON), for "Undo"
    this.current = null; // the set being entered: {mode, tiles, taps, inSets} (inSets: the last set, else the last free tiles)
    this.red = 0;        // red fives per suit the variant's options have (riichi: 1); none offered at 0
    this.build();
  }

  build() {
    const r = this.root;
    r.classList.add("editor");
    r.innerHTML = "";
    if (!this.opts.indicators) r.dataset.entry = "sets";  // entered by sets (docs/cli.md); indicators a tile a tap
    this.shown = document.createElement("div");
    this.shown.className = "hand";
    this.shown.setAttribute("role", "group");
    this.shown.setAttribute("aria-label", "the hand: tap a tile to take it out");
    this.winRow = document.createElement("div");
    this.winRow.className = "winrow";
    this.winRow.setAttribute("role", "group");
    this.winRow.setAttribute("aria-label", "the winning tile");
    // the hand in small tiles, its count, the modes and the common sets stay in sight while the pad scrolls
    // (the hand's own tiles, which take a tile out, and the row "Won on" are below the pad: pinned, their 44 px
    // buttons would hide the pad; above it, the pad would move down as the hand grows)
    const pinned = document.createElement("div");
    pinned.className = "pinned";
    r.appendChild(pinned);
    this.mini = document.createElement("div");
    this.mini.className = "mini";
    this.mini.setAttribute("aria-hidden", "true");  // the hand above says it to a screen reader
    pinned.appendChild(this.mini);
    this.countLine = document.createElement("div");  // a line, not a paragraph set in bold (axe: p-as-heading)
    this.countLine.className = "count";
    this.countLine.setAttribute("aria-live", "polite");
    pinned.appendChild(this.countLine);
    this.setLine = document.createElement("p");  // the set being entered, as it grows
    this.setLine.className = "setline";
    pinned.appendChild(this.setLine);
    const hint = document.createElement("p");
    hint.className = "hint";
    hint.textContent = this.opts.indicators ? "Tap the indicator tiles above as they lie on the wall; tap one below to take it out." :
      "A tap: a pung (the pair after four sets); the same tile again: a kong; a neighbour: a chow; a long press: a kong. " +
      "Tap a tile of the hand below to take it out; the best winning tile is taken unless you tap another in \"Won on\".";
    const modes = document.createElement("div");
    modes.className = "modes";
    modes.setAttribute("role", "group");
    modes.setAttribute("aria-label", "how the next sets are laid");
    const modeList = this.opts.indicators ? [] :  // indicator tiles are tiles, not sets
      [["free", "Concealed"], ["exposed", "Exposed"], ["tiles", "1 tile"]];
    for (const [mode, label] of modeList) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.mode = mode;
      // a tap on a mode also closes the set being entered (two neighbouring pungs: mode between them)
      b.addEventListener("click", () => { this.mode = mode; this.current = null; this.render(); });
      modes.appendChild(b);
    }
    const acts = (this.opts.indicators ? [] : [["pair", "Pair"], ["kong", "Kong"]]).concat([["back", "\u232b"], ["clear", "Clear"]]);
    const actButtons = {};
    for (const [act, label] of acts) {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.act = act;
      if (act === "back") b.setAttribute("aria-label", "\u232b undo");
      b.addEventListener("click", () => ({back: () => this.back(), clear: () => this.clear(), pair: () => this.resize(2),
                                          kong: () => this.resize(4)})[act]());
      actButtons[act] = b;
      if (act !== "clear") modes.appendChild(b);  // "Clear", rarer, below the pad: the pinned row stays one row
    }
    pinned.appendChild(modes);
    this.modes = modes;
    this.quick = document.createElement("div");  // the others' common scoring sets, one tap each (quickSets)
    this.quick.className = "quick";
    this.quick.setAttribute("role", "group");
    this.quick.setAttribute("aria-label", "common scoring sets, one tap each");
    pinned.appendChild(this.quick);
    this.pinned = pinned;
    const picker = document.createElement("div");
    picker.className = "picker";
    picker.setAttribute("role", "group");
    picker.setAttribute("aria-label", "tiles to add");
    for (const group of [[HONOURS], SUITS.map(s => [1, 2, 3, 4, 5, 6, 7, 8, 9].map(n => n + s)), [RED], [BONUS]].flat()) {
      const row = document.createElement("div");
      row.className = "pickrow" + (group === RED ? " red" : group === BONUS ? " bonusrow" : group === HONOURS ? " honours" : " suit");
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
        this.longPress(b, t);
        row.appendChild(b);
      }
      picker.appendChild(row);
    }
    r.appendChild(picker);
    const below = document.createElement("div");
    below.className = "below";
    below.append(actButtons.clear, hint);
    r.appendChild(below);
    r.appendChild(this.shown);
    r.appendChild(this.winRow);
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

  // a tap on a tile of the pad, or a long press (`kong`): one tile in the mode "One tile" (and on an indicator
  // row), a bonus tile as it is; else a set by the grammar of docs/cli.md ("The page"): a tap a pung (the pair
  // when the hand holds four sets), its tile again one more (a kong), a neighbour of a one-tap pung the chow of
  // the two, a long press a kong
  tap(t, kong) {
    if (this.full(t)) return;
    this.typed = null;
    this.remember();
    if (isBonus(t)) this.bonus.push(t);
    else if (this.mode === "tiles" || this.opts.indicators) { this.free.push(t); this.current = null; }
    else this.setTap(t, kong);
    this.changed();
  }

  setTap(t, kong) {
    const cur = this.current && this.current.mode === this.mode ? this.current : null;
    const same = cur && cur.tiles.every(x => plain(x) === plain(t));
    if (same && cur.tiles.length < 4) return this.grow(kong ? Array(4).fill(t) : cur.tiles.concat([t]));
    if (cur && !same && cur.tiles.length < 3 && !cur.tiles.every(x => x === cur.tiles[0])) {
      return this.grow(cur.tiles.concat([t]));  // a chow begun (what was left of one taken apart): its missing tile
    }
    const chow = cur && cur.taps === 1 && cur.tiles.length === 3 && same === false ? chowOf(cur.tiles[0], t) : null;
    if (chow) {
      this.dropCurrent();
      if (chow.every(x => !this.full(x))) { this.putCurrent(chow, cur.taps + 1); return; }
      this.putCurrent(cur.tiles, cur.taps);  // a tile of that chow is all out: a new set instead
    }
    const room = 14 - this.size();
    let n = kong ? 4 : Math.min(3, room === 1 || room === 2 ? room : 3);
    while (n > 1 && [...Array(n)].some((_, i) => this.count(t) + i >= 4)) n--;
    if (kong && n < 4) return;  // a kong needs all four
    this.current = null;
    this.putCurrent(Array(n).fill(t), 1);
  }

  // the set being entered, made `tiles` (a pung to a kong, a one-tap pung to a chow)
  grow(tiles) {
    const cur = this.current;
    this.dropCurrent();
    this.putCurrent(tiles, cur.taps + 1);
  }

  // "Pair" (2) and "Kong" (4): the set being entered, of one tile, made a pair or a kong
  resize(n) {
    const cur = this.current;
    if (!cur || !cur.tiles.every(x => plain(x) === plain(cur.tiles[0])) || cur.tiles.length === n) return;
    if (n > cur.tiles.length && this.count(cur.tiles[0]) + n - cur.tiles.length > 4) return;
    this.remember();
    this.grow(n < cur.tiles.length ? cur.tiles.slice(0, n) : cur.tiles.concat(Array(n - cur.tiles.length).fill(cur.tiles[0])));
    this.typed = null;
    this.changed();
  }

  // the set being entered is always the last laid: the last set, or the last concealed tiles
  dropCurrent() {
    const cur = this.current;
    if (!cur) return;
    if (cur.inSets) this.sets.pop(); else this.free.splice(this.free.length - cur.tiles.length);
    this.current = null;
  }

  putCurrent(tiles, taps) {
    const kong = tiles.length === 4 && tiles.every(x => plain(x) === plain(tiles[0]));
    const inSets = this.mode === "exposed" || kong;  // a concealed kong is declared: {XXXX}
    if (inSets) {
      this.sets.push({kind: this.mode === "exposed" ? "exposed" : "kong", closed: true,
                      tiles: tiles.slice().sort((a, b) => ORDER[a] - ORDER[b])});
    } else this.free.push(...tiles);
    this.current = {mode: this.mode, tiles: tiles.slice(), taps: taps, inSets: inSets};
  }

  // a touch held LONG_PRESS_MS on a pad's tile is a kong (its click then does nothing more); a short one a tap
  longPress(button, t) {
    let timer = null, pressed = false;
    const cancel = () => clearTimeout(timer);
    button.addEventListener("pointerdown", () => {
      pressed = false;
      cancel();
      if (this.mode === "tiles" || this.opts.indicators || isBonus(t)) return;
      timer = setTimeout(() => { pressed = true; this.tap(t, true); }, LONG_PRESS_MS);
    });
    for (const ev of ["pointerup", "pointerleave", "pointercancel"]) button.addEventListener(ev, cancel);
    button.addEventListener("contextmenu", e => e.preventDefault());  // a phone's long-press menu
    button.addEventListener("click", () => { if (pressed) pressed = false; else this.tap(t); });
  }

  // what "Undo" restores: the hand before each change
  remember() {
    this.history.push(JSON.stringify({sets: this.sets, free: this.free, bonus: this.bonus, current: this.current}));
  }

  // a tap on a tile of the hand: it is taken out (a declared kong as a whole); what is left of an exposed set
  // is the set being entered (its missing tile: one tap)
  remove(where, index) {
    this.remember();
    this.current = null;
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
        if (set.tiles.length) {
          set.kind = "exposed"; this.sets.push(set); this.mode = "exposed";
          this.current = {mode: "exposed", tiles: set.tiles.slice(), taps: 1, inSets: true};
        }
      }
    }
    this.typed = null;
    this.changed();
  }

  // "Undo" takes back the last change of the hand (after typing: the last tile or set)
  back() {
    const was = this.history.pop();
    if (was) Object.assign(this, JSON.parse(was));
    else if (this.bonus.length) this.bonus.pop();
    else if (this.free.length) this.free.pop();
    else this.sets.pop();
    this.typed = null;
    this.changed();
  }

  clear() {
    this.remember();
    this.sets = []; this.free = []; this.bonus = []; this.win = null; this.typed = null; this.current = null;
    this.mode = this.opts.firstMode || "free";
    this.changed();
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
    this.current = null;
    if (!text.trim()) this.mode = this.opts.firstMode || "free";  // an empty hand (a new deal): its first set
    if (ok) {
      this.sets = sets; this.free = free; this.bonus = bonus; this.typed = null;
      this.text = text.trim().split(/\s+/).join(" ");
      this.history = [];
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
    this.bonusOffered = yes;
    this.render();
  }

  // beside the pad, for a player's scoring sets: an exposed and a concealed pung of each dragon and of the
  // player's own wind, and the player's own flower and season, one tap each, whatever the mode (which stays on);
  // shown where the editor knows its seat
  renderQuick() {
    const seat = this.opts.seat ? this.opts.seat() : null;
    const box = this.quick;
    box.innerHTML = "";
    if (!seat || this.opts.indicators || this.typed !== null) return;
    const bonus = this.bonusOffered === false ? [] : ["f", "y"].map(k => (1 + "ESWN".indexOf(seat)) + k);
    const honours = ["R", "G", "P", seat];
    const rows = [honours.map(t => [t, "exposed"]).concat(bonus.map(t => [t, null])), honours.map(t => [t, "free"])];
    for (const items of rows) {
      const row = document.createElement("div");
      row.className = "quickrow";
      for (const [t, mode] of items) row.appendChild(this.quickButton(t, mode));
      box.appendChild(row);
    }
  }

  // one common set's button: a pung of `t` laid in `mode` (exposed or concealed: "free"), or a bonus tile
  quickButton(t, mode) {
    const set = !mode ? t : mode === "exposed" ? `[${t}${t}${t}]` : t + t + t;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "quickset";
    b.dataset.set = set;
    b.disabled = this.count(t) > (mode ? 1 : 0);
    b.title = !mode ? tileName(t) + " (own)" : (mode === "exposed" ? "exposed" : "concealed") + " pung of " + tileName(t);
    const img = tileImg(t);
    delete img.dataset.tile;
    b.appendChild(img);
    if (mode) b.appendChild(document.createTextNode(mode === "exposed" ? "[\u00d73]" : "\u00d73"));
    b.addEventListener("click", () => {
      const was = this.mode;
      this.current = null;
      if (mode) this.mode = mode;
      this.tap(t);
      this.mode = was; this.current = null;  // a set of its own: the next tap on the pad starts another
      this.render();
    });
    return b;
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
    const cur = this.current && this.typed === null ? writeTiles(this.current.tiles) : "";
    this.root.dataset.current = cur;
    this.countLine.textContent = text;
    this.setLine.textContent = cur ? `this set: ${this.current.mode === "exposed" ? "[" + cur + "]" : cur}` +
      (this.current.tiles.length === 3 && this.current.taps === 1 && this.current.tiles.every(x => x === this.current.tiles[0]) ?
        " (its tile again: a kong; a neighbour: a chow; \"Pair\": a pair)" : "") : "";
    // a hand of 14 tiles takes no more sets: its row "Won on" takes the common sets' place, pinned in sight
    // (below the pad, under the hand, while the hand is short: there it never moves the pad as the hand grows)
    const pin = this.size() >= 14 && !this.opts.noWin && !this.opts.indicators;
    if (pin !== (this.winRow.parentNode === this.pinned)) {
      if (pin) this.pinned.appendChild(this.winRow); else this.shown.after(this.winRow);
    }
    this.quick.hidden = pin;
    this.renderQuick();
    this.countLine.dataset.state = state;
    const shown = this.shown;
    shown.innerHTML = "";
    this.winRow.innerHTML = "";
    if (this.typed !== null) {
      const p = document.createElement("span");
      p.className = "typed";
      p.textContent = this.typed;
      shown.appendChild(p);
      this.mini.textContent = this.typed;
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
    this.mini.innerHTML = "";
    for (const g of groups) {
      const box = document.createElement("span");
      box.className = "group " + g.cls;
      for (const t of g.tiles) box.appendChild(tileImg(t, t === marked ? (this.win ? "win" : "best") : ""));
      this.mini.appendChild(box);
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
