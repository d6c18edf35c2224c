"""`mjscore score`, the one-hand command a player runs at the table: a module of its own, so that
it starts without building any other command (main.py's group imports a command's module on demand)."""

from __future__ import annotations

import click

from mjscore import api  # here, not in the command: loaded as part of start-up (mjscore.cli.run)
from mjscore.cli import terminal
from mjscore.cli.options import (MjscoreCommand, check_situation, format_option, glyphs_option, hand_argument,
                                 lang_of, lang_option, not_a_file, output_option, said_in, situation_options,
                                 variant_options)
from mjscore.cli.render import Output, draw
from mjscore.errors import HandError, SituationError
from mjscore.messages import M


@click.command(cls=MjscoreCommand)
@hand_argument
@situation_options
@click.option("--dora", default=None, metavar="TILES",
              help='riichi: the dora indicators as they lie on the wall, in the notation, e.g. "3m E"')
@click.option("--ura", default=None, metavar="TILES", help="riichi: the ura dora indicators (counted with riichi)")
@click.option("--honba", default=0, type=click.IntRange(0, 1000), help="riichi: counters on the table (300 each)")
@click.option("--sticks", default=0, type=click.IntRange(0, 1000),
              help="riichi: riichi sticks on the table (1000 each)")
@click.option("--all", "show_all", is_flag=True, help="also list every other arrangement considered")
@click.option("--explain", is_flag=True, help="say why the arrangement kept beat the next best one (for a dispute)")
@glyphs_option
@lang_option
@variant_options
@format_option("table", "csv", "markdown", "html", "json")
@output_option
@terminal.checked
def score(hand, seat, round_, win, source, win_set, also, dora, ura, honba, sticks, show_all, explain, glyphs, lang,
          variant, options, tables_dir, fmt):
    """Value of one HAND, itemised.

    \b
    Examples:
      mjscore score "[555p] 123m 789s SSS NN" --seat S --win 7s --from wall
      mjscore score "[999m] [234m] 123m 789p SS" --variant dmjl --seat S --win 2m --win-set 234m
      mjscore score "{5555s} 234s 678s RRR 11s" --variant basque --option mode=clean --all
    """
    hand = not_a_file(hand)
    check_situation(seat, source, also, options, click.get_current_context())
    situation = dict(seat=seat, round=round_, win=win, source=source, win_set=win_set, also=also, options=options,
                     tables=tables_dir)
    try:
        scores = api.arrangements(hand, variant, **situation, dora=dora, ura=ura, honba=honba, sticks=sticks)
    except (HandError, SituationError) as e:  # (a refusal made of catalogue words: said in --lang, as settle says it)
        raise said_in(e, lang) from None
    lang = lang_of(lang, scores.table)
    glyphs = glyphs and terminal.glyphs_shown()
    draw(Output(M.PG_SCORE, lang, lambda: _people(scores, show_all, explain, glyphs, lang, hand),
                lambda: [_columns(scores.best, lang)], lambda: _data(scores, show_all, explain, lang)), fmt)


def _data(scores, show_all: bool, explain: bool, lang: str) -> dict:
    """`--format json`: exactly Score.to_dict() (mjscore.nearest_wins gives a program what the table adds)."""
    data = scores.best.to_dict(lang)
    if show_all:
        data["alternatives"] = [s.to_dict(lang) for s in scores[1:]]
    if explain:
        runner = scores.runner_up
        data["runner_up"] = runner.to_dict(lang) if runner is not None else None
        data["near_misses"] = [m.to_dict() for m in scores.near_misses]
        for quote, shown in zip(scores.quotes, data["items"]):  # the rulebook's words for each item's rule
            if quote is not None:
                shown["quote"] = quote.to_dict()
    return data


def _columns(best, lang: str) -> tuple[list[str], list[list]]:
    """`--format csv`: the best arrangement's items, then its value on a row of its own."""
    from mjscore.cli.report import fmt_fraction, item_name

    name = (lambda i: item_name(i, lang)) if lang != "en" else (lambda i: i.rule)  # noqa: E731  (as the table)
    rows = [[name(i), i.tiles, i.points, i.doubles, fmt_fraction(i.limit), i.extra, "", i.cite] for i in best.items]
    rows.append(["value", " ".join(best.arrangement), best.points, best.doubles,
                 fmt_fraction(best.limit_fraction), "", best.value, ""])  # the final value in its own column
    return ["rule", "tiles", "points", "doubles", "limit", "extra", "value", "cite"], rows


def _people(scores, show_all: bool, explain: bool, glyphs: bool, lang: str, typed: str) -> list[str]:
    """The score as a table for people (the hand as `typed`), with the nearest wins of a hand that is no mah jong
    and, explained, the runner-up, the near misses and the rulebook's words."""
    from mjscore.cli.report import explain_text, score_text

    best, rules = scores.best, scores.table
    texts = [score_text(best, scores[1:] if show_all else None, glyphs, lang, rules, typed)]
    if scores.nearest_wins is not None:  # a hand of 14 tiles that is no mah jong: the winning hands one tile away
        from mjscore.cli.report import fan_listed, not_winning_line
        from mjscore.messages import Words

        if scores.nearest_wins or not fan_listed(best):  # (below the minimum: "none" would say it is no shape)
            texts.append(not_winning_line(scores.nearest_wins, Words(lang)))
    if explain:
        texts.append(explain_text(best, scores.runner_up, lang, glyphs))
        if best.mahjong:
            from mjscore.cli.report import near_miss_text

            texts.append(near_miss_text(scores.near_misses, lang, rules))
        from mjscore.cli.report import quote_text

        words = quote_text(scores.quoted, lang)
        if words:  # a table that quotes its rulebook (the four seed variants)
            texts.append(words)
    return texts
