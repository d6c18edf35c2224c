"""The API's result types that only some calls return: `compare`'s Compared, `waits`'s Waits and
Wait, `score_game`'s GameResult (docs/api.md). mjscore.api names them too, loading this module
only when one is asked for: defining a NamedTuple takes ~0.1 ms, which `mjscore score` need not
spend on types it never makes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from mjscore.rules.results import Score


class Compared(NamedTuple):
    """One variant's answer in a comparison: its best Score, or why the hand cannot be scored there."""

    variant: str
    score: Score | None
    error: str | None = None

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return self.score.to_dict(lang) if self.score is not None else {"variant": self.variant, "error": self.error}


class Wait(NamedTuple):
    """A tile that completes the hand, and the hand's value when it is claimed or drawn; where the variant's family
    says its hands in words of its own (riichi: `30 fu 2 han: 2000`), those words too, which the faces print."""

    tile: str
    discard: int
    wall: int
    discard_said: str | None = None  # (a Said, for a face to say in its language)
    wall_said: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"tile": self.tile, "discard": self.discard, "wall": self.wall}
        said = {how: words for how, words in (("discard", self.discard_said), ("wall", self.wall_said)) if words}
        return {**out, "said": said} if said else out


class Waits(NamedTuple):
    """What `mjscore waits` answers: the hand and its situation as read, with each tile that completes it
    (`Wait`); kept as one value so that its JSON says which hand, variant and options the waits are for."""

    variant: str
    options: dict[str, Any]
    hand: str
    seat: str
    round: str
    waits: tuple[Wait, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "options": self.options, "hand": self.hand, "seat": self.seat,
                "round": self.round, "waits": [w.to_dict() for w in self.waits]}


class GameResult(NamedTuple):
    """A recorded game settled deal by deal (`mjscore batch` on one file)."""

    file: str
    variant: str
    options: dict[str, Any]
    players: list[str]
    start: dict[str, int]
    deals: list[dict[str, Any]]  # each as batch prints it: seats, hands, payments, net, running totals, or an error
    totals: dict[str, int]
    standings: list[dict[str, Any]]
    summary: dict[str, Any]
    parties: list[dict[str, Any]] = []  # a game of a fixed number of deals (hungarian): {game, played, counted} per party
    rules: dict[str, Any] | None = None  # the rules it was scored under: variant, table (sha256:...), options (docs/api.md)

    def to_dict(self) -> dict[str, Any]:
        out = self._asdict()
        keys = ("file", "variant", "options", "players", "start") + (("rules",) if self.rules else ()) + (
            "deals", "totals", "standings", "summary")
        return {k: out[k] for k in keys + (("parties",) if self.parties else ())}
