"""The other commands about one hand: `compare` and `waits`. Loaded only when one of them runs (or
`mjscore --help` lists them): main.py's group imports a command's module on demand."""

from __future__ import annotations

import click

from mjscore import api  # here, not in each command: loaded as part of start-up (mjscore.cli.run)
from mjscore.cli import terminal
from mjscore.cli.options import (MjscoreCommand, also_option, check_situation, format_option, glyphs_option,
                                 hand_argument, lang_of, lang_option, not_a_file, option_option, output_option,
                                 seat_round_options, situation_options, tables_option, variant_option, variant_options)
from mjscore.cli.render import Output, draw
from mjscore.messages import M


@click.command(cls=MjscoreCommand)
@hand_argument
@situation_options
@variant_option(several=True)
@option_option
@tables_option
@glyphs_option
@lang_option
@format_option("table", "csv", "markdown", "html", "json")
@output_option
@terminal.checked
def compare(hand, seat, round_, win, source, win_set, also, variant_list, options, tables_dir, glyphs, lang, fmt):
    """One HAND under every variant (or --variant a,b), side by side: what it is worth in each and why.

    A house option applies to each variant that has it.

    \b
    Example:
      mjscore compare "[555p] 123m 789s SSS NN" --seat S --win 7s --from wall
    """
    hand = not_a_file(hand)
    check_situation(seat, source, also, options, click.get_current_context())
    names = [n.strip() for n in variant_list.split(",") if n.strip()] if variant_list else None
    results = api.compare(hand, names, seat=seat, round=round_, win=win, source=source, win_set=win_set, also=also,
                          options=options, tables=tables_dir)
    variants = {c.variant: api.load_variant(c.variant, tables_dir) for c in results}
    langs = {c.variant: lang_of(lang, variants[c.variant]) for c in results}
    common = set(langs.values())  # --lang native: the variants' one rulebook language, else English
    shown = lang if lang != "native" else common.pop() if len(common) == 1 else "en"

    def columns():
        from mjscore.cli.comparison import compare_csv

        return [compare_csv(results, variants)]

    draw(Output(M.PG_COMPARISON, shown, lambda: _compared(hand, results, variants, langs, shown, glyphs, seat, round_,
                                                          options, tables_dir), columns,
                lambda: [c.to_dict(langs[c.variant]) for c in results]), fmt)


def _compared(hand, results, variants, langs, shown, glyphs, seat, round_, options, tables_dir) -> list[str]:
    """compare for people: the variants side by side; a hand of 14 tiles no variant takes, its nearest wins."""
    from mjscore.cli.comparison import compare_text

    swaps = None  # no variant takes a hand of 14 tiles: the winning hands one tile away, as score says them
    if not any(c.score.mahjong for c in results if c.score) and api.parse_hand(hand).tile_count == 14:
        swaps = {c.variant: api.nearest_wins(hand, c.variant, seat=seat, round=round_, tables=tables_dir, options=[
            o for o in options if o.partition("=")[0].strip() in variants[c.variant].options])
            for c in results if c.score}
    return [compare_text(results, glyphs and terminal.glyphs_shown(), variants, shown, langs, swaps, typed=hand)]


@click.command(cls=MjscoreCommand)
@hand_argument
@seat_round_options
@also_option
@glyphs_option
@lang_option
@variant_options
@format_option("table", "csv", "markdown", "html", "json")
@output_option
@terminal.checked
def waits(hand, seat, round_, also, glyphs, lang, variant, options, tables_dir, fmt):
    """Every tile that completes HAND (one tile short of mah jong), with the value claimed and drawn.

    \b
    Example:
      mjscore waits "123m 456p 789s EEE N" --variant spanish
    """
    hand = not_a_file(hand)
    check_situation(seat, None, also, options)  # waits values both a discard and a drawn tile
    found = api.waits(hand, variant, seat=seat, round=round_, also=also, options=options,
                      tables=tables_dir)
    if lang == "native":  # (the variant is loaded again only for native)
        lang = lang_of(lang, api.load_variant(variant, tables=tables_dir))

    def people():
        from mjscore.cli.report import waits_text

        return [waits_text(hand, [w._asdict() for w in found.waits], glyphs and terminal.glyphs_shown(), lang)]

    draw(Output(M.PG_WAITS, lang, people, lambda: [(["tile", "discard", "wall"], [list(w)[:3] for w in found.waits])],
                found.to_dict), fmt)
