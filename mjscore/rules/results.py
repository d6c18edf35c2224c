"""What scoring gives back: a hand's Score and its Items, with the JSON every face prints.

Kept apart from the scorer so that the faces and the settlement read results without the
scoring machinery, and so that each part stays small enough to read in one sitting.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Protocol

from mjscore.messages import M, Said, said
from mjscore.tuples import NamedTuple

if TYPE_CHECKING:
    from typing import TypeAlias

    from mjscore.messages import Parts

    # how a score orders among a hand's arrangements, best first: numbers (a winning hand, its value, ...)
    # compared in order
    Rank: TypeAlias = tuple[float, ...]


LANGUAGES = ("en", "eu", "hu", "es", "da", "zh", "ja", "zh-Hant", "native")  # --lang: the rulebooks' own words; native: each variant's


def language(lang: str, variant_language: str) -> str:
    """The language items are named in: `native` is the variant's own rulebook language."""
    return variant_language if lang == "native" else lang


class NoteKind(Enum):
    """What a score's note says, for the code that acts on it (settlement, the faces): read from the note's
    kind, never from its first words, so a note can be reworded without changing what it does."""

    PARTIAL = "partial"  # a partial hand: rules that read every tile went unscored
    NOT_MAHJONG = "not mah jong"  # a winning shape failed one of the variant's mah-jong requirements
    NO_WIN = "no win"  # no winning tile given: every tile was tried
    NON_WINNING = "non-winning"  # a refused winning shape scored as a non-winning hand instead
    FAN_FOUND = "fan found"  # a refused winning shape's fan, listed with their total (a variant that adds fan)
    LONG_HAND = "long hand"  # why the hand is a long hand (worth the variant's `long_hand`)
    EXCLUDED = "excluded"  # an item a rule's `excludes:` dropped (said by --explain, not with the score)
    INFO = "info"  # anything else, for people to read


class Note(Said):
    """A note on a score: its text, as every face prints it (a str, so JSON and tables show it unchanged), and
    its kind. Made of message keys (a Said), so that --lang says it again in the catalogue's words. `detail`:
    the note as a reason the hand is no mah jong, where that is said otherwise (a failed requirement without
    its "not mah jong: ", which a message about the winner says already)."""

    kind: NoteKind
    detail: str

    def __new__(cls, kind: NoteKind, text: str, detail: str = "") -> "Note":
        note = super().__new__(cls, text)
        note.parts = text.parts if isinstance(text, Said) else ()  # (plain text: said alike in every language)
        note.kind, note.detail = kind, detail
        return note

    def __reduce__(self) -> tuple[Callable[..., Note], tuple[NoteKind, str, str, Parts]]:
        return _note_again, (self.kind, str(self), self.detail, self.parts)

    @classmethod
    def not_mahjong(cls, requirement: str) -> "Note":
        """The note of a winning shape that fails a requirement, its message the requirement's."""
        return cls(NoteKind.NOT_MAHJONG, said(M.NOTE_NOT_MAHJONG, why=requirement), requirement)


def _note_again(kind: NoteKind, text: str, detail: str, parts: Parts) -> Note:
    """A Note rebuilt from its kind, text, detail and parts (pickling, for --jobs)."""
    note = Note(kind, text, detail)
    note.parts = parts
    return note


def kind_of(note: str) -> NoteKind:
    """A note's kind; text given as a plain str (a Score made by hand) says something for people only."""
    return note.kind if isinstance(note, Note) else NoteKind.INFO


def reason(note: str) -> str:
    """A note as a reason the hand is no mah jong (Note.detail), else its text."""
    return (note.detail if isinstance(note, Note) else "") or note


LONG_HAND_RULE = "long hand"  # the rule of a long hand's item (outcome.long_hand), made by no table's rule


class Item(NamedTuple):
    """One scoring item: a rule that applied, to which tiles, and what it gave."""

    rule: str
    tiles: str = ""
    points: int = 0
    doubles: int = 0
    limit: float = 0.0
    extra: int = 0
    table: str = ""  # heading of the rule's table (not in JSON)
    keep_doubles: tuple[str, ...] = ()  # a limit hand that keeps the doubles of these tables
    cite: str = ""  # where its rule stands in the rulebook
    names: tuple[tuple[str, str], ...] = ()  # (language, the rulebook's own name)
    # how many times the rule applied (a fan counted twice is one item, its points twice); the field shadows the
    # tuple's count(), as typing.NamedTuple lets it at run time, which the checker says of every such field
    count: int = 1  # type: ignore[assignment]
    fan: bool = False  # its points are fan (MCR): JSON says `fan`, added, never doubled

    @property
    def is_long_hand(self) -> bool:
        """Whether this is a long hand's item (the variant's `long_hand:`), not a table rule's."""
        return not self.table and self.rule == LONG_HAND_RULE

    def name(self, lang: str = "en") -> tuple[str, bool]:
        """The item's name in `lang` and whether it is in that language (else the English rule name). A long
        hand's item, where its rulebook gives it no name in `lang`, is named for what it is, "not a winning
        hand" (too many tiles or none of the winning shapes: its note says which), in the catalogue's words;
        its `rule` stays "long hand", the key programs read."""
        if lang != "en":
            for code, text in self.names:
                if code == lang:
                    return text, True
        if self.is_long_hand:
            from mjscore.messages import CATALOGUED, Words

            return Words(lang)(M.IS_LONG_HAND), lang == "en" or lang in CATALOGUED
        return self.rule, lang == "en"

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """`rule` is the stable English key; with another language, `name` is the rulebook's own word
        (or the English one with `name_lang: en` where the rulebook has none); `cite` where it stands."""
        out: dict[str, Any] = {"rule": self.rule}
        if lang != "en":
            out["name"], found = self.name(lang)
            if not found:
                out["name_lang"] = "en"
        if self.cite:
            out["cite"] = self.cite
        if self.tiles:
            out["tiles"] = self.tiles
        counted = False
        for key in ("points", "doubles", "limit", "extra"):
            val = getattr(self, key)
            if val:
                out["fan" if key == "points" and self.fan else key] = val
                counted = True
        if self.count > 1:
            out["count"] = self.count
        if not counted:
            out["points"] = 0  # a row that counted for nothing, shown so a reader sees it was considered
        return out


class FamilyValue(Protocol):
    """A value as its family states it beyond points and doubles (riichi's han, fu, tier and cost: rules/han_fu.py),
    which a Score carries and every face asks for its words."""

    def rank(self) -> Rank:
        """How it orders arrangements of equal value (after a winning hand and its value)."""

    def to_dict(self) -> dict[str, Any]:
        """What `score`'s JSON adds for it."""

    def said(self, limit_hand: str | None) -> Said:
        """The hand as its players say it, with what the table pays for it (riichi: `30 fu 3 han: 3900`)."""

    def deal_fields(self, limit_hand: str | None) -> dict[str, Any]:
        """What a settled deal's winning hand adds to batch's JSON, `said` (the hand in its players' words) among
        them: the faces print `said` in place of the value wherever a deal's hand has it."""

    def counted(self, points: int, doubles: int, limit: float, extra: int) -> str:
        """What an item gives (points, doubles, a share of the limit, an extra) in its family's words (riichi:
        `20 fu`, `1 han`, `yakuman`), where a face would say them as points and doubles."""

    def value_columns(self) -> tuple[int, int]:
        """The hand's two numbers as its family counts them, in place of points and doubles (riichi: fu, han)."""


class Shown(NamedTuple):
    """What every candidate's Score of one hand says alike (kept in Ctx.shown), read by name."""

    variant: str
    options: dict[str, Any]
    hand: str
    seat: str
    round: str
    mahjong: bool
    source: str | None
    also: tuple[str, ...]
    bonus: tuple[str, ...]


class Score(NamedTuple):
    """One arrangement of a hand, scored: its items, points, doubles and final value, with the situation it
    was scored in. Every face prints it (its `to_dict()` is `score`'s JSON) and settlement pays on its value."""

    variant: str
    options: dict[str, Any]
    hand: str
    seat: str
    round: str
    mahjong: bool
    arrangement: tuple[str, ...]
    items: tuple[Item, ...]
    points: int
    doubles: int
    limit_hand: str | None
    limit_fraction: float
    limit: int | None
    value: int
    uncapped: float
    win: str | None = None
    source: str | None = None
    also: tuple[str, ...] = ()
    bonus: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # each a Note (a str with its kind)
    win_set: str | None = None  # the set the winning tile completed (234m, SS), without brackets
    family_value: FamilyValue | None = None  # the value as its family states it (rules/valuation.py), or None

    @property
    def is_long_hand(self) -> bool:
        """Whether the hand was scored as a long hand (too many tiles, no winning shape, a fault): its value is
        the variant's `long_hand` and a LONG_HAND note says why."""
        return any(kind_of(n) is NoteKind.LONG_HAND for n in self.notes)

    @property
    def rank(self) -> Rank:
        """Best first: a winning hand, then value, then uncapped value, then points."""
        if self.family_value is not None:  # the family's own order after the value
            return (self.mahjong, self.value, *self.family_value.rank())
        return (self.mahjong, self.value, self.uncapped, self.points)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The JSON `score` prints; item names in `lang` (a language code; English where the rulebook has none)."""
        frac = self.limit_fraction
        out = {
            "variant": self.variant, "options": self.options, "hand": self.hand, "seat": self.seat,
            "round": self.round, "mahjong": self.mahjong, "arrangement": list(self.arrangement),
            "items": [i.to_dict(lang) for i in self.items], "points": self.points, "doubles": self.doubles,
            "limit_hand": self.limit_hand, "limit_fraction": int(frac) if frac == int(frac) else frac,
            "limit": self.limit, "value": self.value, "win": self.win,
            "win_set": self.win_set, "from": self.source,
            "also": list(self.also), "bonus": list(self.bonus), "notes": list(self.notes),
        }
        if self.family_value is not None:
            out.update(self.family_value.to_dict())
        return out
