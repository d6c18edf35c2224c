"""A variant's settlement switches in plain words, for `mjscore variants NAME`: one line per switch the table
file gives, saying what it does (and, where the switch follows a house option, what it does for each value),
with where its rulebook says it (the table's `cites:`). The switches as data are in `--format json` and `yaml`.
"""

from __future__ import annotations

from typing import Any, Callable

from mjscore.rules.switches import Amount, ByOption, Fine
from mjscore.rules.tables import Variant


def _word(value: Any) -> str:
    """An enum's word (none, differences), else the value as typed."""
    return str(getattr(value, "value", value))


def _amount(a: Amount | None) -> str:
    if a is None:
        return "nothing"
    if a.option is not None:
        return f"the value of option {a.option}"
    if a.fraction is None:
        return str(a.number)
    part = {1: "the limit", 0.5: "half the limit"}.get(a.fraction, f"{a.fraction:g} of the limit")
    return part + (f", divided among {a.divide} (rounded down)" if a.divide > 1 else "")


def _fine(f: Fine | None) -> str:
    if f is None:
        return "a false mah jong is void: nothing is paid"
    parts = [f"the declarer pays each other player {_amount(f.to_others)}"]
    if f.to_east is not None:
        parts.append(f"East {_amount(f.to_east)}")
    if f.east_to_each is not None:
        parts.append(f"East declaring pays each player {_amount(f.east_to_each)}")
    return "a false mah jong: " + ", ".join(parts) + ("; doubled where East pays or receives" if f.east_double else "")


def _counts(counts) -> str:
    counts = list(counts)
    return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}" if len(counts) > 1 else str(counts[0])


FAULTS = {"restricted": "score their points with only the doubles of their sets and bonus tiles",
          "zero": "score the long hand's value ({long_hand})", "normal": "score as any other hand"}


def _faults(faults, v: Variant) -> str:
    """How a non-winner's faulty hands score, the kinds that score alike said together."""
    alike: dict[str, list[str]] = {}
    for kind, how in faults:
        alike.setdefault(_word(how), []).append(kind)
    return "; ".join(f"a non-winner's {' and '.join(kinds)} hands {FAULTS[how].format(long_hand=v.long_hand)}"
                     for how, kinds in alike.items()) or "no faults are scored"

SAY: dict[str, Callable[[Any], str]] = {  # switch -> its value in words
    "losers_settle": lambda x: ("the non-winners pay each other the differences of their hands" if x
                                else "the non-winners pay each other nothing"),
    "east_double": lambda x: "East pays and receives double" if x else "East pays and receives as the others do",
    "draw": lambda x: ("a draw pays nothing (every hand's value is 0)" if _word(x) == "none"
                       else "in a draw all players settle the differences of their hands"),
    "east_keeps_deal_on_draw": lambda x: "after a draw East deals again" if x else "after a draw the deal passes",
    "east_keeps_deal_on_false_mahjong": lambda x: ("after a false mah jong East deals again" if x
                                                   else "after a false mah jong the deal passes"),
    "start_points": lambda x: f"each player starts a game at {x}" if x else "each player starts a game at 0",
    "deals_per_game": lambda x: f"a game is {x} deals" if x else "a game is not a fixed number of deals",
    "counted_deals": lambda x: ("only won deals count toward a game's deals (a draw or a false mah jong does not)"
                                if _word(x) == "won" else "every deal counts toward a game's deals"),
    "loser_cap": lambda x: ("a payment between non-winners is at most the limit (twice it with East)"
                            if _word(x) == "limit" else "payments between non-winners have no cap"),
    "collection_cap": lambda x: (f"a player collects at most {_amount(x)} in a deal" if x is not None
                                 else "no cap on what a player collects"),
    "collection_cap_east": lambda x: (f"East collects at most {_amount(x)} in a deal" if x is not None
                                      else "no cap on what East collects"),
    "false_mahjong": _fine,
    "players": lambda x: f"played by {_counts(x)} players",
    "two_players_no_double": lambda x: ("with two players nobody pays double" if x
                                        else "with two players East still pays and receives double"),
    "pays_for_all": lambda x: ("one player may pay the winner for all (a deal's pays_for_all)" if x
                               else "nobody pays for all"),
    "east_wins_in_a_row": lambda x: (f"after {x} wins in a row by East the deal passes" if x
                                     else "East may win any number of deals in a row"),
    "rounds_per_game": lambda x: f"a game is {x} prevailing wind{'s' if x != 1 else ''}",
    "rotate_every_deal": lambda x: (f"with {_counts(x)} players the deal passes after every deal, whoever won"
                                    if x else "the deal passes as usual"),
    "seat_exchange": lambda x: ("the players change seats when a prevailing wind ends (OEMC 2005)"
                                if _word(x) == "oemc-2005" else "the players keep their seats"),
}

CITED = {"losers_settle": "differences", "east_double": "east_double", "draw": "draw", "loser_cap": "loser_cap",
         "collection_cap": "collection_cap", "collection_cap_east": "collection_cap",
         "false_mahjong": "false_mahjong", "pays_for_all": "pays_for_all"}  # switch -> its key in `cites:`


def _said(key: str, value: Any, v: Variant) -> str:
    """A switch's value in words; one that follows an option, for each of the option's values (what the cases
    leave out as "otherwise")."""
    if not isinstance(value, ByOption):
        return _faults(value, v) if key == "faults" else SAY[key](value)
    if value.cases is None:  # a whole-number option's value is the switch's
        return f"{key.replace('_', ' ')}: the value of option {value.option}"
    said = [f"with {value.option}={_word(case).lower()}: {_said(key, x, v)}" for case, x in value.cases]
    spec = v.options.get(value.option)
    takes = (True, False) if spec is not None and spec.type == "bool" else spec.choices if spec is not None else ()
    if not takes or set(map(str, takes)) - {str(case) for case, _ in value.cases}:
        said.append(f"otherwise: {_said(key, value.default, v)}")
    return "; ".join(said)


def settlement_lines(v: Variant) -> list[tuple[str, str]]:
    """(the switch's words, where the rulebook says it) for each switch the table file gives, in its order."""
    out = []
    for key in v.settlement.written:
        if key not in SAY and key != "faults":
            continue
        words = _said(key, getattr(v.settlement, key), v)
        out.append((words, (v.cites or {}).get(CITED.get(key, ""), "")))
    return out
