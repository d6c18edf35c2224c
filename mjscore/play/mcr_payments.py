"""MCR's payment scheme (`settlement: {payments: mcr}`): the classical payments with MCR's base and discarder
(play/base_payment.py), and what a referee enters per deal at a competition table, as the
ChineseOfficialMahjongHelper's competition records keep it: a false win (错和), penalty points and a time-out.

- `false_wins: [NAME, ...]`: each paid as the table's `false_mahjong` fine (MCR: 10 to each other player, -30 in
  all); play went on, so the deal's own result (`winner:` or a draw) is settled too (Mahjong Competition Rules,
  ch. 3 §11 Fouls and Penalties, false mahjong: the offender may not win the deal).
- `penalties: {NAME: N}`: a referee's penalty points, added to the player's deal (-10: ten deducted); they are
  nobody's gain, so such a deal's net does not sum to zero (the Helper's `penalty_scores`).
- `timeout: true`: the session's time ran out during the deal: it has no result and nothing is paid for it
  but its false wins and penalties (the Helper's `timeout`).
Registered in rules/families.py.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple

from mjscore.errors import DealError, shown
from mjscore.messages import M, said, seat_said
from mjscore.play.classical import Classical, classical_payments
from mjscore.play.deal import Deal, Payment, Win, cite_of
from mjscore.play.schemes import SeatReader
from mjscore.rules.families import SCHEME_DEAL_KEYS
from mjscore.rules.results import Score
from mjscore.rules.switches import SettlementRules

MAX_PENALTY = 10_000  # assumed: no referee deducts more in a deal; a larger number is a typing slip


class RefereeDeal(NamedTuple):
    """What a referee entered in a deal (`deal_fields`), the Deal's scheme block (play/deal.py SchemeDeal)."""

    false_wins: tuple[str, ...] = ()  # seats that declared a false win, play going on (each pays its fine)
    penalties: tuple[tuple[str, int], ...] = ()  # penalty points by seat (-10: ten deducted)
    timeout: bool = False  # the session's time ran out during the deal: no result

    def other_wins(self, win: Win) -> dict[str, Win]:
        return {}

    def situation_keys(self) -> dict[str, Any]:
        return {}

    def net_changes(self) -> tuple[tuple[str, int], ...]:
        """The penalty points, deducted from (or added to) the player alone."""
        return self.penalties

    def to_dict(self, name: Callable[[str], str]) -> dict[str, Any]:
        """What the referee entered, where it did (players by `name`)."""
        return {**({"false_wins": [name(s) for s in self.false_wins]} if self.false_wins else {}),
                **({"penalties": {name(s): n for s, n in self.penalties}} if self.penalties else {}),
                **({"timeout": True} if self.timeout else {})}


NO_ENTRIES = RefereeDeal()  # a deal the referee entered nothing in


def mcr_payments(deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules) -> list[Payment]:
    """The deal's payments (none for a time-out), then each false win's fine from its offender to each other."""
    entered = deal.scheme if isinstance(deal.scheme, RefereeDeal) else NO_ENTRIES
    if entered.timeout:
        notes.append(said(M.TIMEOUT_NOTE))
        out = []
    else:
        out = classical_payments(deal, values, notes, rules)
    fine = rules.false_mahjong
    for culprit in entered.false_wins:
        pay = fine.to_others.of(deal.options.get("limit"), deal.options) if fine is not None else 0
        notes.append(said(M.FALSE_WIN_NOTE, seat=seat_said(culprit), amount=pay))
        out += [Payment(culprit, seat, pay, said(M.PAID_FALSE_WIN), cite_of(deal, "false_mahjong"))
                for seat in deal.hands if seat != culprit and pay]
    for seat, points in entered.penalties:
        notes.append(said(M.PENALTY_NOTE, seat=seat_said(seat), points=f"{points:+d}"))
    return out


def deal_fields(data: dict[str, Any], where: str, seat: SeatReader) -> RefereeDeal:
    """`false_wins`, `penalties` and `timeout` of a deal, checked: each refusal a DealError whose message is a Said,
    which a face says again in its --lang (MjscoreError.said)."""
    out: dict[str, Any] = {}
    wins = data.get("false_wins")
    if wins is not None and (not isinstance(wins, list) or len(wins) > 4):
        raise DealError(where + said(M.MCR_FALSE_WINS_LIST, value=shown(wins)))
    out["false_wins"] = tuple(dict.fromkeys(seat(n, "false_wins") for n in wins or ()))
    if data.get("winner") is not None and seat(data["winner"], "winner") in out["false_wins"]:
        raise DealError(where + said(M.MCR_FALSE_WIN_WINNER))
    given = data.get("penalties")
    if given is not None and not isinstance(given, dict):
        raise DealError(where + said(M.MCR_PENALTIES_MAP, value=shown(given)))
    penalties: dict[str, int] = {}
    for key, points in (given or {}).items():
        at = seat(key, "penalties")
        if isinstance(points, bool) or not isinstance(points, int) or not 0 < abs(points) <= MAX_PENALTY:
            raise DealError(where + said(M.MCR_PENALTY_POINTS, who=seat.who(at), most=MAX_PENALTY,  # (a game's:
                                         value=shown(points)))  # its player)
        penalties[at] = points
    out["penalties"] = tuple(penalties.items())
    timeout = data.get("timeout", False)
    if not isinstance(timeout, bool):
        raise DealError(where + said(M.MCR_TIMEOUT_FLAG, value=shown(timeout)))
    if timeout and data.get("winner") is not None:
        raise DealError(where + said(M.MCR_TIMEOUT_WINNER))
    out["timeout"] = timeout
    return RefereeDeal(**out)


class McrPayments(Classical):
    """MCR's scheme as settlement asks it (play/schemes.py PaymentScheme): the classical one, with its deal keys."""

    deal_keys = SCHEME_DEAL_KEYS["mcr"]
    refused = "no false wins, penalties or time-outs entered per deal"
    words = M.W_PAYMENTS_MCR

    def pay(self, deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules,
            scores: Mapping[str, Score] | None = None) -> list[Payment]:
        return mcr_payments(deal, values, notes, rules)  # (the values alone)

    def deal_fields(self, data: dict[str, Any], options: dict[str, Any], where: str, seat: SeatReader) -> RefereeDeal:
        return deal_fields(data, where, seat)

    def deal_form(self, variant: Any) -> dict[str, Any] | None:
        """The page's referee part of a deal (static/referee.js): false wins, penalty points up to `most`, a time-out."""
        return {"form": "referee", "most": MAX_PENALTY}


FAMILY = McrPayments()
