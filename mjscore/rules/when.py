"""A table's `when:` compiled into one predicate of closures, without eval (the conditions are in registry.py).

Kept below the registry so that a condition whose parameter holds conditions (`groups:`, `same_number:`)
compiles them with the same function the loader uses.
"""

from __future__ import annotations

from typing import Callable


class Invalid(Exception):
    """A parameter that does not fit its condition; tables.py adds file and entry."""


# A `when:` is compiled into parts (test, parameter): a condition's test with its compiled parameter, or
# `any`, `all`, `not` as tests whose parameter is their parts. The predicate is then a closure over them:
# a part costs one call, and a condition alone with a `bind` is its own closure, with none. The scorer asks
# instead what a hand rule is in a situation, winning shape and suits held (folded), once, and calls what is left.

def compile_when(when, scope: str, known) -> Callable:
    """Compile a `when:` mapping into predicate(ctx, subject) with the conditions of `known["conditions"]`
    (a Registry); raise Invalid naming the condition. The predicate is marked `whole_hand` when a condition
    it holds reads every tile (reads_whole_hand), and keeps its parts as a tree, which `folded` tells a
    situation and a winning shape."""
    flags: dict[str, bool] = {}
    parts = _parts(when, scope, known, flags)
    pred = _predicate(parts)
    pred.whole_hand = "whole" in flags
    pred.tree = parts
    pred.written = tuple(when.items()) if isinstance(when, dict) else ()  # each top-level condition, as the table
    return pred  # writes it, beside its part of the tree (rules/unmet.py names the ones a hand fails)


def reads_whole_hand(pred: Callable) -> bool:
    """Whether a compiled `when:` reads every tile of the hand (a condition registered `whole`)."""
    return getattr(pred, "whole_hand", False)


def _called(c, pred, s) -> bool:
    return pred(c, s)


def folded(pred: Callable, c) -> tuple[Callable | None, object] | None:
    """A compiled hand `when:` told what it can be in context `c`'s situation, winning shape and suits held: its
    conditions declared situational, shaped or suited, at any depth, replaced by their values there, those whose
    screen says no hand like c's (its suits, honours, bonus tiles or none) meets them by false, and what is left
    joined as (test, parameter), the costly conditions last (test None: nothing left, it holds). None: it is
    false there, whatever the hand."""
    tree = getattr(pred, "tree", None)
    if tree is None:  # a predicate not compiled here: called as it is
        return _called, pred
    parts = _fold(tree, c)
    if parts is None:
        return None
    return _part(parts) if parts else (None, None)


def folded_counted(pred: Callable, c) -> tuple[tuple[Callable | None, object], bool] | None:
    """`folded` and `by_group_counts` of one hand `when:` from one fold (the scorer asks both of every hand rule
    of each situation it meets: folding twice was a quarter of planning a fresh riichi hand, issue 40)."""
    tree = getattr(pred, "tree", None)
    if tree is None:
        return (_called, pred), False
    parts = _fold(tree, c)
    if parts is None:
        return None
    return (_part(parts), _counts_only(parts)) if parts else ((None, None), False)


def by_group_counts(pred: Callable, c) -> bool:
    """Whether what is left of a compiled hand `when:` in context `c`'s situation, winning shape and suits held
    (folded: something is left) reads only the candidate's group counts (conditions declared group_counts): it then
    holds or not by one number per candidate, which the scorer judges once per number (candidate._plan)."""
    tree = getattr(pred, "tree", None)
    parts = _fold(tree, c) if tree is not None else None
    return bool(parts) and _counts_only(parts)


def _counts_only(parts: list[tuple]) -> bool:
    for part in parts:
        node = part[3]
        if node[0] == "leaf":
            if not node[4]:
                return False
        elif node[0] == "not":
            if not _counts_only(node[1]):
                return False
        elif not all(_counts_only(sub) for sub in node[1]):  # any: each alternative's parts
            return False
    return True


def _fold(parts: list[tuple], c) -> list[tuple] | None:
    """Parts that must all hold, with their situational and shaped conditions told: what is left (empty:
    they hold), or None (they do not)."""
    out: list[tuple] = []
    for part in parts:
        node = part[3]
        if node[0] == "leaf":
            if node[1]:  # situational, shaped or suited: its value in this situation, shape and suits
                if not part[0](c, part[1], None):
                    return None
            elif node[2] is not None and not node[2](c, part[1]):  # its screen: no hand of these suits meets it
                return None
            else:
                out.append(part)
        elif node[0] == "not":
            sub = _fold(node[1], c)
            if sub is None:
                continue
            if not sub:
                return None
            out.append((_negated, _joined(sub), None, ("not", sub)))
        else:
            subs = [_fold(ch, c) for ch in node[1]]
            if node[0] == "all":
                if any(sub is None for sub in subs):
                    return None
                for sub in subs:
                    out += sub
            else:
                if any(sub == [] for sub in subs):
                    continue
                live = [sub for sub in subs if sub is not None]
                if not live:
                    return None
                if len(live) == 1:
                    out += live[0]
                else:
                    out.append((_some, tuple(_joined(sub) for sub in live), None, ("any", live)))
    out.sort(key=_costly)  # (stable: the others keep the table's order)
    return out


def _costly(part: tuple) -> bool:
    """Whether a part is a costly condition (registry.condition), which a folded rule tests after the others."""
    node = part[3]
    return node[0] == "leaf" and node[3]


def _parts(when, scope: str, known, flags: dict) -> list[tuple]:
    """The (test, parameter, bind, node) parts of a `when:` mapping, all of which must hold (node: ("leaf",
    whether the condition is situational, shaped or suited, its screen or None, whether it is costly, whether it
    reads only the candidate's group counts), or
    ("any"/"all", [parts of each]), ("not", parts): what `folded` reads)."""
    if when is None:
        return []
    if not isinstance(when, dict):
        raise Invalid(f"'when' must be a mapping of conditions, not {when!r}")
    parts = []
    for key, param in when.items():
        if key in ("any", "all"):
            if not isinstance(param, list) or not param:
                raise Invalid(f"'{key}' expects a list of condition mappings")
            each = [_parts(p, scope, known, flags) for p in param]
            part = (_some if key == "any" else _every, tuple(_joined(x) for x in each), None, (key, each))
        elif key == "not":
            sub = _parts(param, scope, known, flags)
            part = (_negated, _joined(sub), None, ("not", sub))
        else:
            conditions = known["conditions"]
            cond = conditions.get(scope, key)
            if cond is None:
                names = conditions.names(scope) + ["any", "all", "not"]
                raise Invalid(f"unknown {scope} condition {key!r} (known: {', '.join(names)})")
            try:
                compiled = cond.check(param, known)
            except Invalid as e:
                raise Invalid(f"condition {key!r} {e}") from None
            if cond.whole:
                flags["whole"] = True
            told = cond.situational or cond.shaped or cond.suited
            part = (cond.test, compiled, cond.bind, ("leaf", told, cond.screen, cond.costly, cond.group_counts))
        parts.append(part)
    return parts


def _joined(parts: list[tuple]) -> tuple:
    """Parts that must all hold, as one (test, parameter) part."""
    if len(parts) == 1:
        return parts[0][:2]
    return (_every, tuple(p[:2] for p in parts)) if parts else (_always, None)


def _part(parts: list[tuple]) -> tuple:
    """Parts that must all hold as one (test, parameter), the commonest lengths written out."""
    if len(parts) == 2:
        (t1, p1), (t2, p2) = parts[0][:2], parts[1][:2]
        return _both, (t1, p1, t2, p2)
    if len(parts) == 3:
        (t1, p1), (t2, p2), (t3, p3) = parts[0][:2], parts[1][:2], parts[2][:2]
        return _three, (t1, p1, t2, p2, t3, p3)
    return _joined(parts)


def _both(c, p, s) -> bool:
    return p[0](c, p[1], s) and p[2](c, p[3], s)


def _three(c, p, s) -> bool:
    return p[0](c, p[1], s) and p[2](c, p[3], s) and p[4](c, p[5], s)


def _every(c, parts, s) -> bool:
    for test, p in parts:
        if not test(c, p, s):
            return False
    return True


def _some(c, parts, s) -> bool:
    for test, p in parts:
        if test(c, p, s):
            return True
    return False


def _negated(c, part, s) -> bool:
    return not part[0](c, part[1], s)


def _always(c, p, s) -> bool:
    return True


def _predicate(parts: list[tuple]) -> Callable:
    """The closure of parts that must all hold, a new function each time (it carries its own marks): the
    commonest lengths written out, so a part costs one call and a lone bound condition none."""
    if not parts:
        return lambda c, s: True
    if len(parts) == 1:
        t, p, bind = parts[0][:3]
        return bind(p) if bind is not None else lambda c, s: t(c, p, s)
    if len(parts) == 2:
        (t1, p1), (t2, p2) = parts[0][:2], parts[1][:2]
        return lambda c, s: t1(c, p1, s) and t2(c, p2, s)
    if len(parts) == 3:
        (t1, p1), (t2, p2), (t3, p3) = parts[0][:2], parts[1][:2], parts[2][:2]
        return lambda c, s: t1(c, p1, s) and t2(c, p2, s) and t3(c, p3, s)
    each = tuple(p[:2] for p in parts)
    return lambda c, s: _every(c, each, s)
