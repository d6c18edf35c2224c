"""A valuation: how a family turns a winning candidate's items into its value, one module each, registered by
the key of a table's `value:` block in rules/families.py (`value: {han_fu: ...}`); a table with none is valued
the classical way, points x 2^doubles with limits and rounding (rules/value.py `combine`), which MCR's summed
fan is too (fan are points, never doubled; what excludes what is the rules' `excludes:`, rules/exclusions.py).

The scorer, the faces and settlement ask the valuation and the value it states (`FamilyValue`), never test
which family a table is: a new family is one module whose `FAMILY` has these members, and one line of
registration.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Protocol

from mjscore.errors import shown
from mjscore.messages import M, Words
from mjscore.rules.families import VALUATIONS, family
from mjscore.rules.results import Item, Score, Shown
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from mjscore.rules.tablefile import Failure
    from mjscore.rules.tablefile import OptionSpec


class Valuation(Protocol):
    """What the loader, the scorer and `variants NAME` ask of a family's valuation."""

    heads: tuple[str, ...]  # the words (message keys) a hand's two numbers are said under (han_fu: fu, han)

    def check(self, entry: Any, fail: Failure, options: dict[str, OptionSpec], shapes: list[str]) -> Any:
        """Its block of `value:` checked into its typed switches (a frozen record); a problem: fail(where, what)."""

    def score(self, ctx: Any, switches: Any, shown: Shown, texts: tuple[str, ...], win: str | None,
              items: list[Item], notes: Any, win_set: str | None) -> Score:
        """A winning candidate's Score (rules/value.py `combine` gives the fields every candidate of the hand
        shares, `shown`; `texts` its arrangement, `win` its winning tile's name)."""

    def words(self, switches: Any, w: Words) -> str:
        """How its values are made, in words (`variants NAME`)."""


class Valued(NamedTuple):
    """A table's valuation (its family) with the switches of its `value:` block."""

    family: Valuation
    switches: Any

    def score(self, ctx: Any, shown: Shown, texts: tuple[str, ...], win: str | None, items: list[Item],
              notes: Any, win_set: str | None) -> Score:
        return self.family.score(ctx, self.switches, shown, texts, win, items, notes, win_set)

    def score_hand(self, hand: Any, variant: Any, options: dict[str, Any], notes: list[Any]) -> list[Score] | None:
        """A winning hand's candidates' Scores by the family's own whole-hand path, where its module offers one
        (`score_hand(hand, variant, switches, options, notes)`, optional: riichi's, rules/riichi_path.py), each
        equal to the generic engine's and in its order; None: the shared scorer's own candidates stage scores it."""
        whole = getattr(self.family, "score_hand", None)
        return None if whole is None else whole(hand, variant, self.switches, options, notes)

    def words(self, w: Words) -> str:
        return self.family.words(self.switches, w)

    @property
    def heads(self) -> tuple[str, ...]:
        """The words (message keys) a hand's two numbers are said under, in place of points and doubles."""
        return self.family.heads


class Unit(Enum):
    """What a classically valued table counts a hand in, as its players say it (the table's `value: {unit: ...}`):
    base points and doubles (the default), or faan added (Hong Kong's 番), so that a hand with nothing counted
    (short of the minimum, or no winning hand) is said in the table's own word, not as "0 x 2^0"."""

    POINTS = "points"
    FAAN = "faan"

    def nothing_counted(self, points: int, w: Words) -> str | None:
        """The line of a hand no item counted for, in this unit; None: the classical line of base points and
        doubles (cli/report.py)."""
        return w(M.FAAN_COUNTED, faan=points) if self is Unit.FAAN else None


def check_unit(value: dict[str, Any], fail: Failure) -> Unit:
    """`value: {unit: points|faan}`, checked: the unit a hand's count is said in."""
    unit = value.get("unit", "points")
    if unit not in {u.value for u in Unit}:
        fail("value.unit", f"unit is one of {', '.join(u.value for u in Unit)}, not {shown(unit)}")
    return Unit(unit)


def check_valuation(value: dict[str, Any], fail: Failure, options: dict[str, OptionSpec], shapes: list[str]
                    ) -> Valued | None:
    """The valuation a table's `value:` block chooses by a registered key, its switches checked; None: the
    classical one (rules/value.py). Two families' keys in one block: fail."""
    chosen = [k for k in VALUATIONS if k in value]
    if len(chosen) > 1:
        fail("value", f"one way of valuing hands: {' or '.join(chosen)}, not both")
    if not chosen:
        return None
    valuation = family(VALUATIONS[chosen[0]])
    switches = valuation.check(value[chosen[0]], fail, options, shapes)
    return None if switches is None else Valued(valuation, switches)  # (`han_fu: null`: none chosen)
