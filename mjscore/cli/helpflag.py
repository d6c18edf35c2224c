"""`--help` and `--version` made here, in click's own words, rather than by click's `help_option` and
`version_option`: those ask `gettext` for their words at every start, and its first call imports `locale`
(some 5 M instructions of a 220 M start, for English that no catalogue translates)."""

from __future__ import annotations

from typing import Any

import click

HELP = "Show this message and exit."  # click's words (decorators.help_option), so `--help` reads as before
VERSION = "Show the version and exit."  # (decorators.version_option)


class OwnHelp:
    """A command (or group) whose help option is made here, once (click compares it by identity)."""

    help_made: click.Option | None = None

    def get_help_option(self, ctx: click.Context) -> click.Option | None:  # noqa: D102
        names = self.get_help_option_names(ctx)  # type: ignore[attr-defined]
        if not names or not self.add_help_option:  # type: ignore[attr-defined]
            return None
        if self.help_made is None:
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
