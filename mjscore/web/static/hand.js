"use strict";
// A hand entered by tapping tiles, kept as the notation of docs (e.g. "[555p] 123m 789s SSS NN").
// The editor holds exposed sets, declared concealed kongs, kongs claimed onto a concealed pung (<6666m>, typed
// only), free concealed tiles and bonus tiles;
// the notation field shows the string and can be typed or pasted (it is then read back, best effort:
// what it cannot read is still sent to the server, which says what is wrong in the CLI's words).

// This file holds the hand's state and the grammar of taps on it; handview.js (loaded next) draws it.
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

  count(t) {
    let n = this.free.filter(x => x === t).length + this.bonus.filter(x => x === t).length;
    for (const s of this.sets) n += s.tiles.filter(x => x === t).length;
    return n;
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
    if (cur && cur.run) {  // after a one-tap chow: its first tile again its pung; any other, a new set
      const again = cur.taps === 1 && t === cur.tiles[0] && !kong;
      if (again) this.dropCurrent();
      this.current = null;
      return this.newSet(t, kong, again ? 2 : 0);
    }
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
    this.newSet(t, kong);
  }

  // a set begun by a tap on `t`: with chows first (a winner's hand), a suit's 1 to 7 the chow it begins (`pung`:
  // the taps that made it its pung instead); else a pung, the pair after four sets, a kong on a long press
  newSet(t, kong, pung) {
    const room = 14 - this.size();
    const run = !kong && !pung && room > 2 && this.chowsFirst() ? runFrom(t) : null;
    if (run && run.every(x => !this.full(x))) {
      this.current = null;
      this.putCurrent(run, 1);
      this.current.run = true;
      return;
    }
    let n = kong ? 4 : Math.min(3, room === 1 || room === 2 ? room : 3);
    while (n > 1 && [...Array(n)].some((_, i) => this.count(t) + i >= 4)) n--;
    if (kong && n < 4) return;  // a kong needs all four
    this.current = null;
    this.putCurrent(Array(n).fill(t), pung || 1);
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

  // whether a tap on a suit tile begins a chow (a winner's hand on a deal form: its data-chows says so)
  chowsFirst() {
    return !!(this.opts.chowsFirst && this.opts.chowsFirst()) && this.mode !== "tiles";
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

  // a tap in the row "Won on": marks that tile the winning tile, or un-marks it
  setWin(t) {
    this.markWin(this.win === t ? null : t);
    if (this.win && this.opts.won) this.opts.won(t);  // a deal form: the others next
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
}

window.HandEditor = HandEditor;
window.tileImg = tileImg;
window.tileName = tileName;
