"""The public API of recorded games (docs/api.md, "Scoring a recorded game"): the games a file holds, each
game scored deal by deal, its sheet, a season, and a game compared with the record it carries. Loaded when
first asked for (mjscore/__init__.py), so `score` starts without it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Iterable, Mapping

from mjscore.api import Options, _option_strings, load_variant

if TYPE_CHECKING:
    from mjscore.api_results import GameResult
    from mjscore.play.difference import Difference
    from mjscore.play.game import Header, Result
    from mjscore.play.record import Summary
    from mjscore.play.score_sheet import Sheet
    from mjscore.play.season import Season
    from mjscore.play.sources import GameRef


def games(paths: Iterable[str | os.PathLike], game: int | None = None) -> list[GameRef]:
    """The games of the files given, in order, each recognised once by the reader of its kind (YAML, JSON
    Lines, `-` standard input, a Kajongg database standing for each of its games (`game`: that one), a
    tenhou.net/6 log): a `GameRef`, a `str` naming it as messages show it (`kajongg3.db game 3`), that
    `score_game` reads without recognising it again."""
    from mjscore.play.readers import expand

    return expand([os.fspath(p) for p in paths], game)


def play_game(game: str, variant: str | None, options, tables, jobs, strict: bool, writer, progress,
              lang: str = "en", notice=None, versions: bool = True) -> Summary:
    """One game streamed deal by deal through a writer (`start_game`, `render`, `deal`, `end_game`), as `batch`
    and `sheet` write their outputs: no deal is kept unless the writer keeps it. `jobs`: a number of processes
    or a `Pool` kept for several games (`pool_for`); `strict` refuses a game recording rules no longer kept;
    `progress` is told each deal's number; `notice` is given a RulesNotice where the game is scored with a kept
    version of its rules. Returns the `Summary` (deals read, scored, rejected)."""
    from mjscore.play.record import play

    return play(game, variant, options, tables, jobs, strict, writer, progress, lang, notice, versions)


def differences(game: str | os.PathLike, *, variant: str | None = None, options: Options = None,
                tables: str | os.PathLike | None = None, notice=None) -> list[Difference]:
    """Where mjscore's scoring of a recorded game (a Kajongg database's game, a Tenhou log, a Botzone Match: one
    of `games`) differs from the record the game carries, each a `Difference` (`line(game)` in words,
    `to_dict()`); a game file, which carries no other program's scoring, raises DealError. `variant`, `options`
    and `tables` as `score_game`'s; `notice` is given the RulesNotice of a game scored under other rules than
    its own (an explicit `variant`), as `play_game`'s."""
    from mjscore.play.readers import one_game, source_of

    ref = one_game(os.fspath(game))
    source = source_of(ref)
    if not source.keeps_record:
        return source.differences(ref, [], [])  # (it raises: a game file keeps no record)
    scored = _played(ref, variant, options, tables, 1, source.record_lang, True, notice)
    return source.differences(ref, scored.deals, scored.standings)


class _Collector:
    """play()'s writer for the API: keeps each deal as batch's JSON would print it."""

    def __init__(self) -> None:
        self.head: dict = {}
        self.deals: list[dict] = []
        self.tail: dict = {}

    def start_game(self, path: str, header: Header, totals: dict[str, int]) -> None:
        from mjscore.play.record import Parties, game_head

        self.head = game_head(path, header, totals)

        self.parties = Parties(header)

    @staticmethod
    def render(r: Result) -> dict:
        from mjscore.play.record import deal_item

        return deal_item(r)

    def deal(self, r: Result, shown: dict, totals: dict[str, int]) -> None:
        self.parties.add(r)
        shown["totals"] = dict(totals)
        if r.pot_total is not None:  # riichi: the sticks on the table after it, as batch's JSON has it
            shown["pot_total"] = r.pot_total
        self.deals.append(shown)

    def end_game(self, standings: list[dict], summary: Summary) -> None:
        self.tail = {"totals": {s["player"]: s["total"] for s in standings}, "standings": standings,
                     "summary": summary.to_dict(), "parties": self.parties.to_list()}


def score_game(game: str | os.PathLike, *, variant: str | None = None, options: Options = None,
               tables: str | os.PathLike | None = None, jobs: int = 1, lang: str = "en",
               versions: bool = True) -> GameResult:
    """Settle a recorded game file (YAML or JSON Lines) deal by deal: seats, rounds, payments, running
    totals and standings. A deal that cannot be scored is kept with its `error` and place; a file that
    cannot be read at all raises DealError. Pure and picklable: a large archive is a map of this function
    over its files (docs/api.md). `lang` names the winners' items (a language code, or "native"). A game
    whose file records other rules (`rules: {table: sha256:...}`) than the table loaded is scored with the
    version kept in `tables`/versions/ that it records (`versions=False`: with the loaded table); its `rules`
    say which."""
    return _played(game, variant, options, tables, jobs, lang, versions, None)


def _played(game, variant, options, tables, jobs, lang, versions, notice) -> GameResult:
    from mjscore.play.record import play
    from mjscore.api_results import GameResult

    collector = _Collector()
    play(os.fspath(game), variant, _option_strings(options), tables, jobs, False, collector, lambda n: None, lang,
         notice, versions)
    return GameResult(deals=collector.deals, **collector.head, **collector.tail)


def _scored(game: GameResult | str | os.PathLike, variant, options, tables) -> GameResult:
    if isinstance(game, (str, os.PathLike)):
        return score_game(game, variant=variant, options=options, tables=tables)
    return game  # a GameResult, or a game kept elsewhere with the same fields (file, variant, players, start, deals)


def score_sheet(game: GameResult | str | os.PathLike, *, variant: str | None = None, options: Options = None,
                tables: str | os.PathLike | None = None) -> Sheet:
    """A game's score sheet as a club keeps it (`mjscore sheet`): a row per deal with who was East, the
    result, how the last tile came, each player's net and running total; its `totals` are batch's."""
    from mjscore.play.score_sheet import score_sheet as _sheet

    return _sheet(_scored(game, variant, options, tables))


def season(games: Iterable[GameResult | str | os.PathLike], *, aliases: Mapping[str, str] | Iterable[str] | None = None,
           variant: str | None = None, options: Options = None, tables: str | os.PathLike | None = None) -> Season:
    """A season of games (scored results or game files, in order): the league table with statistics per player
    (`mjscore standings`), each game's sheet and the running changes (`mjscore report`). `aliases` folds other
    spellings into one name: {"Ane M.": "Ane"} or ["Ane=Ane M."]. A total is the change from a variant's counter."""
    from mjscore.play.season import season as _season

    return _season((_scored(g, variant, options, tables) for g in games), aliases,
                   lambda name: load_variant(name, tables).settlement.table_points,  # (MCR's places: 4, 2, 1, 0)
                   lambda name: load_variant(name, tables).scale)  # (a league table per scale)


