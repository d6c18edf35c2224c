"""The commands about deals and games: `settle`, `batch`, `sheet`, `standings` and `report`. Loaded
only when one of them runs (or `mjscore --help` lists them): main.py's group imports a command's
module on demand."""

from __future__ import annotations

import sys

import click

from mjscore.cli import terminal
from mjscore.cli.options import (MjscoreCommand, WIN_SET_HELP, also_option, check_situation, format_option,
                                 game_option, given, glyphs_option, lang_of, lang_option, output_option, pool_of,
                                 pool_options, said_in, variant_options)
from mjscore.cli.output import RulesNotes
from mjscore.errors import DealError, MjscoreError, SituationError
from mjscore import POT, SOURCES


strict_option = click.option(
    "--strict", is_flag=True,
    help="stop at the first deal that cannot be scored, or game whose recorded rules (rules: table) are not the "
         "table loaded nor a version kept in the tables folder (docs/tables.md)")

DEAL_OPTIONS = ("winner", "round_", "win", "source", "win_set", "also", "discarder", "false_mahjong", "pays_for_all")


@click.command(cls=MjscoreCommand)
@click.argument("deal_file", required=False, metavar="DEAL.yaml|-")
@click.option("--winner", default=None, metavar="E|S|W|N", help="the winner's seat (omit for a draw)")
@click.option("--east", default=None, metavar="HAND", help="East's hand")
@click.option("--south", default=None, metavar="HAND", help="South's hand")
@click.option("--west", default=None, metavar="HAND", help="West's hand")
@click.option("--north", default=None, metavar="HAND", help="North's hand")
@click.option("--round", "round_", default=None, metavar="E|S|W|N", help="prevailing wind (default E)")
@click.option("--win", default=None, metavar="TILE", help="the winner's last tile")
@click.option("--from", "source", default="discard", metavar="|".join(SOURCES),
              help="how the winning tile came")
@click.option("--win-set", "win_set", default=None, metavar="SET", help=WIN_SET_HELP)
@also_option
@click.option("--discarder", default=None, metavar="E|S|W|N", help="who discarded the winning tile")
@click.option("--false-mahjong", "false_mahjong", default=None, metavar="E|S|W|N",
              help="the seat that declared a false mah jong")
@click.option("--pays-for-all", "pays_for_all", default=None, metavar="E|S|W|N",
              help="the seat that alone pays the winner (a variant's dangerous-game rule)")
@glyphs_option
@lang_option
@variant_options
@format_option("table", "csv", "markdown", "html", "json")
@output_option
@terminal.checked
def settle(deal_file, winner, east, south, west, north, round_, win, source, win_set, also, discarder, false_mahjong,
           pays_for_all, glyphs, lang, variant, options, tables_dir, fmt):
    """Settle one deal: all four hands, every payment, each player's net.

    Give a deal file (or - for standard input), or the hands with --east ... --north.

    \b
    Examples:
      mjscore settle examples/deal-spanish.yaml
      mjscore settle --winner S --win 7s --east "[RRR] 234m 55s 78p NN" --south "[555p] 123m 789s SSS NN" \\
          --west "[111s] 456m 99m 2468p" --north "123s 567s 3p 4p 6m 7m 9m WW"
    """
    from mjscore import api
    from mjscore import load_data

    ctx = click.get_current_context()
    hands = {k: h for k, h in (("E", east), ("S", south), ("W", west), ("N", north)) if h is not None}
    if deal_file and hands:
        raise DealError("give a deal file or hands with --east/--south/--west/--north, not both")
    if deal_file:
        typed = given(ctx, *DEAL_OPTIONS)
        if typed:
            raise DealError(f"{', '.join(typed)}: for a deal typed as options; a deal file says these itself "
                            f"(winner:, round:, win: {{tile, from, set, discarder, also}}, false_mahjong:, pays_for_all:)")
        data = load_data(deal_file, what="deal")
        where = "<stdin>" if deal_file == "-" else deal_file
        if not isinstance(data, dict):  # (the API would take a text for the path of another deal file)
            raise DealError(f"{where}: a deal is a mapping with hands:, winner:, win: ...")
    elif hands:
        if winner is not None:
            check_situation(winner, source, also, options, ctx)
        data = {"hands": hands, "winner": winner, "round": "E" if round_ is None else round_,
                "false_mahjong": false_mahjong, "pays_for_all": pays_for_all,
                "win": {"tile": win, "from": source, "set": win_set, "discarder": discarder, "also": list(also)}}
        where = "deal"
    else:
        raise DealError("give a deal file (or - for standard input), or the hands with --east ... --north")
    try:
        result = api.settle(data, variant=variant, options=options, tables=tables_dir, where=where, flags=not deal_file)
    except (DealError, SituationError) as e:  # (a refusal the core made of catalogue words: said in --lang, as batch)
        raise said_in(e, lang) from None
    from mjscore.cli.render import Output, draw
    from mjscore.messages import M

    lang = lang_of(lang, result.deal.variant)

    def people():
        from mjscore.cli.report import settlement_text

        return [settlement_text(result, glyphs and terminal.glyphs_shown(), lang)]

    draw(Output(M.PG_SETTLEMENT, lang, people, lambda: [_payment_columns(result, lang)],
                lambda: result.to_dict(lang)), fmt)


def _payment_columns(result, lang: str) -> tuple[list[str], list[list]]:
    """settle as CSV: a row per payment, then each seat's net, as the table ends."""
    from mjscore.messages import M, Words

    w, d = Words(lang), result.deal
    name = lambda seat: (w(M.B_THE_TABLE) if seat == POT else d.players[seat] if seat in d.players  # noqa: E731
                         else w.seat(seat))  # (no names: East...; riichi's pot: the table)
    rows = [[p.payer, name(p.payer), p.payee, name(p.payee), p.amount, w.again(p.reason)] for p in result.payments]
    rows += [["net", "", seat, name(seat), net, "net"] for seat, net in result.net.items()]  # as the table ends
    if result.pot is not None:  # riichi: the sticks on the table, a party of their own
        rows.append(["net", "", POT, name(POT), result.pot, "net"])
    return ["from", "from_player", "to", "to_player", "amount", "reason"], rows


@click.command(cls=MjscoreCommand)
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|kajongg3.db|GAME.json|-...")
@pool_options
@strict_option
@game_option
@click.option("--differences", is_flag=True, help="of a Kajongg database, a Tenhou log or a Botzone record: list only "
              "the deals where mjscore's seats, values, payments or balances differ from the record, and why (exit 1 "
              "if any)")
@lang_option
@variant_options
@format_option("table", "csv", "markdown", "html", "json")
@output_option
@terminal.checked
def batch(files, dask, jobs, strict, game, differences, lang, variant, options, tables_dir, fmt):
    """Score recorded games: seats, rounds, payments, running totals, standings.

    A game file is YAML (variant, options, players, deals) or JSON Lines (a header
    line, then one deal per line); - reads either from standard input. KDE Kajongg's
    game database (kajongg3.db) is read as its games, a Tenhou log (tenhou.net/6
    JSON, or Tenhou's mjlog XML, plain or gzip) or an mjai log as a riichi game,
    each round replayed, and a Botzone MCR record as a game per Match. Exit status
    1 if some deals could not be scored.

    \b
    Examples:
      mjscore batch examples/game-dmjl.yaml
      mjscore batch archive.jsonl --format csv -o standings.csv --jobs 2
      mjscore batch archive.jsonl -o scored.json --dask tcp://scheduler:8786
      mjscore batch ~/.local/share/kajongg/kajongg3.db --game 3
      mjscore batch 2020052700gm-00a9-0000-75a4695c.json --differences
    """
    from mjscore.cli.batch import Progress, run_batch
    from mjscore.cli.render import for_pages, for_terminal
    from mjscore.messages import M, Words

    files = _sources(files, game)
    if differences:
        if for_pages(fmt):
            raise MjscoreError(f"--differences prints a line per difference (--format table) or its data "
                               f"(--format json), not {fmt}: mjscore batch kajongg3.db --differences --format json")
        return _differences(files, fmt, variant, options, tables_dir)

    output = click.get_current_context().meta.get("mjscore.output")
    show = sys.stderr.isatty() and (output is not None or (for_terminal(fmt) and sys.stdout.isatty()))
    progress = Progress(sys.stderr, list(files) if show else None)
    try:
        with pool_of(jobs, dask) as pool:
            summary, errors, rejected = run_batch(list(files), variant, options, tables_dir, fmt, pool, strict,
                                                  progress, lang)
    finally:
        progress.close()  # before any message: it must not run on from the bar's line
    if summary.rejected or errors:
        if output is not None:  # the places are in the file; the terminal lists them too
            for place in rejected[:20]:
                terminal.say(Words(lang)(M.NOT_SCORED_AT, place=place))
            if len(rejected) > 20:
                terminal.say(f"... and {len(rejected) - 20} more (in {output})")
        sys.stderr.write(f"mjscore: {not_scored_count(summary.read, summary.rejected, len(errors), lang)}\n")
        return 1
    return 0


def _sources(files, game: int | None) -> list[str]:
    """The games given: a Kajongg database stands for its games (--game N: that one); a Tenhou log is read as
    one (play/tenhou.py)."""
    from mjscore import api

    return api.games(files, game)


def _differences(games: list, fmt: str, variant: str | None, options, tables_dir) -> int:
    """batch --differences: each deal of the Kajongg games, Tenhou logs and Botzone records given where mjscore
    differs from the record (Kajongg's, the log's, Botzone's), each scored as batch scores it (--variant,
    --option, --tables; the same lines said of its rules)."""
    from mjscore import api

    notes, found = RulesNotes(variant, options, tables_dir), []
    for ref in games:
        found += [(ref, d) for d in api.differences(ref, variant=variant, options=list(options), tables=tables_dir,
                                                   notice=notes)]
        notes.said(None)
    from mjscore.cli.render import Output, draw, for_programs

    draw(Output("Differences", "en", lambda: [d.line(ref) for ref, d in found],  # (a line each, as a program reads it)
                data=lambda: [{"game": str(ref), **d.to_dict()} for ref, d in found], fit=False), fmt)
    if for_programs(fmt):
        return 1 if found else 0
    whose = "Kajongg's record" if all(r.source == "kajongg" for r in games) else "the record"
    click.echo(f"{len({(r, d.deal) for r, d in found})} deal(s) of {len(games)} game(s) differ from {whose}",
               err=True)
    return 1 if found else 0


def _common_language(season, lang: str, tables_dir) -> str:
    """--lang native for a season: the rulebook language its variants share (English where they differ)."""
    if lang != "native":
        return lang
    from mjscore.api import load_variant

    names = {v for r in season.table for v in r["variants"]}
    langs = {load_variant(v, tables_dir).language for v in names}
    return langs.pop() if len(langs) == 1 else "en"


def not_scored_count(read: int, bad: int, unreadable: int, lang: str) -> str:
    """The closing count of deals not scored (and files unreadable) in `lang` (English under native: the
    games' variants may speak several languages)."""
    from mjscore.messages import M, Words

    w = Words(lang)
    return w(M.CLOSING_NOT_SCORED, bad=bad, read=read) + (w(M.CLOSING_UNREADABLE, n=unreadable) if unreadable else "")


def _not_scored(read: int, bad: int, unreadable: int = 0, *, lang: str) -> None:
    """As batch: deals that could not be scored, and files among several that could not be read, were said on
    stderr as they came; the count, and exit status 1."""
    if bad or unreadable:
        click.echo(f"mjscore: {not_scored_count(read, bad, unreadable, lang)}", err=True)
        sys.exit(1)


@click.command(cls=MjscoreCommand)
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|kajongg3.db|GAME.json|-...")
@format_option("table", "csv", "markdown", "html", "json")
@strict_option
@game_option
@lang_option
@variant_options
@output_option
def sheet(files, fmt, strict, game, lang, variant, options, tables_dir):
    """The score sheet of each game: a row per deal (East, result, how the last tile came, each player's
    net and running total) and a final row, whose totals are batch's.

    \b
    Example:
      mjscore sheet examples/game-spanish.yaml --format markdown
    """
    from mjscore.cli.render import stream
    from mjscore.cli.sheets import write_sheets
    from mjscore.messages import M

    sections = stream(fmt, M.RP_SHEETS, lang)
    _not_scored(*write_sheets(_sources(files, game), sections, variant, options, tables_dir, strict, lang), lang=lang)


@click.command(cls=MjscoreCommand)
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|kajongg3.db|GAME.json|-...")
@format_option("table", "csv", "markdown", "html", "json")
@click.option("--alias", "aliases", multiple=True, metavar="NAME=SPELLING[,SPELLING]",
              help="other spellings of a player's name in the files (repeatable), e.g. \"Ane=Ane M.\"")
@pool_options
@strict_option
@game_option
@lang_option
@variant_options
@output_option
def standings(files, fmt, aliases, dask, jobs, strict, game, lang, variant, options, tables_dir):
    """The league table of a season of games: total (the change from a variant's counter), games, deals,
    wins, self-drawn wins, false mah jongs, biggest hand, average per game, rank.

    \b
    Example:
      mjscore standings january.yaml february.yaml --alias "Ane=Ane M."
      mjscore standings archive/*.jsonl --dask local
    """
    from mjscore.cli.render import draw
    from mjscore.cli.season import standings_output
    from mjscore.cli.sheets import tally
    from mjscore import alias_map

    alias_map(aliases)  # a bad --alias is said before any game is read
    with pool_of(jobs, dask) as pool:
        season, counts = tally(_sources(files, game), variant, options, tables_dir, aliases, jobs=pool,
                               strict=strict, lang=lang)
    lang = _common_language(season, lang, tables_dir)
    draw(standings_output(season, lang), fmt)
    _not_scored(*counts, lang=lang)


@click.command(cls=MjscoreCommand)
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|kajongg3.db|GAME.json|-...")
@click.option("--title", default=None, help="the page's title (default: Season, N games)")
@click.option("--alias", "aliases", multiple=True, metavar="NAME=SPELLING[,SPELLING]",
              help="other spellings of a player's name in the files (repeatable)")
@strict_option
@game_option
@lang_option
@variant_options
@output_option
def report(files, title, aliases, strict, game, lang, variant, options, tables_dir):
    """One standalone HTML page of a season: league table, statistics, a chart of running totals and each
    game's score sheet (needs the extra: pip install "mjscore[report]").

    \b
    Example:
      mjscore report january.yaml february.yaml -o season.html --title "Club season"
    """
    from mjscore.cli.chart import INSTALL, have_matplotlib, running_totals_svg

    if not have_matplotlib():
        raise MjscoreError(INSTALL)
    from mjscore.cli.season_report import charts, report_page
    from mjscore.messages import M, Words
    from mjscore.cli.sheets import report_season, report_sheets
    from mjscore import alias_map
    from mjscore.spool import Spool

    alias_map(aliases)
    with Spool() as spool:  # the sheets' rows, written after the table and the chart that need every deal
        s, heads, counts = report_season(_sources(files, game), variant, options, tables_dir, aliases, spool,
                                         strict, lang)
        games, lang = len(heads), _common_language(s, lang, tables_dir)
        w = Words(lang)
        drawn = [(c, running_totals_svg(c.series, c.players, labels=(w(M.RP_X_LABEL), w(M.RP_Y_LABEL)), key=c.key))
                 for c in charts(s, w)]  # (one per scale: scales never add up)
        for part in report_page(s, drawn, title or w(M.RP_TITLE_ONE if games == 1 else M.RP_TITLE_MANY, n=games),
                                report_sheets(heads, spool, lang), lang):
            sys.stdout.write(part)  # -o FILE.html: written atomically by output_option
        sys.stdout.write("\n")
    _not_scored(*counts, lang=lang)
