"""Bounded memo tables."""

from mjscore.memo import make_room


def test_make_room_forgets_the_oldest_quarter_when_full():
    memo = {k: k * k for k in range(8)}
    make_room(memo, 8)  # full: the oldest 8 // 4 = 2 go
    assert list(memo) == [2, 3, 4, 5, 6, 7]
    make_room(memo, 8)  # 6 of 8: room left, nothing goes
    assert len(memo) == 6
