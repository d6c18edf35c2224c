"""A deal checked before it is scored: its seats and names agree, its switches allow what it says, each hand
parses and no tile is held more often than the set has it. Settlement (settle.py) asks here first."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from operator import eq
from mjscore.errors import DealError, MjscoreError
from mjscore.messages import M, Said, joined, said, seat_said
from mjscore.hand import tiles as T
from mjscore.hand.notation import Hand, parse_hand
from mjscore.hand.situation import CLAIMED
from mjscore.play.deal import Deal
from mjscore.rules.switches import SettlementRules

NOTHING = Hand((), (), ())  # a non-winner's hand left empty in a deal: nothing of it scores


def parse_hands(deal: Deal) -> dict[str, Hand]:
    """Each seat's hand; a non-winner's left empty ("") holds nothing that scores (a quick entry lists only the
    sets that score), a partial hand of no tiles, worth 0."""
    hands = {}
    for seat, text in deal.hands.items():
        if seat != deal.winner and not text.strip():
            hands[seat] = NOTHING
            continue
        try:
            hands[seat] = parse_hand(text)
        except MjscoreError as e:
            raise DealError(hand_of(deal, seat) + ": " + e.said(), details=e.detail_lines()) from None
    held: list[int] = []
    for hand in hands.values():
        held += hand.concealed
        held += hand.bonus
        for m in hand.melds:
            held += m.tiles
    others = deal.scheme.other_wins(deal.win) if deal.scheme else {}
    for t in (parse_hand(str(deal.win.tile)).concealed[:1] if others and deal.win.tile else ()):
        held.remove(t) if t in held else None  # (a double ron: one tile won on by two, in both hands)
    held.sort()
    cut = bisect_left(held, T.FLOWER0)  # five alike span five places of the sorted tiles; two alike bonus tiles two
    if not any(map(eq, held, held[4:cut])) and not any(map(eq, held[cut:], held[cut + 1:])):
        return hands
    total = Counter(held)
    for t in sorted(total):
        n = total[t]
        most = 1 if T.is_bonus(t) else 4
        if n > most:
            holders = [seat_said(s) for s, h in hands.items() if t in h.all_tiles or t in h.bonus]  # (East ...)
            raise DealError(said(M.DEAL_TOO_MANY_COPIES, n=n, tile=T.name(t), most=most, holders=joined(holders, ", ")))
    return hands


def hand_of(deal: Deal, seat: str) -> Said:
    """How a message names a seat's hand: "hand of Ann (E)", or "hand of East (E)" without names (said in --lang)."""
    return said(M.DEAL_HAND_OF, who=deal.players.get(seat) or seat_said(seat), seat=seat)


def check_deal(deal: Deal, rules: SettlementRules) -> None:
    seats = list(deal.hands)
    allowed = rules.players
    if len(seats) not in allowed:
        raise DealError(f"{deal.variant.name} is played by {' or '.join(map(str, allowed))} players; "
                        f"this deal has {len(seats)} hand{'s' if len(seats) != 1 else ''}: give every seat's hand, "
                        f"an empty one (\"\") where a hand is not to be scored")
    if len(seats) < 4 and "E" not in seats:
        raise DealError(f"with {len(seats)} players East's seat is never the empty one: give East's hand")
    for what, seat in (("winner", deal.winner), ("false_mahjong", deal.false_mahjong),
                       ("pays_for_all", deal.pays_for_all), ("win.discarder", deal.win.discarder)):
        if seat is not None and seat not in seats:
            raise DealError(f"{what}: {seat!r} is not a seat in this deal (seats: {', '.join(seats)})")
    if deal.winner and deal.false_mahjong:
        raise DealError(said(M.DEAL_WINNER_AND_FALSE))
    if deal.pays_for_all:
        if not deal.winner:
            raise DealError("pays_for_all needs a winner")
        if deal.pays_for_all == deal.winner:
            raise DealError("pays_for_all: the winner does not pay")
        if not rules.pays_for_all:
            raise DealError(said(M.DEAL_NO_PAYS_FOR_ALL, variant=deal.variant.name))
    if rules.discarder_pays and deal.winner and deal.win.source in CLAIMED and deal.win.discarder is None:
        raise DealError(said(M.DEAL_NO_DISCARDER, variant=deal.variant.name))
    if not deal.faults:
        return
    for seat, fault in deal.faults.items():
        if seat not in seats:
            raise DealError(f"faults: {seat!r} is not a seat in this deal")
        if rules.fault(fault) is None:
            known = ", ".join(kind for kind, _ in rules.faults) or said(M.V_NONE)
            raise DealError(said(M.DEAL_NO_FAULT_RULE, variant=deal.variant.name, fault=repr(fault), known=known))
        if seat == deal.winner:
            raise DealError(f"faults: the winner's hand cannot be {fault}")
