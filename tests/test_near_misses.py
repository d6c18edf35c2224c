"""Issue 31: `score --explain` lists the near misses: the limit hands and doubling rules the same hand makes
with another of its winning tiles or one circumstance changed, most valuable first, at most five."""

from __future__ import annotations

import json

import mjscore
from helpers import run

NINE = ["1112345678999m 1m", "--variant", "dmjl", "--win", "1m"]


def test_the_issues_nine_gates_example():
    # dmjl, tables/dmjl.yaml after Kajongg's DMJL rules; limit 500 (Kajongg "Points for a Limit Hand").
    # 11112345678999m won on a discarded 1m: the 1m completes 123m, 111m stays a concealed pung of terminals 8
    # (Meld Rules), Standard Mah Jongg 20, True Color Game 3 doubles (one suit, no honours): 28 x 2^3 = 224.
    # Completing 111m instead it is exposed: 4 + 20 = 24, x 2^3 = 192.
    # Near misses: the hand before the 1m, 1112345678999m, waits on 1m-9m; on 2m-8m the 14 tiles hold three 1s,
    # three 9s and the surplus is the winning tile: Nine Gates, 1 limit = 500 (Mah Jongg Rules: gates_surplus
    # win; on 1m or 9m four 1s or four 9s). From the wall no group is exposed: Concealed True Color Game,
    # 1 limit = 500 (Winner Rules). With --also original-call (at most two exposed groups: one, the completed
    # 123m): Mah Jongg with Original Call 1 double: 28 x 2^4 = 448.
    code, out, err = run("score", *NINE, "--explain")
    assert (code, err) == (0, "")
    assert out.endswith("""
why this arrangement: 111m 123m 456m 789m 99m is worth 224; the next best, 111m 123m 456m 789m 99m with 1m \
completing 111m, is worth 192
  counted here only: Concealed Pung of Terminals 111m (8 points)
  counted there only: Exposed Pung of Terminals 111m (4 points)

near misses (the same hand with one thing changed, most valuable first):
  - Nine Gates (1 limit): won on 2m, 3m, 4m, 5m, 6m, 7m or 8m (the hand would be
    worth 500)
  - Concealed True Color Game (1 limit): won from the wall (the hand would be
    worth 500)
  - Mah Jongg with Original Call (1 double): with --also original-call (declared
    waiting before the first own discard, hand unchanged, then won) (the hand
    would be worth 448)
""")
    data = json.loads(run("score", *NINE, "--explain", "--format", "json")[1])
    assert [(m["rule"], m["gives"], m["how"], m["value"]) for m in data["near_misses"]] == [
        ("Nine Gates", "1 limit", ["won on 2m, 3m, 4m, 5m, 6m, 7m or 8m"], 500),
        ("Concealed True Color Game", "1 limit", ["won from the wall"], 500),
        ("Mah Jongg with Original Call", "1 double",
         ["with --also original-call (declared waiting before the first own discard, hand unchanged, then won)"], 448)]


def test_a_near_miss_scores_as_the_change_says():
    # each near miss is what `score` gives with the change made: checked against the scorer itself
    assert mjscore.score("1112345678999m 5m", "dmjl", win="5m").limit_hand == "Nine Gates"
    assert mjscore.score("1112345678999m 1m", "dmjl", win="1m", source="wall").value == 500


def test_a_rule_any_hand_gets_by_the_change_is_no_near_miss():
    # the last tile of the wall, a kong robbed, a loose tile: rules that read only the situation (dmjl "Last Tile
    # is Last Tile of Wall", `when: {also: last-wall-tile}`) would be a "near miss" of every hand: not listed
    rules = {m.rule for m in mjscore.near_misses(*NINE[:1], "dmjl", win="1m")}
    assert not rules & {"Last Tile is Last Tile of Wall", "Robbing the Kong", "Last Tile Taken from Dead Wall"}


def test_at_most_five_and_none_said():
    # spanish's README hand: its only doubling items need a heaven or earth hand (left out: the deal's story, not
    # one thing changed) or are counted already: none
    code, out, _ = run("score", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "--explain")
    assert out.endswith("\nnear misses: none (no limit hand or doubling rule is one winning tile or one "
                        "circumstance away)\n")
    for variant in ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja"):
        assert len(mjscore.near_misses("111m 999p 555s 777s 22m", variant, win="2m")) <= 5


def test_a_guessed_winning_tile_is_named_in_a_changed_circumstance():
    # basque, no --win: the best reading wins on 2s (completing 234s). Rule 85 XVII "robbing two bamboo": the
    # 2s robbed from a kong is a limit hand, 1 limit = 500 (tables/basque.yaml `limit: 500`); {5555s} holds the
    # other copies of 5s only, so a 2s may be robbed
    assert mjscore.score("{5555s} 234s 678s RRR 11s", "basque").win == "2s"
    assert [m.to_dict() for m in mjscore.near_misses("{5555s} 234s 678s RRR 11s", "basque")] == [
        {"rule": "robbing two bamboo (XVII)", "gives": "1 limit", "how": ["won by robbing a kong (on 2s)"],
         "value": 500, "cite": "rule 85 XVII"}]
