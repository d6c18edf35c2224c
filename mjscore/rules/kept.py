"""What scoring keeps of a variant: memo tables of pure results, bounded, found again by the table's content
(`Variant.key`), so that the `Variant` itself stays an immutable record and a batch's memory stays flat."""

from __future__ import annotations

from functools import lru_cache

from mjscore.hand.situation import Situation
from mjscore.rules.tables import Variant


class VariantMemo:
    """Scoring's memo tables for one variant: pure results, found again by the variant's content (`Variant.key`),
    each bounded, so that the variant itself stays an immutable record and a batch's memory stays flat."""

    __slots__ = ("rule_sets", "situations", "limit_order", "typed", "completions", "excludes")

    def __init__(self):
        self.rule_sets: dict[bool, tuple] = {}  # winner or not -> the rules that apply (_rule_sets)
        self.situations: dict[tuple, tuple] = {}  # seat, round, winner or not, options -> judged items (_tables)
        self.limit_order: dict[str, int] | None = None  # limit rule -> its place in the file (score_all)
        self.typed: dict[tuple, Situation] = {}  # a situation as typed -> checked (api)
        self.completions: dict[tuple, frozenset[str]] = {}  # a calling hand -> rules its completions count (special)
        self.excludes: dict[str, tuple[str, ...]] | None = None  # rule -> the rules its `excludes:` names (exclude)


@lru_cache(maxsize=64)
def _memo_of_key(key: str) -> VariantMemo:
    return VariantMemo()


def memo_of(variant: Variant) -> VariantMemo:
    """The memo tables of a variant, by its content: two loads of the same table share them (bounded: a program
    that loads table after table forgets the least recently used)."""
    return _memo_of_key(variant.key)
