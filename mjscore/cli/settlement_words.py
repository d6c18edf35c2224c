"""A variant's settlement switches in plain words, for `mjscore variants NAME`: one line per switch the table
file gives, saying what it does (and, where the switch follows a house option, what it does for each value),
with where its rulebook says it (the table's `cites:`). The switches as data are in `--format json` and `yaml`.
The words are the message catalogues' (mjscore/messages/), in the language of --lang.
"""

from __future__ import annotations

from typing import Any, Callable

from mjscore.messages import M, Words
from mjscore import Amount, ByOption, Fine, Variant, scheme_named


def _word(value: Any) -> str:
    """An enum's word (none, differences), else the value as typed."""
    return str(getattr(value, "value", value))


def _amount(a: Amount | None, w: Words) -> str:
    if a is None:
        return w(M.W_NOTHING)
    if a.option is not None:
        return w(M.W_OPTION_VALUE, option=a.option)
    if a.fraction is None:
        return str(a.number)
    part = (w(M.W_THE_LIMIT) if a.fraction == 1 else w(M.W_HALF_LIMIT) if a.fraction == 0.5
            else w(M.W_PART_LIMIT, part=f"{a.fraction:g}"))
    return part + (w(M.W_DIVIDED, n=a.divide) if a.divide > 1 else "")


def _fine(f: Fine | None, w: Words) -> str:
    if f is None:
        return w(M.W_FALSE_VOID)
    parts = [w(M.W_FALSE_OTHERS, amount=_amount(f.to_others, w))]
    if f.to_east is not None:
        parts.append(w(M.W_FALSE_EAST, amount=_amount(f.to_east, w)))
    if f.east_to_each is not None:
        parts.append(w(M.W_FALSE_EAST_EACH, amount=_amount(f.east_to_each, w)))
    return w(M.W_FALSE, parts=", ".join(parts)) + (w(M.W_FALSE_DOUBLED) if f.east_double else "")


def _counts(counts, w: Words) -> str:
    counts = list(counts)
    return ", ".join(map(str, counts[:-1])) + w(M.W_OR) + str(counts[-1]) if len(counts) > 1 else str(counts[0])


FAULTS = {"restricted": M.W_FAULT_RESTRICTED, "zero": M.W_FAULT_ZERO, "normal": M.W_FAULT_NORMAL}


def _faults(faults, v: Variant, w: Words) -> str:
    """How a non-winner's faulty hands score, the kinds that score alike said together."""
    alike: dict[str, list[str]] = {}
    for kind, how in faults:
        alike.setdefault(_word(how), []).append(kind)
    return "; ".join(w(M.W_FAULTS, kinds=w(M.AND).join(kinds), how=w(FAULTS[how], long_hand=v.long_hand))
                     for how, kinds in alike.items()) or w(M.W_NO_FAULTS)


def _either(yes: M, no: M) -> Callable[[Any, Words], str]:
    """A switch said one way when set (true, a number), the other when not."""
    return lambda x, w: w(yes) if x else w(no)


SAY: dict[str, Callable[[Any, Words], str]] = {  # switch -> its value in words
    "losers_settle": _either(M.W_LOSERS_SETTLE, M.W_LOSERS_NOTHING),
    "east_double": _either(M.W_EAST_DOUBLE, M.W_EAST_SINGLE),
    "draw": lambda x, w: w({"none": M.W_DRAW_NOTHING, "tenpai": M.W_DRAW_TENPAI}.get(_word(x), M.W_DRAW_DIFFERENCES)),
    "east_keeps_deal_on_draw": _either(M.W_DRAW_EAST_AGAIN, M.W_DRAW_PASSES),
    "east_keeps_deal_on_false_mahjong": _either(M.W_FALSE_EAST_AGAIN, M.W_FALSE_PASSES),
    "start_points": lambda x, w: w(M.W_START_AT, points=x or 0),
    "deals_per_game": lambda x, w: w(M.W_DEALS_PER_GAME, n=x) if x else w(M.W_NO_DEALS_PER_GAME),
    "counted_deals": lambda x, w: w(M.W_WON_COUNTED) if _word(x) == "won" else w(M.W_EVERY_COUNTED),
    "loser_cap": lambda x, w: w(M.W_LOSER_CAP) if _word(x) == "limit" else w(M.W_NO_LOSER_CAP),
    "collection_cap": lambda x, w: (w(M.W_COLLECTS, amount=_amount(x, w)) if x is not None
                                    else w(M.W_NO_COLLECTION_CAP)),
    "collection_cap_east": lambda x, w: (w(M.W_EAST_COLLECTS, amount=_amount(x, w)) if x is not None
                                         else w(M.W_NO_EAST_CAP)),
    "false_mahjong": _fine,
    "players": lambda x, w: w(M.W_PLAYERS, counts=_counts(x, w)),
    "two_players_no_double": _either(M.W_TWO_NO_DOUBLE, M.W_TWO_DOUBLE),
    "pays_for_all": _either(M.W_PAYS_FOR_ALL, M.W_NOBODY_PAYS_FOR_ALL),
    "east_wins_in_a_row": lambda x, w: w(M.W_EAST_WINS_ROW, n=x) if x else w(M.W_EAST_ANY_ROW),
    "rounds_per_game": lambda x, w: w(M.W_ROUNDS if x != 1 else M.W_ROUND_ONE, n=x),
    "rotate_every_deal": lambda x, w: w(M.W_ROTATE, counts=_counts(x, w)) if x else w(M.W_NO_ROTATE),
    "seat_exchange": lambda x, w: w(M.W_SEAT_EXCHANGE) if _word(x) == "oemc-2005" else w(M.W_KEEP_SEATS),
    "payments": lambda x, w: w(scheme_named(_word(x)).words),  # (the scheme says how it pays)
    "base_payment": lambda x, w: w(M.W_BASE_PAYMENT, amount=x) if x else w(M.W_ALL_PAY),
    "discarder_pays": _either(M.W_DISCARDER_PAYS, M.W_ALL_PAY),
    "table_points": lambda x, w: w(M.W_TABLE_POINTS, points=", ".join(map(str, x))),
    "honba": lambda x, w: w(M.W_HONBA, amount=x),
    "riichi_stick": lambda x, w: w(M.W_RIICHI_STICK, amount=x),
    "tenpai_payment": lambda x, w: w(M.W_TENPAI_PAYMENT, amount=x),
    "east_keeps_deal_on_draw_if_waiting": _either(M.W_DRAW_EAST_IF_WAITING, M.W_DRAW_EAST_WAITING_OR_NOT),
    "return_points": lambda x, w: w(M.W_RETURN_POINTS, points=x),
    "uma": lambda x, w: w(M.W_UMA, uma="/".join(f"{u:+d}" for u in x)) if x else w(M.W_NO_UMA),
    "ends_below_zero": _either(M.W_ENDS_BELOW_ZERO, M.W_PLAYS_ON_BELOW_ZERO),
    "last_sticks_to_first": _either(M.W_LAST_STICKS_FIRST, M.W_LAST_STICKS_NOBODY),
    "round_results": _either(M.W_ROUND_RESULTS, M.W_DECIMAL_RESULTS),
    "double_ron": _either(M.W_DOUBLE_RON, M.W_HEAD_BUMP),
    "nagashi_mangan": _either(M.W_NAGASHI, M.W_NO_NAGASHI),
    "pao_yakuman": lambda x, w: w(M.W_PAO, yakuman=", ".join(x) or w(M.V_NONE)),
}

CITED = {"losers_settle": "differences", "east_double": "east_double", "draw": "draw", "loser_cap": "loser_cap",
         "collection_cap": "collection_cap", "collection_cap_east": "collection_cap",
         "false_mahjong": "false_mahjong", "pays_for_all": "pays_for_all"}  # switch -> its key in `cites:`


def _said(key: str, value: Any, v: Variant, w: Words) -> str:
    """A switch's value in words; one that follows an option, for each of the option's values (what the cases
    leave out as "otherwise")."""
    if not isinstance(value, ByOption):
        return _faults(value, v, w) if key == "faults" else SAY[key](value, w)
    if value.cases is None:  # a whole-number option's value is the switch's
        return w(M.W_BY_OPTION, switch=key.replace('_', ' '), option=value.option)
    said = [w(M.W_WITH, option=value.option, case=_word(case).lower(), said=_said(key, x, v, w))
            for case, x in value.cases]
    spec = v.options.get(value.option)
    takes = (True, False) if spec is not None and spec.type == "bool" else spec.choices if spec is not None else ()
    if not takes or set(map(str, takes)) - {str(case) for case, _ in value.cases}:
        said.append(w(M.W_OTHERWISE, said=_said(key, value.default, v, w)))
    return "; ".join(said)


def settlement_lines(v: Variant, lang: str = "en") -> list[tuple[str, str]]:
    """(the switch's words, where the rulebook says it) for each switch the table file gives, in its order."""
    w, out = Words(lang), []
    for key in v.settlement.written:
        if key not in SAY and key != "faults":
            continue
        if key == "east_keeps_deal_on_draw" and v.settlement.switch("east_keeps_deal_on_draw_if_waiting") is True:
            continue  # said by the finer switch: East deals again only if waiting
        words = _said(key, v.settlement.switch(key), v, w)
        out.append((words, (v.cites or {}).get(CITED.get(key, ""), "")))
    return out
