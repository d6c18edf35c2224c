"""A table's `settlement:` switches as typed values (docs/tables.md "Settlement"), checked and built in one pass.

Settlement (play/settle.py) and seating (play/seating.py) read fields of a SettlementRules, never keys of
the file's mapping: a misspelt switch, a case the option never takes or a value the switch cannot have is
a TableError when the table loads, naming the file, the key and the known ones, not a silent default.
A switch may follow a house option (a ByOption) until `at(options)` gives the rules of one game.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Callable, NoReturn

from mjscore.errors import DealError
from mjscore.rules.families import DEFAULT_SCHEME, PAYMENT_SCHEMES, switch_blocks
from mjscore.rules.registry import is_int_option
from mjscore.rules.tablefile import Failer, check_cite, expect, only_keys
from mjscore.tuples import NamedTuple


class Draw(Enum):
    """What a draw pays: nothing (every hand's value in it is 0), the players' differences, or (riichi) the
    players not waiting pay those waiting (`tenpai_payment` shared: the deal's `tenpai: [seats]`)."""

    NONE = "none"
    DIFFERENCES = "differences"
    TENPAI = "tenpai"


class LoserCap(Enum):
    """Whether a payment between non-winners is capped at the limit."""

    NONE = "none"
    LIMIT = "limit"


class CountedDeals(Enum):
    """Which deals count toward a game of a fixed number of deals: all, or only those won."""

    ALL = "all"
    WON = "won"


class SeatExchange(Enum):
    """How the players change chairs when a prevailing wind ends (mjscore.play.seating.SEAT_EXCHANGES)."""

    NONE = "none"
    OEMC_2005 = "oemc-2005"


class FaultScoring(Enum):
    """How a non-winner's hand marked faulty (`faults: {W: short}`) scores."""

    RESTRICTED = "restricted"  # its points, with only the doubles of its sets and bonus tiles
    ZERO = "zero"  # the variant's long hand value
    NORMAL = "normal"  # as any other hand


class Amount(NamedTuple):
    """A fine or a cap: a whole number, an int house option's value, or a fraction of the limit divided
    among the payees (rounded down). Worked out when a deal is paid, as the limit and options are then known."""

    number: int = 0
    option: str | None = None  # the int option holding it
    fraction: float | None = None  # of the limit
    divide: int = 1

    def of(self, limit: int | None, options: dict[str, Any]) -> int:
        if self.option is not None:
            return int(options.get(self.option) or 0)
        if self.fraction is None:
            return self.number
        if limit is None:
            raise DealError("this variant has no limit, so a fine in fractions of the limit cannot be paid")
        return int(self.fraction * limit) // self.divide


class Fine(NamedTuple):
    """The fine for a false mah jong: what the declarer pays each other player, East, or (when East declared
    it) each player; east_double: a fine East pays or receives is doubled."""

    to_others: Amount = Amount()
    to_east: Amount | None = None
    east_to_each: Amount | None = None
    east_double: bool = False


class ByOption(NamedTuple):
    """A switch that follows a house option: the case for the option's value (a switch value, or another
    ByOption), else `default`. `cases` None: the option's own value is the switch's (an int option)."""

    option: str
    cases: tuple[tuple[Any, Any], ...] | None
    default: Any

    def at(self, options: dict[str, Any]) -> Any:
        value = options.get(self.option)
        if self.cases is None:
            return value
        chosen = next((v for k, v in self.cases if k == value), self.default)
        return chosen.at(options) if isinstance(chosen, ByOption) else chosen


class SettlementRules(NamedTuple):
    """A table's `settlement:` switches, typed and checked when the table loads; any of them may be a ByOption
    (it follows a house option) until `at(options)` gives the rules of one game. A misspelt switch, case or
    value is a TableError naming the file, the key and the known ones, never a silent default."""

    losers_settle: bool = True
    east_double: bool = True
    draw: Draw = Draw.NONE
    east_keeps_deal_on_draw: bool = True
    east_keeps_deal_on_false_mahjong: bool = True
    start_points: int = 0
    deals_per_game: int | None = None
    counted_deals: CountedDeals = CountedDeals.ALL
    loser_cap: LoserCap = LoserCap.NONE
    collection_cap: Amount | None = None
    collection_cap_east: Amount | None = None
    false_mahjong: Fine | None = None  # None: a false mah jong is void, nothing is paid
    faults: tuple[tuple[str, FaultScoring], ...] = ()  # (kind of fault, how such a hand scores)
    players: tuple[int, ...] = (4,)
    two_players_no_double: bool = False
    pays_for_all: bool = False
    east_wins_in_a_row: int | None = None
    rounds_per_game: int = 4
    rotate_every_deal: tuple[int, ...] = ()
    seat_exchange: SeatExchange = SeatExchange.NONE
    base_payment: int = 0  # every other player pays the winner this besides the hand's value (MCR: 8)
    discarder_pays: bool = False  # won on a discard (or a robbed kong): the discarder alone pays the hand's value
    table_points: tuple[int, ...] = ()  # a game's places earn these in `standings` (MCR: 4, 2, 1, 0), ties shared
    payments: str = DEFAULT_SCHEME  # the payment scheme's registered name (rules/families.py): who pays what
    scheme_switches: Any = None  # a payment scheme's own switches (rules/families.py SCHEME_SWITCHES), or None
    written: dict[str, Any] = {}  # the mapping as the file gives it (`mjscore variants NAME` shows it)
    following: tuple[str, ...] = ()  # the switches that follow an option (ByOption): at() resolves these

    def at(self, options: dict[str, Any]) -> "SettlementRules":
        """The rules for a game under these options: every switch that follows an option resolved."""
        if not self.following:
            return self
        resolved = {k: _settled(k, self.switch(k).at(options)) for k in self.following}
        own: dict[str, Any] = {k: v for k, v in resolved.items() if k not in _BLOCK_OF}
        block = {k: v for k, v in resolved.items() if k in _BLOCK_OF}
        if block:
            own["scheme_switches"] = self.scheme_switches._replace(**block)
        return self._replace(following=(), **own)

    def choices(self, key: str) -> tuple[Any, ...]:
        """Every value switch `key` can take, whatever the options (the page offers what some choice allows)."""
        return tuple(_settled(key, v) for v in _values(self.switch(key)))

    def switch(self, key: str) -> Any:
        """A switch by the name the table file gives it, a shared one or its payment scheme's own (the default
        where the table's scheme has no such switch)."""
        if key not in _BLOCK_OF:
            return getattr(self, key)
        block = self.scheme_switches
        return getattr(block, key) if block is not None and hasattr(block, key) else _SWITCHES[key][1]

    def fault(self, kind: str) -> FaultScoring | None:
        """How a hand with this kind of fault scores, None where the table has no rule for it."""
        return next((how for k, how in self.faults if k == kind), None)


def _values(value: Any) -> tuple[Any, ...]:
    if not isinstance(value, ByOption):
        return (value,)
    found: tuple[Any, ...] = () if value.cases is None else tuple(x for _, case in value.cases for x in _values(case))
    return found + _values(value.default)


def _settled(key: str, value: Any) -> Any:
    """A switch's value as the rules read it: for these switches none (null, an int option without a value, an
    empty list, 0 prevailing winds) is the default."""
    return _SWITCHES[key][1] if not value and key in _EMPTY_IS_DEFAULT else value


_EMPTY_IS_DEFAULT = ("start_points", "rounds_per_game", "players", "rotate_every_deal", "faults")


def _word_of(value: Any) -> str:
    """A value as a table file writes it (true, not True)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


Parser = Callable[[str, Any, Failer, Any], Any]  # a switch's (where, value, fail, options) -> its typed value


def _flag(where: str, val: Any, fail: Failer, options: Any) -> bool:
    flag: bool = expect(fail, where, val, bool, where.split(".")[-1])
    return flag


def _count(where: str, val: Any, fail: Failer, options: Any) -> int:
    count: int = expect(fail, where, val, int, where.split(".")[-1])
    return count


def _word(kind: type[Enum]) -> Parser:
    def parse(where: str, val: Any, fail: Failer, options: Any) -> Any:
        words = tuple(m.value for m in kind)
        if not isinstance(val, str) or val not in words:
            fail(where, f"must be one of {', '.join(words)}, not {val!r}")
        return kind(val)

    return parse


def _registered(names: dict[str, str]) -> Parser:
    """A name registered in `names` (a family's: rules/families.py), as the file writes it."""
    def parse(where: str, val: Any, fail: Failer, options: Any) -> Any:
        if not isinstance(val, str) or val not in names:
            fail(where, f"must be one of {', '.join(names)}, not {val!r}")
        return val

    return parse


def _amount(where: str, val: Any, fail: Failer, options: Any) -> Amount:
    """A whole number, {limit: fraction, divide: n} (rounded down), or {option: NAME} (an int option)."""
    if isinstance(val, int) and not isinstance(val, bool):
        return Amount(val)
    if isinstance(val, dict) and set(val) == {"option"}:
        if not is_int_option(val["option"], options):
            fail(where, f"{{option: {val['option']}}} must name an int option of this table")
        return Amount(option=val["option"])
    if not isinstance(val, dict) or set(val) - {"limit", "divide"} or "limit" not in val:
        fail(where, f"an amount is a whole number, {{limit: fraction, divide: n}} or {{option: NAME}}, not {val!r}")
    fraction = expect(fail, where, val["limit"], float, "limit")
    if expect(fail, where, val.get("divide", 1), int, "divide") < 1:
        fail(where, f"divide must be at least 1, not {val['divide']}")
    return Amount(fraction=fraction, divide=val.get("divide", 1))


def _cap(where: str, val: Any, fail: Failer, options: Any) -> Amount | None:
    return None if val is None else _amount(where, val, fail, options)


def _fine(where: str, val: Any, fail: Failer, options: Any) -> Fine | None:
    expect(fail, where, val, dict, "false_mahjong")
    parts: dict[str, Any] = {}
    for k, amount in val.items():
        if k == "east_double":
            parts[k] = expect(fail, f"{where}.{k}", amount, bool, k)
            continue
        if k not in ("to_east", "to_others", "east_to_each"):
            fail(f"{where}.{k}", "unknown key (keys: to_east, to_others, east_to_each, east_double)")
        parts[k] = _amount(f"{where}.{k}", amount, fail, options)
    return Fine(**parts) if parts else None  # an empty fine: no penalty


def _faults(where: str, val: Any, fail: Failer, options: Any) -> tuple[tuple[str, FaultScoring], ...]:
    expect(fail, where, val, dict, "faults")
    words = tuple(m.value for m in FaultScoring)
    for k, how in val.items():
        if not isinstance(how, str) or how not in words:
            fail(f"{where}.{k}", f"must be one of {', '.join(words)}, not {how!r}")
    return tuple((k, FaultScoring(how)) for k, how in val.items())


def _player_counts(where: str, val: Any, fail: Failer, options: Any) -> tuple[int, ...]:
    if not isinstance(val, list) or not all(isinstance(x, int) and 2 <= x <= 6 for x in val):
        fail(where, f"must be a list of player counts 2-6, not {val!r}")
    return tuple(val)


def _points(where: str, val: Any, fail: Failer, options: Any) -> tuple[int, ...]:
    if not isinstance(val, list) or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in val):
        fail(where, f"must be a list of whole numbers >= 0, one per place (e.g. [4, 2, 1, 0]), not {val!r}")
    return tuple(val)


_DEFAULTS = SettlementRules()
_SWITCHES: dict[str, tuple[Parser, Any]] = {  # switch -> (its checker and parser, its default): the one list of them
    key: (parse, getattr(_DEFAULTS, key)) for key, parse in (
        ("losers_settle", _flag), ("east_double", _flag), ("draw", _word(Draw)), ("east_keeps_deal_on_draw", _flag),
        ("east_keeps_deal_on_false_mahjong", _flag), ("start_points", _count), ("deals_per_game", _count),
        ("counted_deals", _word(CountedDeals)), ("loser_cap", _word(LoserCap)), ("collection_cap", _cap),
        ("collection_cap_east", _cap), ("false_mahjong", _fine), ("faults", _faults), ("players", _player_counts),
        ("two_players_no_double", _flag), ("pays_for_all", _flag), ("east_wins_in_a_row", _count),
        ("rounds_per_game", _count), ("rotate_every_deal", _player_counts), ("seat_exchange", _word(SeatExchange)),
        ("base_payment", _count), ("discarder_pays", _flag), ("table_points", _points),
        ("payments", _registered(PAYMENT_SCHEMES)))
}
_BLOCKS: dict[str, tuple[Any, dict[str, Any]]] = switch_blocks()  # scheme -> (the NamedTuple of its own switches, the parsers of those its type does not say)
_BLOCK_OF = {key: scheme for scheme, (block, _) in _BLOCKS.items() for key in block._fields}  # switch -> its scheme
_PARSE_BY_TYPE = {int: _count, bool: _flag}  # a block's switch checked by its declared type, else its parser
_SWITCHES.update({key: (parsers.get(key) or _PARSE_BY_TYPE[block.__annotations__[key]], block._field_defaults[key])
                  for block, parsers in _BLOCKS.values() for key in block._fields})
SETTLEMENT_CITES = ("winner", "east_double", "differences", "loser_cap", "collection_cap", "false_mahjong",
                    "pays_for_all", "draw", "honba", "riichi_stick")  # the settlement rules a payment can cite (docs/tables.md)


def check_settlement(settlement: Any, fail: Failer, options: Any) -> SettlementRules:
    """A table's `settlement:` mapping, every switch checked and typed (docs/tables.md "Settlement")."""
    expect(fail, "settlement", settlement, dict, "settlement")
    typed: dict[str, Any] = {}
    for key, val in settlement.items():
        if key not in _SWITCHES:
            fail(f"settlement.{key}", f"unknown switch (known: {', '.join(_SWITCHES)})")
        value = _switch(f"settlement.{key}", key, val, fail, options)
        typed[key] = value if isinstance(value, ByOption) else _settled(key, value)
    following = tuple(k for k, v in typed.items() if isinstance(v, ByOption))
    own: dict[str, Any] = {k: v for k, v in typed.items() if k not in _BLOCK_OF}
    schemes = {_BLOCK_OF[k] for k in typed if k in _BLOCK_OF} | {
        name for name in _values(own.get("payments", DEFAULT_SCHEME)) if name in _BLOCKS}
    if len(schemes) > 1:
        fail("settlement", f"switches of one payment scheme's only, not of {' and '.join(sorted(schemes))}")
    block = next((_BLOCKS[name][0](**{k: v for k, v in typed.items() if _BLOCK_OF.get(k) == name})
                  for name in schemes), None)
    return SettlementRules(**own, scheme_switches=block, written=dict(settlement), following=following)


_SETTLED: dict[str, SettlementRules] = {}  # a checked table's switches typed, by the table's content (Variant.key)


def settled(settlement: dict[str, Any], fail: Failer, options: Any, key: str) -> SettlementRules:
    """The switches of a table checked when it was cached, typed once (a Variant's `settlement`, first read)."""
    typed = _SETTLED.get(key)
    if typed is None:
        typed = _SETTLED[key] = check_settlement(settlement, fail, options)
    return typed


def _switch(where: str, key: str, val: Any, fail: Failer, options: Any) -> Any:
    """One switch's value; or a ByOption, {option: NAME, cases: {VALUE: switch value, ...}, default: ...}, each
    case a value of the option and each switch value checked as the switch's own."""
    parse, default = _SWITCHES[key]
    if not (isinstance(val, dict) and "option" in val) or (parse is _cap and set(val) == {"option"}):
        return parse(where, val, fail, options)
    if set(val) - {"option", "cases", "default"}:
        fail(where, "an option-dependent switch has keys option, cases, default")
    name = val["option"]
    if not isinstance(name, str) or name not in options:
        fail(where, f"no option {name!r} (options: {', '.join(options)})")
    spec = options[name]
    values = (True, False) if spec.type == "bool" else spec.choices if spec.type == "choice" else None
    cases = val.get("cases")
    if cases is None:  # the option's own value is the switch's: each value it can take must be one
        if values is None:
            if parse is not _count:
                fail(where, f"option {name} is a whole number, which {key} cannot be: give cases")
            return ByOption(name, None, default)

        cased: list[tuple[Any, Any]] = []
        for value in values:
            def fail_for(at: str, problem: str, value: Any = value) -> NoReturn:
                fail(at, f"{problem} (it follows option {name}, which may be {_word_of(value)})")

            cased.append((value, parse(where, value, fail_for, options)))
        return ByOption(name, tuple(cased), default)
    expect(fail, where, cases, dict, "cases")
    for case in cases:
        if values is not None and case not in values or values is None and not isinstance(case, int):
            fail(f"{where}.cases.{_word_of(case)}", f"option {name} never takes this value (its values: "
                 f"{', '.join(map(_word_of, values)) if values is not None else 'whole numbers'})")
    typed = tuple((case, _switch(where, key, v, fail, options)) for case, v in cases.items())
    return ByOption(name, typed, _switch(where, key, val["default"], fail, options) if "default" in val else default)


def check_cites(section: Any, fail: Failer) -> dict[str, str]:
    """`cites: {east_double: rule 77, ...}`: where each settlement rule stands, cited by the payments it makes."""
    if section is None:
        return {}
    expect(fail, "cites", section, dict, "cites")
    only_keys(fail, "cites", section, SETTLEMENT_CITES)
    return {k: check_cite(fail, f"cites.{k}", c) for k, c in section.items()}
