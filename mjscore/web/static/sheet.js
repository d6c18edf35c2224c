"use strict";
// The score sheet's words apart from the Game tab's state (games.js; riichi's: riichi_sheet.js): a game's deals as
// text and CSV, a saved deal shown, a row's value, the players' short headings. Pure functions of the laptop's answer.

(function () {
  const {el} = window.App;

  // the deals shown (the game's last page) and the totals, as lines of text: "3. E · East Bruno: Bruno 48 discard by
  // Diego — Ana -96, Bruno +192 ..."
  function sheetText(data) {
    const paper = data.sheet, g = data.game, sign = v => (v > 0 ? "+" : "") + v, r = pot(paper);
    const lines = [`${g.name} (${g.variant})`];
    paper.rows.forEach(row => {
      const what = row.error ? "not scored: " + row.error :
        [row.result, valueOf(row), row.how].filter(Boolean).join(" ");
      const nets = paper.players.filter(p => p in row.net).map(p => `${p} ${sign(row.net[p])}`).join(", ") +
        (r ? r.textNet(row) : "");
      lines.push(`${row.deal}. ${row.round} · East ${row.east}: ${what}` + (nets ? ` — ${nets}` : ""));
    });
    lines.push("totals: " + paper.players.map(p => `${p} ${paper.totals[p]}`).join(", ") + (r ? r.textTotal(paper) : ""));
    return lines.join("\n") + "\n";
  }

  // a row per deal (number, round, East, result, value, how, the nets), then the totals; a text cell a spreadsheet
  // would take for a formula (=, +, -, @ first) after a quote mark
  function sheetCSV(data) {
    const paper = data.sheet, r = pot(paper), more = (f, x) => (r ? r[f](x) : []);
    const cell = v => {
      let t = v === null || v === undefined ? "" : String(v);
      if (typeof v === "string" && /^[=+\-@\t\r]/.test(t)) t = "'" + t;
      return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
    };
    const rows = [["deal", "round", "east", "result", "value", "how"].concat(paper.players, more("csvHead"))];
    rows.push(["start", "", "", "", "", ""].concat(paper.players.map(p => paper.start[p]), more("csvStart")));
    for (const row of paper.rows) {
      rows.push([row.deal, row.round, row.east, row.error ? "not scored: " + row.error : row.result, valueOf(row), row.how]
        .concat(paper.players.map(p => (p in row.net ? row.net[p] : "")), more("csvCell", row)));
    }
    rows.push(["totals", "", "", "", "", ""].concat(paper.players.map(p => paper.totals[p]), more("csvTotal", paper)));
    return rows.map(r => r.map(cell).join(",")).join("\r\n") + "\r\n";
  }

  // riichi: the honba and riichi sticks the laptop counted for a deal (null elsewhere)
  function counted(x) { return "honba" in x ? {honba: x.honba, sticks: x.sticks} : null; }

  // riichi's sticks on the table (riichi_sheet.js, fetched before a riichi game is drawn)
  const pot = paper => (window.RiichiSheet && window.RiichiSheet.has(paper) ? window.RiichiSheet : null);

  // a saved deal as the laptop scored it: how it was won, each hand and its value, the payments
  function dealShown(d) {
    const box = el("div", {class: "dealbox"});
    if (d.winner && d.win) {
      box.appendChild(el("p", {text: `${d.winner} won on ${d.win.tile} from ${d.win.from}` +
        (d.win.discarder ? ` (${d.win.discarder})` : "") + (d.win.set ? `, completing ${d.win.set}` : "")}));
    } else if (d.false_mahjong) box.appendChild(el("p", {text: `false mah jong by ${d.false_mahjong}`}));
    else if (d.timeout) box.appendChild(el("p", {text: "a time-out: the session's time ran out, no result"}));
    else if (d.hands) box.appendChild(el("p", {text: "a draw"}));
    for (const line of window.RiichiSheet ? window.RiichiSheet.lines(d) : []) box.appendChild(el("p", {class: "riichiline", text: line}));
    for (const [name, h] of Object.entries(d.hands || {})) {
      box.appendChild(el("p", {class: "handline"}, el("strong", {text: `${name} (${h.seat}) `}),
        el("span", {class: "tiles", text: h.hand + " "}),
        el("span", {text: `${h.said || h.value}` + (h.mahjong ? " mah jong" : "")})));
    }
    for (const p of d.payments || []) {
      box.appendChild(el("p", {class: "payline", text: `${p.from} → ${p.to} ${p.amount}: ${p.reason}`}));
    }
    for (const n of d.notes || []) box.appendChild(el("p", {class: "note", text: "note: " + n}));
    if (d.moved_on) box.appendChild(el("p", {class: "moved", text: `After this deal: ${d.moved_on}.`}));
    return box;
  }

  // a row's value: its family's words for the win where given (riichi's "30 fu 3 han: 3900"), else the number
  function valueOf(row) {
    if (row.said) return row.said;
    return row.value === null ? "" : String(row.value);
  }

  // each player's heading: the name cut to 6 characters, longer where that would show two players alike
  // ("Carmen R", "Carmen S"); the full names where cut ones still collide
  function shortNames(players) {
    const cut = (n, len) => (n.length > len ? n.slice(0, len) + "." : n);
    const out = Object.fromEntries(players.map(p => {
      let len = 6;
      while (len < p.length && players.some(q => q !== p && q.slice(0, len) === p.slice(0, len))) len++;
      return [p, cut(p, len)];
    }));
    return new Set(Object.values(out)).size === players.length ? out : Object.fromEntries(players.map(p => [p, p]));
  }

  window.Sheet = {sheetText, sheetCSV, counted, dealShown, valueOf, shortNames};
})();
