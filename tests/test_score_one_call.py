"""`mjscore score` makes one API call for a hand (issue 40, point 3): `arrangements`, whose result carries the
runner-up, the near misses, the nearest wins and the rulebook's words, each worked out only when asked."""

from __future__ import annotations

import sys

import pytest

from helpers import run
from mjscore import api
from mjscore.rules import referee

ASKED = ("arrangements", "score", "parse_hand", "load_variant", "runner_up", "near_misses", "nearest_wins",
         "quote_of", "quoted")


@pytest.fixture
def calls_from_cli(monkeypatch):
    """The API functions the CLI calls itself (not those the API calls for it)."""
    made: list[str] = []
    for name in ASKED:
        real = getattr(api, name)

        def counted(*a, _name=name, _real=real, **k):
            if sys._getframe(1).f_globals.get("__name__", "").startswith("mjscore.cli"):
                made.append(_name)
            return _real(*a, **k)

        monkeypatch.setattr(api, name, counted)
    return made


@pytest.mark.parametrize("fmt", ["table", "json", "html"])
@pytest.mark.parametrize("hand, args", [
    ("1112345678999m 1m", ["--variant", "dmjl", "--win", "1m"]),  # a winning hand: its near misses and quotes
    ("123m 456m 789m EEE NW", []),  # 14 tiles and no mah jong: its nearest wins
])
def test_score_explained_is_one_api_call(calls_from_cli, fmt, hand, args):
    code, out, err = run("score", hand, *args, "--explain", "--all", "--format", fmt)
    assert code == 0, err
    assert calls_from_cli == ["arrangements"]


def test_near_misses_and_nearest_wins_are_worked_out_only_when_asked(monkeypatch):
    def refused(*a, **k):
        raise AssertionError("worked out unasked")

    monkeypatch.setattr(referee, "near_misses", refused)
    monkeypatch.setattr(referee, "nearest_wins", refused)
    a = api.arrangements("1112345678999m 1m", "dmjl", win="1m")
    assert a.best is a[0] and a.best.mahjong  # scored and shown, no more asked: nothing else worked out
    with pytest.raises(AssertionError, match="unasked"):
        a.near_misses


def test_the_result_is_still_the_list_of_arrangements():
    a = api.arrangements("[999m] [234m] 123m 789p SS", "dmjl", seat="S", win="2m")
    assert isinstance(a, list) and [s.win_set for s in a][:1] == ["123m"]  # docs/api.md: 123m, 28 is the best
    assert a.best.value == 28 and a.runner_up is api.runner_up(a)
    assert a.nearest_wins is None  # a mah jong: the question does not arise
