"""A hand typed to `score` is arranged once and scored once (issue 26: one analysed hand per hand).

`score --explain` used to parse, analyse and score the typed hand a second time for its near misses
(api.near_misses); it now hands them the best score it has (`best=`). The near misses themselves score
other hands (another winning tile, another circumstance, a swapped tile), through rules/referee.py, which
these counters do not see: they count the API's own trips, those a face starts.
"""

from __future__ import annotations

import pytest

import mjscore.api as api
from helpers import run


@pytest.fixture
def trips(monkeypatch):
    """The (hand, situation) pairs the API analyses, and the analysed hands it scores, in order."""
    analysed, scored = [], []
    real_analyse, real_score_all = api.analyse, api.score_all

    def analyse(hand, sit, shapes):
        analysed.append((hand.melds, hand.concealed, hand.bonus, sit))
        return real_analyse(hand, sit, shapes)

    def score_all(hand, variant, options, *args):
        scored.append(hand)
        return real_score_all(hand, variant, options, *args)

    monkeypatch.setattr(api, "analyse", analyse)
    monkeypatch.setattr(api, "score_all", score_all)
    return analysed, scored


@pytest.mark.parametrize("fmt", ["table", "json"])
@pytest.mark.parametrize("args", [
    ["1112345678999m 1m", "--variant", "dmjl", "--win", "1m"],  # near misses: Nine Gates on 2m-8m (docs/api.md)
    ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"],
    ["234m 234p 345s 567s 88p", "--variant", "riichi", "--win", "3s", "--from", "wall"],
])
def test_score_explain_arranges_and_scores_the_typed_hand_once(trips, args, fmt):
    analysed, scored = trips
    code, out, err = run("score", *args, "--explain", "--format", fmt)
    assert code == 0, err
    assert "near" in out.lower()  # the near misses were worked out (and printed)
    assert len(analysed) == 1 and len(scored) == 1, (analysed, scored)


def test_near_misses_given_the_best_score_agree_with_those_worked_out_afresh():
    """best= only saves the second trip: the near misses are the same (docs/api.md's example hand)."""
    best = api.score("1112345678999m 1m", "dmjl", win="1m")
    given = api.near_misses("1112345678999m 1m", "dmjl", win="1m", best=best)
    afresh = api.near_misses("1112345678999m 1m", "dmjl", win="1m")
    assert [m.to_dict() for m in given] == [m.to_dict() for m in afresh]
    assert [m.rule for m in given][:2] == ["Nine Gates", "Concealed True Color Game"]  # docs/api.md's example
