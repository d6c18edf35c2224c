"""The fixed words of the outputs, each a member of `M` with its English text: the English catalogue.

English is here, in Python, and not in a YAML file like the other languages, so that a command without
--lang reads no file and imports no yaml (tests/test_startup.py); it is the list of keys every other
catalogue must give (mjscore/messages/__init__.py checks it when a catalogue loads). A text is a
`str.format` template: `{name}` is filled in, `{{` is a brace.
"""

from __future__ import annotations

from enum import Enum


class M(Enum):
    """One fixed word or phrase of an output; `english` its English text. In a catalogue its key is the
    member's name in lower case (`M.RULE` is `rule:`)."""

    english: str

    def __new__(cls, english: str):
        member = object.__new__(cls)
        member._value_ = len(cls.__members__) + 1  # (two keys may say the same in English: not aliases)
        member.english = english
        return member

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
    H_DOUBLES = "doubles"
    H_LIMIT_EXTRA = "limit/extra"
    H_RULEBOOK = "rulebook"
    LIMIT_SHARE = "{share} limit"
    NO_NAME = "* the rulebook has no name for this item in that language: English shown"
    LIMIT_HAND_KEPT = ("limit hand: {hand}, {share} x limit {limit} = {base}, doubles kept {doubles}: "
                       "{base} x 2^{doubles} = {uncapped}, final value {value}")
    LIMIT_HAND = "limit hand: {hand}, {share} x limit {limit} = {value}"
    FAN_ADDED = "fan added: {sum} = {points}"
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
    IS_LONG_HAND = "long hand"
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
    # a deal's notes (play/settle.py)
    FALSE_PENALTY = "false mah jong by {seat}: the deal ends, only the penalty is paid"
    FALSE_NO_PENALTY = "false mah jong by {seat}: the deal ends; {variant} gives no penalty, so nothing is paid"
    SEAT_EMPTY = "{n} players: the {seats} seat is empty in this deal"
    SEATS_EMPTY = "{n} players: the {seats} seats are empty in this deal"
    FAULT_RESTRICTED = "{seat} has a {fault} hand: its points count with only the doubles of flowers and of doubling sets"
    FAULT_ZERO = "{seat} has a {fault} hand: it scores {long_hand}"
    FAULT_NORMAL = "{seat} has a {fault} hand: it is scored as usual"
    WORTH_BEFORE_LIMIT = ("{seat}'s hand is worth {whole} before the limit: the payments between non-winners take "
                          "that, each capped at the limit")
    DRAW_DIFFERENCES = "draw: the players settle the differences of their hands"
    DRAW_NOTHING = "draw: no payments; every hand's value is 0 (what each was worth is shown, not paid)"
    PAYS_FOR_ALL = "{seat} pays for all: no other payment"
    COLLECTS_AT_MOST = "{seat} collects at most {cap} in all: {total} cut to {cap}"
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
