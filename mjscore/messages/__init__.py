"""The fixed words of the outputs (headers, notes, payment reasons) in the language of `--lang`.

One catalogue per language, as data: English is `keys.M` (each key with its English text); Basque, Hungarian,
Spanish, Danish, Chinese (MCR's, simplified) and traditional Chinese (hk's) are `eu.yaml`, `hu.yaml`, `es.yaml`,
`da.yaml`, `zh.yaml` and `zh-Hant.yaml`
beside this file, each read the first time a command speaks that language, and checked then: every key known,
none missing, each text with the same `{fields}` as the English. The fallback rule: a language without a
catalogue (ja, whose rulebook's names --lang shows for the items only) speaks English; a language with one
gives every key, or it does not load.

A face asks `Words(lang)(M.KEY, field=...)`. What the core says in words a face may say again in another
language (a payment's reason, a deal's note) is a `Said`: its English text, and the keys it was made of.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Any, Callable, Iterable, NoReturn

from mjscore.errors import MjscoreError
from mjscore.messages.keys import M as M  # (mjscore.messages.M: every module speaks through it)

CATALOGUED = ("eu", "hu", "es", "da", "zh", "zh-Hant")  # the seed rulebooks' languages, MCR's and hk's: each has a catalogue
HERE = os.path.dirname(os.path.abspath(__file__))
SEAT_KEYS = {"E": M.EAST, "S": M.SOUTH, "W": M.WEST, "N": M.NORTH}
SOURCE_KEYS = {"discard": M.SOURCE_DISCARD, "wall": M.SOURCE_WALL, "loose": M.SOURCE_LOOSE, "kong": M.SOURCE_KONG}


class CatalogueError(MjscoreError):
    """A message catalogue that does not hold every key, or holds one the outputs do not know (a bug in the
    package, said in one line like any other error)."""


Parts = tuple[tuple["M | None", tuple[tuple[str, Any], ...]], ...]  # (key, fields); None: literal text


class Said(str):
    """Words a face may say again in another language: the English text (a str, so JSON, CSV, equality and
    pickling see the text as before) and `parts`, the keys and fields it was made of, in order."""

    parts: Parts = ()

    def __add__(self, other: object) -> Said:  # Said + Said, or Said + text (kept as it is in every language): one Said
        if not isinstance(other, str):
            return NotImplemented
        return _said_again(str.__add__(self, other), self.parts + _parts(other))

    def __radd__(self, other: object) -> Said:  # text + Said
        if not isinstance(other, str):
            return NotImplemented
        return _said_again(str.__add__(other, self), _parts(other) + self.parts)

    def __reduce__(self) -> tuple[Callable[..., Said], tuple[object, ...]]:  # (a subclass adds its own arguments)
        return (_said_again, (str(self), self.parts))


def _parts(text: str) -> Parts:
    """A text's parts: a Said's own; plain text as one part said alike in every language (key None)."""
    return text.parts if isinstance(text, Said) else ((None, (("text", text),)),) if text else ()


def _said_again(text: str, parts: Parts) -> Said:
    """A Said rebuilt from its text and parts (pickling, for --jobs)."""
    out = Said(text)
    out.parts = parts
    return out


def said(key: M, **fields: Any) -> Said:
    """The key's English text with its fields (a Said field is its English text already), remembering both."""
    out = Said(key.english.format(**fields) if fields else key.english)
    out.parts = ((key, tuple(fields.items())),)
    return out


def named(text: str, names: tuple[tuple[str, str], ...]) -> Said:
    """A rule's English name that a language with a catalogue says as its rulebook does (`names`: an item's
    (language, name) pairs); kept English where the rulebook has no name for it."""
    out = Said(text)
    out.parts = ((None, (("text", text), ("names", names))),)
    return out


def joined(texts: Iterable[str], sep: str) -> Said | str:
    """Texts joined by `sep` (kept alike in every language), each Said said again in the language asked: what
    adding them one by one makes (the plain text before the first Said one part, then each piece's parts), made
    at once, not a Said per piece (issue 40: a refused MCR hand's list of fan found, 5% of scoring it)."""
    pieces: list[str] = []
    for text in texts:
        if pieces:
            pieces.append(sep)
        pieces.append(text)
    if len(pieces) < 2:
        return pieces[0] if pieces else ""
    for i, piece in enumerate(pieces):
        if isinstance(piece, Said):
            parts = _parts("".join(pieces[:i])) + piece.parts
            for rest in pieces[i + 1:]:
                parts += _parts(rest)
            return _said_again("".join(pieces), parts)
    return "".join(pieces)


def did_you_mean(word: str, choices: Iterable[str], synonyms: dict[str, str] | None = None) -> Said | str:
    """"; did you mean X?" for a word typed slightly wrong (difflib's closest choice, 0.6 alike at least, not
    case-sensitive), or for a word that says the same in other words (`synonyms`: self -> wall); else "".
    Every suggestion of the tool is worded this way, so a reader meets one form of it; a Said, so that a face
    says it in --lang with the message it ends (here, not in mjscore.errors, which the catalogues import)."""
    import difflib

    folded = word.strip().casefold()
    if synonyms and folded in synonyms:
        return said(M.DID_YOU_MEAN, word=synonyms[folded])
    near = difflib.get_close_matches(folded, list(choices), n=1, cutoff=0.6)
    return said(M.DID_YOU_MEAN, word=near[0]) if near else ""


SEAT_SAID = {seat: said(key) for seat, key in SEAT_KEYS.items()}  # (each made once: a Said is never changed)


def seat_said(seat: str) -> Said | str:
    """A seat's name (East...) as a Said; a letter that is no seat as it is."""
    return SEAT_SAID.get(seat, seat)


def _fill(text: str, fields: dict[str, Any], words: "Words") -> str:
    """A translated template filled in, a Said field said again in the same language."""
    return text.format(**{k: words.again(v) if isinstance(v, Said) else v for k, v in fields.items()})


class Words:
    """The fixed words in one language: `words(M.KEY, field=...)`. English (and a language without a
    catalogue) reads no file."""

    __slots__ = ("lang", "texts")

    def __init__(self, lang: str = "en"):
        self.lang = lang
        self.texts: dict[M, str] | None = catalogue(lang) if lang in CATALOGUED else None

    def __call__(self, key: M, **fields: Any) -> str:
        if self.texts is None:  # English: a Said field is its English text
            return key.english.format(**fields) if fields or "{" in key.english else key.english
        text = self.texts[key]
        return _fill(text, fields, self) if fields or "{" in text else text

    def seat(self, seat: str) -> str:
        """A seat's name: East, Ekia, Kelet..."""
        key = SEAT_KEYS.get(seat)
        return self(key) if key is not None else seat

    def source(self, source: str) -> str:
        """Where a winning tile came from (wall, discard...)."""
        key = SOURCE_KEYS.get(source)
        return self(key) if key is not None else source

    def again(self, text: str) -> str:
        """A Said in this language; any other text as it is (a note the core wrote in English only)."""
        if self.texts is None or not isinstance(text, Said) or not text.parts:
            return text
        return "".join(self._literal(dict(fields)) if key is None else _fill(self.texts[key], dict(fields), self)
                       for key, fields in text.parts)

    def _literal(self, fields: dict[str, Any]) -> str:
        """Text said alike in every language, or a rule's name in this language where its rulebook has one."""
        names: dict[str, str] = dict(fields.get("names", ()))
        text: str = fields["text"]
        return names.get(self.lang, text)


def fields_of(text: str) -> set[str]:
    """The `{fields}` a template fills in."""
    import string  # (checking a catalogue only: not at start-up)

    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[M, str]:
    """A language's catalogue, read and checked once (the first time a command speaks it)."""
    data = read_catalogue(lang)
    return {M[name.upper()]: text for name, text in data["messages"].items()}


def read_catalogue(lang: str) -> dict[str, Any]:
    """A catalogue file as data, checked: its language, a rulebook's title, every key of M (and no other)
    with the same fields as the English, and `standard:` naming only its keys."""
    import yaml

    from mjscore.loading import strict_loader

    where = f"mjscore/messages/{lang}.yaml"
    with open(os.path.join(HERE, f"{lang}.yaml"), encoding="utf-8") as f:
        data = yaml.load(f, Loader=strict_loader())

    def fail(problem: str) -> NoReturn:
        raise CatalogueError(f"{where}: {problem} (the message catalogue is part of mjscore: please report it)")

    if not isinstance(data, dict) or set(data) != {"language", "rulebook", "standard", "messages"}:
        fail("a catalogue holds language, rulebook, standard and messages")
    if data["language"] != lang:
        fail(f"language is {lang}, not {data['language']!r}")
    texts, known = data["messages"], {k.name.lower(): k for k in M}
    if not isinstance(texts, dict):
        fail("messages is a mapping of key: text")
    unknown = sorted(set(texts) - set(known))
    missing = [k for k in known if k not in texts]
    if unknown or missing:
        fail("; ".join(([f"unknown keys: {', '.join(unknown)}"] if unknown else [])
                       + ([f"missing keys: {', '.join(missing)}"] if missing else [])))
    for name, text in texts.items():
        if not isinstance(text, str) or "\n" in text or not text.strip():
            fail(f"{name}: a message is text on one line")
        try:
            have = fields_of(text)
        except ValueError as e:
            fail(f"{name}: {e}")
        if have != fields_of(known[name].english):
            fail(f"{name}: fills in {sorted(have)}, the English {sorted(fields_of(known[name].english))}")
    if not isinstance(data["standard"], list) or set(data["standard"]) - set(known):
        fail("standard lists keys of messages (the words that are not the rulebook's)")
    return data
