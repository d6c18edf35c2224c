"""`spanish` house options for the rulebook's doubtful readings, each worked by hand.

The Spanish rulebook has two pages: page 1 (sections 1-5) on play, page 2 ("6. Puntuación")
on scoring, a Spanish adaptation of Babcock, Rules for Mah-Jongg (1923). Each option's default
is the most literal reading of the Spanish words (quoted in tables/spanish.yaml).
"""

import json

import pytest

from helpers import items, run, score

CHOWS = "234m 567m 234p 567p 99s"  # four chows and a pair of 9s: the sets and the pair score nothing


# --- only_possible_place: Babcock's 2 points, not in the Spanish list of premiums ------------------------------

def test_babcock_fig_17_only_possible_place():
    # Babcock, Rules for Mah-Jongg (1923), chapter VI, Fig. 17: [111p] 4 + [WWW] 4 + 777m concealed 4 + 20 = 32;
    # drawn 2m that fills 1_3m, the only possible place: + 2 (drawn) + 2 (only place) = 36; held by West, three of
    # his own wind double it: 72.
    s = score("[111p] [WWW] 777m 123m 55s", "spanish", seat="W", win="2m", source="wall",
              options={"only_possible_place": "true"})
    assert (s.points, s.doubles, s.value) == (36, 1, 72)
    assert items(s)["filling the only possible place"] == (2, 0, 0)
    # default (Spanish rulebook, page 2: no such premium): 4 + 4 + 4 + 20 + 2 = 34, x2 = 68
    s = score("[111p] [WWW] 777m 123m 55s", "spanish", seat="W", win="2m", source="wall")
    assert (s.points, s.doubles, s.value) == (34, 1, 68)
    assert "filling the only possible place" not in items(s)


def test_babcock_fig_16_only_possible_place_on_a_discard():
    # Babcock (1923), chapter VI, Fig. 16: [444p] 2 + 999s concealed 8 + 20 + only possible place 2 = 32
    # (8p fills 7_9p, taken from a discard; 123m and 789p chows 0, pair 55m 0)
    s = score("[444p] 999s 123m 79p 55m 8p", "spanish", seat="S", win="8p", options={"only_possible_place": "true"})
    assert (s.points, s.value) == (32, 32)
    # default: 2 + 8 + 20 = 30
    assert score("[444p] 999s 123m 79p 55m 8p", "spanish", seat="S", win="8p").value == 30


def test_a_two_sided_wait_is_no_only_place():
    # 78s waits on 6s and 9s: no 2 points even with the option. [555p] 2 + SSS concealed 8 + 20 = 30; seat S,
    # own wind pung x2 = 60
    s = score("[555p] 123m 789s SSS NN", "spanish", seat="S", win="9s", options={"only_possible_place": "true"})
    assert (s.points, s.value) == (30, 60)


# --- nothing_but_mahjong: "No puntuar nada más que Mah Jongg: 10 puntos" ------------------------------------------

@pytest.mark.parametrize("situation, literal, sets_only", [
    # won on a discard: only mah jong scores, 20 + 10 = 30 under both readings (the literal one gives the 10 here only)
    (dict(win="4m"), 20 + 10, 20 + 10),
    # self-drawn ("Terminar el juego con una ficha no descartada: 2 puntos"): literally the hand scored more than
    # Mah Jongg, 20 + 2 = 22; sets only: 20 + 2 + 10 = 32
    (dict(win="4m", source="wall"), 20 + 2, 20 + 2 + 10),
    # robbing a kong 10: 20 + 10 = 30; sets only 20 + 10 + 10 = 40
    (dict(win="5m", source="kong"), 20 + 10, 20 + 10 + 10),
    # last tile of the live wall, drawn: 20 + 2 + 10 = 32; sets only 20 + 2 + 10 + 10 = 42
    (dict(win="9s", source="wall", also=["last-wall-tile"]), 20 + 2 + 10, 20 + 2 + 10 + 10),
])
def test_nothing_but_mahjong(situation, literal, sets_only):
    s = score(CHOWS, "spanish", **situation)
    assert s.mahjong and s.value == literal
    assert ("nothing scored but mah jong" in items(s)) == (situation == dict(win="4m"))
    s = score(CHOWS, "spanish", options={"nothing_but_mahjong": "no-set-points"}, **situation)
    assert s.value == sets_only and items(s)["nothing scored but mah jong"] == (10, 0, 0)


def test_only_place_spoils_nothing_but_mahjong():
    # 99s was a single wait on 9s: with Babcock's 2 points the hand scores more than Mah Jongg: 20 + 2 = 22;
    # with the old reading both count: 20 + 2 + 10 = 32
    opts = {"only_possible_place": "true"}
    assert score(CHOWS, "spanish", win="9s", options=opts).value == 22
    assert score(CHOWS, "spanish", win="9s", options={**opts, "nothing_but_mahjong": "no-set-points"}).value == 32


def test_a_pair_that_scores_spoils_it_either_way():
    # pair of dragons 2 + 20 = 22 (Spanish rulebook, page 2: "Pareja de Dragones ...: 2 puntos")
    for reading in ("no-other-points", "no-set-points"):
        assert score("234m 567m 234p 567p RR", "spanish", win="4m",
                     options={"nothing_but_mahjong": reading}).value == 22


# --- deal_after_draw: page 1 §5 says both --------------------------------------------------------------------------

HANDS = {"Ann": "[RRR] 234m 55s 78p NN", "Bo": "[555p] 123m 789s SSS NN", "Cy": "[111s] 456m 99m 2468p",
         "Di": "123s 567s 3p 4p 6m 7m 9m WW"}


def _game(tmp_path, options):
    path = tmp_path / "game.yaml"
    lines = ["variant: spanish", f"options: {json.dumps(options)}", 'players: ["Ann", "Bo", "Cy", "Di"]', "deals:",
             f"  - {json.dumps({'hands': HANDS, 'winner': None})}",
             f"  - {json.dumps({'hands': HANDS, 'winner': None})}"]
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run("batch", str(path), "--format", "json")
    assert code == 0, err
    return json.loads(out)["games"][0]["deals"]


def test_after_a_draw_east_keeps_the_deal_by_default(tmp_path):
    # page 1 §5: "El mismo jugador continúa como Viento del Este": Ann is East in both deals; nothing is paid
    deals = _game(tmp_path, {})
    assert [d["seats"]["E"] for d in deals] == ["Ann", "Ann"]
    assert all(d["net"] == dict.fromkeys(HANDS, 0) for d in deals)


def test_after_a_draw_the_disc_can_pass(tmp_path):
    # page 1 §5: "El disco del Viento del Este pasa entonces al jugador de la derecha": Bo (South) is East next
    deals = _game(tmp_path, {"deal_after_draw": "passes"})
    assert [d["seats"] for d in deals] == [{"E": "Ann", "S": "Bo", "W": "Cy", "N": "Di"},
                                           {"E": "Bo", "S": "Cy", "W": "Di", "N": "Ann"}]


def test_options_are_listed_with_their_defaults():
    code, out, err = run("variants", "spanish", "--format", "json")
    assert code == 0, err
    options = json.loads(out)["options"]
    assert {k: options[k]["default"] for k in ("only_possible_place", "nothing_but_mahjong", "deal_after_draw")} == {
        "only_possible_place": False, "nothing_but_mahjong": "no-other-points", "deal_after_draw": "east-keeps"}
    assert options["deal_after_draw"]["choices"] == ["east-keeps", "passes"]


def test_a_wrong_value_is_one_line():
    code, out, err = run("score", CHOWS, "--variant", "spanish", "--option", "deal_after_draw=sometimes")
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and "deal_after_draw" in err
