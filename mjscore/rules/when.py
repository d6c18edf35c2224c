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
# a part costs one call, and a condition alone with a `bind` is its own closure, with none.

def compile_when(when, scope: str, known) -> Callable:
    """Compile a `when:` mapping into predicate(ctx, subject) with the conditions of `known["conditions"]`
    (a Registry); raise Invalid naming the condition. The predicate is marked `whole_hand` when a condition
    it holds reads every tile (reads_whole_hand), and carries the part of it that reads only the situation
    (gate_of) and the rest (rest_of)."""
    flags: dict[str, bool] = {}
    gate: list[tuple] = []
    shaped: list[tuple] = []
    rest: list[tuple] = []
    parts = _parts(when, scope, known, flags, (gate, shaped, rest))
    pred = _predicate(parts)
    pred.whole_hand = "whole" in flags
    pred.gate = _predicate(gate) if gate else None
    pred.shape_gate = _predicate(shaped) if shaped else None
    pred.rest = _predicate(rest) if gate or shaped else pred
    pred.rest.whole_hand = pred.whole_hand
    pred.part = _part(parts)
    pred.rest.part = _part(rest)
    return pred


def reads_whole_hand(pred: Callable) -> bool:
    """Whether a compiled `when:` reads every tile of the hand (a condition registered `whole`)."""
    return getattr(pred, "whole_hand", False)


def gate_of(pred: Callable) -> Callable | None:
    """The part of a compiled `when:` that reads only the situation and the options (its situational
    conditions joined by `and` at the top): false, the whole is false for every hand in that situation.
    None: it has no such part."""
    return getattr(pred, "gate", None)


def part_of(pred: Callable) -> tuple[Callable | None, object]:
    """A compiled `when:` (or its rest) as (test, parameter), called test(ctx, parameter, subject): what a loop
    over many predicates calls with no closure in between. The test is None when nothing is left to test."""
    got = getattr(pred, "part", None) or (_called, pred)
    return (None, None) if got[0] is _always else got


def _called(c, pred, s) -> bool:
    return pred(c, s)


def shape_gate_of(pred: Callable) -> Callable | None:
    """The part of a compiled `when:` that reads only the candidate's winning shape (its conditions declared
    `shaped`, joined by `and` at the top): the same for every candidate of that shape. None: it has none."""
    return getattr(pred, "shape_gate", None)


def rest_of(pred: Callable) -> Callable:
    """A compiled `when:` without its gates (gate_of, shape_gate_of): where they hold, the same as the whole,
    with less to test."""
    return getattr(pred, "rest", pred)


def _parts(when, scope: str, known, flags: dict, kinds: tuple[list, list, list] | None = None) -> list[tuple]:
    """The (test, parameter, bind) parts of a `when:` mapping, all of which must hold; at the top, `kinds`
    collects its situational parts, its shaped parts and the others."""
    if when is None:
        return []
    if not isinstance(when, dict):
        raise Invalid(f"'when' must be a mapping of conditions, not {when!r}")
    parts = []
    for key, param in when.items():
        if key in ("any", "all"):
            if not isinstance(param, list) or not param:
                raise Invalid(f"'{key}' expects a list of condition mappings")
            subs = tuple(_joined(_parts(p, scope, known, flags)) for p in param)
            part = (_some if key == "any" else _every, subs, None)
        elif key == "not":
            part = (_negated, _joined(_parts(param, scope, known, flags)), None)
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
            part = (cond.test, compiled, cond.bind)
        if kinds is not None:  # (any, all and not are never situational or shaped as a whole)
            single = key not in ("any", "all", "not")
            kinds[0 if single and cond.situational else 1 if single and cond.shaped else 2].append(part)
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
        (t1, p1, _), (t2, p2, _) = parts
        return _both, (t1, p1, t2, p2)
    if len(parts) == 3:
        (t1, p1, _), (t2, p2, _), (t3, p3, _) = parts
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
        t, p, bind = parts[0]
        return bind(p) if bind is not None else lambda c, s: t(c, p, s)
    if len(parts) == 2:
        (t1, p1, _), (t2, p2, _) = parts
        return lambda c, s: t1(c, p1, s) and t2(c, p2, s)
    if len(parts) == 3:
        (t1, p1, _), (t2, p2, _), (t3, p3, _) = parts
        return lambda c, s: t1(c, p1, s) and t2(c, p2, s) and t3(c, p3, s)
    each = tuple(p[:2] for p in parts)
    return lambda c, s: _every(c, each, s)
