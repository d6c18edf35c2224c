"""The public Python API: what every face (the CLI, a web page, a report) calls.

Pure functions: no printing, no exit, no global state but caches. Each result has
`to_dict()`, exactly the JSON that the matching CLI command prints with `--format json`.
Bad input raises `MjscoreError` (its `str()` is the one-line message the CLI prints).
See docs/api.md.
"""

from __future__ import annotations

import os
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, TypeGuard

from mjscore import PUBLIC_NAMES
from mjscore.errors import DealError, HandError, MjscoreError, OptionError, SituationError, Spelling, shown
from mjscore.hand import tiles as T
from mjscore.hand.arrange import WIN_COUNT, analyse, waits as _find_waits
from mjscore.hand.notation import Hand, parse_hand as _parse_hand, parse_tile as _parse_tile
from mjscore.hand.situation import WIN_SET
from mjscore.rules.results import Score
from mjscore.memo import make_room
from mjscore.rules.kept import memo_of
from mjscore.rules.scoring import check_tiles, score_all
from mjscore.rules.situations import make_situation, with_table
from mjscore.rules.tablefile import tables_dir as _tables_dir, variant_names as _variant_names
from mjscore.rules.tables import Variant, load_variant as _load_variant, load_with_options

if TYPE_CHECKING:  # settling, games and the rarer results load only when asked for: `score` starts without them
    from mjscore.play.deal import Settlement
    from mjscore.api_results import Compared, Waits
    from mjscore.hand.situation import Situation
    from mjscore.rules.identity import Rules
    from mjscore.rules.referee import NearMiss, Swap
    from mjscore.rules.tablefile import Quote
    from mjscore.rules.tablediff import TableDiff

__all__ = list(PUBLIC_NAMES)  # the package's one list of public names (mjscore/__init__.py)

Options = Mapping[str, Any] | Iterable[str] | None  # {"limit": 1000} or ["limit=1000"]
Tables = str | os.PathLike[str] | None  # a folder of table files; None: the packaged tables


def __getattr__(name: str) -> object:
    """A public name defined elsewhere (a game's results, a season, the ledger ...), loaded on first use."""
    home = PUBLIC_NAMES.get(name)
    if home is not None and home != __name__:
        from importlib import import_module

        return getattr(import_module(home), name)
    raise AttributeError(f"module 'mjscore.api' has no attribute {name!r}")


def parse_hand(text: str) -> Hand:
    """A hand in the notation of docs/notation.md; HandError (an MjscoreError) says what and where."""
    if not isinstance(text, str):
        raise TypeError(f"a hand is text in the notation of docs/notation.md (or a parsed Hand), not "
                        f"{type(text).__name__}")
    return _parse_hand(text)


def load_variant(name: str | os.PathLike[str], tables: str | os.PathLike[str] | None = None) -> Variant:
    """A variant by name (`"basque"`), from the packaged tables or from the folder `tables`; a path to a
    table file (`"club/basque.yaml"`) loads that file (its folder serves as `tables`)."""
    text = os.fspath(name)
    if tables is None and text.endswith(".yaml") and os.path.isfile(text):
        return _load_variant(os.path.splitext(os.path.basename(text))[0], os.path.dirname(os.path.abspath(text)))
    return _load_variant(text, tables)


def variants(tables: str | os.PathLike[str] | None = None) -> list[Variant]:
    """Every variant of the packaged tables (or of the folder `tables`), by name."""
    return [_load_variant(n, tables) for n in _variant_names(_tables_dir(tables))]


def _option_strings(options: Options) -> list[str]:
    if options is None:
        return []
    if isinstance(options, Mapping):
        return [f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in options.items()]
    return list(options)


def _prepare(hand: str | Hand, variant: str | None, options: Options, tables: Tables
             ) -> tuple[Hand, Variant, dict[str, Any]]:
    strings = tuple(_option_strings(options))
    env = os.environ.get("MJSCORE_VARIANT") if variant is None else None
    try:
        v, opts = _loaded(variant, env, strings, None if tables is None else os.fspath(tables))
    except TypeError:  # an argument no cache can hold: loaded afresh, as it says what is wrong with it
        v, opts = load_with_options(variant, list(strings), tables)
    return (hand if isinstance(hand, Hand) else parse_hand(hand)), v, dict(opts)  # (a Score holds its options)


@lru_cache(maxsize=256)
def _loaded(variant: str | None, env: str | None, strings: tuple[str, ...], tables: str | None
            ) -> tuple[Variant, dict[str, Any]]:
    """A variant and options as named -> (variant, resolved options): a program scoring hand after hand names
    the same ones each time (a bounded cache of pure results; `env` is MJSCORE_VARIANT where it decides)."""
    return load_with_options(variant, list(strings), tables)


def _fold(text: str, case: Callable[[str], str]) -> str:
    return case(text) if isinstance(text, str) and text.isascii() else text


def _situation(v: Variant, seat: str, round: str, win: str | None, source: str, also: Iterable[str],
               win_set: str | None = None, dora: str | None = None, ura: str | None = None, honba: int = 0,
               sticks: int = 0) -> Situation:
    # letters as typed in either case; only ASCII is folded ("ſ".upper() is "S")
    if win_set is not None and not isinstance(win_set, str):
        raise SituationError((WIN_SET, f": a set in the notation is expected, e.g. 234m, not {shown(win_set)}"))
    also = tuple(also)
    key = (seat, round, win, source, also, win_set)  # (what lies on the table apart: riichi's is new each hand)
    typed = memo_of(v).typed
    kept = True
    try:
        got = typed.get(key)
    except TypeError:  # an argument no dictionary can hold: checked afresh, which says what is wrong with it
        got, kept = None, False
    if got is None:  # a situation as typed, kept with its variant (a bounded memo: a batch repeats few of them)
        got = make_situation(v, _fold(seat, str.upper), _fold(round, str.upper), win, _fold(source, str.lower),
                             also, win_set)
        if kept:
            make_room(typed, 4096)
            typed[key] = got
    return with_table(got, dora, ura, honba, sticks)


def arrangements(hand: str | Hand, variant: str | None = "spanish", *, seat: str = "E", round: str = "E",
                 win: str | None = None, source: str = "discard", also: Iterable[str] = (),
                 options: Options = None, tables: str | os.PathLike[str] | None = None,
                 win_set: str | None = None, dora: str | None = None, ura: str | None = None, honba: int = 0,
                 sticks: int = 0) -> Arrangements:
    """Every arrangement of the hand considered, scored, best first (`score --all`), as `Arrangements`: a list
    of Score that also answers what a referee asks of the hand (runner-up, near misses, nearest wins, the
    rulebook's words), each worked out when first asked. `win_set`: the set the winning tile completed
    (`--win-set 234m`); only arrangements where it does are considered. `dora`, `ura`: riichi's dora indicators
    in the notation ("3m E"); `honba`, `sticks`: the counters and riichi sticks on the table (riichi's cost
    with them)."""
    situation = (seat, round, win, source, also, win_set, dora, ura, honba, sticks)
    asked = dict(seat=seat, round=round, win=win, source=source, also=also, options=options, tables=tables,
                 win_set=win_set)
    return Arrangements(distinct(_scores(hand, variant, options, tables, situation)), hand, variant, asked,
                        plain=dora is None and ura is None and not honba and not sticks)


class Arrangements(list[Score]):
    """A hand's arrangements, scored, best first (each a Score), and what `score --explain` and a page ask of
    the hand besides, each worked out only when first asked (most hands are scored and shown, no more)."""

    def __init__(self, scores: list[Score], hand: str | Hand, variant: str | None, asked: dict[str, Any],
                 plain: bool):
        super().__init__(scores)
        self._hand, self._variant, self._asked = hand, variant, asked
        self._plain = plain  # without riichi's dora and counters, which the near misses are scored without

    @property
    def best(self) -> Score:
        return self[0]

    @cached_property
    def runner_up(self) -> Score | None:
        """As `runner_up(arrangements)`: the best that groups the tiles differently; None when there is none."""
        return runner_up(self)

    @cached_property
    def near_misses(self) -> list[NearMiss]:
        """As `near_misses(...)` for the same hand and situation ([] for a hand that is no mah jong)."""
        return near_misses(self._hand, self._variant, **self._asked, best=self[0] if self._plain else None)

    @cached_property
    def nearest_wins(self) -> list[Swap] | None:
        """As `nearest_wins(...)` for a hand of 14 tiles that is no mah jong; None for any other hand, where
        the question does not arise."""
        parsed = self._hand if isinstance(self._hand, Hand) else parse_hand(self._hand)
        if self[0].mahjong or parsed.tile_count != 14:
            return None
        a = self._asked
        return nearest_wins(self._hand, self._variant, seat=a["seat"], round=a["round"], options=a["options"],
                            tables=a["tables"])

    @cached_property
    def table(self) -> Variant:
        """The variant's table the hand was scored under, as loaded (`load_variant`)."""
        return load_variant(self[0].variant, self._asked["tables"])

    @cached_property
    def quotes(self) -> list[Quote | None]:
        """The rulebook's words for each item of the best arrangement (`quote_of`: a Quote, or None)."""
        from mjscore.rules.referee import quote_of

        return [quote_of(item, self.table) for item in self[0].items]

    @cached_property
    def quoted(self) -> list[tuple[tuple[Any, ...], Quote]]:
        """The best arrangement's items with the rulebook's sentences they rest on (`quoted`)."""
        from mjscore.rules.referee import quoted

        return quoted(self[0].items, self.table)


def _scores(hand: str | Hand, variant: str | None, options: Options, tables: Tables,
            situation: tuple[Any, ...]) -> list[Score]:
    """Every candidate's score, best first: the hand parsed, analysed once (its one AnalysedHand), scored once."""
    parsed, v, opts = _prepare(hand, variant, options, tables)
    analysed = analyse(parsed, _situation(v, *situation), v.shapes)
    return score_all(analysed, v, opts)


def _reading(s: Score) -> tuple[tuple[str, ...], str | None, str | None]:
    """What tells two arrangements apart for a reader: the sets (in any order), the winning tile and the set
    it completed. The search finds some readings more than once (111m 123m and 123m 111m)."""
    return tuple(sorted(s.arrangement)), s.win, s.win_set


def distinct(scores: list[Score]) -> list[Score]:
    """The scores with each reading once, the first (best ranked) kept: a list a referee reads without
    meeting the same sets twice."""
    seen: set[tuple[tuple[str, ...], str | None, str | None]] = set()
    out = []
    for s in scores:
        key = _reading(s)
        if key not in seen:
            seen.add(key)
            out.append(s)
    return out


def runner_up(scores: list[Score]) -> Score | None:
    """The best arrangement after the one kept that groups the tiles differently (or takes another winning
    tile, or completes another set with it): what a referee shows when asked "why not scored as ...?". None when
    there is no other."""
    best = _reading(scores[0])
    for s in scores[1:]:
        if _reading(s) != best:
            return s
    return None


def nearest_wins(hand: str | Hand, variant: str | None = "spanish", *, seat: str = "E", round: str = "E",
                 options: Options = None, tables: str | os.PathLike[str] | None = None) -> list[Swap]:
    """For a hand of 14 tiles that is no mah jong (typed by mistake, or a false mah jong to explain): each
    concealed tile that, changed for another, makes a winning hand, as Swap(change, to); [] for a hand that
    is not 14 tiles. `score` prints them under a non-winning hand of 14 tiles."""
    from mjscore.rules.referee import nearest_wins as swaps

    parsed, v, opts = _prepare(hand, variant, options, tables)
    return swaps(parsed, v, opts, _fold(seat, str.upper), _fold(round, str.upper))


def near_misses(hand: str | Hand, variant: str | None = "spanish", *, seat: str = "E", round: str = "E",
                win: str | None = None, source: str = "discard", also: Iterable[str] = (), options: Options = None,
                tables: str | os.PathLike[str] | None = None, win_set: str | None = None,
                best: Score | None = None) -> list[NearMiss]:
    """The limit hands and doubling rules a winning hand missed by one thing (`score --explain`): each a
    NearMiss(rule, gives, how, value, cite) that the same hand makes with another of its winning tiles, one
    circumstance changed (how the tile came, one more --also word) or one concealed tile swapped for another,
    and would then be worth more than it is, most valuable first, at most five. [] for a hand that is no mah
    jong. `best`: the hand's score as it stands (`score(...)`), where the caller has it: not worked out again."""
    from mjscore.hand.situation import contradiction, dealer_of
    from mjscore.rules.referee import near_misses as missed

    if best is None:
        best = _scores(hand, variant, options, tables, (seat, round, win, source, also, win_set))[0]
    parsed, v, opts = _prepare(hand, variant, options, tables)
    sit = _situation(v, seat, round, win, source, also, win_set)
    if not best.mahjong or best.win is None:
        return []
    guessed = sit.win is None
    if guessed:  # the tile the best reading won on: the others are measured against it
        sit = sit._replace(win=_parse_tile(best.win))
    dealer = dealer_of(opts)
    return missed(parsed, v, opts, sit, {i.rule for i in best.items},
                  lambda seat_, source_, also_: contradiction(seat_, source_, also_, dealer), guessed, best.value)


def score(hand: str | Hand, variant: str | None = "spanish", *, seat: str = "E", round: str = "E",
          win: str | None = None, source: str = "discard", also: Iterable[str] = (),
          options: Options = None, tables: str | os.PathLike[str] | None = None, win_set: str | None = None,
          dora: str | None = None, ura: str | None = None, honba: int = 0, sticks: int = 0) -> Score:
    """The value of one hand, itemised: the best arrangement (`mjscore score`).

    >>> s = score("[555p] 123m 789s SSS NN", "spanish", seat="S", win="7s", source="wall")
    >>> s.mahjong, s.points, s.doubles, s.value
    (True, 32, 1, 64)
    """  # the best: what `arrangements` lists first (distinct keeps the first)
    situation = (seat, round, win, source, also, win_set, dora, ura, honba, sticks)
    return _scores(hand, variant, options, tables, situation)[0]


def compare(hand: str | Hand, variants: Iterable[str] | None = None, *, seat: str = "E", round: str = "E",
            win: str | None = None, source: str = "discard", also: Iterable[str] = (), options: Options = None,
            tables: str | os.PathLike[str] | None = None, win_set: str | None = None) -> list[Compared]:
    """One hand scored under several variants (all of a folder by default), side by side (`mjscore compare`).

    Each house option applies to the variants that have it (`limit` to all); one no variant has is an error.
    A hand a variant cannot score (flowers where it plays without them) gives its message instead of failing the
    comparison; a mistake all refuse in the same words (a tile typed wrong) is raised once, as `score` does.
    """
    chosen = [load_variant(n, tables) for n in dict.fromkeys(variants)] if variants is not None else [
        _load_variant(n, tables) for n in _variant_names(_tables_dir(tables))]
    given, known = _option_strings(options), sorted({k for v in chosen for k in v.options})
    for key, text in ((t.partition("=")[0].strip(), t) for t in given):
        if key not in known:
            from mjscore.messages import did_you_mean
            raise OptionError(f"--option {text!r}: no variant compared has an option {key!r}"
                              + did_you_mean(key, known))
    parsed = hand if isinstance(hand, Hand) else parse_hand(hand)
    from mjscore.api_results import Compared
    out, failed = [], []
    for v in chosen:
        mine = [t for t in given if t.partition("=")[0].strip() in v.options]
        try:
            best = arrangements(parsed, v.name, seat=seat, round=round, win=win, source=source, also=also,
                                options=mine, tables=tables if tables is not None else None, win_set=win_set)[0]
            out.append(Compared(v.name, best))
        except MjscoreError as e:
            out.append(Compared(v.name, None, str(e)))
            failed.append(e)
    if failed and len(failed) == len(out) and len({str(e) for e in failed}) == 1:
        raise failed[0]  # not the variants' difference but the reader's mistake: one message, as `score` gives it
    return out


def waits(hand: str | Hand, variant: str | None = "spanish", *, seat: str = "E", round: str = "E",
          also: Iterable[str] = (), options: Options = None, tables: str | os.PathLike[str] | None = None) -> Waits:
    """Every tile that completes a hand one tile short of mah jong, with its value (`mjscore waits`)."""
    parsed, v, opts = _prepare(hand, variant, options, tables)
    if parsed.tile_count != WIN_COUNT - 1:
        raise HandError(f"waits needs a hand one tile short of mah jong ({WIN_COUNT - 1} tiles, a kong counting 3); "
                        f"this one has {parsed.tile_count}", parsed.text)
    check_tiles(parsed, v, opts)
    from mjscore.api_results import Wait, Waits
    from mjscore.rules.red_fives import shown_with_reds

    found = []
    for t in _find_waits(parsed, v.shapes):
        full = parsed.with_tile(t)
        values, words, winning = {}, {}, False
        for how in ("discard", "wall"):
            best = score_all(analyse(full, _situation(v, seat, round, T.name(t), how, also), v.shapes), v, opts)[0]
            values[how] = best.value
            if best.mahjong and best.family_value is not None:  # (riichi: `30 fu 2 han: 2000`)
                words[how] = best.family_value.said(best.limit_hand)
            winning = winning or best.mahjong
        if winning:  # a shape the variant's mah-jong requirements refuse (e.g. too many chows) completes nothing
            found.append(Wait(T.name(t), values["discard"], values["wall"], words.get("discard"), words.get("wall")))
    return Waits(v.name, opts, shown_with_reds(parsed), _fold(seat, str.upper), _fold(round, str.upper), tuple(found))


def settle(deal: Mapping[str, Any] | str | os.PathLike[str], *, variant: str | None = None, options: Options = None,
           tables: str | os.PathLike[str] | None = None, where: str | None = None, flags: bool = False) -> Settlement:
    """Settle one deal: every hand's value, every payment, each player's net (`mjscore settle`).

    `deal` is a deal file's path or its data (docs/cli.md, "Deal files"); `variant` and `options`
    apply on top of what the deal names; `where` names the deal in messages (default: its path);
    `flags`: the deal was typed as command-line flags, so messages name --from, not win.from.
    """
    from mjscore.play.dealfile import load_data, overridden, overridden_note, parse_deal, variant_for
    from mjscore.play.settle import settle as settle_deal

    if isinstance(deal, Mapping):
        data = deal
        where = where or "deal"
    elif isinstance(deal, (str, os.PathLike)):
        data = load_data(os.fspath(deal))
        where = where or os.fspath(deal)
    else:
        raise TypeError(f"settle takes a deal file's path or a deal's data (a mapping), not {type(deal).__name__}")
    v, opts = variant_for(data, variant, _option_strings(options), tables, where)
    parsed = parse_deal(data, v, opts, where=f"{where}: ")
    over = overridden(data, variant) is not None
    try:
        settled = settle_deal(parsed)
    except DealError as e:
        raise DealError(f"{where}: " + e.said(), details=e.detail_lines()) from None  # (a Said stays one)
    except SituationError as e:  # in a deal file, say the deal's keys (win.from), not --from
        if flags:
            raise
        raise DealError(f"{where}: " + e.spelt(Spelling.KEY)) from None  # (a Said stays one)
    if over:
        settled = settled._replace(notes=[overridden_note(where, data, v.name), *settled.notes])
    return settled


def table_data(v: Variant) -> dict[str, Any]:
    """The variant's table file as data, its `extends:` chain merged in (`mjscore variants NAME --format yaml`):
    what a club copies and edits for `--tables DIR`."""
    from mjscore.rules.inherit import resolved_raw
    from mjscore.rules.tables import read_raw

    return resolved_raw(v.path, read_raw)


def rules_of(variant: Variant | str | os.PathLike[str], options: Options = None,
             tables: str | os.PathLike[str] | None = None) -> Rules:
    """The rules a game is scored under, as every record of a game names them: the variant, the SHA-256 of its
    table data with its `extends:` chain merged in (docs/tables.md, "Versions of a table") and the options
    (defaults with `options` on top). `variant`: a loaded Variant, a name (in `tables`) or a table file's path."""
    from mjscore.rules.identity import rules_of as _rules_of

    v = variant if isinstance(variant, Variant) else load_variant(variant, tables)
    given = dict(text.partition("=")[::2] for text in _option_strings(options))
    return _rules_of(v, v.resolve_options({k.strip(): val.strip() for k, val in given.items()}))


def table_diff(a: Variant | str | os.PathLike[str], b: Variant | str | os.PathLike[str],
               tables: str | os.PathLike[str] | None = None) -> TableDiff:
    """What changed from table A to table B, rule by rule and option by option, in words
    (`mjscore variants diff A B`). Each is a loaded Variant, a variant's name (in `tables`) or a table file's
    path; both are compared with their `extends:` chains merged in."""
    from mjscore.rules.identity import resolved, table_hash
    from mjscore.rules.tablediff import diff_data

    def file(x: Variant | str | os.PathLike[str]) -> TypeGuard[str | os.PathLike[str]]:
        return not isinstance(x, Variant) and os.fspath(x).endswith(".yaml") and os.path.isfile(x)

    for x in (a, b):
        text = x if isinstance(x, Variant) else os.fspath(x)
        if isinstance(text, str) and (text.endswith(".yaml") or os.sep in text) and not file(text):
            from mjscore.errors import VariantNotFound
            raise VariantNotFound(f"{text}: no such table file; give a table file or a variant's name "
                                  f"(variants: {', '.join(_variant_names(_tables_dir(tables)))})")
    va, vb = (x if isinstance(x, Variant) else load_variant(x, None if file(x) else tables) for x in (a, b))
    heads = [{"file": os.fspath(x) if file(x) else v.name, "variant": v.name, "table": table_hash(v)}
             for x, v in ((a, va), (b, vb))]
    return diff_data(resolved(va.path), resolved(vb.path), *heads)


def describe_variant(v: Variant) -> dict[str, Any]:
    """A variant's tables, options and settlement as data (`mjscore variants NAME --format json`)."""
    return {
        "variant": v.name, "title": v.title, "source": v.source, "language": v.language, "limit": v.limit,
        "flowers": v.flowers, "shapes": list(v.shapes),
        "options": {k: {"type": o.type, "default": o.default, "choices": list(o.choices), "help": o.help}
                    for k, o in v.options.items()},
        "tables": [{"table": h, "per": per, "who": who,
                    "rules": [{"rule": r.name, "when": r.when, "who": r.who, "points": r.points,
                               "doubles": r.doubles, "limit": r.limit, "extra": r.extra,
                               "keep_doubles": list(r.keep_doubles), "cite": r.cite, "names": dict(r.names),
                               **({"fan": True, "excludes": list(r.excludes)} if r.fan else {}),
                               **({"doubles_each": r.each} if r.each else {}),
                               **({"quote": r.quote.to_dict()} if r.quote else {})}
                              for r in v.rules if r.table == h]} for h, per, who in v.tables],
        "settlement": v.settlement.written,  # as the table file writes it
        "value": {"round_up": v.round_up, "grid": {str(b): list(r) for b, r in (v.value_grid or {}).items()} or None},
        **({"presets": v.presets} if v.presets else {}),
    }
