"""What a referee asks beyond a hand's value: for a hand that is no mah jong, the winning hands one tile away;
for a winning hand, the limit hands and doubling rules it missed by one thing (its near misses); for each item
counted, the rulebook's own words for its rule (its quote).

Pure functions over the analysed hand and the scorer (hand/arrange, rules/scoring), called through mjscore.api;
the faces print what they return. Kept apart from api.py so the one-hand command loads it only when asked.
"""

from __future__ import annotations

from typing import Any, Callable, Container, Iterable, NamedTuple

from mjscore.errors import MjscoreError
from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, analyse, waits
from mjscore.hand.notation import Hand
from mjscore.hand.redfives import without_tile
from mjscore.hand.situation import NO_WORDS, SITUATIONS, Situation
from mjscore.messages import M, Said, said
from mjscore.rules.mcr import SITUATIONAL_FANS
from mjscore.rules.results import Item, Score
from mjscore.rules.scoring import score_all
from mjscore.rules.tablefile import Quote, when_clauses
from mjscore.rules.tables import Variant
from mjscore.rules.unmet import unmet


class Swap(NamedTuple):
    """One way to make a hand of 14 tiles a winning one: give up `change` and hold one of `to` instead."""

    change: str  # a concealed tile of the hand, in the notation
    to: tuple[str, ...]  # the tiles that, in its place, make mah jong under the variant

    def to_dict(self) -> dict[str, Any]:
        return {"change": self.change, "to": list(self.to)}


def nearest_wins(hand: Hand, v: Variant, options: dict[str, Any], seat: str, round_: str) -> list[Swap]:
    """For a hand of 14 tiles (a kong counting 3) that is no mah jong: each concealed tile that, swapped for
    another, makes the hand a winning one under the variant (its shapes and its mah-jong requirements), with
    those other tiles; [] for a hand of another size. A declared set stays: it was laid out at the table."""
    if hand.tile_count != WIN_COUNT:
        return []
    out = []
    for change in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(change)
        short = Hand(hand.melds, tuple(rest), hand.bonus)
        to = []
        for t in waits(short, v.shapes):
            if t == change:
                continue
            sit = Situation(seat, round_, t, "discard", NO_WORDS, None)
            if score_all(analyse(short.with_tile(t), sit, v.shapes), v, options)[0].mahjong:
                to.append(T.name(t))
        if to:
            out.append(Swap(T.name(change), tuple(to)))
    return out


# --- near misses: what the same hand would have made with one thing changed -----------------------------------

NOT_CHANGED = frozenset({"heaven", "earth", "east-nine-in-a-row"})  # the whole deal's story, not one thing changed
HOW = {"discard": M.N_HOW_DISCARD, "wall": M.N_HOW_WALL, "loose": M.N_HOW_LOOSE, "kong": M.N_HOW_KONG}
MOST = 5  # near misses --explain lists at most
SWAPS_SAID = 3  # the swaps said for one near miss (the most valuable): "swap 5p for 5m; or swap 7p for 7m"


class NearMiss(NamedTuple):
    """A limit hand or doubling rule the hand did not make, but would have with one thing changed: another of
    its winning tiles, one circumstance (how the tile came, one more --also word), or one of its concealed tiles
    swapped for another (the same winning tile). `value`: the hand's value then (the most, where several
    changes make it); `values`: each change's own (lowest, highest) value, beside `how` (a change that stands
    for several, "swap 2s for 1s (or 3 other swaps)", may be worth several): one change's value is never said
    for another's."""

    rule: str
    gives: str  # "1 limit", "3 doubles" (a Said: --lang says it again)
    how: tuple[str, ...]  # each change that makes it: "won on 5m", "won from the wall", "swap 5p for 5m" (Said)
    value: int
    cite: str = ""
    values: tuple[tuple[int, int], ...] = ()  # beside `how`: (lowest, highest) value of each change
    unmet: tuple[str, ...] = ()  # the conditions of the rule's `when:` the hand fails as it stands (unmet.py)

    @property
    def one_value(self) -> bool:
        """Whether every change makes the hand worth the same (`value`): then said once for them all."""
        return all(v == (self.value, self.value) for v in self.values)

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "gives": self.gives, "how": list(self.how), "value": self.value,
                "values": [list(v) for v in self.values], "cite": self.cite, "unmet": list(self.unmet)}


def _gives(i: Item) -> Said:
    if i.fan:
        return said(M.V_FAN, n=i.points)
    if i.limit:
        return said(M.LIMIT_SHARE, share=f"{i.limit:g}")
    return said(M.X_DOUBLE if i.doubles == 1 else M.X_DOUBLES, n=i.doubles)


def _best(hand: Hand, sit: Situation, v: Variant, options: dict[str, Any]) -> Score | None:
    """The best winning score of the hand in `sit`; None where it is no mah jong, or the change is impossible
    for this hand (a robbed tile whose fourth copy the hand holds)."""
    try:
        s = score_all(analyse(hand, sit, v.shapes), v, options)[0]
    except MjscoreError:
        return None
    return s if s.mahjong else None


def _made(s: Score | None) -> dict[str, Item]:
    """The limit hands, doubling items and fan (MCR) of a score, by rule."""
    return {i.rule: i for i in s.items if i.limit or i.doubles or i.fan} if s is not None else {}


def _tiles_words(tiles: list[int]) -> str:
    names = [T.name(t) for t in tiles]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + said(M.N_TILE_OR) + names[-1]


def situational_only(when: str) -> bool:
    """Whether a rule's condition (as written, `from: loose`) reads only the situation: what any hand gets by
    that circumstance (the last tile's double for `--also last-wall-tile`), never a near miss of one hand."""
    return all(p.partition(":")[0].strip() in situational_names() or _situational_fan(p)
               for p in when_clauses(when) if p.strip())


def _situational_fan(part: str) -> bool:
    """`fan: last_tile_claim`: a fan (MCR) that a circumstance alone makes."""
    name, _, fan = part.partition(":")
    return name.strip() == "fan" and fan.strip() in SITUATIONAL_FANS


def situational_names() -> frozenset[str]:
    """The conditions a table's `when:` may name that read only the situation and the options."""
    from mjscore.rules.conditions import CONDITIONS

    return frozenset(c.name for c in CONDITIONS if c.situational)


class _Missed:
    """What changes make one rule the hand did not make: its item, each change's value, the most of them."""

    __slots__ = ("item", "by_tile", "changes", "value", "swaps")

    def __init__(self, item: Item) -> None:
        self.item = item
        self.by_tile: dict[int, int] = {}  # another of the hand's winning tiles -> the hand's value won on it
        self.changes: list[tuple[str, int]] = []  # a changed circumstance (its words), the hand's value then
        self.value = 0  # the most any change makes the hand worth
        self.swaps: list[tuple[int, str]] = []  # (minus the value, a swap's words): the most valuable first, sorted


def near_misses(hand: Hand, v: Variant, options: dict[str, Any], sit: Situation, have: Container[str],
                contradiction: Callable[[str, str, frozenset[str]], object] | None = None, guessed: bool = False,
                worth: int = 0) -> list[NearMiss]:
    """The near misses of a winning hand scored in `sit` whose best score made the rules `have`: most valuable
    first, at most MOST. A rule whose condition reads only the situation is no near miss of this hand (any
    hand makes it by that change). `contradiction(seat, source, also)` refuses impossible circumstances.
    `guessed`: no winning tile was given (sit.win is the best reading's): a changed circumstance names it.
    A concealed tile swapped for another (`swapped`) is a change too, the hand still won on the same tile.
    `worth`: the hand's value as scored; a change that leaves it worth no more is no near miss (a referee asks
    why a hand did not get more, not which lesser hands lay beside it)."""
    if sit.win is None:
        return []
    plain = {r.name for r in v.rules if situational_only(r.when)}
    found: dict[str, _Missed] = {}  # rule -> the changes that make it

    def note(s: Score | None, change: int | str, swap: bool = False) -> None:
        if s is None or s.value <= worth:
            return
        for rule, i in _made(s).items():
            if rule in have or rule in plain:
                continue
            entry = found.get(rule)
            if entry is None:
                entry = found[rule] = _Missed(i)
            if isinstance(change, int):  # another winning tile
                entry.by_tile[change] = s.value
            elif swap:  # said most valuable first, at most SWAPS_SAID
                entry.swaps.append((-s.value, change))
            else:
                entry.changes.append((change, s.value))
            entry.value = max(entry.value, s.value)

    if sit.win in hand.concealed:  # another of its winning tiles
        short = without_tile(hand, sit.win, sit.win_red)
        for t in waits(short, v.shapes):
            if t != sit.win:
                other = sit._replace(win=t, win_set=None, win_red=None)
                note(_best(short.with_tile(t), other, v, options), t)
    kongs = any(m.kind == "kong" for m in hand.melds)
    changes = [(sit._replace(source=src), said(HOW[src])) for src in HOW
               if src != sit.source and (src != "loose" or kongs)]
    words = {**SITUATIONS, **v.situations}
    changes += [(sit._replace(also=sit.also | {w}), said(M.N_ALSO, word=w, meaning=meaning))
                for w, meaning in words.items()
                if w not in sit.also and w not in NOT_CHANGED]
    on = said(M.N_ON, tile=T.name(sit.win)) if guessed else ""
    for changed, how in changes:
        how += on
        if contradiction is not None and contradiction(changed.seat, changed.source, changed.also):
            continue
        note(_best(hand, changed, v, options), how)
    for change, swapped_hand in swapped(hand, sit, v):
        note(_best(swapped_hand, sit._replace(win_set=None, win_red=None), v, options), change, swap=True)
    out = []
    for rule, missed in found.items():
        i, tiles, swaps = missed.item, missed.by_tile, missed.swaps
        ways: list[tuple[str, int, int]] = [  # a tile first; tiles worth alike together
            (said(M.N_WON_ON, tiles=_tiles_words(sorted(t for t in tiles if tiles[t] == worth_))), worth_, worth_)
            for worth_ in sorted(set(tiles.values()), reverse=True)]
        ways += [(change, worth_, worth_) for change, worth_ in missed.changes]
        swaps.sort()  # the most valuable swaps said, and how many more there are
        ways += [(w, -neg, -neg) for neg, w in swaps[:SWAPS_SAID]]
        if len(swaps) > SWAPS_SAID:  # the swaps not said counted with the last one said, their values with it
            more = len(swaps) - SWAPS_SAID
            last, high, _ = ways[-1]
            ways[-1] = (last + said(M.N_OTHER_SWAPS if more > 1 else M.N_OTHER_SWAP, n=more), -swaps[-1][0], high)
        out.append(NearMiss(rule, _gives(i), tuple(w for w, _, _ in ways), missed.value, i.cite,
                            tuple((lo, hi) for _, lo, hi in ways)))
    out.sort(key=lambda m: (-m.value, not m.how[0].startswith("won on "), m.rule))  # another tile first
    out = out[:MOST]
    why = unmet(analyse(hand, sit, v.shapes), v, options, {m.rule for m in out}) if out else {}
    return [m._replace(unmet=why.get(m.rule, ())) for m in out]


def swapped(hand: Hand, sit: Situation, v: Variant) -> list[tuple[str, Hand]]:
    """The winning hands one swapped tile away, won the same way: each concealed tile but the winning one given
    up for a tile that, in its place, still makes a winning shape ("swap 5p for 5m", the hand then). Bounded:
    one wait search of 13 tiles per kind of concealed tile (at most 14), only the tiles it waits on scored."""
    out: list[tuple[str, Hand]] = []
    for change in sorted(set(hand.concealed)):
        rest = list(hand.concealed)
        rest.remove(change)
        if sit.win not in rest:  # the winning tile itself: another winning tile (near_misses' first kind)
            continue
        short = without_tile(hand, change)
        out += [(said(M.N_SWAP, change=T.name(change), to=T.name(t)), short.with_tile(t))
                for t in waits(short, v.shapes) if t != change]
    return out


# --- the rulebook's words: the quote of the rule that made an item -------------------------------------------

def quote_of(item: Item, v: Variant) -> Quote | None:
    """The rulebook's own words for a scoring item (a Quote: its text, language, English gloss; or why there
    are none): those of the table rule that made it, found by its name, table and cite (rules of one name, table
    and cite quote the same words, tablefile.check_quotes); the long hand's from `long_hand:`. None where the
    table gives no quote (a variant whose table file has none)."""
    if item.is_long_hand:
        return v.long_hand_words[2] if len(v.long_hand_words) > 2 else None
    for r in v.rules:
        if r.name == item.rule and r.table == item.table and r.cite == item.cite:
            return r.quote
    return None


def quoted(items: Iterable[Item], v: Variant) -> list[tuple[tuple[Item, ...], Quote]]:
    """The rulebook's words for the rules the items counted: (the items of each rule quoting the same words,
    once per rule, the quote), in the items' order; [] where the table quotes none of them. Rules that rest on
    one sentence are said together, the sentence once."""
    out: dict[Quote, list[Item]] = {}
    seen: set[tuple[str, str, str]] = set()
    for i in items:
        q = quote_of(i, v)
        if q is not None and (i.rule, i.table, i.cite) not in seen:
            seen.add((i.rule, i.table, i.cite))
            out.setdefault(q, []).append(i)
    return [(tuple(rules), q) for q, rules in out.items()]
