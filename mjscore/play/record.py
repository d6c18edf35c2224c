"""A recorded game played through deal by deal: running totals, standings, what was scored.

The CLI's writers and the API's collector both receive the deals from `play`, so a batch
and `mjscore.score_game` agree by construction.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from mjscore.errors import DealError
from mjscore.hand.situation import SEATS
from mjscore.play.game import Header, Result, check_header, seat_deals
from mjscore.play.readers import read_game
from mjscore.play.schemes import scheme_of
from mjscore.play.workers import Pool, pool_for
from mjscore.rules.results import language
from mjscore.rules.switches import CountedDeals, SettlementRules


class Summary(NamedTuple):
    """How many deals a run read, scored and rejected: batch's exit status and last line, summed over files."""

    read: int = 0
    scored: int = 0
    rejected: int = 0

    def add(self, other: "Summary") -> "Summary":
        return Summary(*(a + b for a, b in zip(self, other)))

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()


class Parties:
    """In a game of a fixed number of deals (hungarian: a party of 16 scored deals), the deals played and
    counted in each party, as the writers receive them."""

    def __init__(self, header: Header):
        rules = header.variant.settlement.at(header.options)
        self.length = rules.deals_per_game
        self.only_won = rules.counted_deals is CountedDeals.WON
        self.seen: dict[int, dict[str, Any]] = {}

    def add(self, r: Result) -> None:
        if r.counted is not None:
            party = self.seen.setdefault(r.game, {"game": r.game, "played": 0, "counted": 0})
            party["played"] += 1
            party["counted"] += r.counted > 0

    def to_list(self) -> list[dict[str, Any]]:
        """{game, played, counted} for each party (empty in a game without a fixed number of deals)."""
        return list(self.seen.values())


class StrictStop(DealError):
    """--strict: the first deal that cannot be scored stops the batch."""


def standings(totals: dict[str, int], rules: SettlementRules | None = None, pot: int = 0, seating: "list[str] | tuple[Any, ...]" = ()) -> list[dict[str, Any]]:
    """Players by total, best first. Where the table's payment scheme gives game results by place (riichi's uma
    and oka: play/riichi.py), each also gets its `result`. Equal totals take their places in seating order:
    `seating`, the players as the game's first deal seats them (East, South, West, North; without it, or for a
    player not in it, the order of `totals`, the players' order). With results by place every place is its own
    rank (Tenhou ranks equal points by the first deal's seats, the earlier from East higher, and uma follows the
    rank); without, equal totals share a rank. `pot`: the sticks left on the table at the end, in points, given
    to the first place (`sticks`: what that added, on the first's row)."""
    order = [*(n for n in seating if n in totals), *(n for n in totals if n not in seating)]
    seat = {name: k for k, name in enumerate(order)}
    moved = dict.fromkeys(totals, 0)
    if pot and totals:
        moved[min(totals, key=lambda n: (-totals[n], seat[n]))] = pot  # (the first of equal totals in seating order)
    ordered = sorted(((n, t + moved[n]) for n, t in totals.items()), key=lambda kv: (-kv[1], seat[kv[0]]))
    out, rank = [], 0
    results = scheme_of(rules).place_results([t for _, t in ordered], rules) if rules is not None else None
    for i, (name, total) in enumerate(ordered):
        if i == 0 or total != ordered[i - 1][1] or results:  # (with results by place: a place each)
            rank = i + 1
        out.append({"rank": rank, "player": name, "total": total, **({"sticks": moved[name]} if moved[name] else {})})
        if results:
            out[-1]["result"] = results[i]
    return out


def play(path: str, variant: str | None, options: Any, tables_dir: Any, jobs: "int | Pool", strict: bool,
         writer: Any, progress: Callable[[int], Any], lang: str = "en", notice: Callable[[Any], Any] | None = None,
         versions: bool = True) -> Summary:
    """One game file through a writer (start_game, render, deal, end_game: the CLI's formats, or the
    API's collector); returns how many deals were read, scored and rejected. Deals stream: a game of a
    million deals never sits in memory unless the writer keeps it. `lang` names the winners' items
    (native: the variant's own rulebook language). `jobs`: a number of processes, or a pool the caller
    keeps for several games (mjscore.play.workers, mjscore.play.cluster). A game whose file records other
    rules than the table loaded is scored with the kept version it records, if any, and `notice` (a
    callable) is given a RulesNotice saying so (play/versions.py); `strict` refuses it when none is kept;
    `versions` False scores every game with the table loaded by name."""
    from mjscore.play.versions import choose

    header_data, deals = read_game(path)
    chosen = choose(header_data, variant, options, tables_dir, str(path), strict, versions)
    v, opts, tables_dir = chosen.variant, chosen.options, chosen.tables
    header = check_header(header_data, v, opts, path)._replace(lang=language(lang, v.language), rules=chosen.rules)
    if chosen.notice is not None and notice is not None:
        notice(chosen.notice)
    start = v.settlement.at(opts).start_points
    totals = {name: start for name in header.players}
    if header.resumed is not None and header.resumed.totals:  # a record starting mid-game: its scores there
        totals = {name: header.resumed.totals.get(name, start) for name in header.players}
    writer.start_game(path, header, dict(totals))
    read = scored = rejected = 0
    pool, mine = pool_for(jobs)
    settled = pool.settle(header, None if tables_dir is None else str(tables_dir), seat_deals(header, deals),
                          type(writer).render)
    rules, over = v.settlement.at(opts), None  # over: why the game ended before the file did
    scheme = scheme_of(rules)
    pot = scheme.pot_kept(header.resumed.snapshot or {}, rules) if header.resumed else 0  # (where it starts)
    seating: list[str] = []
    try:
        for result, shown in settled:
            read += 1
            if read == 1:  # the first deal's seats: the order equal totals are placed in (standings)
                seating = [result.seats[k] for k in SEATS if k in result.seats]
            if over and not result.error:
                result = result._replace(data=None, error=over)
                shown = type(writer).render(result)
            if result.error:
                rejected += 1
                if strict:
                    raise StrictStop(f"{result.place}: {result.error}")
            else:
                scored += 1
                assert result.data is not None  # (a deal without an error has its data)
                for name, amount in result.data["net"].items():
                    totals[name] += amount
                if "pot" in result.data:  # the table's pot, a party of its own (where the scheme keeps one)
                    pot += result.data["pot"]
                    result = result._replace(pot_total=pot)
                below = [n for n, t in totals.items() if t < 0] if rules.switch("ends_below_zero") and not over else ()
                if below:
                    over = (f"the game ended at deal {result.number}, when {', '.join(below)} went below zero "
                            f"({header.variant.name}: ends_below_zero, docs/tables.md): this deal is not part of it")
            writer.deal(result, shown, totals)
            progress(1)
    finally:
        settled.close()  # a pool's chunks still out are dropped before the pool is stopped
        if mine:
            pool.close()
    summary = Summary(read, scored, rejected)
    left = scheme.pot_left(pot, rules)  # (the pot: every game's, in a file of several)
    writer.end_game(standings(totals, rules, left, seating), summary)
    return summary


def game_head(path: str, header: Header, totals: dict[str, int]) -> dict[str, Any]:
    """A game's JSON before its deals: the file, the variant and its options, the players, the start."""
    head = {"file": path, "variant": header.variant.name, "options": header.options, "players": header.players,
            "start": totals}
    if header.rules is not None:  # the rules it was scored under: variant, table hash, options
        head["rules"] = header.rules.to_dict()
    return head


def deal_item(r: Result) -> dict[str, Any]:
    """One deal's JSON before its running totals: its place, seats and settlement, or why it was not scored.
    batch's JSON writer and the API's GameResult both print it, so they cannot drift apart."""
    item: dict[str, Any] = {"deal": r.number, "place": r.place, "game": r.game, "round": r.round, "seats": r.seats}
    if r.changed:
        item["seats_changed"] = r.changed
    if r.counted is not None:
        item["counted"] = r.counted
    if r.error:
        item["error"] = r.error
    else:
        assert r.data is not None  # (a deal without an error has its data)
        item.update(r.data)
    return item
