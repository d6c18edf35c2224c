"""Red fives (0m 0p 0s, the riichi rulesets' aka dora): refused with the parser's own words where a variant has
none, and put back into a hand's canonical notation where it has them. The parser reads a red five as a 5."""

from __future__ import annotations

from mjscore.errors import HandError, Term
from mjscore.hand import tiles as T
from mjscore.hand.notation import Hand, format_concealed, groups_of
from mjscore.messages import M, said


def red_fives(text: str) -> tuple[int, int, int]:
    """The red fives (written 0) of a hand's text, per suit m, p, s."""
    out = [0, 0, 0]
    if "0" in text:
        import re  # (only for a hand with a red five: start-up does not pay for it)

        for digits, suit in re.findall(r"([0-9]+)([mps])", text):
            out["mps".index(suit)] += digits.count("0")
    return out[0], out[1], out[2]


def no_red_fives(text: str, what: str | Term | None = None) -> None:
    """For a variant played without red fives: a 0 in a suit is no tile here; the message says what it is
    elsewhere (riichi's red five) and what to type instead."""
    i = text.find("0")
    while i >= 0:
        j = i
        while j < len(text) and text[j].isdigit() and text[j].isascii():
            j += 1
        if j < len(text) and text[j] in "mps":
            problem = said(M.HN_RED_FIVE, red=f"0{text[j]}", plain=f"5{text[j]}")
            raise HandError(problem if what is None else (what, ": " + problem), text, [(i, i + 1)])
        i = text.find("0", i + 1)


def with_red_fives(text: str, notation: str) -> str:
    """The canonical `notation` of the hand written as `text`, with its red fives (0m 0p 0s) put back: in
    each declared set as written, and the rest in the concealed tiles of their suit, each where a 5 goes."""
    if "0" not in text:
        return notation
    groups = _group_reds(text)
    declared = [reds for kind, _, reds in groups if kind]
    loose = _loose(groups)
    out, i = [], 0
    for token in notation.split(" "):
        if token[:1] in "[{<" and i < len(declared):
            token, i = _redden(token, sum(declared[i].values())), i + 1
        elif token[-1:] in loose and token[:1].isdigit():
            token = _redden(token, loose[token[-1]])
        out.append(token)
    return " ".join(out)


def _group_reds(text: str) -> list[tuple[str, str, dict[str, int]]]:
    """Each group of a hand's text: (its brackets' kind, "" for free tiles; its text; its red fives per suit)."""
    import re  # (only for a hand with a red five: start-up does not pay for it)

    out = []
    for kind, start, end in groups_of(text):
        part = text[start:end]
        if "0" not in part:  # (most groups of a hand with a red five: none counted)
            out.append((kind, part, {"m": 0, "p": 0, "s": 0}))
            continue
        runs = re.findall(r"([0-9]+)([mps])", part)
        out.append((kind, part, {suit: sum(d.count("0") for d, s in runs if s == suit) for suit in "mps"}))
    return out


def _loose(groups: list[tuple[str, str, dict[str, int]]]) -> dict[str, int]:
    """The red fives per suit among the free concealed tiles (not in a declared set)."""
    return {suit: sum(reds[suit] for kind, _, reds in groups if not kind) for suit in "mps"}


def _redden(token: str, n: int) -> str:
    return token.replace("5", "0", n) if n else token


def reds_where(text: str, suit: str, anywhere: bool = False) -> int:
    """The red fives of `suit` (m, p or s) written in the hand `text` among its free concealed tiles (where a
    riichi hand's winning tile lies), or with `anywhere` in its declared sets too."""
    if "0" not in text:
        return 0
    return sum(reds[suit] for kind, _, reds in _group_reds(text) if anywhere or not kind)


def without_tile(hand: Hand, tile: int, red: bool | None = None) -> Hand:
    """The hand with one `tile` taken from its concealed tiles (another winning tile or a swap, as the referee
    weighs them), its text keeping the red fives that stay: a five taken is the red one with `red`, else a plain
    one where the concealed tiles hold one. Only the text says which fives are red (riichi's dora)."""
    rest = list(hand.concealed)
    rest.remove(tile)
    if "0" not in hand.text:
        return Hand(hand.melds, tuple(rest), hand.bonus)
    groups = _group_reds(hand.text)
    declared, loose = [part for kind, part, _ in groups if kind], _loose(groups)
    if T.is_suit(tile) and T.number_of(tile) == 5:
        suit = T.name(tile)[1]
        if loose[suit] and (red or red is None and hand.concealed.count(tile) <= loose[suit]):
            loose[suit] -= 1
    runs = [_redden(run, loose[run[-1]]) if run[-1] in loose else run for run in format_concealed(rest)]
    return Hand(hand.melds, tuple(rest), hand.bonus, " ".join(declared + runs + format_concealed(hand.bonus)))
