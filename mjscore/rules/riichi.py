"""What the Japanese (riichi) rules add to the table machinery, as general table-driven pieces.

Riichi's scoring is the classical structure (points are fu, doubles are han, the limit is mangan),
with a few things the other rulebooks do not have, each a piece any table may use:

- conditions: the shape of the wait a winning tile filled (`wait`), whether a set was claimed
  (`called`), a group holding a tile of a class (`any_tile`), chows of given runs in one suit
  (`chows_include`), identical chows (`identical_chows`), how many of the winning tile's kind the
  hand holds (`win_kind_held`);

The other pieces it brought are general and live in modules of their own: the counters of `doubles_each:`
(rules/counters.py), red fives (rules/red_fives.py), `presets:` (rules/presets.py); its valuation is
rules/han_fu.py and its payments play/riichi.py.
"""

from __future__ import annotations

from typing import Any

from mjscore.rules.params import p_bool, p_choices, p_tiles
from mjscore.rules.registry import Reads, condition
from mjscore.rules.riichi_facts import group_wait
from mjscore.rules.when import Invalid
from mjscore.rules.special import p_runs

WAITS = ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")


# --- conditions ------------------------------------------------------------------------------------------

def wait_of(c: Any) -> str | None:
    """The shape of the wait the winning tile filled in this candidate: the completed group and where the
    tile sits in it (None: no winning tile, as on East's dealt hand)."""
    win = c.win
    if win is None:
        return None
    for g in c.groups:
        if g.completed:
            return group_wait(g, win)  # (a single of thirteen orphans' or seven pairs' own groups: tanki)
    return None


@condition("wait", "hand", p_choices(WAITS),
           "the wait the winning tile filled, as the completed set shows it: ryanmen (either end of a chow, "
           "not 12-3 nor 7-89), kanchan (the middle of a chow), penchan (3 of 123, 7 of 789), tanki (the pair), "
           "shanpon (a pung)", reads=Reads.CANDIDATE)
def _wait(c: Any, v: Any, _: Any) -> bool:
    return wait_of(c) in v


@condition("called", "hand", p_bool,
           "a set was claimed from a discard: written [..] or <..> (a concealed kong {..} is not; a set a "
           "claimed winning tile completed is not either)", reads=Reads.HAND)
def _called(c: Any, v: Any, _: Any) -> bool:
    called: bool | None = c.memo.get(_CALLED)  # the same for every candidate of the hand, asked by a rule in two
    if called is None:
        called = c.memo[_CALLED] = any(m.exposed for m in c.hand.melds)
    return called is bool(v)


_CALLED = "called"  # (the hand's memo key: its answer to `called`)


@condition("any_tile", "group", p_tiles, "some tile of the group is of this class (or one of these tiles)",
           reads=Reads.SUBJECT | Reads.SEATS)
def _any_tile(c: Any, v: Any, g: Any) -> bool:
    return any(v(t, c) for t in g.tiles)


@condition("chows_include", "hand", p_runs,
           "the hand holds chows of all these runs in one suit, and maybe other chows (e.g. [123, 456, 789])",
           reads=Reads.CANDIDATE)
def _chows_include(c: Any, v: Any, _: Any) -> bool:
    held = {g.tiles[0] for g in c.groups if g.kind == "chow"}  # each chow by its lowest tile (suit x 9 + number - 1)
    for suit in range(0, 27, 9):
        if all(suit + start - 1 in held for start in v):
            return True
    return False


def _p_count(v: Any, known: Any) -> frozenset[int]:
    vals = v if isinstance(v, list) else [v]
    if not vals or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 4 for x in vals):
        raise Invalid(f"expects numbers 0-4 (or a list of them), not {v!r}")
    return frozenset(vals)


@condition("identical_chows", "hand", _p_count,
           "how many pairs of identical chows the hand holds (1: one pair, as 223344m; 2: two pairs)",
           reads=Reads.CANDIDATE)
def _identical_chows(c: Any, v: Any, _: Any) -> bool:
    seen: dict[tuple[int, ...], int] = {}
    for g in c.groups:
        if g.kind == "chow":
            seen[g.tiles] = seen.get(g.tiles, 0) + 1
    return sum(n // 2 for n in seen.values()) in v


@condition("win_kind_held", "hand", _p_count,
           "how many tiles of the winning tile's kind the hand holds, the winning tile included",
           reads=Reads.CANDIDATE | Reads.HAND)
def _win_kind_held(c: Any, v: Any, _: Any) -> bool:
    return c.win is not None and c.tiles.count(c.win) in v

