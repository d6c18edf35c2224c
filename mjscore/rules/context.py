"""What the conditions see of one analysed hand: `Ctx`, one per hand scored under one situation, variant and
options, re-pointed at each candidate arrangement; and the situation's memo tables it finds (`_tables`).

The scorer (rules/scoring.py) makes it and hands it to each stage (rules/candidate.py, rules/value.py); the
conditions (rules/registry.py and the other modules of rules/conditions.py) read it. It holds the scorer it was
made by, so that a condition asking what a completed hand would score calls the scorer without importing it
(which would tie the conditions back above the scorer).
"""

from __future__ import annotations

from typing import Callable

from mjscore.hand import tiles as T
from mjscore.hand.arrange import AnalysedHand
from mjscore.hand.situation import NO_WORDS, Situation
from mjscore.memo import make_room
from mjscore.messages import named
from mjscore.rules.kept import VariantMemo, memo_of
from mjscore.rules.results import Item, Score
from mjscore.rules.tables import Variant
from mjscore.rules.when import reads_whole_hand

_WIND = {w: T.wind_tile(w) for w in T.WINDS}

Scorer = Callable[[AnalysedHand, Variant, dict], "list[Score]"]  # scoring.score_all, as a condition calls it


class Ctx:
    """One analysed hand scored under one situation, variant and options: what the registered conditions
    see (one per score_all, re-pointed at each candidate arrangement) and what scoring a candidate needs."""

    __slots__ = ("hand", "options", "variant", "sit", "seat", "round", "seat_tile", "round_tile", "source", "also",
                 "mahjong", "bonus", "suits", "has_honours", "tiles", "win", "groups", "pattern", "set_points", "items",
                 "value", "memo", "counts", "group_memo", "group_total", "tables", "hand_rules", "notes", "restricted",
                 "partial", "shown", "kept", "scorer")

    def __init__(self, hand: AnalysedHand, options: dict, variant: Variant, mahjong: bool, notes: list[str],
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
        self.win = self.groups = self.pattern = None
        self.set_points = 0
        self.items: list = []  # items scored so far, for conditions on what the hand earned
        self.value: int | None = None  # the final value, known once combined (for mahjong: requires:)
        self.memo: dict = {}  # what conditions work out once per hand, not once per candidate or rule
        self.counts: dict = {}  # what conditions work out once per candidate (emptied for each)
        self.group_total: int | None = None  # the candidate's groups counted by every `groups:` condition at once
        self.kept = kept = memo_of(variant)  # what scoring keeps of the variant (and conditions: special.py)
        self.tables = tables = _tables(variant, kept, sit, mahjong, options)  # the situation's memo of judged groups
        self.group_memo = tables[5]  # the counted group conditions a group meets, per situation (group_marks)
        told = (self.source, self.also, self.suits, self.has_honours, not self.bonus)  # what when.folded tells
        plans = tables[4].get(told)
        if plans is None:  # winning shape -> the hand rules and requirements as they are here (candidate._plan)
            plans = tables[4][told] = {}
        self.hand_rules = plans
        self.notes = notes  # the hand's notes, said by every candidate's score
        self.restricted = restricted  # a short or wrong hand: hand rules give no doubles (score_all)
        self.partial = partial  # the tile count of a hand written as only some of its tiles (score_all)
        self.shown = None  # what every candidate's Score says alike (value.combine)
        self.scorer = scorer  # the scorer that made this context (score_completed)

    def score_completed(self, tile: int) -> Score:
        """The best score of this hand completed by TILE drawn from the wall: conditions that ask what a
        wait would score call the scorer through here, so they stay below it."""
        return self.scorer(self.hand.completed(tile), self.variant, self.options)[0]

    @property
    def single_wait(self) -> bool:
        """Whether the hand waited on the winning tile alone (for single-wait rules; told at once for most)."""
        return self.win is not None and self.hand.waited_on_one(self.win, self.groups, self.pattern)

    @property
    def wait_count(self) -> int:
        """Tiles the hand waited on before the winning tile (for single-wait rules)."""
        if self.win is None:
            return 0
        return self.hand.wait_count(self.win, self.groups)


def _applies(who: str, mahjong: bool) -> bool:
    return who == "all" or (who == "winner") == mahjong


def _rule_sets(variant: Variant, kept: VariantMemo, mahjong: bool) -> tuple:
    """The variant's group, bonus and hand rules that apply to a winning (or a non-winning) hand; each hand
    rule as (its predicate, rule, its item, its item with no doubles, whether it reads the whole hand): a hand
    rule's item is the same wherever it applies, so it is made once; then the mah-jong requirements as
    (predicate, limit hands exempt, message)."""
    got = kept.rule_sets.get(mahjong)
    if got is None:
        rules = [r for r in variant.rules if _applies(r.who, mahjong)]
        hand = tuple((r.pred, r, _item(r), _item(r._replace(doubles=0)), reads_whole_hand(r.pred))
                     for r in rules if r.per == "hand")
        requires = tuple((q.pred, q.limit_hands_exempt, named(q.message, q.messages) if q.messages else q.message)
                         for q in variant.requires)  # (a message in the rulebook's words too: said in --lang)
        got = (tuple(r for r in rules if r.per == "group"), tuple(r for r in rules if r.per == "bonus"), hand,
               requires)
        kept.rule_sets[mahjong] = got
    return got


def _item(r) -> Item:
    return Item(r.name, "", r.points, r.doubles, r.limit, r.extra, r.table, r.keep_doubles, r.cite, r.names, 1, r.fan)


def _tables(variant: Variant, kept: VariantMemo, sit: Situation, mahjong: bool, options: dict) -> tuple:
    """(group memo, bonus memo, rule sets, [its token, its suits' class token], hand rules by how the tile came,
    the circumstances, the suits held and bonus tiles or none, the marks of counted group conditions) for a
    situation, found with one lookup by the options' content (a changed, or another equal, options mapping
    finds its own tables). The group and bonus memos hold the items of each distinct group or bonus tile; a
    block's arrangements are kept with the block (arrange.Block.judged) under the situation's token or, for a
    suit's block, its class's (a token is an object of its own, never equal to another's: blocks are shared by
    every variant). They depend only on the subject, the seat and prevailing wind (own/round wind classes), the
    options and winner-or-not, so each is judged once per situation, not once per hand."""
    key = (sit.seat, sit.round, mahjong, tuple(options.items()))
    hit = kept.situations.get(key)
    if hit is None:
        make_room(kept.situations, 512)  # a bound for endless batches under changing options
        hit = kept.situations[key] = ({}, {}, _rule_sets(variant, kept, mahjong), [object(), None], {}, {})
    return hit
