"use strict";
// What a referee enters per deal at an MCR table (docs/cli.md, "An mcr deal"): who declared a false win while
// play went on (each pays the table's fine to each other player; the deal's own result is settled too), the
// penalty points given (-10: ten deducted; nobody's gain) and whether the session's time ran out during the deal
// (no result: nothing paid but the false wins and penalties). Offered only where the variant is paid as mcr is
// (/api/variants: `referee`); the laptop checks each entry and says in one line what is wrong.

(function () {
  const {el, SEAT_NAMES, variantInfo} = window.App;
  const SEATS = ["E", "S", "W", "N"];
  const falseWins = new Set();  // seats that declared a false win in this deal
  let onChange = () => {};
  let seated = SEATS;

  const on = () => !!(variantInfo() && variantInfo().referee);

  function render() {
    for (const b of document.getElementById("deal-false-wins").children) {
      b.hidden = !seated.includes(b.dataset.value);
      b.classList.toggle("on", falseWins.has(b.dataset.value));
      b.setAttribute("aria-pressed", falseWins.has(b.dataset.value) ? "true" : "false");
    }
    for (const s of SEATS) document.getElementById("deal-penalty-" + s).closest("label").hidden = !seated.includes(s);
  }

  function start(changed) {
    onChange = changed;
    const box = document.getElementById("deal-false-wins");
    const penalties = document.getElementById("deal-penalties");
    for (const s of SEATS) {
      const b = el("button", {type: "button", "data-value": s, text: s, "aria-label": SEAT_NAMES[s]});
      b.addEventListener("click", () => {
        if (falseWins.has(s)) falseWins.delete(s); else falseWins.add(s);
        render(); onChange();
      });
      box.appendChild(b);
      const input = el("input", {id: "deal-penalty-" + s, type: "number", inputmode: "numeric", step: "1",
                                 placeholder: "0", "aria-label": `penalty points of ${SEAT_NAMES[s]}`});
      input.addEventListener("input", onChange);
      penalties.appendChild(el("label", {}, s + " ", input));
    }
    document.getElementById("deal-timeout").addEventListener("change", onChange);
  }

  // the variant (or the seats) changed: the block shown for a table paid as mcr is only
  function variantChanged(seats) {
    seated = seats;
    document.getElementById("deal-referee").hidden = !on();
    if (on()) for (const s of SEATS) document.getElementById("deal-penalty-" + s).max = variantInfo().referee.most;
    for (const s of SEATS) if (!seated.includes(s)) falseWins.delete(s);
    render();
  }

  // the referee's keys of a seat-keyed deal (a deal file's, for /api/settle): only those entered
  function data() {
    if (!on()) return {};
    const out = {};
    const wins = SEATS.filter(s => falseWins.has(s) && seated.includes(s));
    if (wins.length) out.false_wins = wins;
    const penalties = {};
    for (const s of seated) {
      const text = document.getElementById("deal-penalty-" + s).value.trim();
      const n = Number(text);
      if (text && n !== 0) penalties[s] = Number.isInteger(n) ? n : text;  // (not a whole number: the laptop says why)
    }
    if (Object.keys(penalties).length) out.penalties = penalties;
    if (document.getElementById("deal-timeout").checked) out.timeout = true;
    return out;
  }

  // fill from a seat-keyed deal
  function load(deal) {
    falseWins.clear();
    for (const s of deal.false_wins || []) falseWins.add(s);
    for (const s of SEATS) {
      const n = (deal.penalties || {})[s];
      document.getElementById("deal-penalty-" + s).value = n === undefined ? "" : String(n);
    }
    document.getElementById("deal-timeout").checked = !!deal.timeout;
    render();
  }

  window.Referee = {start, variantChanged, data, load, on};
})();
