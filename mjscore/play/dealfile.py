"""Reading deals from files or options into settle.Deal, with messages that say where.

Shared by `settle` (one deal) and `batch` (a game of deals): every problem becomes a
DealError naming the file, the deal and the key.
"""

from __future__ import annotations

from typing import Any, Iterable, Literal, overload

from mjscore.errors import (MAX_NAME_CHARS, MAX_WORD_CHARS, DealError, MjscoreError, OptionError, VariantNotFound,
                            option_too_long, shown, too_long)
from mjscore.loading import NotYaml, ReadProblem, read_yaml
from mjscore.names import checked_name
from mjscore.messages import M, said
from mjscore.hand.situation import SEATS
from mjscore.play.deal import Deal, SchemeDeal, Win
from mjscore.play.schemes import SeatReader, scheme_named, scheme_of
from mjscore.rules.families import SCHEME_DEAL_KEYS
from mjscore.rules.tables import Variant, load_with_options

COMMON_KEYS = frozenset(("variant", "options", "round", "players", "hands", "winner", "win", "false_mahjong",
                         "pays_for_all", "faults"))  # every deal's keys; a payment scheme adds its own
SCHEMES_KEYS = frozenset(k for keys in SCHEME_DEAL_KEYS.values() for k in keys)  # (rules/families.py)
DEAL_KEYS = COMMON_KEYS | SCHEMES_KEYS
WIN_KEYS = {"tile", "from", "set", "discarder", "also"}
SEAT_SET = frozenset(SEATS)
QUICK_KEYS = frozenset(("hands", "winner", "win"))  # an everyday deal of a game (quick_game_deal)
QUICK_WIN_KEYS = frozenset(("tile", "from"))


def standard_input(what: str = "game") -> Any:
    """Standard input for `-`, as bytes where it has them. Closed when mjscore started (`<&-`), Python
    has made sys.stdin None; opened for writing only, its first read fails: either is said in one line
    with what to type instead, never left to fail as a bug or be blamed on the file's content."""
    import os
    import sys

    stdin = sys.stdin
    if stdin is None:
        raise DealError(f"standard input is closed: give a file name, or pipe the {what} in")
    try:
        import fcntl

        if fcntl.fcntl(stdin.fileno(), fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY:
            raise DealError(f"standard input is not open for reading: give a file name, or pipe the {what} in")
    except (ImportError, OSError, ValueError):  # not POSIX, or not a file's (a test's input): read it
        pass
    return getattr(stdin, "buffer", stdin)


def load_data(path: str, first: bytes = b"", what: str = "game") -> Any:
    """YAML (or JSON, a subset) from a file, or from standard input for '-' (a key given twice, or
    a value that cannot be read, is a DealError like any other problem). `first`: bytes of standard
    input already read (to tell JSON Lines from YAML); `what` standard input should hold (a game, a deal)."""
    try:
        if path == "-":  # as bytes, in UTF-8 whatever the terminal's encoding (PYTHONIOENCODING=latin-1)
            text = standard_input(what).read()
            return read_yaml((first + text).decode("utf-8") if isinstance(text, bytes) else text)
        with open(path, encoding="utf-8") as f:
            return read_yaml(f)
    except OSError as e:
        raise DealError(f"{path}: cannot read: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise DealError(said(M.RF_NOT_TEXT, path=path)) from None
    except ReadProblem as e:
        raise DealError(read_problem(e, path)) from None


def read_problem(e: ReadProblem, path: str) -> str:
    """A file's read problem with its place ("FILE: line N: problem"), said in the catalogue's words where the
    file is YAML that does not parse (PyYAML's own words of where it breaks kept as they are)."""
    if not isinstance(e, NotYaml):
        return e.at(path)
    return (said(M.RF_AT_LINE, path=path, line=e.line) if e.line else f"{path}: ") + said(M.RF_NOT_YAML,
                                                                                           problem=e.detail)


class _Resumed:
    """Standard input with its first line given back: read once to tell JSON Lines from YAML."""

    def __init__(self, first: bytes, rest: Any) -> None:
        self.first, self.rest = first, rest

    def readline(self, size: int = -1) -> bytes:
        if self.first:
            line, self.first = self.first, b""
            return line
        rest: bytes = self.rest.readline(size)
        return rest

    def read(self, size: int = -1) -> bytes:
        if self.first:
            head, self.first = (self.first, b"") if size < 0 or size >= len(self.first) else \
                (self.first[:size], self.first[size:])
            return head
        rest: bytes = self.rest.read(size)
        return rest

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return False

    def seekable(self) -> bool:
        return False

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass

    @property
    def closed(self) -> bool:
        return False

    def __enter__(self) -> _Resumed:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def stdin_game() -> tuple[Any, Any]:
    """`batch -`: standard input as JSON Lines, (a reader of its lines, None), when its first line is a
    whole JSON object without deals (a header); else as YAML, (None, a text stream of it, read as it is
    parsed). Told by the content, as a pipe has no file name."""
    import io
    import json

    from mjscore.loading import MAX_LINE_BYTES

    stdin = standard_input()
    first = stdin.readline(MAX_LINE_BYTES + 1)
    if not isinstance(first, bytes):  # a text stream without bytes (a test's input): as UTF-8 bytes
        first = first.encode("utf-8")
        stdin = io.BytesIO(stdin.read().encode("utf-8"))
    text = first.lstrip(b"\xef\xbb\xbf").strip()
    if text.startswith(b"{") and text.endswith(b"}"):
        try:
            header = json.loads(text)
        except ValueError:
            header = None
        except RecursionError:  # a header nested far too deep: the JSON Lines reader says so, with its line
            header = {}
        if isinstance(header, dict) and "deals" not in header:
            return _Resumed(first, stdin), None
    # in UTF-8 whatever the terminal's encoding (PYTHONIOENCODING=latin-1)
    return None, io.TextIOWrapper(_Resumed(first, stdin), encoding="utf-8")


@overload
def _seat(value: Any, what: str, where: str, allow_none: Literal[False], names: dict[str, str] | None = None) -> str:
    ...


@overload
def _seat(value: Any, what: str, where: str, allow_none: bool = True, names: dict[str, str] | None = None
          ) -> str | None:
    ...


def _seat(value: Any, what: str, where: str, allow_none: bool = True, names: dict[str, str] | None = None
          ) -> str | None:
    """A seat letter; a player's name where a seat is wanted says which seat that player has (`names`)."""
    if value is None and allow_none:
        return None
    if not isinstance(value, str) or not value.isascii() or value.upper() not in SEATS:
        hint: str = ""
        if isinstance(value, str) and names and value in names:
            hint = said(M.DEAL_WRITE_SEAT, name=value, seat=names[value])
        elif isinstance(value, str) and 1 < len(value) <= 40 and value.replace(" ", "").isalpha():
            hint = said(M.DEAL_SEATS_NOT_NAMES)
        raise DealError(where + said(M.DEAL_NOT_A_SEAT, what=what, value=shown(value)) + hint)
    return value.upper()


def _str_map(data: Any, what: str, where: str, names: dict[str, str] | None = None) -> dict[str, str]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise DealError(where + said(M.DF_SEAT_MAP, what=what, example="{E: ..., S: ...}"))
    out = {}
    for k, v in data.items():
        seat = k if k in SEAT_SET and k.__class__ is str else _seat(k, f"{what} key", where, allow_none=False,
                                                                        names=names)  # (a game's: seats already)
        if seat in out:
            raise DealError(where + said(M.DF_SEAT_TWICE, what=what, seat=seat))
        if not isinstance(v, str):
            raise DealError(where + said(M.DF_EXPECTED_TEXT, what=f"{what}.{seat}", value=shown(v)))
        out[seat] = v
    return out


def _scheme_keys(data: dict[str, Any], variant: Variant, options: dict[str, Any], where: str, names: dict[str, str],
                 named: dict[str, str]) -> SchemeDeal | None:
    """The keys a payment scheme adds, read by the table's scheme into its block; a key of another scheme's is
    refused, saying how this table is paid. `named`: seat -> player where a message names the players (a game's)."""
    scheme = scheme_of(variant.settlement.at(options))
    given = [k for k in sorted(SCHEMES_KEYS - set(scheme.deal_keys), key=_KEY_ORDER.index) if k in data]
    if given:
        other = next(n for n, keys in SCHEME_DEAL_KEYS.items() if given[0] in keys)
        raise DealError(f"{where}{given[0]}: {variant.name} is not paid as {other} is "
                        f"({scheme_named(other).refused})")
    return scheme.deal_fields(data, options, where, SeatReader(
        lambda s, key: _seat(s, key, where, allow_none=False, names=names), named))


_KEY_ORDER = [k for keys in SCHEME_DEAL_KEYS.values() for k in keys]


def printable_name(name: str, where: str) -> str:
    """A player's name goes into every line of output: printable text on one line (no tab, newline or
    invisible character that would break a line or a column: mjscore.names), and short enough to fit in a
    column. Returned in NFC, the form names are compared in."""
    if too_long(name, MAX_NAME_CHARS):
        raise DealError(f"{where}: " + said(M.NAME_TOO_LONG, name=shown(name), most=MAX_NAME_CHARS))
    return checked_name(name, where)


def parse_win(data: Any, where: str) -> Win:
    if data is None:
        return Win()
    if not isinstance(data, dict):
        example = "{tile: 5p, from: discard, set: 555p, discarder: W, also: []}"
        raise DealError(where + said(M.DF_WIN_MAP, example=example))
    unknown = data.keys() - WIN_KEYS
    if unknown:
        raise DealError(where + said(M.DF_WIN_UNKNOWN_KEY, word=shown(sorted(map(str, unknown))[0])))
    also = data.get("also") or []
    if isinstance(also, str):
        also = [also]
    if not isinstance(also, list) or not all(isinstance(a, str) for a in also):
        raise DealError(where + said(M.DF_ALSO_LIST))
    for word in also:
        if too_long(word, MAX_WORD_CHARS):
            raise DealError(where + said(M.DF_ALSO_UNKNOWN, word=shown(word)))
    tile = data.get("tile")
    source = data.get("from", "discard")
    if tile is not None and not isinstance(tile, (str, int)):
        raise DealError(where + said(M.DF_WIN_TILE, value=shown(tile)))
    if not isinstance(source, str) or too_long(source, MAX_WORD_CHARS):
        raise DealError(where + said(M.DF_WIN_FROM, value=shown(source)))
    done = data.get("set")  # the set the winning tile completed, in the notation without brackets
    if done is not None and (not isinstance(done, (str, int)) or isinstance(done, bool) or too_long(str(done), 40)):
        raise DealError(where + said(M.DF_WIN_SET, value=shown(done)))
    return Win(None if tile is None else str(tile), source, _seat(data.get("discarder"), "win.discarder", where),
               tuple(also), None if done is None else str(done))


def parse_deal(data: Any, variant: Variant, options: dict[str, Any], where: str = "", round_: str | None = None,
               players: dict[str, str] | None = None) -> Deal:
    """A deal mapping (hands by seat) into a Deal; `where` prefixes every message (file, deal number).
    A game passes the round and the players' seats, which its deals do not give."""
    if not isinstance(data, dict):
        raise DealError(where + said(M.DF_NOT_A_MAPPING))
    unknown = data.keys() - DEAL_KEYS
    if "deals" in unknown and round_ is None:  # a game file given to settle
        raise DealError(where + said(M.DF_GAME_FILE, command=f"mjscore batch {where.rstrip(': ') or 'FILE'}"))
    if unknown:  # the keys this variant's deals take (a scheme's own only where the table pays by it)
        keys = COMMON_KEYS | set(scheme_of(variant.settlement.at(options)).deal_keys)
        raise DealError(where + said(M.DF_UNKNOWN_KEY, word=shown(sorted(map(str, unknown))[0]),
                                     keys=", ".join(sorted(keys))))
    named = players is not None  # a game's deal names its players: a message names them too
    if players is None:
        players = {s: printable_name(n, f"{where}players.{s}")
                   for s, n in _str_map(data.get("players"), "players", where).items()}
        twice = sorted({n for n in players.values() if list(players.values()).count(n) > 1})
        if twice:
            raise DealError(where + said(M.DF_NAMED_TWICE, name=shown(twice[0])))
    names = {n: s for s, n in players.items()}
    hands = _str_map(data.get("hands"), "hands", where, names)
    if not hands:
        raise DealError(where + said(M.DF_NO_HANDS, example="{E: '...', S: '...'}"))
    faults = _str_map(data["faults"], "faults", where, names) if data.get("faults") is not None else {}
    for seat, fault in faults.items():
        if too_long(fault, MAX_WORD_CHARS):
            raise DealError(f"{where}faults.{seat}: {shown(fault)} is too long for a kind of fault")
    rnd = round_ or _seat(data.get("round", "E"), "round", where, allow_none=False)
    winner, win = _seat(data.get("winner"), "winner", where, names=names), parse_win(data.get("win"), where)
    if winner is not None and win.discarder == winner:
        raise DealError(where + said(M.DEAL_DISCARDER_WINS, who=players.get(winner, winner) if named else winner))
    if win.discarder is not None and win.source in ("wall", "loose"):  # nobody discarded a tile the winner drew
        who = players.get(win.discarder, win.discarder) if named else win.discarder
        raise DealError(where + said(M.DEAL_DISCARDER_DREW, who=who, source=win.source))
    false_mahjong = _seat(data.get("false_mahjong"), "false_mahjong", where, names=names)
    pays_for_all = _seat(data.get("pays_for_all"), "pays_for_all", where, names=names)
    block = (None if data.keys().isdisjoint(SCHEMES_KEYS)
             else _scheme_keys(data, variant, options, where, names, players if named else {}))
    try:
        return Deal(variant, options, rnd, {s: hands[s] for s in SEATS if s in hands}, players, winner, win,
                    false_mahjong, pays_for_all, faults, block)
    except MjscoreError as e:
        raise DealError(f"{where}{e}", details=e.detail_lines()) from None


def variant_for(data: Any, variant: str | None, options: Iterable[str], tables_dir: Any, where: str
                ) -> tuple[Variant, dict[str, Any]]:
    """The variant and options a deal or game file names, with --variant / --option on top."""
    file_variant = data.get("variant") if isinstance(data, dict) else None
    if file_variant is not None and (not isinstance(file_variant, str) or not file_variant
                                     or too_long(file_variant, MAX_WORD_CHARS)):
        raise DealError(f"{where}: " + said(M.DF_VARIANT_NAME, value=shown(file_variant)))
    file_opts = data.get("options") if isinstance(data, dict) else None
    if overridden(data, variant) is not None:
        file_opts = None  # the file's options are its own variant's, not those of the one --variant gives
    if file_opts is not None and not isinstance(file_opts, dict):
        raise DealError(f"{where}: " + said(M.DF_OPTIONS_MAP, example="{mode: clean}"))
    name = variant or file_variant
    if options:  # a bad --option is the command line's fault (exit 2, whatever the files), not the file's
        try:
            load_with_options(name, list(options), tables_dir)
        except OptionError as e:
            raise OptionError(e.said() if str(e).startswith("--option") else "--option: " + e.said()) from None
    for key in file_opts or {}:
        if not isinstance(key, str) or not key.strip() or "=" in key or too_long(key, MAX_WORD_CHARS):
            raise DealError(f"{where}: " + said(M.DF_OPTION_NAME, option=shown(key)))
    merged = [f"{k}={_option_text(v)}" for k, v in (file_opts or {}).items()]
    for text in merged:
        if option_too_long(text):
            key, value = text.split("=", 1)  # (a key with a control character is shown escaped: no line break)
            named = key if key.isprintable() else shown(key)
            raise DealError(f"{where}: " + said(M.DF_OPTION_VALUE_LONG, named=named, value=shown(value)))
    merged += list(options)
    try:
        return load_with_options(name, merged, tables_dir)
    except OptionError as e:
        raise DealError(f"{where}: options: " + e.said()) from None
    except VariantNotFound as e:
        if variant:  # --variant's own mistake: the command line's, whatever the files
            raise
        raise DealError(f"{where}: variant: " + e.said()) from None  # the file's: the other files are still scored


def overridden(data: Any, variant: str | None) -> str | None:
    """The variant a deal or game file names where an explicit --variant gives another (which wins: a referee
    scores one deal under two variants); None where the file names none or the same."""
    file_variant = data.get("variant") if isinstance(data, dict) else None
    if not variant or not isinstance(file_variant, str) or file_variant.casefold() == variant.casefold():
        return None  # (a variant's name is not case-sensitive: --variant Basque)
    return file_variant


def overridden_note(where: str, data: Any, variant: str) -> str:
    """The one line said where --variant wins over a file's own variant (`data`, the file's mapping)."""
    unused = " (its options: are that variant's, not applied)" if data.get("options") else ""
    return f"{where} is for {shown(data['variant'])}: scored under {variant}, as --variant says{unused}"


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)



def quick_game_deal(data: Any, variant: Variant, options: dict[str, Any], round_: str, players: dict[str, str]) -> Deal | None:
    """A game's deal (keyed by names; `players`: seat -> name) made a Deal at once where it holds nothing but
    each seated player's hand (text), the winner's name and the winning tile with where it came from: an
    archive's everyday deal, which needs none of what to_deal_data and parse_deal check and rebuild. None for
    any other deal: it goes that long way, which says what is wrong with it, if anything."""
    if data.__class__ is not dict or not data.keys() <= QUICK_KEYS:
        return None
    hands, winner, win = data.get("hands"), data.get("winner"), data.get("win")
    if hands.__class__ is not dict or len(hands) != len(players):
        return None
    by_name = {n: s for s, n in players.items()}
    by_seat = {}
    for name, text in hands.items():
        seat = by_name.get(name) if name.__class__ is str else None
        if seat is None or text.__class__ is not str:
            return None
        by_seat[seat] = text
    if winner is not None:
        winner = by_name.get(winner) if winner.__class__ is str else None
        if winner is None:
            return None
    how = Win()
    if win is not None:
        if win.__class__ is not dict or not win.keys() <= QUICK_WIN_KEYS:
            return None
        tile, source = win.get("tile"), win.get("from", "discard")
        if tile.__class__ is not str or source.__class__ is not str or too_long(source, MAX_WORD_CHARS):
            return None
        how = Win(tile, source)
    return Deal(variant, options, round_, {s: by_seat[s] for s in SEATS if s in by_seat}, players, winner, how,
                None, None, {})

