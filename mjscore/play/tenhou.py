"""Tenhou's game logs (the tenhou.net/6 JSON) read as recorded riichi games: `mjscore batch GAME.json`.

Tenhou's log viewer exports a game as one JSON object whose "log" holds every round (the mjx project keeps
the same thing as JSON Lines, one round an object). A round records each player's dealt tiles, takes (draws,
or chi/pon/open kan calls written as strings) and discards, apart from each other, and the result: han, fu,
points and yaku of each win, the point changes. It never records a final hand: each round is replayed turn
by turn here (a discard passes the turn to the next player unless a call takes the tile; a kan's loose tile
is the same player's next take), which gives the winning hand, the winning tile and how it came (a kan's
loose tile, a robbed added kan, the last tile of the wall, the last discard), riichi and double riichi,
ippatsu (no call and no discard of the declarer between the declaration and the win), who was waiting at an
exhaustive draw and who discarded only terminals and honours (nagashi mangan). Each round becomes a game
file's riichi deal (docs/cli.md, "A riichi deal"), scored by mjscore's own rules: the log's han, fu and points are never
taken for the score, only compared with it (play/tenhou_check.py). A round that cannot be replayed is that
deal's error, never guessed. Tile codes: 11-19 1m-9m, 21-29 p, 31-39 s, 41-47 E S W N white green red,
51-53 the red 5m 5p 5s; 60 in a discard list is the tile just drawn.
"""

from __future__ import annotations

import os
import re
from typing import Any, Iterator

from mjscore.errors import DealError, shown
from mjscore.hand.situation import SEATS
from mjscore.loading import ReadProblem, Unreadable, read_json
from mjscore.play import mjai, mjlog
from mjscore.play.seating import Resumed
from mjscore.play.sources import Assumed, GameRef, GameSource, RawDeal
from mjscore.play.tenhou_record import Recorded, Win

ABORTS = {"九種九牌": "nine-terminals", "四家立直": "four-riichi", "三家和了": "triple-ron", "四槓散了": "four-kongs",
          "四風連打": "four-winds"}
DRAWN = ("流局", "全員聴牌", "全員不聴", "流し満貫")  # exhaustive draws (with nagashi mangan)
# A Tenhou lobby as a log's rule.disp names it (般南喰赤: the room, East or East-South, then its rules: 喰 open
# tanyao, 赤 red fives, 速 fast, 祝 chip bonus, 暗 hidden discards; 三 or 四 players before), not a match's title
LOBBY = re.compile(r"[三四]?[般上特鳳若銀琥孔技][東南][喰赤速祝暗0-9０-９]*")
MAX_BYTES = 20_000_000  # a whole game is some 10 kB; a file this long is no Tenhou log


class TenhouLog(GameRef):
    """A Tenhou log file given to a command, named as messages and outputs show it (its path)."""

    def __new__(cls, path: str) -> "TenhouLog":
        return super().__new__(cls, path, TenhouSource.name)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (TenhouLog, (str(self),))


class TenhouSource(GameSource):
    """A tenhou.net/6 JSON log (or mjx's JSON Lines of one round each), its rounds replayed as riichi deals."""

    name = "tenhou"

    def recognises(self, path: str, head: bytes) -> bool:
        return is_tenhou(path, head)

    def games(self, path: str, game: int | None) -> list[GameRef]:
        return [TenhouLog(path)]

    keeps_record = True
    record_lang = "ja"  # the log names its yaku in Japanese

    def differences(self, ref: GameRef, deals: list[dict[str, Any]], standings: list[dict[str, Any]]) -> list[Any]:
        from mjscore.play.tenhou_check import differences

        header, rounds, records = read_tenhou(ref)
        return differences(header, [d for _, d in rounds], records, load(ref).get("sc"), deals, standings)

    def read(self, ref: GameRef) -> tuple[dict[str, Any], Iterator[RawDeal]]:
        header, rounds, _ = read_tenhou(ref)
        return header, (RawDeal(i, f"{ref} deal {i} ({name})", d) for i, (name, d) in enumerate(rounds, 1))


# --- recognising and loading -------------------------------------------------------------------------

def _objects(path: str) -> list[Any] | None:
    """The JSON of a file that starts with `{`: one object, or JSON Lines of objects; None if it is not JSON.
    ReadProblem (with the line) for JSON that cannot be a Tenhou log: larger than MAX_BYTES, nested more than
    MAX_DEPTH levels, a number too long to read."""
    try:
        with open(path, "rb") as f:
            text = f.read(MAX_BYTES + 1)
    except OSError:
        return None
    text = text[3:] if text.startswith(b"\xef\xbb\xbf") else text  # (json reads past the rest: lines stay right)
    if not text.lstrip(b" \t\r\n").startswith(b"{"):
        return None
    if len(text) > MAX_BYTES:
        raise TooLarge(path)
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError:
        return None
    try:
        return [read_json(decoded)]
    except ValueError:
        pass
    objs = []
    for n, line in enumerate(re.split(r"\r\n?|\n", decoded), 1):  # (not splitlines: a string may hold U+2028)
        if line.strip():
            try:
                objs.append(read_json(line))
            except ReadProblem as e:
                raise ReadProblem(str(e), n) from None
            except ValueError:
                return None
    return objs


class TooLarge(ReadProblem):
    """A file larger than any Tenhou log (MAX_BYTES)."""

    def __init__(self, path: str):
        try:
            size = f"{os.path.getsize(path):,} bytes"
        except OSError:
            size = "over that"
        super().__init__(f"too large for a Tenhou log: {size} (at most {MAX_BYTES:,}; one game's log is some 10 kB): "
                         "save each game's log as a file of its own")


def is_tenhou(path: str, head: bytes) -> bool:
    """Whether `path`, whose first bytes are `head`, is a Tenhou log: an mjlog (XML, or gzip of it), an mjai
    log, or JSON whose (first) object has a "log" list. Only the first line is read where it is a whole JSON
    object (a game file's JSON Lines header is one: a large archive is not read twice). A .json file that is
    neither a Tenhou log nor a game file (variant, players, deals) is said so, in one line, and so is one that
    cannot be read as JSON (too large, nested too deep, a number too long)."""
    head = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if mjlog.recognises(head) or mjai.recognises(head):  # Tenhou's XML, an mjai log (play/mjlog.py, mjai.py)
        return True
    if not head.startswith(b"{"):
        return False
    try:
        try:
            first = read_json(head.split(b"\n", 1)[0].decode("utf-8"))
        except ValueError:  # (not UTF-8 either)
            objs = _objects(path)  # an object written over several lines
            first = objs[0] if objs else None
    except TooLarge as e:
        if not path.endswith(".json") or b'"log"' not in head or b'"deals"' in head:
            return False  # a large game file (as JSON: YAML holds JSON): the game file's reader reads it
        raise DealError(e.at(path)) from None
    except ReadProblem as e:
        if not path.endswith(".json"):
            return False  # a game file's reader says what is wrong with it, in its words
        raise DealError(f"{e.at(path)}: no Tenhou log or game file has that; give a tenhou.net/6 JSON log or a game "
                        "file (docs/cli.md)") from None
    if isinstance(first, dict) and "log" in first:
        return True
    if path.endswith(".json") and not (isinstance(first, dict) and {"variant", "players", "deals"} & first.keys()):
        raise DealError(f"{path}: a JSON file, but neither a Tenhou log (no \"log\" of rounds) nor a game file (no "
                        "variant, players, deals): give a tenhou.net/6 JSON log or a game file (docs/cli.md)")
    return False


def load(path: str) -> dict[str, Any]:
    """The game as one object: the JSON Lines of one-round objects (as mjx keeps them) joined; an mjlog (XML)
    or an mjai log turned into the same object (play/mjlog.py, play/mjai.py)."""
    head = _head(path)
    if mjlog.recognises(head):
        return mjlog.load(path)
    if mjai.recognises(head):
        return mjai.load(path)
    try:
        objs = _objects(path)
    except TooLarge as e:
        raise DealError(e.at(path)) from None
    except ReadProblem as e:
        raise DealError(f"{e.at(path)}: no Tenhou log has that; give a tenhou.net/6 JSON log") from None
    if not objs or not all(isinstance(o, dict) and isinstance(o.get("log"), list) for o in objs):
        raise DealError(f"{path}: not a Tenhou log: each object needs a \"log\" list of rounds")
    game = dict(objs[0])
    game["log"] = [r for o in objs for r in o["log"]]
    if not game["log"]:
        raise DealError(f"{path}: a Tenhou log without a round (\"log\" is empty)")
    return game


def _head(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(65536)
    except OSError:
        return b""


def players(game: dict[str, Any]) -> list[str]:
    """The four names, player 0 East at the start; Tenhou's anonymous letters where names are blank or the same."""
    names = game.get("name")
    if isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) and n.strip() for n in names) \
            and len(set(names)) == 4:
        return list(names)
    return ["A", "B", "C", "D"]


def options(game: dict[str, Any]) -> tuple[dict[str, Any], Assumed | None]:
    """Tenhou's preset, with the red fives its rule says (aka: 1 or aka51..aka53) and open tanyao where its
    `disp` names a Tenhou lobby (般南喰赤: 喰, kuitan, is open tanyao); a record that names no lobby (a match's
    title, an mjai log) is scored with open tanyao, Tenhou's default and professional leagues' alike, and what
    was assumed is said (`Assumed`)."""
    given = game.get("rule")
    rule = given if isinstance(given, dict) else {}
    reds = rule.get("aka", rule.get("aka51", 1))
    out: dict[str, Any] = {"ruleset": "tenhou", "red_fives": 1 if reds else 0}
    disp = rule.get("disp")
    if isinstance(disp, str) and LOBBY.fullmatch(disp):
        out["open_tanyao"] = "喰" in disp
        return out, None
    what = f"its rule.disp {shown(disp)} names no Tenhou lobby" if isinstance(disp, str) and disp else \
        "the log names no Tenhou lobby, whose name says its rules (般南喰赤: 喰 open tanyao)"
    return out, Assumed(f"{what}: scored under Tenhou's rules with open tanyao (kuitan) and the red fives it "
                        "records; --option open_tanyao=false plays without open tanyao", ("open_tanyao",))


# --- rounds as deals -------------------------------------------------------------------------------------

def recorded(rnd: list[Any]) -> Recorded:
    """What the log says of a round (never used to score it: play/tenhou_check.py compares); a ValueError where
    it is not in Tenhou's form."""
    (kyoku, honba, sticks), start, res = rnd[0], rnd[1], rnd[16]
    if not isinstance(res, list) or not res or not isinstance(res[0], str):
        raise ValueError("the result is not a list naming it")
    wins = []
    if res[0] == "和了":
        for deltas, detail in zip(res[1::2], res[2::2]):
            if not isinstance(detail, list) or len(detail) < 4 or not all(type(x) is int and 0 <= x < 4
                                                                            for x in detail[:3]) \
                    or not all(isinstance(y, str) for y in detail[3:]):
                raise ValueError(f"the win {str(detail)[:60]} is not [who, from, pao, points, yaku...]")
            text, yaku = detail[3], tuple(detail[4:])
            han = sum(int(y.split("(")[1].split("飜")[0]) for y in yaku if "飜" in y) \
                + 13 * sum("役満" in y for y in yaku) if yaku else None  # an mjai log names no yaku
            fu = int(text.split("符")[0]) if "符" in text else None
            wins.append(Win(detail[0], detail[1], han, fu, text, tuple(y.split("(")[0] for y in yaku),
                            _four(deltas, "a win's changes of score"), detail[2] if detail[2] != detail[0] else None))
        if not wins:
            raise ValueError("a win without its changes of score and detail")
    deltas = _four(res[1], "the draw's changes of score") if res[0] != "和了" and len(res) > 1 else (0, 0, 0, 0)
    return Recorded(kyoku, honba, sticks, _four(start, "the scores at the start"), res[0], tuple(wins), deltas)


def _four(values: Any, what: str) -> tuple[int, ...]:
    if not isinstance(values, list) or len(values) != 4 or not all(type(x) is int for x in values):
        raise ValueError(f"{what} are not four numbers")
    return tuple(values)


def _waiting(hand: str, shapes: tuple[str, ...]) -> bool:
    """Whether a 13-tile hand waits on a tile (Tenhou: not on a kind it holds all four of: arrange.waits)."""
    from mjscore.hand.arrange import waits
    from mjscore.hand.notation import parse_hand

    return bool(waits(parse_hand(hand), shapes))


def deal_of(rnd: list[Any], names: list[str], shapes: tuple[str, ...]) -> dict[str, Any]:
    """A round as a game file's riichi deal (names for seats; seats, round, honba and sticks are the game's)."""
    from mjscore.play.tenhou_replay import Last, replay, tile

    rec = recorded(rnd)
    played = replay(rnd)
    ps, end = played.players, played.end
    data: dict[str, Any] = {"hands": {n: "" for n in names}, "dora": " ".join(tile(c) for c in rnd[2])}
    ronned = rec.result == "和了" and end.how is Last.DISCARD and end.riichi  # a declaration ronned is never paid
    declared = [i for i, p in enumerate(ps) if p.riichi is not None and not (ronned and i == end.who)]
    if declared:
        data["riichi"] = [names[i] for i in declared]
    if rec.result == "和了":
        _wins(data, rec, played, names, rnd)
    elif rec.result in ABORTS:
        data["abort"] = ABORTS[rec.result]
    elif rec.result in DRAWN:
        if not end.last:
            raise ValueError(f"an exhaustive draw ({rec.result}) before the wall's last tile")
        data["tenpai"] = [names[i] for i, p in enumerate(ps) if _waiting(p.hand(), shapes)]
        nagashi = [names[i] for i, p in enumerate(ps) if p.nagashi()]
        if nagashi:
            data["nagashi"] = nagashi
    else:
        raise ValueError(f"the result {rec.result!r} is none that Tenhou writes")
    return data


def _wins(data: dict[str, Any], rec: Recorded, played: Any, names: list[str], rnd: list[Any]) -> None:
    """The winner (of a double ron: the one nearest the discarder in turn order) and the second winner."""
    from mjscore.play.tenhou_replay import Last, tile

    ps, end = played.players, played.end
    tsumo = end.how is Last.DRAW
    who = [w.who for w in rec.wins]
    if tsumo and who != [end.who]:
        raise ValueError(f"the log names player {who[0]} the winner, but player {end.who} drew the last tile")
    if not tsumo and any(w.frm != end.who or w.who == end.who for w in rec.wins):
        raise ValueError(f"the log's ron is not on the last tile discarded (by player {end.who})")
    if len(who) > 2:
        raise ValueError("three winners: Tenhou aborts the deal (三家和了), it does not pay them")
    order = sorted(who, key=lambda w: (w - end.who) % 4)
    for n, w in enumerate(order):
        me = ps[w]
        also = (["double-riichi"] if me.riichi is not None and me.double else []) + (
            ["ippatsu"] if me.riichi is not None and end.ippatsu[w] else [])
        if tsumo:
            source = "loose" if end.loose else "wall"
            also += (["last-wall-tile"] if end.last else []) + (["first-draw"] if end.first else [])
        else:
            source = "kong" if end.how is Last.ADDED else "discard"
            also += ["last-discard"] if end.last else []
        data["hands"][names[w]] = me.hand(None if tsumo else end.tile)
        win = {"tile": tile(end.tile), "from": source, **({} if tsumo else {"discarder": names[end.who]}),
               **({"also": also} if also else {})}
        if n == 0:
            data["winner"], data["win"] = names[w], win
            pao = next(x.pao for x in rec.wins if x.who == w)
            if pao is not None:
                data["pao"] = names[pao]
        else:
            data["double_ron"] = {"winner": names[w], **({"also": also} if also else {})}
    if rnd[3] and any(ps[w].riichi is not None for w in who):
        data["ura"] = " ".join(tile(c) for c in rnd[3])


def read_tenhou(ref: str) -> tuple[dict[str, Any], Iterator[tuple[str, Any]], list[Recorded]]:
    """A log's header (as a game file's; a log that starts after East 1 resumes the table there), its rounds as
    (round name, deal data or Unreadable), and what the log recorded of each."""
    from mjscore.rules.tables import load_variant

    game = load(ref)
    names = players(game)
    shapes = load_variant("riichi").shapes
    rules, assumed = options(game)
    header: dict[str, Any] = {"variant": "riichi", "options": rules, "players": names,
                              **({"assumed": assumed} if assumed else {})}
    deals: list[tuple[str, Any]] = []
    records: list[Recorded] = []
    restate = True  # the first deal, and a deal after one that cannot be replayed: its counters and seats
    for n, rnd in enumerate(game["log"], 1):
        try:
            if not isinstance(rnd, list) or len(rnd) != 17 or not isinstance(rnd[0], list) or len(rnd[0]) != 3:
                raise ValueError("a round is a list of 17 (counters, scores, dora, ura, 4 x dealt/takes/discards, "
                                 "result)")
            if not all(isinstance(x, int) for x in rnd[0]):
                raise ValueError("its counters are not [kyoku, honba, sticks]")
        except (ValueError, TypeError, IndexError, AttributeError) as e:
            raise DealError(f"{ref}: round {n} is not a Tenhou round: {e}") from None
        try:
            rec = recorded(rnd)
        except (ValueError, TypeError, IndexError, AttributeError, KeyError) as e:
            kyoku, honba, sticks = rnd[0]  # (checked above: three whole numbers)
            rec = Recorded(kyoku, honba, sticks, (), "?", (), (0, 0, 0, 0))
            records.append(rec)
            deals.append((rec.name, Unreadable(f"round {rec.name}: the log's record of it is not in Tenhou's form: "
                                               f"{e} ({str(rnd[16])[:80]})")))
            restate = True
            continue
        records.append(rec)
        if n == 1:  # the table where the log starts: its round, dealer and scores (East 1 and 25,000 each, mostly)
            good = len(rec.start) == 4 and all(type(x) is int for x in rec.start) and rec.start != (25000,) * 4
            scores = dict(zip(names, rec.start)) if good else None
            header["resumed"] = Resumed({"passes": rec.kyoku, "east": rec.kyoku % 4,
                                         "max_passes": _passes(game["log"])}, scores)
        try:
            data = deal_of(rnd, names, shapes)
        except (ValueError, TypeError, IndexError, AttributeError, KeyError) as e:
            deals.append((rec.name, Unreadable(f"round {rec.name} cannot be rebuilt from the log: {e}")))
            restate = True
            continue
        except DealError as e:
            deals.append((rec.name, Unreadable(f"round {rec.name}: {e}")))
            restate = True
            continue
        if restate:
            data.update(honba=rec.honba, sticks=rec.sticks)
            if n > 1:
                data["seats"] = {SEATS[i]: names[(rec.kyoku + i) % 4] for i in range(4)}
        restate = False
        deals.append((rec.name, data))
    return header, iter(deals), records


def _passes(log: list[Any]) -> int:
    """How often the deal passes in the game: East and South, and West where the log goes on into it (Tenhou
    rules: a game where nobody has 30,000 after South 4 goes on into West until somebody has)."""
    last = max((r[0][0] for r in log if isinstance(r, list) and r and isinstance(r[0], list) and r[0]
                and isinstance(r[0][0], int)), default=0)
    return 4 * max(2, last // 4 + 1)
