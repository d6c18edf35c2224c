"""The command line: parse options, call the library, format. Errors become one line and exit 2."""

from __future__ import annotations

import json
import os
import sys

import click

from mjscore.cli import terminal
from mjscore.errors import MjscoreError
from mjscore.hand.situation import SITUATIONS, SOURCES

class _Stopped(Exception):
    """SIGTERM (terminal.Terminated), past click (which would print an empty line for a KeyboardInterrupt)."""


class MjscoreGroup(click.Group):
    """Turns every MjscoreError and usage error into `mjscore: error: ...` and exit status 2."""

    def invoke(self, ctx):  # noqa: D102
        try:
            return super().invoke(ctx)
        except terminal.Terminated:
            raise _Stopped() from None

    def main(self, args=None, prog_name=None, **extra):  # noqa: D102
        terminal.escape_what_cannot_be_shown(sys.stdout)
        try:
            with terminal.sigterm_unwinds():
                rv = super().main(args=args, prog_name=prog_name or "mjscore", standalone_mode=False, **extra)
        except _Stopped:
            click.echo("mjscore: interrupted", err=True)
            sys.exit(143)  # 128 + SIGTERM, as the shell reports a process that SIGTERM ended
        except MjscoreError as e:
            _fail(str(e), e.detail_lines(), e.exit_code)
        except click.exceptions.Abort:
            click.echo("mjscore: interrupted", err=True)
            sys.exit(130)
        except click.UsageError as e:
            hint = f" (try '{e.ctx.command_path} --help')" if e.ctx else ""
            _fail(e.format_message() + hint, [], 2)
        except click.ClickException as e:
            _fail(e.format_message(), [], e.exit_code or 2)
        except BrokenPipeError:
            sys.exit(0)
        except Exception as e:  # a bug, not bad input: still one line, never a traceback (MJSCORE_DEBUG=1 shows it)
            if os.environ.get("MJSCORE_DEBUG"):
                raise
            _fail(f"internal error ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}); "
                  f"please report it with the input that caused it", [], 2)
        sys.exit(rv or 0)


def _fail(message: str, details: list[str], code: int):
    click.echo(f"mjscore: error: {message}", err=True)
    for line in details:
        click.echo(line, err=True)
    sys.exit(code)


def variant_options(f, option_flags=("--option", "-o")):
    """--variant, --option, --tables: which rules (batch keeps -o for its output file)."""
    f = click.option("--tables", "tables_dir", metavar="DIR", default=None,
                     help="use the YAML table files in DIR instead of the packaged ones")(f)
    f = click.option(*option_flags, "options", multiple=True, metavar="KEY=VALUE",
                     help="a house option of the variant (repeatable), e.g. limit=1000")(f)
    f = click.option("--variant", "-v", envvar="MJSCORE_VARIANT", default=None, metavar="NAME",
                     help="rule variant (default spanish, or what a deal or game file names; the "
                          "MJSCORE_VARIANT environment variable overrides the default)")(f)
    return f


def variant_options_long_only(f):
    """variant_options for batch, whose -o is the output file."""
    return variant_options(f, option_flags=("--option",))


def format_option(csv_rows: str):
    """--format table|json|csv, the same for every command; `csv_rows` says what a CSV row is."""
    return click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
                        help=f"table for people, json for programs, csv for spreadsheets (one row per {csv_rows})")


def common_options(f):
    """--variant, --option, --tables, --format: shared by score, waits and settle."""
    return variant_options(format_option("item, waiting tile or payment")(f))


LANGS = ("en", "eu", "hu", "es", "da", "native")


def lang_option(f):
    """--lang: names of items in a rulebook's own language (the JSON key `rule` stays English)."""
    return click.option("--lang", default="en", type=click.Choice(LANGS), show_default=True,
                        help="names of items in this language: eu Basque, hu Hungarian, es Spanish, da Danish, "
                             "native: each variant's own rulebook; English where a rulebook has no name")(f)


def _lang(lang: str, variant) -> str:
    return variant.language if lang == "native" else lang


def situation_options(f):
    words = ", ".join(SITUATIONS)
    f = click.option("--also", "also", multiple=True, metavar="NAME",
                     help=f"rarer circumstances (repeatable): {words}")(f)
    f = click.option("--from", "source", default="discard", metavar="|".join(SOURCES),
                     help="how the winning tile came: a discard (default), drawn from the wall, the loose tile "
                          "after a kong, robbed from a kong")(f)
    f = click.option("--win", metavar="TILE", default=None,
                     help="the tile that completed the hand (default: the best-scoring choice)")(f)
    f = click.option("--round", "round_", default="E", metavar="E|S|W|N", help="prevailing wind (default E)")(f)
    f = click.option("--seat", default="E", metavar="E|S|W|N", help="the player's seat wind (default E)")(f)
    return f


def _emit_csv(header, rows):
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)


def _emit_json(data):
    click.echo(json.dumps(data, ensure_ascii=False))


@click.group(name="mjscore", cls=MjscoreGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mjscore", prog_name="mjscore")
def main():
    """Score and settle mahjong hands under classical rule variants.

    A hand is written as in docs/notation.md (`mjscore notation` prints it):
    [555p] exposed set, {5555p} concealed kong, free concealed tiles, E S W N
    winds, R G P dragons, 1f-4f flowers, 1y-4y seasons. Example:

        mjscore score "[555p] 123m 789s SSS NN" --variant spanish --seat S --win 7s --from wall
    """


@main.command()
@click.argument("hand")
@situation_options
@click.option("--all", "show_all", is_flag=True, help="also list every other arrangement considered")
@click.option("--explain", is_flag=True, help="say why the arrangement kept beat the next best one (for a dispute)")
@click.option("--glyphs", is_flag=True, help="print tiles as Unicode mahjong glyphs")
@lang_option
@common_options
@terminal.checked
def score(hand, seat, round_, win, source, also, show_all, explain, glyphs, lang, variant, options, tables_dir, fmt):
    """Value of one HAND, itemised."""
    from mjscore import api

    scores = api.arrangements(hand, variant, seat=seat, round=round_, win=win, source=source,
                              also=also, options=options, tables=tables_dir)
    best = scores[0]
    lang = _lang(lang, api.load_variant(best.variant, tables_dir))
    if fmt == "json":
        data = best.to_dict(lang)
        if show_all:
            data["alternatives"] = [s.to_dict(lang) for s in scores[1:]]
        if explain:
            runner = api.runner_up(scores)
            data["runner_up"] = runner.to_dict(lang) if runner is not None else None
        _emit_json(data)
        return
    if fmt == "csv":
        from mjscore.cli.report import fmt_fraction

        rows = [[i.rule, i.tiles, i.points, i.doubles, fmt_fraction(i.limit), i.extra] for i in best.items]
        rows.append(["value", " ".join(best.arrangement), best.points, best.doubles,
                     fmt_fraction(best.limit_fraction), best.value])
        _emit_csv(["rule", "tiles", "points", "doubles", "limit", "extra"], rows)
        return
    from mjscore.cli.report import score_text

    glyphs = glyphs and terminal.glyphs_shown()  # a terminal in latin-1: letters, and a note
    click.echo(score_text(best, scores[1:] if show_all else None, glyphs, lang))
    if explain:
        from mjscore.cli.report import explain_text

        click.echo(explain_text(best, api.runner_up(scores), lang))


@main.command()
@click.argument("hand")
@situation_options
@click.option("--variant", "-v", "variant_list", default=None, metavar="A,B,...",
              help="the variants to compare, separated by commas (default: all)")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="a house option (repeatable), applied to each variant that has it, e.g. limit=1000")
@click.option("--tables", "tables_dir", metavar="DIR", default=None,
              help="use the YAML table files in DIR instead of the packaged ones")
@lang_option
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              help="table for people; json: a list with, per variant, the object `score --format json` prints")
@terminal.checked
def compare(hand, seat, round_, win, source, also, variant_list, options, tables_dir, lang, fmt):
    """One HAND under every variant (or --variant a,b), side by side: what it is worth in each and why.

    Example: mjscore compare "[555p] 123m 789s SSS NN" --seat S --win 7s --from wall
    """
    from mjscore import api

    names = [n.strip() for n in variant_list.split(",") if n.strip()] if variant_list else None
    results = api.compare(hand, names, seat=seat, round=round_, win=win, source=source, also=also,
                          options=options, tables=tables_dir)
    langs = {c.variant: _lang(lang, api.load_variant(c.variant, tables_dir)) for c in results}
    if fmt == "json":
        _emit_json([c.to_dict(langs[c.variant]) for c in results])
        return
    from mjscore.cli.report import compare_text

    click.echo(compare_text(results, lang))


@main.command()
@click.argument("hand")
@click.option("--seat", default="E", metavar="E|S|W|N", help="the player's seat wind (default E)")
@click.option("--round", "round_", default="E", metavar="E|S|W|N", help="prevailing wind (default E)")
@click.option("--also", "also", multiple=True, metavar="NAME", help="rarer circumstances (repeatable)")
@common_options
@terminal.checked
def waits(hand, seat, round_, also, variant, options, tables_dir, fmt):
    """Every tile that completes HAND (one tile short of mah jong), with the value claimed and drawn."""
    from mjscore import api

    found = api.waits(hand, variant, seat=seat, round=round_, also=also, options=options,
                      tables=tables_dir)
    if fmt == "json":
        _emit_json(found.to_dict())
        return
    if fmt == "csv":
        _emit_csv(["tile", "discard", "wall"], [list(w) for w in found.waits])
        return
    from mjscore.cli.report import waits_text

    click.echo(waits_text(found.hand, [w._asdict() for w in found.waits]))


@main.command()
@click.argument("deal_file", required=False, metavar="DEAL.yaml|-")
@click.option("--winner", default=None, metavar="E|S|W|N", help="the winner's seat (omit for a draw)")
@click.option("--east", default=None, metavar="HAND", help="East's hand")
@click.option("--south", default=None, metavar="HAND", help="South's hand")
@click.option("--west", default=None, metavar="HAND", help="West's hand")
@click.option("--north", default=None, metavar="HAND", help="North's hand")
@click.option("--round", "round_", default=None, metavar="E|S|W|N", help="prevailing wind (default E)")
@click.option("--win", default=None, metavar="TILE", help="the winner's last tile")
@click.option("--from", "source", default="discard", metavar="|".join(SOURCES), help="how the winning tile came")
@click.option("--also", "also", multiple=True, metavar="NAME", help="rarer circumstances of the win (repeatable)")
@click.option("--discarder", default=None, metavar="E|S|W|N", help="who discarded the winning tile")
@click.option("--false-mahjong", "false_mahjong", default=None, metavar="E|S|W|N",
              help="the seat that declared a false mah jong")
@click.option("--pays-for-all", "pays_for_all", default=None, metavar="E|S|W|N",
              help="the seat that alone pays the winner (a variant's dangerous-game rule)")
@common_options
@terminal.checked
def settle(deal_file, winner, east, south, west, north, round_, win, source, also, discarder, false_mahjong,
           pays_for_all, variant, options, tables_dir, fmt):
    """Settle one deal: all four hands, every payment, each player's net.

    Give a deal file (or - for standard input), or the hands with --east ... --north.
    """
    from mjscore import api
    from mjscore.errors import DealError
    from mjscore.play.dealfile import load_data

    given = {k: h for k, h in (("E", east), ("S", south), ("W", west), ("N", north)) if h is not None}
    if deal_file and given:
        raise DealError("give a deal file or hands with --east/--south/--west/--north, not both")
    if deal_file:
        data = load_data(deal_file)
        where = "<stdin>" if deal_file == "-" else deal_file
        if not isinstance(data, dict):  # (the API would take a text for the path of another deal file)
            raise DealError(f"{where}: a deal is a mapping with hands:, winner:, win: ...")
    elif given:
        data = {"hands": given, "winner": winner, "round": "E" if round_ is None else round_,
                "false_mahjong": false_mahjong,
                "pays_for_all": pays_for_all,
                "win": {"tile": win, "from": source, "discarder": discarder, "also": list(also)}}
        where = "deal"
    else:
        raise DealError("give a deal file (or - for standard input), or the hands with --east ... --north")
    result = api.settle(data, variant=variant, options=options, tables=tables_dir, where=where, flags=not deal_file)
    if fmt == "json":
        _emit_json(result.to_dict())
        return
    if fmt == "csv":
        _emit_csv(["from", "to", "amount", "reason"], [[p.payer, p.payee, p.amount, p.reason] for p in result.payments])
        return
    from mjscore.cli.report import settlement_text

    click.echo(settlement_text(result))


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl...")
@format_option("player per deal")
@click.option("-o", "--output", default=None, metavar="FILE", help="write to FILE (atomically) instead of stdout")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="score deals on N processes")
@click.option("--strict", is_flag=True, help="stop at the first deal that cannot be scored")
@variant_options_long_only
@terminal.checked
def batch(files, fmt, output, jobs, strict, variant, options, tables_dir):
    """Score recorded games: seats, rounds, payments, running totals, standings.

    A game file is YAML (variant, options, players, deals) or JSON Lines (a header
    line, then one deal per line). Exit status 1 if some deals could not be scored.
    """
    from mjscore.cli.batch import Progress, run_batch

    if output == "-":
        output = None  # -o - is standard output, as for most tools
    show = sys.stderr.isatty() and (output is not None or (fmt == "table" and sys.stdout.isatty()))
    progress = Progress(sys.stderr, list(files) if show else None)
    try:
        summary, errors = run_batch(list(files), variant, options, tables_dir, fmt, output, jobs, strict, progress)
    finally:
        progress.close()  # before any message: it must not run on from the bar's line
    if summary.rejected or errors:
        sys.stderr.write(f"mjscore: {summary.rejected} of {summary.read} deals not scored"
                         + (f"; {len(errors)} file(s) unreadable" if errors else "") + "\n")
        sys.exit(1)


def _season_format(f):
    return click.option("--format", "fmt", type=click.Choice(["table", "csv", "markdown", "html", "json"]),
                        default="table", help="table for people, csv for spreadsheets, markdown or html for a club's "
                                              "pages, json for programs")(f)


def _not_scored(games) -> None:
    """As batch: deals that could not be scored are said on stderr, and the exit status is 1."""
    bad = [d for g in games for d in g.deals if d.get("error")]
    if bad:
        for d in bad:
            click.echo(f"mjscore: not scored: {d['place']}: {d['error']}", err=True)
        click.echo(f"mjscore: {len(bad)} of {sum(len(g.deals) for g in games)} deals not scored", err=True)
        sys.exit(1)


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|-...")
@_season_format
@variant_options_long_only
def sheet(files, fmt, variant, options, tables_dir):
    """The score sheet of each game: a row per deal (East, result, how the last tile came, each player's
    net and running total) and a final row, whose totals are batch's."""
    from mjscore import api
    from mjscore.cli.season import score_files, sheets_text

    games = score_files(files, variant, options, tables_dir)
    click.echo(sheets_text([api.score_sheet(g) for g in games], fmt))
    _not_scored(games)


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|-...")
@_season_format
@click.option("--alias", "aliases", multiple=True, metavar="NAME=SPELLING[,SPELLING]",
              help="other spellings of a player's name in the files (repeatable), e.g. \"Ane=Ane M.\"")
@variant_options_long_only
def standings(files, fmt, aliases, variant, options, tables_dir):
    """The league table of a season of games: total (the change from a variant's counter), games, deals,
    wins, self-drawn wins, false mah jongs, biggest hand, average per game, rank."""
    from mjscore import api
    from mjscore.cli.season import score_files, standings_text

    games = score_files(files, variant, options, tables_dir)
    click.echo(standings_text(api.season(games, aliases=aliases), fmt))
    _not_scored(games)


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|-...")
@click.option("-o", "--output", default=None, metavar="FILE.html", help="write the page to FILE (default: stdout)")
@click.option("--title", default=None, help="the page's title (default: Season, N games)")
@click.option("--alias", "aliases", multiple=True, metavar="NAME=SPELLING[,SPELLING]",
              help="other spellings of a player's name in the files (repeatable)")
@variant_options_long_only
def report(files, output, title, aliases, variant, options, tables_dir):
    """One standalone HTML page of a season: league table, statistics, a chart of running totals and each
    game's score sheet (needs the extra: pip install "mjscore[report]")."""
    from mjscore import api
    from mjscore.cli.chart import INSTALL, have_matplotlib, running_totals_svg

    if not have_matplotlib():
        _fail(INSTALL, [], 2)
    from mjscore.cli.batch import AtomicFile
    from mjscore.cli.season import score_files
    from mjscore.cli.season_report import report_page

    games = score_files(files, variant, options, tables_dir)
    s = api.season(games, aliases=aliases)
    page = report_page(s, running_totals_svg(s.series, [r["player"] for r in s.table]),
                       title or f"Season, {len(games)} game{'s' if len(games) != 1 else ''}")
    if output in (None, "-"):
        click.echo(page)
    else:
        with AtomicFile(output) as out:
            out.write(page + "\n")
    _not_scored(games)


@main.command()
@click.argument("name", required=False)
@click.option("--tables", "tables_dir", metavar="DIR", default=None, help="list the table files in DIR instead")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
def variants(name, tables_dir, fmt):
    """List the variants, or print the tables of variant NAME."""
    from mjscore import api

    if name is not None:  # "" is no variant, not "list them all"
        v = api.load_variant(name, tables_dir)
        if fmt == "json":
            _emit_json(api.describe_variant(v))
            return
        from mjscore.cli.report import variant_text

        click.echo(variant_text(v))
        return
    found = api.variants(tables_dir)
    if fmt == "json":
        _emit_json([{"variant": v.name, "title": v.title, "source": v.source,
                     "options": {k: o.default for k, o in v.options.items()}} for v in found])
        return
    from mjscore.cli.report import variants_text

    click.echo(variants_text(found))


@main.command()
def notation():
    """Print the hand notation: every tile, set and situation, with the common mistakes."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the mjscore package
    for path in (os.path.join(here, "docs", "notation.md"), os.path.join(os.path.dirname(here), "docs", "notation.md")):
        if os.path.isfile(path):  # inside an installed wheel, or beside the package in the repo
            with open(path, encoding="utf-8") as f:
                click.echo(f.read().rstrip("\n"))
            return
    raise click.ClickException("the notation reference is missing from this installation; see docs/notation.md")


if __name__ == "__main__":  # pragma: no cover
    main()
