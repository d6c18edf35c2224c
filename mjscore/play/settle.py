"""Settlement of one deal: every hand scored, every payment between players with its reason.

Pure: a Deal in, a Settlement out. The variant's `settlement:` switches say who pays
whom: the winner paid by all, the others settling their differences, East (or the
banker) paying and receiving double, caps, draws, a false mah jong, faulty hands.
"""

from __future__ import annotations

from typing import cast

from mjscore.errors import DealError, HandError, SituationError
from mjscore.hand.notation import Hand
from mjscore.hand.arrange import WIN_COUNT, analyse
from mjscore.hand.situation import dealer_of
from mjscore.messages import M, joined, said, seat_said
from mjscore.play.classical import doubling_seat
from mjscore.play.deal import POT, Deal, Payment, Settlement, cite_of, empty_seats
from mjscore.play.deal_checks import check_deal, hand_of, parse_hands
from mjscore.play.schemes import scheme_of
from mjscore.rules.kept import seated
from mjscore.rules.results import NoteKind, Score, kind_of, reason
from mjscore.rules.scoring import score_all
from mjscore.rules.situations import make_situation
from mjscore.rules.switches import FaultScoring, LoserCap, SettlementRules
from mjscore.rules.outcome import long_hand


# --- scoring the four hands ---------------------------------------------------------------------

def _score_loser(deal: Deal, seat: str, hand: Hand, rules: SettlementRules) -> Score:
    v, opts = deal.variant, deal.options
    sit = seated(v, seat, deal.round)
    fault = deal.faults.get(seat) if deal.faults else None
    how = (rules.fault(fault) or FaultScoring.NORMAL) if fault else FaultScoring.NORMAL
    analysed = analyse(hand, sit, v.shapes)
    n = analysed.tile_count
    if how is FaultScoring.ZERO or n > WIN_COUNT:  # (notes made of message keys: --lang says them again)
        return long_hand(analysed, v, opts, said(M.NOTE_FAULT_SCORES, fault=fault, value=v.long_hand) if fault
                         else said(M.NOTE_LONG_SCORES, value=v.long_hand))
    if n == WIN_COUNT:
        why = (M.NOTE_LONG_BUT_WON if deal.winner else M.NOTE_LONG_BUT_FALSE if deal.false_mahjong
               else M.NOTE_LONG_BUT_DRAW)
        return long_hand(analysed, v, opts, said(why, whole=WIN_COUNT))
    return score_all(analysed, v, opts, restricted=how is FaultScoring.RESTRICTED, fault=fault is not None)[0]


def score_deal(deal: Deal, hands: dict[str, Hand], rules: SettlementRules) -> dict[str, Score]:
    scores = {}
    v, opts, scheme = deal.variant, deal.options, scheme_of(rules)
    block = deal.scheme  # (the scheme's own keys: other winners on the tile, what a winner's situation adds)
    others, table = (block.other_wins(deal.win), block.situation_keys()) if block else ({}, {})
    for seat, hand in hands.items():
        try:
            w = deal.win if seat == deal.winner else others.get(seat)
            if w is not None:
                try:
                    also = scheme.winner_also(deal, seat, w.also)
                    sit = make_situation(v, seat, deal.round, w.tile, w.source, also, w.set, **table)
                except HandError as e:  # the winning tile as written: a situation, said by the caller
                    raise SituationError(e.parts) from None
                s = score_all(analyse(hand, sit, v.shapes), v, opts)[0]
                if not s.mahjong:
                    n = hand.tile_count
                    why = (said(M.DEAL_TILE_COUNT, n=n, most=WIN_COUNT) if n < WIN_COUNT else
                           joined([reason(n) for n in s.notes if kind_of(n) is not NoteKind.NON_WINNING], "; ")
                           or said(M.DEAL_NOT_WINNING))
                    raise DealError(said(M.DEAL_NOT_MAHJONG, who=deal.player(seat), seat=seat, why=why))
                scores[seat] = s
            else:
                scores[seat] = _score_loser(deal, seat, hand, rules)
        except HandError as e:  # a hand that parses but breaks the variant (a flower where none are played)
            raise DealError(hand_of(deal, seat) + ": " + e.said(), details=e.detail_lines()) from None
    return scores


# --- payments -----------------------------------------------------------------------------------

def _false_mahjong(deal: Deal, rules: SettlementRules) -> list[Payment]:
    opts, culprit, fine = deal.options, cast(str, deal.false_mahjong), rules.false_mahjong  # (settle's: one)
    own = scheme_of(rules).false_win_fine(deal, rules)  # (a fine the scheme works out: hk's limit hand's share)
    if own is not None:
        return [Payment(culprit, seat, own, said(M.PAID_FALSE_MAHJONG, whom=said(M.FALSE_TO_OTHERS)),
                        cite_of(deal, "false_mahjong")) for seat in deal.hands if seat != culprit]
    if fine is None:
        return []  # the rulebook gives no penalty: the deal is void (settle() says so in a note)
    limit = opts.get("limit")
    east = dealer_of(opts)
    out = []
    for seat in deal.hands:
        if seat == culprit:
            continue
        if culprit == east and fine.east_to_each is not None:
            pay, whom = fine.east_to_each.of(limit, opts), M.FALSE_EAST_EACH
        elif seat == east and fine.to_east is not None:
            pay, whom = fine.to_east.of(limit, opts), M.FALSE_TO_EAST
        else:
            pay, whom = fine.to_others.of(limit, opts), M.FALSE_TO_OTHERS
            if fine.east_double and doubling_seat(deal, rules, east) in (culprit, seat):
                pay, whom = pay * 2, M.FALSE_TO_OTHERS_DOUBLE
        if pay:
            out.append(Payment(culprit, seat, pay, said(M.PAID_FALSE_MAHJONG, whom=said(whom)),
                               cite_of(deal, "false_mahjong")))
    return out


def settle(deal: Deal) -> Settlement:
    """Score every hand of the deal and work out every payment; the net and the pot's change (where the scheme
    keeps a pot: riichi's sticks) sum to zero, but for a referee's penalty points (MCR's `penalties:`), which are
    deducted from (or added to) the player alone."""
    rules = deal.rules
    check_deal(deal, rules)
    hands = parse_hands(deal)
    v = deal.variant
    notes: list[str] = []
    seats = list(deal.hands)
    if deal.false_mahjong:
        saved = deal._replace(winner=None)
        scores = {s: _score_loser(saved, s, h, rules) for s, h in hands.items()}
        payments = _false_mahjong(deal, rules)
        who = deal.players.get(deal.false_mahjong) or seat_said(deal.false_mahjong)  # a name where the deal has one
        notes.append(said(M.FALSE_PENALTY, seat=who) if payments else said(M.FALSE_NO_PENALTY, seat=who, variant=v.name))
    else:
        scores = score_deal(deal, hands, rules)
        values = {seat: _paying_value(deal, rules, seat, sc, notes) for seat, sc in scores.items()}
        payments = payments_for(deal, values, notes, rules, scores)
    notes += fault_notes(deal, rules)
    empty = [seat_said(s) for s in empty_seats(seats)]
    if empty:
        joined = empty[0]
        for name in empty[1:]:
            joined += said(M.AND) + name
        notes.append(said(M.SEATS_EMPTY if len(empty) > 1 else M.SEAT_EMPTY, n=len(seats), seats=joined))
    net = {s: 0 for s in seats}
    pot = 0
    for p in payments:  # (the table's pot, where the scheme puts sticks on it, is a party of its own)
        if p.payer == POT:
            pot -= p.amount
        else:
            net[p.payer] -= p.amount
        if p.payee == POT:
            pot += p.amount
        else:
            net[p.payee] += p.amount
    for seat, points in deal.scheme.net_changes() if deal.scheme else ():  # (nobody's gain: MCR's referee's)
        net[seat] += points
    return Settlement(deal, scores, payments, net, notes, pot if scheme_of(rules).counters else None)


FAULT_RULES = {FaultScoring.RESTRICTED: M.FAULT_RESTRICTED, FaultScoring.ZERO: M.FAULT_ZERO,
               FaultScoring.NORMAL: M.FAULT_NORMAL}


def fault_notes(deal: Deal, rules: SettlementRules) -> list[str]:
    """One note per faulty hand of the deal (`faults:`), saying what the variant's rule did to it."""
    return [said(FAULT_RULES[rules.fault(fault) or FaultScoring.NORMAL], seat=seat_said(seat), fault=fault,
                 long_hand=deal.variant.long_hand) for seat, fault in (deal.faults or {}).items()]


def _paying_value(deal: Deal, rules: SettlementRules, seat: str, score: Score, notes: list[str]) -> int:
    """What a hand counts for in the payments: its value; but where the limit caps the payments between
    non-winners (`loser_cap: limit`), a non-winner's hand counts before the limit (basque rule 79 limits
    what passes between two non-winners, not the hands)."""
    if seat == deal.winner or rules.loser_cap is not LoserCap.LIMIT:
        return score.value
    whole = max(score.value, int(score.uncapped))
    if whole > score.value:
        notes.append(said(M.WORTH_BEFORE_LIMIT, seat=seat_said(seat), whole=whole))
    return whole


def payments_for(deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules | None = None,
                 scores: dict[str, Score] | None = None) -> list[Payment]:
    """Every payment of a deal given each seat's hand value (and its scored hand, where known), as the table's
    payment scheme makes them."""
    rules = rules or deal.rules
    return scheme_of(rules).pay(deal, values, notes, rules, scores)
