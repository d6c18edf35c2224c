"use strict";
// How a HandEditor (hand.js: the hand's state and the grammar of its taps) is drawn: the pinned part (the hand
// in small tiles, its count, the set being entered, the modes, the common sets or the row "Won on"), the pad of
// tiles, the hand's own tiles (a tap takes one out) and the notation field. render() draws them again from the
// editor's state after each change. Loaded right after hand.js, before any editor is made.

Object.assign(HandEditor.prototype, {
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
    this.hint = hint;  // said by render()
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
        const img = tileImg(t, "", group === RED);  // red fives: offered in riichi only
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
  },

  buttons() { return this.picker.querySelectorAll(".tilebtn"); },

  // red fives offered (riichi, `red_fives` per suit) or not (0): one typed is still sent, the laptop says why not
  offerRed(n) {
    this.red = n;
    this.picker.querySelector(".pickrow.red").hidden = !n;
    this.render();
  },

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
  },

  // a variant without flowers and seasons (spanish): their tiles are not offered (one typed is still sent, and
  // the laptop says the variant has none)
  offerBonus(yes) {
    yes = yes && !this.opts.indicators;
    for (const b of this.buttons()) if (isBonus(b.dataset.tile)) b.hidden = !yes;
    this.picker.lastChild.hidden = !yes;
    this.bonusOffered = yes;
    this.render();
  },

  // folded (deal.js: the others): the name, the hand and the one-tap sets only
  fold(yes) {
    this.folded = yes;
    this.root.classList.toggle("folded", yes);
    this.render();
  },

  // beside the pad, a player's scoring sets, one tap each whatever the mode: an exposed and a concealed pung of
  // each dragon, the own and the round's wind, the own flower and season; folded (no pad): of every honour, and
  // every flower and season; shown where the editor knows its seat
  renderQuick() {
    const seat = this.opts.seat ? this.opts.seat() : null;
    const box = this.quick;
    box.innerHTML = "";
    if (!seat || this.opts.indicators || this.typed !== null) return;
    const own = 1 + "ESWN".indexOf(seat);
    const flowers = this.bonusOffered === false ? [] : this.folded ? BONUS : [own + "f", own + "y"];
    const round = this.opts.round ? this.opts.round() : seat;
    const honours = this.folded ? ["R", "G", "P", "E", "S", "W", "N"] : ["R", "G", "P", seat].concat(round !== seat ? [round] : []);
    const bonus = flowers.map(t => [t, null]);
    const rows = [honours.map(t => [t, "exposed"]).concat(this.folded ? [] : bonus), honours.map(t => [t, "free"])]
      .concat(this.folded ? [bonus.slice(0, 4), bonus.slice(4)] : []).filter(r => r.length);
    for (const items of rows) {
      const row = document.createElement("div");
      row.className = "quickrow";
      for (const [t, mode] of items) row.appendChild(this.quickButton(t, mode));
      box.appendChild(row);
    }
  },

  // one common set's button: a pung of `t` laid in `mode` (exposed or concealed: "free"), or a bonus tile
  quickButton(t, mode) {
    const set = !mode ? t : mode === "exposed" ? `[${t}${t}${t}]` : t + t + t;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "quickset";
    b.dataset.set = set;
    b.disabled = this.count(t) > (mode ? 1 : 0);
    b.title = !mode ? tileName(t) : (mode === "exposed" ? "exposed" : "concealed") + " pung of " + tileName(t);
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
  },

  render() {
    const chows = this.chowsFirst();
    this.hint.textContent = this.opts.indicators ? "Tap the indicator tiles above as they lie on the wall; tap one below to take it out." :
      (chows ? "A tap on a suit's 1 to 7: its chow (again: its pung). " : "") +
      "A tap: a pung (the pair after four sets); the same tile again: a kong; a neighbour: a chow; a long press: a kong. " +
      "Tap a tile of the hand below to take it out; the best winning tile is taken unless you tap another in \"Won on\".";
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
      (this.current.run && this.current.taps === 1 ? ` (${tileName(this.current.tiles[0])} again: its pung instead)` :
        this.current.tiles.length === 3 && this.current.taps === 1 && this.current.tiles.every(x => x === this.current.tiles[0]) ?
        " (its tile again: a kong; a neighbour: a chow; \"Pair\": a pair)" : "") : "";
    if (chows) this.root.dataset.chows = "first"; else delete this.root.dataset.chows;
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
  },
});
