"""The options the commands share, one decorator each, so that an option means one thing everywhere
and says so in the same words in every `--help`."""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from typing import Any, TypeVar

import click

from mjscore.errors import MjscoreError
from mjscore import DEFAULT_VARIANT, LANGUAGES, SITUATIONS, SOURCES, language, packaged_dir, variant_names

E = TypeVar("E", bound=MjscoreError)  # (said_in gives back the error's own class)

ALSO_WORDS = ", ".join(SITUATIONS)


def variant_option(f=None, *, several: bool = False):
    """--variant/-v NAME (compare: A,B,... several, default all)."""
    def deco(f):
        others = [n for n in variant_names(packaged_dir()) if n != DEFAULT_VARIANT]  # the tables installed
        help_ = (f"the rule variant: {DEFAULT_VARIANT} (default), {', '.join(others)}, or a table of --tables DIR; "
                 "a deal or game file may name its own, which an explicit --variant overrides; MJSCORE_VARIANT "
                 "sets the default")
        if several:
            return click.option("--variant", "-v", "variant_list", default=None, metavar="A,B,...",
                                help=help_ + " (here: several, separated by commas; default all)")(f)
        return click.option("--variant", "-v", default=None, metavar="NAME", help=help_)(f)
    return deco(f) if f is not None else deco


def option_option(f):
    """--option KEY=VALUE (no short form: -o is the output file in every command)."""
    return click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                        help="a house option of the variant (repeatable), e.g. --option limit=1000; "
                             "`mjscore variants NAME` lists them with their defaults")(f)


def tables_option(f):
    return click.option("--tables", "tables_dir", metavar="DIR", default=None,
                        help="use the YAML table files in DIR instead of the packaged ones")(f)


def variant_options(f):
    """--variant, --option, --tables: which rules."""
    return variant_option(option_option(tables_option(f)))


def game_option(f):
    """--game N: one game of a Kajongg database given among the files (docs/cli.md, "Kajongg's database")."""
    return click.option("--game", "game", type=click.IntRange(0), default=None, metavar="N",
                        help="of a Kajongg database (kajongg3.db) given: game N only (default: every game)")(f)


def pool_options(f):
    """--jobs N (processes on this machine) and --dask ADDRESS|local (a Dask cluster), one or the other."""
    f = click.option("--dask", "dask", default=None, metavar="ADDRESS|local",
                     help="score on the Dask scheduler at ADDRESS (tcp://HOST:8786), or on a cluster of this "
                          "machine's cores (local); needs pip install \"mjscore[dask]\"")(f)
    return click.option("--jobs", "-j", default=1, type=click.IntRange(1, 64), help="score deals on N processes")(f)


@contextlib.contextmanager
def pool_of(jobs: int, dask: str | None):
    """The pool the options ask for (mjscore.play.workers), stopped when the command is done."""
    if dask is not None and given(click.get_current_context(), "jobs"):
        raise MjscoreError("--dask and --jobs: give one (--dask spreads the deals over the cluster's workers)")
    if dask is None:
        from mjscore import pool_for

        pool = pool_for(jobs)[0]
    else:
        if not dask.strip():
            raise MjscoreError("--dask: give a scheduler's address (tcp://HOST:8786) or local")
        from mjscore import DaskPool

        pool = DaskPool(dask.strip())
    try:
        yield pool
    finally:
        pool.close()


FORMAT_USES = {"table": "for people (the default)", "json": "for programs", "csv": "for spreadsheets",
               "markdown": "for a club's pages", "html": "for a club's pages", "yaml": "for a table file's data"}


def format_option(*choices: str):
    """--format, with the choices the command has; its help names those only, in the same words everywhere."""
    parts: list[list] = []  # [[names], use]; neighbours of one use join: "markdown or html for a club's pages"
    for c in choices:
        if parts and parts[-1][1] == FORMAT_USES[c]:
            parts[-1][0].append(c)
        else:
            parts.append([[c], FORMAT_USES[c]])
    words = ", ".join(f"{' or '.join(names)} {use}" for names, use in parts)
    fmt = click.option("--format", "fmt", type=click.Choice(list(choices)), default="table",
                       help=f"{words} (docs/cli.md gives each command's shapes)")

    def both(f):  # --format table fits the terminal; --wide is every column in full (cli/fit.py)
        return fmt(wide_option(f))
    return both


def wide_option(f):
    """--wide: every column in full, whatever the terminal's width."""
    def remember(ctx: click.Context, param, value: bool) -> None:
        if value:
            from mjscore.cli.fit import WIDE

            ctx.meta[WIDE] = True

    return click.option("--wide", is_flag=True, expose_value=False, callback=remember,
                        help="print every column of a table in full (default: tables fit the terminal)")(f)


LANG_META = "mjscore.lang"  # the command's --lang, kept where main.py finds it to say a refusal in it


def _remember_lang(ctx: click.Context, param: click.Parameter, value: str) -> str:
    ctx.meta[LANG_META] = value
    return value


def lang_option(f):
    """--lang: the outputs' words in a rulebook's own language (JSON's keys, reasons and notes stay English);
    remembered in the context's meta, so that a refusal the core made of the catalogue's words is said in it
    wherever the command stops (main.py)."""
    return click.option("--lang", default="en", type=click.Choice(LANGUAGES), show_default=True,
                        callback=_remember_lang,
                        help="the outputs' words in this language: eu Basque, hu Hungarian, es Spanish, da Danish "
                             "(headers, payments, notes and the items' names, in each rulebook's words); "
                             "zh Chinese, ja Japanese (the items' names); native: each variant's own rulebook; "
                             "English where a rulebook has no name")(f)


def also_option(f):
    return click.option("--also", "also", multiple=True, metavar="NAME",
                        help=f"rarer circumstances of the win (repeatable): {ALSO_WORDS} "
                             "(a variant may add more: `mjscore variants NAME`)")(f)


def seat_round_options(f):
    f = click.option("--round", "round_", default="E", metavar="E|S|W|N",
                     help="prevailing wind (default E)")(f)
    return click.option("--seat", default="E", metavar="E|S|W|N",
                        help="the player's seat wind (default E)")(f)


WIN_SET_HELP = ("the set the winning tile completed, written without brackets, e.g. 234m or SS (a claimed tile's "
                "set counts as exposed); default: the best-scoring choice, shown")


def win_from_options(f):
    f = click.option("--win-set", "win_set", metavar="SET", default=None, help=WIN_SET_HELP)(f)
    f = click.option("--from", "source", default="discard", metavar="|".join(SOURCES),
                     help="how the winning tile came: a discard (default), drawn from the wall, the loose tile "
                          "after a kong, robbed from a kong")(f)
    return click.option("--win", metavar="TILE", default=None,
                        help="the tile that completed the hand (default: the best-scoring choice)")(f)


def situation_options(f):
    """--seat, --round, --win, --from, --win-set, --also: how the hand ended."""
    return seat_round_options(win_from_options(also_option(f)))


def glyphs_option(f):
    return click.option("--glyphs", is_flag=True, help="print tiles as Unicode mahjong glyphs")(f)


def not_a_file(hand: str) -> str:
    """A file's name typed where a hand belongs (`mjscore score hand.txt`) would be read as tiles and
    refused for its letters: say what to type instead."""
    if ("/" in hand or hand.endswith((".txt", ".yaml", ".yml", ".json", ".jsonl"))) and os.path.isfile(hand):
        raise MjscoreError(f"{hand} is a file, not a hand: to score the hand it holds, type "
                           f'"$(cat {hand})" in its place')
    return hand


def hand_argument(f):
    """HAND, one argument: a hand typed without quotes (the shell splits it into words) gets a hint."""
    def one(ctx, param, value):
        if len(value) > 1:
            from mjscore.errors import shown

            typed = " ".join(value)
            text = typed if len(typed) <= 120 else shown(typed)[1:-1]
            raise MjscoreError(f'quote the hand: {ctx.command_path} "{text}"')
        return value[0]
    return click.argument("hand", nargs=-1, required=True, callback=one, metavar="HAND")(f)


# --- -o/--output FILE ---------------------------------------------------------------------------------

def _looks_like_option(text: str) -> bool:
    """`-o limit=1000` meant --option (as it did in score before -o became the output file everywhere):
    KEY=VALUE with no path separator."""
    key, sep, _ = text.partition("=")
    return bool(sep) and bool(key) and "/" not in text and os.sep not in text and key.replace("_", "").isalnum()


def stdout_problem(how: str) -> str:
    """The one line for a standard output that cannot be written (`how`: closed, not open for writing)."""
    return f"standard output is {how}: the output would be lost; give -o FILE to write it to a file"


def output_option(f):
    """-o/--output FILE: the command prints into FILE, written atomically (it appears only when complete);
    `-o -` is standard output. The command itself prints to standard output as usual."""
    def check(ctx, param, value):
        if value is not None and _looks_like_option(value):
            raise MjscoreError(f"-o is the output file; for a house option type --option {value}")
        return None if value == "-" else value

    @click.option("--output", "-o", "output", default=None, metavar="FILE", callback=check,
                  help="write to FILE instead of standard output, atomically (FILE appears only when "
                       "complete); - is standard output")
    @functools.wraps(f)
    def wrapper(*args, output=None, **kwargs):
        import contextlib

        from mjscore.cli.render import TERMINAL, for_people
        from mjscore.cli.terminal import Visible

        click.get_current_context().meta["mjscore.output"] = output
        people = for_people(kwargs.get("fmt", TERMINAL))  # (CSV, JSON and YAML are data, written as they are)
        if output is None:
            if sys.stdout is None:  # started with it closed (`>&-`): click.echo would drop the output unsaid
                raise MjscoreError(stdout_problem("closed"))
            shown = Visible(sys.stdout) if people else sys.stdout
            with contextlib.redirect_stdout(shown):
                try:
                    result = f(*args, **kwargs)
                except SystemExit:  # exit 1 (some deals not scored): what was printed is flushed as below
                    sys.stdout.flush()
                    raise
                sys.stdout.flush()  # a write that fails (stdout opened read-only) fails here, under main's handlers
            return result
        from mjscore.cli.outfile import output_file

        done: SystemExit | None = None
        with output_file(output) as out, contextlib.redirect_stdout(Visible(out) if people else out):
            try:
                result = f(*args, **kwargs)
            except SystemExit as e:  # exit 1 (some deals not scored) still writes what was scored
                if e.code not in (None, 0, 1):
                    raise
                done, result = e, None
        if done is not None:
            raise done
        return result
    return wrapper


def given(ctx: click.Context, *names: str) -> list[str]:
    """Of the parameters `names`, those typed on the command line (not left at their defaults), as typed."""
    from click.core import ParameterSource

    out = []
    for p in ctx.command.params:
        if p.name in names and ctx.get_parameter_source(p.name) not in (ParameterSource.DEFAULT, None):
            out.append(max(p.opts, key=len))
    return out


def said_in(e: E, lang: str) -> E:
    """A refusal (a deal's, a hand's) in `lang` where the core made it of the catalogue's words
    (MjscoreError.said), as `batch` says a deal not scored: the same error with its text said again (its place,
    hint and caret lines kept); as it is otherwise, and under `native` (the variant is not known for sure)."""
    from mjscore.messages import Words

    text = e.said() if lang == "native" else Words(lang).again(e.said())
    if text == str(e):
        return e
    out = type(e).__new__(type(e), text)
    out.__dict__.update(e.__dict__)
    out.parts = (text,)
    return out


def lang_of(lang: str, variant) -> str:
    """--lang native is each variant's own rulebook language."""
    return language(lang, variant.language)


def check_situation(seat: str, source: str | None, also, options, ctx: click.Context | None = None) -> None:
    """--also heaven or earth with a seat or --from that contradicts it is refused: a slip, not a rule to
    apply quietly. `source` counts only where typed (ctx says); None: not given."""
    from mjscore.errors import SituationError
    from mjscore import contradiction, dealer_of

    if ctx is not None and not given(ctx, "source"):
        source = None
    problem = contradiction(seat, source, also, dealer_of(options))
    if problem:
        raise SituationError(problem)


# --help and --version, made here in click's own words rather than by click's help_option and version_option:
# those ask gettext for their words at every start, and its first call imports locale (some 4 M instructions of a
# start of 220 M, for English no catalogue translates)
HELP = "Show this message and exit."  # click's words (decorators.help_option), so `--help` reads as before
VERSION = "Show the version and exit."  # (decorators.version_option)


class OwnHelp:
    """A command (or group) whose help option is made here, once (click compares it by identity)."""

    help_made: click.Option | None = None

    def get_help_option(self, ctx: click.Context) -> click.Option | None:  # noqa: D102
        names = self.get_help_option_names(ctx)  # type: ignore[attr-defined]
        if not names or not self.add_help_option:  # type: ignore[attr-defined]
            return None
        if self.help_made is None:  # (stored under the name click's own help option uses, clear of a parameter "help")
            self.help_made = click.Option([*names, "_click_default_help"], is_flag=True, expose_value=False,
                                          is_eager=True, help=HELP, callback=_show_help)
        return self.help_made


class MjscoreCommand(OwnHelp, click.Command):
    """Every mjscore command: click's, with the help option made here."""


def _show_help(ctx: click.Context, _param: Any, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


def _show_version(ctx: click.Context, _param: Any, value: bool) -> None:
    """`mjscore, version 0.1.0`: the installed distribution's version, as click's version_option says it."""
    if not value or ctx.resilient_parsing:
        return
    import importlib.metadata

    click.echo(f"mjscore, version {importlib.metadata.version('mjscore')}", color=ctx.color)
    ctx.exit()


version_option = click.option("--version", is_flag=True, expose_value=False, is_eager=True, help=VERSION,
                              callback=_show_version)
