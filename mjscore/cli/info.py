"""`mjscore variants` and `mjscore notation`: the reference a player reads (tables, options, notation)."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

import click

from mjscore.cli.options import MjscoreCommand, format_option, lang_of, lang_option, output_option, tables_option

if TYPE_CHECKING:
    from mjscore.cli.render import Output


@click.command(cls=MjscoreCommand)
@click.argument("words", nargs=-1, metavar="[NAME | diff A B]")
@tables_option
@lang_option
@format_option("table", "csv", "markdown", "html", "json", "yaml")
@output_option
def variants(words, tables_dir, lang, fmt):
    """List the variants, or print the tables of variant NAME; `diff A B` says what changed from table A to
    table B (each a variant's name or a table file), rule by rule and option by option.

    \b
    Examples:
      mjscore variants
      mjscore variants basque --format yaml
      mjscore variants diff dmjl club/dmjl.yaml
    """
    from mjscore import api
    from mjscore.errors import OptionError

    if words and words[0] == "diff":
        if len(words) != 3:
            raise OptionError("variants diff takes two tables, each a variant's name or a table file: "
                              "mjscore variants diff dmjl club/dmjl.yaml")
        from mjscore.cli.render import draw

        return draw(_diff(api.table_diff(words[1], words[2], tables_dir)), fmt)
    if len(words) > 1:
        raise OptionError(f"variants takes one variant's name (or diff A B), not {len(words)} words: "
                          f"mjscore variants {words[0]}")
    from mjscore.cli.render import draw

    name = words[0] if words else None
    if name is not None:  # "" is no variant, not "list them all"
        return draw(_variant(api.load_variant(name, tables_dir), lang), fmt)
    draw(_variants(api.variants(tables_dir), lang if lang != "native" else "en"), fmt)


def _variant(v, lang: str) -> "Output":
    """One variant: a document fitted to the terminal, tables for a spreadsheet or a club's pages
    (cli/variant_pages.py), its description as data, its table as YAML."""
    from mjscore import api, table_hash
    from mjscore.cli import variant_pages as vp
    from mjscore.cli.render import Output, Tree

    said = lang_of(lang, v)

    def text():
        from mjscore.cli.variant_words import variant_text

        return [variant_text(v, said, table_hash(v))]

    return Output(v.name, "en", text, lambda: vp.variant_csv(v, said), lambda: api.describe_variant(v),
                  pages=lambda: [vp.variant_blocks(v, said, table_hash(v))],  # (the page says lang="en", as before)
                  tree=lambda: Tree(api.table_data(v), width=100))


def _variants(found: list, lang: str) -> "Output":
    """The variants' list."""
    from mjscore.cli.render import Output, Tree
    from mjscore.cli.variant_pages import LIST_HEADERS, list_rows
    from mjscore.messages import M

    def data():
        return [{"variant": v.name, "title": v.title, "source": v.source,
                 "options": {k: o.default for k, o in v.options.items()}} for v in found]

    def text():
        from mjscore.cli.variant_words import variants_text

        return [variants_text(found, lang)]

    return Output(M.PG_VARIANTS, lang, text, lambda: [(LIST_HEADERS, list_rows(found))], data,
                  tree=lambda: Tree(data()))


def _diff(d) -> "Output":
    """`variants diff`: each change on a line (a club's notice for a new season), or as data."""
    from mjscore.cli.render import Output, Tree
    from mjscore.cli.variant_pages import DIFF_HEADERS, diff_rows

    def text():
        lines = [f"{d.a['file']} ({d.a['table']})", f"-> {d.b['file']} ({d.b['table']})"]
        if not d.changes:
            lines.append("no change: the same rules" if d.a["table"] == d.b["table"] else
                         "no change to the rules, options or settlement (only the wording of the file)")
        return ["\n".join(lines + [f"  {line}" for line in d.lines()])]

    return Output("Changes", "en", text, lambda: [(DIFF_HEADERS, diff_rows(d))], d.to_dict,
                  tree=lambda: Tree(d.to_dict(), width=100))


@click.command(cls=MjscoreCommand)
@output_option
def notation():
    """Print the hand notation: every tile, set and situation, with the common mistakes.

    \b
    Example:
      mjscore notation | less
    """
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the mjscore package
    for path in (os.path.join(here, "docs", "notation.md"), os.path.join(os.path.dirname(here), "docs", "notation.md")):
        if os.path.isfile(path):  # inside an installed wheel, or beside the package in the repo
            with open(path, encoding="utf-8") as f:
                click.echo(f.read().rstrip("\n"))
            return
    raise click.ClickException("the notation reference is missing from this installation; see docs/notation.md")
