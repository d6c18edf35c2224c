"""A club's records over a season: each game's score sheet, the league table, statistics per player.

Pure functions over scored games (what `mjscore.score_game` returns: file, variant, players, start,
deals, totals); nothing here reads a file or prints. A player is a name; `--alias` spellings are
folded into one name before anything is counted, so the same person is one row however a file
spelt them. Where a variant starts players at a counter (spanish: 2000), a player's season total is
the change from it, so games of different variants of one scale add up; games of different scales (a
table's `scale:`, rules/scales.py: points, riichi's results with uma and oka, MCR's table points) never
do: each scale has its own league table, its rows marked with their `scale` where a season has several.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, NamedTuple

from mjscore.errors import AliasError, DealError, shown
from mjscore.names import checked_name
from mjscore.play.score_sheet import SELF_DRAWN, Game, Sheet, SheetRow, sheet_row
from mjscore.rules.scales import Scale


# --- the league table and statistics -------------------------------------------------------------------

def alias_map(aliases: Mapping[str, str] | Iterable[str] | None) -> dict[str, str]:
    """Spelling -> name, from {"Ane M.": "Ane"} or ["Ane=Ane M.,A. Mendi"] (the name, then its other spellings)."""
    if aliases is None:
        return {}
    if isinstance(aliases, Mapping):
        return {checked_name(str(k), "aliases"): checked_name(str(v), "aliases") for k, v in aliases.items()}
    out: dict[str, str] = {}
    for text in aliases:
        name, eq, spellings = str(text).partition("=")
        others = [s.strip() for s in spellings.split(",") if s.strip()]
        if not eq or not name.strip() or not others:
            raise DealError(f"--alias {shown(text)}: write NAME=OTHER SPELLING (several spellings separated by commas)")
        name = checked_name(name.strip(), "--alias")  # in NFC, as the game files' names are kept
        for other in (checked_name(o, "--alias") for o in others):
            if out.get(other, name) != name:
                raise DealError(f"--alias: {shown(other)} is given as a spelling of both {shown(out[other])} and "
                                f"{shown(name)}")
            out[other] = name
    return out


def _contradiction(file: str, one: str, other: str, person: str, aliases: dict[str, str]) -> str:
    """Why an alias cannot hold (`one` and `other` play in one game, both `person` under the aliases), and the
    --alias to type instead: the same without the spelling that made the second player the first."""
    wrong = other if other in aliases else one
    rest = [s for s, name in aliases.items() if name == person and s != wrong]
    instead = (f'type --alias "{person}={",".join(rest)}" instead' if rest
               else f"leave out --alias {person}={wrong}")
    return (f"--alias {person}={wrong}: {one} and {other} both play in {file}, so {wrong} is not another "
            f"spelling of {person}; {instead}")


Renamer = Callable[[Any], Any]  # a game's name of a player -> the season's (None stays None)


def _renamer(game: Game | _Head, aliases: dict[str, str]) -> Renamer:
    """A function from the names of one game to the season's names; two players of a game are never one person."""
    seen: dict[str, str] = {}
    for p in game.players:
        person = aliases.get(p, p)
        if person in seen:
            raise AliasError(_contradiction(game.file, seen[person], p, person, aliases))
        seen[person] = p
    return lambda name: aliases.get(name, name) if name is not None else None


class _Player:
    """A player's counts as the season goes."""

    def __init__(self, name: str):
        self.name = name
        self.total = self.games = self.deals = self.wins = self.self_drawn = self.false_mahjong = 0
        self.discarded = self.paid_as_discarder = self.paid_to_winners = 0
        self.win_sum = self.win_count = 0  # the winning hands' values: their sum and number
        self.best: dict[str, Any] | None = None
        self.variants: dict[str, int] = {}
        self.tables: dict[tuple[str, str], int] = {}  # (variant, table hash) -> games scored under it
        self.counters: dict[str, dict[str, int]] = {}
        self.limit_hands: dict[str, int] = {}
        self.doubling_items: dict[str, int] = {}
        self.table_points: float = 0  # places' points of the games whose variant gives them (MCR)
        self.placed = 0  # how many such games
        self.result: float = 0  # the games' results by place, with uma and oka (riichi), in thousands
        self.resulted = 0  # how many such games


def _count_deal(d: dict[str, Any], game: Game | _Head, who: Renamer, players: dict[str, _Player]) -> None:
    """Add one scored deal to the players' counts."""
    winner, winner_name = who(d.get("winner")), d.get("winner")
    for name in d["net"]:
        players[who(name)].deals += 1
    if d.get("false_mahjong"):
        players[who(d["false_mahjong"])].false_mahjong += 1
    for name in d.get("false_wins", ()):  # (mcr: a false win while play went on)
        players[who(name)].false_mahjong += 1
    if not winner or d.get("false_mahjong"):
        return
    p, hand, win = players[winner], d["hands"][winner_name], d.get("win") or {}
    # ranked and averaged by what the table pays where the family says it (riichi's 2900 above 2000), else value
    pays = hand.get("table_pays", hand["value"])
    p.wins += 1
    p.win_sum += pays
    p.win_count += 1
    p.self_drawn += win.get("from") in SELF_DRAWN
    if p.best is None or pays > p.best.get("table_pays", p.best["value"]):
        p.best = {"value": hand["value"], **({"table_pays": pays} if "table_pays" in hand else {}),
                  "variant": game.variant, "file": game.file, "deal": d["deal"],
                  "hand": hand["hand"], "limit_hand": hand.get("limit_hand"),
                  **({"said": hand["said"]} if "said" in hand else {})}  # (riichi: `30 fu 3 han: 3900`)
    if hand.get("limit_hand"):
        p.limit_hands[hand["limit_hand"]] = p.limit_hands.get(hand["limit_hand"], 0) + 1
    for item in hand.get("items", []):
        if item.get("doubles") and not item.get("limit"):
            p.doubling_items[item["rule"]] = p.doubling_items.get(item["rule"], 0) + 1
    for pay in d["payments"]:
        if pay["to"] == winner_name and pay["from"] not in (winner_name, None):  # (None: the table's pot, riichi)
            payer = players[who(pay["from"])]
            payer.paid_to_winners += pay["amount"]
            if pay["from"] == win.get("discarder"):
                payer.paid_as_discarder += pay["amount"]
    if win.get("discarder"):
        players[who(win["discarder"])].discarded += 1


def _ratio(a: float, b: float, places: int = 3) -> float | None:
    return round(a / b, places) if b else None


def _row(p: _Player) -> dict[str, Any]:
    return {
        "player": p.name, "total": p.total, "games": p.games, "deals": p.deals, "wins": p.wins,
        "self_drawn": p.self_drawn, "false_mahjong": p.false_mahjong, "best": p.best,
        "average": _ratio(p.total, p.games, 1), "variants": dict(sorted(p.variants.items())),
        "counters": p.counters,
        "rules": [{"variant": v, "table": t, "games": n} for (v, t), n in sorted(p.tables.items())],
        "win_rate": _ratio(p.wins, p.deals), "self_drawn_share": _ratio(p.self_drawn, p.wins),
        "average_win": _ratio(p.win_sum, p.win_count, 1),
        "limit_hands": dict(sorted(p.limit_hands.items(), key=lambda kv: (-kv[1], kv[0]))),
        "doubling_items": dict(sorted(p.doubling_items.items(), key=lambda kv: (-kv[1], kv[0]))),
        "discarded": p.discarded, "paid_as_discarder": p.paid_as_discarder, "paid_to_winners": p.paid_to_winners,
        **({"table_points": p.table_points} if p.placed else {}),
        **({"result": round(p.result, 1)} if p.resulted else {}),
    }


class Season(NamedTuple):
    """The games of a season together: the league table (one row per player, with statistics), each game's
    sheet, and every player's running change across the season (for the chart)."""

    games: list[dict[str, Any]]  # file, variant, players (season names), start, deals scored and rejected
    table: list[dict[str, Any]]  # ranked: player, rank, total, games, deals, wins, self_drawn, false_mahjong, best ...
    sheets: list[Sheet]
    series: list[dict[str, Any]]  # after each scored deal: file, deal, season's running change per player
    summary: dict[str, Any]  # games, deals read, scored, rejected

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "table": self.table, "sheets": [s.to_dict() for s in self.sheets],
                "series": self.series, "summary": self.summary}


def _ranked(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ranked by total; where a variant gives table points (MCR), by table points first, then total; where its
    games have results by place (riichi's uma and oka), by their sum first, then total."""
    key = "table_points" if any("table_points" in r for r in rows) else "result" if any(
        "result" in r for r in rows) else None
    by = (lambda r: (-r.get(key, 0), -r["total"])) if key else (lambda r: (-r["total"],))
    rows.sort(key=lambda r: (*by(r), r["player"]))
    for i, r in enumerate(rows):
        r["rank"] = rows[i - 1]["rank"] if i and by(r) == by(rows[i - 1]) else i + 1
    return [{"rank": r.pop("rank"), **r} for r in rows]


def season(games: Iterable[Game], aliases: Mapping[str, str] | Iterable[str] | None = None,
           table_points: Callable[[str], tuple[int, ...]] | None = None,
           scale: Callable[[str], Scale] | None = None) -> Season:
    """The league table, statistics, sheets and running changes of the games, in the order given."""
    tally = Tally(aliases, table_points=table_points, scale=scale)
    for game in games:
        tally.start(game.file, game.variant, game.players, game.start, getattr(game, "rules", None))
        for d in game.deals:
            tally.deal(d)
        tally.end(game.totals, results_of(getattr(game, "standings", None) or ()))
    return tally.season()


def results_of(standings: Iterable[dict[str, Any]]) -> dict[str, float]:
    """Each player's game result by place (riichi's uma and oka: a game's standings give it), where it has one."""
    return {s["player"]: s["result"] for s in standings if "result" in s}


def place_points(changes: dict[str, int], points: tuple[int, ...]) -> dict[str, float]:
    """Each player's table points for a game (MCR: 4, 2, 1, 0 by place): players tied on their change share the
    points of the places they hold alike (two tied first: (4 + 2) / 2 = 3 each)."""
    order = sorted(changes, key=lambda n: -changes[n])
    out: dict[str, float] = {}
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and changes[order[j + 1]] == changes[order[i]]:
            j += 1
        held = [points[k] if k < len(points) else 0 for k in range(i, j + 1)]
        for name in order[i:j + 1]:
            share = sum(held) / len(held)
            out[name] = int(share) if share == int(share) else share
        i = j + 1
    return out


class Tally:
    """A season counted as its deals come, game by game, so that an archive never needs to be held: per
    player only the sums the table needs (a list of winning hands' values would grow with every win).
    `sheets`: keep each game's sheet (the API's Season has them; the CLI writes them as they come);
    `series`: every deal's running changes (None), none (0), or about that many at most (a long season's
    chart: every k-th scored deal and each game's first, k doubling as the season grows, each point with
    `at`, its place among the season's scored deals)."""

    def __init__(self, aliases: Mapping[str, str] | Iterable[str] | None = None, sheets: bool = True,
                 series: int | None = None, table_points: Callable[[str], tuple[int, ...]] | None = None,
                 scale: Callable[[str], Scale] | None = None):
        self.names = alias_map(aliases)
        self.table_points = table_points  # variant name -> the points of a game's places (none: not counted)
        self.scale_of = scale  # variant name -> its scale (none: all points)
        self.scales: dict[Scale, dict[str, _Player]] = {}  # each scale's players, in the order first played
        self.players: dict[str, _Player] = {}  # the players of the game's scale
        self.runnings: dict[Scale, dict[str, int]] = {}  # each scale's running changes: scales never add up
        self.running: dict[str, int] = {}  # the game's scale's
        self.listed: list[dict[str, Any]] = []
        self.sheets: list[Sheet] = []
        self.series: list[dict[str, Any]] = []
        self.keep_sheets, self.most, self.step, self.scored = sheets, series, 1, 0
        self.last: dict[str, Any] | None = None
        self.read = self.rejected = 0
        self.spelled: set[str] = set()  # the aliases' spellings met in a game: the others are likely typos

    def start(self, file: str, variant: str, players: list[str], start: dict[str, int],
              rules: dict[str, Any] | None = None) -> None:
        """A game begins; `rules`: what it is scored under (batch's `rules`: variant, table hash, options)."""
        self.game = game = _Head(file, variant, list(players), dict(start), rules)
        self.scale = self.scale_of(variant) if self.scale_of else Scale.POINTS
        self.players = self.scales.setdefault(self.scale, {})
        self.running = self.runnings.setdefault(self.scale, {})
        self.who, self.count, self.bad = _renamer(game, self.names), 0, 0
        self.rows: list[SheetRow] = []
        self.net = dict.fromkeys(game.players, 0)
        self.spelled.update(name for name in game.players if name in self.names)
        for name in game.players:
            self.players.setdefault(self.who(name), _Player(self.who(name)))
            self.running.setdefault(self.who(name), 0)

    def deal(self, d: dict[str, Any]) -> None:
        """One deal, as batch's JSON has it with its running totals."""
        self.read += 1
        self.count += 1
        if self.keep_sheets:
            self.rows.append(sheet_row(d))
        for name, amount in (d.get("net") or {}).items():
            self.net[name] += amount
        if d.get("error"):
            self.bad += 1
            return
        _count_deal(d, self.game, self.who, self.players)
        for name, amount in d["net"].items():
            self.running[self.who(name)] += amount
        if self.most != 0:
            self._point({"file": self.game.file, "deal": d["deal"], "scale": self.scale.value,
                         "totals": dict(self.running)})

    def _point(self, point: dict[str, Any]) -> None:
        if self.most is None:
            self.series.append(point)
            return
        self.scored += 1
        point["at"] = self.scored
        first = self.last is None or self.last["file"] != point["file"]
        self.last = point
        if first or self.scored % self.step == 0:
            self.series.append({**point, "first": first})
        if len(self.series) > 2 * self.most:  # every other point goes; each game's first stays
            self.step *= 2
            self.series = [p for p in self.series if p["first"] or p["at"] % self.step == 0]

    def end(self, totals: dict[str, int], results: Mapping[str, float] | None = None) -> None:
        """A game is over: its totals and, where its scheme gives them, each player's result by place."""
        game, who = self.game, self.who
        for name in game.players:
            p = self.players[who(name)]
            if results and name in results:
                p.result += results[name]
                p.resulted += 1
            p.games += 1
            p.variants[game.variant] = p.variants.get(game.variant, 0) + 1
            if game.rules:
                key = (game.variant, game.rules["table"])
                p.tables[key] = p.tables.get(key, 0) + 1
            change = totals[name] - game.start[name]
            p.total += change
            if game.start[name]:
                c = p.counters.setdefault(game.variant, {"start": game.start[name], "end": game.start[name]})
                c["end"] += change
        points = self.table_points(game.variant) if self.table_points else ()
        if points:
            changes = {name: totals[name] - game.start[name] for name in game.players}
            for name, share in place_points(changes, points).items():
                self.players[who(name)].table_points += share
                self.players[who(name)].placed += 1
        self.rejected += self.bad
        self.listed.append({"file": game.file, "variant": game.variant, "players": [who(p) for p in game.players],
                            "start": {who(p): v for p, v in game.start.items()}, "deals": self.count - self.bad,
                            "rejected": self.bad, **({"rules": game.rules} if game.rules else {})})
        if self.keep_sheets:
            self.sheets.append(Sheet(game.file, game.variant, list(game.players), dict(game.start), self.rows,
                                     self.net, dict(totals), game.rules))

    def unused_aliases(self) -> list[str]:
        """The spellings given as aliases that no game read so far has as a player (a mistyped --alias would
        otherwise merge nothing, silently)."""
        return [spelling for spelling in self.names if spelling not in self.spelled]

    def season(self) -> Season:
        table, order = [], {}  # order: each scale's players as its table ranks them
        several = len(self.scales) > 1
        for scale, players in self.scales.items():  # (one scale: its table as it always was, unmarked)
            rows = _ranked([_row(p) for p in players.values()])
            table += [{"scale": scale.value, **r} for r in rows] if several else rows
            order[scale.value] = [r["player"] for r in rows]
        series = self.series
        if self.most and self.last is not None and series[-1]["at"] != self.last["at"]:
            series = series + [self.last]  # the season's last deal: the chart ends at the final totals
        series = [{**{k: v for k, v in s.items() if k != "first" and (several or k != "scale")},  # a point: its
                   "totals": {n: s["totals"].get(n, 0) for n in order[s["scale"]]}} for s in series]  # scale's players
        return Season(self.listed, table, self.sheets, series,
                      {"games": len(self.listed), "read": self.read, "scored": self.read - self.rejected,
                       "rejected": self.rejected})


class _Head(NamedTuple):
    """What a tally knows of the game it is counting."""

    file: str
    variant: str
    players: list[str]
    start: dict[str, int]
    rules: dict[str, Any] | None = None


def counter_words(row: Mapping[str, Any]) -> str:
    """A player's counters in words ("spanish 2000 -> 2534"), for the faces; empty where no variant has one."""
    return "; ".join(f"{v} {c['start']} -> {c['end']}" for v, c in row["counters"].items())
