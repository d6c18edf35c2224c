"""A hand rule's fold kept by the values of what it read (rules/folds.py, issue 40): found again wherever those
values recur, whatever else of the situation changed; never kept where it read more than plain values."""

from types import SimpleNamespace

import mjscore
from mjscore.rules import when
from mjscore.rules.conditions import CONDITIONS
from mjscore.rules.folds import kept_folds
from mjscore.rules.when import compile_when, folded


def _ctx(**changed):
    """A context with every attribute a fold may be kept by (rules/folds.py's _KEYED), `changed` on top."""
    values = dict(seat="E", round="E", seat_tile=27, round_tile=27, source="discard", also=frozenset(),
                  mahjong=True, suits=frozenset({0, 1}), has_honours=True, bonus=(), pattern="standard",
                  options={}, restricted=False, partial=None, memo={})
    return SimpleNamespace(**{**values, **changed})


def _counting(fold):
    calls = []

    def counted(pred, c):
        calls.append(pred)
        return fold(pred, c)

    return counted, calls


def test_a_fold_is_found_again_where_what_it_read_is_the_same():
    known = {"shapes": ["standard", "seven_pairs"], "options": {}, "situations": {}, "conditions": CONDITIONS}
    pred = compile_when({"pattern": "standard", "not": {"from": "wall"}}, "hand", known)  # reads shape, source
    memo: dict = {}
    fold, calls = _counting(folded)
    assert kept_folds(memo, [pred], _ctx(), fold) == [(None, None)]  # holds: nothing left to test
    assert len(calls) == 1
    # another seat, round, suits and circumstances: not read by this fold, so found again, not folded
    again = _ctx(seat="S", round="W", seat_tile=28, suits=frozenset({2}), also=frozenset({"riichi"}))
    assert kept_folds(memo, [pred], again, fold) == [(None, None)] and len(calls) == 1
    # the tile from the wall: read, another value, folded anew (false there) and kept too
    assert kept_folds(memo, [pred], _ctx(source="wall"), fold) == [None] and len(calls) == 2
    assert kept_folds(memo, [pred], _ctx(source="wall", seat="N"), fold) == [None] and len(calls) == 2
    # another shape: the fold stops at the shape and never reads the source; kept under the shape alone
    assert kept_folds(memo, [pred], _ctx(pattern="seven_pairs"), fold) == [None] and len(calls) == 3
    assert kept_folds(memo, [pred], _ctx(pattern="seven_pairs", source="wall"), fold) == [None]
    assert len(calls) == 3


def test_a_fold_that_read_more_than_plain_values_is_folded_each_time():
    memo: dict = {}
    fold, calls = _counting(lambda pred, c: len(c.memo))  # reads the hand's memo: no value to keep it by
    for n in range(3):
        assert kept_folds(memo, [object()], _ctx(memo={k: k for k in range(n)}), fold) == [n]
    assert len(calls) == 3
    # an option whose value no dictionary can hold: folded afresh, each time
    fold, calls = _counting(lambda pred, c: c.source)
    for _ in range(2):
        assert kept_folds(memo, [object()], _ctx(options={"list": [1]}), fold) == ["discard"]
    assert len(calls) == 2


def test_a_riichi_hand_planned_anew_folds_no_rule_again(monkeypatch):
    # the plans of a situation forgotten (as a fresh situation has none), the hand's rules' folds are all found
    # again by what they read: the scorer folds no `when:` a second time, and says the same
    from mjscore.rules.kept import memo_of

    hand, asked = "234m 567p 11s 678s 345s", dict(seat="W", round="S", win="1s", source="wall", also=("riichi",))
    first = mjscore.arrangements(hand, "riichi", **asked)
    memo_of(mjscore.load_variant("riichi")).situations.clear()
    folds = []
    real = when.When.fold  # (every hand rule's `when:` is a When node: when.compile_when)

    def counted(node, c):
        folds.append(node)
        return real(node, c)

    monkeypatch.setattr(when.When, "fold", counted)
    again = mjscore.arrangements(hand, "riichi", **asked)
    assert folds == []
    assert [s.to_dict() for s in again] == [s.to_dict() for s in first]
    assert first[0].to_dict()["items"]  # (riichi, menzen tsumo, pinfu ... : a hand with rules that held)


def test_a_riichi_plan_is_found_again_at_another_seat_and_round(monkeypatch):
    # a hand's plan (its hand rules folded) kept by what every fold read, which is not the seat or the round here:
    # the same hand at another seat and round, a situation of its own with no plans yet, folds no rule anew,
    # not even through the rules' kept folds, and scores as it did
    from mjscore.rules import folds

    hand, asked = "234m 567p 11s 678s 345s", dict(win="1s", source="wall", also=("riichi",))
    mjscore.arrangements(hand, "riichi", seat="W", round="S", **asked)
    calls = []
    real = folds.kept_folds

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(folds, "kept_folds", counted)
    moved = mjscore.arrangements(hand, "riichi", seat="N", round="W", **asked)
    assert calls == []
    monkeypatch.undo()
    from mjscore.rules.kept import memo_of
    memo_of(mjscore.load_variant("riichi")).plans.clear()  # forgotten: planned rule by rule, the same scores
    assert [s.to_dict() for s in mjscore.arrangements(hand, "riichi", seat="N", round="E", **asked)] == [
        dict(s.to_dict(), round="E") for s in moved]
