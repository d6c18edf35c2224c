"""What a Tenhou log records of each round (`Recorded`: its counters, start scores and result; `Win`: one win):
made by play/tenhou.py as it reads a log, compared with mjscore's scoring by play/tenhou_check.py, so that
neither of the two imports the other's reading or comparing."""

from __future__ import annotations

from typing import NamedTuple

from mjscore.hand.situation import SEATS


class Win(NamedTuple):
    """One win as the log records it."""

    who: int
    frm: int
    han: int | None  # 13 per yakuman; None where the record gives no yaku (mjai)
    fu: int | None  # None for a limit hand (the JSON gives no fu for those)
    points: str  # Tenhou's text: "30符4飜7700点", "満貫8000点"
    yaku: tuple[str, ...]  # Tenhou's names: 立直, ドラ ...
    deltas: tuple[int, ...]
    pao: int | None = None  # the player liable for the yakuman (包: paoWho), where another than the winner


class Recorded(NamedTuple):
    """What the log records of one round: its counters, start scores and result."""

    kyoku: int
    honba: int
    sticks: int
    start: tuple[int, ...]
    result: str  # 和了, 流局, 流し満貫, 九種九牌 ...
    wins: tuple[Win, ...]
    deltas: tuple[int, ...]  # a draw's point changes (zeros where none)

    @property
    def name(self) -> str:
        return f"{SEATS[self.kyoku // 4 % 4]}{self.kyoku % 4 + 1}-{self.honba}"
