"""Hong Kong mahjong's payments (`settlement: {payments: hk}`, registered in rules/families.py): a hand's faan
(its value, at most the table's maximum) read on the faan table, and paid by responsibility, as the rules text
"Hong Kong mahjong scoring rules" (Overview of scoring, its modifiers) has it:

- the faan table: F faan are worth 2^F (0 faan, a chicken hand, 1); with the house option `half_spicy` (半辣上)
  the table rises by half steps after 4 faan: 5 = 24, 6 = 32, 7 = 48, 8 = 64 ...;
- a discard win (or a robbed kong): the discarder pays double the table's amount and the others single
  (`responsibility: half`, 半銃), or the discarder pays all four shares (`responsibility: full`, 全銃);
- a self-drawn win: each of the three pays double;
- no dealer (East) pays or receives double; the non-winners settle nothing; a draw pays nothing;
- a false win (詐糊) pays each other player what a self-drawn limit hand would: double the maximum's amount.
"""

from __future__ import annotations

from typing import Any, Mapping

from mjscore.errors import DealError
from mjscore.hand.situation import CLAIMED
from mjscore.messages import M, said
from mjscore.play.classical import Classical
from mjscore.play.deal import Deal, Payment, cite_of
from mjscore.rules.results import Score
from mjscore.rules.switches import SettlementRules


def faan_table(faan: int, half_spicy: bool) -> int:
    """What F faan are worth on the faan table: 2^F; half-spicy (半辣上), from 5 faan each faan adds half the
    step: 2^(4 + (F-4)//2), and half as much again where F-4 is odd (5: 24, 6: 32, 7: 48)."""
    if not half_spicy or faan <= 4:
        table: int = 2 ** faan  # (an int's power of 2 is typed Any: a negative power would be a float)
        return table
    whole: int = 2 ** (4 + (faan - 4) // 2)
    return whole + whole // 2 if (faan - 4) % 2 else whole


def _half_spicy(options: dict[str, Any]) -> bool:
    return bool(options.get("half_spicy"))


class HongKong(Classical):
    """Hong Kong's scheme as settlement asks it (play/schemes.py PaymentScheme): its own payments and false win's
    fine; the rest the classical scheme's (no counters, no deal keys, East keeps the deal at a draw as the table's
    switch says, a game's result its total)."""

    words = M.W_PAYMENTS_HK

    def pay(self, deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules,
            scores: Mapping[str, Score] | None = None) -> list[Payment]:
        if deal.winner is None:
            notes.append(said(M.DRAW_NOTHING))
            return []
        winner, opts = deal.winner, deal.options
        faan = values[winner]
        unit = faan_table(faan, _half_spicy(opts))
        cite = cite_of(deal, "winner")
        others = [s for s in deal.hands if s != winner]
        if deal.win.source not in CLAIMED:  # self-drawn: each pays double
            reason = said(M.HK_SELF_DRAWN, unit=unit, faan=faan)
            return [Payment(s, winner, 2 * unit, reason, cite) for s in others]
        discarder = deal.win.discarder
        if discarder is None:  # (the discarder pays double: a discard win names who discarded)
            raise DealError(said(M.DEAL_NO_DISCARDER, variant=deal.variant.name))
        if opts.get("responsibility") == "full":  # 全銃: the discarder pays every share
            return [Payment(discarder, winner, 2 * unit + unit * (len(others) - 1),
                            said(M.HK_DISCARDER_ALL, unit=unit, faan=faan), cite)]
        return [Payment(s, winner, 2 * unit, said(M.HK_DISCARDER, unit=unit, faan=faan), cite) if s == discarder
                else Payment(s, winner, unit, said(M.HK_SINGLE, unit=unit, faan=faan), cite) for s in others]

    def false_win_fine(self, deal: Deal, rules: SettlementRules) -> int | None:
        """What a false win's declarer pays each other player: a self-drawn limit hand's share, double the faan
        table's amount for the maximum faan (the table's limit)."""
        return 2 * faan_table(int(deal.options.get("limit") or 0), _half_spicy(deal.options))


FAMILY = HongKong()
