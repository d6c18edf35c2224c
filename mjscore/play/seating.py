"""Who sits where in a recorded game, deal after deal: the chairs, East's chair, the prevailing wind.

Seating needs only who won each deal, so it is worked out in order before the (expensive) settling.
The table's `settlement:` switches say how the deal moves on: East keeps it by winning (and after a draw
or a false mah jong where the table says so), a number of East's wins in a row passes it, with three
players the deal passes after every deal, five or six players take turns sitting out, and where the
table names a seat exchange (`seat_exchange: oemc-2005`) the players change chairs when the prevailing
wind changes. A game file may also state a deal's seats (`seats: {E: NAME, ...}`) where a club seats
its players otherwise: seating then goes on from those seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from mjscore.errors import DealError, shown
from mjscore.messages import M, said
from mjscore.names import nfc
from mjscore.hand.situation import SEAT_NAMES, SEATS, dealer_of
from mjscore.play.schemes import scheme_of
from mjscore.rules.switches import ByOption, CountedDeals, SeatExchange

if TYPE_CHECKING:
    from mjscore.rules.tables import Variant


class Header(Protocol):
    """What seating reads of a game's header (mjscore.play.game.Header): its rules and its players."""

    @property
    def variant(self) -> Variant: ...

    @property
    def options(self) -> dict[str, Any]: ...

    @property
    def players(self) -> list[str]: ...

class Resumed(NamedTuple):
    """Where a record that starts in the middle of a game (a Tenhou log's last rounds) leaves the table: a
    snapshot (Table.snapshot's keys) its first deal is seated from. Only a reader makes one, never a game file."""

    snapshot: dict[str, Any]
    totals: dict[str, int] | None = None  # the players' scores where it starts (None: the table's start points)


# The seat exchanges between rounds a table may name (`seat_exchange:`): its name in words, and for the end
# of round E, S, W the seats whose players swap chairs, two by two, as they are seated when the round ends.
# OEMC 2005 as KDE Kajongg plays it (KDE Kajongg 22.12, game.py Game.__init__: "shift rules taken from the OEMC
# 2005 rules", shiftRules = 'SWEN,SE,WE'; Game.__exchangeSeats swaps each pair after Game.rotateWinds has
# passed the deal the fourth time): after round E the players sitting S and W swap, and E and N; after
# round S, S and E; after round W, W and E.
SEAT_EXCHANGES: dict[SeatExchange, tuple[str, tuple[str, ...]]] = {
    SeatExchange.OEMC_2005: ("OEMC 2005", ("SWEN", "SE", "WE"))}

STATED = "seats as the game file states them"
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_Seats = tuple[tuple[int, tuple[str | None, ...]], dict[str, str], dict[str, str]]  # (the key, by seat, by name)


class Table:
    """Who sits where: chairs around the table (None = an empty chair for 2 or 3 players), the East chair,
    the prevailing wind, and the players waiting (5 or 6 players)."""

    def __init__(self, header: Header):
        self.header = header
        self.game = 0
        self._seats: _Seats | None = None  # (chairs and East, seat -> name, name -> seat) last worked out
        self.new_game()

    def new_game(self) -> None:
        """Seats as at the start: the players in file order from East; round East."""
        players, self.opts = self.header.players, self.header.options
        self.rules = rules = self.header.variant.settlement.at(self.opts)  # the switches of this game's options
        self.game += 1
        n = len(players)
        seats = first_seats(n)
        self.chairs: list[str | None] = [players[seats.index(s)] if s in seats else None for s in SEATS]
        self.waiting: list[str | None] = list(players[4:])
        self.east = 0
        self.passes = 0  # how often the deal has passed
        self.per_round = n  # passes in a prevailing wind: every player is East once (basque rule 81)
        self.every_deal = n in rules.rotate_every_deal  # East passes whoever won
        self.east_wins = 0  # East's wins in a row in this prevailing wind
        self.deals = 0  # deals counted in this game (see counts)
        self.max_deals = rules.deals_per_game
        self.only_won = rules.counted_deals is CountedDeals.WON
        self.max_passes = self.per_round * rules.rounds_per_game
        self.scheme = scheme_of(rules)
        self.counters = self.scheme.counters  # whether the scheme carries counters from deal to deal
        self.kept: dict[str, Any] = self.scheme.carry_start() if self.counters else {}  # what it carries
        # the exchange between rounds: four players at four chairs only (it swaps seated pairs)
        self.exchange = SEAT_EXCHANGES.get(rules.seat_exchange) if n == 4 else None
        self.changed: str | None = None  # why the next deal's seats are not where the deal's passing put them
        self.moved_on = ""  # why the deal passed or stayed after the last deal (after), in words

    MOVING = ("game", "chairs", "waiting", "east", "passes", "east_wins", "deals")  # what after() changes

    def snapshot(self) -> dict[str, Any]:
        """What the deals so far have moved (plain data, JSON-safe): with the header it seats the next deal
        exactly as reading every deal again would (the page stores it with each deal, mjscore.play.ledger)."""
        out = {k: list(v) if isinstance(v, list) else v for k, v in ((k, getattr(self, k)) for k in self.MOVING)}
        if not self.rules.east_wins_in_a_row:
            out["east_wins"] = 0  # counted only where a number of wins in a row passes the deal: else it moves nothing
        if self.changed:
            out["changed"] = self.changed  # only when set: a snapshot stored before seats could change stays equal
        if self.counters:  # (only then: other variants' snapshots stay as they were)
            out.update(self.scheme.kept_snapshot(self.kept))
        return out

    def counted(self, data: Any) -> Any:
        """A deal's data with what the payment scheme carries from the deals before it (PaymentScheme.carried),
        where the scheme carries counters; any other deal's as it is."""
        if not self.counters or not isinstance(data, dict):
            return data
        return self.scheme.carried(self.kept, data)

    @classmethod
    def resumed(cls, header: Header, snapshot: dict[str, Any] | None) -> "Table":
        """The table as a snapshot left it (None: as at the start of the game)."""
        table = cls(header)
        for key, value in (snapshot or {}).items():
            value = list(value) if isinstance(value, list) else value
            if key in table.kept:  # (what the scheme carries)
                table.kept[key] = value
            else:
                setattr(table, key, value)
        return table

    @property
    def round(self) -> str:
        return SEATS[min(self.passes // self.per_round, 3)]

    def seats(self) -> dict[str, str]:
        """Seat -> name for the next deal (the same mapping until the seats change: do not alter it)."""
        key = (self.east, tuple(self.chairs))
        if self._seats is None or self._seats[0] != key:
            out = {}
            for i in range(4):
                name = self.chairs[(self.east + i) % 4]
                if name is not None:
                    out[SEATS[i]] = name
            self._seats = (key, out, {name: seat for seat, name in out.items()})
            return out
        return self._seats[1]

    def seat_of(self, name: Any) -> str | None:
        """The seat of a player in the next deal, or None."""
        self.seats()
        assert self._seats is not None  # (seats() has just worked them out)
        return self._seats[2].get(nfc(name)) if isinstance(name, str) else None

    def counts(self, winner_seat: str | None) -> int | None:
        """A deal's place among the counted ones in a game of a fixed number of deals (0: with `counted_deals:
        won`, a draw or void deal does not count); None in a game without a fixed number."""
        if not self.max_deals:
            return None
        return self.deals + 1 if winner_seat is not None or not self.only_won else 0

    def east_in(self, names: Any) -> bool:
        """Whether the player sitting East is among `names` (a deal's `tenpai:` list, names of a game)."""
        return isinstance(names, list) and self.seats().get("E") in {nfc(n) for n in names if isinstance(n, str)}

    def after(self, winner_seat: str | None, false_mahjong: bool, east_waiting: bool = False,
              declared: list[Any] | None = None, words: bool = True, timed_out: bool = False) -> None:
        """Move the deal on as the variant says, after a win, a draw or a false mah jong (`east_waiting`: East
        was waiting at a draw, which a scheme may ask for East to keep the deal: PaymentScheme.draw_keeps_deal;
        `declared`: the players who put sticks down in it, PaymentScheme.carry_on); `moved_on` then says why the
        deal passed or stayed (`words` False: left empty, for a run that never shows it: batch seats a million
        deals; `timed_out`: a deal without a winner that the session's time stopped, said as no result, not as a
        draw)."""
        rules = self.rules
        if self.counters:  # the scheme's counters moved on (PaymentScheme.carry_on)
            dealer_won = winner_seat is not None and winner_seat == dealer_of(self.opts)
            self.scheme.carry_on(self.kept, winner_seat, dealer_won, declared or [])
        self.changed = None
        before = (self.seats(), self.round, self.game, self.passes)
        if winner_seat is not None or not self.only_won:
            self.deals += 1
        all_dealt = bool(self.max_deals and self.deals >= self.max_deals)  # the game's fixed number of deals
        won_in_a_row = 0
        if false_mahjong:
            keeps = rules.east_keeps_deal_on_false_mahjong
        elif winner_seat is None:
            keeps = rules.east_keeps_deal_on_draw and self.scheme.draw_keeps_deal(rules, east_waiting)
        else:
            keeps = winner_seat == dealer_of(self.opts)  # East, or the banker, keeps the deal by winning
            if keeps:
                self.east_wins += 1
                limit = rules.east_wins_in_a_row
                if limit and self.east_wins >= limit:
                    keeps, won_in_a_row = False, limit
        if self.waiting:  # 5-6 players: after every deal East goes out, the one out longest comes in as North
            self._swap_in()
        elif not keeps or self.every_deal:
            self._pass()
        if self.max_deals and self.deals >= self.max_deals:
            self.new_game()  # a party of a fixed number of deals (hungarian: 16)
        self.moved_on = (self._why(before, winner_seat, false_mahjong, keeps, won_in_a_row, all_dealt, timed_out)
                         if words else "")

    def _why(self, before: tuple[Any, ...], winner_seat: str | None, false_mahjong: bool, keeps: bool,
             won_in_a_row: int, all_dealt: bool, timed_out: bool = False) -> str:
        """The deal's moving on in words: what happened, then who is East now and, where the rules pass the deal
        whoever won, which rule (and house option) says so; a new round or the game's end. "Ana (East) won, yet
        the deal passes to Bo, as after every deal with three players (house option three_players=every-deal)"."""
        seats, round_, game, passes = before
        east, now_east, n = seats["E"], self.seats()["E"], len(self.header.players)
        if false_mahjong:
            what = "a false mah jong"
        elif winner_seat is None:
            what = "a time-out, no result" if timed_out else "a draw"
        else:
            banker = ", the banker" if winner_seat == dealer_of(self.opts) != "E" else ""
            what = (f"{seats.get(winner_seat, winner_seat)} ({SEAT_NAMES.get(winner_seat, winner_seat)}{banker}) won"
                    + (f" {won_in_a_row} times in a row" if won_in_a_row else ""))
        if self.game != game:
            end = (f"the game's {self.max_deals} deals are played" if all_dealt
                   else "every player has been East in every prevailing wind")
            return f"{what}: {end}, the game is over"
        if self.passes == passes:
            return f"{what}: {east} stays East"
        if self.waiting:
            why = (f": {east} sits the next deal out, {self.chairs[(self.east - 1) % 4]} comes in and the deal passes "
                   f"to {now_east}, as after every deal with {NUMBERS[n]} players")
        elif self.every_deal:
            why = (", yet" if keeps else ":") + f" the deal passes to {now_east}, as after every deal with {NUMBERS[n]} " \
                "players"
            follows = self.header.variant.settlement.rotate_every_deal
            if isinstance(follows, ByOption) and self.opts.get(follows.option) is not None:
                why += f" (house option {follows.option}={self.opts[follows.option]})"
        else:
            why = f": the deal passes to {now_east}"
        return what + why + (f"; round {self.round} begins" if self.round != round_ else "")

    def _pass(self) -> None:
        self.east_wins = 0
        self.east = (self.east + 1) % 4
        while self.chairs[self.east] is None:
            self.east = (self.east + 1) % 4
        self.passes += 1
        if self.passes >= self.max_passes:  # every player has been East in every prevailing wind of a game
            self.new_game()
        elif self.exchange and self.passes % self.per_round == 0:
            self._exchange(self.passes // self.per_round)

    def _exchange(self, finished: int) -> None:
        """The players change chairs as the table's exchange says after `finished` prevailing winds (none
        after the fourth: Kajongg's index (finished - 1) % 4 into three rules is reached only while rounds go on)."""
        if not finished % 4:
            return
        assert self.exchange is not None  # (only a table with an exchange calls it)
        label, rules = self.exchange
        winds = rules[(finished - 1) % 4]
        chair = {SEATS[i]: (self.east + i) % 4 for i in range(4)}
        for a, b in zip(winds[::2], winds[1::2]):
            i, j = chair[a], chair[b]
            self.chairs[i], self.chairs[j] = self.chairs[j], self.chairs[i]
        self.changed = f"seats exchanged at the start of round {self.round} ({label})"

    def _swap_in(self) -> None:
        out = self.chairs[self.east]
        self.chairs[self.east] = self.waiting.pop(0)
        self.waiting.append(out)
        self.east = (self.east + 1) % 4
        self.passes += 1
        self.east_wins = 0
        if self.passes >= self.max_passes:
            self.new_game()

    def take_seats(self, stated: Any) -> None:
        """Seat the next deal as a game file's `seats: {E: NAME, S: NAME, ...}` says; seating goes on from
        there (the stated East deals; the prevailing wind and the passes so far stay). A DealError says what
        is wrong with the mapping, which then changes nothing."""
        if stated is None:
            return
        seats = self._checked(stated)
        if seats == self.seats():
            return  # where the game's rules seat them anyway: nothing changes
        before = [self.chairs[(self.east + i) % 4] for i in range(4)]
        for i, seat in enumerate(SEATS):
            self.chairs[(self.east + i) % 4] = seats.get(seat)
        if len(self.header.players) > 4:  # five or six: who is out now waits, longest out first
            self.waiting = ([p for p in self.waiting if p not in seats.values()]
                            + [p for p in before if p is not None and p not in seats.values()])
        if seats["E"] != before[0]:
            self.east_wins = 0  # another dealer: no wins in a row yet
        self.changed = STATED

    def _checked(self, stated: Any) -> dict[str, str]:
        """The stated seats in seat order, names in NFC; the players of the game, each once, East's seat taken,
        as many as sit a deal."""
        players = self.header.players
        sitting = min(len(players), 4)
        example = "seats: {" + ", ".join(f"{s}: {p}" for s, p in zip(SEATS, players)) + "}"
        if not isinstance(stated, dict):
            raise DealError(said(M.SEATS_MAPPING, example=example))
        out: dict[str, str] = {}
        for seat, name in stated.items():
            if seat not in SEATS:
                raise DealError(said(M.SEATS_NOT_A_SEAT, seat=shown(seat), example=example))
            name = nfc(name) if isinstance(name, str) else name
            if name not in players:
                raise DealError(said(M.SEATS_NOT_A_PLAYER, name=shown(name), players=", ".join(players)))
            if name in out.values():
                raise DealError(said(M.SEATS_TWICE, name=name))
            out[seat] = name
        if len(out) != sitting:
            raise DealError(said(M.SEATS_COUNT, sitting=sitting, n=len(out), example=example))
        if "E" not in out:
            raise DealError(said(M.SEATS_NO_EAST))
        return {s: out[s] for s in SEATS if s in out}


def first_seats(count: int) -> tuple[str, ...]:
    """The seats of a game's first deal, taken by its players in the order the game file lists them (two:
    East and West, face to face; three: West's chair is the empty one, as the basque rulebook leaves West out
    of the draw; five or six: the first four sit, the others wait)."""
    return {2: ("E", "W"), 3: ("E", "S", "N")}.get(count, SEATS)


def sitting_out(players: list[str], seats: dict[str, str]) -> list[str]:
    """The players who sit a deal out (five or six players), in the order the game file lists them."""
    return [p for p in players if p not in seats.values()]
