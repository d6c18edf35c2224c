"""`mjscore variants` and `mjscore notation`: the reference a player reads (tables, options, notation)."""

from __future__ import annotations

import os
import sys

import click

from mjscore.cli.options import MjscoreCommand, format_option, lang_of, lang_option, output_option, tables_option
from mjscore.cli.output import emit_json


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
        return _diff(api.table_diff(words[1], words[2], tables_dir), fmt)
    pages = fmt in ("csv", "markdown", "html")  # for a spreadsheet or a club's pages: cli/variant_pages.py
    if len(words) > 1:
        raise OptionError(f"variants takes one variant's name (or diff A B), not {len(words)} words: "
                          f"mjscore variants {words[0]}")
    name = words[0] if words else None
    if name is not None:  # "" is no variant, not "list them all"
        v = api.load_variant(name, tables_dir)
        if fmt == "json":
            emit_json(api.describe_variant(v))
        elif fmt == "yaml":
            import yaml

            click.echo(yaml.safe_dump(api.table_data(v), sort_keys=False, allow_unicode=True, width=100).rstrip())
        elif pages:
            from mjscore.cli import variant_pages as vp
            from mjscore import table_hash

            if fmt == "csv":
                _csv_blocks(vp.variant_csv(v, lang_of(lang, v)))
            else:
                from mjscore.cli.pages import render

                click.echo(render([vp.variant_blocks(v, lang_of(lang, v), table_hash(v))], fmt, v.name))
        else:
            from mjscore.cli.variant_words import variant_text

            from mjscore import table_hash

            from mjscore.cli.fit import fitted

            click.echo("\n".join(fitted([variant_text(v, lang_of(lang, v), table_hash(v))], lang_of(lang, v))))
        return
    found = api.variants(tables_dir)
    if fmt in ("json", "yaml"):
        data = [{"variant": v.name, "title": v.title, "source": v.source,
                 "options": {k: o.default for k, o in v.options.items()}} for v in found]
        if fmt == "json":
            emit_json(data)
        else:
            import yaml

            click.echo(yaml.safe_dump(data, sort_keys=False, allow_unicode=True).rstrip())
        return
    if fmt == "csv":
        from mjscore.cli.variant_pages import LIST_HEADERS, list_rows

        _csv_blocks([(LIST_HEADERS, list_rows(found))])
        return
    from mjscore.cli.pages import render
    from mjscore.messages import M
    from mjscore.cli.variant_words import variants_text

    lang = lang if lang != "native" else "en"
    texts = [variants_text(found, lang)]
    if fmt == "table":  # fitted to the terminal (cli/fit.py)
        from mjscore.cli.fit import fitted

        texts = fitted(texts, lang)
    click.echo(render(texts, fmt, M.PG_VARIANTS, lang))


def _csv_blocks(blocks: list[tuple[list[str], list[list]]]) -> None:
    """One CSV table per block, an empty line between them (as `sheet` writes one per game)."""
    from mjscore.cli.output import SafeCsvWriter

    writer = SafeCsvWriter(sys.stdout)
    for i, (headers, rows) in enumerate(blocks):
        if i:
            sys.stdout.write("\n")
        writer.writerow(headers)
        writer.writerows(rows)


def _diff(d, fmt: str) -> None:
    """`variants diff`: each change on a line (a club's notice for a new season), or as data."""
    if fmt == "json":
        emit_json(d.to_dict())
        return
    if fmt == "yaml":
        import yaml

        click.echo(yaml.safe_dump(d.to_dict(), sort_keys=False, allow_unicode=True, width=100).rstrip())
        return
    if fmt == "csv":
        from mjscore.cli.variant_pages import DIFF_HEADERS, diff_rows

        _csv_blocks([(DIFF_HEADERS, diff_rows(d))])
        return
    lines = [f"{d.a['file']} ({d.a['table']})", f"-> {d.b['file']} ({d.b['table']})"]
    if not d.changes:
        lines.append("no change: the same rules" if d.a["table"] == d.b["table"] else
                     "no change to the rules, options or settlement (only the wording of the file)")
    lines += [f"  {line}" for line in d.lines()]
    from mjscore.cli.fit import fitted
    from mjscore.cli.pages import render

    texts = ["\n".join(lines)]
    click.echo(render(fitted(texts, "en") if fmt == "table" else texts, fmt, "Changes"))  # (lines fit the terminal)


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
