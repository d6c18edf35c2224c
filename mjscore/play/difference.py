"""One way mjscore's scoring of a recorded game differs from the record another program kept of it: what
`mjscore batch ... --differences` lists, a line or a JSON object each.

The references are KDE Kajongg's game database (play/kajongg.py compares it), Tenhou's logs
(play/tenhou_check.py) and Botzone's MCR records (play/botzone.py); all say a difference the same way, so the
record is one. Its JSON names the reference's value after the reference (`kajongg`, `tenhou`, `botzone`), and
has `round` only where the reference names its rounds (Tenhou: E2-1; Botzone: its Match; Kajongg's record
numbers deals only).
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NamedTuple


class Reference(Enum):
    """The program whose record mjscore is compared with, as its lines write it; its JSON key is the value in
    lower case."""

    KAJONGG = "Kajongg"
    TENHOU = "Tenhou"
    BOTZONE = "Botzone"

    @property
    def key(self) -> str:
        return self.value.lower()


class Difference(NamedTuple):
    """Where mjscore and a reference's record differ in one deal: what, for whom, both values and why."""

    reference: Reference
    deal: int
    player: str
    what: str  # Kajongg: "seat", "round", "value", ...; Tenhou: "round", "dealer", "han", "fu", "points", ...
    recorded: Any  # the reference's value
    mjscore: Any
    why: str
    round: str | None = None  # the reference's name of the round (Tenhou's E2-1: East 2, one honba), if any

    def line(self, game: str) -> str:
        where = f" ({self.round})" if self.round is not None else ""
        ours = "refused it" if self.mjscore is None else self.mjscore  # (a deal mjscore would not score: why follows)
        return (f"{game} deal {self.deal}{where}: {self.player}: {self.what}: {self.reference.value} {self.recorded}, "
                f"mjscore {ours}" + (f" ({self.why})" if self.why else ""))

    def to_dict(self) -> dict[str, Any]:
        """The JSON of it: deal, round (where the reference names rounds), player, what, the reference's value
        under its name, mjscore, why."""
        return {"deal": self.deal, **({"round": self.round} if self.round is not None else {}),
                "player": self.player, "what": self.what, self.reference.key: self.recorded,
                "mjscore": self.mjscore, "why": self.why}
