"""A game's score sheet, as a club writes it on paper: a row per deal (who was East, the result, how the last tile
came, each player's net and running total) and the sums. Pure functions over a scored game (what
`mjscore.score_game` returns); the season's league table (play/season.py) counts the same deals.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from mjscore.messages import M, said

SELF_DRAWN = ("wall", "loose")  # the winning tile came from the wall (a loose tile after a kong is one too)
HOW = {"wall": M.SELF_DRAWN, "loose": M.LOOSE_TILE, "kong": M.ROBBING_A_KONG}  # a face may say them in --lang


class Game(Protocol):
    """What a season reads of a scored game (mjscore.api.GameResult)."""

    file: str
    variant: str
    players: list[str]
    start: dict[str, int]
    deals: list[dict[str, Any]]
    totals: dict[str, int]
    # and, where the game's records name it, `rules`: the rules it was scored under (read with getattr)


class SheetRow(NamedTuple):
    """One deal as a club writes it on paper: who was East, the result, how the last tile came, nets."""

    deal: int
    game: int  # 1, then 2 ... where a file goes on after a game's four rounds
    round: str
    east: str
    result: str  # the winner's name, "draw", "false mah jong by NAME" or "not scored"
    how: str  # "discard by NAME", "self-drawn", "loose tile", "robbing a kong", or ""
    value: int | None  # the winning hand's value
    net: dict[str, int]  # player -> the deal's net (absent: sitting out or not scored)
    totals: dict[str, int]  # player -> running total after the deal (as batch reports it)
    error: str | None = None
    seats_changed: str | None = None  # why the seats are not where passing the deal put them (batch's seats_changed)
    said: str | None = None  # the winning hand as its family's players say it (riichi: `30 fu 3 han: 3900`), if so
    pot: int | None = None  # riichi: the change of the sticks on the table in the deal (batch's `pot`)
    pot_total: int | None = None  # riichi: the sticks on the table after it (batch's `pot_total`)

    def to_dict(self) -> dict[str, Any]:
        out = self._asdict()
        for key in ("said", "pot", "pot_total"):  # (a family that says its hands by their value alone adds nothing,
            if out[key] is None:                  # nor one without a pot)
                del out[key]
        return out


class Sheet(NamedTuple):
    """One game as a club's score sheet: a row per deal and the players' totals. The sheet, the league table
    and the season's page are all made from these, never from a game's raw records."""

    file: str
    variant: str
    players: list[str]
    start: dict[str, int]
    rows: list[SheetRow]
    net: dict[str, int]  # each player's sum of the deals' nets
    totals: dict[str, int]  # the final row: equal to batch's totals for the file
    rules: dict[str, Any] | None = None  # the rules it was scored under (batch's `rules`: variant, table hash, options)

    def to_dict(self) -> dict[str, Any]:
        out = {"file": self.file, "variant": self.variant, "players": self.players, "start": self.start}
        if self.rules:
            out["rules"] = self.rules
        return {**out, "rows": [r.to_dict() for r in self.rows], "net": self.net, "totals": self.totals}


def how_won(deal: dict[str, Any]) -> str:
    """How the winner's last tile came, in words."""
    win = deal.get("win") or {}
    if not win:
        return ""
    source = win.get("from", "discard")
    words = (said(M.DISCARD_BY, name=win["discarder"]) if source == "discard" and win.get("discarder")
             else said(HOW[source]) if source in HOW else source)
    for also in win.get("also", []):
        words += ", " + also
    if win.get("set"):  # the set the winning tile completed: as the deal named it, else the best reading's
        words += said(M.COMPLETING, set=win["set"])
    return words


def result_of(deal: dict[str, Any]) -> str:
    if deal.get("error"):
        return said(M.NOT_SCORED)
    if deal.get("false_mahjong"):
        return said(M.FALSE_MAHJONG_BY, seat=deal["false_mahjong"])
    return deal["winner"] or said(M.TIMEOUT if deal.get("timeout") else M.DRAW)


def sheet_row(d: dict[str, Any]) -> SheetRow:
    """One deal (as batch's JSON has it, with its running totals) as a row of the score sheet."""
    won = d.get("winner") and not d.get("error")
    return SheetRow(d["deal"], d["game"], d["round"], d["seats"]["E"], result_of(d), how_won(d) if won else "",
                    d["hands"][d["winner"]]["value"] if won else None, dict(d.get("net") or {}), dict(d["totals"]),
                    d.get("error"), d.get("seats_changed"), d["hands"][d["winner"]].get("said") if won else None,
                    d.get("pot"), d.get("pot_total"))


def score_sheet(game: Game) -> Sheet:
    """The score sheet of one game: a row per deal with each player's net and running total, and the sums."""
    rows = []
    net = dict.fromkeys(game.players, 0)
    for d in game.deals:
        rows.append(sheet_row(d))
        for name, amount in (d.get("net") or {}).items():
            net[name] += amount
    return Sheet(game.file, game.variant, list(game.players), dict(game.start), rows, net, dict(game.totals),
                 getattr(game, "rules", None))
