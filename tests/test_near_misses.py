"""Issue 31: `score --explain` lists the near misses: the limit hands and doubling rules the same hand makes
with another of its winning tiles, one circumstance changed or one concealed tile swapped, most valuable first,
at most five."""

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
    # 123m): Mah Jongg with Original Call 1 double: 28 x 2^4 = 448. One of the four 1m swapped for a 2m, 5m or
    # 8m (still won on the other 1m): 1112345678999m and a surplus 2, 5 or 8, Squirming Snake (Mah Jongg Rules:
    # gates_surplus 2, 5 or 8, no kong), 1 limit = 500; a 9m swapped leaves four 1s and two 9s, no snake.
    code, out, err = run("score", *NINE, "--explain")
    assert (code, err) == (0, "")
    assert out.endswith("""
why this arrangement: 111m 123m 456m 789m 99m is worth 224; the next best, 111m 123m 456m 789m 99m with 1m \
completing 111m, is worth 192
  counted here only: Concealed Pung of Terminals 111m (8 points)
  counted there only: Exposed Pung of Terminals 111m (4 points)

near misses (the same hand with one thing changed, most valuable first):
  - Nine Gates (1 limit): won on 2m, 3m, 4m, 5m, 6m, 7m or 8m (the hand would be
    worth 500); not met as it stands: gates_surplus: win (the 14 tiles are one
    suit: three 1s, three 9s, one each of 2-8 and one more (the surplus); the
    surplus has one of these numbers (a list of 2-8), or `win`: the winning
    tile's number (Nine Gates; [2, 5, 8] is the Squirming Snake))
  - Concealed True Color Game (1 limit): won from the wall (the hand would be
    worth 500); not met as it stands: groups: exposed: True, claimed_kong:
    False, max: 0 (how many groups meet the given group conditions (min, max))
  - Squirming Snake (1 limit): swap 1m for 2m; or swap 1m for 5m; or swap 1m for
    8m (the hand would be worth 500); not met as it stands: gates_surplus: [2;
    5; 8] (the 14 tiles are one suit: three 1s, three 9s, one each of 2-8 and
    one more (the surplus); the surplus has one of these numbers (a list of
    2-8), or `win`: the winning tile's number (Nine Gates; [2, 5, 8] is the
    Squirming Snake))
  - Mah Jongg with Original Call (1 double): with --also original-call (declared
    waiting before the first own discard, hand unchanged, then won) (the hand
    would be worth 448)
""")
    # what each rule asks that the hand as it stands fails (its `when:` in tables/dmjl.yaml, condition by
    # condition): won on 1m the hand holds four 1s, so its surplus is a 1, which neither Nine Gates (the surplus
    # is the winning tile, 2-8) nor Squirming Snake (2, 5 or 8) takes; the discarded 1m makes 123m an exposed
    # set, which Concealed True Color Game allows none of. Original Call reads only the circumstance, which its
    # change already says: nothing more to say.
    data = json.loads(run("score", *NINE, "--explain", "--format", "json")[1])
    assert [(m["rule"], m["gives"], m["how"], m["value"]) for m in data["near_misses"]] == [
        ("Nine Gates", "1 limit", ["won on 2m, 3m, 4m, 5m, 6m, 7m or 8m"], 500),
        ("Concealed True Color Game", "1 limit", ["won from the wall"], 500),
        ("Squirming Snake", "1 limit", ["swap 1m for 2m", "swap 1m for 5m", "swap 1m for 8m"], 500),
        ("Mah Jongg with Original Call", "1 double",
         ["with --also original-call (declared waiting before the first own discard, hand unchanged, then won)"], 448)]
    assert [m["unmet"] for m in data["near_misses"]] == [
        ["gates_surplus: win"], ["groups: exposed: True, claimed_kong: False, max: 0"], ["gates_surplus: [2; 5; 8]"], []]


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
    assert ("\nnear misses: none (no limit hand or doubling rule is one winning tile, one circumstance or one "
            "swapped tile away)\n") in out
    for variant in ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja"):
        assert len(mjscore.near_misses("111m 999p 555s 777s 22m", variant, win="2m")) <= 5


def test_a_guessed_winning_tile_is_named_in_a_changed_circumstance():
    # basque, no --win: the best reading wins on 2s (completing 234s). Rule 85 XVII "robbing two bamboo": the
    # 2s robbed from a kong is a limit hand, 1 limit = 500 (tables/basque.yaml `limit: 500`); {5555s} holds the
    # other copies of 5s only, so a 2s may be robbed
    assert mjscore.score("{5555s} 234s 678s RRR 11s", "basque").win == "2s"
    assert [m.to_dict() for m in mjscore.near_misses("{5555s} 234s 678s RRR 11s", "basque")] == [
        {"rule": "robbing two bamboo (XVII)", "gives": "1 limit", "how": ["won by robbing a kong (on 2s)"],
         "value": 500, "values": [[500, 500]], "cite": "rule 85 XVII", "unmet": []}]  # (only the circumstance)


def test_one_tile_swapped():
    # basque, East wins 123s 234s 666s 888s GG on a discarded 6s: chows 0 (table 1, line 12), 666s completed by
    # the discard an exposed pung of simples 2 (line 1), 888s concealed 4 (line 1), GG pair of dragons 2 (line 7),
    # mah jong 20 (table 3, line 1); 6s is not the only tile (G waits too); one suit and honours 1 double
    # (table 2, line 7): 28 x 2 = 56.
    # Swaps of a concealed tile, the hand still won on 6s (each checked by hand: the 13 tiles left wait on ...):
    # - 1s for 4s: 234s 234s 666s 888s GG, all bamboo 2-8 and green dragons: green hand (rule 85 IV), 1 limit
    #   = 500 (the only swap of 1s that wins: 22334s waits on 1s and 4s);
    # - 6s for G: 123s 234s 66s 888s GGG, 6s completing 66s (7s would win too, 678s 88s): GGG concealed pung of
    #   honours 8 (line 3) and pung of dragons 1 double (table 2, line 1); 888s 4, 20: 32 x 2^2 = 128;
    # - 8s for G: 123s 234s 666s 88s GGG: 666s exposed 2, GGG 8, 20: 30 x 2^2 = 120;
    # - won on G instead (the other winning tile): 123s 234s 66s 888s GGG, GGG exposed 4, 888s 4, 20: 28 x 4 = 112.
    # Pung of dragons: each change with its own value, 112, 128 and 120 (never the best, 128, said for won on G).
    # Other swaps win (2s for 5s: 123s 345s ...) but make no new rule.
    # What the green hand asks (rule 85 IV, tables/basque.yaml: every tile 2-8 of bamboo or a green dragon) the
    # hand as it stands fails: it holds a 1s. A pung of dragons is a set rule: its changes say it all.
    code, out, err = run("score", "123s 234s 666s 888s GG", "-v", "basque", "--win", "6s", "--explain")
    assert code == 0 and "base points 28, doubles 1: 28 x 2^1 = 56" in out
    assert out[out.index("near misses"):out.index("the rulebook's words")] == """\
near misses (the same hand with one thing changed, most valuable first):
  - green hand (IV) (1 limit): swap 1s for 4s (the hand would be worth 500); not
    met as it stands: all_tiles: 2345678s G (every tile (bonus aside) is of this
    class or one of these tiles)
  - pung of dragons (1 double): won on G (worth 112); or swap 6s for G (worth
    128); or swap 8s for G (worth 120)

"""
    assert mjscore.score("234s 234s 666s 888s GG", "basque", win="6s").value == 500
    assert mjscore.score("123s 234s 66s 888s GGG", "basque", win="6s").value == 128
    assert mjscore.score("123s 234s 666s 88s GGG", "basque", win="6s").value == 120


def test_more_swaps_than_said_are_counted():
    # dmjl, 123s 345s SSS 333m 33s won on 3s (the pair): concealed pung 333m 4 + concealed pung of honours SSS 8
    # + mah jong 20 + the last tile completing a pair of 2..8 2 = 34, no double (Kajongg's DMJL rules). With one
    # concealed tile swapped (still won on 3s) 333s is a third concealed pung: e.g. 1s for 2s gives 22s 333s
    # 345s SSS 333m: 4 + 4 + 8 + 20 = 36, Three Concealed Pongs 1 double: 36 x 2 = 72. Six swaps make it (1s for
    # 2s or 5s, 2s for 1s, 4s for 5s, 5s for 1s or 4s), all worth 72: the first three are said, three counted.
    misses = {m.rule: m for m in mjscore.near_misses("123s 345s SSS 333m 33s", "dmjl", win="3s")}
    assert mjscore.score("123s 345s SSS 333m 33s", "dmjl", win="3s").value == 34
    assert misses["Three Concealed Pongs"].how == ("swap 1s for 2s", "swap 1s for 5s",
                                                   "swap 2s for 1s (or 3 other swaps)")
    assert misses["Three Concealed Pongs"].value == 72
    for out, into in (("1s", "2s"), ("1s", "5s"), ("2s", "1s"), ("4s", "5s"), ("5s", "1s"), ("5s", "4s")):
        tiles = ["1s", "2s", "3s", "3s", "3s", "4s", "5s"]
        tiles[tiles.index(out)] = into
        s = mjscore.score(" ".join(tiles) + " 3s SSS 333m", "dmjl", win="3s")
        assert "Three Concealed Pongs" in {i.rule for i in s.items} and s.value == 72, (out, into)


def test_a_change_that_leaves_the_hand_worth_no_more_is_no_near_miss():
    # bmja, 111m 222m 333m 444m 55m won on 5m is Buried Treasure (1000, a limit). One tile swapped for a 5m makes
    # No Chow and Purity, but the hand would then be worth less than the limit: a referee is not told of it.
    hand = "111m 222m 333m 444m 55m"
    assert mjscore.score(hand, "bmja", win="5m").value == 1000
    swapped = mjscore.score("111m 222m 333m 44m 555m", "bmja", win="5m")  # 4m for 5m
    assert {"No Chow", "Purity"} <= {i.rule for i in swapped.items} and swapped.value < 1000
    assert all(m.value > 1000 for m in mjscore.near_misses(hand, "bmja", win="5m"))
    assert "No Chow" not in {m.rule for m in mjscore.near_misses(hand, "bmja", win="5m")}


def test_mcr_near_misses_are_fan_and_never_a_circumstance_alone():
    # mcr, 123m 456m 789m 234p 55p won on 5p from a discard: Pure Straight 16 (fan 28) + Concealed Hand 2 (fan 62)
    # + All Chows 2 (fan 63) + One Voided Suit 1 (fan 75) = 21 (Mahjong Competition Rules, fan added). From the
    # wall: Fully Concealed Hand 4 (fan 56) instead of Concealed Hand (it excludes it and Self-Drawn): 16 + 4 + 2 +
    # 1 = 23. With 4p swapped for 1p (123p 55p, still won on 5p): Mixed Double Chow 1 (fan 70, 123m and 123p) and
    # Single Wait 1 (fan 79, 5p alone completes it): 21 + 2 = 23. A fan that the circumstance alone makes (Last
    # Tile Claim, Self-Drawn, ...) is no near miss of this hand.
    hand = "123m 456m 789m 234p 55p"
    assert mjscore.score(hand, "mcr", win="5p").value == 21
    misses = [(m.rule, str(m.gives), tuple(map(str, m.how)), m.value)
              for m in mjscore.near_misses(hand, "mcr", win="5p")]
    assert misses == [("Fully Concealed Hand", "4 fan", ("won from the wall",), 23),
                      ("Mixed Double Chow", "1 fan", ("swap 4p for 1p",), 23),
                      ("Single Wait", "1 fan", ("swap 4p for 1p",), 23)]
    assert mjscore.score(hand, "mcr", win="5p", source="wall").value == 23
    swapped = mjscore.score("123m 456m 789m 123p 55p", "mcr", win="5p")
    assert swapped.value == 23 and {"Mixed Double Chow", "Single Wait"} <= {i.rule for i in swapped.items}


def test_each_change_says_its_own_value():
    # spanish (tables/spanish.yaml, rulebook p. 2 §6), RR 555p 123m 456m 789m won on a discarded 5p: chows 0,
    # 555p completed by the discard an exposed pung of simples 2, pair of dragons 2, mah jong 20 = 24, no double.
    # Pung of dragons (1 double) is one change away two ways, each worth its own:
    # - won on R instead (another of its winning tiles: the 13 tiles RR 55p 123m 456m 789m wait on R and 5p):
    #   RRR 55p 123m 456m 789m, RRR completed by the discard an exposed pung of honours 4, 55p 0, 20:
    #   24 x 2^1 = 48;
    # - swap a 5p for R, still won on 5p (completing the pair 55p): RRR concealed pung of honours 8, 20:
    #   28 x 2^1 = 56.
    # The reviewer's report (issue 31): 56 was said for "won on R" too.
    code, out, err = run("score", "RR 555p 123m 456m 789m", "--win", "5p", "--explain")
    assert (code, err) == (0, "")
    assert "value: 24" in out
    assert out[out.index("near misses"):out.index("the rulebook's words")] == """\
near misses (the same hand with one thing changed, most valuable first):
  - pung of dragons (1 double): won on R (worth 48); or swap 5p for R (worth 56)

"""
    assert mjscore.score("RRR 55p 123m 456m 789m", win="R").value == 48
    assert mjscore.score("RRR 55p 123m 456m 789m", win="5p").value == 56
    (miss,) = mjscore.near_misses("RR 555p 123m 456m 789m", win="5p")
    assert (miss.how, miss.value, miss.values) == (("won on R", "swap 5p for R"), 56, ((48, 48), (56, 56)))
    code, out, err = run("score", "RR 555p 123m 456m 789m", "--win", "5p", "--explain", "--lang", "es")
    assert "ganó con R (valdría\n    48); o cambiar 5p por R (valdría 56)" in out


def test_markdown_and_html_say_a_near_miss_in_one_paragraph():
    # the near misses of the issue's nine gates hand (test_the_issues_nine_gates_example: values worked there);
    # a terminal cuts them at 80 columns, a page wraps its own paragraphs: one paragraph each, never cut
    code, out, err = run("score", *NINE, "--explain", "--format", "markdown")
    assert (code, err) == (0, "")
    assert ("\n\n\\- Nine Gates (1 limit): won on 2m, 3m, 4m, 5m, 6m, 7m or 8m (the hand would be worth 500); not "
            "met as it stands: gates\\_surplus: win (the 14 tiles are one suit: three 1s, three 9s, one each of 2-8 and "
            "one more (the surplus); the surplus has one of these numbers (a list of 2-8), or \\`win\\`: the winning "
            "tile's number (Nine Gates; \\[2, 5, 8\\] is the Squirming Snake))\n\n"
            "\\- Concealed True Color Game (1 limit): won from the wall (the hand would be worth 500); not met as it "
            "stands: groups: exposed: True, claimed\\_kong: False, max: 0 (how many groups meet the given group "
            "conditions (min, max))\n\n") in out
    code, out, err = run("score", *NINE, "--explain", "--format", "html")
    assert (code, err) == (0, "")
    assert ("<p>- Mah Jongg with Original Call (1 double): with --also original-call (declared waiting before the "
            "first own discard, hand unchanged, then won) (the hand would be worth 448)</p>") in out
    # the rulebook's words too: spanish's quote of p. 1 §4 (tables/spanish.yaml) whole in one paragraph
    code, out, err = run("score", "RR 555p 123m 456m 789m", "--win", "5p", "--explain", "--format", "html")
    assert ("<p>es, p. 1 §4: “Los chow no valen nada, y los pung, formados por fichas medias, sólo valen la mitad "
            "que si fueran fichas de primera.”</p>") in out
    assert "worth</p>" not in out and "<p>worth" not in out


def test_swaps_not_said_are_counted_with_their_range():
    # dmjl (Kajongg's DMJL rules: concealed pung of simples 4, exposed 2, Standard Mah Jongg 20, the last tile
    # completing a pair of 2..8 2; Three Concealed Pongs and No Chow 1 double each). 678s 678s 555m 666m 88s won on
    # a discarded 6s: 555m 4 + 666m 4 + 20 = 28, no double. Three Concealed Pongs is one change away:
    # - won on 7s: the 14 tiles 6s 777s 8888s 555m 666m are 678s 888s 77s, 77s completed: 4 + 4 + 4 + 20 + 2
    #   = 34 x 2 = 68;
    # - swap 8s for 7s: 66s (completed) 777s 888s: 4 + 4 + 4 + 4 + 20 + 2 = 38, No Chow too: x 4 = 152;
    # - swap 8s for 6s: 666s completed by the discard (exposed 2) 888s 77s: 2 + 4 + 4 + 4 + 20 = 34 x 4 = 136;
    # - swap 7s for 6s: 678s 888s 66s (completed): 34 x 2 = 68; swap 7s for 9s: 789s 888s 66s: 68 too;
    # - swap 6s for 7s: 678s (the 6s completing it) 888s 77s: 4 + 4 + 4 + 20 = 32 x 2 = 64.
    # Three swaps said, the most valuable first (152, 136, 68); the two not said (68, 64) are counted with the
    # last said, the range of the three: 64 to 68 (never 152, the most, for them)
    hand = "678s 678s 555m 666m 88s"
    assert mjscore.score(hand, "dmjl", win="6s").value == 28
    assert mjscore.score("678s 77s 888s 555m 666m", "dmjl", win="7s").value == 68
    for swapped, value in (("66s 777s 888s 555m 666m", 152), ("666s 77s 888s 555m 666m", 136),
                           ("66s 678s 888s 555m 666m", 68), ("66s 789s 888s 555m 666m", 68),
                           ("678s 77s 888s 555m 666m", 64)):
        assert mjscore.score(swapped, "dmjl", win="6s").value == value, swapped
    misses = {m.rule: m for m in mjscore.near_misses(hand, "dmjl", win="6s")}
    pongs = misses["Three Concealed Pongs"]
    assert pongs.how == ("won on 7s", "swap 8s for 7s", "swap 8s for 6s", "swap 7s for 6s (or 2 other swaps)")
    assert pongs.values == ((68, 68), (152, 152), (136, 136), (64, 68)) and pongs.value == 152
    code, out, err = run("score", hand, "-v", "dmjl", "--win", "6s", "--explain")
    assert """\
  - Three Concealed Pongs (1 double): won on 7s (worth 68); or swap 8s for 7s
    (worth 152); or swap 8s for 6s (worth 136); or swap 7s for 6s (or 2 other
    swaps) (worth 64 to 68); not met as it stands: groups: set: [pung; kong],
    any: [exposed: False; claimed_kong: True], min: 3 (how many groups meet the
    given group conditions (min, max))
""" in out  # (as it stands the hand holds two concealed pungs, 555m 666m: Three Concealed Pongs asks three)


def test_what_a_rule_asks_is_said_in_the_language_of_the_outputs():
    # the Nine Gates hand of test_the_issues_nine_gates_example (its arithmetic there), with --lang es: the fixed
    # words around the unmet condition in the Spanish catalogue; the condition as tables/dmjl.yaml writes it
    code, out, err = run("score", *NINE, "--explain", "--lang", "es")
    assert (code, err) == (0, "")
    text = " ".join(out.split())
    assert "; no se cumple tal como está: gates_surplus: win (the 14 tiles are one suit:" in text
    assert "not met as it stands" not in text
