"use strict";
// What a riichi deal says beyond the hands (docs/cli.md, "A riichi deal"): who declared riichi, the dora
// indicators and, for a winner who declared, the ura dora ones (tapped on a tile pad, as the hands are), who was
// waiting at an exhaustive draw or which abortive draw it was, and the honba and riichi sticks on the table. In
// a game the laptop counts those as `batch` does, deal by deal: the form shows its count, and a number changed
// there is saved as the deal's own `honba:` / `sticks:` (the game file's way of correcting the count).
// Offered only where the variant is paid as riichi is (/api/variants: `riichi`).

(function () {
  const {el, SEAT_NAMES, variantInfo} = window.App;
  const SEATS = ["E", "S", "W", "N"];
  const declared = new Set();  // seats that declared riichi in this deal
  const waiting = new Set();   // seats waiting (tenpai) at an exhaustive draw
  let counted = null;          // {honba, sticks} the game counted for this deal (null: not a deal of a game)
  let onChange = () => {};
  let seated = SEATS;
  let abortsPlayed = true;     // the options chosen play abortive draws (EMA RCR 2016, 3.4: none)
  const editors = {};
  // a double ron's row: riichi_ron.js, fetched for a table that takes one (issue 44: the first load at most 100 KB);
  // until it has come, a deal's double_ron loaded is kept as read
  let ron = null, kept = null, handOf, chosen;
  const Ron = () => ron && ron.ok;

  const on = () => !!(variantInfo() && variantInfo().riichi);

  // red fives per suit under the options chosen: the option itself, else the ruleset's preset, else its default
  function redFives(options) {
    return Number(optionValue(options, "red_fives")) || 0;
  }

  // an option's value under the options chosen: given, else set by a preset chosen (ruleset=ema), else its default
  function optionValue(options, name) {
    const v = variantInfo();
    if (!v || !v.options[name]) return undefined;
    if (options && name in options) return options[name];
    const presets = (v.riichi && v.riichi.presets) || {};
    for (const [key, sets] of Object.entries(presets)) {
      const chosen = options && key in options ? options[key] : (v.options[key] || {}).default;
      if (sets[chosen] && name in sets[chosen]) return sets[chosen][name];
    }
    return v.options[name].default;
  }

  // a group of four seat buttons, each pressed or not (several may be)
  function toggles(id, chosen) {
    const box = document.getElementById(id);
    box.innerHTML = "";
    for (const s of SEATS) {
      const b = el("button", {type: "button", "data-value": s, text: s, "aria-label": SEAT_NAMES[s]});
      b.addEventListener("click", () => {
        if (chosen.has(s)) chosen.delete(s); else chosen.add(s);
        render(); onChange();
      });
      box.appendChild(b);
    }
  }

  // `also`: the win's words; a winner's double riichi or ippatsu is a riichi the winner declared (pressed here)
  function render(also) {
    const winnerNow = window.App.segValue("deal-winner");
    if (also && seated.includes(winnerNow) && (also.has("double-riichi") || also.has("ippatsu"))) declared.add(winnerNow);
    const other = Ron() ? Ron().render(seated) : null;
    for (const [id, chosen] of [["deal-riichi-seats", declared], ["deal-tenpai", waiting]]) {
      for (const b of document.getElementById(id).children) {
        b.hidden = !seated.includes(b.dataset.value);
        b.classList.toggle("on", chosen.has(b.dataset.value));
        b.setAttribute("aria-pressed", chosen.has(b.dataset.value) ? "true" : "false");
      }
    }
    const winner = window.App.segValue("deal-winner");
    const draw = winner === "-";
    const abort = document.getElementById("deal-abort").value;
    if (!abortsPlayed) document.getElementById("deal-abort").value = "";  // (EMA RCR 2016 plays none)
    document.getElementById("deal-abort-row").hidden = !draw || !abortsPlayed;
    document.getElementById("deal-tenpai-row").hidden = !draw || !!abort;
    // ura dora count only for a winner who declared riichi (the laptop leaves them out otherwise)
    document.getElementById("deal-ura-box").hidden = draw || !(declared.has(winner) || declared.has(other));
    for (const kind of ["dora", "ura"]) {
      document.getElementById(`deal-${kind}-said`).textContent = editors[kind].notation() || "none";
    }
    const line = document.getElementById("deal-counted");
    line.textContent = counted ? `The game counts ${counted.honba} honba and ${counted.sticks} riichi stick` +
      `${counted.sticks === 1 ? "" : "s"} on the table for this deal (from the deals before it); change them ` +
      "only to correct that count." : "";
  }

  // `opened`: deal.js's, a seat's hand opened on the pad (a double ron's second winner, once tapped)
  function start(changed, opened) {
    onChange = changed;
    handOf = opened;
    toggles("deal-riichi-seats", declared);
    toggles("deal-tenpai", waiting);
    const abort = document.getElementById("deal-abort");
    abort.appendChild(el("option", {value: "", text: "none (an exhaustive draw)"}));
    for (const kind of ["dora", "ura"]) {
      editors[kind] = new HandEditor(document.getElementById("deal-" + kind), () => { render(); onChange(); },
        {indicators: true, emptyText: "No indicator yet: tap them below."});
    }
    abort.addEventListener("change", () => { if (abort.value) waiting.clear(); render(); onChange(); });
    for (const id of ["deal-honba", "deal-sticks"]) document.getElementById(id).addEventListener("input", onChange);
  }

  // the variant (or its options) changed: the block shown for riichi only; the red fives its options have
  function variantChanged(seats, options) {
    seated = seats;
    const v = variantInfo();
    document.getElementById("deal-riichi").hidden = !on();
    const abort = document.getElementById("deal-abort");
    if (on() && abort.options.length === 1) {
      for (const a of v.riichi.aborts) abort.appendChild(el("option", {value: a, text: a.replace(/-/g, " ")}));
    }
    chosen = options;
    if (on() && v.riichi.double_ron && !ron) {
      ron = document.head.appendChild(el("script", {src: "/static/riichi_ron.js"}));
      ron.onerror = () => { ron = null; };  // (the laptop away: asked again at the next change of variant)
      ron.onload = () => {
        ron.ok = RiichiRon.start({declared, optionValue, options: () => chosen, handOf: s => handOf(s),
                                  changed: () => { render(); onChange(); }}, kept);
        kept = null; render();
      };
    }
    const played = on() ? optionValue(options, "abortive_draws") : true;  // false under ruleset=ema
    abortsPlayed = !(played === false || played === "false");
    const red = on() ? redFives(options) : 0;
    for (const kind of ["dora", "ura"]) editors[kind].offerRed(red);
    for (const s of SEATS) if (!seated.includes(s)) { declared.delete(s); waiting.delete(s); }
    render();
    return red;
  }

  // the riichi keys of a seat-keyed deal (a deal file's, for /api/settle): the winner's double riichi or ippatsu
  // is a riichi declared too
  function data(winner, also) {
    if (!on()) return {};
    const riichi = new Set(declared);
    if (winner && (also.has("double-riichi") || also.has("ippatsu"))) riichi.add(winner);
    const ronKeys = kept ? {double_ron: kept} : Ron() && winner ? Ron().data(riichi) : {};  // a second winner
    const out = {riichi: SEATS.filter(s => riichi.has(s) && seated.includes(s))};
    const abort = document.getElementById("deal-abort").value;
    if (!winner && abort) out.abort = abort;
    if (!winner && !abort) out.tenpai = SEATS.filter(s => waiting.has(s) && seated.includes(s));
    const dora = editors.dora.notation().trim();
    if (dora) out.dora = dora;
    const ura = editors.ura.notation().trim();
    if (ura && winner && (riichi.has(winner) || riichi.has((ronKeys.double_ron || {}).winner))) out.ura = ura;
    Object.assign(out, ronKeys);
    for (const key of ["honba", "sticks"]) out[key] = count(key);
    return out;
  }

  function count(key) {
    const n = Number(document.getElementById("deal-" + key).value);
    return Number.isInteger(n) && n >= 0 ? n : document.getElementById("deal-" + key).value;  // the laptop says why
  }

  // the honba and sticks to save with a deal of a game: only where they are not the game's count (the players
  // corrected it), so that the game file goes on counting them as batch does
  function stateOf(key) {
    const n = count(key);
    return !counted || n !== counted[key] ? n : undefined;
  }

  // fill from a seat-keyed deal; `game`: {honba, sticks} the game counted for it (null outside a game)
  function load(deal, game) {
    declared.clear(); waiting.clear();
    for (const s of deal.riichi || []) declared.add(s);
    for (const s of deal.tenpai || []) waiting.add(s);
    document.getElementById("deal-abort").value = deal.abort || "";
    if (Ron()) Ron().load(deal.double_ron || null); else kept = deal.double_ron || null;
    editors.dora.setNotation(deal.dora || "");
    editors.ura.setNotation(deal.ura || "");
    counted = game;
    for (const key of ["honba", "sticks"]) {  // the deal's own count where it states one (a correction), else the game's
      document.getElementById("deal-" + key).value = String(Number.isInteger(deal[key]) ? deal[key] : (game ? game[key] : 0));
    }
    render();
  }

  // --- the Hand tab: a riichi hand's indicators and the counters on the table (score's --dora, --ura, --honba,
  // --sticks), folded below the hand
  const hand = {};
  function startHand(changed) {
    for (const kind of ["dora", "ura"]) {
      hand[kind] = new HandEditor(document.getElementById("hand-" + kind), changed,
        {indicators: true, emptyText: "No indicator yet: tap them below."});
    }
    for (const id of ["hand-honba", "hand-sticks"]) document.getElementById(id).addEventListener("input", changed);
  }

  function handShown(options) {
    document.getElementById("hand-riichi").hidden = !on();
    const red = on() ? redFives(options) : 0;
    for (const kind of ["dora", "ura"]) hand[kind].offerRed(red);
  }

  // what a score request adds for riichi: the indicators given, the counters where not 0
  function handData() {
    if (!on()) return {};
    const out = {};
    for (const kind of ["dora", "ura"]) if (hand[kind].notation().trim()) out[kind] = hand[kind].notation().trim();
    for (const key of ["honba", "sticks"]) {
      const text = document.getElementById("hand-" + key).value;
      const n = Number(text);
      if (text.trim() && n !== 0) out[key] = Number.isInteger(n) ? n : text;  // (a wrong count: the laptop says why)
    }
    return out;
  }

  window.Riichi = {start, variantChanged, render, data, load, stateOf, redFives, on, startHand, handShown, handData,
                   outOfGame: () => { counted = null; render(); }, second: () => (Ron() ? Ron().second() : null)};
})();
