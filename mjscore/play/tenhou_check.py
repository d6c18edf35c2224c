"""A Tenhou log compared with mjscore's scoring of it, deal by deal: `mjscore batch GAME.json --differences`.

For each round: the prevailing wind and the dealer mjscore seated it with; for each win, the han and fu of
the hand mjscore rebuilt and scored (the log gives no fu for a limit hand: han only, and for a yakuman the
count) and each player's point change; for each draw, the tenpai or nagashi mangan payments; after each,
every running total against the scores the next round starts from (`Running`). Riichi sticks are
counted as the table counts them, as mjscore does (play/riichi.py): off the declarer's score when put down,
every stick on the table in the winner's change. A Tenhou round's recorded change leaves out the stick put
down in it (Tenhou takes it off at the declaration, before the round's result), so a declarer's change is
the record's less that stick; the running totals are then the next round's starting scores as they are. A
round that could not be rebuilt is a difference with why.
"""

from __future__ import annotations

from typing import Any, Callable

from mjscore.play.difference import Difference, Reference
from mjscore.hand.situation import SEATS
from mjscore.play.tenhou_record import Recorded

STICK = 1000  # Tenhou's riichi stick (the riichi table's riichi_stick)


def differences(header: dict[str, Any], data: list[Any], records: list[Recorded], sc: Any,
                deals: list[dict[str, Any]], standings: list[dict[str, Any]] | None = None) -> list[Difference]:
    """Every way mjscore's scoring of a log (`deals`: batch's JSON of each deal, item names in Japanese;
    `standings`: its final standings) differs from what the log records (play/tenhou.py read it: its `header`,
    each round's deal `data` and what it `records` of each); its final scores and results too, where Tenhou's
    export gives them (`sc`) and the log reaches the game's end (South 4 or later, or a player below zero: a
    log of a few rounds has the whole game's `sc`)."""
    names = header["players"]
    out: list[Difference] = []
    running: Running | None = Running(names)
    for number, (ours, rec, mine) in enumerate(zip(deals, records, data), 1):
        if ours.get("error"):
            out.append(Difference(Reference.TENHOU, number, "-", "not scored", rec.result, None, ours["error"],
                                  round=rec.name))
            running = None  # (its changes are in no total: every later one would differ)
            continue
        diff = _round(number, rec, ours, names, out)
        dealer = names[rec.kyoku % 4]
        if ours["seats"].get("E") != dealer:
            diff("-", "dealer", dealer, ours["seats"].get("E"), "")
        declared = mine.get("riichi", []) if isinstance(mine, dict) else []
        recorded = [sum(w.deltas[i] for w in rec.wins) for i in range(len(names))] if rec.wins else list(rec.deltas)
        for w in rec.wins:
            _win(diff, names[w.who], w, ours)
        for i, n in enumerate(names):
            expected = recorded[i] - STICK * declared.count(n)
            if ours["net"].get(n, 0) != expected:
                diff(n, "points", expected, ours["net"].get(n, 0), "the change of score, less the riichi stick put "
                                                                   "down in the round" if n in declared else "")
        if running is not None and number < len(records):
            running.check(ours, records[number], out, number + 1)
    if len(deals) != len(records):
        out.append(Difference(Reference.TENHOU, len(deals), "-", "rounds", len(records), len(deals),
                              "not every round was read", round="-"))
    if standings is not None and records:
        out.extend(_final(sc, names, records, deals, standings))
    return out


class Running:
    """Each player's running total against the scores the log's next round starts from, deal by deal, as they
    are: riichi sticks leave a score when put down, in both; a gap is said in the round where it opens or
    changes, not again in every round after it, nor where it closes."""

    def __init__(self, names: list[str]):
        self.names = names
        self.gap = dict.fromkeys(names, 0)  # the record's total less mjscore's, as the last round left it

    def check(self, ours: dict[str, Any], following: Recorded, out: list[Difference], number: int) -> None:
        """After a deal (`ours`, batch's JSON, with its running `totals`), the scores `following` starts from."""
        said = {d.player for d in out if d.deal == number - 1 and d.what == "points"}
        for i, n in enumerate(self.names):
            mine = ours["totals"][n]
            gap = following.start[i] - mine
            if gap and gap != self.gap[n] and n not in said:
                out.append(Difference(Reference.TENHOU, number, n, "start", following.start[i], mine,
                                      "the scores the round starts from", round=following.name))
            self.gap[n] = gap


def _final(sc: Any, names: list[str], records: list[Recorded], deals: list[dict[str, Any]],
           standings: list[dict[str, Any]]) -> list[Difference]:
    """The log's `sc` (each player's final score and game result) against mjscore's standings."""
    last = records[-1]
    ended = last.kyoku >= 7 or any(t < 0 for t in (deals[-1].get("totals") or {}).values())
    if not (isinstance(sc, list) and len(sc) == 8 and ended):
        return []
    ours = {s["player"]: s for s in standings}
    out = []
    for i, n in enumerate(names):
        for what, tenhou, mine in (("final score", sc[2 * i], ours.get(n, {}).get("total")),
                                   ("result", sc[2 * i + 1], ours.get(n, {}).get("result"))):
            if tenhou != mine:
                out.append(Difference(Reference.TENHOU, len(deals), n, what, tenhou, mine, "the log's sc",
                                      round=last.name))
    return out


def _round(number: int, rec: Recorded, ours: dict[str, Any], names: list[str], out: list[Difference]
           ) -> Callable[[str, str, Any, Any, str], None]:
    """A function adding a difference of this round; the prevailing wind checked first."""
    def diff(player: str, what: str, tenhou: Any, mjscore: Any, why: str) -> None:
        out.append(Difference(Reference.TENHOU, number, player, what, tenhou, mjscore, why, round=rec.name))

    wind = SEATS[rec.kyoku // 4 % 4]
    if ours.get("round") != wind:
        diff("-", "round", wind, ours.get("round"), "the prevailing wind")
    return diff


def _win(diff: Callable[[str, str, Any, Any, str], None], name: str, w: Any, ours: dict[str, Any]) -> None:
    """One winner's han and fu against mjscore's (`doubles` and `points` of the hand it scored)."""
    hand = ours["hands"].get(name, {})
    if ours.get("winner") != name and not hand.get("items"):
        diff(name, "winner", "won", "did not", "")
        return
    why = _why(w.yaku, hand)
    han = hand.get("doubles")
    if w.han is not None and w.han >= 13 and "役満" in w.points:
        han = _yakuman(hand)
    if w.han is not None and han != w.han:
        diff(name, "han", w.han, han, why)
    fu = hand.get("points")
    fu = -(-fu // 10) * 10 if isinstance(fu, int) and fu != 25 else fu  # rounded up to 10, as Tenhou gives them
    if w.fu is not None and fu != w.fu:
        diff(name, "fu", w.fu, fu, why)


def _yakuman(hand: dict[str, Any]) -> int:
    """A yakuman hand's han as Tenhou counts them: 13 a yakuman (mjscore: its limit, 8000 base points each)."""
    value: int = hand.get("value", 0)
    return 13 * (value // 8000)


def _why(yaku: tuple[str, ...], hand: dict[str, Any]) -> str:
    ours = [(i.get("name") or i.get("rule")).split()[0] for i in hand.get("items", [])
            if i.get("doubles") or i.get("limit")]
    yaku = tuple(y.split()[0] for y in yaku)  # "場風 南": the wind is in Tenhou's name, not in the table's
    only_tenhou = [y for y in yaku if y not in ours]
    only_ours = [y for y in ours if y not in yaku]
    return "; ".join(([f"only Tenhou counted: {', '.join(only_tenhou)}"] if only_tenhou else [])
                     + ([f"only mjscore counted: {', '.join(only_ours)}"] if only_ours else []))
