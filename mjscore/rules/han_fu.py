"""Riichi's valuation (`value: {han_fu: ...}`, registered in rules/families.py): points are fu, doubles are han,
and base points = fu x 2^(han + extra doubles), rounded and capped at the limit (mangan), with the tiers read on
the han above it (haneman ...), limit hands (yakuman) that add up or are capped (`limits_cap`, EMA's one
yakuman); the value states its han, fu, tier and what each player pays (`HanFu`, the cost).
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, cast

from mjscore.hand import tiles as T
from mjscore.hand.redfives import with_red_fives
from mjscore.messages import M, Said, Words, said
from mjscore.rules import riichi_path
from mjscore.rules.results import Item, Score, Shown


class Tier(NamedTuple):
    """One tier above the base points' cap (mangan, haneman ...): from how many doubles (han) it holds, its base
    points, its name, and the option that renames or moves it (the table's `tiers:`)."""

    doubles: int
    base: int
    name: str
    option: dict[str, tuple[Any, ...]]


class HanFuRules(NamedTuple):
    """`value: {han_fu: ...}`: how points (fu) and doubles (han) make base points, and the tiers above."""

    round_up: int  # points rounded up to this before doubling (10)
    exact: frozenset[str]  # shapes whose points are not rounded (seven pairs' 25)
    extra_doubles: int  # base points = points x 2^(doubles + extra_doubles)
    limit_name: str  # a base capped at the limit (mangan)
    limit_from: int  # a base of at least this is raised to the limit (kiriage mangan; 0: never) ...
    limit_from_option: dict[str, tuple[Any, ...]]  # ... when these options hold
    limit_from_name: str  # ... and so named
    tiers: tuple[Tier, ...]  # Tier, by doubles
    limits_add: bool  # limit hands add up (several yakuman) instead of the largest counting
    limits_max: float  # at most this many limits
    limits_cap: float  # at most this many limits when limits_cap_option holds (EMA: one yakuman; 0: none) ...
    limits_cap_option: dict[str, tuple[Any, ...]]  # ... these options
    limits_cap_name: str  # ... and a capped hand's tier so named


def _option_case(v: Any, fail: Callable[[str, str], Any], where: str, options: dict[str, Any]
                 ) -> dict[str, tuple[Any, ...]]:
    if v is None:
        return {}
    if not isinstance(v, dict) or not all(k in options for k in v):
        fail(where, f"option expects {{option: value}} naming options of this table, not {v!r}")
    return {k: tuple(x) if isinstance(x, list) else (x,) for k, x in v.items()}


def check_han_fu(entry: Any, fail: Callable[[str, str], Any], options: dict[str, Any], shapes: list[str]
                 ) -> HanFuRules | None:
    """`value.han_fu`, checked; None when the table has none (its values are points x 2^doubles)."""
    if entry is None:
        return None
    where = "value.han_fu"
    keys = {"points_round_up", "points_exact", "extra_doubles", "limit_name", "limit_from", "tiers", "limits_add",
            "limits_max", "limits_cap"}
    if not isinstance(entry, dict):
        fail(where, "expects a mapping (" + ", ".join(sorted(keys)) + ")")
    if set(entry) - keys:
        fail(where, f"unknown key {sorted(set(entry) - keys)[0]!r} (keys: {', '.join(sorted(keys))})")

    def number(key: str, default: float) -> Any:
        x = entry.get(key, default)
        if isinstance(x, bool) or not isinstance(x, (int, float)) or x < 0:
            fail(f"{where}.{key}", f"expects a number >= 0, not {x!r}")
        return x

    exact = entry.get("points_exact", [])
    if not isinstance(exact, list) or any(s not in shapes for s in exact):
        fail(f"{where}.points_exact", f"expects a list of the table's shapes ({', '.join(shapes)}), not {exact!r}")
    frm = entry.get("limit_from") or {}
    if not isinstance(frm, dict) or set(frm) - {"base", "option", "name"}:
        fail(f"{where}.limit_from", "expects {base: N, option: {option: value}, name: ...}")
    cap = entry.get("limits_cap") or {}
    if not isinstance(cap, dict) or set(cap) - {"limits", "option", "name"} or (cap and not (
            isinstance(cap.get("limits"), (int, float)) and not isinstance(cap.get("limits"), bool)
            and cap["limits"] > 0 and cap.get("name"))):
        fail(f"{where}.limits_cap", "expects {limits: N > 0, option: {option: value}, name: ...}")
    tiers = []
    for i, t in enumerate(entry.get("tiers") or []):
        at = f"{where}.tiers[{i}]"
        if not isinstance(t, dict) or set(t) - {"doubles", "base", "name", "option"} or not {"doubles", "base",
                                                                                                "name"} <= set(t):
            fail(at, "expects {doubles: N, base: N, name: ..., option: {option: value}}")
        tiers.append(Tier(int(t["doubles"]), int(t["base"]), str(t["name"]), _option_case(t.get("option"), fail, at,
                                                                                             options)))
    return HanFuRules(int(number("points_round_up", 1)) or 1, frozenset(exact), int(number("extra_doubles", 0)),
                      str(entry.get("limit_name", "limit")), int(frm.get("base", 0)),
                      _option_case(frm.get("option"), fail, f"{where}.limit_from", options),
                      str(frm.get("name", entry.get("limit_name", "limit"))),
                      tuple(sorted(tiers, key=lambda t: t.doubles)), bool(entry.get("limits_add", False)),
                      float(number("limits_max", 0)), float(cap.get("limits", 0)),
                      _option_case(cap.get("option"), fail, f"{where}.limits_cap", options), str(cap.get("name", "")))


def _holds(case: dict[str, tuple[Any, ...]], options: dict[str, Any]) -> bool:
    return all(options.get(k) in vals for k, vals in case.items())


def up(x: float, step: int = 100) -> int:
    return -(-int(x) // step) * step


def yakuman(limits: float) -> str:
    """A limit hand's tier by how many limits (mangan) it is worth: 4 a yakuman, 8 a double yakuman (2x) ..."""
    return "yakuman" if limits <= 4 else f"{limits / 4:g}x yakuman"


def cost(base: int, dealer: bool, self_drawn: bool, honba: int = 0, sticks: int = 0) -> tuple[dict[str, int], int, int]:
    """(who pays what, the hand's total, with honba and sticks): a discard win is paid by the discarder, 4
    times the base (6 for the dealer); a self-drawn one by all, the dealer twice a non-dealer's share (a dealer
    winner: twice from each); each payment rounded up to 100; honba 300 a counter, sticks 1000 each."""
    if not self_drawn:
        paid = {"discarder": up(base * (6 if dealer else 4))}
        total = paid["discarder"]
    elif dealer:
        paid = {"each": up(base * 2)}
        total = 3 * paid["each"]
    else:
        paid = {"dealer": up(base * 2), "non_dealer": up(base)}
        total = paid["dealer"] + 2 * paid["non_dealer"]
    return paid, total, total + 300 * honba + 1000 * sticks


class HanFu(NamedTuple):
    """A hand's value as the Japanese rules say it (a table with `value: {han_fu: ...}`): han (its doubles),
    fu (its points rounded), the tier its base points reached (mangan ...), what each player pays for the
    hand alone and in all, and what kind of hand it is (2: a limit hand, yakuman; 1: counted, 13 han)."""

    han: int
    fu: int
    tier: str
    paid: tuple[tuple[str, int], ...]  # (who, how much each): discarder; dealer and non_dealer; each
    total: int  # what the winner receives for the hand alone
    received: int  # with honba and riichi sticks
    kind: int = 0
    dora: tuple[str, ...] = ()  # the dora indicators, as tiles are named
    ura: tuple[str, ...] = ()  # the ura dora indicators
    honba: int = 0
    sticks: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"han": self.han, "fu": self.fu, "tier": self.tier,
                "cost": {**dict(self.paid), "total": self.total, "with_honba_and_sticks": self.received},
                "dora": list(self.dora), "ura": list(self.ura), "honba": self.honba, "sticks": self.sticks}

    def rank(self) -> tuple[bool, int, int]:
        """The Japanese rules' order after the value: a yakuman over a counted one, then han, then fu."""
        return (self.kind == 2, self.han, self.fu)

    def deal_fields(self, limit_hand: str | None) -> dict[str, Any]:
        """What a settled deal's winning hand adds (batch's JSON): han, fu (rounded), tier, the hand as its
        players say it (`said`: `30 fu 3 han: 3900`, for the faces to print in place of its base points) and what
        the table pays for it alone (`table_pays`: 3900; a dealer's 2900 above a non-dealer's 2000 of equal base
        points), by which a season ranks and averages winning hands."""
        return {"han": self.han, "fu": self.fu, "tier": self.tier, "said": self.said(limit_hand), "table_pays": self.total}

    def situation_words(self) -> list[str]:
        """What the situation line adds: the indicators and the counters on the table."""
        return ([f"{k} {' '.join(v)}" for k, v in (("dora", self.dora), ("ura", self.ura)) if v]
                + [f"{k} {n}" for k, n in (("honba", self.honba), ("sticks", self.sticks)) if n])

    def said(self, limit_hand: str | None) -> Said:
        """The hand as riichi players say it, with what the table pays for it, as `score` says it: `30 fu 3 han:
        3900`, `40 fu 5 han, mangan: 2000/4000`, `yakuman (Kokushi musou): 16000 all` (han, fu and the tiers'
        names are the game's own; the words around them a Said, for a face to say in its language)."""
        what = (f"{self.tier} ({limit_hand})" if limit_hand
                else said(M.R_FU_HAN, fu=self.fu, han=self.han) + (f", {self.tier}" if self.tier else ""))
        return cast(Said, what + ": " + self.paid_said())  # (a Said where `what` is one)

    def paid_said(self) -> str:
        """What each player pays for the hand alone: 3900 (the discarder), 1000/2000 (each non-dealer/the dealer),
        2000 all (each, to the dealer)."""
        paid = dict(self.paid)
        if "discarder" in paid:
            return str(paid["discarder"])
        if "each" in paid:
            return said(M.R_ALL, n=paid["each"])
        return f"{paid['non_dealer']}/{paid['dealer']}"

    @staticmethod
    def counted(points: int, doubles: int, limit: float, extra: int) -> str:
        """What an item (or a hand's sum of them) gives, as riichi players count it: `20 fu`, `1 han`, `yakuman`
        (`compare`'s cells)."""
        parts = ([f"{points} fu"] if points else []) + ([f"{doubles} han"] if doubles else []) + (
            [yakuman(limit)] if limit else []) + ([f"+{extra}"] if extra else [])
        return " + ".join(parts) or "0"

    def value_columns(self) -> tuple[int, int]:
        """The hand's two numbers as its players count them, under the valuation's `heads` (fu, han)."""
        return self.fu, self.han

    def line(self, score: Score, w: Words) -> str:
        """The hand's value as players say it: fu and han (or the yakuman), the tier, who pays what (the words
        around the numbers in the language of `w`; han, fu and the tiers' names are the game's own)."""
        line = w.again(self.said(score.limit_hand))
        line += w(M.R_TOTAL, total=self.total) if "discarder" not in dict(self.paid) else ""
        if self.received != self.total:
            line += w(M.R_WITH_STICKS, n=self.received)
        return line + w(M.R_BASE_POINTS, n=score.value)


def han_fu_score(ctx: Any, rules: HanFuRules, shown: Shown, texts: tuple[str, ...], win: str | None, items: list[Item],
                 notes: Any, win_set: str | None) -> Score:
    """A winning candidate's Score under han_fu: base points as its `value`, the tier, what is paid (`shown`: the
    fields every candidate's Score shares, results.Shown; `texts` its arrangement; `win` its winning tile's name)."""
    options = ctx.options
    limit = options.get("limit") or 0
    if "0" in ctx.hand.text:  # the hand printed back with its red fives (0m 0p 0s) where the player wrote them
        red = ctx.memo.get(_RED_SHOWN)  # (the fields every candidate of the hand shares, made once)
        if red is None:
            red = ctx.memo[_RED_SHOWN] = shown._replace(hand=with_red_fives(ctx.hand.text, shown.hand))
        shown = red
    limits = [i for i in items if i.limit]
    sit = ctx.sit
    dealer = sit.seat == (options.get("banker") or "E")
    if limits:
        total = sum(i.limit for i in limits) if rules.limits_add else max(i.limit for i in limits)
        if rules.limits_max:
            total = min(total, rules.limits_max)
        tier = yakuman(total)
        if rules.limits_cap and total > rules.limits_cap and _holds(rules.limits_cap_option, options):
            total, tier = rules.limits_cap, rules.limits_cap_name  # (the items all stay listed)
        base = round(total * limit)
        han_fu = _han_fu(ctx, 0, 0, base, tier, 2, dealer)
        return Score(variant=shown.variant, options=shown.options, hand=shown.hand, seat=shown.seat,
                     round=shown.round, mahjong=shown.mahjong, arrangement=texts, items=tuple(limits), points=0,
                     doubles=0, limit_hand=limits[0].rule, limit_fraction=total, limit=limit, value=base,
                     uncapped=base, win=win, source=shown.source, also=shown.also, bonus=shown.bonus,
                     notes=tuple(notes), win_set=win_set, family_value=han_fu)
    points = doubles = 0
    for i in items:
        points += i.points
        doubles += i.doubles
    fu = points if ctx.pattern in rules.exact else up(points, rules.round_up)
    uncapped = fu * 2 ** (doubles + rules.extra_doubles)
    base, tier = uncapped, ""
    if limit and uncapped > limit:
        base, tier = limit, rules.limit_name
    elif rules.limit_from and uncapped >= rules.limit_from and _holds(rules.limit_from_option, options):
        base, tier = limit, rules.limit_from_name
    for t in rules.tiers:
        if doubles >= t.doubles and _holds(t.option, options):
            base, tier = t.base, t.name
    han_fu = _han_fu(ctx, doubles, fu, base, tier, 1 if doubles >= 13 else 0, dealer)
    return Score(variant=shown.variant, options=shown.options, hand=shown.hand, seat=shown.seat, round=shown.round,
                 mahjong=shown.mahjong, arrangement=texts, items=tuple(items), points=points, doubles=doubles,
                 limit_hand=None, limit_fraction=0, limit=limit, value=base, uncapped=uncapped, win=win,
                 source=shown.source, also=shown.also, bonus=shown.bonus, notes=tuple(notes), win_set=win_set,
                 family_value=han_fu)


def _han_fu(ctx: Any, han: int, fu: int, base: int, tier: str, kind: int, dealer: bool) -> HanFu:
    sit = ctx.sit
    paid, total, received = cost(base, dealer, sit.source in ("wall", "loose"), sit.honba, sit.sticks)
    shown = ctx.memo.get(_INDICATORS)  # the indicators' names, the same for every candidate of the hand
    if shown is None:
        shown = ctx.memo[_INDICATORS] = (tuple(T.name(t) for t in sit.dora), tuple(T.name(t) for t in sit.ura))
    return HanFu(han, fu, tier, tuple(paid.items()), total, received, kind, shown[0], shown[1], sit.honba, sit.sticks)


_INDICATORS = "dora and ura named"  # (the hand's memo keys)
_RED_SHOWN = "shown with red fives"


def _fraction(f: float) -> str:
    return str(int(f)) if f == int(f) else f"{f:g}"


class HanFuValuation:
    """The valuation as the loader, the scorer and `variants NAME` ask it (rules/valuation.py Valuation)."""

    heads = (M.H_FU, M.H_HAN)  # a hand is said in fu and han, its points and doubles

    def check(self, entry: Any, fail: Callable[[str, str], Any], options: dict[str, Any], shapes: list[str]
              ) -> HanFuRules | None:
        return check_han_fu(entry, fail, options, shapes)

    def score(self, ctx: Any, switches: HanFuRules, shown: Shown, texts: tuple[str, ...], win: str | None,
              items: list[Item], notes: Any, win_set: str | None) -> Score:
        return han_fu_score(ctx, switches, shown, texts, win, items, notes, win_set)

    def score_hand(self, hand: Any, variant: Any, switches: HanFuRules, options: dict[str, Any], notes: list[Any]
                   ) -> list[Score] | None:
        """A winning hand's candidates scored by riichi's own path (rules/riichi_path.py), or None: the generic
        engine's (a table or hand the path does not know)."""
        return riichi_path.score_hand(hand, variant, han_fu_score, switches, options, notes)

    def words(self, h: HanFuRules, w: Words) -> str:
        """How base points are made, in words (its terms, han, fu, mangan..., are the game's own)."""
        def cases(option: dict[str, tuple[Any, ...]]) -> str:  # (with kazoe=yakuman)
            return "".join(w(M.V_RIICHI_WITH, option=k, values='/'.join(str(x).lower() for x in c))
                           for k, c in option.items())

        tiers = ", ".join(w(M.V_RIICHI_TIER, n=t.doubles, name=t.name, base=t.base) + cases(t.option)
                          for t in h.tiers)
        return (w(M.V_RIICHI_BASE, n=h.round_up) + (w(M.V_RIICHI_EXACT, shapes=', '.join(h.exact)) if h.exact else "")
                + w(M.V_RIICHI_DOUBLING, n=h.extra_doubles, name=h.limit_name)
                + (w(M.V_RIICHI_FROM, base=h.limit_from, name=h.limit_from_name) + cases(h.limit_from_option)
                   if h.limit_from else "") + (f"; {tiers}" if tiers else "")
                + (w(M.V_RIICHI_ADD_UP) if h.limits_add else "")
                + (w(M.V_RIICHI_AT_MOST, n=_fraction(h.limits_max)) if h.limits_max else "")
                + (w(M.V_RIICHI_CAP, n=_fraction(h.limits_cap), name=h.limits_cap_name) + cases(h.limits_cap_option)
                   if h.limits_cap else ""))


FAMILY = HanFuValuation()
