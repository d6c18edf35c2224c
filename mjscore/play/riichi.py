"""Payments of a deal as the Japanese (riichi) rules make them (a table's `settlement: {payments: riichi}`).

A hand's value is its base points (rules/riichi.py). A win on a discard is paid by the discarder alone,
4 times the base (6 times to the dealer); a self-drawn win by everyone, each non-dealer the base, the dealer
twice (a dealer's self-drawn win: twice the base from each); every payment rounded up to 100. Honba (the
table's `honba`, per counter from each payer: a discarder pays for all) go to the winner; at an exhaustive
draw the players not waiting pay those waiting `tenpai_payment` in all. A riichi stick (`riichi_stick`) is
put down on the table's pot by its declarer in the deal it is declared (a payment to the pot, deal.POT),
and the winner takes every stick on the table from the pot: those of earlier deals (`sticks:`) and this
deal's, so each deal's changes and the pot's sum to zero and the running totals are the table's.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, NamedTuple, cast

from mjscore.errors import DealError, shown, too_long
from mjscore.hand.situation import SEATS, dealer_of
from mjscore.messages import M, joined, said, seat_said
from mjscore.names import nfc
from mjscore.play.deal import POT, Deal, Payment, Win, cite_of
from mjscore.play.dealfile import parse_win
from mjscore.play.schemes import SeatReader
from mjscore.rules.families import SCHEME_DEAL_KEYS
from mjscore.rules.han_fu import up
from mjscore.rules.results import Score
from mjscore.rules.switches import ByOption, Draw, SettlementRules


class RiichiDeal(NamedTuple):
    """A riichi deal's own keys (`deal_fields`), the Deal's scheme block (play/deal.py SchemeDeal), read by name
    (a NamedTuple: `dataclasses` would cost a riichi game's start some 10 ms of imports)."""

    riichi: tuple[str, ...] = ()  # the seats that declared riichi in this deal (each puts a stick down)
    honba: int = 0  # counters on the table
    sticks: int = 0  # sticks left on the table by earlier deals (the winner takes them)
    tenpai: tuple[str, ...] = ()  # the seats waiting at a draw
    dora: str | None = None  # the dora indicators, in the notation
    ura: str | None = None  # the ura dora indicators
    abort: str | None = None  # an abortive draw (four-winds ...): nothing paid, the dealer deals again
    double_ron: str | None = None  # a second winner on the same discard (paid by the discarder too)
    double_ron_also: tuple[str, ...] = ()  # its own circumstances (ippatsu, double-riichi ...)
    nagashi: tuple[str, ...] = ()  # the seats paid nagashi mangan at an exhaustive draw
    sticks_by: tuple[str, ...] = ()  # who put down the sticks left on the table (they pay the winner)
    pao: str | None = None  # the player liable for the winner's yakuman (責任払い: _liable)

    def other_wins(self, win: Win) -> dict[str, Win]:
        """A double ron's second winner, on the winner's tile with its own circumstances."""
        return {self.double_ron: win._replace(also=self.double_ron_also, set=None)} if self.double_ron else {}

    def situation_keys(self) -> dict[str, Any]:
        """The indicators and the counters on the table, which a winner's hand is scored with."""
        return {"dora": self.dora, "ura": self.ura, "honba": self.honba, "sticks": self.sticks}

    def net_changes(self) -> tuple[tuple[str, int], ...]:
        return ()  # (every stick is a payment to or from the table's pot)

    def to_dict(self, name: Callable[[str], str]) -> dict[str, Any]:
        return {}  # (a settled deal's JSON says none of its keys: its payments and notes do)


NO_KEYS = RiichiDeal()  # a riichi deal that gives none of its keys


def riichi_of(deal: Deal) -> RiichiDeal:
    """The riichi keys of a deal paid as riichi is (none given: every default)."""
    block = deal.scheme
    return block if isinstance(block, RiichiDeal) else NO_KEYS


def riichi_payments(deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules,
                    scores: Mapping[str, Score] | None = None) -> list[Payment]:
    """Every payment of a riichi deal, given each seat's hand value (the winner's: its base points) and, where
    known, its scored hand (the yakuman a liable player pays for)."""
    w = deal.winner
    if w is None:
        return _draw(deal, notes, rules)
    base, name = values[w], seat_said(w)
    honba = rules.scheme_switches.honba * riichi_of(deal).honba
    liable = _liable(deal, base, rules, scores[w] if scores else None)
    out = _pao(deal, liable, honba) if liable else []
    if base > liable:  # (a hand of several yakuman: what the liable player does not pay is paid as ever)
        out += _paid(deal, base - liable, 0 if liable else honba, rules)
    second = riichi_of(deal).double_ron
    if second:
        out.append(_second(deal, values))
        notes.append(said(M.RI_DOUBLE_RON, seat=seat_said(second), winner=name))
    out += _sticks(deal, rules)
    on_table = riichi_of(deal).sticks + len(riichi_of(deal).riichi)
    if on_table and rules.scheme_switches.riichi_stick:
        out.append(Payment(POT, w, on_table * rules.scheme_switches.riichi_stick,
                           said(M.RI_TAKES_POT, seat=name, n=on_table), cite_of(deal, "riichi_stick")))
        if w in riichi_of(deal).sticks_by:
            notes.append(said(M.RI_OWN_STICK, seat=name))
    return out


def _sticks(deal: Deal, rules: SettlementRules) -> list[Payment]:
    """Each riichi declared in the deal: a stick put down on the table's pot, off the declarer's score at once
    (EMA RCR 2016 and Tenhou rules: a 1,000-point stick is put down at the declaration), whoever wins."""
    stick = rules.scheme_switches.riichi_stick
    return [Payment(s, POT, stick, said(M.RI_STICK, seat=seat_said(s)), cite_of(deal, "riichi_stick"))
            for s in riichi_of(deal).riichi] if stick else []


def _paid(deal: Deal, base: int, honba: int, rules: SettlementRules) -> list[Payment]:
    """The winner's hand paid by the discarder, or by everyone on a self-drawn tile, with the honba."""
    w = cast(str, deal.winner)  # (paid: a winner)
    seats, name, dealer = list(deal.hands), seat_said(w), dealer_of(deal.options)
    out = []
    if deal.win.source in ("wall", "loose"):
        for s in seats:
            if s == w:
                continue
            twice = dealer in (s, w)
            amount = up(base * 2) if twice else up(base)
            why = (said(M.RI_SELF_DRAWN, seat=name, base=base) + (said(M.RI_DEALERS_SHARE) if s == dealer
                   else said(M.RI_X2_DEALER_WON) if twice else "") + said(M.RI_ROUNDED))
            out.append(Payment(s, w, amount, why, cite_of(deal, "winner")))
            if honba:
                out.append(Payment(s, w, honba, said(M.RI_HONBA, honba=riichi_of(deal).honba, each=rules.scheme_switches.honba),
                                   cite_of(deal, "honba")))
        return out
    d = deal.win.discarder
    if d is None:
        raise DealError("win.discarder: a riichi win on a discard is paid by the discarder: name who discarded "
                        "the winning tile (win: {discarder: S})")
    times = 6 if w == dealer else 4
    out.append(Payment(d, w, up(base * times), said(M.RI_ON_DISCARD, seat=name, discarder=seat_said(d), base=base,
                                                    times=times)
                       + (said(M.RI_DEALER_WON) if times == 6 else "") + said(M.RI_ROUNDED), cite_of(deal, "winner")))
    if honba:
        payers = len(seats) - 1
        out.append(Payment(d, w, honba * payers, said(M.RI_HONBA_ALL, honba=riichi_of(deal).honba, each=rules.scheme_switches.honba,
                                                      payers=payers), cite_of(deal, "honba")))
    return out


def _liable(deal: Deal, base: int, rules: SettlementRules, won: Score | None) -> int:
    """The base points the deal's `pao:` player is liable for: one yakuman (4 limits) of the winner's hand, where
    the table plays liability (`pao`) and the hand holds a yakuman the table's `pao_yakuman` names (Tenhou rules,
    包: daisangen and dai suushii; the house option pao_suukantsu adds suu kantsu); 0 where none. `won`: the
    winner's scored hand (None: settled from values alone, its yakuman not known, as before)."""
    if riichi_of(deal).pao is None or deal.options.get("pao") is False:
        return 0
    yakuman = 4 * cast(int, deal.options.get("limit") or deal.variant.limit)  # (riichi's tables have a limit)
    if base < yakuman:
        raise DealError(f"pao: a player is liable (pao) for a yakuman only, and {seat_said(cast(str, deal.winner))}'s hand is "
                        f"worth base points {base}: leave out pao")
    kinds = rules.scheme_switches.pao_yakuman
    if won is not None and kinds and {item.rule for item in won.items}.isdisjoint(kinds):
        raise DealError(f"pao: under these rules a player is liable (pao) only for {', '.join(kinds)}, and "
                        f"{seat_said(cast(str, deal.winner))}'s hand holds none of them: leave out pao, or choose a house "
                        f"option that plays liability for its yakuman (mjscore variants {deal.variant.name} lists the options)")
    return yakuman


def _pao(deal: Deal, liable: int, honba: int) -> list[Payment]:
    """The liable player's payments, as Tenhou pays them: on a self-drawn win the whole yakuman (as a discard
    pays it) and every honba; on another player's discard, half of it from each of the two and every honba from
    the liable player (Tenhou's record of a daisangen ron with paoWho: 32000 + 300 from the liable player
    16300, the discarder 16000)."""
    w, p, d = cast(str, deal.winner), cast(str, riichi_of(deal).pao), cast(str, deal.win.discarder)  # (liable: set)
    times = 6 if w == dealer_of(deal.options) else 4
    name, full = seat_said(w), up(liable * times)
    payers = len(deal.hands) - 1
    out = []
    if deal.win.source in ("wall", "loose") or d == p:
        out.append(Payment(p, w, full, said(M.RI_PAO_ALL, seat=seat_said(p), winner=name, base=liable, times=times),
                           cite_of(deal, "winner")))
    else:
        half = up(full // 2)
        why = said(M.RI_PAO_HALF, seat=seat_said(p), winner=name, discarder=seat_said(d), base=liable, times=times)
        out += [Payment(p, w, half, why, cite_of(deal, "winner")), Payment(d, w, full - half, why,
                                                                           cite_of(deal, "winner"))]
    if honba:
        out.append(Payment(p, w, honba * payers, said(M.RI_PAO_HONBA, honba=riichi_of(deal).honba,
                                                      each=deal.rules.scheme_switches.honba, payers=payers),
                           cite_of(deal, "honba")))
    return out


def _second(deal: Deal, values: dict[str, int]) -> Payment:
    """A double ron's second winner: paid its hand by the discarder as any win on a discard, without honba or
    sticks, which go to the winner nearest the discarder in turn order alone (Tenhou rules: 頭ハネ for them)."""
    w, s, d = cast(str, deal.winner), cast(str, riichi_of(deal).double_ron), cast(str, deal.win.discarder)  # (set)
    if not deal.rules.scheme_switches.double_ron:
        raise DealError(f"double_ron: under these rules ({_ruleset(deal)}) only the winner nearest the discarder wins "
                        "(head bump): leave out double_ron (docs/tables.md double_ron)")
    if deal.win.source not in ("discard", "kong") or s in (w, d):
        raise DealError("double_ron: a second winner on the same discard: another player than the winner and the "
                        "discarder, and the winner's tile a discard (win.from: discard, or kong)")
    if (SEATS.index(s) - SEATS.index(d)) % 4 < (SEATS.index(w) - SEATS.index(d)) % 4:
        raise DealError(f"double_ron: the winner nearest the discarder in turn order takes honba and sticks: write "
                        f"winner: {s} and double_ron's winner {w} (seats as the deal names them)")
    times = 6 if s == dealer_of(deal.options) else 4
    return Payment(d, s, up(values[s] * times), said(M.RI_DOUBLE_RON_PAID, seat=seat_said(s), discarder=seat_said(d),
                                                     base=values[s], times=times) + said(M.RI_ROUNDED),
                   cite_of(deal, "winner"))


def _draw(deal: Deal, notes: list[str], rules: SettlementRules) -> list[Payment]:
    """An exhaustive draw: the players not waiting pay those waiting (3000 in all: 1000 each from three to one,
    1500 from each of two, 1000 to each of three); declared sticks stay on the table."""
    seats = list(deal.hands)
    waiting = [s for s in seats if s in riichi_of(deal).tenpai]
    out = _sticks(deal, rules)
    if riichi_of(deal).riichi:
        notes.append(said(M.RI_DRAW_STICKS if len(riichi_of(deal).riichi) > 1 else M.RI_DRAW_STICK,
                          seats=joined([seat_said(s) for s in riichi_of(deal).riichi], ", ")))
    if riichi_of(deal).abort:
        notes.append(said(M.RI_ABORT, abort=riichi_of(deal).abort))
        return out
    if riichi_of(deal).nagashi:
        if not rules.scheme_switches.nagashi_mangan:
            raise DealError(f"nagashi: these rules ({_ruleset(deal)}) do not pay nagashi mangan: leave out nagashi "
                            "(docs/tables.md nagashi_mangan)")
        return out + _nagashi(deal, notes, cast(int, deal.options.get("limit") or deal.variant.limit))
    if rules.draw is not Draw.TENPAI:
        return out
    others = [s for s in seats if s not in waiting]
    if not waiting or not others:
        notes.append(said(M.RI_NOBODY_WAITING if not waiting else M.RI_EVERYBODY_WAITING))
        return out
    each = rules.scheme_switches.tenpai_payment // (len(waiting) * len(others))
    for s in others:
        for t in waiting:
            out.append(Payment(s, t, each, said(M.RI_TENPAI, seat=seat_said(s), to=seat_said(t),
                                                total=rules.scheme_switches.tenpai_payment), cite_of(deal, "draw")))
    return out


def _nagashi(deal: Deal, notes: list[str], base: int) -> list[Payment]:
    """Nagashi mangan: each player who discarded only terminals and honours, none called, is paid a mangan as if
    self-drawn (Tenhou rules: 流し満貫, no honba; no tenpai payments then)."""
    dealer, out = dealer_of(deal.options), []
    for n in riichi_of(deal).nagashi:
        for s in deal.hands:
            if s != n:
                twice = dealer in (s, n)
                out.append(Payment(s, n, base * (2 if twice else 1), said(M.RI_NAGASHI_PAID, seat=seat_said(n), base=base)
                                   + (" x 2" if twice else ""), cite_of(deal, "winner")))
    notes.append(said(M.RI_NAGASHI))
    return out


def _five_down(hundreds: int) -> int:
    """A count of hundreds in whole thousands, 500 down and 600 up (五捨六入, Tenhou rules), alike on either side
    of zero: 2500 -> 2, 2600 -> 3, -5500 -> -5, -1600 -> -2."""
    thousands, rest = divmod(abs(hundreds), 10)
    return (thousands + (rest >= 6)) * (-1 if hundreds < 0 else 1)


def _ruleset(deal: Deal) -> str:
    """How a message names the rules a deal is played under: "ruleset=ema", or the variant."""
    return f"ruleset={deal.options['ruleset']}" if deal.options.get("ruleset") else deal.variant.name


# --- a riichi deal's own keys, and the scheme as settlement asks it ----------------------------------------------

ABORTS = ("nine-terminals", "four-winds", "four-kongs", "four-riichi", "triple-ron")  # the abortive draws


def deal_fields(data: dict[str, Any], options: dict[str, Any], where: str, seat: SeatReader) -> RiichiDeal:
    """A riichi deal's keys: `riichi: [seats]` (declared in this deal), `honba: N`, `sticks: N` (left on the
    table), `sticks_by: [seats]` (who put them down, once a stick), `tenpai: [seats]` (waiting at a draw),
    `nagashi: [seats]` (nagashi mangan at a draw), `dora:` and `ura:` (indicators, in the notation), `abort:`,
    `double_ron: {winner: SEAT, also: [...]}` (the second winner on the winner's discard), `pao: SEAT` (the player
    liable for the winner's yakuman)."""
    out: dict[str, Any] = {}
    for key in ("riichi", "tenpai", "nagashi", "sticks_by"):
        seats = data.get(key) or []
        if isinstance(seats, str):
            seats = [seats]
        if not isinstance(seats, list) or len(seats) > 1000:
            raise DealError(f"{where}{key}: expected a list of seats, e.g. [E, W]")
        found = [seat(s, key) for s in seats]
        out[key] = tuple(found if key == "sticks_by" else dict.fromkeys(found))  # (a player leaves several sticks)
    for key in ("honba", "sticks"):
        n = data.get(key) or 0
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 1000:
            raise DealError(f"{where}{key}: expected a count of 0 to 1000, not {shown(n)}")
        out[key] = n
    for key in ("dora", "ura"):
        text = data.get(key)
        if text is not None and (not isinstance(text, str) or too_long(text, 200)):
            raise DealError(f"{where}{key}: expected indicator tiles in the notation, e.g. \"3m E\", not {shown(text)}")
        out[key] = text
    abort = data.get("abort")
    if abort is not None and abort not in ABORTS:
        raise DealError(f"{where}abort: one of {', '.join(ABORTS)}, not {shown(abort)}")
    if abort is not None and (data.get("winner") is not None or data.get("tenpai")):
        raise DealError(f"{where}abort: an abortive draw has no winner and no tenpai payments")
    if abort is not None and options.get("abortive_draws") is False:
        who = ("ema plays no abortive draws (EMA RCR 2016, 3.4: a hand ends by exhaustive draw or a win)"
               if options.get("ruleset") == "ema" else "abortive_draws=false: these rules play no abortive draws")
        raise DealError(f"{where}abort: {abort}: {who}; record it as a draw (tenpai: [...]) or use --option "
                        "abortive_draws=true")
    out["abort"] = abort
    if out["sticks_by"] and len(out["sticks_by"]) != out["sticks"]:
        raise DealError(f"{where}sticks_by: one seat for each of the {out['sticks']} sticks: on the table, not "
                        f"{len(out['sticks_by'])}")
    if data.get("pao") is not None:
        out["pao"] = seat(data["pao"], "pao")
        if data.get("winner") is None or out["pao"] == seat(data.get("winner"), "winner"):
            raise DealError(f"{where}pao: the player liable for the winner's yakuman (Tenhou rules: 包, who let "
                            "the last dragon or wind be called), another player than the winner")
    second = data.get("double_ron")
    if second is not None:
        if not isinstance(second, dict) or not set(second) <= {"winner", "also"}:
            raise DealError(f"{where}double_ron: the second winner on the same discard, e.g. double_ron: {{winner: W, "
                            f"also: [ippatsu]}}, not {shown(second)}")
        out["double_ron"] = seat(second.get("winner"), "double_ron.winner")
        out["double_ron_also"] = parse_win({"also": second.get("also")}, f"{where}double_ron.").also
    return RiichiDeal(**out)


class Riichi:
    """The riichi payment scheme (play/schemes.py PaymentScheme): honba and sticks carried from deal to deal,
    the deal keys of docs/cli.md's riichi deal."""

    counters = True
    deal_keys = SCHEME_DEAL_KEYS["riichi"]
    refused = "no honba, sticks, tenpai or dora"
    words = M.W_PAYMENTS_RIICHI

    def pay(self, deal: Deal, values: dict[str, int], notes: list[str], rules: SettlementRules,
            scores: Mapping[str, Score] | None = None) -> list[Payment]:
        return riichi_payments(deal, values, notes, rules, scores)

    def false_win_fine(self, deal: Deal, rules: SettlementRules) -> int | None:
        return None  # (the table's `false_mahjong:` fine)

    def draw_keeps_deal(self, rules: SettlementRules, east_waiting: bool) -> bool:
        """At a draw East keeps the deal only if waiting, where the table says so."""
        return east_waiting or not rules.scheme_switches.east_keeps_deal_on_draw_if_waiting

    def place_results(self, totals: list[int], rules: SettlementRules) -> list[float] | None:
        """Each place's game result, best first (`totals` in that order), where the table has `uma`: (total -
        return_points) / 1000, the first place's oka (return_points - start_points, for every player) and the
        place's uma (`round_results`, Tenhou: each but the first's to a whole thousand, 500 down, the first's
        what the others leave)."""
        sw = rules.scheme_switches
        if sw is None or not sw.uma or len(sw.uma) != len(totals):
            return None
        out = []
        for i, total in enumerate(totals):
            oka = (sw.return_points - rules.start_points) * len(totals) if i == 0 else 0
            out.append(round((total - sw.return_points + oka) / 1000 + sw.uma[i], 1))  # (points are 100s)
            if sw.round_results and i:
                out[-1] = float(_five_down((total - sw.return_points) // 100) + sw.uma[i])
        if sw.round_results:
            out[0] = -round(sum(out[1:]), 1)  # the first: what the others' results leave
        return out

    def carry_start(self) -> dict[str, Any]:
        """What the table carries at a game's start: no honba, no sticks, nobody's sticks (`sticks_by`)."""
        return {"honba": 0, "sticks": 0, "sticks_by": []}

    def carried(self, kept: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
        """A deal's data with the honba and riichi sticks the deals before it left on the table, and who put those
        sticks down (`sticks_by`: a winner's own come back, a note says), where it does not state them itself (a
        deal that does sets them in `kept`: a record's own counts go on from there; who put stated sticks down is
        known only where it says, `sticks_by:`)."""
        for key in ("honba", "sticks"):
            if isinstance(data.get(key), int) and not isinstance(data.get(key), bool):
                kept[key] = data[key]
                if key == "sticks":
                    by = data.get("sticks_by")
                    known = isinstance(by, list) and len(by) == kept["sticks"] or not kept["sticks"]
                    kept["sticks_by"] = (list(by) if isinstance(by, list) else []) if known else None
        out = {**data, "honba": kept["honba"], "sticks": kept["sticks"]}
        if kept["sticks_by"] and "sticks_by" not in data:
            out["sticks_by"] = list(kept["sticks_by"])
        return out

    def carry_on(self, kept: dict[str, Any], winner_seat: str | None, dealer_won: bool, declared: list[Any]) -> None:
        """After a deal: a draw or the dealer's win adds a counter, another's win clears them; a win takes the
        sticks, a draw leaves those declared in it (`declared`: their players) on the table."""
        kept["honba"] = kept["honba"] + 1 if winner_seat is None or dealer_won else 0
        declared = [n for n in declared if isinstance(n, str)]
        kept["sticks"] = kept["sticks"] + len(declared) if winner_seat is None else 0
        if winner_seat is not None:
            kept["sticks_by"] = []
        elif kept["sticks_by"] is not None:
            kept["sticks_by"] = kept["sticks_by"] + [nfc(n) for n in declared]

    def kept_snapshot(self, kept: dict[str, Any]) -> dict[str, Any]:
        """What it carries as a table's snapshot keeps it: honba and sticks, and who put them down where known."""
        return {"honba": kept["honba"], "sticks": kept["sticks"],
                **({"sticks_by": kept["sticks_by"]} if kept["sticks_by"] != [] else {})}

    def pot_kept(self, snapshot: dict[str, Any], rules: SettlementRules) -> int:
        """The sticks on the table where the record starts, in points."""
        sticks: int = snapshot.get("sticks", 0)
        stick: int = rules.scheme_switches.riichi_stick
        return sticks * stick

    def pot_left(self, pot: int, rules: SettlementRules) -> int:
        """The sticks left at the end, to the first place where the table says so (`last_sticks_to_first`)."""
        return pot if rules.scheme_switches.last_sticks_to_first else 0

    def winner_also(self, deal: Deal, seat: str, also: tuple[str, ...]) -> tuple[str, ...]:
        """A declaration in the deal's `riichi:` list is the winner's riichi."""
        return also if seat not in riichi_of(deal).riichi or {"riichi", "double-riichi"} & set(also) else (*also, "riichi")

    def deal_fields(self, data: dict[str, Any], options: dict[str, Any], where: str, seat: SeatReader) -> RiichiDeal:
        return deal_fields(data, options, where, seat)

    def deal_form(self, variant: Any) -> dict[str, Any] | None:
        """The page's riichi part of a deal (static/riichi.js): the abortive draws, the rulesets' presets and whether
        a deal may have a second winner on the discard (`double_ron`, as it follows the house options)."""
        return {"form": "riichi", "aborts": list(ABORTS), "presets": variant.presets or {},
                "double_ron": _followed(variant.settlement.switch("double_ron"))}


def _followed(value: Any) -> Any:
    """A switch as the page reads it under the options it has chosen: its value, or where it follows a house option
    {option, cases (the option's value as text -> the switch's; null: the option's own value), default}."""
    if not isinstance(value, ByOption):
        return value
    cases = None if value.cases is None else {  # (a bool option's value as the page's JSON says it: true)
        str(k).lower() if isinstance(k, bool) else str(k): _followed(v) for k, v in value.cases}
    return {"option": value.option, "cases": cases, "default": _followed(value.default)}


FAMILY = Riichi()
