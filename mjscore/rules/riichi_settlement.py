"""Riichi's own `settlement:` switches (docs/tables.md "Settlement"), a typed block of their own beside the shared
ones: the table file writes them among the others, and rules/switches.py checks each by its declared type (a
whole number, a flag) or by its parser here (`PARSERS`) and gathers them into a `RiichiSettlement` (a NamedTuple,
frozen, as SettlementRules is: a dataclass would cost every command its import), which the riichi payment scheme
(play/riichi.py) reads. Registered in rules/families.py beside the scheme.
"""

from typing import TYPE_CHECKING, Any  # (no postponed annotations: rules/switches.py reads each switch's type)

from mjscore.tuples import NamedTuple


if TYPE_CHECKING:
    from mjscore.rules.tablefile import Failure


def parse_uma(where: str, val: object, fail: "Failure", options: "dict[str, Any]") -> "tuple[int, ...]":
    """`uma: [20, 10, -10, -20]`: thousands per place, summing to 0."""
    if not isinstance(val, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in val) \
            or sum(val) != 0:
        fail(where, f"must be a list of whole numbers (thousands) summing to 0, one per place, not {val!r}")
    return tuple(val)


def parse_rule_names(where: str, val: object, fail: "Failure", options: "dict[str, Any]") -> "tuple[str, ...]":
    """`pao_yakuman: [Daisangen, Dai suushii]`: rules of the table, by the names its `rule:` gives them."""
    if not isinstance(val, list) or not all(isinstance(x, str) and x.strip() for x in val):
        fail(where, f"must be a list of the table's rules' names, e.g. [Daisangen, Dai suushii], not {val!r}")
    return tuple(val)


class RiichiSettlement(NamedTuple):
    """The switches riichi's payments and game results read; any of them may follow an option until
    SettlementRules.at(options) resolves it."""

    honba: int = 0  # per counter, from each payer (a discarder pays it for all three)
    riichi_stick: int = 0  # what a riichi declaration puts on the table, to the deal's winner
    tenpai_payment: int = 0  # what the players not waiting at a draw pay those waiting, in all
    east_keeps_deal_on_draw_if_waiting: bool = False  # at a draw East keeps the deal only if waiting
    return_points: int = 0  # the points each player's game result is counted from (oka: the difference)
    uma: tuple[int, ...] = ()  # what the 1st, 2nd ... place adds to the game result (thousands): PARSERS
    ends_below_zero: bool = False  # a player's total below zero ends the game (Tenhou)
    last_sticks_to_first: bool = False  # sticks left on the table when the game ends go to the first place
    round_results: bool = False  # game results to whole thousands, 500 down, the first's the rest (Tenhou)
    double_ron: bool = False  # two players may win on one discard (Tenhou); else the nearest alone wins
    nagashi_mangan: bool = False  # nagashi mangan is paid at an exhaustive draw (Tenhou)
    pao_yakuman: tuple[str, ...] = ()  # the yakuman (rules' names) a deal's liable player (pao:) pays for: PARSERS


SWITCHES = RiichiSettlement
PARSERS = {"uma": parse_uma, "pao_yakuman": parse_rule_names}  # a switch not checked by its type alone (a whole number, a flag)
