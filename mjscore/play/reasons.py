"""A payment's reason in words, made once per distinct case.

A reason is a `Said` (its English text and the keys it was made of, for a face to say it again in another
language), and a Said never changes once made. A batch pays on the same few hand values deal after deal, so
each distinct reason is made once and kept (bounded: functools' least recently used), instead of formatting
the same words for every payment of every deal."""

from __future__ import annotations

from functools import lru_cache

from mjscore.messages import M, Said, said, seat_said


def doubled_by(seat: str, banker: bool) -> Said | str:
    """Who pays and receives double, as a reason names them: the banker (a variant's `banker` option), or
    the seat (East)."""
    return said(M.THE_BANKER) if banker else seat_said(seat)


@lru_cache(maxsize=1024, typed=True)
def winner_paid(winner: str, value: int, doubler: str | None, banker: bool) -> Said:
    """A payment to the winner: "winner East's hand 32", and ", x2 (East)" where `doubler` pays or
    receives double."""
    reason = said(M.PAID_WINNER, seat=seat_said(winner), value=value)
    if doubler is not None:
        reason += said(M.PAID_DOUBLE, who=doubled_by(doubler, banker))
    return reason


@lru_cache(maxsize=4096, typed=True)
def difference_paid(high: int, low: int, doubler: str | None, banker: bool, capped_at: int | None) -> Said:
    """A payment of the difference between two hands: "difference of hand values 8 - 0", doubled where
    `doubler` pays or receives, capped where `capped_at` (the limit) cut it."""
    reason = said(M.PAID_DIFFERENCE, high=high, low=low)
    if doubler is not None:
        reason += said(M.PAID_DOUBLE, who=doubled_by(doubler, banker))
    if capped_at is not None:
        reason += said(M.PAID_CAPPED_DOUBLE if doubler is not None else M.PAID_CAPPED, cap=capped_at)
    return reason
