"""The counters a game's table carries from deal to deal (honba and sticks, where the table's payment scheme keeps
them: `PaymentScheme.counters`), beside each deal of a game's view: what the deal was played with, and the game's
own count where the deal states other ones. The page asks the scheme whether it keeps counters, never which family
it is; a win's words are the winner's own (`said`, the family's, in batch's JSON of the deal).

The honba and sticks a deal was played with are what the game counted before it (Table.counted: the deals before
it, or what the deal itself states), never typed again by the players.
"""

from __future__ import annotations

from typing import Any, Iterable

from mjscore import Header, Table
from mjscore import scheme_of


def kept(header: Header) -> bool:
    """Whether the game's payment scheme carries counters from deal to deal: the page then shows them."""
    return scheme_of(header.variant.settlement.at(header.options)).counters


def counters(header: Header, seating: dict[str, Any], data: Any) -> dict[str, int]:
    """The honba and sticks on the table when the deal `data` was played, `seating` being the table the deal
    before it left (ledger entry): the game's count, or what the deal states itself."""
    counted = Table.resumed(header, seating).counted(data if isinstance(data, dict) else {})
    return {"honba": counted["honba"], "sticks": counted["sticks"]}


def next_counters(seating: dict[str, Any]) -> dict[str, int]:
    """The counters the next deal starts with: what the last deal left on the table (its seating)."""
    return {"honba": int(seating.get("honba", 0)), "sticks": int(seating.get("sticks", 0))}


def pot_totals(header: Header, seating: dict[str, Any], deals: Iterable[dict]) -> None:
    """Add to each deal of a game's view that moved the table's pot (batch's `pot`) what lies on the table after it
    (`pot_total`), as batch counts it for a game resumed where the page begins: the sticks the table counted before
    its first deal (`seating`), worth what the table's payment scheme says they are (`PaymentScheme.pot_kept`,
    as a record that starts mid-game counts them), and each deal's change."""
    rules = header.variant.settlement.at(header.options)
    pot = scheme_of(rules).pot_kept(seating, rules)
    for deal in deals:
        if "pot" in deal:
            pot += deal["pot"]
            deal["pot_total"] = pot


def annotate(header: Header, seating: dict[str, Any], deals: Iterable[dict], befores: Iterable[dict]) -> None:
    """Add to each deal of a game's view (batch's JSON with its `data`) the counters it was played with and the
    game's own count where the deal states other ones (`counted`); `befores`: the seating before each deal."""
    for deal, before in zip(deals, befores):
        data = deal.get("data")
        deal["counters"] = counters(header, before or seating, data)
        if isinstance(data, dict) and ("honba" in data or "sticks" in data):  # the deal corrects the game's count
            deal["counted"] = counters(header, before or seating,
                                       {k: v for k, v in data.items() if k not in ("honba", "sticks")})
