"use strict";
// The Deal tab: four hands (the losers' may be only their scoring sets), the winner or a draw, how the
// last tile came, who discarded it and the rarer circumstances of the win (the --also words the variant's
// table knows), a false mah jong and one player paying for all where the variant has a rule for them, a
// non-winner's short, long or wrong hand where its settlement has faults (basque: `faults: {W: short}`);
// POST /api/settle takes the deal as a deal file says it and answers the CLI's settlement: every hand's
// value, every payment (East pays and is paid double where the variant says so), each player's net.

(function () {
  const {el, post, seg, setSeg, segValue, errorView, SEAT_NAMES, variantInfo, alsoBoxes, hanFuLine} = window.App;
  const SEATS = ["E", "S", "W", "N"];
  const OTHERS = "others";  // the row "Hand of"'s last choice
  // mcr's referee part (referee.js: false wins, penalties, a time-out) is fetched the first time a table that has it
  // is chosen or one of its deals is opened, so the first load stays light for every other table (issue 44: at most
  // 100 KB); until it has come, what is asked of it is kept and given to it on arrival, and it says nothing
  const Referee = (() => {
    const kept = {changed: () => {}, seats: null, deal: null};
    let coming = null;
    const come = () => coming || (coming = new Promise((ok, fail) => {
      const script = document.createElement("script");
      script.src = "/static/referee.js"; script.onload = ok; script.onerror = fail;
      document.head.appendChild(script);
    }).then(() => {
      window.Referee.start(kept.changed);
      if (kept.seats) window.Referee.variantChanged(kept.seats);
      if (kept.deal) window.Referee.load(kept.deal);
    }));
    return {
      start(changed) { kept.changed = changed; },
      variantChanged(seats) {
        if (window.Referee) return window.Referee.variantChanged(seats);
        kept.seats = seats;
        if (variantInfo() && variantInfo().referee) come();
      },
      data() { return window.Referee ? window.Referee.data() : {}; },
      load(deal) {
        if (window.Referee) return window.Referee.load(deal);
        kept.deal = deal;
        if (deal.false_wins || deal.penalties || deal.timeout) come();
      },
    };
  })();
  const editors = {};
  const names = {};
  const also = new Set();   // the win's circumstances (win.also)
  const faults = {};        // seat -> the fault marked on its hand (short, long, wrong)
  let timer = null;
  let started = false;
  let inGame = false;       // a deal of a game: the game derives East's ninth win in a row itself
  let seated = SEATS;       // the seats someone sits in (a game of three leaves one chair empty)

  // a game of three: the empty chair's hand, and its buttons as winner, discarder ..., are not offered
  function setSeats(seats) {
    seated = SEATS.filter(s => seats.includes(s));
    for (const s of SEATS) document.getElementById("seatcard-" + s).hidden = !seated.includes(s);
    for (const id of ["deal-seat", "deal-winner", "deal-discarder", "deal-false", "deal-pays"]) {
      for (const b of document.getElementById(id).children) b.hidden = SEATS.includes(b.dataset.value) && !seated.includes(b.dataset.value);
      if (id !== "deal-seat" && SEATS.includes(segValue(id)) && !seated.includes(segValue(id))) setSeg(id, "-");
    }
    if (activeSeat() === OTHERS) select(OTHERS);  // the others' rows again, of the seats seated
    else if (!seated.includes(activeSeat())) select(seated[0]);
    if (started) { faultRows(); riichiChanged(); }  // the empty chair's hand has no fault, declares nothing
  }

  // riichi: its part of the form (riichi.js) for the seats seated, and the red fives the options have on the pad
  function riichiChanged() {
    const red = window.Riichi.variantChanged(seated, window.App.state.options);
    Referee.variantChanged(seated);  // mcr: what a referee enters (referee.js)
    for (const s of SEATS) editors[s].offerRed(red);
  }

  // the choices the variant offers: its --also words, a false mah jong, pays-for-all
  function variantChanged() {
    if (!started) return;
    const v = variantInfo();
    for (const s of SEATS) editors[s].offerBonus(v.flowers);
    // (riichi: the winner's riichi is the Riichi row's, not a word of the win)
    alsoBoxes(document.getElementById("deal-also"), also, changed,
              (inGame ? ["east-nine-in-a-row"] : []).concat(v.riichi ? ["riichi"] : []));
    // three players where the variant's table allows it: one chair (never East's) stays empty; two: South's and
    // North's (East and West face to face, as a game of two seats them); a game says which
    const offered = c => c === "-" || v.players.includes(c.length === 2 ? 2 : 3);
    for (const b of document.getElementById("deal-chair").children) b.hidden = !offered(b.dataset.value);
    document.getElementById("deal-chair-row").hidden = inGame || !v.players.some(n => n < 4);
    if (!inGame) chairChosen(offered(segValue("deal-chair")) ? segValue("deal-chair") : "-");
    document.getElementById("deal-false-row").hidden = !v.false_mahjong;
    document.getElementById("deal-pays-row").hidden = !v.pays_for_all;
    if (!v.false_mahjong) setSeg("deal-false", "-");
    if (!v.pays_for_all) setSeg("deal-pays", "-");
    faultRows();
    riichiChanged();
    changed();
  }

  // one row per seated non-winner: no fault, or one of the faults the variant's settlement has (/api/variants)
  function faultRows() {
    const kinds = variantInfo().faults;
    const box = document.getElementById("deal-faults");
    const winner = segValue("deal-winner");
    box.innerHTML = "";
    document.getElementById("deal-faults-box").hidden = !Object.keys(kinds).length;
    document.querySelector("#deal-faults-box summary").textContent = Object.keys(kinds).join(", ")
      .replace(/^./, c => c.toUpperCase()).replace(/, ([^,]*)$/, " or $1") + " hands";
    for (const s of SEATS) {
      if (!(faults[s] in kinds) || s === winner || !seated.includes(s)) delete faults[s];
      if (s === winner || !seated.includes(s)) continue;
      const row = el("div", {class: "seg", id: "deal-fault-" + s, "data-choices": ["-"].concat(Object.keys(kinds)).join(" "),
                             "data-value": faults[s] || "-", "aria-label": SEAT_NAMES[s] + "'s hand"});
      box.appendChild(el("div", {class: "row"}, el("span", {class: "lbl", text: SEAT_NAMES[s]}), row));
      seg(row.id, kind => { if (kind === "-") delete faults[s]; else faults[s] = kind; changed(); });
    }
    for (const [kind, help] of Object.entries(kinds)) box.appendChild(el("small", {class: "help", text: kind + ": " + help}));
  }

  // empty: "-" (four play), a seat, or "SN" (two play)
  function chairChosen(empty) {
    setSeg("deal-chair", empty);
    setSeats(SEATS.filter(s => !empty.includes(s)));
  }

  function seatOrNull(id) { const v = segValue(id); return v === "-" ? null : v; }

  function activeSeat() { return segValue("deal-seat"); }

  // a seat's hand with the pad; or OTHERS: every seated player but the winner folded, a row of one-tap sets each
  function select(seat) {
    setSeg("deal-seat", seat);
    const winner = segValue("deal-winner");
    for (const s of SEATS) {
      const folded = seat === OTHERS;
      editors[s].root.hidden = folded ? !seated.includes(s) || s === winner || s === window.Riichi.second() : s !== seat;
      editors[s].fold(folded);
      document.getElementById("seatcard-" + s).classList.toggle("on", s === seat);
    }
  }

  // the winning tile tapped on the winner's whole hand: the others' sets next, in sight under the row "Hand of"
  function winnerDone(seat) {
    if (seat !== segValue("deal-winner") || editors[seat].size() < 14) return;
    select(OTHERS);
    inSight();
  }

  function inSight() {
    const rows = document.getElementById("deal-editor"), pinned = document.getElementById("deal-seat-row");
    window.scrollBy(0, rows.getBoundingClientRect().top - pinned.getBoundingClientRect().bottom - 4);
  }

  // riichi's second winner tapped (a double ron): its hand on the pad, chows first as the winner's, in sight
  function secondChosen(seat) {
    for (const s of SEATS) editors[s].render();
    if (seat) { select(seat); inSight(); } else if (activeSeat() === OTHERS) select(OTHERS);
  }

  function renderCards() {
    const winner = segValue("deal-winner");
    for (const s of SEATS) {
      const card = document.getElementById("seatcard-" + s);
      const ed = editors[s];
      card.querySelector(".notation-text").textContent = ed.notation() || "—";
      const tile = winner !== "-" && (editors[winner].win || editors[winner].best);  // (a double ron's second: the same)
      card.querySelector(".win-text").textContent = !tile ? "" : winner === s ? "won on " + tile :
        window.Riichi.second() === s ? `won on ${tile} too (double ron)` : "";
      ed.root.querySelector(".foldhead").textContent = SEAT_NAMES[s] + (names[s].value.trim() ? " · " + names[s].value.trim() : "");
    }
  }

  // a win from the wall or a kong's loose tile has no discarder: the row is not offered
  function discarderRow() {
    const from = segValue("deal-from");
    const none = from === "wall" || from === "loose";
    document.getElementById("deal-discarder-row").hidden = none || segValue("deal-winner") === "-";
    if (none) setSeg("deal-discarder", "-");
  }

  let verdictSeq = 0;
  // the winner's hand read by the laptop as the Hand tab reads it: a winning shape or not, and the best
  // winning tile when none is marked (shown in the hand, taken with one tap)
  async function winnerVerdict() {
    const winner = segValue("deal-winner");
    const seq = ++verdictSeq;
    for (const s of SEATS) if (s !== winner) editors[s].setVerdict(null, null);
    if (winner === "-" || !seated.includes(winner)) return;
    const ed = editors[winner];
    if (!ed.notation().trim() || ed.halfSet()) return;
    const state = window.App.state;
    const req = {hand: ed.notation(), variant: state.variant, seat: winner, round: segValue("deal-round"),
                 from: segValue("deal-from"), options: state.options, win: ed.win};
    const r = await post("/api/score", req);
    if (seq !== verdictSeq) return;
    ed.setVerdict(r.ok ? r.data.mahjong : null, r.ok && !ed.win && r.data.mahjong ? r.data.win : null);
    renderCards();  // the best winning tile, taken unless another is tapped
  }

  function changed() {
    if (started) window.Riichi.render(also);
    renderCards();
    discarderRow();
    clearTimeout(timer);
    const box = document.getElementById("settlement");
    // a settlement shown is of the deal before this change: marked so at once, and settled again shortly
    if (["settled", "stale", "error", "error-after"].includes(box.dataset.state)) {
      if (box.dataset.state === "settled") {
        box.dataset.state = "stale";
        box.prepend(el("p", {class: "stalemark", text: "The deal changed: settling again…"}));
      }
      timer = setTimeout(() => winnerVerdict().then(() => settleNow(true)), 300);
    } else timer = setTimeout(winnerVerdict, 300);
  }

  function dealData() {
    const state = window.App.state;
    const hands = {};
    for (const s of seated) hands[s] = editors[s].notation();
    const winner = segValue("deal-winner");
    const deal = {variant: state.variant, options: state.options, round: segValue("deal-round"), hands: hands,
                  winner: winner === "-" ? null : winner};
    if (seated.every(s => names[s].value.trim())) {
      deal.players = Object.fromEntries(seated.map(s => [s, names[s].value.trim()]));
    }
    if (deal.winner) {
      // the tile marked, else the best the laptop found (shown so in the row "Won on"): taken unless another is tapped
      deal.win = {tile: editors[deal.winner].win || editors[deal.winner].best, from: segValue("deal-from"),
                  discarder: seatOrNull("deal-discarder"), also: Array.from(also)};
      const done = document.getElementById("deal-win-set").value.trim();  // win.set; empty: the best reading
      if (done) deal.win.set = done;
    }
    const v = variantInfo();  // as a deal file: only what the variant has a rule for, when it happened
    if (v.false_mahjong && seatOrNull("deal-false")) deal.false_mahjong = seatOrNull("deal-false");
    if (v.pays_for_all && seatOrNull("deal-pays")) deal.pays_for_all = seatOrNull("deal-pays");
    const marked = seated.filter(s => faults[s] in v.faults && s !== deal.winner);
    if (marked.length) deal.faults = Object.fromEntries(marked.map(s => [s, faults[s]]));
    // riichi: who declared, dora, counters; mcr: false wins, penalties, a time-out
    return Object.assign(deal, window.Riichi.data(deal.winner, also), Referee.data());
  }

  // on a phone each row is a card, each cell labelled by its column (app.css, table.cards): no word is broken
  function table(headers, rows, numeric) {
    const t = el("table", {class: "cards"}, el("thead", {}, el("tr", {}, ...headers.map((h, i) =>
      el("th", {class: numeric.includes(i) ? "num" : "", text: h})))));
    const body = el("tbody");
    for (const r of rows) body.appendChild(el("tr", {}, ...r.map((c, i) =>
      c instanceof Node ? el("td", {"data-label": headers[i]}, c) :
        el("td", {class: numeric.includes(i) ? "num" : "", "data-label": headers[i], text: String(c)}))));
    t.appendChild(body);
    return el("div", {class: "scroll"}, t);
  }

  function counterLine(honba, sticks) {
    return `on the table: ${honba} honba, ${sticks} riichi stick${sticks === 1 ? "" : "s"} from earlier deals`;
  }

  // the CLI's settlement, as `mjscore settle` prints it for people
  function settlementView(st) {
    const name = seat => (st.players && st.players[seat]) || SEAT_NAMES[seat];
    const box = el("div", {class: "settlement"});
    let head = `${st.variant}, round ${st.round}: `;
    if (st.false_mahjong) head += "false mah jong by " + SEAT_NAMES[st.false_mahjong];
    else if (st.winner) head += SEAT_NAMES[st.winner] + " wins";
    else head += "a draw";
    box.appendChild(el("p", {class: "head", text: head}));
    const won = st.winner && !st.false_mahjong ? st.hands[st.winner] : null;  // as the CLI's head goes on
    if (won && won.win) box.appendChild(el("p", {class: "won", text: `${SEAT_NAMES[st.winner]} won on ${won.win} from ` +
      won.from + (won.win_set ? ", completing " + won.win_set : "")}));
    if (won && won.cost) box.appendChild(el("p", {class: "cost", text: hanFuLine(won)}));  // riichi: as its players say it
    if (won && "honba" in won) box.appendChild(el("p", {class: "counters", text: counterLine(won.honba, won.sticks)}));
    // what the table wants to know first: each player's net, large
    const nets = el("div", {class: "nets"});
    for (const [seat, v] of Object.entries(st.net)) {
      nets.appendChild(el("div", {class: "netcard"}, el("span", {class: "who",
        text: name(seat) === SEAT_NAMES[seat] ? SEAT_NAMES[seat] : `${SEAT_NAMES[seat]} · ${name(seat)}`}),
        el("span", {class: "amount " + (v > 0 ? "plus" : v < 0 ? "minus" : ""), "data-seat": seat,
                    text: (v > 0 ? "+" : "") + v})));
    }
    box.appendChild(nets);
    for (const n of st.notes) box.appendChild(el("p", {class: "note", text: "note: " + n}));
    // as `mjscore settle`: why a hand is long, or what a hand entered as only its sets could not be judged on
    for (const [seat, s] of Object.entries(st.hands)) {
      const long = !s.mahjong && s.items.some(i => i.rule === "long hand");
      for (const n of s.notes) if (long || n.startsWith("a partial hand")) {
        box.appendChild(el("p", {class: "note", text: `note: ${SEAT_NAMES[seat]}: ${n}`}));
      }
    }
    // the hands' values, the payments and the rulebook's rule for each: folded below, a tap away
    const more = el("details", {class: "fold"}, el("summary", {text: "Hands, payments and rulebook"}));
    const rows = Object.entries(st.hands).map(([seat, s]) => [seat, name(seat), s.arrangement.join(" ") || s.hand,
      s.points, s.doubles, s.limit_hand || (s.mahjong ? "mah jong" : ""),
      // as `mjscore settle`: a draw that pays nothing values every hand 0, and shows what it was worth
      "worth" in s && s.worth ? `0 (worth ${s.worth}, not paid: a draw)` : s.value]);
    const riichi = !!(won && won.cost) || !!variantInfo().riichi;  // points are fu, doubles han, the value base points
    more.appendChild(table(["seat", "player", "hand"].concat(riichi ? ["fu", "han", "result", "base points"] :
      ["points", "doubles", "result", "value"]), rows, [3, 4, 6]));  // every column named (axe: td-has-header)
    if (st.payments.length) {
      const party = seat => seat === null ? "the table" : `${seat} ${name(seat)}`;
      more.appendChild(el("p", {text: "payments:"}));
      const cited = st.payments.some(p => p.cite);  // as `mjscore settle`: the rulebook's rule for each line
      more.appendChild(table(["from", "to", "amount", "reason"].concat(cited ? ["rulebook"] : []),
        // riichi's sticks go to and from the table's pot, a party of no seat (null), as `mjscore settle` says it
        st.payments.map(p => [party(p.from), party(p.to), p.amount, p.reason]
          .concat(cited ? [p.cite || ""] : [])), [2]));
    }
    box.appendChild(more);
    return box;
  }

  let settleSeq = 0;
  // `again`: settled again after a change (the first settlement was asked for with Settle)
  async function settleNow(again) {
    const box = document.getElementById("settlement");
    const seq = ++settleSeq;
    const half = seated.find(s => editors[s].halfSet());
    if (half) {  // no error while a set is half entered: the settlement waits for it
      box.innerHTML = ""; box.dataset.state = "error-after";
      box.appendChild(el("p", {class: "hint", text: `${SEAT_NAMES[half]}'s exposed set is half entered: tap its other tiles`}));
      return null;
    }
    const r = await post("/api/settle", dealData());
    if (seq !== settleSeq) return r;  // a later change's settlement is on its way
    box.innerHTML = "";
    box.dataset.state = r.ok ? "settled" : (again === true ? "error-after" : "error");
    box.appendChild(r.ok ? settlementView(r.data) : errorView(r.data));
    if (r.ok && again !== true) box.scrollIntoView({block: "nearest"});
    return r;
  }

  // fill the form from a deal (seat-keyed, as a deal file): for correcting a deal of a game
  function load(deal) {
    setSeg("deal-round", deal.round || "E");
    for (const s of SEATS) {
      editors[s].setNotation((deal.hands && deal.hands[s]) || "");
      names[s].value = (deal.players && deal.players[s]) || "";
    }
    setSeg("deal-winner", deal.winner || "-");
    const win = deal.win || {};
    setSeg("deal-from", win.from || "discard");
    setSeg("deal-discarder", win.discarder || "-");
    document.getElementById("deal-win-set").value = win.set || "";
    setSeg("deal-false", deal.false_mahjong || "-");
    setSeg("deal-pays", deal.pays_for_all || "-");
    also.clear();
    for (const w of win.also || []) also.add(w);
    for (const s of SEATS) delete faults[s];
    Object.assign(faults, deal.faults || {});
    variantChanged();
    window.Riichi.load(deal, deal.counters || null);  // riichi: who declared, dora, the game's count of the counters
    Referee.load(deal);  // mcr: false wins, penalties, a time-out
    for (const s of SEATS) editors[s].markWin(s === deal.winner ? win.tile || null : null);  // set, never toggled
    select(deal.winner && seated.includes(deal.winner) ? deal.winner : seated[0]);  // the winner's hand first
    document.getElementById("settlement").innerHTML = "";
    document.getElementById("settlement").dataset.state = "";
    renderCards();
  }

  function start() {
    const cards = document.getElementById("deal-seats");
    const holder = document.getElementById("deal-editor");
    for (const s of SEATS) {
      names[s] = el("input", {type: "text", maxlength: "40", placeholder: SEAT_NAMES[s], "aria-label": SEAT_NAMES[s] + "'s name"});
      names[s].addEventListener("input", changed);
      const card = el("div", {class: "seatcard", id: "seatcard-" + s},
        el("strong", {text: SEAT_NAMES[s] + " "}), names[s],
        el("div", {class: "notation-text"}), el("div", {class: "win-text"}));
      card.addEventListener("click", () => select(s));
      cards.appendChild(card);
      const root = el("div", {id: "deal-editor-" + s});
      holder.appendChild(root);
      editors[s] = new HandEditor(root, changed, {emptyText: "Tap " + SEAT_NAMES[s] + "'s sets below.", seat: () => s,
                                                     firstMode: "exposed", round: () => segValue("deal-round"),
                                                     chowsFirst: () => [segValue("deal-winner"), window.Riichi.second()].includes(s),
                                                     won: () => winnerDone(s),
                                                     get noWin() { return window.Riichi.second() === s; }});  // (the winner's tile)
      root.querySelector(".pinned").prepend(el("span", {class: "foldhead"}));  // whose row, folded
    }
    seg("deal-round", changed);
    seg("deal-seat", select);
    // a winner, a draw and a false mah jong exclude each other; pays-for-all needs a winner
    seg("deal-winner", w => {
      if (w !== "-") { select(w); setSeg("deal-false", "-"); } else setSeg("deal-pays", "-");
      for (const s of SEATS) editors[s].render();  // the winner's enters chows first
      faultRows();  // the winner's hand has no fault
      changed();
    });
    seg("deal-from", changed);
    discarderRow();
    document.getElementById("deal-win-set").addEventListener("input", changed);
    seg("deal-discarder", changed);
    seg("deal-false", f => {
      if (f !== "-") { setSeg("deal-winner", "-"); setSeg("deal-pays", "-"); setSeg("deal-discarder", "-"); }
      changed();
    });
    seg("deal-pays", changed);
    seg("deal-chair", empty => { chairChosen(empty); changed(); });
    window.Riichi.start(changed, secondChosen);
    Referee.start(changed);
    document.getElementById("settle").addEventListener("click", () => settleNow(false));
    select("E");
    renderCards();
    started = true;
    variantChanged();
  }

  // a deal of a game: its round is the game's (derived by the laptop), shown but not to be changed
  function setInGame(yes) {
    inGame = yes;
    for (const b of document.getElementById("deal-round").children) b.disabled = yes;
    variantChanged();
  }

  window.Deal = {start, changed: () => {}, dealData, load, settleNow, editors, names, settlementView, variantChanged,
                 setInGame, setSeats, counterLine};
})();
