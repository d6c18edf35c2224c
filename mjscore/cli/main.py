"""The command line: parse options, call the library, format. Errors become one line and exit 2.

The commands live in modules of their own (score.py, hand_commands.py, game_commands.py, info.py, serve.py);
the group imports a command's module only when that command runs, or when `--help` lists them all,
so that `mjscore score` does not build every other command's options first."""

from __future__ import annotations

import os
import sys
from importlib import import_module

import click

from mjscore.cli import resume_collection, terminal
from mjscore.cli.options import OwnHelp, version_option
from mjscore.errors import DiskFull, MjscoreError, no_room, visible

# click >= 8.4 says "Did you mean 'score'?" for `mjscore scor`, naming close matches among the commands
NO_SUCH_COMMAND = getattr(click.exceptions, "NoSuchCommand", ())  # (before 8.4: no suggestion, nothing to do)

COMMANDS = {  # command -> the module that defines it (as a function of the same name)
    "score": "score", "compare": "hand_commands", "waits": "hand_commands",
    "settle": "game_commands", "batch": "game_commands", "sheet": "game_commands", "standings": "game_commands",
    "report": "game_commands", "variants": "info", "notation": "info", "serve": "serve",
}


class _Stopped(Exception):
    """SIGTERM (terminal.Terminated), past click (which would print an empty line for a KeyboardInterrupt)."""


class MjscoreGroup(OwnHelp, click.Group):
    """Turns every MjscoreError and usage error into `mjscore: error: ...` and exit status 2; finds
    its commands in COMMANDS, importing a command's module when the command is asked for (its help option made
    by options.py)."""

    def list_commands(self, ctx):  # noqa: D102
        return sorted(COMMANDS)

    def get_command(self, ctx, cmd_name):  # noqa: D102
        module = COMMANDS.get(cmd_name)
        if module is None:
            return None
        command = getattr(import_module(f"mjscore.cli.{module}"), cmd_name)
        resume_collection()  # start-up is over: what the command does next is collected as usual
        return command

    def resolve_command(self, ctx, args):  # noqa: D102
        try:
            return super().resolve_command(ctx, args)
        except NO_SUCH_COMMAND as e:  # click suggests among the commands loaded: suggest among them all
            raise NO_SUCH_COMMAND(e.command_name, possibilities=COMMANDS, ctx=ctx) from None

    def invoke(self, ctx):  # noqa: D102
        try:
            return super().invoke(ctx)
        except terminal.Terminated:
            raise _Stopped() from None
        except BrokenPipeError:  # `mjscore batch ... | head -1`: the reader has all it wants; exit 0, quietly
            _drop_stdout()
            return 0
        except MjscoreError as e:  # a refusal made of the catalogue's words: said in the command's --lang
            from mjscore.cli.options import LANG_META, said_in

            lang = ctx.meta.get(LANG_META, "en")
            if lang == "en":
                raise
            raise said_in(e, lang) from None

    def main(self, args=None, prog_name=None, **extra):  # noqa: D102
        terminal.escape_what_cannot_be_shown(sys.stdout)
        terminal.given(sys.argv[1:] if args is None else args)
        try:
            with terminal.sigterm_unwinds():
                rv = super().main(args=args, prog_name=prog_name or "mjscore", standalone_mode=False, **extra)
                if sys.stdout is not None:  # what is still buffered fails here, under the handlers below, not at exit
                    sys.stdout.flush()
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
            if isinstance(e, OSError) and sys.stdout is not None:  # `1</dev/null`: open, for reading only
                _unwritable_stdout(e)
                _full_stdout(e)
            if os.environ.get("MJSCORE_DEBUG"):
                raise
            _fail(f"internal error ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}); "
                  f"please report it with the input that caused it", [], 2)
        sys.exit(rv or 0)


def _drop_stdout() -> None:
    """What is still buffered for standard output goes nowhere (else Python's flush at exit complains)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _unwritable_stdout(e: OSError) -> None:
    """EBADF from writing to a standard output opened for reading only: said as that, not as a bug."""
    import errno

    from mjscore.cli.outfile import writable

    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file's (a test's capture): not this
        return
    if e.errno == errno.EBADF and not writable(fd):
        from mjscore.cli.options import stdout_problem

        _drop_stdout()
        _fail(stdout_problem("not open for writing"), [], 2)


def _full_stdout(e: OSError) -> None:
    """A write to standard output that found no room (`batch ... > full/x.csv`, `> /dev/full`): said as that,
    naming where standard output goes, not as a bug. (A full -o FILE or temporary folder is said where it is
    written: outfile.py, spool.py; what reaches here is standard output's.)"""
    if not no_room(e) or e.filename is not None:
        return
    e = DiskFull(f"standard output{_stdout_place()}", e, "free some space, or write the output elsewhere (-o FILE)")
    _drop_stdout()
    _fail(str(e), [], e.exit_code)


def _stdout_place() -> str:
    """ (PATH) of the file or device standard output writes to, where the system says (Linux's /proc); else ""."""
    try:
        place = os.readlink(f"/proc/self/fd/{sys.stdout.fileno()}")
    except (OSError, ValueError, AttributeError):
        return ""
    return f" ({place})" if place.startswith("/") else ""  # (not a pipe's or a socket's inode)


def _fail(message: str, details: list[str], code: int):
    """The one way the command line fails: `mjscore: error: MESSAGE` (one line, made safe for the terminal:
    terminal.line), the lines under it (a hand with carets), exit `code`."""
    click.echo(f"mjscore: error: {terminal.line(message)}", err=True)
    for text in details:
        click.echo(visible(text), err=True)
    sys.exit(code)


@click.group(name="mjscore", cls=MjscoreGroup, context_settings={"help_option_names": ["-h", "--help"]})
@version_option
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

    The reference: docs/cli.md (commands, deal and game files), docs/notation.md, docs/tables.md, in the
    source and in the installed package's docs/ folder.
    """


if __name__ == "__main__":  # pragma: no cover
    main()
