"""A deal and its settlement as records: how the winner's tile came (`Win`), one deal as settlement takes it
(`Deal`), one payment (`Payment`) and a settled deal (`Settlement`), with what every reader of them shares.

Below the settlement (play/settle.py) and the modules it calls (play/deal_checks.py, play/base_payment.py,
play/riichi.py), so each of them imports these records from here and none imports another back.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, NamedTuple, Protocol

from mjscore.hand.situation import SEAT_NAMES, SEATS
from mjscore.rules.kept import cites_of, rules_at
from mjscore.rules.results import Score
from mjscore.rules.switches import Draw, SettlementRules
from mjscore.rules.tables import Variant


class Win(NamedTuple):
    """How the winner's last tile came (the winner's situation)."""

    tile: str | None = None
    source: str = "discard"
    discarder: str | None = None
    also: tuple[str, ...] = ()
    set: str | None = None  # the set the winning tile completed (win: {set: 234m}); None: the best reading


class SchemeDeal(Protocol):
    """A payment scheme's own deal keys as one typed block of a Deal (`Deal.scheme`: a NamedTuple, read by name, in the
    scheme's module, made by its `deal_fields`), and what shared settlement asks of it: nobody else reads its fields
    by name, so a new scheme's deal keys touch no shared record."""

    def other_wins(self, win: Win) -> dict[str, Win]:
        """Other winners on the winner's tile (riichi's double ron), each with how its tile came."""

    def situation_keys(self) -> dict[str, Any]:
        """What the block adds to a winner's situation (rules/situations.make_situation's keywords)."""

    def net_changes(self) -> tuple[tuple[str, int], ...]:
        """Points added to a seat's net beside the payments, nobody's gain (MCR's referee penalties)."""

    def to_dict(self, name: Callable[[str], str]) -> dict[str, Any]:
        """The keys it adds to a settled deal's JSON, players by `name` (seat -> how the JSON names a player)."""


class Deal(NamedTuple):
    """One deal as settlement takes it: every hand as written, by seat, with who won and how. Read from a deal
    file, a game's deal or the command line (play/dealfile.py), it is checked once more by settle()."""

    variant: Variant
    options: dict[str, Any]
    round: str
    hands: dict[str, str]  # seat -> hand text, for the seats in play
    players: dict[str, str]  # seat -> name
    winner: str | None = None
    win: Win = Win()
    false_mahjong: str | None = None
    pays_for_all: str | None = None
    faults: dict[str, str] = {}  # seat -> short / long / wrong
    scheme: SchemeDeal | None = None  # the payment scheme's own deal keys, as its block (None: none given)

    def player(self, seat: str) -> str:
        """The name at a seat, or the seat's name (East...) where the deal names no players."""
        return self.players.get(seat, SEAT_NAMES[seat])

    @property
    def rules(self) -> SettlementRules:
        """The variant's settlement switches under this deal's options."""
        return rules_at(self.variant, self.options)


POT = "pot"  # the table's pot as a party to payments: sticks put down on it, taken from it (riichi's scheme)


class Payment(NamedTuple):
    """One amount one seat pays another, with the reason and the rules that made it: a table's payments must be
    checkable by the players at the table, line by line. A payer or payee may be the table's `POT`, no player
    (JSON: null)."""

    payer: str
    payee: str
    amount: int
    reason: str
    cite: str = ""  # where the rules that made it stand in the rulebook (the table's `cites:`)

    def to_dict(self, name: Callable[[str], str] = lambda seat: seat) -> dict[str, Any]:
        out: dict[str, Any] = {"from": None if self.payer == POT else name(self.payer),
                               "to": None if self.payee == POT else name(self.payee), "amount": self.amount,
                               "reason": self.reason}
        if self.cite:
            out["cite"] = self.cite
        return out


def cite_of(deal: "Deal", *keys: str) -> str:
    """The table's citations of the settlement rules that made a payment, joined: "rule 77; rule 79"."""
    return cites_of(deal.variant, keys)  # (each list joined once per variant)


class Settlement(NamedTuple):
    """A settled deal: each hand's score, every payment, each seat's net (summing to zero with the pot's change),
    notes on what the rules did: what `settle` prints, and a game's running totals are made of."""

    deal: Deal
    scores: dict[str, Score]
    payments: list[Payment]
    net: dict[str, int]
    notes: list[str]
    pot: int | None = None  # the change of the table's pot (sticks put down less sticks taken); None: no pot

    def paid_on(self) -> bool:
        """Whether the hands' values were paid on: not in a draw that the table pays nothing for (Kajongg's
        played game: every hand of a draw totals 0), where each hand's value is 0 and its worth only shown."""
        d = self.deal
        return bool(d.winner or d.false_mahjong) or d.rules.draw is not Draw.NONE

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        d, paid = self.deal, self.paid_on()
        hands = {}
        for seat, s in self.scores.items():
            hands[seat] = unpaid({"player": d.player(seat), **s.to_dict(lang)}, paid)
        return {
            "variant": d.variant.name, "options": d.options, "round": d.round, "winner": d.winner,
            "false_mahjong": d.false_mahjong, "players": {s: d.player(s) for s in d.hands},
            "hands": hands,
            "payments": [p.to_dict() for p in self.payments],
            "net": self.net, **({"pot": self.pot} if self.pot is not None else {}), "notes": self.notes,
            **(d.scheme.to_dict(_as_seat) if d.scheme else {}),
        }


def _as_seat(seat: str) -> str:
    """A seat as a settled deal's JSON names its player: by the seat."""
    return seat


def unpaid(hand: dict[str, Any], paid_on: bool) -> dict[str, Any]:
    """A hand's JSON as the deal paid it: where the hands were not paid on (Settlement.paid_on), `value` 0 and
    the hand's own value as `worth`, for a referee to see."""
    return hand if paid_on else {**hand, "value": 0, "worth": hand["value"]}


def empty_seats(seats: Iterable[str]) -> list[str]:
    """The seats nobody sits in, in a deal of two or three players."""
    return [s for s in SEATS if s not in seats]
