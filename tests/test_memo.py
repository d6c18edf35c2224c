"""Bounded memo tables."""

from mjscore.memo import make_room


def test_make_room_forgets_the_oldest_quarter_when_full():
    memo = {k: k * k for k in range(8)}
    make_room(memo, 8)  # full: the oldest 8 // 4 = 2 go
    assert list(memo) == [2, 3, 4, 5, 6, 7]
    make_room(memo, 8)  # 6 of 8: room left, nothing goes
    assert len(memo) == 6


def test_situations_that_judge_every_suit_set_alike_share_one_class():
    from mjscore.rules.kept import PROBE, VariantMemo, suit_class

    assert PROBE[1].kind == "pair" and PROBE[1].tiles == (0, 0)
    memo = VariantMemo()
    assert suit_class(memo, 5, lambda g: ("pung 1", g.kind == "pung")) == 5  # the first: its own number
    assert suit_class(memo, 6, lambda g: ("pung 1", g.kind == "pung")) == 5  # judged alike: situation 5's class
    # one set judged otherwise (PROBE[1], the pair of 1m, scoring here): a class of its own, never 5's
    assert suit_class(memo, 7, lambda g: ("pung 1", g.kind == "pung" or g is PROBE[1])) == 7
    assert suit_class(memo, 8, lambda g: ("pung 1", g.kind == "pung" or g is PROBE[1])) == 7

