"""The commands about one hand: `score`, `compare` and `waits`. Loaded only when one of them runs
(or `mjscore --help` lists them): main.py's group imports a command's module on demand."""

from __future__ import annotations

import os

import click

from mjscore import api  # here, not in each command: loaded as part of start-up (mjscore.cli.run)
from mjscore.cli import terminal
from mjscore.cli.options import (also_option, check_situation, format_option, glyphs_option, hand_argument, lang_of,
                                 lang_option, option_option, output_option, seat_round_options, situation_options,
                                 tables_option, variant_option, variant_options)
from mjscore.cli.output import emit_csv, emit_json
from mjscore.errors import MjscoreError


def not_a_file(hand: str) -> str:
    """A file's name typed where a hand belongs (`mjscore score hand.txt`) would be read as tiles and
    refused for its letters: say what to type instead."""
    if ("/" in hand or hand.endswith((".txt", ".yaml", ".yml", ".json", ".jsonl"))) and os.path.isfile(hand):
        raise MjscoreError(f"{hand} is a file, not a hand: to score the hand it holds, type "
                           f'"$(cat {hand})" in its place')
    return hand


@click.command()
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


@click.command()
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


@click.command()
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
