"""The hand notation of docs/notation.md: strict parsing, canonical printing.

Parsing never guesses: anything that is not exactly a tile, a set or a kong is a
HandError naming the group, so a typo at the table shows at once.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from operator import eq
from typing import TYPE_CHECKING, Iterable, Iterator

from mjscore.hand import tiles as T
from mjscore.errors import SHOWN_CHARS, HandError, Term, shown
from mjscore.hand.sets import Group, declared
from mjscore.hand.situation import SET_TO_TYPE, WIN_SET
from mjscore.messages import M, said
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    import re

MAX_TILES = 18  # four kongs and a pair
# The longest legal hand as people write it, every tile apart and bonus tiles too, is under 90
# characters ("[1z 1z 1z 1z] [2z 2z 2z 2z] [3z 3z 3z 3z] [4z 4z 4z 4z] 5z 5z 1f 2f 3f 4f 1y 2y 3y 4y",
# or the same in glyphs with a variation selector after each); four times that is refused before
# any parsing, so a 5 MB "hand" costs nothing and its message does not echo it.
MAX_HAND_CHARS = 400
MAX_TILE_CHARS = 40  # one tile: "5p", "1z", a glyph and its variation selector, some spaces


class Hand(NamedTuple):
    """A parsed hand: declared sets, free concealed tiles (sorted) and bonus tiles (sorted).

    A declared set is a Group (hand/sets.py) written `[...]` exposed (pung, chow, kong), `{....}` a
    concealed kong, or `<....>` a kong made by claiming a discard to a concealed pung (exposed; KDE
    Kajongg's `aaaA`, which some rules count as concealed: `claimed` lets a table tell it from `[....]`)."""

    melds: tuple[Group, ...]
    concealed: tuple[int, ...]
    bonus: tuple[int, ...]
    text: str = ""

    @property
    def tile_count(self) -> int:
        """Tiles in the hand as a winning hand counts them: a kong counts as three."""
        return len(self.concealed) + sum(3 if m.kind == "kong" else len(m.tiles) for m in self.melds)

    @property
    def all_tiles(self) -> tuple[int, ...]:
        return tuple(t for m in self.melds for t in m.tiles) + self.concealed

    def notation(self, glyphs: bool = False) -> str:
        parts = [m.notation(glyphs) for m in self.melds]
        parts += format_concealed(self.concealed, glyphs)
        parts += format_concealed(self.bonus, glyphs)
        return " ".join(parts)

    def with_tile(self, tile: int) -> "Hand":
        """The hand with `tile` (a plain one) added to its concealed tiles. A hand written with a red five keeps its
        text, the tile added: only the text says which fives are red (riichi's dora, hand/redfives.py)."""
        text = f"{self.text} {T.name(tile)}" if "0" in self.text else ""
        return Hand(self.melds, tuple(sorted(self.concealed + (tile,))), self.bonus, text)


_RUN_KEY = [t // 9 if t < 27 else t if t < T.FLOWER0 else (40 if t < T.SEASON0 else 41) for t in range(T.SEASON0 + 4)]
_DIGIT = [str(T.number_of(t)) if (t < 27 or t >= T.FLOWER0) else T.name(t) for t in range(T.SEASON0 + 4)]
_SUFFIX = [T.name(t)[-1] if (t < 27 or t >= T.FLOWER0) else "" for t in range(T.SEASON0 + 4)]


def format_concealed(tiles: Iterable[int], glyphs: bool = False) -> list[str]:
    """Concealed tiles as groups: one run per suit (123m), one per honour (EEE), bonus by kind."""
    if glyphs:
        runs: dict[int, list[int]] = {}
        for t in sorted(tiles):
            runs.setdefault(_RUN_KEY[t], []).append(t)
        return [T.format_tiles(g, True) for g in runs.values()]
    tiles = sorted(tiles)
    if tiles and tiles[-1] < 27 and tiles[0] // 9 == tiles[-1] // 9:  # one suit (a block of a hand): one run
        return ["".join([_DIGIT[t] for t in tiles]) + _SUFFIX[tiles[0]]]
    out: list[str] = []
    key, suffix = -1, ""
    digits: list[str] = []
    for t in tiles:
        k = _RUN_KEY[t]
        if k != key and digits:
            out.append("".join(digits) + suffix)
            digits = []
        key, suffix = k, _SUFFIX[t]
        digits.append(_DIGIT[t])
    if digits:
        out.append("".join(digits) + suffix)
    return out


_SUIT_RANGE = {"m": 9, "p": 9, "s": 9, "f": 4, "y": 4, "z": 7}
_LOWER_HINT = {
    "e": "E", "w": "W", "n": "N", "r": "R", "g": "G", "c": "C",
}
_OTHER_SUITS = {  # letters other notations use for the suits: (mjscore's letter, what the letter means there)
    "c": ("m", M.HN_OTHER_C), "k": ("m", M.HN_OTHER_K), "w": ("m", M.HN_OTHER_W),
    "d": ("p", M.HN_OTHER_D), "o": ("p", M.HN_OTHER_O), "b": ("s", M.HN_OTHER_B),
}
_BARE_SUIT_HINT = {  # what a suit letter typed without numbers needs
    "m": M.HN_BARE_M, "p": M.HN_BARE_P, "s": M.HN_BARE_S, "f": M.HN_BARE_F, "y": M.HN_BARE_Y, "z": M.HN_BARE_Z,
}
_SKIP = "\ufe0e\ufe0f"  # variation selectors, as in a pasted red-dragon emoji


def _letter_tile(ch: str, suit: str, digit: int) -> int:
    if suit in "mps":
        return T.suit_tile(suit, digit)
    if suit == "f":
        return T.FLOWER0 + digit - 1
    if suit == "y":
        return T.SEASON0 + digit - 1
    return T.Z_ORDER[digit - 1]


def scan_tiles(text: str, start: int, end: int, whole: str) -> list[int]:
    """Tiles of text[start:end] (one group, spaces allowed); errors point into `whole`."""
    out: list[int] = []
    digits: list[tuple[int, int]] = []  # (digit, position)
    span = [(start, end)]
    i = start
    while i < end:
        ch = text[i]
        if ch.isspace() or ch in _SKIP:
            if digits and ch.isspace():
                raise HandError(_no_suit(digits), whole, span)
        elif ch.isdigit() and ch.isascii():
            digits.append((int(ch), i))
        elif ch in _SUIT_RANGE:
            if not digits:
                raise HandError(said(M.HN_WITHOUT_NUMBERS, ch=ch, hint=said(_BARE_SUIT_HINT[ch])), whole, [(i, i + 1)])
            top = _SUIT_RANGE[ch]
            for d, pos in digits:
                if d == 0 and ch in "mps":  # a red five (0m 0p 0s): a 5 to every shape and rule but a count of reds
                    d = 5
                elif not 1 <= d <= top:
                    raise HandError(said(M.HN_NOT_A_TILE, tile=f"{d}{ch}", suit=ch, top=top), whole, [(pos, pos + 1)])
                out.append(_letter_tile(ch, ch, d))
            digits = []
        elif digits and ch in _OTHER_SUITS:
            typed, (suit, why) = "".join(str(d) for d, _ in digits), _OTHER_SUITS[ch]
            raise HandError(said(M.HN_OTHER_SUIT, ch=ch, typed=typed, suit=suit, why=said(why)), whole, span)
        elif digits:
            raise HandError(_no_suit(digits, ch), whole, span)
        elif ch in T.HONOUR_LETTERS:
            out.append(T.wind_tile(ch) if ch in T.WINDS else T.RED + T.DRAGONS.index(ch))
        elif ch in T.ALIASES:
            out.append(T.ALIASES[ch])
        elif ch in T.GLYPH_TO_TILE:
            out.append(T.GLYPH_TO_TILE[ch])
        elif ch in _LOWER_HINT:
            raise HandError(
                said(M.HN_UPPER_CASE, ch=ch, upper=_LOWER_HINT[ch]), whole, [(i, i + 1)]
            )
        elif ch in "[]{}<>":
            raise HandError(said(M.HN_UNEXPECTED, ch=ch), whole, [(i, i + 1)])
        else:
            raise HandError(said(M.HN_UNKNOWN_CHARACTER, ch=repr(ch)), whole, [(i, i + 1)])
        i += 1
    if digits:
        raise HandError(_no_suit(digits), whole, span)
    return out


def _no_suit(digits: list[tuple[int, int]], before: str | None = None) -> str:
    """Digits that no suit letter follows, said with what to type (a tile is its number and its suit)."""
    typed = "".join(str(d) for d, _ in digits)
    if len(typed) > 14:  # more digits than any suit's tiles in a hand: the letters alone, the line kept short
        return (said(M.HN_NO_SUIT_LONG_BEFORE, typed=typed, ch=before) if before is not None else
                said(M.HN_NO_SUIT_LONG, typed=typed))
    return said(M.HN_NO_SUIT_BEFORE, typed=typed, ch=before) if before is not None else said(M.HN_NO_SUIT, typed=typed)


def _meld(kind_hint: str, tiles: list[int], text: str, span: tuple[int, int]) -> Group:
    shown = T.format_tiles(tiles)
    if not tiles:
        raise HandError(said(M.HN_EMPTY_GROUP, group=kind_hint), text, [span])
    if any(T.is_bonus(t) for t in tiles):
        raise HandError(said(M.HN_BONUS_IN_SET, group=kind_hint[0] + shown + kind_hint[1]), text, [span])
    ts = tuple(sorted(tiles))
    alike = len(set(ts)) == 1
    if kind_hint == "{}":
        if alike and len(ts) == 4:
            return declared("kong", ts, exposed=False)
        raise HandError(said(M.HN_CONCEALED_KONG, tiles=shown), text, [span])
    if kind_hint == "<>":
        if alike and len(ts) == 4:
            return declared("kong", ts, exposed=True, claimed=True)
        which = f"<{T.format_tiles([ts[0]] * 4)}>" if alike else "<6666m>"
        raise HandError(said(M.HN_CLAIMED_KONG, which=which, tiles=shown), text, [span])
    if alike and len(ts) == 4:
        return declared("kong", ts, exposed=True)
    if alike and len(ts) == 3:
        return declared("pung", ts, exposed=True)
    if len(ts) == 3 and T.is_suit(ts[0]) and ts[2] < 27 and T.suit_of(ts[0]) == T.suit_of(ts[2]) \
            and ts[1] == ts[0] + 1 and ts[2] == ts[0] + 2:
        return declared("chow", ts, exposed=True)
    raise HandError(said(M.HN_EXPOSED_GROUP, tiles=shown), text, [span])


@lru_cache(maxsize=1)
def _group_re() -> re.Pattern[str]:
    """The groups of a well-formed hand as one regular expression, compiled when first needed."""
    import re

    return re.compile(r"\[[^\[\]{}<>]*\]|\{[^\[\]{}<>]*\}|<[^\[\]{}<>]*>|[^\s\[\]{}<>]+")


SCANNED_FIRST = 8  # hands whose groups the scanner finds before the regular expression is compiled (some 0.9 M
# instructions: more than scanning a few hands costs, which is all a one-hand command does)
_scans_left = [SCANNED_FIRST]


def groups_of(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) for each group: '[]', '{}' or '' (free concealed tiles). The first SCANNED_FIRST hands
    of a process are scanned (scanned_groups), the others matched (matched_groups): the same groups either way."""
    if _scans_left[0] > 0:
        _scans_left[0] -= 1
        return scanned_groups(text)
    return matched_groups(text)


def matched_groups(text: str) -> list[tuple[str, int, int]]:
    """groups_of by a regular expression, which finds the groups of a well-formed hand at C speed; anything it
    leaves uncovered (a stray or unclosed bracket) goes to the careful scanner for its message."""
    out, end = [], 0
    for m in _group_re().finditer(text):
        a, b = m.span()
        if (a != end and not text[end:a].isspace()) or (text[a] in _OPEN and text[b - 1] != _OPEN[text[a]]):
            return scanned_groups(text)
        end = b
        ch = text[a]
        out.append((ch + text[b - 1] if ch in _OPEN else "", a, b))
    # every character but white space covered: only white space between the groups and after them (a count of the
    # characters covered would take a group's inner space for a stray bracket, "[[1m ]1f")
    if end != len(text) and not text[end:].isspace():
        return scanned_groups(text)
    return out


def scanned_groups(text: str) -> list[tuple[str, int, int]]:
    """groups_of by the careful scanner, in Python: a HandError at the first bracket out of place."""
    return list(_scan_groups(text))


_OPEN = {"[": "]", "{": "}", "<": ">"}  # each bracket of a set and the one that closes it
_BRACKETS = "[]{}<>"


def _scan_groups(text: str) -> Iterator[tuple[str, int, int]]:
    """Yield (kind, start, end) for each group; raise HandError at the first bracket out of place."""
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
            continue
        if ch in _OPEN:
            close = _OPEN[ch]
            j = i + 1
            while j < n and text[j] not in _BRACKETS:
                j += 1
            if j >= n or text[j] != close:
                raise HandError(said(M.HN_NOT_CLOSED, ch=ch, close=close), text, [(i, j)])
            yield ch + close, i, j + 1
            i = j + 1
            continue
        if ch in "]}>":
            raise HandError(said(M.HN_NOT_OPENED, ch=ch), text, [(i, i + 1)])
        j = i
        while j < n and not text[j].isspace() and text[j] not in _BRACKETS:
            j += 1
        yield "", i, j
        i = j


_SUIT_BASE = {"m": 0, "p": 9, "s": 18}
_NUMBER = {str(n): n - 1 for n in range(1, 10)}  # a digit 1-9 -> its place in a suit


@lru_cache(maxsize=4096)
def _token(token: str) -> tuple[int, ...] | Group | None:
    """One group as written with no space inside ("12469m", "[777m]", "1f") -> its tiles, or its declared Group;
    None for a bad one (the careful parser then says why). Hands are mostly made of groups seen before, so the
    quick path keeps them (a bounded cache of pure results). The commonest form, digits 1-9 and a suit letter,
    is read directly."""
    base = _SUIT_BASE.get(token[-1])
    if base is not None and len(token) > 1 and token[:-1].isdigit() and token[:-1].isascii() and "0" not in token:
        return tuple([base + _NUMBER[ch] for ch in token[:-1]])
    try:
        groups = groups_of(token)
        if len(groups) != 1:
            return None
        kind, start, end = groups[0]
        if kind:
            return _meld(kind, list(scan_tiles(token, start + 1, end - 1, token)), token, (start, end))
        return tuple(scan_tiles(token, start, end, token))
    except HandError:
        return None


def parse_hand(text: str) -> Hand:
    """Parse a hand string; raise HandError (with the offending groups) if it is not valid.

    Hands are mostly made of groups seen before ("1257m", "[777m]"), so a hand whose groups
    are all remembered and which breaks no rule is put together at once; anything else, and
    every error, goes through the careful parser."""
    if len(text) > MAX_HAND_CHARS:
        raise HandError(_too_long(text), text[:SHOWN_CHARS])
    melds: list[Group] = []
    tiles: list[int] = []
    for token in text.split():
        found = _token(token)
        if found is None:
            return _parse_careful(text)
        if isinstance(found, Group):
            melds.append(found)
        else:
            tiles += found
    tiles.sort()
    bonus: list[int] = []
    if tiles and tiles[-1] >= T.FLOWER0:
        cut = bisect_left(tiles, T.FLOWER0)
        tiles, bonus = tiles[:cut], tiles[cut:]
        if any(map(eq, bonus, bonus[1:])):
            return _parse_careful(text)
    held = sorted(tiles + [t for m in melds for t in m.tiles]) if melds else tiles
    n = len(held)
    # sorted: five alike span five places. Only flowers and seasons is a hand (a non-winner's)
    if (n == 0 and not bonus) or n > MAX_TILES or any(map(eq, held, held[4:])):
        return _parse_careful(text)  # raises with the place
    return tuple.__new__(Hand, (tuple(melds), tuple(tiles), tuple(bonus), text))  # all four fields, in order


def _too_long(text: str) -> str:
    """Why a hand of more than MAX_HAND_CHARS characters is refused unread."""
    return said(M.HN_TOO_LONG, n=f"{len(text):,}", most=MAX_HAND_CHARS)


def _parse_careful(text: str) -> Hand:
    """parse_hand group by group, with each error's place."""
    melds: list[Group] = []
    concealed: list[int] = []
    bonus: list[int] = []
    parts: list[tuple[tuple[int, int], tuple[int, ...]]] = []  # (span, tiles) of each group, for messages
    counts = [0] * (T.SEASON0 + 4)
    for kind, start, end in groups_of(text):
        span = (start, end)
        if kind:
            group_tiles = tuple(scan_tiles(text, start + 1, end - 1, text))
            melds.append(_meld(kind, list(group_tiles), text, span))
        else:
            group_tiles = tuple(scan_tiles(text, start, end, text))
            for t in group_tiles:
                (bonus if t >= T.FLOWER0 else concealed).append(t)
        parts.append((span, group_tiles))
        for t in group_tiles:
            counts[t] += 1
    if max(counts) > 4 or max(counts[T.FLOWER0:]) > 1:
        t = next(t for t, n in enumerate(counts) if n > (1 if t >= T.FLOWER0 else 4))
        spans = [span for span, ts in parts if t in ts]
        raise HandError(said(M.HN_COPIES_BONUS if t >= T.FLOWER0 else M.HN_COPIES_SET, n=counts[t], tile=T.name(t)),
                        text, spans)
    n = len(concealed) + sum(len(m.tiles) for m in melds)
    if n == 0 and not bonus:  # only flowers and seasons is a hand: a non-winner's, which scores its bonus tiles
        raise HandError(said(M.HN_NO_TILES), text, [(0, len(text))])
    if n > MAX_TILES:
        raise HandError(said(M.HN_TOO_MANY_TILES, n=n, most=MAX_TILES), text, [(0, len(text))])
    concealed.sort()
    bonus.sort()
    return Hand(tuple(melds), tuple(concealed), tuple(bonus), text)


def parse_tile(text: str, what: str | Term = "tile") -> int:
    """One tile, e.g. for --win: 5p, E, 1z or a glyph. `what` names it in messages (a Term: as the reader typed it)."""
    if len(text) > MAX_TILE_CHARS:
        raise HandError((what, said(M.TV_NOT_ONE_TILE, value=shown(text))), text[:SHOWN_CHARS])
    stripped = text.strip()
    if not stripped:
        raise HandError((what, said(M.TV_NO_TILE)), text, [(0, len(text))])
    try:
        found = scan_tiles(text, 0, len(text), text)
    except HandError as e:
        meant = _tile_meant(stripped)
        meant = meant if meant and f"({meant})" not in str(e) else None  # said already: "upper case (E)"
        raise HandError((what, ": " + e.said() + (said(M.DID_YOU_MEAN, word=meant) if meant else "")), e.text, e.spans,
                        hint=meant) from None
    if len(found) != 1:
        raise HandError((what, said(M.TV_ONE_TILE, n=len(found))), text, [(0, len(text))])
    return found[0]


def _tile_meant(text: str) -> str | None:
    """The one tile a mistyped tile stands for when only its letters' case is wrong (7S: 7s; e: E), else None."""
    for other in (text.lower(), text.upper(), text.swapcase()):
        try:
            found = scan_tiles(other, 0, len(other), other)
        except HandError:
            continue
        if len(found) == 1:
            return T.name(found[0])
    return None


def parse_set(text: str) -> tuple[int, ...]:
    """The set the winning tile completed (`--win-set 234m`, `win: {set: 234m}`): its tiles, sorted.

    Written without brackets: whether the set lies exposed on the table is read from the hand, so one
    way of naming it serves both. Whether the hand holds such a set is the scorer's to say."""
    if len(text) > MAX_TILE_CHARS:
        raise HandError((WIN_SET, said(M.SV_NOT_ONE_SET, value=shown(text))), text[:SHOWN_CHARS])
    inner = text.strip()
    if not inner:
        raise HandError((WIN_SET, said(M.SV_NO_SET)), text, [(0, len(text))])
    if inner[0] in "[{<" or inner[-1] in "]}>":
        bare = inner.strip("[]{}<> ")
        raise HandError((WIN_SET, said(M.SV_NO_BRACKETS), SET_TO_TYPE, said(M.SV_LAID_OUT, bare=bare)), text,
                        [(0, len(text))])
    try:
        found = scan_tiles(text, 0, len(text), text)
    except HandError as e:
        raise HandError((WIN_SET, ": " + e.said()), e.text, e.spans) from None
    if any(T.is_bonus(t) for t in found):
        raise HandError((WIN_SET, said(M.SV_BONUS)), text, [(0, len(text))])
    if len(found) == 4 and len(set(found)) == 1:
        raise HandError((WIN_SET, said(M.SV_KONG)), text, [(0, len(text))])
    if len(found) > 3:
        raise HandError((WIN_SET, said(M.SV_TILES, n=len(found))), text, [(0, len(text))])
    return tuple(sorted(found))
