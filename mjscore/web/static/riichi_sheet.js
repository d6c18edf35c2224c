"use strict";
// Riichi's part of the score sheet (issue 41), fetched by games.js the first time a riichi game is shown (its next
// deal has counters), as deal.js fetches referee.js, so that the first load stays light for every other table
// (issue 44: at most 100 KB): the sticks on the table as a column of their own, as `mjscore sheet` has "the table"
// and "the table total" (each deal's change of them, what lies there after it), in the sheet's text and CSV too; a
// saved deal's riichi lines; the next deal's counters; the standings' game results with uma and oka. Pure functions
// of the laptop's answer, as sheet.js's.

(function () {
  const {el} = window.App;
  const sign = v => (v > 0 ? "+" : "") + v;
  const NAME = "the table";

  // the win as its players say it ("30 fu 3 han: 3900": the winner's own words), the counters and who declared
  function lines(d) {
    const out = [];
    const data = d.data || {};
    const won = d.winner && d.win && !d.error && !d.false_mahjong && d.hands ? d.hands[d.winner] : null;
    if (won && won.said) out.push(won.said);
    if (second(d)) out.push("double ron: " + second(d));
    if (d.counters) out.push(`on the table: ${d.counters.honba} honba, ${d.counters.sticks} riichi stick` +
      (d.counters.sticks === 1 ? "" : "s"));
    if ((data.riichi || []).length) out.push("riichi: " + data.riichi.join(", "));
    if ((data.tenpai || []).length) out.push("waiting: " + data.tenpai.join(", "));
    if (data.abort) out.push("abortive draw: " + data.abort.replace(/-/g, " "));
    if (data.dora) out.push("dora indicators: " + data.dora + (data.ura ? "; ura: " + data.ura : ""));
    return out;
  }

  // a double ron's second winner and its hand as its players say it, with what it was paid: "Ann too, 30 fu 2 han:
  // 2900 (2900 from Cy)"; "" for any other deal
  function second(d) {
    const who = d.data && d.data.double_ron && !d.error && d.hands ? d.data.double_ron.winner : null;
    if (!who || !d.hands[who]) return "";
    const paid = (d.payments || []).filter(p => p.to === who && p.from !== null)
      .map(p => `${p.amount} from ${p.from}`).join(", ");
    return `${who} too, ${d.hands[who].said || d.hands[who].value}` + (paid ? ` (${paid})` : "");
  }

  // whether a sheet has the table's pot (a riichi game's deals), and what lies on the table after its last deal
  const has = paper => paper.rows.some(r => "pot" in r);
  const left = paper => paper.rows.reduce((n, r) => ("pot_total" in r ? r.pot_total : n), 0);

  // the table's column, added to the sheet games.js drew: its heading, its start (nothing on the table), each deal's
  // change and what lies there after it (as a player's net and running total), what lies there now
  function column(table, paper) {
    if (!has(paper)) return;
    const rows = paper.rows.values();
    table.tHead.rows[0].appendChild(el("th", {class: "num", text: "table", title: "the riichi sticks on the table"}));
    for (const tr of table.tBodies[0].rows) {
      if (tr.className === "earlier") tr.cells[0].colSpan += 1;
      else if (tr.className === "start") tr.appendChild(el("td", {class: "num", text: "0"}));
      else if (tr.className === "totals") tr.appendChild(el("td", {class: "num", "data-total-table": "", text: String(left(paper))}));
      else {
        const row = rows.next().value;
        tr.appendChild(row.error || !("pot" in row) ? el("td", {class: "num", "data-table": ""}) :
          el("td", {class: "num", "data-table": ""},
            el("span", {class: row.pot > 0 ? "plus" : row.pot < 0 ? "minus" : "", text: sign(row.pot)}),
            el("br"), el("small", {text: String(row.pot_total)})));
      }
    }
  }

  // the sheet's text: a deal's change of the table after the players' nets; the totals' line, what lies on it
  const textNet = row => ("pot" in row && !row.error ? `, ${NAME} ${sign(row.pot)}` : "");
  const textTotal = paper => `, ${NAME} ${left(paper)}`;
  // the sheet's CSV: a column "the table" after the players' (start 0, each deal's change, the totals' what is left)
  const csvHead = () => [NAME];
  const csvStart = () => [0];
  const csvCell = row => ["pot" in row && !row.error ? row.pot : ""];
  const csvTotal = paper => [left(paper)];

  // the next deal's line: what lies on the table for it
  const counters = next => ("honba" in next ? `; on the table: ${next.honba} honba, ${next.sticks} riichi stick` +
    (next.sticks === 1 ? "" : "s") : "");

  // the places and each one's game result in thousands, with the table's uma and oka (batch's standings)
  function standings(box, data) {
    if (data.standings.some(st => "result" in st)) {
      box.appendChild(el("p", {class: "standings", text: "Standings (result with uma and oka): " + data.standings
        .map(st => `${st.rank}. ${st.player} ${st.total} (${sign(st.result)})`).join(", ")}));
    }
  }

  window.RiichiSheet = {lines, second, has, column, counters, standings, textNet, textTotal, csvHead, csvStart, csvCell, csvTotal};
})();
