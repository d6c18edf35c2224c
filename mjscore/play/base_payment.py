"""MCR's payments: every other player pays the winner a base besides the hand's value (`base_payment: 8`), and
on a claimed tile the discarder alone pays the value (`discarder_pays`). Settlement (settle.py) asks here."""

from __future__ import annotations

from typing import cast

from mjscore.hand.situation import CLAIMED
from mjscore.messages import M, said, seat_said
from mjscore.play.deal import Deal
from mjscore.rules.switches import SettlementRules


def with_base(deal: "Deal", rules: SettlementRules, seat: str, value: int, reason: str) -> tuple[int, str]:
    """MCR's payment (`base_payment`, `discarder_pays`): each other player pays the base; the hand's value is paid
    by the discarder alone on a claimed tile (the reason of the others' base names the discarder), by everyone
    on a self-drawn one."""
    pays_value = not rules.discarder_pays or deal.win.source not in CLAIMED or seat == deal.win.discarder
    if not pays_value:
        return rules.base_payment, said(M.PAID_BASE_ONLY, base=rules.base_payment,
                                        seat=seat_said(cast(str, deal.win.discarder)))  # (claimed: named)
    if not rules.base_payment:
        return value, reason
    return rules.base_payment + value, said(M.PAID_BASE, base=rules.base_payment, reason=reason)
