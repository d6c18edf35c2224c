"use strict";
// A riichi deal's double ron (docs/cli.md, "A riichi deal": `double_ron:`): on a win on a discard, a second winner on
// the same tile, where the table's settlement takes one under the options chosen (/api/variants: `riichi.double_ron`,
// the switch as it follows a house option: Tenhou's rules and EMA RCR 2016 take one, WRC's head bump none). One tap
// on the row "Double ron" names that player and opens their hand on the pad (deal.js), entered as the winner's is;
// the laptop pays it, the honba and sticks going to the winner nearest the discarder in turn order. Fetched by
// riichi.js for a table that takes one, as referee.js is by deal.js (issue 44: the first load at most 100 KB).

(function () {
  const {el, seg, setSeg, segValue, SEAT_NAMES, variantInfo, alsoBoxes} = window.App;
  const SEATS = ["E", "S", "W", "N"];
  let riichi = null;          // riichi.js's: {declared, optionValue, options, changed, handOf}
  let shownFor = null;        // the variant whose words the second win's boxes offer
  let second = null;          // the second winner tapped
  const also = new Set();     // its own circumstances (ippatsu, double riichi ...)
  let seated = SEATS;

  // a settlement switch as /api/variants gives it: its value, or the case for its house option's value
  function follows(spec) {
    if (!spec || typeof spec !== "object") return !!spec;
    const value = riichi.optionValue(riichi.options(), spec.option);
    const chosen = spec.cases ? spec.cases[String(value)] : value;
    return follows(chosen === undefined ? spec.default : chosen);
  }

  // the row offered: a win on a discard, at a table that takes a second winner under the options chosen
  const offered = () => !!(variantInfo() && variantInfo().riichi) && follows(variantInfo().riichi.double_ron) &&
    segValue("deal-winner") !== "-" && segValue("deal-from") === "discard";

  // the second winner where the deal has one: another seated player than the winner and the discarder
  function now() {
    return offered() && second && seated.includes(second) &&
      ![segValue("deal-winner"), segValue("deal-discarder")].includes(second) ? second : null;
  }

  // riichi.js's part given, and the double_ron of a deal loaded before this came: this part
  function start(from, kept) {
    riichi = from;
    const choices = el("div", {class: "seg", id: "deal-ron2", "data-choices": "- E S W N", "data-labels": "none +E +S +W +N",
                               "data-value": "-", "aria-label": "a second winner on the same discard (double ron)"});
    document.getElementById("deal-riichi").prepend(el("div", {id: "deal-ron2-box", hidden: ""},
      el("div", {class: "row"}, el("span", {class: "lbl", text: "Double ron"}), choices),
      el("p", {id: "deal-ron2-order", class: "hint", hidden: ""}),
      el("details", {class: "also", id: "deal-ron2-also-box"},
        el("summary", {text: "Rarer circumstances of the second win"}), el("div", {id: "deal-ron2-also", class: "alsobox"}))));
    seg("deal-ron2", s => { second = s === "-" ? null : s; riichi.changed(); riichi.handOf(second); });
    load(kept);
    return window.RiichiRon;
  }

  function boxes() {
    shownFor = variantInfo();
    alsoBoxes(document.getElementById("deal-ron2-also"), also, riichi.changed, ["riichi", "east-nine-in-a-row"]);
  }

  // drawn with riichi.js's part: the seats offered (neither the winner nor the discarder), the second's words, and
  // where the second tapped sits nearer the discarder than the winner, which seats to tap instead (the nearest is
  // the deal's winner); its double riichi or ippatsu a riichi it declared. The second winner, or null.
  function render(seats) {
    seated = seats;
    if (shownFor !== variantInfo()) boxes();
    const winner = segValue("deal-winner"), discarder = segValue("deal-discarder");
    document.getElementById("deal-ron2-box").hidden = !offered();
    for (const b of document.getElementById("deal-ron2").children) {
      b.hidden = b.dataset.value !== "-" && (!seated.includes(b.dataset.value) || [winner, discarder].includes(b.dataset.value));
    }
    if (second && (!seated.includes(second) || [winner, discarder].includes(second))) { second = null; riichi.handOf(null); }
    setSeg("deal-ron2", second || "-");
    const other = now();
    document.getElementById("deal-ron2-also-box").hidden = !other;
    const after = s => (SEATS.indexOf(s) - SEATS.indexOf(discarder) + 4) % 4;
    const order = document.getElementById("deal-ron2-order");
    order.hidden = !other || after(other) > after(winner);
    order.textContent = order.hidden ? "" : `${SEAT_NAMES[other]} sits nearer ${SEAT_NAMES[discarder]} in turn order ` +
      `than ${SEAT_NAMES[winner]}: the nearest is the winner (the honba and sticks go there). Tap ${other} as Winner, ` +
      `then ${winner} here.`;
    if (other && (also.has("double-riichi") || also.has("ippatsu"))) riichi.declared.add(other);
    return other;
  }

  // the deal's double_ron (seat-keyed, as a deal file says it), its double riichi or ippatsu added to `declared`
  function data(declared) {
    const other = now();
    if (!other) return {};
    if (also.has("double-riichi") || also.has("ippatsu")) declared.add(other);
    return {double_ron: Object.assign({winner: other}, also.size ? {also: Array.from(also)} : {})};
  }

  // a deal's double_ron loaded (a correction): {winner: SEAT, also: [...]}, or null
  function load(ron) {
    second = (ron && ron.winner) || null;
    also.clear();
    for (const w of (ron && ron.also) || []) also.add(w);
    boxes();
  }

  window.RiichiRon = {start, render, data, load, second: now};
})();
