"""Score a hand under a variant: every candidate arrangement, every rule, keep the best.

Pure functions over analysed hands (hand/arrange.py: the hand's facts, worked out once, which
every rule and condition reads) and compiled tables; no I/O. The order of work is the
rulebooks': set points, bonus tiles, hand rules; then doubling, limit hands, the limit.
"""

from __future__ import annotations

from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, AnalysedHand
from mjscore.hand.notation import Hand
from mjscore.hand.sets import Group
from mjscore.hand.situation import NO_WORDS, Situation
from mjscore.rules.when import folded, reads_whole_hand
from mjscore.rules.riichi import check_red_fives, each_item, han_fu_score
from mjscore.rules.results import Item, Note, NoteKind, Score, kind_of
from mjscore.errors import HandError
from mjscore.memo import make_room
from mjscore.messages import M, joined, named, said
from mjscore.rules.exclusions import exclude, excluders, times
from mjscore.rules.kept import ARRANGED_KEPT, PROBED, VariantMemo, memo_of, suit_class
from mjscore.rules.tables import Variant


# --- the context conditions read ------------------------------------------------------------------

_WIND = {w: T.wind_tile(w) for w in T.WINDS}


class Ctx:
    """One analysed hand scored under one situation, variant and options: what the registered conditions
    see (one per score_all, re-pointed at each candidate arrangement) and what scoring a candidate needs."""

    __slots__ = ("hand", "options", "variant", "sit", "seat", "round", "seat_tile", "round_tile", "source", "also",
                 "mahjong", "bonus", "suits", "has_honours", "tiles", "win", "groups", "pattern", "set_points", "items",
                 "value", "memo", "counts", "group_memo", "group_total", "tables", "hand_rules", "notes", "restricted",
                 "partial", "shown", "kept")

    def __init__(self, hand: AnalysedHand, options: dict, variant: Variant, mahjong: bool, notes: list[str],
                 restricted: bool = False, partial: int | None = None, sit: Situation | None = None):
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
        if plans is None:  # winning shape -> the hand rules and requirements as they are here (_plan)
            plans = tables[4][told] = {}
        self.hand_rules = plans
        self.notes = notes  # the hand's notes, said by every candidate's score
        self.restricted = restricted  # a short or wrong hand: hand rules give no doubles (score_all)
        self.partial = partial  # the tile count of a hand written as only some of its tiles (score_all)
        self.shown = None  # what every candidate's Score says alike (combine)

    def score_completed(self, tile: int) -> Score:
        """The best score of this hand completed by TILE drawn from the wall: conditions that ask what a
        wait would score call the scorer through here, so they stay below it."""
        return score_all(self.hand.completed(tile), self.variant, self.options)[0]

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


# --- scoring one candidate ---------------------------------------------------------------------------

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
        requires = tuple((q.pred, q.limit_hands_exempt, q.message) for q in variant.requires)
        got = (tuple(r for r in rules if r.per == "group"), tuple(r for r in rules if r.per == "bonus"), hand,
               requires)
        kept.rule_sets[mahjong] = got
    return got


def _item(r) -> Item:
    return Item(r.name, "", r.points, r.doubles, r.limit, r.extra, r.table, r.keep_doubles, r.cite, r.names, 1, r.fan)


def _judge_all(table: dict, rules, ctx, groups) -> tuple[list[str], list[Item], set[str]]:
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


def _judge(rules, ctx, subject, shown) -> tuple:
    """(text, items, replaced rule names) of one group or bonus tile."""
    text = shown(subject)
    matched = [r for r in rules if r.pred(ctx, subject)]
    items = tuple(Item(r.name, text, r.points, r.doubles, r.limit, r.extra, r.table, r.keep_doubles, r.cite, r.names,
                       1, r.fan) for r in matched)
    return text, items, frozenset(n for r in matched for n in r.replaces)


def score_candidate(ctx: Ctx, groups: tuple[Group, ...], pattern: str | None, win: int | None,
                    blocks: tuple = (), declared: int = 0) -> Score:
    """One candidate's score: its groups under a winning shape (`pattern`) with the winning tile `win`, or a
    non-winning arrangement (no pattern, no tile). For a non-winning hand, `blocks` are the blocks'
    arrangements that make up the groups after the `declared` sets (each is judged once per situation, a suit's
    once per class of situations that judge its sets alike, kept.suit_class; not group by group). A hand written as only some of its tiles (ctx.partial) leaves the hand
    rules that read every tile unscored, named in a note."""
    ctx.groups, ctx.pattern, ctx.win, ctx.value = groups, pattern, win, None
    table, bonus_table, (group_rules, bonus_rules, _, _), numbers, _, _ = ctx.tables
    ctx.group_total = None
    if ctx.counts:
        ctx.counts = {}
    if blocks and not declared:  # a non-winner with no declared sets (most): its blocks' arrangements alone
        texts, items, replaced = [], [], set()
    else:
        texts, items, replaced = _judge_all(table, group_rules, ctx, groups[:declared] if blocks else groups)
    if blocks:
        arranged = ctx.kept.arranged
        own, suits = numbers
        if suits is None:  # (the situation's first non-winner)
            suits = numbers[1] = suit_class(ctx.kept, own, lambda g: _judge_all(table, group_rules, ctx, (g,)))
    for a in blocks:  # by the arrangement's identity (its entry keeps it, so no other takes its id): a block's
        # arrangements are the same objects for every hand that holds it (arrange.Block.partial)
        key = (suits if a[0].tiles[0] < 27 else own, id(a))  # a suit's block: judged alike in the situation's class
        entry = arranged.get(key)
        if entry is None:
            if key[0] != own and not PROBED.issuperset(a):  # (a set the class was not told by: this situation's)
                key = (own, id(a))
            make_room(arranged, ARRANGED_KEPT)  # a long batch's memory stays flat
            t, i, r = _judge_all(table, group_rules, ctx, a)
            entry = arranged[key] = (tuple(t), tuple(i), frozenset(r) if r else _NONE_REPLACED, a)
        texts += entry[0]
        items += entry[1]
        if entry[2]:
            replaced |= entry[2]
    points = 0
    for i in items:
        points += i.points
    ctx.set_points = points
    if ctx.bonus:
        for t in ctx.bonus:
            entry = bonus_table.get(t)
            if entry is None:
                entry = bonus_table[t] = _judge(bonus_rules, ctx, t, T.name)
            items += entry[1]
            if entry[2]:
                replaced |= entry[2]
    ctx.items = items
    unjudged = []
    partial, restricted = ctx.partial, ctx.restricted
    plan = ctx.hand_rules.get(pattern)
    if plan is None:
        plan = ctx.hand_rules[pattern] = _plan(ctx)
    rules, requires, excludes = plan
    for test, p, r, item, undoubled, whole in rules:
        got = True if test is None else test(ctx, p, None)
        if got:
            if partial is not None and whole:
                unjudged.append(r)
                continue
            if r.each is not None:  # doubles_each: one double per tile counted (none counted: no item)
                item = undoubled = each_item(ctx, r, item)
                if item is None:
                    continue
            chosen = undoubled if restricted else item
            items.append(chosen if got is True else times(chosen, got))  # (True: once, most rules)
            if r.replaces:
                replaced.update(r.replaces)
    if replaced:
        items = [i for i in items if i.rule not in replaced]
    notes = ctx.notes
    if excludes:
        items, notes = exclude(ctx.variant, items, notes)
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
        for test, p, exempt, message in requires:
            if not (exempt and score.limit_hand) and not (test is None or test(ctx, p, None)):
                return score._replace(mahjong=False, notes=score.notes + (Note.not_mahjong(message),))
    return score


def _plan(ctx: Ctx) -> tuple[tuple, tuple, bool]:
    """The hand rules and mah-jong requirements as they are in the context's situation and winning shape
    (when.folded: what reads only those is told once): the rules that can hold, each as (test, parameter,
    rule, item, item with no doubles, whether it reads the whole hand), test None when it holds whatever the
    hand; the requirements as (test, parameter, limit hands exempt, message); whether a rule `excludes:`
    others (exclusions.exclude)."""
    _, _, hand, requires = ctx.tables[2]
    rules = []
    for pred, r, item, undoubled, whole in hand:
        part = folded(pred, ctx)
        if part is not None:
            rules.append((*part, r, item, undoubled, whole))
    needs = tuple((*(folded(pred, ctx) or (_fails, None)), exempt, message) for pred, exempt, message in requires)
    return tuple(rules), needs, bool(excluders(ctx.variant))


def _fails(c, p, s) -> bool:
    return False


_NONE_REPLACED: frozenset[str] = frozenset()


def _tables(variant: Variant, kept: VariantMemo, sit: Situation, mahjong: bool, options: dict) -> tuple:
    """(group memo, bonus memo, rule sets, [its number, its suits' class], hand rules by how the tile came, the
    circumstances, the suits held and bonus tiles or none, the marks of counted group conditions) for a
    situation, found with one lookup by the options' content (a changed, or another equal, options mapping
    finds its own tables). The group and bonus memos hold the items of each distinct group or bonus tile,
    kept.arranged those of a block's arrangement (by its content, and the situation's number or, for a suit's
    block, its class): they depend only on the subject, the seat and prevailing wind (own/round wind classes),
    the options and winner-or-not, so each is judged once per situation, not once per hand."""
    key = (sit.seat, sit.round, mahjong, tuple(options.items()))
    hit = kept.situations.get(key)
    if hit is None:
        make_room(kept.situations, 512)  # a bound for endless batches under changing options
        hit = kept.situations[key] = ({}, {}, _rule_sets(variant, kept, mahjong), [next(kept.serials), None], {}, {})
    return hit


def combine(ctx: Ctx, texts: tuple[str, ...], items: list[Item], win: int | None, notes: list[str],
            win_set: str | None = None) -> Score:
    """Points x 2^doubles, limit hands, rounding, the limit, extras (texts: the arrangement in notation;
    win_set: the set the winning tile completed, in notation without brackets)."""
    variant, options = ctx.variant, ctx.options
    limit = options.get("limit")
    points = doubles = 0
    best_limit = best_extra = None
    for i in items:  # one pass: this runs for every candidate of every hand of a batch
        points += i.points
        doubles += i.doubles
        if i.limit and (best_limit is None or i.limit > best_limit.limit):
            best_limit = i
        if i.extra and (best_extra is None or i.extra > best_extra.extra):
            best_extra = i
    uncapped = points * 2 ** doubles
    shown = ctx.shown
    if shown is None:  # the fields every candidate's Score shares: before `arrangement`, and after `win`
        hand, sit, mahjong = ctx.hand, ctx.sit, ctx.mahjong
        shown = ctx.shown = ((variant.name, options, hand.notation, sit.seat, sit.round, mahjong),
                             (sit.source if mahjong else None, tuple(sorted(sit.also)) if mahjong and sit.also else (),
                              tuple(T.name(t) for t in hand.bonus) if hand.bonus else ()))
    head = (*shown[0], texts)
    tail = (T.name(win) if win is not None else None, *shown[1])  # the fields after `value` and `uncapped`
    if variant.han_fu is not None and ctx.mahjong:  # base points from fu and han, tiers, yakuman (riichi.py)
        return han_fu_score(ctx, variant.han_fu, head, tail, items, notes, win_set)
    if best_limit is not None and limit is not None:
        kept = [i for i in items if i.doubles and i.table in best_limit.keep_doubles]
        kept_doubles = sum(i.doubles for i in kept)
        base = round(best_limit.limit * limit)
        if best_limit.limit >= 1 or best_limit.limit * limit * 2 ** kept_doubles >= uncapped:
            if best_limit.keep_doubles:  # its base value goes through the final-values step with those doubles
                value, note = final_value(variant, options, base, kept_doubles)
                notes = list(notes) + ([note] if note else [])
            else:
                value = base
            return _new_score(Score, (*head, (best_limit, *kept), 0, kept_doubles, best_limit.rule, best_limit.limit,
                                      limit, value, base * 2 ** kept_doubles, *tail, tuple(notes), win_set, None))
    value, note = final_value(variant, options, points, doubles)
    if note:
        notes = list(notes) + [note]
    if best_extra is not None:
        items = [i for i in items if not i.extra or i is best_extra]
        value += best_extra.extra
    return _new_score(Score, (*head, tuple(items), points, doubles, None, 0, limit, value, uncapped, *tail,
                              tuple(notes), win_set, None))


_new_score = tuple.__new__  # a Score from its 22 fields in order, without NamedTuple's keyword-taking __new__


def final_value(variant: Variant, options: dict, base: int, doubles: int) -> tuple[int, str | None]:
    """Base value and doubles to the final value: the variant's grid (a printed table of final values)
    when it has the entry, else base x 2^doubles rounded up and capped at the limit; plus a note when
    a grid had to be left."""
    grid, note = variant.value_grid, None
    if grid:
        row = next((r for b, r in grid.items() if b >= base), None)
        if row is not None and doubles < len(row):
            return row[doubles], None
        note = Note(NoteKind.INFO, said(M.NOTE_BEYOND_GRID, base=base, doubles=doubles))
    value = base * 2 ** doubles
    step = variant.round_up
    if step > 1:
        value = -(-value // step) * step
    limit = options.get("limit")
    if limit is not None and not options.get("roof_off", False):
        value = min(value, limit)
    return value, note


def long_hand(hand: AnalysedHand, variant: Variant, options: dict, why: str | Note) -> Score:
    """A long hand's score: the variant's value for it, with why, and any four alike not declared a kong."""
    item = Item("long hand", points=0, cite=variant.long_hand_words[0], names=variant.long_hand_words[1])
    kongs = tuple(Note(NoteKind.INFO, said(M.NOTE_UNDECLARED_KONG, tiles=k)) for k in undeclared_kongs(hand))
    return Score(variant.name, options, hand.notation, hand.sit.seat, hand.sit.round, False, (), (item,), 0, 0, None, 0,
                 options.get("limit"), variant.long_hand, variant.long_hand,
                 bonus=tuple(T.name(t) for t in hand.bonus),
                 notes=(why if isinstance(why, Note) else Note(NoteKind.LONG_HAND, why), *kongs))


def undeclared_kongs(hand: AnalysedHand) -> list[str]:
    """Four equal concealed tiles, as written (EEEE, 5555p): the commonest cause of a long hand."""
    return [T.format_tiles([t] * 4) for t in sorted(set(hand.concealed)) if hand.concealed.count(t) == 4]


def check_tiles(hand: Hand | AnalysedHand, variant: Variant) -> None:
    """Bonus tiles in a variant played without them are refused, not scored."""
    if hand.bonus and not variant.flowers:
        shown = " ".join(T.name(t) for t in hand.bonus)
        raise HandError(f"{variant.name} is played without flowers and seasons: {shown}", hand.text)


def score_all(hand: AnalysedHand, variant: Variant, options: dict, restricted: bool = False,
              fault: bool = False) -> list[Score]:
    """Every candidate's score, best first (ties keep generation order, so the choice is stable).

    restricted: a short or wrong hand (basque rule 66) keeps its points but only the doubles of
    its sets and bonus tiles, not those of hand rules.
    fault: the hand is short by a declared fault, so its tiles are all it holds. Otherwise a
    non-winning hand of fewer than 13 tiles (a kong counts 3) is taken as written roughly, only its
    scoring sets: rules that read every tile (one suit, all honours) cannot be judged on it.
    """
    check_tiles(hand, variant)
    check_red_fives(hand, variant, options)
    sit = hand.sit
    notes = []
    if hand.bonus and options.get("flowers", True) is False:
        notes.append(Note(NoteKind.INFO, said(M.NOTE_NO_BONUS)))
    n = hand.tile_count
    if n > WIN_COUNT:
        return [long_hand(hand, variant, options, said(M.NOTE_LONG_TILES, n=n, whole=WIN_COUNT))]
    mahjong_possible = n == WIN_COUNT
    if not mahjong_possible:
        given = sit.win is not None or sit.source != "discard" or sit.also or sit.win_set is not None
        if given:
            notes.append(Note(NoteKind.INFO, said(M.NOTE_SHORT_IGNORED, whole=WIN_COUNT)))
    if mahjong_possible and sit.win is None and "heaven" not in sit.also:
        notes.append(Note(NoteKind.NO_WIN, said(M.NO_WIN_NOTE)))
    if n < WIN_COUNT:
        ctx = Ctx(hand, options, variant, False, notes, restricted, n if n < WIN_COUNT - 1 and not fault else None)
        declared = len(hand.melds)
        scores = [score_candidate(ctx, g, None, None, parts, declared) for g, parts in hand.partial]
    else:
        ctx = Ctx(hand, options, variant, True, notes, restricted)
        scores = [score_candidate(ctx, g, p, w) for g, p, w in hand.candidates]
    if not scores:
        return [long_hand(hand, variant, options,
                          said(M.NOTE_LONG_NO_SHAPE, whole=WIN_COUNT, variant=variant.name,
                               shapes=', '.join(s.replace('_', ' ') for s in variant.shapes)))]
    if mahjong_possible and not any(s.mahjong for s in scores):
        scores = _refused(hand, variant, options, scores, notes)
    if len(scores) == 1:
        return scores
    later = ctx.kept.limit_order
    if later is None:
        later = ctx.kept.limit_order = _limit_order(variant)
    prefer = variant.prefer
    order = sorted(range(len(scores)), key=lambda i: (scores[i].rank, later.get(scores[i].limit_hand, -1),
                                                      bool(prefer) and _preferred(scores[i], prefer), -i),
                   reverse=True)
    return [scores[i] for i in order]


def _preferred(score: Score, prefer: tuple[str, ...]) -> bool:
    """Whether the score holds an item of a rule the table's `prefer:` names (a tie between arrangements)."""
    return any(i.rule in prefer for i in score.items)


def _limit_order(variant: Variant) -> dict[str, int]:
    """Rule name -> position in the file. Arrangements of equal value go to the limit hand listed later:
    a rulebook's named limit hands follow its general rows ("pure hand" before "buried treasure")."""
    return {r.name: i for i, r in enumerate(variant.rules) if r.limit}


def _refused(hand: AnalysedHand, variant: Variant, options: dict, refused: list[Score],
             notes: list[str]) -> list[Score]:
    """A winning shape that fails a mah-jong requirement: scored as the variant says, with the reason."""
    why = sorted({n for s in refused for n in s.notes if kind_of(n) is NoteKind.NOT_MAHJONG})
    if variant.not_mahjong == "long_hand":
        so = said(M.NOTE_SO_LONG)  # the first requirement's words are the reason a winner is told
        return [long_hand(hand, variant, options,
                          Note(NoteKind.LONG_HAND, joined(why, "; ") + so, joined([why[0].detail, *why[1:]], "; ") + so))]
    notes = [n for n in notes if kind_of(n) is not NoteKind.NO_WIN] + why + [Note(NoteKind.NON_WINNING,
                                                                                  said(M.V_NON_WINNING))]
    loser = Situation(hand.sit.seat, hand.sit.round)
    out = [score_candidate(Ctx(hand, options, variant, False, notes, sit=loser), g, None, None) for g, _ in hand.partial]
    order = sorted(range(len(out)), key=lambda i: (out[i].rank, -i), reverse=True)
    return [out[i] for i in order]
