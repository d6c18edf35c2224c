"""The table's pot in a riichi game (issue 41, point 4): a riichi stick leaves its declarer's score in the deal
it is put down and lies on the table until a winner takes every stick there (Tenhou rules, EMA RCR 2016: a
1,000-point stick put down at the declaration; the winner collects the sticks on the table).

Properties over random games of Tenhou's rules (draws with players waiting, wins on a discard or self-drawn,
declarations by anyone): each deal's changes of the players and the change of the pot sum to zero; the pot after
a deal is the sticks the next deal counts on the table; the players' totals and the pot hold the starting
points; at the end the pot goes to the first place, so the standings hold them.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import run

NAMES = ["Ann", "Bo", "Cy", "Di"]
PINFU = "345m 456p 345s 55s 678s"  # tanyao and pinfu won on 8s: a hand that wins from any seat, any way
STICK, START = 1000, 25000  # tables/riichi.yaml (Tenhou): riichi_stick, start_points


@st.composite
def deals(draw) -> dict:
    """One deal: a draw with some players waiting, or a win on 8s (self-drawn or on another's discard); any
    players declaring riichi (at a draw, among those waiting)."""
    if draw(st.booleans()):
        tenpai = draw(st.lists(st.sampled_from(NAMES), unique=True))
        riichi = draw(st.lists(st.sampled_from(tenpai), unique=True)) if tenpai else []
        return {"hands": {n: "" for n in NAMES}, "tenpai": tenpai, "riichi": riichi}
    winner = draw(st.sampled_from(NAMES))
    discarder = draw(st.sampled_from([None, *(n for n in NAMES if n != winner)]))
    win = {"tile": "8s", "from": "wall"} if discarder is None else {"tile": "8s", "from": "discard",
                                                                     "discarder": discarder}
    return {"hands": {n: PINFU if n == winner else "" for n in NAMES}, "winner": winner, "win": win,
            "riichi": draw(st.lists(st.sampled_from(NAMES), unique=True))}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(st.lists(deals(), min_size=1, max_size=6))
def test_every_deal_balances_with_the_pot_as_a_party(tmp_path, game):
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"variant": "riichi", "players": NAMES, "deals": game}), encoding="utf-8")
    code, out, err = run("batch", str(path), "--format", "json")
    data = json.loads(out)["games"][0]
    scored = [d for d in data["deals"] if "error" not in d]
    assert code in (0, 1) and scored, err  # (exit 1: a player went below zero, the game over before the file)
    on_table = 0  # the sticks on the table, counted as the table counts them: declared, and taken by a winner
    for d, deal in zip(scored, game):
        assert sum(d["net"].values()) + d["pot"] == 0, d
        assert d["pot"] == STICK * len(deal["riichi"]) - (STICK * on_table + STICK * len(deal["riichi"])
                                                          if "winner" in deal else 0)
        on_table = 0 if "winner" in deal else on_table + len(deal["riichi"])
        assert d["pot_total"] == STICK * on_table
        assert sum(d["totals"].values()) + d["pot_total"] == START * len(NAMES)
        for n in deal["riichi"]:  # the stick leaves the declarer's score now: a payment to the table (null)
            assert {"from": n, "to": None, "amount": STICK} in [
                {k: p[k] for k in ("from", "to", "amount")} for p in d["payments"]]
    if code == 0:  # the game played to its end: the pot left goes to the first place (last_sticks_to_first)
        assert sum(s["total"] for s in data["standings"]) == START * len(NAMES)
        assert data["standings"][0].get("sticks", 0) == STICK * on_table


def test_the_sheet_and_the_report_have_the_tables_column(tmp_path):
    """examples/game-riichi.yaml (worked in its comments, Tenhou rules): deal 1, a draw, Bo declares riichi and
    puts a stick down (the table +1000, 1000 on it); deal 2, Cy wins and takes it (the table -1000, 0 on it);
    deals 3 and 4 move no stick."""
    game = "examples/game-riichi.yaml"
    code, out, err = run("sheet", game, "--format", "json")
    assert code == 0, err
    rows = json.loads(out)[0]["rows"]
    assert [(r["pot"], r["pot_total"]) for r in rows] == [(1000, 1000), (-1000, 0), (0, 0), (0, 0)]
    code, out, err = run("sheet", game, "--format", "csv")
    lines = out.splitlines()
    assert lines[0].endswith(",the table,the table total")
    assert [line.split(",")[-2:] for line in lines[1:]] == [["1000", "1000"], ["-1000", "0"], ["0", "0"], ["0", "0"],
                                                           ["0", ""]]
    page = tmp_path / "season.html"
    code, out, err = run("report", game, "-o", str(page))
    if code == 0:  # (the report extra: matplotlib)
        text = page.read_text(encoding="utf-8")
        assert "<th>the table</th><th>the table total</th>" in text and '<td class="num">+1000</td>' in text


def test_a_page_that_begins_mid_game_counts_the_sticks_already_on_the_table():
    # the page's column of the sticks on the table (web/counters.pot_totals) for a page whose first deal follows
    # 2 sticks left on the table: 2 × 1,000 (STICK) = 2,000 before it; a riichi declared, +1,000 = 3,000; a deal
    # that moved no pot gets no total; the winner takes the 3 sticks, -3,000 = 0
    from mjscore import Header, load_variant
    from mjscore.web import counters

    v = load_variant("riichi")
    deals = [{"pot": STICK}, {"deal": 2}, {"pot": -3 * STICK}]
    counters.pot_totals(Header(v, v.resolve_options(), NAMES), {"honba": 1, "sticks": 2}, deals)
    assert [d.get("pot_total") for d in deals] == [3000, None, 0]
