"""A hand scored as a long hand is named for what it is (issue 45, point 8): "not a winning hand", its note saying
why (14 tiles in no winning shape; or more tiles than a winning hand has), the item's key "long hand" kept for
programs; and with --lang its row and its note are both in that language, in score, settle and compare."""

from __future__ import annotations

import json

import pytest

from helpers import run
from mjscore.messages import CATALOGUED, M, Words

NO_SHAPE = "123m 456m 789m EEE NW"  # 14 tiles: four sets and two odd winds, no pair
DRAW = ("settle", "--east", "123m 456m 789m 234p 55s", "--south", "[555p] 123m 789s SS",  # East holds 14 tiles
        "--west", "[111s] 456m 99m 2468p", "--north", "123s 567s 3p 4p 6m 7m 9m WW")     # in a draw


def test_fourteen_tiles_in_no_shape_are_not_a_winning_hand_in_english_and_long_hand_for_programs():
    out = run("score", NO_SHAPE)[1]
    assert "long hand" not in out
    assert "note: not a winning hand: 14 tiles in no winning shape of spanish (standard)" in out.splitlines()
    data = json.loads(run("score", NO_SHAPE, "--format", "json")[1])
    assert [i["rule"] for i in data["items"]] == ["long hand"]


@pytest.mark.parametrize("lang", CATALOGUED)
def test_row_and_note_speak_one_language(lang):
    w = Words(lang)
    row, note = w(M.IS_LONG_HAND), w(M.NOTE_LONG_NO_SHAPE, whole=14, variant="spanish", shapes="standard")
    out = run("score", NO_SHAPE, "--lang", lang)[1]
    assert "long hand" not in out and "not a winning hand" not in out
    assert any(line.startswith(row + " ") for line in out.splitlines())  # the item's row, not marked * (English)
    assert any(line.endswith(note) for line in out.splitlines())
    settled = run(*DRAW, "--lang", lang)[1]
    assert "long hand" not in settled and f" {row} " in settled
    assert w(M.NOTE_LONG_BUT_DRAW, whole=14) in settled
    compared = run("compare", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s", "-v", "dmjl,bmja",
                   "--lang", lang)[1]
    assert "long hand" not in compared and "so not a winning hand" not in compared and w(M.NOTE_SO_LONG) in compared
