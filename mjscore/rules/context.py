"""What the conditions see of one analysed hand: `Ctx`, one per hand scored under one situation, variant and
options, re-pointed at each candidate arrangement; and the situation's memo tables it finds (`situation_tables`).

The scorer (rules/scoring.py) makes it and hands it to each stage (rules/candidate.py, rules/value.py); the
conditions (rules/registry.py and the other modules of rules/conditions.py) read it. It holds the scorer it was
made by, so that a condition asking what a completed hand would score calls the scorer without importing it
(which would tie the conditions back above the scorer).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

from mjscore.hand import tiles as T
from mjscore.hand.arrange import AnalysedHand
from mjscore.hand.situation import NO_WORDS, Situation
from mjscore.memo import make_room
from mjscore.messages import named
from mjscore.rules.kept import VariantMemo, memo_of
from mjscore.rules.results import Item, Note, Score, Shown
from mjscore.rules.tables import Rule, Variant
from mjscore.rules.when import reads_whole_hand
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from mjscore.hand.sets import Group
    from mjscore.rules.when import Node, Predicate, Test

_WIND = {w: T.wind_tile(w) for w in T.WINDS}

Scorer = Callable[[AnalysedHand, Variant, "dict[str, Any]"], "list[Score]"]  # scoring.score_all, as a condition calls it


class Ctx:
    """One analysed hand scored under one situation, variant and options: what the registered conditions
    see (one per score_all, re-pointed at each candidate arrangement) and what scoring a candidate needs."""

    __slots__ = ("hand", "options", "variant", "sit", "seat", "round", "seat_tile", "round_tile", "source", "also",
                 "mahjong", "bonus", "suits", "has_honours", "tiles", "win", "groups", "pattern", "set_points", "items",
                 "value", "memo", "counts", "group_memo", "group_total", "tables", "hand_rules", "notes", "restricted",
                 "partial", "shown", "kept", "scorer")

    def __init__(self, hand: AnalysedHand, options: dict[str, Any], variant: Variant, mahjong: bool, notes: Sequence[str],
                 scorer: Scorer, restricted: bool = False, partial: int | None = None, sit: Situation | None = None):
        sit = sit or hand.sit  # (a refused winning hand is scored as a non-winner's: another situation)
        self.hand, self.options, self.variant, self.sit = hand, options, variant, sit
        self.seat, self.round = sit.seat, sit.round
        self.seat_tile, self.round_tile = _WIND[sit.seat], _WIND[sit.round]
        self.source = sit.source if mahjong else None
        self.also = sit.also if mahjong else NO_WORDS
        self.mahjong = mahjong
        self.bonus = hand.bonus if options.get("flowers", True) else ()
        self.suits, self.has_honours = hand.suits, hand.has_honours
        self.tiles = hand.tiles  # every tile of the hand, bonus aside
        self.win: int | None = None  # the candidate's (re-pointed at each: candidate.score_candidate)
        self.groups: tuple[Group, ...] | None = None
        self.pattern: str | None = None
        self.set_points = 0
        self.items: list[Item] = []  # items scored so far, for conditions on what the hand earned
        self.value: int | None = None  # the final value, known once combined (for mahjong: requires:)
        self.memo: dict[Any, Any] = {}  # what conditions work out once per hand, not once per candidate or rule
        self.counts: dict[str, Any] = {}  # what conditions work out once per candidate (emptied for each)
        self.group_total: int | None = None  # the candidate's groups counted by every `groups:` condition at once
        self.kept = kept = memo_of(variant)  # what scoring keeps of the variant (and conditions: special.py)
        self.tables = tables = situation_tables(variant, kept, sit, mahjong, options)  # the situation's memos
        self.group_memo = tables.group_marks  # the counted group conditions a group meets (group_marks)
        told = (self.source, self.also, self.suits, self.has_honours, not self.bonus)  # what when.folded tells
        plans = tables.plans.get(told)
        if plans is None:  # winning shape -> the hand rules and requirements as they are here (folds.plan_of)
            plans = tables.plans[told] = {}
        self.hand_rules = plans
        self.notes = notes  # the hand's notes, said by every candidate's score
        self.restricted = restricted  # a short or wrong hand: hand rules give no doubles (score_all)
        self.partial = partial  # the tile count of a hand written as only some of its tiles (score_all)
        self.shown: Shown | None = None  # what every candidate's Score says alike (value.combine)
        self.scorer = scorer  # the scorer that made this context (score_completed)

    def score_completed(self, tile: int) -> Score:
        """The best score of this hand completed by TILE drawn from the wall: conditions that ask what a
        wait would score call the scorer through here, so they stay below it."""
        return self.scorer(self.hand.completed(tile), self.variant, self.options)[0]

    @property
    def single_wait(self) -> bool:
        """Whether the hand waited on the winning tile alone (for single-wait rules; told at once for most)."""
        return self.win is not None and self.hand.waited_on_one(self.win, self.groups or (), self.pattern)

    @property
    def wait_count(self) -> int:
        """Tiles the hand waited on before the winning tile (for single-wait rules)."""
        if self.win is None:
            return 0
        return self.hand.wait_count(self.win, self.groups or ())


def _applies(who: str, mahjong: bool) -> bool:
    return who == "all" or (who == "winner") == mahjong


class HandRuleEntry(NamedTuple):
    """A hand rule as every plan starts from it: its `when:`, the rule, its item (made once: the same wherever it
    applies), its item with no doubles (a restricted hand's), whether it reads every tile of the hand."""

    when: "Node | Predicate"
    rule: Rule
    item: Item
    undoubled: Item
    whole: bool


class Need(NamedTuple):
    """A mah-jong requirement: its `when:`, whether limit hands are exempt, the note of a hand that fails it (made
    once: every candidate that fails the requirement says the same)."""

    when: "Node | Predicate"
    limit_hands_exempt: bool
    note: Note


class SubjectRule(NamedTuple):
    """A group or bonus rule as the scorer asks it of each distinct group or bonus tile: its `when:`'s test and
    parameter (one call, when.Node) and the rule."""

    test: "Test"
    param: object
    rule: Rule


class RuleSets(NamedTuple):
    """The variant's rules that apply to a winning (or a non-winning) hand, by what they judge, and what each
    rule's `excludes:` names (rule name -> the rules it drops: exclusions.exclude; empty for most tables)."""

    group: tuple[SubjectRule, ...]
    bonus: tuple[SubjectRule, ...]
    hand: tuple[HandRuleEntry, ...]
    requires: tuple[Need, ...]
    excludes: dict[str, tuple[str, ...]]


class SituationTables:
    """What scoring keeps of one situation (seat, prevailing wind, winner or not, options): each distinct group's
    and bonus tile's judged items (`groups`, `bonus`), the rules that apply, the situation's token and its suits'
    class's (a block's arrangements are kept with the block under one of them, arrange.Block.judged), the hand
    rules' plans by what when.folded tells (`plans`: how the tile came, the circumstances, the suits held and bonus
    tiles or none, then the winning shape), the marks of counted group conditions (`group_marks`)."""

    __slots__ = ("groups", "bonus", "rules", "token", "suit_token", "plans", "group_marks")

    def __init__(self, rules: RuleSets):
        self.groups: dict[Hashable, Any] = {}  # a group (and what of the seat it reads) -> its judged items
        self.bonus: dict[Hashable, Any] = {}  # a bonus tile -> its judged items
        self.rules = rules
        self.token = object()  # an object of its own, never equal to another's: blocks are shared by every variant
        self.suit_token: Hashable | None = None  # the class's token, told at the situation's first non-winner (kept.suit_class)
        self.plans: dict[Hashable, Any] = {}  # what when.folded tells -> the plans by winning shape
        self.group_marks: dict[Group, int] = {}  # a group -> the counted group conditions it meets


def _rule_sets(variant: Variant, kept: VariantMemo, mahjong: bool) -> RuleSets:
    """The variant's group, bonus and hand rules and the mah-jong requirements that apply to a winning (or a
    non-winning) hand."""
    got = kept.rule_sets.get(mahjong)
    if got is None:
        rules = [r for r in variant.rules if _applies(r.who, mahjong)]
        hand = tuple(HandRuleEntry(when=r.pred, rule=r, item=_item(r), undoubled=_item(r._replace(doubles=0)),
                                   whole=reads_whole_hand(r.pred)) for r in rules if r.per == "hand")
        requires = tuple(Need(when=q.pred, limit_hands_exempt=q.limit_hands_exempt,
                              note=Note.not_mahjong(named(q.message, q.messages) if q.messages else q.message))
                         for q in variant.requires)  # (a message in the rulebook's words too: said in --lang)
        got = RuleSets(group=tuple(SubjectRule(test=r.pred.test, param=r.pred.param, rule=r) for r in rules
                                   if r.per == "group"),
                       bonus=tuple(SubjectRule(test=r.pred.test, param=r.pred.param, rule=r) for r in rules
                                   if r.per == "bonus"), hand=hand, requires=requires,
                       excludes={r.name: r.excludes for r in variant.rules if r.excludes})
        kept.rule_sets[mahjong] = got
    return got


def _item(r: Rule) -> Item:
    return Item(r.name, "", r.points, r.doubles, r.limit, r.extra, r.table, r.keep_doubles, r.cite, r.names, 1, r.fan)


def situation_tables(variant: Variant, kept: VariantMemo, sit: Situation, mahjong: bool,
                     options: dict[str, Any]) -> SituationTables:
    """A situation's tables, found with one lookup by the options' content (a changed, or another equal, options
    mapping finds its own tables). Group and bonus items depend only on the subject, the seat and prevailing wind,
    the options and winner-or-not (what a group or bonus condition may read: registry.SUBJECT_MEMO), so each is
    judged once per situation, not once per hand."""
    key = (sit.seat, sit.round, mahjong, tuple(options.items()))
    hit = kept.situations.get(key)
    if hit is None:
        make_room(kept.situations, 512)  # a bound for endless batches under changing options
        hit = kept.situations[key] = SituationTables(_rule_sets(variant, kept, mahjong))
    return hit
