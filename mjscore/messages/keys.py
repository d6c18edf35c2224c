"""The fixed words of the outputs, each a member of `M` with its English text: the English catalogue.

English is here, in Python, and not in a YAML file like the other languages, so that a command without
--lang reads no file and imports no yaml (tests/test_startup.py); it is the list of keys every other
catalogue must give (mjscore/messages/__init__.py checks it when a catalogue loads). A text is a
`str.format` template: `{name}` is filled in, `{{` is a brace. The texts are written in three namespaces, in
the order of the outputs: `Faces` below (scores, deals, sheets, games), `Described` in keys_words.py (a
variant in words, --explain, the notes, riichi's words, the season's page) and `Refused` in keys_refused.py (the
refusals said in --lang), so that no module grows past what one reads at a sitting; `M` is made of all three,
in that order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterator

from mjscore.messages.keys_refused import Refused
from mjscore.messages.keys_words import Described


class _Keys(type):
    """What M answers as a whole, as an Enum would: `M["EAST"]`, `for key in M` (in the order written), `len(M)`;
    and a key not yet named, made then (`M.EAST`, first read: a command names a few of some 450)."""

    def __getattr__(cls, name: str) -> M:  # (only for a name M does not hold yet)
        text = _english(name)
        if text is None:
            raise AttributeError(f"type object 'M' has no attribute {name!r}")
        key = object.__new__(M)
        key.name, key.english = name, text
        key = _MADE.setdefault(name, key)  # (two threads naming it at once get the same key)
        type.__setattr__(cls, name, key)
        return key

    def __getitem__(cls, name: str) -> M:
        if _english(name) is None:
            raise KeyError(name)
        key: M = getattr(cls, name)
        return key

    def __iter__(cls) -> Iterator[M]:
        return (getattr(cls, name) for name in _numbers())

    def __len__(cls) -> int:
        return len(_numbers())

class M(metaclass=_Keys):
    """One fixed word or phrase of an output (`M.EAST`); `english` its English text, `name` its key name. In a
    catalogue its key is the name in lower case (`M.RULE` is `rule:`). Each key is one object, compared by
    identity, as an Enum's members; not an Enum, which took 40% of the command line's start-up to build its
    some 500 members (issue 40)."""

    __slots__ = ("name", "english")
    name: str
    english: str

    @property
    def value(self) -> int:
        """The key's place among all, from 1, in the order they are written (numbered when first asked)."""
        return _numbers()[self.name]

    def __repr__(self) -> str:
        return f"<M.{self.name}>"

    def __reduce__(self) -> tuple[Any, tuple[Any, str]]:  # pickled by name (--jobs sends Said texts, which hold keys): one key per name
        return (getattr, (M, self.name))

    def __copy__(self) -> M:
        return self

    def __deepcopy__(self, memo: object) -> M:
        return self


class Faces:
    """The texts of the scores, deals, sheets and games, by key name (a namespace read once, to make M)."""

    # seats, as the rulebooks name the players by their winds
    EAST = "East"
    SOUTH = "South"
    WEST = "West"
    NORTH = "North"
    THE_BANKER = "the banker"
    AND = " and "
    # where the winning tile came from (--from)
    SOURCE_DISCARD = "discard"
    SOURCE_WALL = "wall"
    SOURCE_LOOSE = "loose"
    SOURCE_KONG = "kong"
    # a score (mjscore score)
    SEAT_IS = "seat {seat}"
    ROUND_IS = "round {round}"
    WON_ON = "won on {tile} from {source}"
    COMPLETING = ", completing {set}"
    NO_WINNING_TILE = "no winning tile"
    ARRANGEMENT = "arrangement: {shown}"
    MAHJONG_MARK = "  (mah jong)"
    NOT_MAHJONG_MARK = "  (not mah jong)"
    H_RULE = "rule"
    H_TILES = "tiles"
    H_POINTS = "points"
    H_FAN = "fan"
    H_FU = "fu"
    H_HAN = "han"
    H_DOUBLES = "doubles"
    H_LIMIT_EXTRA = "limit/extra"
    H_RULEBOOK = "rulebook"
    LIMIT_SHARE = "{share} limit"
    NO_NAME = "* the rulebook has no name for this item in that language: English shown"
    LIMIT_HAND_KEPT = ("limit hand: {hand}, {share} x limit {limit} = {base}, doubles kept {doubles}: "
                       "{base} x 2^{doubles} = {uncapped}, final value {value}")
    LIMIT_HAND = "limit hand: {hand}, {share} x limit {limit} = {value}"
    FAN_ADDED = "fan added: {sum} = {points}"
    FAAN_COUNTED = "{faan} faan"  # a hand no item counted for, where the table counts faan (`value: {unit: faan}`)
    BASE_POINTS = "base points {points}, doubles {doubles}: {points} x 2^{doubles} = {uncapped}"
    CAPPED_AT_LIMIT = ", capped at the limit {limit}"
    FROM_GRID = ", from the table of final values: "
    ROUNDED_UP = ", rounded up to a multiple of {n}: "
    FINAL_VALUE = "final value {value}"
    VALUE_IS = "value: {value}"
    NOTE = "note: {note}"
    NO_WIN_NOTE = "no --win given: every tile was tried as the winning tile; the best is shown"
    CONSIDERED = "arrangements considered (best first):"
    H_ARRANGEMENT = "arrangement"
    H_WIN = "win"
    H_COMPLETING = "completing"
    H_LIMIT_HAND = "limit hand"
    H_VALUE = "value"
    KEPT = "kept"
    # the waits (mjscore waits)
    H_TILE = "tile"
    H_VALUE_CLAIMED = "value claimed (discard)"
    H_VALUE_DRAWN = "value drawn (wall)"
    WAITS_ON_NOTHING = "{hand}: waits on nothing (no tile makes it a winning hand)"
    WAITS_ON_ONE = "{hand}: waits on {n} tile"
    WAITS_ON_MANY = "{hand}: waits on {n} tiles"
    # a deal (mjscore settle)
    DEAL_HEAD = "{variant}, round {round}: "
    FALSE_MAHJONG_BY = "false mah jong by {seat}"
    WINS = "{seat} wins"
    WINS_ON = " on {tile} from {source}"
    A_DRAW = "a draw"
    H_SEAT = "seat"
    H_PLAYER = "player"
    H_HAND = "hand"
    H_HAND_IS = "hand is"
    H_FROM = "from"
    H_TO = "to"
    H_AMOUNT = "amount"
    H_REASON = "reason"
    H_NET = "net"
    IS_MAHJONG = "mah jong"
    IS_LONG_HAND = "not a winning hand"  # a long hand's item and `settle`'s "hand is": 14 tiles in no winning shape too
    WORTH_UNPAID = "0 (worth {worth}, not paid: a draw)"
    PAYMENTS = "payments:"
    NET = "net:"
    SEAT_NOTE = "note: {seat}: {note}"
    GUESSED_TILE = ("note: the winning tile was not given: {tile} was guessed, the tile that scores {seat}'s hand "
                    "best; give the tile that won (--win TILE, or win: {{tile: ...}})")
    # a payment's reason (play/settle.py)
    PAID_WINNER = "winner {seat}'s hand {value}"
    PAID_DOUBLE = ", x2 ({who})"
    PAID_DIFFERENCE = "difference of hand values {high} - {low}"
    PAID_CAPPED = ", capped at the limit {cap}"
    PAID_CAPPED_DOUBLE = ", capped at the limit {cap} x2"
    PAID_FALSE_MAHJONG = "false mah jong ({whom})"
    FALSE_EAST_EACH = "East declared it: pays each player"
    FALSE_TO_EAST = "paid to East"
    FALSE_TO_OTHERS = "paid to each other player"
    FALSE_TO_OTHERS_DOUBLE = "paid to each other player, x2 (East)"
    PAID_FOR_ALL = "pays for all: what the three would have paid ({total})"
    PAID_CUT = ", cut to {share} (collection cap {cap})"
    PAID_BASE = "base {base} + {reason}"
    PAID_FALSE_WIN = "false win: the fine to each other player, play going on"
    FALSE_WIN_NOTE = "false win by {seat}: {amount} to each other player; play went on, the deal's result stands"
    PENALTY_NOTE = "penalty points for {seat}: {points}, entered by the referee (nobody's gain)"
    TIMEOUT_NOTE = "time-out: the session's time ran out during this deal: no result, nothing paid for it"
    TIMEOUT = "time-out"
    PAID_BASE_ONLY = "base {base} only: {seat}, whose tile won, pays the hand's value"
    # a deal's notes (play/settle.py)
    FALSE_PENALTY = "false mah jong by {seat}: the deal ends, only the penalty is paid"
    FALSE_NO_PENALTY = "false mah jong by {seat}: the deal ends; {variant} gives no penalty, so nothing is paid"
    SEAT_EMPTY = "{n} players: the {seats} seat is empty in this deal"
    SEATS_EMPTY = "{n} players: the {seats} seats are empty in this deal"
    FAULT_RESTRICTED = ("{seat} has a {fault} hand: its points count with only the doubles of flowers and of "
                        "doubling sets")
    FAULT_ZERO = "{seat} has a {fault} hand: it scores {long_hand}"
    FAULT_NORMAL = "{seat} has a {fault} hand: it is scored as usual"
    WORTH_BEFORE_LIMIT = ("{seat}'s hand is worth {whole} before the limit: the payments between non-winners take "
                          "that, each capped at the limit")
    DRAW_DIFFERENCES = "draw: the players settle the differences of their hands"
    DRAW_NOTHING = "draw: no payments; every hand's value is 0 (what each was worth is shown, not paid)"
    PAYS_FOR_ALL = "{seat} pays for all: no other payment"
    COLLECTS_AT_MOST = "{seat} collects at most {cap} in all: {total} cut to {cap}"
    # riichi's payments and a deal's notes (play/riichi.py; han, fu, honba, riichi, tenpai, mangan are the game's)
    RI_SELF_DRAWN = "{seat}'s self-drawn hand, base points {base}"
    RI_DEALERS_SHARE = " x 2 (the dealer's share)"
    RI_X2_DEALER_WON = " x 2 (the dealer won)"
    RI_DEALER_WON = " (the dealer won)"
    RI_ROUNDED = ", rounded up to 100"
    RI_HONBA = "{honba} honba x {each}"
    RI_ON_DISCARD = "{seat}'s hand on {discarder}'s discard, base points {base} x {times}"
    RI_HONBA_ALL = "{honba} honba x {each} x {payers} (the discarder pays for all)"
    RI_STICK = "{seat} declares riichi: a stick put down on the table"
    RI_TAKES_POT = "{seat} takes the riichi sticks on the table: {n}"
    RI_DOUBLE_RON_PAID = "{seat}'s hand on {discarder}'s discard too (double ron), base points {base} x {times}"
    RI_TENPAI = "draw: {seat} not waiting pays {to} waiting ({total} shared)"
    RI_NAGASHI_PAID = "{seat}'s nagashi mangan, paid as a mangan self-drawn: base points {base}"
    RI_DOUBLE_RON = ("double ron: {seat} wins on the same discard too; the honba and sticks go to {winner}, nearest "
                     "the discarder in turn order")
    RI_OWN_STICK = "{seat}'s own riichi stick left on the table by an earlier draw comes back"
    RI_DRAW_STICK = "draw: the riichi stick of {seats} stays on the table: the next winner takes it"
    RI_DRAW_STICKS = "draw: the riichi sticks of {seats} stay on the table: the next winner takes them"
    RI_ABORT = "abortive draw ({abort}): nothing is paid; the dealer deals again"
    RI_NOBODY_WAITING = "draw: nobody is waiting: no tenpai payments"
    RI_EVERYBODY_WAITING = "draw: everybody is waiting: no tenpai payments"
    RI_NAGASHI = "nagashi mangan: paid as a self-drawn mangan, no tenpai payments; riichi sticks stay on the table"
    RI_PAO_ALL = "{seat} liable (pao) for {winner}'s yakuman, base points {base} x {times}: pays it all"
    RI_PAO_HALF = ("{seat} liable (pao) for {winner}'s yakuman on {discarder}'s discard: half of base points {base} "
                   "x {times}")
    RI_PAO_HONBA = "{honba} honba x {each} x {payers} (the liable player pays for all)"
    # score sheets and league tables (mjscore sheet, standings)
    G_DEAL = "deal"
    G_GAME = "game"
    G_ROUND = "round"
    G_EAST = "east"
    G_RESULT = "result"
    G_HOW = "how"
    G_SEATS = "seats"
    PLAYER_TOTAL = "{player} total"
    TOTAL = "total"
    DRAW = "draw"
    NOT_SCORED = "not scored"
    DISCARD_BY = "discard by {name}"
    SELF_DRAWN = "self-drawn"
    LOOSE_TILE = "loose tile"
    ROBBING_A_KONG = "robbing a kong"
    T_RANK = "rank"
    T_COUNTER = "counter"
    T_GAMES = "games"
    T_DEALS = "deals"
    T_WINS = "wins"
    T_FALSE_MJ = "false MJ"
    T_BIGGEST = "biggest hand"
    T_AVERAGE = "average"
    T_VARIANTS = "variants"
    T_TABLE_POINTS = "table points"
    T_RESULT = "result"
    S_SCALE_POINTS = "points ({variants}): each game's change from its start, added up"
    S_SCALE_RIICHI = ("riichi ({variants}): ranked by the games' results (each place's points with uma and oka, in "
                      "thousands, added up), then by the change of points from the start")
    S_SCALE_TABLE_POINTS = ("table points ({variants}): ranked by the table points of each game's places, then by "
                            "the points of the games")
    # one hand under several variants (mjscore compare)
    C_YES = "yes"
    C_NO = "no"
    C_DBL = "{n} dbl"
    C_NO_VARIANT = "no variant could score this hand"
    C_NOT_MAHJONG = "{variant}: not mah jong: {why}"
    C_DIFFER = "items that differ (— absent; an item is named as the first variant names it):"
    C_ITEM = "item"
    C_SAME = "the same in {where}: {items}"
    C_EVERY_SCORED = "every variant scored"
    C_EVERY_MAHJONG = "every variant where it is mah jong"
    C_NOT_SCORED = "{variant}: not scored: {why}"
    # recorded games played through (mjscore batch)
    B_GAME_HEAD = "{path}: {variant} ({title}), players {players}"
    B_STARTING = "starting balances: {totals}"
    B_DEAL = "deal {number}"
    B_IN_GAME = "game {game}, "
    B_OF_GAME = " (game {game})"
    B_COUNTED = "; counted deal {n}"
    B_NOT_COUNTED = "; not counted"
    B_SEATS_EMPTY = "; {seats} empty"
    B_NOT_SCORED = "NOT SCORED: {place}: {error}"
    B_WINS_WITH = "{name} wins with {value}"
    B_ON = " (on {tile}"
    B_HAND_VALUES = "hand values: {values}"
    B_PAYS = "{payer} pays {payee} {amount} ({reason})"
    B_TOTALS = "totals: {totals}"
    B_ON_TABLE = "sticks on the table: {points}"
    B_THE_TABLE = "the table"
    B_H_ON_TABLE = "on the table"
    B_SITTING_OUT = "sitting out: {names}"
    B_STANDINGS = "standings"
    B_DEALS_COUNTED = "deals: {read} read, {scored} scored, {rejected} rejected"
    B_ALL_GAMES = "all games: {read} deals read, {scored} scored, {rejected} rejected"
    B_PARTY_ONE = "party {game}: {played} deal played, {counted} counted of {length}"
    B_PARTY_MANY = "party {game}: {played} deals played, {counted} counted of {length}"
    B_PARTY_WHY = " (draws and void deals do not count)"
    B_H_HAND_VALUES = "hand values"
    B_H_PAYMENTS = "payments"
    B_H_NOTES = "notes"
    # the league table's first line and biggest hand (mjscore standings)
    S_GAME = "{n} game ({variants}), {scored}"
    S_GAMES = "{n} games ({variants}), {scored}"
    S_SCORED_ONE = "{n} deal scored"
    S_SCORED_MANY = "{n} deals scored"
    S_NOT_SCORED = ", {n} not scored"
    S_STARTS_AT = "{variant} starts players at {counter}"
    S_COUNTER = ": totals are the change from it, the counter column shows where it stands"
    S_BEST_WHERE = "({variant}, {file} deal {deal})"
    S_ALIAS_UNUSED = "--alias {name}={spelling}: no game read has a player named {spelling}; the alias merged nothing"


def texts(*spaces: type) -> list[tuple[str, str]]:
    """(key name, English text) of the namespaces' upper-case names, in the order they are written."""
    return [(name, text) for space in spaces for name, text in vars(space).items() if name.isupper()]


def _english(name: object) -> str | None:
    """The English text of key `name` (None: no such key), from the namespace that writes it: not every text made
    into a table at every start, as a command names about ten keys of some 450."""
    if not isinstance(name, str) or not name.isupper():
        return None
    text = vars(Faces).get(name, vars(Described).get(name, vars(Refused).get(name)))
    return text if isinstance(text, str) else None


@lru_cache(maxsize=1)
def _numbers() -> dict[str, int]:
    """Every key's name with its place, from 1, in the order written (Faces, then Described, then Refused)."""
    return {name: number for number, (name, _) in enumerate(texts(Faces, Described, Refused), 1)}


_MADE: dict[str, M] = {}  # the keys made, by name
