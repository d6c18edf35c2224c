"""Whole games as KDE Kajongg plays them, deal by deal: every game of tests/fixtures/kajongg (played by
Kajongg 22.12's robots, `kajongg.py --nogui --ruleset=DMJL|BMJA --game=SEED`, and kept as Kajongg saved
them in its kajongg3.db) scored by `mjscore batch` from the database itself agrees with what Kajongg
recorded: each player's seat and the prevailing wind, each hand's value, each payment and each running
balance (mjscore.play.kajongg.differences). The fixture games (seeds 1, 3, 4, 5) were looked at while the
rules were made to agree; the validation games (seeds 101-112 of each ruleset, in validation/) were not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import ROOT

from mjscore import api
from mjscore.play.kajongg import differences, kajongg_games

FIXTURES = ROOT / "tests" / "fixtures" / "kajongg"
GAMES = sorted(FIXTURES.glob("*.db")) + sorted((FIXTURES / "validation").glob("*.db"))
# Deals where Kajongg contradicts its own rule text, and so mjscore cannot agree. BMJA seed 109, deal 12 (Kajongg's
# hand 11): Robot 3 wins by Robbing the Kong (3 dots, from root's kong being declared); KDE Kajongg 22.12's
# player.py, PlayingPlayer.robTileFrom, rebinds `meld = meld.without(tile)` without putting it back in the
# player's melds, so root's record still holds the whole kong `s3s3s3s3` (scored Exposed Kong, 8) beside the
# robbed 3 dots in the winner's chow: five 3 dots in one deal. mjscore refuses such a deal (there are four of
# each tile) and says so once; Kajongg's payments in it are kept out of every later balance.
EXCEPTIONS = {"bmja-seed109": [(12, "not scored")]}


@pytest.mark.parametrize("db", GAMES, ids=[p.stem for p in GAMES])
def test_a_robot_game_agrees_with_kajonggs_record_deal_by_deal(db: Path):
    (game,) = kajongg_games(str(db))
    scored = api.score_game(game)
    found = differences(game, scored.deals)
    assert [(d.deal, d.what) for d in found] == EXCEPTIONS.get(db.stem, []), "\n".join(d.line(db.stem) for d in found[:12])
    assert scored.summary["rejected"] == len(EXCEPTIONS.get(db.stem, []))


def test_the_validation_games_are_ten_of_each_ruleset_at_least():
    names = [p.stem for p in (FIXTURES / "validation").glob("*.db")]
    assert sum(n.startswith("dmjl") for n in names) >= 10 and sum(n.startswith("bmja") for n in names) >= 10
