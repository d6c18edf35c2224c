"""Readers of game records are one GameSource interface with a registry (issue 40, point 3): each file is
recognised once, by the source that claims its name or first bytes, and a new kind of record is a module
with its GameSource and one registration; nothing guesses a record's kind from its attributes."""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

import mjscore
from mjscore.errors import DealError
from mjscore.play import readers
from mjscore.play.gamefiles import read_yaml_game
from mjscore.play.sources import GameRef, GameSource

ROOT = Path(__file__).resolve().parent.parent
TENHOU = ROOT / "tests/fixtures/riichi/tenhou/mjai-reviewer/chankan.json"
KAJONGG = ROOT / "tests/fixtures/kajongg/dmjl-seed3.db"


def test_each_kind_of_record_is_recognised_by_its_own_source(tmp_path):
    jsonl = tmp_path / "game.jsonl"
    jsonl.write_text('{"variant": "spanish", "players": ["A", "B", "C", "D"]}\n')
    refs = mjscore.games([str(ROOT / "examples/game-spanish.yaml"), str(jsonl), str(KAJONGG), str(TENHOU), "-"])
    assert [r.source for r in refs] == ["yaml", "jsonl", "kajongg", "tenhou", "stdin"]
    assert str(refs[2]) == f"{KAJONGG} game 1"  # the database's one game with deals, named as outputs show it


def test_a_game_ref_keeps_its_source_through_a_pickle():  # (a game sent to a worker process or a Dask cluster)
    for ref in mjscore.games([str(KAJONGG), str(TENHOU), str(ROOT / "examples/game-dmjl.yaml")]):
        back = pickle.loads(pickle.dumps(ref))
        assert (str(back), back.source, type(back)) == (str(ref), ref.source, type(ref))


class Toy(GameSource):
    """A kind of record this test invents: a YAML game file whose first line is `#toy`."""

    name = "toy"

    def recognises(self, path, head):
        return head.startswith(b"#toy\n")

    def read(self, ref):
        return read_yaml_game(ref)


def test_a_new_source_is_a_class_and_its_registration(tmp_path, monkeypatch):
    game = tmp_path / "club.txt"
    game.write_text("#toy\n" + (ROOT / "examples/game-dmjl.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert mjscore.games([str(game)])[0].source == "yaml"  # unregistered, the file is a YAML game file
    monkeypatch.setattr(readers, "SOURCES", list(readers.SOURCES))
    readers.register(Toy())
    (ref,) = mjscore.games([str(game)])
    assert isinstance(ref, GameRef) and ref.source == "toy"
    mine, example = mjscore.score_game(ref), mjscore.score_game(str(ROOT / "examples/game-dmjl.yaml"))
    assert mine.summary == {"read": 16, "scored": 16, "rejected": 0}  # as docs/api.md's score_game example
    assert mine.standings == example.standings


def test_differences_belong_to_a_source_that_keeps_another_programs_record():
    with pytest.raises(DealError, match="is a game file"):
        mjscore.differences(str(ROOT / "examples/game-dmjl.yaml"))
    assert mjscore.differences(mjscore.games([str(KAJONGG)])[0]) == []  # tests/test_kajongg_games.py: it agrees


def test_a_database_of_several_games_is_not_read_as_one(tmp_path):
    db = ROOT / "tests/fixtures/kajongg/validation/bmja-seeds201-212.db"
    assert len(mjscore.games([str(db)])) > 1
    with pytest.raises(DealError, match=r"holds 12 games: give one of them \(one of mjscore.games"):
        mjscore.score_game(str(db))
