"""The rule families a table may choose, registered by the name its file gives them: the one place that names
them (docs/architecture.md "Rule families").

A family is a way of valuing a hand (a `Valuation`: rules/valuation.py) or of paying one (a `PaymentScheme`:
play/schemes.py), each one module. A table chooses its valuation by the key of its `value:` block
(`value: {han_fu: ...}`; none: the classical points x 2^doubles) and its payment scheme by `settlement:
{payments: NAME}` (none: `standard`). Registration is a name and the module that holds the family, imported when
a table that chooses it is first loaded or paid: a spanish hand never loads riichi's modules. Each module gives
its family as the module-level name `FAMILY`. Tiles that only some tables play are checked the same way: a hand
written with such a mark (`WRITTEN_TILES`) is checked by its module, so a hand without one never enters it.
"""

from __future__ import annotations

from enum import Enum
from importlib import import_module
from typing import Any

VALUATIONS = {  # a `value:` block's key -> the module of the valuation it chooses
    "han_fu": "mjscore.rules.han_fu",  # riichi: base points from han and fu, with their tiers
}
PAYMENT_SCHEMES = {  # `settlement: {payments: NAME}` -> the module of the payment scheme it chooses
    "standard": "mjscore.play.classical",  # each pays the winner the hand's value (East double), losers settle
    "riichi": "mjscore.play.riichi",  # the discarder alone on a discard, the dealer's double share, honba, sticks
    "mcr": "mjscore.play.mcr_payments",  # the standard one, with a referee's false wins, penalties and time-outs
    "hk": "mjscore.play.hk_payments",  # Hong Kong's faan table by responsibility, no East double
}
DEFAULT_SCHEME = "standard"
WRITTEN_TILES = {  # a mark of the notation that only some tables play -> the module that checks a hand written with it
    "0": "mjscore.rules.red_fives",  # riichi's red fives (0m 0p 0s): as many of a suit as `red_fives` allows, or none
}
SCHEME_SWITCHES = {  # a scheme's own `settlement:` switches: the module whose SWITCHES is their NamedTuple
    "riichi": "mjscore.rules.riichi_settlement",
}
SCHEME_DEAL_KEYS = {  # the deal file's keys a scheme adds to every deal's (a table not paid so refuses them)
    "riichi": ("riichi", "honba", "sticks", "tenpai", "dora", "ura", "abort", "double_ron", "nagashi", "sticks_by",
               "pao"),
    "mcr": ("false_wins", "penalties", "timeout"),
}


class Naming(Enum):
    """How a scheme's deal key names players: a game file names them where a deal file gives seats."""

    PLAYER = "a player"
    PLAYERS = "a list of players"
    BY_PLAYER = "a mapping keyed by players"
    WINNER = "a mapping whose `winner` is a player"


class SeatingPart(Enum):
    """What a scheme's deal key says of how the deal moves on (seating), read before the deal is scored."""

    WAITING = "the players waiting at a draw: East among them may keep the deal"
    KEEPS_DEAL = "a draw after which East keeps the deal, as a waiting East does"
    DECLARED = "the players who put sticks down in the deal, carried to the next"
    SECOND_WINNER = "a further winner on the winner's tile (its `winner`): the dealer among the winners keeps the deal"
    NO_RESULT = "a deal the session's time stopped (true): no result, said so, not a draw"


SEATING_KEYS = {  # the schemes' deal keys that move the deal on (play/game.py move_on)
    "tenpai": SeatingPart.WAITING, "abort": SeatingPart.KEEPS_DEAL, "riichi": SeatingPart.DECLARED,
    "double_ron": SeatingPart.SECOND_WINNER, "timeout": SeatingPart.NO_RESULT,
}
PLAYER_KEYS = {  # the schemes' deal keys that name players (play/game.py to_deal_data makes them seats)
    "pao": Naming.PLAYER, "riichi": Naming.PLAYERS, "tenpai": Naming.PLAYERS, "nagashi": Naming.PLAYERS,
    "sticks_by": Naming.PLAYERS, "false_wins": Naming.PLAYERS, "penalties": Naming.BY_PLAYER,
    "double_ron": Naming.WINNER,
}


def family(module: str) -> Any:
    """The family a registered module declares (its `FAMILY`), the module imported on first use."""
    return import_module(module).FAMILY


def switch_blocks() -> dict[str, tuple[type, dict[str, Any]]]:
    """Each scheme's own switches, by name: the NamedTuple its registered module declares as `SWITCHES`, and the
    parsers (`PARSERS`) of those a type alone does not check."""
    return {name: (import_module(module).SWITCHES, import_module(module).PARSERS)
            for name, module in SCHEME_SWITCHES.items()}
