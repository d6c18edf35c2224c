"""A recorded game's deals in words, for `batch`'s table and pages: the deal's head, how it ended, the hands'
values, each payment, the running totals, in the language of the game's --lang (messages/, `Words`). Each
function reads a deal as batch's writers have it (a `Result` and its data), so a worker can render it."""

from __future__ import annotations

from mjscore.messages import M, Words
from mjscore import empty_seats


def line(totals: dict[str, int]) -> str:
    return ", ".join(f"{n} {t}" for n, t in totals.items())


def counted(r, w: Words) -> str:
    """A deal's place in a game of a fixed number of deals, for the table."""
    if r.counted is None:
        return ""
    return w(M.B_COUNTED, n=r.counted) if r.counted else w(M.B_NOT_COUNTED)


def changed(r) -> str:
    """The line saying why a deal's seats are not where passing the deal put them (a seat exchange, `seats:`)."""
    return f"  {r.changed}\n" if r.changed else ""


def parties(p, w: Words) -> str:
    why = w(M.B_PARTY_WHY) if p.only_won else ""
    return "".join(w(M.B_PARTY_ONE if x["played"] == 1 else M.B_PARTY_MANY, game=x["game"], played=x["played"],
                     counted=x["counted"], length=p.length) + f"{why}\n" for x in p.seen.values())


def seats(r, w: Words) -> str:
    """Who sat where in a deal (and which seats were empty)."""
    shown = ", ".join(f"{s} {n}" for s, n in r.seats.items())
    empty = empty_seats(r.seats)
    return shown + (w(M.B_SEATS_EMPTY, seats=w(M.AND).join(empty)) if empty else "")


def what(d: dict, w: Words) -> str:
    """How a scored deal ended: who won with what, a false mah jong, or a draw."""
    won = d.get("win") or {}
    how = (w(M.B_ON, tile=won["tile"]) + (w(M.COMPLETING, set=won["set"]) if won.get("set") else "") + ")"
           if d["winner"] and won.get("tile") else "")
    return (w(M.B_WINS_WITH, name=d["winner"], value=hand_value(d["hands"][d["winner"]], w)) + how if d["winner"] else
            w(M.FALSE_MAHJONG_BY, seat=d["false_mahjong"]) if d["false_mahjong"] else
            w(M.TIMEOUT if d.get("timeout") else M.DRAW))  # (mcr: a deal stopped by time)


def hand_value(hand: dict, w: Words):
    """A deal's hand's value as its players say it: its family's words where it gives them (`said`: riichi's
    `30 fu 3 han: 3900`), else the number."""
    return w.again(hand["said"]) if "said" in hand else hand["value"]


def values(d: dict, w: Words) -> str:
    """Each hand's value; a hand of a draw that pays nothing: 0, and what it was worth."""
    def shown(h: dict):  # noqa: E306
        return hand_value(h, w) if "worth" not in h else w(M.WORTH_UNPAID, worth=h["worth"]) if h["worth"] else 0
    return ", ".join(f"{n} {shown(h)}" for n, h in d["hands"].items())


def payments(d: dict, w: Words) -> list[str]:
    """Each payment in words; the table's pot (riichi's sticks: null in the JSON) is "the table"."""
    table = w(M.B_THE_TABLE)
    return [w(M.B_PAYS, payer=table if p["from"] is None else p["from"], payee=table if p["to"] is None else p["to"],
              amount=p["amount"], reason=w.again(p["reason"])) for p in d["payments"]]


def deal_head(r, w: Words) -> str:
    """`deal 3 (game 2, round E; E Ann, S Bo, ...)`."""
    game = w(M.B_IN_GAME, game=r.game) if r.game > 1 else ""
    return f"{w(M.B_DEAL, number=r.number)} ({game}{w(M.ROUND_IS, round=r.round)}; {seats(r, w)}{counted(r, w)})"
