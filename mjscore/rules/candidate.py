"""The scorer's candidates stage: every candidate of an analysed hand scored under one context
(`score_candidates`), and one candidate arrangement scored (`score_candidate`): its sets and bonus tiles judged
once per situation, the hand rules as the situation and winning shape leave them (its plan: rules/folds.py), the
mah-jong requirements. The items go to rules/value.py for their value; the scores to rules/outcome.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, AnalysedHand, Block
from mjscore.hand.sets import Group
from mjscore.hand.situation import Situation
from mjscore.memo import make_room
from mjscore.messages import M, joined, named, said
from mjscore.rules.context import Ctx, Scorer
from mjscore.rules.counters import each_item
from mjscore.rules.exclusions import exclude, times
from mjscore.rules.folds import plan_of
from mjscore.rules.kept import PROBED, suit_class
from mjscore.rules.results import Item, Note, NoteKind, Score
from mjscore.rules.tables import Variant
from mjscore.rules.value import combine

if TYPE_CHECKING:
    from typing import TypeAlias

    from mjscore.rules.context import SubjectRule
    from mjscore.rules.tables import Rule

    # what a group (or bonus tile) is judged to: its text, its items, the rules its rules replace
    Judgement: TypeAlias = tuple[str, tuple[Item, ...], frozenset[str]]
    # what a block's arrangement is judged to: its groups' texts, their items, the rules they replace
    BlockJudgement: TypeAlias = tuple[tuple[str, ...], tuple[Item, ...], frozenset[str]]


def score_candidates(hand: AnalysedHand, variant: Variant, options: dict[str, Any], winner: bool, notes: Sequence[str],
                     scorer: Scorer, restricted: bool = False, partial: int | None = None,
                     sit: Situation | None = None) -> list[Score]:
    """Every candidate of the hand scored under one context (rules/context.py), in the order the hand gives them:
    a winner's (each winning shape with each winning tile, `hand.candidates`), or a non-winner's arrangements
    (`hand.partial`), each block's arrangement judged once per situation class (score_candidate). `sit`: another
    situation than the hand's (a refused winning shape is scored as a non-winner's, rules/outcome.py)."""
    ctx = Ctx(hand, options, variant, winner, notes, scorer, restricted, partial, sit)
    if winner:
        return [score_candidate(ctx, g, p, w) for g, p, w in hand.candidates]
    declared, blocks = len(hand.melds), hand.blocks
    return [score_candidate(ctx, g, None, None, blocks, choice, declared) for g, choice in hand.partial]


def _judge_all(table: dict[Hashable, Any], rules: tuple[SubjectRule, ...], ctx: Ctx,
               groups: tuple[Group, ...]) -> tuple[list[str], list[Item], set[str]]:
    """(texts, items, replaced rule names) of several groups together, each group judged once per
    situation (`table` is the situation's memo)."""
    texts: list[str] = []
    items: list[Item] = []
    replaced: set[str] = set()
    for g in groups:
        entry = table.get(g)
        if entry is None:
            entry = table[g] = _judge(rules, ctx, g, Group.notation)
        texts.append(entry[0])
        items += entry[1]
        if entry[2]:
            replaced |= entry[2]
    return texts, items, replaced


def _judge(rules: tuple[SubjectRule, ...], ctx: Ctx, subject: Any, shown: Callable[[Any], str]) -> Judgement:
    """(text, items, replaced rule names) of one group or bonus tile."""
    text = shown(subject)
    matched = [r for test, param, r in rules if test(ctx, param, subject)]  # (context.SubjectRule, unpacked: this
    # runs for every rule on every distinct group)
    items = tuple(Item(r.name, text, r.points, r.doubles, r.limit, r.extra, r.table, r.keep_doubles, r.cite, r.names,
                       1, r.fan) for r in matched)
    return text, items, frozenset(n for r in matched for n in r.replaces)


def score_candidate(ctx: Ctx, groups: tuple[Group, ...], pattern: str | None, win: int | None,
                    blocks: Sequence[Block] = (), choice: tuple[int, ...] = (), declared: int = 0) -> Score:
    """One candidate's score: its groups under a winning shape (`pattern`) with the winning tile `win`, or a
    non-winning arrangement (no pattern, no tile). For a non-winning hand, `blocks` are the hand's blocks and
    `choice` which of each block's arrangements (Block.partial) make up the groups after the `declared` sets:
    each block's arrangement is judged once per situation, a suit's once per class of situations that judge its
    sets alike (kept.suit_class), not group by group, and kept with the block (Block.judged). A hand written as
    only some of its tiles (ctx.partial) leaves the hand rules that read every tile unscored, named in a note."""
    ctx.groups, ctx.pattern, ctx.win, ctx.value = groups, pattern, win, None
    tables = ctx.tables
    table, group_rules = tables.groups, tables.rules.group
    ctx.group_total = None
    if ctx.counts:
        ctx.counts = {}
    if blocks and not declared:  # a non-winner with no declared sets (most): its blocks' arrangements alone
        texts: list[str] = []
        items: list[Item] = []
        replaced: set[str] = set()
    else:
        texts, items, replaced = _judge_all(table, group_rules, ctx, groups[:declared] if blocks else groups)
    if blocks:
        own, suits = tables.token, tables.suit_token
        if suits is None:  # (the situation's first non-winner)
            suits = tables.suit_token = suit_class(ctx.kept, own, lambda g: _judge_all(table, group_rules, ctx, (g,)))
        for block, i in zip(blocks, choice):
            key = suits if block.base < 27 else own  # a suit's block: judged alike in the situation's class
            judged = block.judged
            entries = judged.get(key) if judged is not None else None
            entry = entries[i] if entries is not None else None
            if entry is None:
                entry = _judged(block, i, key, own, table, group_rules, ctx)
            texts += entry[0]
            items += entry[1]
            if entry[2]:
                replaced |= entry[2]
    points = 0
    for item in items:
        points += item.points
    ctx.set_points = points
    if ctx.bonus:
        bonus_table = tables.bonus
        for t in ctx.bonus:
            entry = bonus_table.get(t)
            if entry is None:
                entry = bonus_table[t] = _judge(tables.rules.bonus, ctx, t, T.name)
            items += entry[1]
            if entry[2]:
                replaced |= entry[2]
    ctx.items = items
    unjudged: list[Rule] = []
    partial, restricted = ctx.partial, ctx.restricted
    plan = ctx.hand_rules.get(pattern)
    if plan is None:
        plan = ctx.hand_rules[pattern] = plan_of(ctx)
    counted = plan.counted
    outcomes: tuple[object, ...] = ()  # what each counted rule gave (by_total)
    if counted:  # the rules read only the group counts: judged once per candidate's counts (plan_of)
        test, p = counted[0]
        first = test(ctx, p, None)  # (which sums the candidate's counts, ctx.group_total)
        by_total = plan.by_total
        found = by_total.get(ctx.group_total)
        if found is None:
            make_room(by_total, 256)
            found = by_total[ctx.group_total] = (first, *[test(ctx, p, None) for test, p in counted[1:]])
        outcomes = found
    for h in plan.rules:
        test, k = h.test, h.counted_at
        got = True if test is None else test(ctx, h.param, None) if k < 0 else outcomes[k]
        if got:
            r = h.rule
            if partial is not None and h.whole:
                unjudged.append(r)
                continue
            item, undoubled = h.item, h.undoubled
            if r.each is not None:  # doubles_each: one double per tile counted (none counted: no item)
                each = each_item(ctx, r.each, item)
                if each is None:
                    continue
                item = undoubled = each
            chosen = undoubled if restricted else item
            items.append(chosen if got is True else times(chosen, got))  # (True: once, most rules)
            if r.replaces:
                replaced.update(r.replaces)
    if replaced:
        items = [i for i in items if i.rule not in replaced]
    notes = ctx.notes
    if plan.excludes:
        items, notes = exclude(tables.rules.excludes, items, notes)
    ctx.items = items
    if unjudged and (any(i.points for i in items) or any(r.points or r.limit or r.extra for r in unjudged)):
        # (said only where it could change the value: doubles of a hand worth no points change nothing)
        names = joined(dict.fromkeys(named(r.name, r.names) for r in unjudged), said(M.NOTE_RULES_SEP))
        notes = [*notes, Note(NoteKind.PARTIAL, said(M.NOTE_PARTIAL_ONE if partial == 1 else M.NOTE_PARTIAL_MANY,
                                                     n=partial, whole=WIN_COUNT - 1, rules=names))]
    done = None
    if win is not None:  # the set the winning tile completed, said in every output (--win-set names it):
        for i, g in enumerate(groups):  # its text as judged, a set written [..] without its brackets
            if g.completed:
                done = texts[i].strip("[]") if g.declared else texts[i]
                break
    score = combine(ctx, tuple(texts), items, win, notes, done)
    ctx.value = score.value
    if ctx.mahjong:
        for need in plan.requires:
            test = need.test
            if not (need.exempt and score.limit_hand) and not (test is None or test(ctx, need.param, None)):
                return score._replace(mahjong=False, notes=score.notes + (need.note,))
    return score


def _judged(block: Block, i: int, key: Hashable, own: Hashable, table: dict[Hashable, Any],
            group_rules: tuple[SubjectRule, ...], ctx: Ctx) -> BlockJudgement:
    """(texts, items, replaced rule names) of the block's arrangement `i`, judged and kept with the block under
    `key` (or under the situation's own token `own`, for a set the suit class was not told by)."""
    arrangement = block.partial[i]
    if key is not own and not PROBED.issuperset(arrangement):  # (judged as this situation alone judges it)
        key = own
    entries = _entries(block, key)
    got = entries[i]
    if got is None:
        t, items, r = _judge_all(table, group_rules, ctx, arrangement)
        got = entries[i] = (tuple(t), tuple(items), frozenset(r) if r else _NONE_REPLACED)
    return got


def _entries(block: Block, key: Hashable) -> list[BlockJudgement | None]:
    """The block's judged arrangements under `key`, one place per arrangement (None: not judged yet)."""
    if block.judged is None:
        block.judged = {}
    entries = block.judged.get(key)
    if entries is None:
        entries = block.judged[key] = [None] * len(block.partial)
    return entries


_NONE_REPLACED: frozenset[str] = frozenset()
