"""A non-winner's hand written as only its scoring sets (fewer than 13 tiles, a kong counting 3).

At a table the losers are often entered roughly, only the sets that score (the page of `mjscore
serve` invites it). Such a hand can be judged set by set, but not as a whole: "all honours" or "one
suit" need every tile. So the rules whose conditions read every tile are not scored on it, and a
note names those its sets alone would have met. A whole hand of 13 tiles scores them as before;
a hand short by a declared fault (basque rule 66) holds all its tiles and is judged whole.
"""

import json

from hypothesis import given, settings, strategies as st

from helpers import items, run, score
from mjscore.rules.registry import reads_whole_hand
from mjscore.rules.tables import load_variant


def test_whole_non_winning_hand_of_honours_scores_all_honours():
    # Spanish rulebook p. 2 §6 (values: Babcock, Rules for Mah-Jongg (1923)), seat S, round E, 13 tiles:
    # RRR 8 + GGG 8 (concealed pungs of honours) + PP 2 (pair of dragons) = 18 points;
    # doubles: pung of dragons 1 + 1, all honours 3 = 5; 18 x 2^5 = 576, capped at the limit 300
    s = score("RRR GGG NN W PP E S", "spanish", seat="S")
    assert not s.mahjong and "all honours" in items(s)
    assert (s.points, s.doubles, s.value) == (18, 5, 300)
    assert not any("partial hand" in n for n in s.notes)


def test_partial_hand_of_honours_keeps_its_sets_only():
    # the same sets written alone (11 tiles): 8 + 8 + 2 = 18 points; doubles 1 + 1 = 2 (dragon pungs);
    # 18 x 2^2 = 72. All honours is not scored: the other two tiles are not known.
    s = score("RRR GGG NN W PP", "spanish", seat="S")
    assert "all honours" not in items(s)
    assert (s.points, s.doubles, s.value) == (18, 2, 72)
    assert s.notes == ("a partial hand (11 tiles; a whole one has 13): all honours not scored, "
                       "as only the whole hand can show it",)


def test_a_lone_dragon_pung_is_not_a_hand_of_honours():
    # Spanish p. 2 §6: RRR concealed pung of honours 8; pung of dragons 1 double: 8 x 2 = 16
    # (before, RRR alone took all honours' 3 doubles too: 8 x 2^4 = 128)
    s = score("RRR", "spanish")
    assert (s.points, s.doubles, s.value) == (8, 1, 16)


def test_set_rules_still_score_on_a_partial_hand():
    # DMJL (Kajongg): Meld Rules: exposed pung of honours 4 + 4, pair of dragons 2 = 10; Pung/Kong of Dragons
    # 1 + 1; Hand Rules: Little Three Dragons (two dragon pungs and a dragon pair) 1: 3 doubles; 10 x 2^3 = 80
    s = score("[RRR] [GGG] PP", "dmjl", seat="S")
    assert "Little Three Dragons" in items(s)
    assert (s.points, s.doubles, s.value) == (10, 3, 80)
    assert not any("partial hand" in n for n in s.notes)


def test_a_rough_loser_in_a_deal():
    # spanish (p. 2 §6), South wins [555p] 123m 789s SSS NN on 7s from the wall: [555p] 2 + SSS 8 + mah jong
    # 20 + self-drawn 2 = 32; 1 double (SSS own wind): 64 (the README's example).
    # West is written only as its scoring set RRR: 8 x 2 = 16, not 128.
    # East [PPP] 234m 7p 8p 55s 1s NN (13 tiles): [PPP] exposed pung of honours 4, 1 double (dragons): 8.
    # North [GGG] 11m, rough: [GGG] 4, 1 double: 8 (not one suit with honours).
    # Payments (Babcock, Rules for Mah-Jongg (1923), ch. I; East double, ch. VI): E pays 64 x 2 = 128,
    # W and N 64 each; among the losers W is paid by E (16 - 8) x 2 = 16 and by N 16 - 8 = 8; E and N are level.
    # Net: E -128 - 16 = -144, S +256, W -64 + 24 = -40, N -64 - 8 = -72 (sum 0).
    code, out, err = run("settle", "--variant", "spanish", "--winner", "S", "--win", "7s", "--from", "wall",
                         "--east", "[PPP] 234m 7p 8p 55s 1s NN", "--south", "[555p] 123m 789s SSS NN",
                         "--west", "RRR", "--north", "[GGG] 11m", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 8, "S": 64, "W": 16, "N": 8}
    assert data["net"] == {"E": -144, "S": 256, "W": -40, "N": -72}
    assert any("partial hand (3 tiles" in n for n in data["hands"]["W"]["notes"])
    # the table for people says it too, as it says why a hand is long
    code, out, err = run("settle", "--variant", "spanish", "--winner", "S", "--win", "7s", "--from", "wall",
                         "--east", "[PPP] 234m 7p 8p 55s 1s NN", "--south", "[555p] 123m 789s SSS NN",
                         "--west", "RRR", "--north", "[GGG] 11m")
    assert code == 0, err
    assert ("note: West: a partial hand (3 tiles; a whole one has 13): all honours not scored, as only the whole "
            "hand can show it\n") in out
    assert ("note: North: a partial hand (5 tiles; a whole one has 13): one suit with honours not scored, as only "
            "the whole hand can show it\n") in out


# --- a non-winner with nothing that scores, left empty in a deal ------------------------------------------------

DEAL = ["--variant", "spanish", "--winner", "S", "--win", "7s", "--south", "[555p] 123m 789s SSS NN",
        "--west", "RRR", "--north", "", "--format", "json"]


def test_an_empty_non_winner_is_worth_nothing():
    # South wins on a discard (Spanish p. 2 §6): [555p] 2 + SSS 8 + mah jong 20 = 30, own wind x2 = 60.
    # East and North left empty: nothing scores, 0. West RRR: 8 x 2 = 16.
    # Babcock (1923) ch. I and VI: E pays 60 x 2 = 120, W and N 60; E pays W (16 - 0) x 2 = 32, N pays W 16.
    # Net: E -120 - 32 = -152, S +240, W -60 + 48 = -12, N -60 - 16 = -76 (sum 0).
    code, out, err = run("settle", "--east", "", *DEAL)
    assert code == 0, err
    data = json.loads(out)
    assert {s: h["value"] for s, h in data["hands"].items()} == {"E": 0, "S": 60, "W": 16, "N": 0}
    assert data["hands"]["E"]["hand"] == "" and data["hands"]["E"]["items"] == []
    assert data["net"] == {"E": -152, "S": 240, "W": -12, "N": -76}


def test_an_empty_winner_is_refused():
    code, out, err = run("settle", "--east", "1m", *[a if a != "[555p] 123m 789s SSS NN" else "  " for a in DEAL])
    assert code == 2 and out == ""
    assert err.startswith("mjscore: error: deal: hand of South (S): no tiles in the hand")


def test_an_empty_non_winner_in_a_game_file(tmp_path):
    # the same deal in a game file (batch): the same values and totals, from the Spanish counters of 2000
    # (page 1 §5): Ann (E) 2000 - 152 = 1848, Bo (S) 2240, Cy (W) 1988, Di (N) 1924
    game = tmp_path / "game.yaml"
    game.write_text("variant: spanish\nplayers: [Ann, Bo, Cy, Di]\ndeals:\n"
                    "  - hands: {Ann: '', Bo: '[555p] 123m 789s SSS NN', Cy: RRR, Di: ''}\n"
                    "    winner: Bo\n    win: {tile: 7s, from: discard, discarder: Cy}\n", encoding="utf-8")
    code, out, err = run("batch", str(game), "--format", "json")
    assert code == 0, err
    (played,) = json.loads(out)["games"]
    assert played["totals"] == {"Ann": 1848, "Bo": 2240, "Cy": 1988, "Di": 1924}


# --- what must hold for every partial hand ------------------------------------------------------------------------

KINDS = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNRGP")
VARIANTS = ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja")


def _only_whole(name: str) -> set[str]:
    """Names of the variant's hand rules that read every tile (and no rule of the same name that does not)."""
    rules = [r for r in load_variant(name).rules if r.per == "hand"]
    whole = {r.name for r in rules if reads_whole_hand(r.pred)}
    return whole - {r.name for r in rules if not reads_whole_hand(r.pred)}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.lists(st.sampled_from(KINDS), min_size=1, max_size=12),
       st.sampled_from("ESWN"))
def test_a_partial_hand_never_earns_a_whole_hand_rule(variant, tiles, seat):
    # fewer than 13 tiles, at most 4 of a kind: a partial non-winning hand
    tiles = [t for i, t in enumerate(tiles) if tiles[:i].count(t) < 4]
    s = score(" ".join(tiles), variant, seat=seat)
    assert not s.mahjong
    assert not set(items(s)) & _only_whole(variant)
