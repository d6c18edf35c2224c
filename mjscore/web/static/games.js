"use strict";
// The Game tab: players' names, deal after deal, the running score sheet. Seats and the prevailing
// wind are derived by the server from the variant's rules (as `mjscore batch` does); a deal can be
// corrected or deleted, the last change undone, the game exported as the YAML file batch reads.
// The open game is remembered on this phone (localStorage) and kept on the laptop (SQLite).
// Every change names the game's version it was made against (?version=N): a change another phone saved
// meanwhile makes the laptop refuse it (409); the page then reloads the game, keeping what was typed. A deal
// being entered is a draft kept on this phone (sync.js) until the laptop has it: a correction is sent with the
// deal as it was read (merged there field by field with another phone's), a new deal with the last deal read (the
// same deal saved by another phone meanwhile is refused as a duplicate), each with its draft's key.

(function () {
  const {el, post, errorView, showTab} = window.App;
  const {sheetText, sheetCSV, counted, dealShown, valueOf, shortNames} = window.Sheet;
  const SEATS = ["E", "S", "W", "N"];
  let current = null;   // the open game's id
  let sheet = null;     // its last sheet
  let editing = null;   // {id, data, seats, round, version, key, base, after, game, pending} of the deal being
                        // corrected, or {id: null, ...} for a new one: the draft kept on this phone (sync.js)
  let shown = 100;      // the sheet shows the game's last `shown` deals (the laptop sends a page, not a long game whole)
  const PAGE = 100, MOST = 1000;

  // a game's URL with the page of deals this phone shows (?limit=N), after any query it has
  function paged(url) { return url + (url.includes("?") ? "&" : "?") + `limit=${shown}`; }

  function setCurrent(id) {
    current = id;
    if (id === null) localStorage.removeItem("mjscore.game"); else localStorage.setItem("mjscore.game", String(id));
  }

  // the new-game form's part (newgame.js), fetched when the Game tab first shows (issue 44: the first load at
  // most 100 KB, a Hand tab's needs none of it)
  let coming = null, starting = null;  // newgame.js on its way; a new game being sent
  const newGame = () => coming || (coming = new Promise((ok, fail) => {
    const script = document.createElement("script");
    script.src = "/static/newgame.js"; script.onload = ok; script.onerror = fail;
    document.head.appendChild(script);
  }).then(() => window.NewGame.start(data => { setCurrent(data.game.id); show(data); }),
          () => { coming = null; }));  // not come (the laptop away): asked again the next time

  async function refresh() {
    newGame();
    const box = document.getElementById("game");
    const list = document.getElementById("game-list");
    const form = document.getElementById("new-game");
    if (current === null) {
      box.innerHTML = "";
      form.hidden = false;
      const r = await post("/api/games", undefined, "GET");
      list.innerHTML = "";
      if (!r.ok) { list.appendChild(errorView(r.data)); return; }
      for (const g of r.data) {
        const open = el("button", {type: "button", class: "primary", text: "Open"});
        open.addEventListener("click", () => { setCurrent(g.id); refresh(); });
        list.appendChild(el("div", {class: "card gamecard", "data-game": String(g.id)},
          el("strong", {text: g.name}), el("p", {text: `${g.variant}: ${g.players.join(", ")}; ${g.deals} deal(s)`}), open));
      }
      return;
    }
    const r = await post(paged("/api/games/" + current), undefined, "GET");
    if (r.status === 0) { box.innerHTML = ""; box.appendChild(errorView(r.data)); return; }  // kept for later
    if (!r.ok) { setCurrent(null); sheet = null; return refresh(); }
    show(r.data);
  }

  // the screen kept awake while a game is open (Screen Wake Lock: secure contexts only; taken again when the
  // page comes back in sight, as the browser lets it go when hidden)
  let wake = null;
  async function keepAwake() {
    if (!("wakeLock" in navigator) || !window.isSecureContext || current === null || wake) return;
    try {
      wake = await navigator.wakeLock.request("screen");
      document.body.dataset.awake = "1";
      wake.addEventListener("release", () => { wake = null; delete document.body.dataset.awake; });
    } catch (e) { wake = null; }  // refused (battery saver, hidden page): the screen sleeps as usual
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") keepAwake(); });

  let part = null;  // riichi_sheet.js, fetched for a riichi game as referee.js is (issue 44)
  function show(data) {
    keepAwake();
    // an answer that left the server before the sheet shown (a refresh overtaken by a save or an undo)
    if (sheet && sheet.game.id === data.game.id && data.game.version < sheet.game.version) return;
    if (!window.RiichiSheet && part !== 0 && "honba" in data.next) {
      part = part || new Promise(ok => {
        const s = document.head.appendChild(el("script", {src: "/static/riichi_sheet.js"}));
        s.onload = ok; s.onerror = () => { part = 0; ok(); };  // (offline, never kept: the sheet without it)
      });
      return part.then(() => show(data));
    }
    const box = document.getElementById("game");
    // the sheet the box holds already (a save's answer after the poll brought it, a tap on the tab): drawn again it
    // would close the deal opened meanwhile; read from the box, so a box cleared is always drawn anew
    const drawn = `${data.game.id}/${data.game.version}/${data.page ? data.page.first : 1}`;
    if (box.querySelector(`:scope > h2.gamename[data-drawn="${drawn}"]`)) { sheet = data; return; }
    sheet = data;
    document.getElementById("new-game").hidden = true;
    document.getElementById("game-list").innerHTML = "";
    const g = data.game;
    window.App.useVariant(g.variant, g.options);  // the header says the open game's rules
    box.innerHTML = "";
    box.appendChild(el("h2", {class: "gamename", text: g.name, "data-drawn": drawn}));
    box.appendChild(el("p", {class: "hint", text: `${g.variant}; players: ${g.players.join(", ")}`}));
    const next = data.next;
    const nextLine = next.over ? "The game is over (a further deal starts a new game)." :
      `Next deal: round ${next.round}; ` + SEATS.filter(s => s in next.seats).map(s => `${s} ${next.seats[s]}`).join(", ") +
      (next.out && next.out.length ? `; sitting out: ${next.out.join(", ")}` : "") +
      (next.seats_changed ? ` (${next.seats_changed})` : "") +  // the players change chairs between rounds
      (window.RiichiSheet ? RiichiSheet.counters(next) : "");
    // why the deal passed or stayed after the last deal, in the laptop's words (a game of three passes it after
    // East's own win where the table says so: the rule and its house option named)
    if (next.moved_on) box.appendChild(el("p", {class: "moved", text: `After deal ${data.page.deals}: ${next.moved_on}.`}));
    box.appendChild(el("p", {class: "next", text: nextLine}));
    // the next deal opened empty, or with its winner (a name) and how the tile came chosen (`win`: from the wall,
    // or a discard and its discarder's name): the table says who won, and from whom, first
    const openNext = async (winner, win) => {
      const now = await latest();  // another phone may have saved a deal since: its seats, not these
      if (!now) return;  // (latest() has said why)
      const sits = name => Object.values(now.next.seats).includes(name);
      const ok = winner && sits(winner) && (!win.discarder || sits(win.discarder));
      openDeal({id: null, data: ok ? {winner: winner, win: win} : null,
                seats: now.next.seats, round: now.next.round, version: now.game.version,
                after: now.deals.length ? now.deals[now.deals.length - 1].id : 0,
                number: now.page.deals + 1, counters: counted(now.next)});
    };
    const enter = el("button", {type: "button", class: "primary", id: "next-deal", text: "Enter the next deal"});
    enter.addEventListener("click", () => openNext(null));
    if (!next.over) {  // who won the next deal and how, one tap: its form opened so, on the winner's hand (issue 44)
      const grid = el("div", {class: "nextwin", id: "next-winner", role: "group",
                              "aria-label": "who won the next deal, on a tile from the wall or whose discard"});
      const sitting = SEATS.filter(s => s in next.seats).map(s => next.seats[s]);
      for (const name of sitting) {
        const row = el("div", {class: "nextrow", role: "group", "aria-label": name + " won"},
                       el("span", {class: "lbl", text: name}));
        for (const from of [null].concat(sitting.filter(n => n !== name))) {
          const b = el("button", {type: "button", "data-player": name, text: from || "wall",
                                  "aria-label": from ? `${name} won on ${from}'s discard` : `${name} won on a tile from the wall`});
          if (from) b.dataset.discarder = from; else b.dataset.from = "wall";
          b.addEventListener("click", () => openNext(name, from ? {from: "discard", discarder: from} : {from: "wall"}));
          row.appendChild(b);
        }
        grid.appendChild(row);
      }
      box.appendChild(el("p", {class: "hint", text: "Who won the next deal, from the wall or on whose discard (one tap opens it):"}));
      box.appendChild(grid);
    }
    // undo asks first, saying what it takes back (a thumb slips); what it took back can be redone
    const undoing = (data.changes || {}).undo, redoing = (data.changes || {}).redo;
    const undo = el("button", {type: "button", id: "undo", text: "Undo last change"});
    undo.addEventListener("click", async () => {
      if (!undo.classList.contains("confirm")) {
        const ask = yes => {
          undo.classList.toggle("confirm", yes);
          undo.textContent = yes ? `Undo ${window.Sync.changeSaid(undoing)}? Tap again` : "Undo last change";
        };
        ask(true);
        setTimeout(() => ask(false), 4000);
        return;
      }
      refusedOrShown(await post(paged(`/api/games/${current}/undo?version=${data.game.version}`), {}), "undo");
    });
    const redo = redoing ? el("button", {type: "button", id: "redo", text: `Redo: ${window.Sync.changeSaid(redoing)}`}) : null;
    if (redo) redo.addEventListener("click", async () => {
      refusedOrShown(await post(paged(`/api/games/${current}/redo?version=${data.game.version}`), {}), "redo");
    });
    const exp = el("a", {class: "button", id: "export", href: `/api/games/${current}/export.yaml`, download: `game-${current}.yaml`, text: "Export YAML"});
    // the sheet as text (the phone's share sheet where it has one, else a file) and as CSV, for a spreadsheet
    const text = sheetText(data);
    let share;
    if (navigator.share) {
      share = el("button", {type: "button", id: "share", text: "Share"});
      share.addEventListener("click", () => navigator.share({title: g.name, text: text}).catch(() => {}));
    } else {
      share = el("a", {class: "button", id: "share", download: `game-${current}.txt`, text: "Text",
                       href: URL.createObjectURL(new Blob([text], {type: "text/plain;charset=utf-8"}))});
    }
    const csv = el("a", {class: "button", id: "csv", download: `game-${current}.csv`, text: "CSV",
                         href: URL.createObjectURL(new Blob([sheetCSV(data)], {type: "text/csv;charset=utf-8"}))});
    const close = el("button", {type: "button", text: "All games"});
    close.addEventListener("click", () => { setCurrent(null); sheet = null; shown = PAGE; refresh(); });
    box.appendChild(el("div", {class: "gamebar", role: "group", "aria-label": "the game"}, enter, undo, redo, share, csv, exp, close));
    box.appendChild(sheetTable(data));
    if (window.RiichiSheet) window.RiichiSheet.standings(box, data);
  }

  // the score sheet of `mjscore sheet`: one row per deal (East, result, how, value), each player's net
  // and running total; then the totals
  function sheetTable(data) {
    const paper = data.sheet;
    const players = paper.players;
    const short = shortNames(players);
    // a phone's width: the deal's number and its ✎ ✕ go in the deal's cell, not columns of their own
    const head = el("tr", {}, el("th", {text: "deal"}),
      ...players.map(p => el("th", {class: "num", text: short[p], title: p})));
    const body = el("tbody");
    body.appendChild(el("tr", {class: "start"}, el("td", {text: "start"}),
      ...players.map(p => el("td", {class: "num", text: String(paper.start[p])}))));
    const page = data.page;
    if (page && page.first > 1) {  // a long game: its earlier deals are on the laptop, shown on asking
      const cell = el("td", {colspan: String(players.length + 1)},
        el("span", {text: `deals 1 to ${page.first - 1} are not shown `}));
      if (shown < MOST) {
        const more = el("button", {type: "button", class: "small", id: "earlier", text: `show ${Math.min(PAGE, page.first - 1)} earlier`});
        more.addEventListener("click", () => { shown = Math.min(MOST, shown + PAGE); latest(); });
        cell.appendChild(more);
      }
      body.appendChild(el("tr", {class: "earlier"}, cell));
    }
    paper.rows.forEach((row, i) => {
      const d = data.deals[i];
      // the deal's line is a button: a tap shows the deal as saved (hands, values, payments) below its row
      // (named by what it shows, "1. E · East Ana ...", as a voice command says it: axe's label-content-name-mismatch)
      const look = el("button", {type: "button", class: "dealview", "aria-expanded": "false",
                                 title: `deal ${row.deal}: show it`},
        el("span", {text: `${row.deal}. ${row.round} · East ${row.east}`}), el("br"));
      const what = el("td", {class: "deal"}, look);
      if (row.error) look.appendChild(el("span", {class: "bad", text: "not scored: " + row.error}));
      else look.appendChild(el("small", {text: [row.result, valueOf(row), window.RiichiSheet && RiichiSheet.second(d), row.how]
        .filter(Boolean).join(" · ")}));  // (riichi's double ron: the second winner and what it was paid)
      look.addEventListener("click", () => {
        const open = look.getAttribute("aria-expanded") === "true";
        look.setAttribute("aria-expanded", open ? "false" : "true");
        const next = look.closest("tr").nextElementSibling;
        if (open && next && next.classList.contains("dealshown")) next.remove();
        if (!open) look.closest("tr").after(el("tr", {class: "dealshown"},
          el("td", {colspan: String(look.closest("tr").cells.length)}, dealShown(d))));
      });
      // as `mjscore sheet`'s seats column: the seats exchanged between rounds, or as the game file states them
      if (row.seats_changed) what.append(el("br"), el("small", {class: "note", text: row.seats_changed}));
      const cells = players.map(p => {
        if (!row.error && !(p in row.net)) {  // five or six players: four sit in each deal
          return el("td", {class: "num out", "data-player": p}, el("small", {text: "out"}), el("br"),
            el("small", {text: String(row.totals[p])}));
        }
        const net = row.net[p] || 0;
        return el("td", {class: "num", "data-player": p},
          el("span", {class: net > 0 ? "plus" : net < 0 ? "minus" : "", text: (net > 0 ? "+" : "") + net}),
          el("br"), el("small", {text: String(row.totals[p])}));
      });
      const fix = el("button", {type: "button", class: "small", text: "✎", title: "correct deal " + row.deal, "aria-label": "correct deal " + row.deal});
      fix.addEventListener("click", async () => {
        const now = await latest();
        const same = now && now.deals.find(x => x.id === d.id);  // its seats as they are now
        if (same) openDeal({id: same.id, data: same.data, seats: same.seats, round: same.round, version: now.game.version,
                           number: same.deal, counters: same.counted || same.counters || null});
      });
      const del = el("button", {type: "button", class: "small", text: "✕", title: "delete deal " + row.deal, "aria-label": "delete deal " + row.deal});
      del.addEventListener("click", async () => {
        // a first tap asks (a thumb slips on a phone); a second, within a few seconds, deletes; undo still restores
        if (!del.classList.contains("confirm")) {
          const ask = (yes) => {
            del.classList.toggle("confirm", yes);
            del.textContent = yes ? "Delete?" : "✕";
            del.setAttribute("aria-label", (yes ? "tap again to delete deal " : "delete deal ") + row.deal);
          };
          ask(true);
          setTimeout(() => ask(false), 4000);
          return;
        }
        refusedOrShown(await post(paged(`/api/games/${current}/deals/${d.id}?version=${data.game.version}`), undefined, "DELETE"),
                       "delete", row.deal);
      });
      what.appendChild(el("div", {class: "acts"}, fix, del));
      body.appendChild(el("tr", {"data-deal": String(d.id)}, what, ...cells));
    });
    body.appendChild(el("tr", {class: "totals"}, el("td", {text: "totals"}),
      ...players.map(p => el("td", {class: "num", "data-total": p, text: String(paper.totals[p])}))));
    const table = el("table", {class: "sheet"}, el("thead", {}, head), body);
    if (window.RiichiSheet) RiichiSheet.column(table, paper);  // riichi: the sticks on the table
    return el("div", {class: "scroll"}, table);
  }

  // a change's answer: the sheet after it, or its error above the sheet (a refused change: the game reloaded first)
  async function refusedOrShown(r, what, deal) {
    if (r.ok) { show(r.data); return; }
    if (r.status === 409 && "version" in r.data) {
      if (!(await latest())) return;
      if (what in window.Sync.REFUSED) r = {data: {error: window.Sync.REFUSED[what](deal)}};
    }
    document.getElementById("game").prepend(errorView(r.data));
  }

  // every phone shows the same game within a few seconds: the open game is asked for again every POLL_MS while
  // the page is in sight, and shown again when another phone changed it (its version moved on)
  const POLL_MS = 1500;
  let polling = null;
  function poll() {
    clearTimeout(polling);
    polling = setTimeout(async () => {
      try {
        if (editing && editing.pending && !sending) await save(true);  // a draft kept while the laptop was away
        if (current !== null && sheet && document.visibilityState === "visible") {
          const asked = current;
          const r = await post(paged("/api/games/" + asked), undefined, "GET");
          if (r.ok && asked === current && sheet && r.data.game.version > sheet.game.version) show(r.data);
        }
      } finally { poll(); }
    }, POLL_MS);
  }

  // the game as the laptop has it now (four phones write to it), shown; null (and the error shown) if it failed
  async function latest() {
    const r = await post(paged("/api/games/" + current), undefined, "GET");
    if (!r.ok) { document.getElementById("game").prepend(errorView(r.data)); return null; }
    show(r.data);
    return r.data;
  }

  // the Deal tab filled for the next deal, or with a deal to correct (seat-keyed, names from the sheet)
  function openDeal(target) {
    const game = target.game || sheet.game;  // (a draft restored while the laptop is away: the game it kept)
    editing = Object.assign({key: window.Sync.newKey(), pending: false,
                             game: {id: game.id, name: game.name, variant: game.variant, options: game.options}}, target);
    if (editing.id && editing.base === undefined) editing.base = target.data;  // the deal as read: merged against
    window.Sync.keep(editing.game.id, editing);
    window.App.useVariant(game.variant, game.options, true);  // the preview (Settle) scored as the save will be
    const seated = SEATS.filter(s => s in target.seats);  // three players: one chair stays empty
    const seatOf = Object.fromEntries(seated.map(s => [target.seats[s], s]));
    const seat = name => (name ? seatOf[name] : null);
    const d = target.data || {};
    const win = d.win || {};
    window.Deal.setInGame(true);
    window.Deal.setSeats(seated);
    window.Deal.load({round: target.round, players: target.seats,
      hands: Object.fromEntries(seated.map(s => [s, (d.hands || {})[target.seats[s]] || ""])),
      winner: seat(d.winner), false_mahjong: seat(d.false_mahjong), pays_for_all: seat(d.pays_for_all),
      faults: Object.fromEntries(Object.entries(d.faults || {}).filter(([n]) => n in seatOf).map(([n, f]) => [seatOf[n], f])),
      win: {tile: win.tile, from: win.from, set: win.set, discarder: seat(win.discarder), also: win.also || []},
      // riichi: who declared and who was waiting, by seat; the indicators; the counters as saved, and the game's
      riichi: (d.riichi || []).map(seat).filter(Boolean), tenpai: (d.tenpai || []).map(seat).filter(Boolean),
      dora: d.dora, ura: d.ura, abort: d.abort, honba: d.honba, sticks: d.sticks, counters: target.counters || null,
      double_ron: d.double_ron ? Object.assign({}, d.double_ron, {winner: seat(d.double_ron.winner)}) : null,
      // mcr: a referee's false wins and penalty points, by seat; a time-out
      false_wins: (d.false_wins || []).map(seat).filter(Boolean), timeout: d.timeout,
      penalties: Object.fromEntries(Object.entries(d.penalties || {}).filter(([n]) => n in seatOf).map(([n, p]) => [seatOf[n], p]))});
    for (const s of SEATS) window.Deal.names[s].readOnly = true;
    document.getElementById("save-deal").hidden = false;
    document.getElementById("cancel-edit").hidden = false;
    document.getElementById("save-deal").textContent = target.id ? `Save correction of deal ${target.number}` : "Save to game";
    // which deal of which game the form is for (the names are the game's: shown, not typed)
    const title = document.getElementById("deal-title");
    title.textContent = (target.id ? `Correcting deal ${target.number}` : `Deal ${target.number}`) + ` of ${game.name}`;
    title.hidden = false;
    showTab("deal");
    title.scrollIntoView({block: "start"});  // the form from its title (the Game tab's scroll is no place in it)
  }

  function closeDeal() {
    if (editing) window.Sync.drop(editing.game.id);  // saved, refused as a copy, or cancelled: the draft is done
    const box = document.getElementById("conflicts");
    if (box) box.remove();
    editing = null;
    window.App.useVariant(window.App.state.variant, window.App.state.options, false);
    window.Deal.setInGame(false);  // the Deal tab's own seats again (all four, or its empty chair)
    for (const s of SEATS) window.Deal.names[s].readOnly = false;
    window.Riichi.outOfGame();  // the counters are the Deal tab's own again, not the game's
    document.getElementById("save-deal").hidden = true;
    document.getElementById("cancel-edit").hidden = true;
    document.getElementById("deal-title").hidden = true;
  }

  // the seat-keyed deal of the form as a game file's deal: hands, winner, discarder, false mah jong, who
  // pays for all and the faults of hands by name; keys the form does not know kept as they were
  function gameDeal() {
    const form = window.Deal.dealData();
    const name = s => (s ? editing.seats[s] : null);
    const out = Object.assign({}, editing.data || {});
    out.hands = Object.fromEntries(Object.keys(form.hands).map(s => [name(s), form.hands[s]]));
    out.winner = name(form.winner);
    if (form.win) {
      out.win = Object.assign({}, out.win || {}, {tile: form.win.tile, from: form.win.from,
        discarder: name(form.win.discarder), also: form.win.also});
      if (form.win.set) out.win.set = form.win.set; else delete out.win.set;  // the form's field says it
    } else delete out.win;
    for (const key of ["false_mahjong", "pays_for_all"]) {
      if (form[key]) out[key] = name(form[key]); else delete out[key];
    }
    if (form.faults) out.faults = Object.fromEntries(Object.entries(form.faults).map(([s, f]) => [name(s), f]));
    else delete out.faults;
    // riichi: who declared and who was waiting by name, the indicators, an abortive draw; the counters only where
    // the players corrected the game's count (else the game file goes on counting them, as batch does)
    for (const key of ["riichi", "tenpai"]) {
      if (form[key] && form[key].length) out[key] = form[key].map(name); else delete out[key];
    }
    for (const key of ["dora", "ura", "abort"]) { if (form[key]) out[key] = form[key]; else delete out[key]; }
    if (form.double_ron) out.double_ron = Object.assign({}, form.double_ron, {winner: name(form.double_ron.winner)});
    else delete out.double_ron;  // (a double ron's second winner by name, its own words)
    // mcr: the referee's false wins and penalty points by name, a time-out
    if (form.false_wins) out.false_wins = form.false_wins.map(name); else delete out.false_wins;
    if (form.penalties) out.penalties = Object.fromEntries(Object.entries(form.penalties).map(([s, n]) => [name(s), n]));
    else delete out.penalties;
    if (form.timeout) out.timeout = true; else delete out.timeout;
    for (const key of ["honba", "sticks"]) {
      const n = key in form ? window.Riichi.stateOf(key) : undefined;
      if (n === undefined) delete out[key]; else out[key] = n;
    }
    return out;
  }

  // the form sent (a correction with the deal as read, a new deal with the last deal read; each with its draft's
  // key): the laptop out of reach keeps the draft on this phone, marked to be sent as soon as it answers again
  let sending = false;
  async function save(again) {  // (again: the poll sending a kept draft, no tap: a failure said once is not said again)
    const url = paged((editing.id ? `/api/games/${current}/deals/${editing.id}` : `/api/games/${current}/deals`) +
      `?version=${editing.version}`);
    const typed = editing.pending ? editing.data : gameDeal();
    if (typed.winner && !(typed.win && typed.win.tile)) {  // a win is scored on its tile: never saved without it
      return saveError({error: `${typed.winner}'s winning tile is not marked: nothing was saved`,
                        hint: `tap the tile ${typed.winner} won on in ${typed.winner}'s hand, then save again`});
    }
    const body = Object.assign({deal: typed, draft: editing.key}, editing.id ? {base: editing.base} : {after: editing.after || 0});
    Object.assign(editing, {data: typed, pending: true});
    window.Sync.keep(editing.game.id, editing);
    sending = true;
    let r;
    try { r = await post(url, body, editing.id ? "PUT" : "POST"); } finally { sending = false; }
    if (r.status === 0) {
      if (again) return;
      return saveError({error: "the laptop cannot be reached: this deal is kept on this phone and will be saved once " +
                               "the laptop answers again (nothing to tap)"});
    }
    editing.pending = false;
    window.Sync.keep(editing.game.id, editing);
    if (r.status === 409 && r.data.duplicate) return duplicate(r.data);
    if (r.status === 409 && r.data.conflicts) return conflicting(typed, r.data);
    if (r.status === 409 && "version" in r.data) return reopen(typed, r.data);
    if (!r.ok) return saveError(r.data);
    const here = document.getElementById("tab-deal").classList.contains("on");
    closeDeal();
    show(r.data);
    if (!again || here) {
      showTab("game");
      // issue 44 (entry): the view where the next action is, the next deal's names and "Enter the next deal"
      const next = document.querySelector("#game .next");
      if (next) next.scrollIntoView({block: "start"});
    }
  }

  // the same deal saved by another phone first: this copy dropped, the first one shown open on the sheet
  async function duplicate(refusal) {
    closeDeal(); showTab("game");
    await latest();
    const row = document.querySelector(`#game tr[data-deal="${refusal.duplicate.id}"] .dealview`);
    if (row && row.getAttribute("aria-expanded") !== "true") row.click();
    document.getElementById("game").prepend(errorView(refusal));
  }

  // a field both phones corrected: the form holds the merged deal (the other phone's value in each such field)
  // and above it both values of each, to choose; saved again, it is merged against the deal as stored now
  function conflicting(typed, refusal) {
    openDeal(Object.assign({}, editing, {data: refusal.merged, base: refusal.theirs, version: refusal.version}));
    const old = document.getElementById("conflicts");
    if (old) old.remove();
    document.getElementById("deal-title").after(window.Sync.conflictView(refusal, (path, value) => {
      openDeal(Object.assign({}, editing, {data: window.Sync.withField(gameDeal(), path, value)}));
    }));
    document.getElementById("conflicts").scrollIntoView({block: "start"});
  }

  function saveError(data) {
    const box = document.getElementById("settlement");
    box.innerHTML = ""; box.dataset.state = "error"; box.appendChild(errorView(data));
    box.scrollIntoView({block: "nearest"});  // below the Save button, often below the fold of a phone
  }

  // another phone changed the game first: the form again on the game as it is now, with what was typed (by
  // player: a hand stays its player's where the seats have moved), for the player to check and save again
  async function reopen(typed, refusal) {
    const now = await latest();
    if (!now) return saveError(refusal);
    const same = editing.id ? now.deals.find(x => x.id === editing.id) : null;
    if (editing.id && !same) {  // the deal being corrected was deleted meanwhile
      closeDeal(); showTab("game");
      document.getElementById("game").prepend(errorView({error: refusal.error + " (this deal was deleted)"}));
      return;
    }
    const at = same || now.next;
    openDeal({...editing, id: editing.id, data: typed, seats: at.seats, round: at.round, version: now.game.version,
              number: same ? same.deal : now.page.deals + 1, counters: same ? same.counted || same.counters || null : counted(now.next)});
    saveError(refusal);
  }

  function start() {
    const saved = localStorage.getItem("mjscore.game");
    current = saved && /^\d+$/.test(saved) ? Number(saved) : null;
    document.getElementById("new-game").addEventListener("submit", e => {
      e.preventDefault();  // sent once newgame.js is here (at once, but for a form sent before it came)
      if (starting) return;
      starting = newGame().then(() => window.NewGame ? window.NewGame.send(e.target) : document.getElementById("game-list")
        .replaceChildren(window.App.errorView({error: "the laptop cannot be reached: start the game again once it can"})))
        .finally(() => { starting = null; });
    });
    document.getElementById("save-deal").addEventListener("click", () => save(false));
    document.getElementById("cancel-edit").addEventListener("click", () => { closeDeal(); showTab("game"); });
    if (current !== null) showTab("game");
    // the draft kept on this phone for the open game (a reload, the laptop away): the form again as it was left
    const draft = current !== null ? window.Sync.kept(current) : null;
    if (draft && draft.seats) openDeal(draft);
    // the draft kept as it is typed (a tap or a key in the Deal tab), while the form is the game's
    // (and when the page goes: a reload, the phone's browser closed)
    let typing = null;
    const keepNow = () => {
      if (editing && !editing.pending) { editing.data = gameDeal(); window.Sync.keep(editing.game.id, editing); }
    };
    const keepTyped = () => { clearTimeout(typing); typing = setTimeout(keepNow, 100); };
    for (const kind of ["click", "input", "change"]) document.getElementById("tab-deal").addEventListener(kind, keepTyped);
    window.addEventListener("pagehide", keepNow);
    poll();
  }

  window.Games = {start, refresh, gameDeal, variantChanged: () => window.NewGame && window.NewGame.variantChanged()};
})();
