"""A payment scheme: how a family pays a deal (the winner, a draw, what it carries from deal to deal), one module
each, registered by name in rules/families.py and chosen by the table's `settlement: {payments: NAME}`.

Settlement, seating, deal files and the page ask the deal's scheme, never test which family it is: a new family
is one module with a `FAMILY` that has these members, and one line of registration.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, Protocol

from mjscore.play.deal import Deal, Payment, SchemeDeal
from mjscore.rules.families import PAYMENT_SCHEMES, family
from mjscore.rules.results import Score
from mjscore.rules.switches import SettlementRules

class SeatReader(NamedTuple):
    """A deal's seat under a key, as a seat (`reader(value, key)`; bad: a DealError), and how a message names the
    player in a seat (`who`): by name in a game's deal, whose file names its players, else as the deal gave it."""

    read: Callable[[Any, str], str]
    names: Mapping[str, str] = {}  # seat -> player, in a game's deal

    def __call__(self, value: Any, key: str) -> str:
        return self.read(value, key)

    def who(self, seat: str) -> str:
        return self.names.get(seat, seat)


class PaymentScheme(Protocol):
    """What settlement and the faces ask of a family's payments."""

    counters: bool  # counters and sticks on the table, carried from deal to deal (seating.Seating.counted)
    deal_keys: tuple[str, ...]  # the deal file's keys it adds (rules/families.py SCHEME_DEAL_KEYS)
    refused: str  # what those keys bring, for a deal of a table paid otherwise that gives one ("no honba ...")
    words: str  # the message key that says how it pays (`variants NAME`)

    def pay(self, deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules,
            scores: Mapping[str, Score] | None = None) -> list[Payment]:
        """Every payment of a deal given each seat's hand value; notes said on the way appended to `notes`;
        `scores`: each seat's scored hand, for a scheme that pays by more than its value (riichi's liability, by
        the winner's yakuman), None where only the values are given."""

    def false_win_fine(self, deal: Deal, rules: SettlementRules) -> int | None:
        """What a false mah jong's declarer pays each other player where the scheme works it out from the deal's
        options (hk: a self-drawn limit hand's share); None: the table's `false_mahjong:` fine."""

    def draw_keeps_deal(self, rules: SettlementRules, east_waiting: bool) -> bool:
        """Whether the scheme lets East keep the deal at a draw (`east_waiting`: East was waiting), where the
        shared `east_keeps_deal_on_draw` would."""

    def place_results(self, totals: list[int], rules: SettlementRules) -> list[float] | None:
        """Each place's game result, best first (`totals` in that order), where the scheme gives one beside the
        total (riichi's uma and oka); None: the total is the result."""

    def carry_start(self) -> dict[str, Any]:
        """Where `counters`: what it carries from deal to deal at a game's start (seating.Table.kept)."""

    def carried(self, kept: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
        """Where `counters`: a deal's data with what the deals before it carried (`kept`, which a deal that states
        its own counts sets)."""

    def carry_on(self, kept: dict[str, Any], winner_seat: str | None, dealer_won: bool, declared: list[Any]) -> None:
        """Where `counters`: `kept` moved on after a deal (`declared`: the players who put sticks down in it)."""

    def kept_snapshot(self, kept: dict[str, Any]) -> dict[str, Any]:
        """Where `counters`: what it carries as a table's snapshot keeps it (plain data, JSON-safe)."""

    def pot_kept(self, snapshot: dict[str, Any], rules: SettlementRules) -> int:
        """The table's pot, in points, where a record that starts mid-game starts it (its table's snapshot)."""

    def pot_left(self, pot: int, rules: SettlementRules) -> int:
        """What of the pot left at a game's end goes to the first place (standings), in points."""

    def winner_also(self, deal: Deal, seat: str, also: tuple[str, ...]) -> tuple[str, ...]:
        """A winner's circumstances with what the deal says of the winner beyond its win (`also`: the win's)."""

    def deal_fields(self, data: dict[str, Any], options: dict[str, Any], where: str, seat: SeatReader
                    ) -> SchemeDeal | None:
        """Its own deal keys (`data` holds some) as its block of the Deal (`Deal.scheme`), checked, each problem a
        DealError at `where`."""

    def deal_form(self, variant: Any) -> dict[str, Any] | None:
        """What the page's deal form adds for it, or None: `form` names the part of the page that offers it (`riichi`,
        `referee`: a script of static/), under which the variant's choices give the rest (/api/variants)."""


def scheme_named(name: str) -> PaymentScheme:
    """The registered scheme of this name (a table's checked `payments:`), its module imported once."""
    found = _LOADED.get(name)
    if found is None:
        found = _LOADED[name] = family(PAYMENT_SCHEMES[name])
    return found


_LOADED: dict[str, PaymentScheme] = {}  # (asked once a deal: settlement, seating)


def scheme_of(rules: SettlementRules) -> PaymentScheme:
    """The scheme that pays under these settlement rules (of one game: `at(options)` resolved)."""
    return scheme_named(rules.payments)
