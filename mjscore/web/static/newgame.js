"use strict";
// The new-game form of the Game tab (split from games.js, issue 44): the players' names in the order of a game
// file, where each will sit in the first deal as the laptop seats them, the rules the game will be scored by.

(function () {
  const {post, errorView, SEAT_NAMES} = window.App;
  const SEATS = ["E", "S", "W", "N"];

  let opened = null;
  // the form sent (games.js listens for it: this file is fetched when the Game tab first shows, issue 44):
  // `opened(sheet)` with the new game's sheet, or the laptop's error under the form
  async function send(f) {
    const body = {name: f.elements.gname.value, variant: window.App.state.variant, options: window.App.state.options,
                  players: typedPlayers()};
    const r = await post("/api/games", body);
    const list = document.getElementById("game-list");
    if (!r.ok) { list.innerHTML = ""; list.appendChild(errorView(r.data)); return; }
    f.reset();
    seatsSaid();
    opened(r.data);
  }

  function start(then) {
    opened = then;
    document.getElementById("new-game").addEventListener("input", seatsSaid);
    variantChanged();
  }

  // the names typed, in the order of a game file (East first): those left empty where the variant is played by
  // fewer than four are left out, a fifth and sixth where it is played by five or six (variantChanged)
  function typedPlayers() {
    const f = document.getElementById("new-game");
    return [f.p0, f.p1, f.p2, f.p3, f.p4, f.p5].filter(p => !p.closest("label").hidden && (p.required || p.value.trim()))
      .map(p => p.value);
  }

  // where the names typed will sit in the first deal, as the laptop seats them (/api/variants: first_seats for
  // each number of players the variant's table allows), or that the variant is not played by so many
  function seatsSaid() {
    const info = window.App.variantInfo();
    const names = typedPlayers().map(p => p.trim());
    const seats = info.first_seats[String(names.length)];
    const line = document.getElementById("new-game-seats");
    if (!names.some(Boolean)) { line.textContent = ""; return; }  // nothing typed yet: nothing to say
    if (!seats) {
      line.textContent = `${names.length} player${names.length === 1 ? "" : "s"}: ${info.variant} is played by ` +
        info.players.join(" or ") + " players";
      return;
    }
    const empty = SEATS.filter(s => !seats.includes(s)).map(s => SEAT_NAMES[s]);
    line.textContent = `${names.length} players. First deal: ` +
      seats.map((s, i) => `${SEAT_NAMES[s]} ${names[i] || "?"}`).join(", ") +
      (empty.length ? `; ${empty.join(" and ")} empty` : "") +
      (names.length > 4 ? `; sitting out: ${names.slice(4).join(", ")}` : "");
  }

  // a new game of fewer than four players where the variant allows it (two, three: South's, West's and North's
  // names may then be left empty); of five or six (four sit in each deal, the others sit it out by turns): then a
  // fifth and a sixth name are asked. What the table allows is its settlement's `players` (/api/variants)
  function variantChanged() {
    const info = window.App.variantInfo();
    const chosen = Object.entries(window.App.state.options).map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`);
    // the rules the new game will be scored by, said before it starts (the header's Rules and House options)
    document.getElementById("new-game-rules").textContent = `Rules: ${info.title}; house options: ` +
      (chosen.length ? chosen.join(", ") : "as the rulebook");
    const allowed = info.players;
    const fewer = allowed.filter(n => n < 4);
    for (const name of ["p1", "p2", "p3"]) {
      const input = document.querySelector(`#new-game [name=${name}]`);
      input.required = !fewer.length;
      input.placeholder = fewer.length ? `empty: ${fewer.join(" or ")} players` : "";
    }
    for (const [name, n] of [["p4", 5], ["p5", 6]]) {
      document.querySelector(`#new-game [name=${name}]`).closest("label").hidden = !allowed.includes(n);
    }
    seatsSaid();
  }

  window.NewGame = {start, send, variantChanged};
})();
