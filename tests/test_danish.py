"""Danish "Mah Jong Regler": every row of the table file (tables/danish.yaml) worked by hand.

The final value is base x 2^doublings rounded up to the next 10, capped at 1000. Unless a
row says otherwise the player sits South in the East round. The base hand
`[555p] 123m 789s 234s NN` won on 4s waits on 1s and 4s, so "only possible tile" does not
apply; N is neither South's wind nor the prevailing wind.
"""

import json
import pathlib

import pytest

from helpers import items, run, score, score_json

V = "danish"
TABLE = pathlib.Path(__file__).resolve().parent.parent / "tables" / "danish.yaml"

# (hand, situation, points, doubles, value, rule that must appear)
BASE_ROWS = [
    # [555p] exposed pung of simples 2 + mah jong 20 = 22 -> 30; the chows score 0
    ("[555p] 123m 789s 234s NN", dict(win="4s"), 22, 0, 30, "exposed pung of simples"),
    # concealed pung of simples 4 + 20 = 24 -> 30
    ("555p 123m 789s 234s NN", dict(win="4s"), 24, 0, 30, "concealed pung of simples"),
    # exposed pung of a terminal 4 + 20 = 24 -> 30
    ("[999p] 123m 789s 234s NN", dict(win="4s"), 24, 0, 30, "exposed pung of terminals or honours"),
    # concealed pung of West (not South's, not the round's) 8 + 20 = 28 -> 30
    ("WWW 123m 789s 234s NN", dict(win="4s"), 28, 0, 30, "concealed pung of terminals or honours"),
    # exposed kong of simples 8 + 20 = 28 -> 30
    ("[5555p] 123m 789s 234s NN", dict(win="4s"), 28, 0, 30, "exposed kong of simples"),
    # concealed kong of simples 16 + 20 = 36 -> 40
    ("{5555p} 123m 789s 234s NN", dict(win="4s"), 36, 0, 40, "concealed kong of simples"),
    # exposed kong of a terminal 16 + 20 = 36 -> 40
    ("[9999p] 123m 789s 234s NN", dict(win="4s"), 36, 0, 40, "exposed kong of terminals or honours"),
    # concealed kong of West 32 + 20 = 52 -> 60
    ("{WWWW} 123m 789s 234s NN", dict(win="4s"), 52, 0, 60, "concealed kong of terminals or honours"),
    # pair of dragons 2: 2 + 2 + 20 = 24 -> 30
    ("[555p] 123m 789s 234s RR", dict(win="4s"), 24, 0, 30, "pair of dragons"),
    # pair of own wind (South) 2: 24 -> 30
    ("[555p] 123m 789s 234s SS", dict(win="4s"), 24, 0, 30, "pair of own wind"),
    # pair of the prevailing wind (East round) 2: 24 -> 30
    ("[555p] 123m 789s 234s EE", dict(win="4s"), 24, 0, 30, "pair of prevailing wind"),
    # East in the East round: own 2 + prevailing 2 = 4; 2 + 4 + 20 = 26 -> 30
    ("[555p] 123m 789s 234s EE", dict(seat="E", win="4s"), 26, 0, 30, "pair of own wind"),
    # a bonus tile (not South's) 4 in the base value, the old reading (option bonus_points=base; by default bonus
    # tiles score only their doublings: "Den grundlæggende værdi ... findes ved at sammenlægge værdierne af de
    # forekommende Punger, Konger og Par samt de mulige tillæg for at blive Mah Jong"): 2 + 4 + 20 = 26 -> 30
    ("[555p] 123m 789s 234s NN 1f", dict(win="4s", options={"bonus_points": "base"}), 26, 0, 30,
     "flower or season"),
    # winning tile from the wall 2: 2 + 20 + 2 = 24 -> 30
    ("[555p] 123m 789s 234s NN", dict(win="4s", source="wall"), 24, 0, 30, "winning tile from the wall"),
    # only possible tile: 12m waits on 3m alone; 2 + 20 + 2 = 24 -> 30
    ("[555p] 123m 789s 234s NN", dict(win="3m"), 24, 0, 30, "only possible tile"),
]

DOUBLING_ROWS = [
    # purity: [RRR] 4 + 20 = 24; dragon pung 1 + one suit with honours 1 = 2: 24 x 4 = 96 -> 100
    ("[RRR] 123m 456m 789m NN", dict(win="4m"), 24, 2, 100, "one suit with honours"),
    # purity: [111m] 4 + [999p] 4 + [WWW] 4 + 111s 8 + 20 + only possible tile (single wait on N) 2 = 42;
    # all terminals and honours 1 + no chows 1 = 2: 42 x 4 = 168 -> 170
    ("[111m] [999p] [WWW] 111s NN", dict(win="N"), 42, 2, 170, "all terminals and honours"),
    # purity: one suit only 3: 20 x 8 = 160
    ("123m 123m 456m 789m 99m", dict(win="4m"), 20, 3, 160, "one suit only"),
    # set: pung of dragons: [RRR] 4 + 20 = 24 x 2 = 48 -> 50
    ("[RRR] 123m 789s 234s NN", dict(win="4s"), 24, 1, 50, "pung of dragons"),
    # set: pung of own wind [SSS]: 24 x 2 = 48 -> 50
    ("[SSS] 123m 789s 234s NN", dict(win="4s"), 24, 1, 50, "pung of own wind"),
    # set: pung of the prevailing wind [EEE]: 24 x 2 = 48 -> 50
    ("[EEE] 123m 789s 234s NN", dict(win="4s"), 24, 1, 50, "pung of prevailing wind"),
    # East in the East round: own 1 + prevailing 1: 24 x 4 = 96 -> 100
    ("[EEE] 123m 789s 234s NN", dict(seat="E", win="4s"), 24, 2, 100, "pung of prevailing wind"),
    # set: three concealed pungs: 555p 4 + 777p 4 + WWW 8 + 20 = 36 x 2 = 72 -> 80
    ("555p 777p WWW 234s NN", dict(win="4s"), 36, 1, 80, "sets from the buried treasure"),
    # extra: own flower 2f (South); the bonus tile itself adds no points (the base value is "Punger, Konger og
    # Par samt de mulige tillæg for at blive Mah Jong"; option bonus_points, default none): 2 + 20 = 22 x 2 = 44 -> 50
    ("[555p] 123m 789s 234s NN 2f", dict(win="4s"), 22, 1, 50, "own flower"),
    # extra: own season 2y: 22 x 2 = 44 -> 50
    ("[555p] 123m 789s 234s NN 2y", dict(win="4s"), 22, 1, 50, "own season"),
    # extra: all four flowers: 22; own flower 1 + all four 1 = 2: 88 -> 90
    ("[555p] 123m 789s 234s NN 1234f", dict(win="4s"), 22, 2, 90, "all four flowers"),
    # extra: all four seasons: 22, own season 1 + all four 1: 88 -> 90
    ("[555p] 123m 789s 234s NN 1234y", dict(win="4s"), 22, 2, 90, "all four seasons"),
    # extra: the loose tile (drawn, so + 2), after the own flower 2f (a loose tile needs a kong or a bonus tile):
    # 2 + 20 + 2 = 24; own flower 1 + loose tile 1 = 2 doubles: 24 x 4 = 96 -> 100
    ("[555p] 123m 789s 234s NN 2f", dict(win="4s", source="loose"), 24, 2, 100, "winning on the loose tile"),
    # extra: the last wall tile, drawn: 24 x 2 = 48 -> 50
    ("[555p] 123m 789s 234s NN", dict(win="4s", source="wall", also=["last-wall-tile"]), 24, 1, 50,
     "winning on the last wall tile"),
    # extra: robbing a kong (claimed, no + 2): 22 x 2 = 44 -> 50
    ("[555p] 123m 789s 234s NN", dict(win="4s", source="kong"), 22, 1, 50, "robbing a kong"),
    # extra: no chows: 2 + 2 + 4 + 4 + 20 + 2 (single wait on N) = 34 x 2 = 68 -> 70
    ("[555p] [777p] [999s] [WWW] NN", dict(win="N"), 34, 1, 70, "no chows"),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value, rule", BASE_ROWS + DOUBLING_ROWS)
def test_rows(hand, sit, points, doubles, value, rule):
    s = score(hand, V, **{"seat": "S", **sit})
    assert s.mahjong and rule in items(s), items(s)
    assert (s.points, s.doubles, s.value) == (points, doubles, value)


def test_non_winning_hand_has_base_value_and_set_doublings():
    # 13 tiles, unfinished: [RRR] 4 + 555p 4 = 8 (1f, not South's, adds nothing: option bonus_points, default
    # none); pung of dragons 1: 16 -> 20 (no mah jong premiums)
    s = score("[RRR] 555p 123m 78s NN 1f", V, seat="S")
    assert not s.mahjong and (s.points, s.doubles, s.value) == (8, 1, 20)


def test_capped_at_the_limit():
    # [EEE] [WWW] [NNN] [RRR] PP, South: 4 x 4 + PP 2 + 20 + single wait 2 = 40; prevailing 1 + RRR 1 +
    # terminals and honours 1 + no chows 1 = 4: 640. Not all honours as a limited hand (exposed sets)
    s = score("[EEE] [WWW] [NNN] [RRR] PP", V, seat="S", win="P")
    assert (s.points, s.doubles, s.value, s.limit_hand) == (40, 4, 640, None)
    # with GGG concealed too: 4 + 4 + 4 + 8 + PP 2 + 20 + 2 = 44; 5 doubles: 1408 -> capped at 1000
    s = score("[EEE] [WWW] [RRR] GGG PP", V, seat="S", win="P")
    assert (s.points, s.doubles, s.value, s.limit_hand) == (44, 5, 1000, None)


# (hand, situation, limited hand, doubles kept). A limited hand's base value (the limit, assumed) is doubled like
# any hand: "Den grundlæggende værdi af de afgrænsede hænder er opskrevet i tabellen over afgrænsede hænder", "I
# givet fald doubles håndens grundlæggende værdi ...", but "I forbindelse med de to afgrænsede hænder, "De tretten
# under" og "de ni kaldede", er det kun tillægsdoblingerne, som er vedkommende" (option limited_doublings, default
# doubled); 1000 x 2^doublings is capped at the limit 1000 in every row
LIMITED_ROWS = [
    # the thirteen wonders keeps its extra doublings: no chows 1
    ("19m 19p 19s ESWNRGP 9s", dict(win="9s"), "the thirteen wonders", 1),
    # the nine called, drawn: 111 234 55 678 999p has chows, no extra doublings
    ("1112345678999p 5p", dict(win="5p", source="wall"), "the nine called", 0),
    # all honours (the WWW pung completed by a discard may be exposed): all terminals and honours 1; RRR 1, PPP 1,
    # EEE prevailing 1; three concealed pungs EEE RRR PPP 1; no chows 1 = 6
    ("EEE WWW RRR PPP NN", dict(win="W"), "all honours", 6),
    # all terminals: all terminals and honours 1; concealed 111m 111p 999s (999m completed by the discard) 1;
    # no chows 1 = 3
    ("111m 999m 111p 999s 11s", dict(win="9m"), "all terminals", 3),
    # four kongs, concealed: three concealed 1 (WWWW is neither South's nor the round's wind); no chows 1 = 2
    ("{1111m} {5555p} {9999s} {WWWW} NN", dict(win="N"), "four kongs", 2),
    # four winds: SSS own 1, EEE prevailing 1, concealed pungs 1, one suit (dots) with honours 1, no chows 1 = 5
    ("EEE SSS WWW NNN 55p", dict(win="5p"), "four winds", 5),
    # three great dragons + another set + pair: three dragon pungs 3, concealed pungs 1 (a chow: no "no chows") = 4
    ("RRR GGG PPP 123m 55p", dict(win="5p"), "three great dragons", 4),
    # buried treasure: four concealed pungs, the pair may be claimed: concealed pungs 1, no chows 1 = 2
    ("555p 777p 999s WWW NN", dict(win="N"), "buried treasure", 2),
    # heaven's hand: East wins on the deal: 1000
    ("123m 456m 789s 234s NN", dict(seat="E", also=["heaven"]), "heaven's hand", 0),
    # earth's hand: South wins on East's first discard: 1000
    ("123m 456m 789s 234s NN", dict(win="3m", also=["earth"]), "earth's hand", 0),
]


@pytest.mark.parametrize("hand, sit, rule, kept", LIMITED_ROWS)
def test_limited_hands(hand, sit, rule, kept):
    s = score(hand, V, **{"seat": "S", **sit})
    assert s.mahjong and s.limit_hand == rule
    assert (s.limit_fraction, s.points, s.doubles, s.value) == (1, 0, kept, 1000)


# hands that almost are limited hands, worked as ordinary hands
ALMOST_ROWS = [
    # nine called laid out with [111p]: 4 + 8 + 20 + 2 = 34; one suit only 3: 272 -> 280
    ("[111p] 2345678999p 5p", dict(win="5p", source="wall"), 34, 3, 280),
    # buried treasure but the 5p pung completed by a discard: 2 + 4 + 8 + 8 + 20 = 42 (waits 5p and N);
    # three concealed pungs 1 + no chows 1 = 2: 168 -> 170
    ("555p 777p 999s WWW NN", dict(win="5p"), 42, 2, 170),
    # three great dragons laid out: 4 + 4 + 4 + 20 + 2 (single wait) = 34; 3 dragon pungs: 272 -> 280
    ("[RRR] [GGG] [PPP] 123m 55p", dict(win="5p"), 34, 3, 280),
    # four kongs, one exposed: 32 + 8 + 32 + 32 + 20 + 2 (single wait) = 126;
    # three concealed kongs 1 + no chows 1 = 2: 504 -> 510
    ("{1111m} [5555p] {9999s} {WWWW} NN", dict(win="N"), 126, 2, 510),
    # three wind pungs and a chow: 8 + 8 + 8 + 20 = 44 (23p waits 1p, 4p);
    # own wind S 1 + prevailing E 1 + three concealed pungs 1 + one suit (p) with honours 1 = 4: 704 -> 710
    ("EEE SSS WWW 123p NN", dict(win="1p"), 44, 4, 710),
]


@pytest.mark.parametrize("hand, sit, points, doubles, value", ALMOST_ROWS)
def test_almost_limited_hands(hand, sit, points, doubles, value):
    s = score(hand, V, seat="S", **sit)
    assert s.mahjong and s.limit_hand is None and s.limit_fraction == 0
    assert (s.points, s.doubles, s.value) == (points, doubles, value)


@pytest.mark.parametrize("hand", ["19m 19p 19s ESWNRG 5p 5p", "19m 19p 19s ESWNRGP 5p"])
def test_almost_thirteen_unique_is_a_long_hand(hand):
    s = score(hand, V, seat="S")
    assert not s.mahjong and s.value == 0


def test_limited_concealed_option():
    # laid out, three great dragons is ordinary (280, above); a club allowing exposed sets: 1000
    s = score("[RRR] [GGG] [PPP] 123m 55p", V, seat="S", win="5p", options={"limited_concealed": False})
    assert (s.limit_hand, s.value) == ("three great dragons", 1000)


# --- house options -------------------------------------------------------------------------------

def test_omit_buried_treasure_doubling():
    # 555p 4 + 777p 4 + WWW 8 + 20 = 36, without the set doubling: 36 -> 40
    s = score("555p 777p WWW 234s NN", V, seat="S", win="4s", options={"omit_buried_treasure_doubling": True})
    assert "sets from the buried treasure" not in items(s)
    assert (s.points, s.doubles, s.value) == (36, 0, 40)


def test_halve_nine_called():
    opts = {"halve_nine_called": True}
    # half the limit: 500
    s = score("1112345678999p 5p", V, seat="S", win="5p", source="wall", options=opts)
    assert (s.limit_hand, s.limit_fraction, s.doubles, s.value) == ("the nine called", 0.5, 0, 500)
    # its extra doublings still count: own flower 2f: 500 x 2 = 1000
    s = score("1112345678999p 5p 2f", V, seat="S", win="5p", source="wall", options=opts)
    assert (s.limit_fraction, s.doubles, s.value) == (0.5, 1, 1000)
    # the other doublings do not: one suit only (3) is ignored, and the flower's 4 points too
    assert "one suit only" not in items(s) and "flower or season" not in items(s)
    # own flower + loose tile: 500 x 4 = 2000, capped at 1000
    s = score("1112345678999p 5p 2f", V, seat="S", win="5p", source="loose", options=opts)
    assert (s.doubles, s.value) == (2, 1000)


def test_minimum_value_to_declare_mahjong():
    hand = "[555p] 123m 789s 234s NN"
    # worth 30 (22 -> 30): enough for a minimum of 30
    s = score(hand, V, seat="S", win="4s", options={"min_value": 30})
    assert s.mahjong and s.value == 30
    # a minimum of 100: not mah jong; scored as unfinished: [555p] 2 -> 10
    s = score(hand, V, seat="S", win="4s", options={"min_value": 100})
    assert not s.mahjong and (s.points, s.value) == (2, 10)
    assert any("not mah jong" in n for n in s.notes)
    # a limited hand is exempt
    s = score("EEE SSS WWW NNN 55p", V, seat="S", win="5p", options={"min_value": 5000})
    assert s.mahjong and s.value == 1000


def test_minimum_value_through_cli():
    data = score_json("[555p] 123m 789s 234s NN", "--variant", V, "--seat", "S", "--win", "4s",
                      "--option", "min_value=100")
    assert data["mahjong"] is False and data["value"] == 10


# --- the table of final values ---------------------------------------------------------------------

GRID = """value:
  round_up: 10
  grid:
    30: [35, 70]
    1000: [1000, 1500]
"""


def _club_tables(tmp_path, value_section: str) -> str:
    text = TABLE.read_text(encoding="utf-8")
    start = text.index("value:\n")
    end = text.index("options:\n")
    (tmp_path / "danish.yaml").write_text(text[:start] + value_section + "\n" + text[end:], encoding="utf-8")
    return str(tmp_path)


def test_grid_override_with_tables_dir(tmp_path):
    d = _club_tables(tmp_path, GRID)
    # base 22, 0 doublings: read on the row 30 (the first >= 22), column 0: 35
    data = score_json("[555p] 123m 789s 234s NN", "-v", V, "--seat", "S", "--win", "4s", "--tables", d)
    assert (data["points"], data["doubles"], data["value"]) == (22, 0, 35)
    # base 24, 1 doubling (dragon pung): row 30, column 1: 70
    data = score_json("[RRR] 123m 789s 234s NN", "-v", V, "--seat", "S", "--win", "4s", "--tables", d)
    assert (data["points"], data["doubles"], data["value"]) == (24, 1, 70)
    # base 24, 2 doublings: beyond the row, so the formula: 24 x 4 = 96 -> 100, with a note
    data = score_json("[EEE] 123m 789s 234s NN", "-v", V, "--seat", "E", "--win", "4s", "--tables", d)
    assert (data["points"], data["doubles"], data["value"]) == (24, 2, 100)
    assert any("beyond the table of final values" in n for n in data["notes"])
    # the thirteen wonders: base 1000 (the limit) with its kept extra doubling (no chows): row 1000, column 1
    data = score_json("19m 19p 19s ESWNRGP 9s", "-v", V, "--seat", "S", "--win", "9s", "--tables", d)
    assert (data["limit_hand"], data["limit_fraction"], data["doubles"], data["value"]) == \
        ("the thirteen wonders", 1, 1, 1500)
    # four winds keeps its 5 doublings (test_limited_hands): beyond the row, so 1000 x 2^5 capped at 1000
    data = score_json("EEE SSS WWW NNN 55p", "-v", V, "--seat", "S", "--win", "5p", "--tables", d)
    assert (data["doubles"], data["value"]) == (5, 1000)
    # a limited hand that keeps no doublings (the old reading, limited_doublings=none) is the limit
    data = score_json("EEE SSS WWW NNN 55p", "-v", V, "--seat", "S", "--win", "5p", "--tables", d,
                      "--option", "limited_doublings=none")
    assert (data["doubles"], data["value"]) == (0, 1000)
    code, out, err = run("variants", V, "--tables", d)
    assert code == 0 and "table of final values" in out and "30: 35, 70" in out


@pytest.mark.parametrize("section, message", [
    ("value:\n  grid:\n    30: [35, seventy]\n", "value.grid.30: values must be whole numbers"),
    ("value:\n  grid:\n    thirty: [35]\n", "value.grid.thirty: a row's key is a base value"),
    ("value:\n  grid:\n    30: []\n", "value.grid.30: a row needs at least the value for 0 doubles"),
    ("value:\n  grid: {}\n", "value.grid: is empty"),
    ("value:\n  table: {}\n", "value: unknown key 'table'"),
])
def test_bad_grid_is_reported(tmp_path, section, message):
    d = _club_tables(tmp_path, section)
    code, out, err = run("score", "[555p] 123m 789s 234s NN", "-v", V, "--tables", d)
    assert code == 2 and message in err, err


def test_keep_doubles_must_name_a_table(tmp_path):
    d = _club_tables(tmp_path, "value:\n  round_up: 10\n")
    path = tmp_path / "danish.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "keep_doubles: [Extra doublings]", "keep_doubles: [Bonus doublings]", 1), encoding="utf-8")
    code, out, err = run("score", "[555p] 123m 789s 234s NN", "-v", V, "--tables", d)
    assert code == 2 and "keep_doubles names no table 'Bonus doublings'" in err


# --- through the CLI's JSON ---------------------------------------------------------------------------

def test_cli_json_ordinary_hand():
    data = score_json("[RRR] 123m 456m 789m NN", "--variant", V, "--seat", "S", "--win", "4m")
    # 4 + 20 = 24; dragon pung 1 + one suit with honours 1: 24 x 4 = 96 -> 100
    assert (data["mahjong"], data["points"], data["doubles"], data["value"]) == (True, 24, 2, 100)
    assert data["limit_hand"] is None and data["limit_fraction"] == 0 and data["limit"] == 1000


def test_cli_json_limited_hand():
    # four winds keeps its 5 doublings (test_limited_hands), 1000 x 2^5 capped at 1000
    data = score_json("EEE SSS WWW NNN 55p", "--variant", V, "--seat", "S", "--win", "5p")
    assert (data["mahjong"], data["points"], data["doubles"], data["limit_hand"], data["limit_fraction"],
            data["value"]) == (True, 0, 5, "four winds", 1, 1000)


def test_variants_shows_options_and_the_three_doubling_tables():
    code, out, err = run("variants", V)
    assert code == 0
    for text in ("Purity doublings", "Set doublings", "Extra doublings", "Limited hands",
                 "halve_nine_called", "omit_buried_treasure_doubling", "min_value", "limited_concealed",
                 "keeps the doubles of: Extra doublings", "rounded up to a multiple of 10"):
        assert text in out, text
    data = json.loads(run("variants", V, "--format", "json")[1])
    assert data["options"]["min_value"]["default"] == 0
    assert data["value"] == {"round_up": 10, "grid": None}
