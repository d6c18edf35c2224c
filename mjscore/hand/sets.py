"""A set of tiles, in the one shape every part speaks: a declared set as parsed, a set the search
finds among the concealed tiles, and a set as the rules judge it are the same `Group`.

Kept apart from the parser and the search so that both build it and neither imports the other.
"""

from __future__ import annotations

from mjscore.hand import tiles as T
from mjscore.tuples import NamedTuple


class Group(NamedTuple):
    """One group of tiles: a pung, kong, chow, pair, single or knitted set.

    A declared set is written `[...]` (exposed), `{....}` (a concealed kong) or `<....>` (a kong claimed
    onto a concealed pung); a set found among the concealed tiles is neither declared nor exposed until
    a claimed winning tile completes it."""

    kind: str  # pung, kong, chow, pair, single, knitted
    tiles: tuple[int, ...]
    exposed: bool = False  # declared exposed, or completed by a claimed tile
    declared: bool = False  # written [..], {..} or <..>
    completed: bool = False  # holds the winning tile
    claimed: bool = False  # <....>: a kong claimed onto a concealed pung (exposed; condition claimed_kong)

    def notation(self, glyphs: bool = False) -> str:
        inner = T.format_tiles(self.tiles, glyphs)
        if not self.declared:
            return inner
        if self.claimed:
            return f"<{inner}>"
        return f"[{inner}]" if self.exposed or self.kind != "kong" else f"{{{inner}}}"


def concealed(kind: str, tiles: tuple[int, ...]) -> Group:
    """A set found among the concealed tiles (the search makes many: built without keyword handling)."""
    return tuple.__new__(Group, (kind, tiles, False, False, False, False))


def declared(kind: str, tiles: tuple[int, ...], exposed: bool, claimed: bool = False) -> Group:
    """A set written in the hand: `[...]`, `{....}` or `<....>`."""
    return tuple.__new__(Group, (kind, tiles, exposed, True, False, claimed))
