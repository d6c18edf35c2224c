"""A recorded game kept deal by deal: each deal scored once, from what the deals before it left.

`batch` reads a game from its first deal every time; a game kept by the page grows by one deal at a
time and is read after every change, so reading it again would cost more the longer it gets. A ledger
entry stores, with each deal, what scoring it gave (its settlement as batch's JSON shows it) and what it
left: the table's seating (Table.snapshot: East's chair, the passes, the prevailing wind ...) and the
running totals. The next deal is scored from the entry before it alone, so adding a deal costs the same
whatever the game's length.

A corrected, deleted or restored deal changes the entries from it on, but only as far as it changes them:
a later deal whose seating is the same as before is settled the same, so only its running totals move
(`replay` re-scores deals until the seating it reaches is the one stored, then only shifts totals).
Every result here equals what `batch` prints for the same game file (tests/test_web_ledger.py).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, NamedTuple

from mjscore.play.dealfile import variant_for
from mjscore.play.game import Header, RawDeal, Table, check_header, move_on, seat_next, settle_one
from mjscore.play.record import deal_item
from mjscore.rules.results import language


class Entry(NamedTuple):
    """One deal's stored outcome: batch's JSON of the deal without its number, place and running totals
    (those depend on the deals before it), the seating it leaves, and the running totals after it."""

    item: dict[str, Any]
    seating: dict[str, Any]
    totals: dict[str, int]


class Opened(NamedTuple):
    """A game's header checked as batch checks it, with the seating and totals before its first deal."""

    header: Header
    seating: dict[str, Any]
    start: dict[str, int]


def open_game(data: dict[str, Any], where: str = "game", tables: str | None = None, lang: str = "en") -> Opened:
    """The header of a game file's data (variant, options, players) checked, or a DealError saying why."""
    v, opts = variant_for(data, None, [], tables, where)
    header = check_header({k: data[k] for k in ("variant", "options", "players") if k in data}, v, opts, where)
    header = header._replace(lang=language(lang, v.language))
    start = v.settlement.at(opts).start_points
    return Opened(header, Table(header).snapshot(), {name: start for name in header.players})


def score_deal(header: Header, seating: dict[str, Any], totals: dict[str, int], data: Any) -> Entry:
    """One deal scored at the seats `seating` gives (the entry before it), and what it leaves."""
    table = Table.resumed(header, seating)
    seated, winner = seat_next(table, RawDeal(0, "", data))
    d = data if isinstance(data, dict) else {}
    result = settle_one(header, seated)
    item = {k: v for k, v in deal_item(result).items() if k not in ("deal", "place")}
    after = dict(totals)
    if not result.error:
        assert result.data is not None  # (a deal without an error has its data)
        for name, amount in result.data["net"].items():
            after[name] += amount
    move_on(table, winner, d)
    return Entry(item, table.snapshot(), after)


def moved_on(header: Header, seating: dict[str, Any], deals: Iterable[Any]) -> list[str]:
    """Why the deal passed or stayed after each of `deals` (a game file's deals, in order, the first dealt at
    `seating`: the entry before it), in words (Table.moved_on): "Ana (East) won: Ana stays East". Seating
    alone, on one table walked through them: nothing is scored."""
    table, out = Table.resumed(header, seating), []
    for data in deals:
        _, winner = seat_next(table, RawDeal(0, "", data))
        move_on(table, winner, data)
        out.append(table.moved_on)
    return out


def next_deal(header: Header, seating: dict[str, Any], game: int) -> dict[str, Any]:
    """The seats and wind of the deal after the last (game: the game number of the last deal): who sits
    it out (five or six players) and whether the game is over (the seating has started a new one)."""
    table = Table.resumed(header, seating)
    seats = dict(table.seats())
    out = {"game": table.game, "round": table.round, "seats": seats,
           "out": [p for p in header.players if p not in seats.values()], "over": table.game != game}
    if table.changed:
        out["seats_changed"] = table.changed  # the seats moved between rounds (seat_exchange)
    return out


class Stored(NamedTuple):
    """A deal as the store holds it: its data, and its entry (None where it was never scored)."""

    key: Any
    data: Any
    entry: Entry | None


def replay(header: Header, seating: dict[str, Any], totals: dict[str, int],
           deals: Iterable[Stored]) -> Iterator[tuple[Any, Entry]]:
    """The entries that change when the deals from some point on are (data, stored entry), starting from
    the seating and totals before the first of them: (key, new entry) for each deal whose entry differs.

    A deal is scored again while the seating before it differs from the one its entry was scored at (or it
    has no entry); once they agree, it and every deal after it settle as stored, and only their running
    totals move by what the change moved them."""
    scoring, shift = True, {}
    for stored in deals:
        old = stored.entry
        scoring = scoring or old is None  # a deal never scored: so are the totals after it, until the seating agrees
        if scoring:
            entry = score_deal(header, seating, totals, stored.data)
            if old is not None and entry.seating == old.seating:
                scoring = False  # the seating after it is as stored: every later deal settles as stored
                shift = {p: entry.totals[p] - old.totals.get(p, 0) for p in entry.totals}
        else:
            assert old is not None  # (not scoring: the deal has its entry)
            entry = Entry(old.item, old.seating, {p: old.totals.get(p, 0) + shift[p] for p in shift})
        if entry != old:
            yield stored.key, entry
        elif not scoring:
            return  # settled as stored with the same totals: every deal after it is as stored too
        seating, totals = entry.seating, entry.totals
