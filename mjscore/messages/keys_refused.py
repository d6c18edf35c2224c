"""The English texts of the refusals said in --lang (a hand's notation, a winning tile's situation, a deal file's
structure, a file that cannot be read, the closing count): the third part of the English catalogue (keys.py makes
`M` of its parts, in order; why it is written so is said there)."""

from __future__ import annotations


class Refused:
    """The texts of the refusals a face says in the reader's language, by key name; each made of the catalogue's
    words where the core refuses (a `Said`), the place and the terms (--win, win.tile) as the reader typed them."""

    # a hand's text that breaks the notation (hand/notation.py): said in --lang by score, settle and batch
    HN_NOT_A_TILE = "{tile} is not a tile ({suit} numbers run 1-{top})"
    HN_NO_SUIT = "digits without a suit letter: {typed} (write {typed}m, {typed}p or {typed}s)"
    HN_NO_SUIT_BEFORE = "digits without a suit letter: {typed} before '{ch}' (write {typed}m, {typed}p or {typed}s)"
    HN_UPPER_CASE = "'{ch}' is not a tile: winds and dragons are upper case ({upper})"
    HN_UNEXPECTED = "unexpected '{ch}'"
    HN_UNKNOWN_CHARACTER = "unknown character {ch} in a hand"
    HN_EMPTY_GROUP = "empty group {group}"
    HN_BONUS_IN_SET = "flowers and seasons are not part of sets: {group}"
    HN_CONCEALED_KONG = "a declared concealed kong is four alike tiles, not {{{tiles}}}"
    HN_CLAIMED_KONG = "a kong claimed onto a concealed pung is four alike tiles, e.g. {which}, not <{tiles}>"
    HN_EXPOSED_GROUP = "an exposed group must be a pung, chow or kong, not [{tiles}]"
    HN_NOT_CLOSED = "'{ch}' is not closed by '{close}'"
    HN_NOT_OPENED = "'{ch}' without an opening bracket"
    HN_COPIES_SET = "{n} copies of {tile} (a set has 4)"
    HN_COPIES_BONUS = "{n} copies of {tile} (there is one of each flower and season)"
    HN_NO_TILES = 'no tiles in the hand; type its tiles, e.g. "123m 456p 789s EEE NN" (docs/notation.md)'
    HN_TOO_MANY_TILES = "{n} tiles, more than any hand can hold ({most}: four kongs and a pair)"
    # a winning tile's situation refused (hand/arrange.py, rules/situations.py): each after the term it names
    # (--win or win.tile, --from or win.from, --also or win.also, as the reader gave it)
    WS_NOT_IN_HAND = " {tile} is not in the hand"
    WS_NOT_CONCEALED = " {tile} is not among the concealed tiles (a drawn tile is never in an exposed set)"
    WS_GIVE_HELD = "; give a tile it holds ("
    WS_GIVE_CONCEALED = "; give a concealed tile ("
    WS_OR_ADD = " {held}) or add {tile} to the hand"
    WS_ADD = "; add {tile} to the hand"
    WS_FROM_ONE_OF = " must be one of {choices}, not {value}"
    WS_UNKNOWN_ALSO = " {word} is not a known circumstance (known: {known})"
    WS_BONUS_WINS = " {tile}: a flower or season never wins a hand"
    WS_NO_LOOSE = (" loose: a loose tile is drawn after declaring a kong, or a flower or season where the variant "
                   "has them; this hand has none (give ")
    WS_NO_LOOSE_KONG = "wall, or enter the kong as {concealed} or {exposed})"
    WS_ROBBED = " kong: a robbed {tile} is the fourth copy (three are in the kong), but this hand holds {n}"
    # the closing count on stderr of batch, sheet, standings and report (cli/game_commands.py)
    CLOSING_NOT_SCORED = "{bad} of {read} deals not scored"
    CLOSING_UNREADABLE = "; {n} file(s) unreadable"
    # a deal file's structure refused (play/dealfile.py): said in --lang by settle and where batch lists a deal
    DF_SEAT_MAP = "{what}: expected a mapping of seats, e.g. {example}"
    DF_SEAT_TWICE = "{what}: seat {seat} given twice"
    DF_EXPECTED_TEXT = "{what}: expected text, not {value}"
    DF_WIN_MAP = "win: expected a mapping {example}"
    DF_WIN_UNKNOWN_KEY = "win: unknown key {word} (keys: tile, from, set, discarder, also)"
    DF_ALSO_LIST = "win.also: expected a list of words, e.g. [last-wall-tile]"
    DF_ALSO_UNKNOWN = "win.also: {word} is not a known circumstance"
    DF_WIN_TILE = "win.tile: expected a tile such as 5p, not {value}"
    DF_WIN_FROM = "win.from: expected discard, wall, loose or kong, not {value}"
    DF_WIN_SET = "win.set: expected the set the winning tile completed, such as 234m, not {value}"
    DF_NOT_A_MAPPING = "a deal is a mapping with hands:, winner:, win: ..."
    DF_GAME_FILE = "this is a game file (it has deals:), and settle reads one deal: to score the game, type {command}"
    DF_UNKNOWN_KEY = "unknown key {word} (keys: {keys})"
    DF_NAMED_TWICE = "players: {name} is named twice (each name once)"
    DF_NO_HANDS = "hands: missing (give each seat's hand, e.g. hands: {example})"
    # the notation's refusals of a suit letter (hand/notation.py): another notation's letter, a letter without
    # numbers, digits without a letter past a suit's count, a hand too long to read
    HN_OTHER_SUIT = ("'{ch}' is not a suit letter: {typed}{ch} is probably {typed}{suit} ({why}); the suits are "
                     "m characters, p dots, s bamboo")
    HN_OTHER_C = "c is characters in English books"
    HN_OTHER_K = "k (craks) is characters"
    HN_OTHER_W = "w (wan) is characters"
    HN_OTHER_D = "d is dots in English books"
    HN_OTHER_O = "o (circles) is dots"
    HN_OTHER_B = "b is bamboo in English books"
    HN_WITHOUT_NUMBERS = "'{ch}' without numbers: {hint}"
    HN_BARE_M = "characters need numbers, e.g. 123m"
    HN_BARE_P = "dots need numbers, e.g. 9p (the white dragon is P)"
    HN_BARE_S = "bamboo needs numbers, e.g. 2s (the south wind is S)"
    HN_BARE_F = "flowers need numbers 1-4, e.g. 1f (the green dragon is F)"
    HN_BARE_Y = "seasons need numbers 1-4, e.g. 3y"
    HN_BARE_Z = "honours in z form need numbers 1-7, e.g. 1z"
    HN_NO_SUIT_LONG = "digits without a suit letter: {typed} (write a suit letter, m, p or s, after them)"
    HN_NO_SUIT_LONG_BEFORE = "digits without a suit letter: {typed} before '{ch}' (write a suit letter, m, p or s, after them)"
    HN_TOO_LONG = ("a hand of {n} characters: no hand is that long (at most {most}, even with a space between every "
                   "two tiles)")
    HN_RED_FIVE = "{red} is riichi's red five: use --variant riichi, or write {plain}"
    # a flag's or key's tile or set refused (hand/notation.py parse_tile, parse_set): each after the term it names
    TV_NOT_ONE_TILE = ": {value} is not one tile"
    TV_NO_TILE = ": no tile given"
    TV_ONE_TILE = " must be one tile, not {n}"
    SV_NOT_ONE_SET = ": {value} is not one set"
    SV_NO_SET = ": no set given (a set of the hand holding the winning tile, e.g. 234m)"
    SV_NO_BRACKETS = ": write the set without brackets, "
    SV_LAID_OUT = "{bare} (a set already laid out is named the same way)"
    SV_BONUS = ": flowers and seasons are not part of sets"
    SV_KONG = (": a winning tile never completes a kong (a kong's fourth tile brings a loose tile): name the pung, "
               "chow or pair it completed")
    SV_TILES = ": {n} tiles are not one set (a pung or chow has 3, a pair 2)"
    # a word typed slightly wrong (mjscore.messages.did_you_mean): the one form of every suggestion
    DID_YOU_MEAN = "; did you mean {word}?"
    # a five won on in the other colour, a set the winning tile completes nowhere (hand/win_checks.py)
    WS_AMONG_CONCEALED = " among the concealed tiles"
    WS_NO_RED = " {red}: the hand holds no red five {red}{where}, only plain {plain}; give "
    WS_RED_OR_WRITE = "{plain}, or write the red five in the hand as {red}"
    WS_NO_PLAIN = " {plain}: the hand holds no plain {plain}{where}, only the red five {red}; give "
    WS_PLAIN_OR_WRITE = "{red}, or write the five in the hand as {plain} if it is not red"
    WS_THE_WINNING_TILE = "the winning tile {tile}"
    WS_NO_WINNING_TILE = "no winning tile"
    WS_SET_NOT_HOLDING = " ({named} does not hold {tile})"
    WS_SET_FROM_WALL = " (a tile drawn from the wall never completes an exposed set)"
    WS_SET_NOWHERE = " (no winning arrangement of it has the set {named})"
    WS_OR = " or "
    WS_NO_SUCH_SET = " {named}: {tile} completes no such set in this hand{why}; it completes {sets}: type "
    WS_SUCH_SET = " {named}: {tile} completes such a set in this hand{why}; a winning tile completes {sets}: name one of those"
    # a file that cannot be read (play/dealfile.py, play/gamefiles.py): YAML's own words of where it breaks kept
    RF_NOT_TEXT = "{path}: not a text file (UTF-8)"
    RF_AT_LINE = "{path}: line {line}: "
    RF_NOT_YAML = "not valid YAML: {problem}"
    # a deal's or game's variant: and options: (play/dealfile.py, rules/tables.py, rules/tablefile.py)
    DF_VARIANT_NAME = "variant: expected a name such as spanish, not {value}"
    DF_OPTIONS_MAP = "options: expected a mapping, e.g. {example}"
    DF_OPTION_NAME = "options: {option} is not an option's name"
    DF_OPTION_VALUE_LONG = "options: {named}: {value} is too long for an option's value"
    NO_VARIANT = "no variant {name}"
    NO_VARIANT_IN = "no variant {name} in {directory}"
    VARIANTS_KNOWN = " (variants: {known})"
    NO_OPTION = "{variant} has no option {option}"
    OPTIONS_KNOWN = " (options: {known})"
    OPT_TRUE_FALSE = "option {name} of {variant} takes true or false, not {value}"
    OPT_WHOLE_NUMBER = "option {name} of {variant} takes a whole number, not {value}"
    OPT_ONE_OF = "option {name} of {variant} takes one of {choices}, not {value}"
    OPT_PROBLEM = "option {name} of {variant} {problem}"
    OPT_AT_LEAST = "must be at least {least}, not {value}"
    OPT_AT_MOST = "must be at most {most}, not {value}"
    # a player's name too long (play/dealfile.py), a game file's seats: (play/seating.py)
    NAME_TOO_LONG = "{name} is too long for a name (at most {most} characters)"
    SEATS_MAPPING = "seats: a mapping of each seat to the player sitting there, e.g. {example}"
    SEATS_NOT_A_SEAT = "seats: {seat} is not a seat (seats are E, S, W, N), e.g. {example}"
    SEATS_NOT_A_PLAYER = "seats: {name} is not a player of this game (players: {players})"
    SEATS_TWICE = "seats: {name} is seated twice (each player once)"
    SEATS_COUNT = "seats: {sitting} players sit a deal of this game, not {n}, e.g. {example}"
    SEATS_NO_EAST = "seats: East's seat is never the empty one: name the player who sits E"
    # a deal not scored, said on standard error by sheet and standings (and batch -o), before its reason
    NOT_SCORED_AT = "not scored: {place}"
