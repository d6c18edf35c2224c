"""mjai logs (JSON Lines of events, as mjai.app, Mortal and mjai-reviewer write them; plain or gzip) read as a
Tenhou log.

An mjai log is a game's events in order, one JSON object a line, its first `{"type":"start_game", ...}`:
`start_kyoku` (bakaze, kyoku, honba, kyotaku, oya, scores, dora_marker, tehais), `tsumo`, `dahai`, the
calls `chi`/`pon`/`daiminkan`/`kakan`/`ankan`, `reach`/`reach_accepted`, `dora`, and a round's result:
`hora` (actor, target, deltas, ura_markers) or `ryukyoku` (deltas). It is turned into the tenhou.net/6 JSON
of the same game here, as play/mjlog.py turns Tenhou's XML, so one reader (play/tenhou.py) replays,
scores and compares every form. mjai records no han, fu or yaku: `--differences` compares each player's
change of score (`deltas`) and the final scores it leads to, never han or fu. Nor does it name an abortive
draw: a `ryukyoku` before the wall's last tile is told from the events (nine terminals on a first draw,
four winds, four riichi, four kans; else three players' ron).
"""

from __future__ import annotations

from typing import Any

from mjscore.errors import DealError
from mjscore.loading import ReadProblem, read_json_line
from mjscore.play.mjlog import call_string, order, read_bounded, unpacked, whole

HONOURS = "ESWNPFC"  # mjai's honours: the winds, then white (P), green (F), red (C): Tenhou's 41-47
WALL_DRAWS = 70  # a round's draws when its wall is played out (play/tenhou_replay.py)
IGNORED = {"end_kyoku", "end_game", "none", "reach_accepted"}


def recognises(head: bytes) -> bool:
    """Whether a file's first bytes (plain or gzip) open an mjai log: a first line `{"type":"start_game", ...}`."""
    line = unpacked(head).removeprefix(b"\xef\xbb\xbf").split(b"\n", 1)[0]
    try:
        first = read_json_line(line)
    except ReadProblem:
        return False
    return isinstance(first, dict) and first.get("type") == "start_game"


def tile(pai: Any) -> int:
    """mjai's tile as the JSON's code: 1m-9m 11-19, p 21-29, s 31-39, E S W N P F C 41-47, 5mr 5pr 5sr 51-53."""
    if isinstance(pai, str):
        if pai in HONOURS and len(pai) == 1:
            return 41 + HONOURS.index(pai)
        if len(pai) in (2, 3) and pai[0] in "123456789" and pai[1] in "mps" and pai[2:] in ("", "r") \
                and (pai[2:] == "" or pai[0] == "5"):
            return 51 + "mps".index(pai[1]) if pai[2:] else ("mps".index(pai[1]) + 1) * 10 + int(pai[0])
    raise ValueError(f"{pai!r} is not a tile (1m-9m, 1p-9p, 1s-9s, 5mr 5pr 5sr, E S W N P F C)")


def load(path: str) -> dict[str, Any]:
    """The game as the tenhou.net/6 JSON object (title, name, rule, log)."""
    data = read_bounded(path)
    game: dict[str, Any] = {"title": ["", ""], "name": ["", "", "", ""], "rule": {"aka": 1}, "log": []}
    current: _Round | None = None
    for number, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            event = read_json_line(line)
            if not isinstance(event, dict) or not isinstance(event.get("type"), str):
                raise ValueError("is not an mjai event (a JSON object with a type)")
            kind = event["type"]
            if kind == "start_game":
                names = event.get("names", ["", "", "", ""])
                if not (isinstance(names, list) and len(names) == 4 and all(isinstance(n, str) for n in names)):
                    raise ValueError("its names are not four names")
                game["name"] = names
                game["rule"] = {"aka": 0 if event.get("aka_flag") is False else 1}
            elif kind == "start_kyoku":
                current = _Round(event)
                game["log"].append(current.row)
            elif kind in IGNORED:
                continue
            elif current is None:
                raise ValueError("comes before any start_kyoku (a round's start)")
            else:
                current.event(kind, event)
        except (ValueError, TypeError, KeyError, IndexError, ReadProblem) as e:
            why = f"has no {e}" if isinstance(e, KeyError) else str(e)
            raise DealError(f"{path} line {number}: {line.decode('utf-8', 'replace')[:60]}: {why}") from None
    return whole(game, path, "an mjai log", "start_kyoku", "hora or ryukyoku", "the log")


def _player(event: dict[str, Any], name: str = "actor") -> int:
    who = event[name]
    if type(who) is not int or not 0 <= who < 4:
        raise ValueError(f"its {name} is not a player (0-3)")
    return who


def _four(values: Any, what: str) -> list[int]:
    if not isinstance(values, list) or len(values) != 4 or not all(type(x) is int for x in values):
        raise ValueError(f"its {what} are not four numbers")
    return values


def _codes(text: str) -> list[int]:
    """The tile codes of a call string."""
    digits = "".join(ch for ch in text if ch.isdigit())
    return [int(digits[j:j + 2]) for j in range(0, len(digits), 2)]


class _Round:
    """One round being turned into the JSON's array of 17."""

    def __init__(self, start: dict[str, Any]):
        wind = "ESWN".index(start["bakaze"]) if start["bakaze"] in ("E", "S", "W", "N") else None
        kyoku, honba, sticks, oya = (start[k] for k in ("kyoku", "honba", "kyotaku", "oya"))
        if wind is None or not all(type(x) is int for x in (kyoku, honba, sticks, oya)) or not 1 <= kyoku <= 4:
            raise ValueError("its bakaze, kyoku (1-4), honba, kyotaku and oya are not a round's")
        if oya != kyoku - 1:
            raise ValueError(f"its oya {oya} is not kyoku {kyoku}'s dealer (player {kyoku - 1})")
        hands = start["tehais"]
        if not isinstance(hands, list) or len(hands) != 4 or any(not isinstance(h, list) or len(h) != 13
                                                                 for h in hands):
            raise ValueError("its tehais are not four hands of 13")
        self.takes: list[list[Any]] = [[], [], [], []]
        self.discards: list[list[Any]] = [[], [], [], []]
        self.row: list[Any] = [[wind * 4 + kyoku - 1, honba, sticks], list(_four(start["scores"], "scores")),
                          [tile(start["dora_marker"])], []]
        for i in range(4):
            self.row += [sorted(map(tile, hands[i]), key=order), self.takes[i], self.discards[i]]
        self.row.append([])
        self.drawn: list[int | None] = [None] * 4
        self.riichi = [False] * 4
        self.draws = self.kans = self.riichis = 0
        self.last = ""  # the last event's type
        self.firsts: list[int] | None = []  # the first discards, while nobody has called

    def event(self, kind: str, e: dict[str, Any]) -> None:
        if self.row[16] and kind not in ("hora",):
            raise ValueError("comes after the round's result, before the next start_kyoku")
        if kind == "tsumo":
            who = _player(e)
            self.takes[who].append(tile(e["pai"]))
            self.drawn[who] = self.takes[who][-1]
            self.draws += 1
        elif kind == "dahai":
            who, c = _player(e), tile(e["pai"])
            given = e.get("tsumogiri")
            drawn = given if isinstance(given, bool) else self.drawn[who] == c
            self.discards[who].append(f"r{60 if drawn else c}" if self.riichi[who] else 60 if drawn else c)
            self.riichi[who], self.drawn[who] = False, None
            if self.firsts is not None and len(self.firsts) < 4:
                self.firsts.append(c)
        elif kind in ("chi", "pon", "daiminkan"):
            self._call(kind, e)
        elif kind in ("ankan", "kakan"):
            self._kan(kind, e)
        elif kind == "reach":
            self.riichi[_player(e)] = True
            self.riichis += 1
        elif kind == "dora":
            self.row[2].append(tile(e["dora_marker"]))
        elif kind == "hora":
            self._hora(e)
        elif kind == "ryukyoku":
            self._ryukyoku(e)
        else:
            raise ValueError(f"the event type {kind!r} is none of mjai's")
        self.last = kind

    def _call(self, kind: str, e: dict[str, Any]) -> None:
        who, frm = _player(e), _player(e, "target")
        back = (frm - who) % 4  # 3 the left, 2 across, 1 the right
        taken, rest = tile(e["pai"]), [tile(p) for p in e["consumed"]]
        if kind == "chi":
            if back != 3 or len(rest) != 2:
                raise ValueError("a chi takes the left player's tile with two of the caller's")
            text = call_string(rest, "c", taken, 0)
        elif kind == "pon":
            if not back or len(rest) != 2:
                raise ValueError("a pon takes another player's tile with two of the caller's")
            text = call_string(rest, "p", taken, {3: 0, 2: 1, 1: 2}[back])
        else:
            if not back or len(rest) != 3:
                raise ValueError("an open kan takes another player's tile with three of the caller's")
            text = call_string(rest, "m", taken, {3: 0, 2: 1, 1: 3}[back])
        self.takes[who].append(text)
        if kind == "daiminkan":
            self.discards[who].append(0)
            self.kans += 1
        self.drawn[who], self.firsts = None, None

    def _kan(self, kind: str, e: dict[str, Any]) -> None:
        who, codes = _player(e), [tile(p) for p in e["consumed"]]
        if kind == "ankan":
            if len(codes) != 4:
                raise ValueError("a closed kan consumes four tiles")
            codes.sort(key=order)
            text = call_string(codes[:3], "a", codes[3], 3)
        else:
            added = tile(e["pai"])
            pon = next((t for t in self.takes[who] if isinstance(t, str) and "p" in t
                        and all(order(c)[0] == order(added)[0] for c in _codes(t))), None)
            if pon is None:
                raise ValueError("an added kan of no pon of the player's")
            text = pon.replace("p", f"k{added}")
        self.discards[who].append(text)
        self.drawn[who], self.firsts = None, None
        self.kans += 1

    def _hora(self, e: dict[str, Any]) -> None:
        who, frm = _player(e), _player(e, "target")
        if not self.row[16]:
            self.row[16] = ["和了"]
        self.row[16] += [list(_four(e["deltas"], "deltas")), [who, frm, who, ""]]
        ura = e.get("ura_markers") or []
        if ura and not self.row[3]:
            self.row[3] = [tile(p) for p in ura]

    def _ryukyoku(self, e: dict[str, Any]) -> None:
        deltas = list(_four(e["deltas"], "deltas"))
        if self.draws >= WALL_DRAWS:
            self.row[16] = ["流局", deltas]
        elif self.last == "tsumo":
            self.row[16] = ["九種九牌"]
        elif self.firsts is not None and len(self.firsts) == 4 and len(set(self.firsts)) == 1 \
                and 41 <= self.firsts[0] <= 44:
            self.row[16] = ["四風連打"]
        elif self.riichis == 4:
            self.row[16] = ["四家立直"]
        elif self.kans >= 4:
            self.row[16] = ["四槓散了"]
        else:
            self.row[16] = ["三家和了"]
