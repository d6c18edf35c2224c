"""Whole games as KDE Kajongg plays them, deal by deal: every game of tests/fixtures/kajongg (played by
Kajongg 22.12's robots, `kajongg.py --nogui --ruleset=DMJL|BMJA --game=SEED`, and kept as Kajongg saved
them in its kajongg3.db) scored by `mjscore batch` from the database itself agrees with what Kajongg
recorded: each player's seat and the prevailing wind, each hand's value, each payment and each running
balance (mjscore.play.kajongg.differences). The fixture games (seeds 1, 3, 4, 5) were looked at while the
rules were made to agree; the validation games (seeds 101-112 of each ruleset, one game a file, in validation/)
were not, nor were seeds 201-212 of each ruleset, played later by the same robots into one kajongg3.db per
ruleset (validation/<ruleset>-seeds201-212.db, twelve games each, as Kajongg keeps a player's games) and
checked only after the rules were done. BMJA seed 207 is a game Kajongg itself broke off in round North after
30 deals (its client: "lastMeld S7 not in melds"; no end time in its game row): its 30 deals are checked as
recorded.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from helpers import ROOT, run

from mjscore import api
from mjscore.play.kajongg import differences, kajongg_games

FIXTURES = ROOT / "tests" / "fixtures" / "kajongg"
FILES = sorted(FIXTURES.glob("*.db")) + sorted((FIXTURES / "validation").glob("*.db"))


def seed_of(game) -> str:
    """A game named by its ruleset and Kajongg's seed, as the fixtures' files are: bmja-seed109."""
    with sqlite3.connect(Path(game.db).resolve().as_uri() + "?mode=ro", uri=True) as c:
        seed, ruleset = c.execute("SELECT g.seed, r.name FROM game g JOIN ruleset r ON r.id = g.ruleset "
                                  "WHERE g.id = ?", (game.game,)).fetchone()
    return f"{ruleset.split()[-1].lower()}-seed{seed}"


GAMES = {seed_of(g): g for db in FILES for g in kajongg_games(str(db))}
# Deals where Kajongg contradicts its own rule text, and so mjscore cannot agree. BMJA seed 109, deal 12 (Kajongg's
# hand 11): Robot 3 wins by Robbing the Kong (3 dots, from root's kong being declared); KDE Kajongg 22.12's
# player.py, PlayingPlayer.robTileFrom, rebinds `meld = meld.without(tile)` without putting it back in the
# player's melds, so root's record still holds the whole kong `s3s3s3s3` (scored Exposed Kong, 8) beside the
# robbed 3 dots in the winner's chow: five 3 dots in one deal. mjscore refuses such a deal (there are four of
# each tile) and says so once; Kajongg's payments in it are kept out of every later balance.
EXCEPTIONS = {"bmja-seed109": [(12, "not scored")]}


@pytest.mark.parametrize("name", GAMES)
def test_a_robot_game_agrees_with_kajonggs_record_deal_by_deal(name: str):
    game = GAMES[name]
    scored = api.score_game(game)
    found = differences(game, scored.deals)
    assert [(d.deal, d.what) for d in found] == EXCEPTIONS.get(name, []), "\n".join(d.line(game) for d in found[:12])
    assert scored.summary["rejected"] == len(EXCEPTIONS.get(name, []))


def test_the_validation_games_are_ten_of_each_ruleset_at_least():
    names = [seed_of(g) for db in (FIXTURES / "validation").glob("*.db") for g in kajongg_games(str(db))]
    assert len(set(names)) == len(names)  # no seed twice
    assert sum(n.startswith("dmjl") for n in names) >= 10 and sum(n.startswith("bmja") for n in names) >= 10
    # none of them is a game the rules were made to agree with
    assert not set(names) & {seed_of(g) for db in FIXTURES.glob("*.db") for g in kajongg_games(str(db))}


def test_a_record_that_differs_is_listed_deal_by_deal(tmp_path):
    # the check above can fail: DMJL seed 1 (which agrees in every deal) with five of Kajongg's numbers changed
    # in a copy, each found where it was changed and nowhere else. The originals, from its score table: deal 1
    # root's balance -44; deal 2 Robot 2 won with 184; deal 3 root sat W; deal 4 Robot 1 paid -1012 and Robot 3
    # (East) won in round E.
    db = tmp_path / "kajongg3.db"
    db.write_bytes((FIXTURES / "dmjl-seed1.db").read_bytes())
    with sqlite3.connect(db) as c:
        for change in ("balance = -45 WHERE hand = 0 AND player = 1", "points = 186 WHERE hand = 1 AND player = 3",
                       "wind = 'E' WHERE hand = 2 AND player = 1", "payments = -1010 WHERE hand = 3 AND player = 2",
                       "prevailing = 'S' WHERE hand = 3 AND player = 4"):
            assert c.execute(f"UPDATE score SET {change} AND game = 1").rowcount == 1
    (game,) = kajongg_games(str(db))
    found = differences(game, api.score_game(game).deals)
    assert [(d.deal, d.player, d.what, d.recorded, d.mjscore) for d in found] == [
        (1, "root", "balance", -45, -44), (2, "Robot 2", "value", 186, 184), (3, "root", "seat", "E", "W"),
        (4, "Robot 1", "payment", -1010, -1012), (4, "Robot 3", "round", "S", "E")]
    code, out, err = run("batch", str(db), "--differences")
    assert code == 1 and out.splitlines()[0] == f"{db} game 1 deal 1: root: balance: Kajongg -45, mjscore -44"
