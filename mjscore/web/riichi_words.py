"""What a riichi table reads on the page beside each deal: the counters on the table and the win as its
players say it ("30 fu 3 han: 3900", "1000/2000", "2000 all").

A game's deals are scored as `batch` scores them (mjscore.play.ledger); their JSON (batch's) keeps the
winner's han, fu, tier, base points (`value`) and the win in its players' words (`said`, what every face
prints), but not what each pays in all: that is worked out here by the rules' own function (`cost`). The honba
and riichi sticks a deal was played with are what the game counted before it (Table.counted: the deals
before it, or what the deal itself states), never typed again by the players.
"""

from __future__ import annotations

from typing import Any, Iterable

from mjscore import dealer_of
from mjscore import Header, Table
from mjscore import cost
from mjscore import scheme_of


def is_riichi(header: Header) -> bool:
    """Whether the game is paid as riichi is (honba, sticks, tenpai): the page then shows the counters."""
    return scheme_of(header.variant.settlement.at(header.options)).counters


def counters(header: Header, seating: dict[str, Any], data: Any) -> dict[str, int]:
    """The honba and riichi sticks on the table when the deal `data` was played, `seating` being the table
    the deal before it left (ledger entry): the game's count, or what the deal states itself."""
    counted = Table.resumed(header, seating).counted(data if isinstance(data, dict) else {})
    return {"honba": counted["honba"], "sticks": counted["sticks"]}


def next_counters(seating: dict[str, Any]) -> dict[str, int]:
    """The counters the next deal starts with: what the last deal left on the table (its seating)."""
    return {"honba": int(seating.get("honba", 0)), "sticks": int(seating.get("sticks", 0))}


def pot_totals(header: Header, seating: dict[str, Any], deals: Iterable[dict]) -> None:
    """Add to each deal of a game's view that moved the table's pot (batch's `pot`) what lies on the table after it
    (`pot_total`), as batch counts it for a game resumed where the page begins: the sticks the table counted before
    its first deal (`seating`), in points, and each deal's change."""
    pot = int(seating.get("sticks", 0)) * header.variant.settlement.at(header.options).switch("riichi_stick")
    for deal in deals:
        if "pot" in deal:
            pot += deal["pot"]
            deal["pot_total"] = pot


def han_fu(header: Header, item: dict, honba: int, sticks: int) -> dict[str, Any] | None:
    """The win of a settled deal (batch's JSON of it) as riichi players say it: {han, fu, tier, paid, total,
    received, said}; None for a draw or a deal not scored."""
    winner = item.get("winner")
    win = item.get("win")
    if not winner or not win or "error" in item or item.get("false_mahjong"):
        return None
    hand = item["hands"][winner]
    if "said" not in hand:  # (an entry stored before batch gave them: scored again once the rules change)
        return None
    dealer = hand.get("seat") == dealer_of(header.options)
    paid, total, received = cost(hand["value"], dealer, win.get("from") in ("wall", "loose"), honba, sticks)
    return {"han": hand["han"], "fu": hand["fu"], "tier": hand["tier"], "paid": paid, "total": total,
            "received": received, "said": hand["said"]}


def annotate(header: Header, seating: dict[str, Any], deals: Iterable[dict], befores: Iterable[dict]) -> None:
    """Add to each deal of a game's view (batch's JSON with its `data`) the counters it was played with, the
    game's own count where the deal states other ones (`counted`), and its win in the riichi players' words
    (`han_fu`); `befores`: the seating before each deal."""
    for deal, before in zip(deals, befores):
        data = deal.get("data")
        table = counters(header, before or seating, data)
        deal["counters"] = table
        if isinstance(data, dict) and ("honba" in data or "sticks" in data):  # the deal corrects the game's count
            deal["counted"] = counters(header, before or seating,
                                       {k: v for k, v in data.items() if k not in ("honba", "sticks")})
        said = han_fu(header, deal, table["honba"], table["sticks"])
        if said is not None:
            deal["han_fu"] = said
