"""The command line: parse options, call the library, format. Errors become one line and exit 2."""

from __future__ import annotations

import os
import sys

import click

from mjscore.cli import terminal
from mjscore.errors import MjscoreError
from mjscore.cli.options import (also_option, check_situation, format_option, given, glyphs_option, hand_argument,
                                 lang_of, lang_option, option_option, output_option, seat_round_options,
                                 situation_options, tables_option, variant_option, variant_options)
from mjscore.cli.output import emit_csv, emit_json
from mjscore.hand.situation import SOURCES


def not_a_file(hand: str) -> str:
    """A file's name typed where a hand belongs (`mjscore score hand.txt`) would be read as tiles and
    refused for its letters: say what to type instead."""
    if ("/" in hand or hand.endswith((".txt", ".yaml", ".yml", ".json", ".jsonl"))) and os.path.isfile(hand):
        raise MjscoreError(f"{hand} is a file, not a hand: to score the hand it holds, type "
                           f'"$(cat {hand})" in its place')
    return hand

class _Stopped(Exception):
    """SIGTERM (terminal.Terminated), past click (which would print an empty line for a KeyboardInterrupt)."""


class MjscoreGroup(click.Group):
    """Turns every MjscoreError and usage error into `mjscore: error: ...` and exit status 2."""

    def invoke(self, ctx):  # noqa: D102
        try:
            return super().invoke(ctx)
        except terminal.Terminated:
            raise _Stopped() from None
        except BrokenPipeError:  # `mjscore batch ... | head -1`: the reader has all it wants; exit 0, quietly
            try:  # what is still buffered goes nowhere (else Python's flush at exit complains)
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError, AttributeError):
                pass
            return 0

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


@click.group(name="mjscore", cls=MjscoreGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mjscore", prog_name="mjscore")
def main():
    """Score and settle mahjong hands under classical rule variants.

    A hand is written as in docs/notation.md (`mjscore notation` prints it):
    [555p] exposed set, {5555p} concealed kong, free concealed tiles, E S W N
    winds, R G P dragons, 1f-4f flowers, 1y-4y seasons. Quote it in a shell. Example:

    \b
        mjscore score "[555p] 123m 789s SSS NN" --variant spanish --seat S --win 7s --from wall

    \b
    Exit status: 0 success; 1 batch, sheet, standings or report finished but some deals could not be scored;
    2 bad input (one line says what and where); 130 interrupted (Ctrl-C); 143 stopped (SIGTERM).
    """


@main.command()
@hand_argument
@situation_options
@click.option("--all", "show_all", is_flag=True, help="also list every other arrangement considered")
@click.option("--explain", is_flag=True, help="say why the arrangement kept beat the next best one (for a dispute)")
@glyphs_option
@lang_option
@variant_options
@format_option("table", "json", "csv")
@output_option
@terminal.checked
def score(hand, seat, round_, win, source, also, show_all, explain, glyphs, lang, variant, options, tables_dir, fmt):
    """Value of one HAND, itemised.

    \b
    Examples:
      mjscore score "[555p] 123m 789s SSS NN" --seat S --win 7s --from wall
      mjscore score "{5555s} 234s 678s RRR 11s" --variant basque --option mode=clean --all
    """
    hand = not_a_file(hand)
    from mjscore import api

    check_situation(seat, source, also, options, click.get_current_context())
    scores = api.arrangements(hand, variant, seat=seat, round=round_, win=win, source=source,
                              also=also, options=options, tables=tables_dir)
    best = scores[0]
    lang = lang_of(lang, api.load_variant(best.variant, tables_dir))
    if fmt == "json":
        data = best.to_dict(lang)
        if show_all:
            data["alternatives"] = [s.to_dict(lang) for s in scores[1:]]
        if explain:
            runner = api.runner_up(scores)
            data["runner_up"] = runner.to_dict(lang) if runner is not None else None
        emit_json(data)
        return
    if fmt == "csv":
        from mjscore.cli.report import fmt_fraction

        rows = [[i.rule, i.tiles, i.points, i.doubles, fmt_fraction(i.limit), i.extra, "", i.cite] for i in best.items]
        rows.append(["value", " ".join(best.arrangement), best.points, best.doubles,
                     fmt_fraction(best.limit_fraction), "", best.value, ""])  # the final value in its own column
        emit_csv(["rule", "tiles", "points", "doubles", "limit", "extra", "value", "cite"], rows)
        return
    from mjscore.cli.report import explain_text, score_text

    glyphs = glyphs and terminal.glyphs_shown()
    click.echo(score_text(best, scores[1:] if show_all else None, glyphs, lang))
    if explain:
        click.echo(explain_text(best, api.runner_up(scores), lang, glyphs))


@main.command()
@hand_argument
@situation_options
@variant_option(several=True)
@option_option
@tables_option
@glyphs_option
@lang_option
@format_option("table", "json")
@output_option
@terminal.checked
def compare(hand, seat, round_, win, source, also, variant_list, options, tables_dir, glyphs, lang, fmt):
    """One HAND under every variant (or --variant a,b), side by side: what it is worth in each and why.

    A house option applies to each variant that has it.

    \b
    Example:
      mjscore compare "[555p] 123m 789s SSS NN" --seat S --win 7s --from wall
    """
    hand = not_a_file(hand)
    from mjscore import api

    check_situation(seat, source, also, options, click.get_current_context())
    names = [n.strip() for n in variant_list.split(",") if n.strip()] if variant_list else None
    results = api.compare(hand, names, seat=seat, round=round_, win=win, source=source, also=also,
                          options=options, tables=tables_dir)
    langs = {c.variant: lang_of(lang, api.load_variant(c.variant, tables_dir)) for c in results}
    if fmt == "json":
        emit_json([c.to_dict(langs[c.variant]) for c in results])
        return
    from mjscore.cli.report import compare_text

    click.echo(compare_text(results, lang, glyphs and terminal.glyphs_shown()))


@main.command()
@hand_argument
@seat_round_options
@also_option
@glyphs_option
@variant_options
@format_option("table", "json", "csv")
@output_option
@terminal.checked
def waits(hand, seat, round_, also, glyphs, variant, options, tables_dir, fmt):
    """Every tile that completes HAND (one tile short of mah jong), with the value claimed and drawn.

    \b
    Example:
      mjscore waits "123m 456p 789s EEE N" --variant spanish
    """
    hand = not_a_file(hand)
    from mjscore import api

    check_situation(seat, None, also, options)  # waits values both a discard and a drawn tile
    found = api.waits(hand, variant, seat=seat, round=round_, also=also, options=options,
                      tables=tables_dir)
    if fmt == "json":
        emit_json(found.to_dict())
        return
    if fmt == "csv":
        emit_csv(["tile", "discard", "wall"], [list(w) for w in found.waits])
        return
    from mjscore.cli.report import waits_text

    click.echo(waits_text(found.hand, [w._asdict() for w in found.waits], glyphs and terminal.glyphs_shown()))


DEAL_OPTIONS = ("winner", "round_", "win", "source", "also", "discarder", "false_mahjong", "pays_for_all")


@main.command()
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
@also_option
@click.option("--discarder", default=None, metavar="E|S|W|N", help="who discarded the winning tile")
@click.option("--false-mahjong", "false_mahjong", default=None, metavar="E|S|W|N",
              help="the seat that declared a false mah jong")
@click.option("--pays-for-all", "pays_for_all", default=None, metavar="E|S|W|N",
              help="the seat that alone pays the winner (a variant's dangerous-game rule)")
@glyphs_option
@lang_option
@variant_options
@format_option("table", "json", "csv")
@output_option
@terminal.checked
def settle(deal_file, winner, east, south, west, north, round_, win, source, also, discarder, false_mahjong,
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
    from mjscore.errors import DealError
    from mjscore.play.dealfile import load_data

    ctx = click.get_current_context()
    hands = {k: h for k, h in (("E", east), ("S", south), ("W", west), ("N", north)) if h is not None}
    if deal_file and hands:
        raise DealError("give a deal file or hands with --east/--south/--west/--north, not both")
    if deal_file:
        typed = given(ctx, *DEAL_OPTIONS)
        if typed:
            raise DealError(f"{', '.join(typed)}: for a deal typed as options; a deal file says these itself "
                            f"(winner:, round:, win: {{tile, from, discarder, also}}, false_mahjong:, pays_for_all:)")
        data = load_data(deal_file)
        where = "<stdin>" if deal_file == "-" else deal_file
        if not isinstance(data, dict):  # (the API would take a text for the path of another deal file)
            raise DealError(f"{where}: a deal is a mapping with hands:, winner:, win: ...")
    elif hands:
        if winner is not None:
            check_situation(winner, source, also, options, ctx)
        data = {"hands": hands, "winner": winner, "round": "E" if round_ is None else round_,
                "false_mahjong": false_mahjong, "pays_for_all": pays_for_all,
                "win": {"tile": win, "from": source, "discarder": discarder, "also": list(also)}}
        where = "deal"
    else:
        raise DealError("give a deal file (or - for standard input), or the hands with --east ... --north")
    result = api.settle(data, variant=variant, options=options, tables=tables_dir, where=where, flags=not deal_file)
    if fmt == "json":
        emit_json(result.to_dict(lang_of(lang, result.deal.variant)))
        return
    if fmt == "csv":
        emit_csv(["from", "to", "amount", "reason"], [[p.payer, p.payee, p.amount, p.reason] for p in result.payments])
        return
    from mjscore.cli.report import settlement_text

    click.echo(settlement_text(result, glyphs and terminal.glyphs_shown()))


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|-...")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="score deals on N processes")
@click.option("--strict", is_flag=True, help="stop at the first deal that cannot be scored")
@lang_option
@variant_options
@format_option("table", "json", "csv")
@output_option
@terminal.checked
def batch(files, jobs, strict, lang, variant, options, tables_dir, fmt):
    """Score recorded games: seats, rounds, payments, running totals, standings.

    A game file is YAML (variant, options, players, deals) or JSON Lines (a header
    line, then one deal per line); - reads either from standard input. Exit status 1
    if some deals could not be scored.

    \b
    Examples:
      mjscore batch examples/game-dmjl.yaml
      mjscore batch archive.jsonl --format csv -o standings.csv --jobs 2
    """
    from mjscore.cli.batch import Progress, run_batch

    output = click.get_current_context().meta.get("mjscore.output")
    show = sys.stderr.isatty() and (output is not None or (fmt == "table" and sys.stdout.isatty()))
    progress = Progress(sys.stderr, list(files) if show else None)
    try:
        summary, errors, rejected = run_batch(list(files), variant, options, tables_dir, fmt, jobs, strict, progress, lang)
    finally:
        progress.close()  # before any message: it must not run on from the bar's line
    if summary.rejected or errors:
        if output is not None:  # the places are in the file; the terminal lists them too
            for place in rejected[:20]:
                sys.stderr.write(f"mjscore: not scored: {place}\n")
            if len(rejected) > 20:
                sys.stderr.write(f"mjscore: ... and {len(rejected) - 20} more (in {output})\n")
        sys.stderr.write(f"mjscore: {summary.rejected} of {summary.read} deals not scored"
                         + (f"; {len(errors)} file(s) unreadable" if errors else "") + "\n")
        return 1
    return 0


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
@format_option("table", "csv", "markdown", "html", "json")
@variant_options
@output_option
def sheet(files, fmt, variant, options, tables_dir):
    """The score sheet of each game: a row per deal (East, result, how the last tile came, each player's
    net and running total) and a final row, whose totals are batch's.

    \b
    Example:
      mjscore sheet examples/game-spanish.yaml --format markdown
    """
    from mjscore import api
    from mjscore.cli.season import score_files, sheets_text

    games = score_files(files, variant, options, tables_dir)
    click.echo(sheets_text([api.score_sheet(g) for g in games], fmt))
    _not_scored(games)


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|-...")
@format_option("table", "csv", "markdown", "html", "json")
@click.option("--alias", "aliases", multiple=True, metavar="NAME=SPELLING[,SPELLING]",
              help="other spellings of a player's name in the files (repeatable), e.g. \"Ane=Ane M.\"")
@variant_options
@output_option
def standings(files, fmt, aliases, variant, options, tables_dir):
    """The league table of a season of games: total (the change from a variant's counter), games, deals,
    wins, self-drawn wins, false mah jongs, biggest hand, average per game, rank.

    \b
    Example:
      mjscore standings january.yaml february.yaml --alias "Ane=Ane M."
    """
    from mjscore import api
    from mjscore.cli.season import score_files, standings_text

    games = score_files(files, variant, options, tables_dir)
    click.echo(standings_text(api.season(games, aliases=aliases), fmt))
    _not_scored(games)


@main.command()
@click.argument("files", nargs=-1, required=True, metavar="GAME.yaml|GAME.jsonl|-...")
@click.option("--title", default=None, help="the page's title (default: Season, N games)")
@click.option("--alias", "aliases", multiple=True, metavar="NAME=SPELLING[,SPELLING]",
              help="other spellings of a player's name in the files (repeatable)")
@variant_options
@output_option
def report(files, title, aliases, variant, options, tables_dir):
    """One standalone HTML page of a season: league table, statistics, a chart of running totals and each
    game's score sheet (needs the extra: pip install "mjscore[report]").

    \b
    Example:
      mjscore report january.yaml february.yaml -o season.html --title "Club season"
    """
    from mjscore import api
    from mjscore.cli.chart import INSTALL, have_matplotlib, running_totals_svg

    if not have_matplotlib():
        _fail(INSTALL, [], 2)
    from mjscore.cli.season import score_files
    from mjscore.cli.season_report import report_page

    games = score_files(files, variant, options, tables_dir)
    s = api.season(games, aliases=aliases)
    page = report_page(s, running_totals_svg(s.series, [r["player"] for r in s.table]),
                       title or f"Season, {len(games)} game{'s' if len(games) != 1 else ''}")
    click.echo(page)  # -o FILE.html: written atomically by output_option
    _not_scored(games)


from mjscore.cli.info import notation, variants  # noqa: E402  (commands that print reference text)

main.add_command(variants)
main.add_command(notation)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on; 0.0.0.0 opens it to the phones on this network (with a token)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="port to listen on")
@click.option("--db", default=None, metavar="FILE", help="the SQLite file of the games kept (default: one under "
              "the user's data directory)")
def serve(host, port, db):
    """Serve the page for phones at the table: score and settle by tapping tiles, keep the game's sheet.

    Needs the web extra: pip install "mjscore[web]".
    """
    from mjscore import web

    web.serve(host, port, db)


if __name__ == "__main__":  # pragma: no cover
    main()
