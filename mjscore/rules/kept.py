"""What scoring keeps of a variant: memo tables of pure results, bounded, found again by the table's content
(`Variant.key`), so that the `Variant` itself stays an immutable record and a batch's memory stays flat."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Hashable

from mjscore.hand.sets import Group, concealed
from mjscore.hand.situation import Situation
from mjscore.memo import make_room
from mjscore.rules.situations import make_situation
from mjscore.rules.tables import Variant

if TYPE_CHECKING:
    from mjscore.rules.context import RuleSets, SituationTables
    from mjscore.rules.folds import Fold, Planned, Way
    from mjscore.rules.switches import SettlementRules
    from mjscore.rules.when import Node, Predicate


class VariantMemo:
    """Scoring's memo tables for one variant: pure results, found again by the variant's content (`Variant.key`),
    each bounded, so that the variant itself stays an immutable record and a batch's memory stays flat."""

    __slots__ = ("rule_sets", "situations", "suit_classes", "limit_order", "typed", "settled",
                 "cites", "seated", "folds", "plans")

    def __init__(self) -> None:  # (the types of the tables scoring's modules fill named for the checker alone)
        self.rule_sets: dict[bool, RuleSets] = {}  # winner or not -> the RuleSets that apply (context._rule_sets)
        # seat, round, winner or not, options -> the situation's tables
        self.situations: dict[tuple[object, ...], SituationTables] = {}
        # (a non-winner's block arrangements are judged once per situation class and kept with the block itself,
        # arrange.Block.judged, under the class's token: they live as long as the block, in one bound)
        self.suit_classes: dict[Hashable, tuple[object, ...]] = {}  # a class's token -> how it judges every set of PROBE
        self.limit_order: dict[str | None, int] | None = None  # limit rule -> its place in the file (outcome.ranked)
        self.typed: dict[tuple[object, ...], Situation] = {}  # a situation as typed -> checked (api)
        # settlement, once per deal of a batch: the same few answers every deal
        self.settled: dict[tuple[object, ...], SettlementRules] = {}  # options -> the settlement switches under them (Deal.rules)
        self.cites: dict[tuple[str, ...], str] = {}  # settlement rules -> their citations, joined (cite_of)
        self.seated: dict[tuple[str, str], Situation] = {}  # seat, round -> a non-winner's situation (settle)
        # (fold, hand when:) -> its folds by what they read (folds.kept_folds)
        self.folds: dict[tuple[Fold[Any], Node | Predicate], list[Way[Any]]] = {}
        self.plans: list[Way[Planned]] = []  # a plan's folded rules by what all their folds read (folds.plan_of)


# every set a non-winner's block of one suit is arranged into (hand/decompose.block_partial): concealed pungs, chows,
# pairs and single tiles
PROBE: tuple[Group, ...] = tuple(concealed(kind, (t,) * n) for t in range(27) for kind, n in (("pung", 3), ("pair", 2), ("single", 1)))
PROBE += tuple(concealed("chow", (t, t + 1, t + 2)) for t in range(27) if t % 9 < 7)
PROBED = frozenset(PROBE)


def suit_class(memo: VariantMemo, token: Hashable, judge: Callable[[Group], tuple[object, ...]]) -> Hashable:
    """The token of the first situation (its own if none) that judges every set of PROBE as `judge` does (the
    situation whose token is `token`): situations of one class judge a block of one suit alike, so they share its
    judged arrangements (kept with the block under the class's token, arrange.Block.judged). Group rules read the
    seat and the prevailing wind through the wind tiles' classes, so a variant's situations are mostly one class,
    and a non-winner's suits are judged once."""
    told = tuple(judge(g) for g in PROBE)
    classes = memo.suit_classes
    found = next((n for n, known in list(classes.items()) if known == told), None)
    if found is None:
        make_room(classes, 64)
        classes[token] = told
        found = token
    return found


@lru_cache(maxsize=64)
def _memo_of_key(key: str) -> VariantMemo:
    return VariantMemo()


def memo_of(variant: Variant) -> VariantMemo:
    """The memo tables of a variant, by its content: two loads of the same table share them (bounded: a program
    that loads table after table forgets the least recently used)."""
    return _memo_of_key(variant.key)


def rules_at(variant: Variant, options: dict[str, Any]) -> SettlementRules:
    """The variant's settlement switches under `options` (SettlementRules.at), kept by the options' content:
    a batch settles every deal under the same options, and resolving the switches each time was a deal's cost."""
    try:
        key = tuple(options.items())
        got = memo_of(variant).settled.get(key)
    except TypeError:  # an option value no dictionary can hold: resolved afresh
        return variant.settlement.at(options)
    if got is None:
        settled = memo_of(variant).settled
        make_room(settled, 256)
        got = settled[key] = variant.settlement.at(options)
    return got


def cites_of(variant: Variant, keys: tuple[str, ...]) -> str:
    """The table's citations of the settlement rules `keys`, each place once, joined ("rule 77; rule 79"):
    every payment of a batch cites one of a few such lists, so each is joined once."""
    cites = variant.cites
    if not cites:
        return ""
    memo = memo_of(variant).cites
    got = memo.get(keys)
    if got is None:
        make_room(memo, 256)
        got = memo[keys] = "; ".join(dict.fromkeys(cites[k] for k in keys if k in cites))
    return got


def seated(variant: Variant, seat: str, round_: str) -> Situation:
    """A non-winner's situation at `seat` in round `round_` (make_situation's, checked once): settlement asks it
    for three hands of every deal."""
    memo = memo_of(variant).seated
    got = memo.get((seat, round_))
    if got is None:
        got = make_situation(variant, seat, round_)
        make_room(memo, 64)
        memo[(seat, round_)] = got
    return got
