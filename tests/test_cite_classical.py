"""Every item of `dmjl` and `bmja` names where its rule stands in KDE Kajongg's rulesets
"Classical Chinese DMJL" and "Classical Chinese BMJA" (Kajongg src/predefined.py, HEAD 469a588b).

A cite reads "<ruleset> (Kajongg): <rule list>". <ruleset> is "DMJL", "BMJA", or "DMJL and BMJA" for
a rule that Kajongg defines once in class ClassicalChinese, which both rulesets extend unchanged.
<rule list> is the list of Kajongg's ruleset editor (src/rule.py) that holds the rule: meldRules
"Meld Rules", handRules "Hand Rules", winnerRules "Winner Rules", loserRules "Loser Rules", mjRules
"Mah Jongg Rules". Each expected cite quotes the Kajongg line that defines the rule (name + value).
"""

from __future__ import annotations

import re

import pytest

from helpers import run, score_json

BOTH_MELD = "DMJL and BMJA (Kajongg): Meld Rules"
BOTH_MJ = "DMJL and BMJA (Kajongg): Mah Jongg Rules"
BOTH_WINNER = "DMJL and BMJA (Kajongg): Winner Rules"
DMJL_HAND = "DMJL (Kajongg): Hand Rules"
DMJL_MJ = "DMJL (Kajongg): Mah Jongg Rules"
DMJL_WINNER = "DMJL (Kajongg): Winner Rules"
BMJA_MELD = "BMJA (Kajongg): Meld Rules"
BMJA_HAND = "BMJA (Kajongg): Hand Rules"
BMJA_MJ = "BMJA (Kajongg): Mah Jongg Rules"
BMJA_WINNER = "BMJA (Kajongg): Winner Rules"
BMJA_LOSER = "BMJA (Kajongg): Loser Rules"

FIRST = ("[555p] 123s 999m RRR WW 3f", "--seat", "W", "--win", "W", "--from", "wall")
KONGS = ("[2222m] {3333p} NNN 567s 88s 1f 2f 3f 4f", "--win", "8s", "--from", "loose")
PURE = ("{1111s} [999s] 222s 33s 444s", "--win", "3s", "--from", "wall")
SCHOLARS = ("[RRR] GGG PPP 111m 99m", "--win", "9m")

CASES = [
    # --- rules of class ClassicalChinese, which both rulesets keep ---
    ("dmjl", FIRST, {
        # meldRules.createRule('Exposed Pung', 'FExposedMinorPung', explainTemplate='{meldName}', points=2)
        "Exposed Pung": BOTH_MELD,
        # meldRules.createRule('Concealed Pung of Terminals', 'FConcealedTerminalsPung', ..., points=8)
        "Concealed Pung of Terminals": BOTH_MELD,
        # meldRules.createRule('Pair of Own Wind', 'FOwnWindPair', ..., points=2)
        "Pair of Own Wind": BOTH_MELD,
        # meldRules.createRule('Pung/Kong of Dragons', 'FDragonPungKong', ..., doubles=1)
        "Pung/Kong of Dragons": BOTH_MELD,
        # meldRules.createRule('Flower', 'FFlower', explainTemplate='{meldName}', points=4)
        "Flower": BOTH_MELD,
        # mjRules.createRule('Standard Mah Jongg', 'FStandardMahJongg', points=20)
        "Standard Mah Jongg": BOTH_MJ,
        # winnerRules.createRule('Won with Last Tile Taken from Wall', 'FLastFromWall', points=2)
        "Won with Last Tile Taken from Wall": BOTH_WINNER,
        # winnerRules.createRule('Last Tile Completes Pair of Terminals or Honors', 'FLastTileCompletesPairMajor',
        # points=4); ClassicalChineseBMJA deletes it, so DMJL alone
        "Last Tile Completes Pair of Terminals or Honors": DMJL_WINNER,
        # winnerRules.createRule('Last Tile is Only Possible Tile', 'FLastOnlyPossible', points=2); BMJA deletes it
        "Last Tile is Only Possible Tile": DMJL_WINNER,
    }),
    ("dmjl", ("[EEE] [SSS] NNN WW PP", "--seat", "S"), {
        # meldRules.createRule('Pung/Kong of Round Wind', 'FRoundWindPungKong', ..., doubles=1)
        "Pung/Kong of Round Wind": BOTH_MELD,
        # meldRules.createRule('Pair of Dragons', 'FDragonPair', explainTemplate='{meldName}', points=2)
        "Pair of Dragons": BOTH_MELD,
        # ClassicalChineseDMJL: handRules.createRule('Little Four Joys', 'FLittleFourJoys', doubles=1)
        "Little Four Joys": DMJL_HAND,
    }),
    ("dmjl", PURE, {
        # meldRules.createRule('Concealed Kong of Terminals', 'FConcealedTerminalsKong', ..., points=32)
        "Concealed Kong of Terminals": BOTH_MELD,
        # handRules.createRule('Three Concealed Pongs', 'FThreeConcealedPongs', doubles=1); BMJA deletes it
        "Three Concealed Pongs": DMJL_HAND,
        # winnerRules.createRule('No Chow', 'FNoChow', doubles=1)
        "No Chow": BOTH_WINNER,
        # winnerRules.createRule('True Color Game', 'FTrueColorGame', doubles=3); BMJA deletes it
        "True Color Game": DMJL_WINNER,
    }),
    ("dmjl", KONGS, {
        # meldRules.createRule('Exposed Kong', 'FExposedMinorKong', explainTemplate='{meldName}', points=8)
        "Exposed Kong": BOTH_MELD,
        # handRules.createRule('All Flowers', 'FAllFlowers', doubles=1); BMJA sets 2 doubles
        "All Flowers": DMJL_HAND,
        # winnerRules.createRule('Last Tile Taken from Dead Wall', 'FLastTileFromDeadWall||Olastsource=e',
        # doubles=1); BMJA deletes it
        "Last Tile Taken from Dead Wall": DMJL_WINNER,
    }),
    # mjRules.createRule('Nine Gates', 'FNineGates', limits=1); BMJA deletes it
    ("dmjl", ("1112345678999p 5p", "--win", "5p"), {"Nine Gates": DMJL_MJ}),
    # mjRules.createRule('Thirteen Orphans', 'FThirteenOrphans||Omayrobhiddenkong', limits=1); BMJA renames it
    ("dmjl", ("19m 19p 19s ESWN PGR R", "--win", "R", "--from", "wall"), {"Thirteen Orphans": DMJL_MJ}),
    # winnerRules.createRule('Three Great Scholars', 'FThreeGreatScholars', limits=1); BMJA redefines it
    ("dmjl", SCHOLARS, {"Three Great Scholars": DMJL_WINNER}),
    # winnerRules.createRule('Blessing of Earth', 'FBlessingOfEarth||Olastsource=1', limits=1)
    ("dmjl", ("111m 555p 777s EEE 99p", "--also", "earth", "--seat", "S", "--win", "9p"),
     {"Blessing of Earth": BOTH_WINNER}),

    # --- bmja: the inherited rules keep "DMJL and BMJA", its own rules cite BMJA ---
    ("bmja", FIRST, {
        "Exposed Pung": BOTH_MELD,  # points=2, as above
        "Standard Mah Jongg": BOTH_MJ,  # points=20, as above
        "Won with Last Tile Taken from Wall": BOTH_WINNER,  # points=2, as above
        # ClassicalChineseBMJA: meldRules.createRule('Own Flower', 'FOwnFlower', doubles=1)
        "Own Flower": BMJA_MELD,
    }),
    # ClassicalChineseBMJA: loserRules.createRule('Calling for Only Honors', 'FCallingHand||Ohand=OnlyHonors',
    # limits=0.4)
    ("bmja", ("[EEE] [SSS] NNN WW PP", "--seat", "S"), {"Calling for Only Honors": BMJA_LOSER}),
    # ClassicalChineseBMJA: loserRules.createRule('Calling for Gates of Heaven', 'FCallingHand||Ohand=GatesofHeaven',
    # limits=0.4)
    ("bmja", ("1112345678999p",), {"Calling for Gates of Heaven": BMJA_LOSER}),
    ("bmja", PURE, {
        "No Chow": BOTH_WINNER,  # doubles=1, as above
        # ClassicalChineseBMJA: winnerRules.createRule('Purity', 'FPurity', doubles=3)
        "Purity": BMJA_WINNER,
    }),
    ("bmja", KONGS, {
        # self.handRules['AllFlowers'].score.doubles = 2 (ClassicalChineseBMJA)
        "All Flowers": BMJA_HAND,
    }),
    ("bmja", ("[555p] 123s 999m RRR WW 1y 2y 3y 4y", "--win", "W", "--from", "wall"), {
        # ClassicalChineseBMJA: meldRules.createRule('Own Season', 'FOwnSeason', doubles=1)
        "Own Season": BMJA_MELD,
        # self.handRules['AllSeasons'].score.doubles = 2 (ClassicalChineseBMJA)
        "All Seasons": BMJA_HAND,
    }),
    # ClassicalChineseBMJA: winnerRules.createRule('Original Call', originalCall.definition, doubles=1)
    ("bmja", ("[555p] 123s 999m RRR WW", "--seat", "W", "--win", "W", "--from", "wall", "--also", "original-call"),
     {"Original Call": BMJA_WINNER}),
    # ClassicalChineseBMJA: mjRules.createRule('Gates of Heaven', 'FGatesOfHeaven', limits=1)
    ("bmja", ("1112345678999p 5p", "--win", "5p"), {"Gates of Heaven": BMJA_MJ}),
    # ClassicalChineseBMJA: mjRules.createRule('The 13 Unique Wonders', orphans.definition, limits=1)
    ("bmja", ("19m 19p 19s ESWN PGR R", "--win", "R", "--from", "wall"), {"The 13 Unique Wonders": BMJA_MJ}),
    # ClassicalChineseBMJA: winnerRules.createRule('Three Great Scholars', 'FThreeGreatScholars||Onochow', limits=1)
    ("bmja", SCHOLARS, {"Three Great Scholars": BMJA_WINNER}),
    # ClassicalChineseBMJA: winnerRules.createRule('Buried Treasure', 'FBuriedTreasure', limits=1)
    ("bmja", ("111m 333m 555m 777m EE", "--win", "E"), {"Buried Treasure": BMJA_WINNER}),
    # ClassicalChineseBMJA: mjRules.createRule('Wriggling Snake', 'FWrigglingSnake', limits=1)
    ("bmja", ("1123456789m ESWN", "--win", "E", "--from", "wall"), {"Wriggling Snake": BMJA_MJ}),
    # ClassicalChineseBMJA: mjRules.createRule('Knitting', 'FKnitting', limits=0.5)
    ("bmja", ("1234567m 1234567p", "--win", "7p"), {"Knitting": BMJA_MJ}),
    # ClassicalChineseBMJA: mjRules.createRule('Triple Knitting', 'FTripleKnitting', limits=0.5)
    ("bmja", ("12345m 12345p 1234s", "--win", "4s", "--from", "wall"), {"Triple Knitting": BMJA_MJ}),
    # ClassicalChineseBMJA: mjRules.createRule('All pair honors', 'FAllPairHonors', limits=0.5)
    ("bmja", ("11m 99p EE SS RR GG PP", "--win", "P", "--from", "wall", "--seat", "S"), {"All pair honors": BMJA_MJ}),
]


def cites(variant: str, args: tuple) -> dict[str, str | None]:
    d = score_json(*args, "--variant", variant)
    return {i["rule"]: i.get("cite") for i in d["items"]}


@pytest.mark.parametrize("variant, args, expected", CASES, ids=[f"{c[0]}: {c[1][0]}" for c in CASES])
def test_exact_cite(variant, args, expected):
    got = cites(variant, args)
    assert {rule: got.get(rule, "(no such item)") for rule in expected} == expected


@pytest.mark.parametrize("variant", ["dmjl", "bmja"])
def test_at_least_twelve_rules_per_variant_are_checked(variant):
    checked = {rule for v, _, expected in CASES if v == variant for rule in expected}
    assert len(checked) >= 12, sorted(checked)


HANDS = [
    FIRST,
    ("[EEE] [SSS] NNN WW PP", "--seat", "S"),  # 13 tiles
    PURE,
    ("1112345678999p 5p", "--win", "5p"),
    ("19m 19p 19s ESWN PGR R", "--win", "R", "--from", "wall"),
    ("111m 222m 333m 456p NN", "--win", "N", "--seat", "N", "--from", "wall"),
    KONGS,
    ("[555p] 123s 999m RRR WW 1y 2y 3y 4y", "--win", "W", "--from", "wall"),
    SCHOLARS,
    ("EEE SSS WWW NNN RR", "--also", "heaven"),
    ("[EEE] [SSS] 999p 55s 123m", "--win", "2m", "--from", "kong"),
    ("[GGG] 234s 666s 888s 22s", "--seat", "S", "--round", "S", "--win", "2s", "--from", "wall"),
    ("[EEE] {GGGG} {SSSS} NNN P", "--seat", "N"),  # 13 tiles
    ("111m 333m 555m 777m EE", "--win", "E"),
    ("[1111m] [9999p] EE 2y",),  # 10 tiles
    ("111m 555p 777s EEE 99p", "--also", "earth", "--seat", "S", "--win", "9p"),
    ("1112345678999p",),  # 13 tiles
]


@pytest.mark.parametrize("variant", ["dmjl", "bmja"])
def test_every_item_has_a_cite(variant):
    seen = set()
    for args in HANDS:
        d = score_json(*args, "--variant", variant)
        assert d["items"], args
        for item in d["items"]:
            assert item.get("cite"), (args, item)
            assert item["cite"].split(" (Kajongg): ")[0] in ("DMJL", "BMJA", "DMJL and BMJA"), item
            seen.add(item["rule"])
    assert len(seen) >= 25  # the hands reach many different rules, not a few over and over


@pytest.mark.parametrize("variant, rulesets", [
    ("dmjl", {"DMJL", "DMJL and BMJA"}),
    ("bmja", {"BMJA", "DMJL and BMJA"}),
])
def test_no_cite_names_only_the_other_ruleset(variant, rulesets):
    # bmja inherits dmjl's rules: an inherited rule must not cite DMJL alone (nor a dmjl rule BMJA alone)
    code, out, _ = run("variants", variant)
    assert code == 0
    found = re.findall(r"  (DMJL and BMJA|DMJL|BMJA) \(Kajongg\): [A-Za-z ]+$", out, re.MULTILINE)
    assert len(found) > 40 and set(found) == rulesets


@pytest.mark.parametrize("variant", ["dmjl", "bmja"])
def test_variants_points_at_no_file(variant):
    code, out, _ = run("variants", variant)
    assert code == 0
    for word in ("classical.md", "shared/", "§", ".md"):
        assert word not in out, word


@pytest.mark.parametrize("variant, args, note", [
    # BMJA's option "number of allowed chows" is 1: two or more chows are no winning hand, 14 tiles a Long Hand
    ("bmja", ("123m 456m 789m 234p 55p", "--win", "5p"),
     "not mah jong: no BMJA winning pattern fits: BMJA allows at most one chow in a standard hand "
     "(option max_chows) (so not a winning hand)"),
    # DMJL allows 4 chows; with --option max_chows=3 four chows match no Mah Jongg Rule
    ("dmjl", ("123m 456m 789m 234p 55p", "--win", "5p", "--option", "max_chows=3"),
     "not mah jong: no DMJL winning pattern (Kajongg's Mah Jongg Rules) fits the hand (so not a winning hand)"),
])
def test_no_winning_pattern_message(variant, args, note):
    d = score_json(*args, "--variant", variant)
    assert (d["mahjong"], d["value"], d["notes"]) == (False, 0, [note])


def test_long_hand_item_cites_kajongg():
    d = score_json("123m 456m 789m 234p 55p", "--win", "5p", "--variant", "bmja")
    assert [i.get("cite") for i in d["items"]] == ["DMJL and BMJA (Kajongg): Hand Rules"]
