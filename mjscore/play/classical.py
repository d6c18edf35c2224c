"""The classical payment scheme (`settlement: {payments: standard}`, every table but riichi's): each other
player pays the winner the hand's value, East (or the banker) paying and receiving double; the others settle
their differences where the table says (`losers_settle`, `loser_cap`), a draw pays nothing or the differences,
caps on what one player collects; MCR's base from every player and the value from the discarder alone
(`base_payment`, `discarder_pays`: play/base_payment.py). Registered in rules/families.py.
"""

from __future__ import annotations

from typing import Any, Mapping

from mjscore.hand.situation import dealer_of
from mjscore.messages import M, said, seat_said
from mjscore.play.base_payment import with_base
from mjscore.play.deal import Deal, Payment, SchemeDeal, cite_of
from mjscore.play.reasons import difference_paid, winner_paid
from mjscore.rules.results import Score
from mjscore.rules.switches import Draw, LoserCap, SettlementRules


def doubling_seat(deal: Deal, rules: SettlementRules, dealer: str) -> str | None:
    """The seat that pays and receives double in this deal (East or the banker: `dealer`), or None."""
    no_double = len(deal.hands) == 2 and rules.two_players_no_double or not rules.east_double
    return None if no_double else dealer


def _differences(deal: Deal, doubler: str | None, values: dict[str, int], seats: list[str], cap: int | None,
                 rule: str = "differences") -> list[Payment]:
    """Each two seats of `seats` settle the difference of their hands' values (reasons: play/reasons.py)."""
    out, banker = [], bool(deal.options.get("banker"))
    for i, a in enumerate(seats):
        va = values[a]
        for b in seats[i + 1:]:
            vb = values[b]
            if va == vb:
                continue
            hi, lo, high, low = (a, b, va, vb) if va > vb else (b, a, vb, va)
            f = 2 if doubler == a or doubler == b else 1
            pay = abs(va - vb) * f
            capped = cap is not None and pay > cap * f
            if capped and cap is not None:  # (capped: there is a cap)
                pay = cap * f
            keys = (rule, "east_double", "loser_cap") if f == 2 and capped else (rule, "east_double") if f == 2 \
                else (rule, "loser_cap") if capped else (rule,)
            out.append(Payment(lo, hi, pay, difference_paid(high, low, doubler if f == 2 else None, banker,
                                                             cap if capped else None), cite_of(deal, *keys)))
    return out


def classical_payments(deal: Deal, values: dict[str, int], notes: list[str],
                       rules: SettlementRules) -> list[Payment]:
    """Every payment of a deal given each seat's hand value (the deal's winner, switches and options)."""
    seats, opts = list(deal.hands), deal.options
    cap = opts.get("limit") if rules.loser_cap is LoserCap.LIMIT else None
    dealer = dealer_of(opts)  # (once a deal: the options are the game's)
    doubler = doubling_seat(deal, rules, dealer)
    if deal.winner is None:
        if rules.draw is Draw.DIFFERENCES:
            notes.append(said(M.DRAW_DIFFERENCES))
            return _collection_cap(deal, rules, _differences(deal, doubler, values, seats, cap, "draw"), notes,
                                   dealer)
        notes.append(said(M.DRAW_NOTHING))
        return []
    w = deal.winner
    value, banker = values[w], bool(opts.get("banker"))
    owed = []
    words: dict[int, tuple[Any, ...]] = {}  # single or double -> (reason, cite): alike for every payer paying alike
    for seat in seats:
        if seat != w:
            f = 2 if doubler == seat or doubler == w else 1
            if f not in words:
                words[f] = (winner_paid(w, value, doubler if f == 2 else None, banker),
                            cite_of(deal, "winner", "east_double") if f == 2 else cite_of(deal, "winner"))
            reason, cite = words[f]
            amount = value * f
            if rules.base_payment or rules.discarder_pays:
                amount, reason = with_base(deal, rules, seat, amount, reason)
            owed.append(Payment(seat, w, amount, reason, cite))
    if deal.pays_for_all:
        total = sum(p.amount for p in owed)
        notes.append(said(M.PAYS_FOR_ALL, seat=seat_said(deal.pays_for_all)))
        return [Payment(deal.pays_for_all, w, total, said(M.PAID_FOR_ALL, total=total),
                        cite_of(deal, "pays_for_all"))]
    if rules.losers_settle:
        owed += _differences(deal, doubler, values, [s for s in seats if s != w], cap)
    return _collection_cap(deal, rules, owed, notes, dealer)


def _collection_cap(deal: Deal, rules: SettlementRules, payments: list[Payment], notes: list[str],
                    east: str) -> list[Payment]:
    """Cap what any one player collects in the deal, winner or not (basque clean mode: 2000, East 3000),
    cutting that player's payers alike (`east`: the dealer)."""
    if rules.collection_cap is None and rules.collection_cap_east is None:
        return payments  # (most tables: nothing to cap)
    opts = deal.options
    out = list(payments)
    for seat in deal.hands:
        spec = (rules.collection_cap_east if seat == east else None) or rules.collection_cap
        if spec is None:
            continue
        cap = spec.of(opts.get("limit"), opts)
        mine = [i for i, p in enumerate(out) if p.payee == seat]
        total = sum(out[i].amount for i in mine)
        if total <= cap:
            continue
        notes.append(said(M.COLLECTS_AT_MOST, seat=seat_said(seat), cap=cap, total=total))
        left = cap
        for k, i in enumerate(mine):
            p = out[i]
            share = left if k == len(mine) - 1 else p.amount * cap // total
            left -= share
            out[i] = p._replace(amount=share, reason=p.reason + said(M.PAID_CUT, share=share, cap=cap),
                                cite="; ".join(dict.fromkeys(c for part in (p.cite, cite_of(deal, "collection_cap"))
                                                             for c in part.split("; ") if c)))
    return out


class Classical:
    """The classical scheme as settlement asks it (play/schemes.py PaymentScheme): no counters, no deal keys."""

    counters = False
    deal_keys: tuple[str, ...] = ()
    refused = ""
    words = M.W_PAYMENTS_STANDARD

    def pay(self, deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules,
            scores: Mapping[str, Score] | None = None) -> list[Payment]:
        return classical_payments(deal, values, notes, rules)  # (the values alone)

    def false_win_fine(self, deal: Deal, rules: SettlementRules) -> int | None:
        return None  # (the table's `false_mahjong:` fine)

    def draw_keeps_deal(self, rules: SettlementRules, east_waiting: bool) -> bool:
        return True  # (whether East keeps the deal at a draw is the shared east_keeps_deal_on_draw's alone)

    def place_results(self, totals: list[int], rules: SettlementRules) -> list[float] | None:
        return None  # (a game's result is its total)

    def carry_start(self) -> dict[str, Any]:
        return {}  # (no counters: nothing is carried from deal to deal)

    def carried(self, kept: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
        return data

    def carry_on(self, kept: dict[str, Any], winner_seat: str | None, dealer_won: bool, declared: list[Any]) -> None:
        pass

    def kept_snapshot(self, kept: dict[str, Any]) -> dict[str, Any]:
        return {}

    def pot_kept(self, snapshot: dict[str, Any], rules: SettlementRules) -> int:
        return 0  # (no pot)

    def pot_left(self, pot: int, rules: SettlementRules) -> int:
        return 0

    def winner_also(self, deal: Deal, seat: str, also: tuple[str, ...]) -> tuple[str, ...]:
        return also

    def deal_fields(self, data: dict[str, Any], options: dict[str, Any], where: str, seat: Any) -> SchemeDeal | None:
        return None  # (it adds no deal key, so a deal never gives one of its own)

    def deal_form(self, variant: Any) -> dict[str, Any] | None:
        return None


FAMILY = Classical()
