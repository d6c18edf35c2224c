"""Settlement of one deal: every hand scored, every payment between players with its reason.

Pure: a Deal in, a Settlement out. The variant's `settlement:` switches say who pays
whom: the winner paid by all, the others settling their differences, East (or the
banker) paying and receiving double, caps, draws, a false mah jong, faulty hands.
"""

from __future__ import annotations

from mjscore.errors import DealError, HandError, SituationError
from mjscore.hand.notation import Hand
from mjscore.hand.arrange import WIN_COUNT, analyse
from mjscore.hand.situation import dealer_of
from mjscore.messages import M, said, seat_said
from mjscore.play.base_payment import with_base
from mjscore.play.deal import Deal, Payment, Settlement, cite_of, empty_seats
from mjscore.play.deal_checks import check_deal, hand_of, parse_hands
from mjscore.play.reasons import difference_paid, winner_paid
from mjscore.rules.kept import seated
from mjscore.rules.results import NoteKind, Score, kind_of, reason
from mjscore.rules.scoring import score_all
from mjscore.rules.situations import make_situation
from mjscore.rules.switches import Draw, FaultScoring, LoserCap, Payments, SettlementRules
from mjscore.rules.value import long_hand


# --- scoring the four hands ---------------------------------------------------------------------

def _score_loser(deal: Deal, seat: str, hand: Hand, rules: SettlementRules) -> Score:
    v, opts = deal.variant, deal.options
    sit = seated(v, seat, deal.round)
    fault = deal.faults.get(seat) if deal.faults else None
    how = (rules.fault(fault) or FaultScoring.NORMAL) if fault else FaultScoring.NORMAL
    analysed = analyse(hand, sit, v.shapes)
    n = analysed.tile_count
    if how is FaultScoring.ZERO or n > WIN_COUNT:
        return long_hand(analysed, v, opts, f"{fault or 'long'} hand: scores {v.long_hand}")
    if n == WIN_COUNT:
        why = ("another player won" if deal.winner else "the deal ended in a false mah jong" if deal.false_mahjong
               else "the deal is a draw: no one declared mah jong")
        return long_hand(analysed, v, opts, f"long hand: {WIN_COUNT} tiles, but {why}")
    return score_all(analysed, v, opts, restricted=how is FaultScoring.RESTRICTED, fault=fault is not None)[0]


def score_deal(deal: Deal, hands: dict[str, Hand], rules: SettlementRules) -> dict[str, Score]:
    scores = {}
    v, opts = deal.variant, deal.options
    for seat, hand in hands.items():
        try:
            if seat in (deal.winner, deal.double_ron):
                w = deal.win if seat == deal.winner else deal.win._replace(also=deal.double_ron_also, set=None)
                try:
                    also = w.also if seat not in deal.riichi or {"riichi", "double-riichi"} & set(w.also) else (
                        *w.also, "riichi")  # a declaration in the deal's riichi: list is the winner's riichi
                    sit = make_situation(v, seat, deal.round, w.tile, w.source, also, w.set, deal.dora, deal.ura,
                                         deal.honba, deal.sticks)
                except HandError as e:  # the winning tile as written: a situation, said by the caller
                    raise SituationError(e.parts) from None
                s = score_all(analyse(hand, sit, v.shapes), v, opts)[0]
                if not s.mahjong:
                    n = hand.tile_count
                    why = (f"{n} tiles (a kong counts 3), a winning hand has {WIN_COUNT}" if n < WIN_COUNT else
                           "; ".join(reason(n) for n in s.notes if kind_of(n) is not NoteKind.NON_WINNING)
                           or "not a winning hand")
                    raise DealError(f"the winner, {deal.player(seat)} ({seat}), does not hold mah jong: {why}")
                scores[seat] = s
            else:
                scores[seat] = _score_loser(deal, seat, hand, rules)
        except HandError as e:  # a hand that parses but breaks the variant (a flower where none are played)
            raise DealError(f"{hand_of(deal, seat)}: {e}", details=e.detail_lines()) from None
    return scores


# --- payments -----------------------------------------------------------------------------------

def _doubler(deal: Deal, rules: SettlementRules, dealer: str) -> str | None:
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
            if capped:
                pay = cap * f
            keys = (rule, "east_double", "loser_cap") if f == 2 and capped else (rule, "east_double") if f == 2 \
                else (rule, "loser_cap") if capped else (rule,)
            out.append(Payment(lo, hi, pay, difference_paid(high, low, doubler if f == 2 else None, banker,
                                                             cap if capped else None), cite_of(deal, *keys)))
    return out


def _false_mahjong(deal: Deal, rules: SettlementRules) -> list[Payment]:
    opts, culprit, fine = deal.options, deal.false_mahjong, rules.false_mahjong
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
            if fine.east_double and _doubler(deal, rules, east) in (culprit, seat):
                pay, whom = pay * 2, M.FALSE_TO_OTHERS_DOUBLE
        if pay:
            out.append(Payment(culprit, seat, pay, said(M.PAID_FALSE_MAHJONG, whom=said(whom)),
                               cite_of(deal, "false_mahjong")))
    return out


def settle(deal: Deal) -> Settlement:
    """Score every hand of the deal and work out every payment; the net always sums to zero."""
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
        payments = payments_for(deal, values, notes, rules)
    notes += fault_notes(deal, rules)
    empty = [seat_said(s) for s in empty_seats(seats)]
    if empty:
        joined = empty[0]
        for name in empty[1:]:
            joined += said(M.AND) + name
        notes.append(said(M.SEATS_EMPTY if len(empty) > 1 else M.SEAT_EMPTY, n=len(seats), seats=joined))
    net = {s: 0 for s in seats}
    for p in payments:
        net[p.payer] -= p.amount
        net[p.payee] += p.amount
    return Settlement(deal, scores, payments, net, notes)


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


def payments_for(deal: Deal, values: dict[str, int], notes: list[str],
                 rules: SettlementRules | None = None) -> list[Payment]:
    """Every payment of a deal given each seat's hand value (the deal's winner, switches and options)."""
    rules = rules or deal.rules
    if rules.payments is Payments.RIICHI:  # the discarder, the dealer's double share, honba, sticks, tenpai
        from mjscore.play.riichi import riichi_payments

        return riichi_payments(deal, values, notes, rules)
    seats, opts = list(deal.hands), deal.options
    cap = opts.get("limit") if rules.loser_cap is LoserCap.LIMIT else None
    dealer = dealer_of(opts)  # (once a deal: the options are the game's)
    doubler = _doubler(deal, rules, dealer)
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
    words: dict[int, tuple] = {}  # single or double -> (reason, cite): alike for every payer paying alike
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
