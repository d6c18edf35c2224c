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


@pytest.mark.parametrize("db", GAMES, ids=[p.stem for p in GAMES])
def test_a_robot_game_agrees_with_kajonggs_record_deal_by_deal(db: Path):
    (game,) = kajongg_games(str(db))
    scored = api.score_game(game)
    assert scored.summary["rejected"] == 0, [d["error"] for d in scored.deals if d.get("error")][:3]
    found = differences(game, scored.deals)
    assert found == [], "\n".join(d.line(db.stem) for d in found[:12])


def test_the_validation_games_are_ten_of_each_ruleset_at_least():
    names = [p.stem for p in (FIXTURES / "validation").glob("*.db")]
    assert sum(n.startswith("dmjl") for n in names) >= 10 and sum(n.startswith("bmja") for n in names) >= 10
