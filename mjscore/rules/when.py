"""A table's `when:` compiled into a tree of small nodes, without eval (the conditions are in registry.py).

A `Leaf` is one condition with its compiled parameter; `All`, `Any` and `Not` join nodes. Each node evaluates
itself (`node(c, s)`, or its `test(c, param, s)`: one call, the condition's own test for a leaf) and folds itself
(`fold(c)`): told a context's situation, winning shape and suits held, it is true, false, or the node of what is
left to ask of each candidate. What a condition may be told follows from what it declares it reads
(registry.Reads). Kept below the registry so that a condition whose parameter holds conditions (`groups:`,
`same_number:`) compiles them with the same function the loader uses.
"""

from __future__ import annotations

import typing
from operator import attrgetter
from typing import TYPE_CHECKING, Callable, Iterable, Protocol, Union

if TYPE_CHECKING:
    from typing import TypeAlias

    from mjscore.hand.arrange import AnalysedHand
    from mjscore.hand.sets import Group
    from mjscore.rules.registry import Condition
    from mjscore.rules.results import Item, Score

    # a condition's test, and a node's: (context, compiled parameter, subject) -> whether it holds (any truthy
    # value: `fan:` counts). The parameter is each condition's own (its checker's result), the subject a Group, a
    # bonus tile or None as its scope says: each condition's function types both, which no one type here can name
    Test: TypeAlias = Callable[["Judged", typing.Any, typing.Any], object]
    # a condition's screen: (context, compiled parameter) -> False where no hand like the context's meets it
    Screen: TypeAlias = Callable[["Judged", typing.Any], bool]
    # a predicate not compiled here (a test's own), called as (context, subject)
    Predicate: TypeAlias = Callable[["Judged", typing.Any], object]
    # the loader's facts a parameter checker may read, by name: "conditions" (a registry.Registry), "options" (the
    # table's house options), "shapes", "situations", "counted groups" (registry.counted)
    Known: TypeAlias = dict[str, typing.Any]


class Invalid(Exception):
    """A parameter that does not fit its condition; tables.py adds file and entry."""


Folded = Union["Node", bool]  # what a node is in one situation, shape and suits held: True, False, or what is left


if TYPE_CHECKING:  # (for the checker alone: nothing asks it at run time, and making a Protocol costs a start-up)
    class Judged(Protocol):
        """What a condition reads of the scorer's context (rules/context.py Ctx, re-pointed at each candidate), said
        here so that the conditions and the nodes that call them stay below the context, which imports them. The
        situation's and hand's values first, then the candidate's (None where it is no winning arrangement)."""

        @property
        def hand(self) -> AnalysedHand: ...
        @property
        def options(self) -> dict[str, typing.Any]: ...
        @property
        def seat(self) -> str: ...
        @property
        def round(self) -> str: ...
        @property
        def seat_tile(self) -> int: ...
        @property
        def round_tile(self) -> int: ...
        @property
        def source(self) -> str | None: ...
        @property
        def also(self) -> frozenset[str]: ...
        @property
        def mahjong(self) -> bool: ...
        @property
        def bonus(self) -> tuple[int, ...]: ...
        @property
        def suits(self) -> frozenset[int]: ...
        @property
        def has_honours(self) -> bool: ...
        @property
        def tiles(self) -> tuple[int, ...]: ...
        @property
        def memo(self) -> dict[typing.Any, typing.Any]: ...  # what conditions work out once per hand, by their key
        @property
        def win(self) -> int | None: ...
        @property
        def groups(self) -> tuple[Group, ...] | None: ...
        @property
        def pattern(self) -> str | None: ...
        @property
        def set_points(self) -> int: ...
        @property
        def items(self) -> typing.Sequence[Item]: ...
        @property
        def counts(self) -> dict[str, typing.Any]: ...  # what conditions work out once per candidate, by their key
        @property
        def group_memo(self) -> dict[Group, int]: ...  # a group -> the counted group conditions it meets
        group_total: int | None  # the candidate's groups counted by every `groups:` condition, once worked out
        @property
        def single_wait(self) -> bool: ...
        @property
        def wait_count(self) -> int: ...
        def score_completed(self, tile: int) -> Score: ...


class Node:
    """A part of a compiled `when:`. `test(c, param, s)` is its value for context `c` and subject `s` (a group, a
    bonus tile, None for the hand), one call: a hand rule's plan keeps the pair and calls it per candidate.
    `counts_only`: every condition in the node reads only the candidate's group counts (Reads.GROUP_COUNTS,
    besides what a plan is told), so that it holds or not by one number per candidate (folds.plan_of);
    `costly`: a costly condition (registry.condition), which a folded rule asks after the others. Both are
    plain attributes, set when the node is made: a plan reads them for every rule it folds."""

    __slots__ = ("test", "param", "counts_only", "costly")
    test: Test
    param: object
    counts_only: bool
    costly: bool

    def __call__(self, c: Judged, s: object) -> object:
        return self.test(c, self.param, s)

    def fold(self, c: Judged) -> Folded:
        raise NotImplementedError


class Leaf(Node):
    """One condition with its compiled parameter: its test is the condition's own. What its declaration allows
    (registry.Condition: told, a screen, group counts only, costly) is kept beside it, read once per plan."""

    __slots__ = ("condition", "told", "screen")
    told: bool
    screen: Screen | None

    def __init__(self, condition: Condition, param: object) -> None:
        self.condition, self.test, self.param = condition, condition.test, param
        self.told, self.screen = condition.told, condition.screen
        self.counts_only, self.costly = condition.group_counts, condition.costly

    def fold(self, c: Judged) -> Folded:  # (All.fold does the same for its leaves, written out: a call less for each)
        if self.told:  # reads only what a plan is told: its value there
            return bool(self.test(c, self.param, None))
        if self.screen is not None and not self.screen(c, self.param):  # no hand like c's meets it
            return False
        return self


class All(Node):
    """Nodes that must all hold (a `when:` mapping, an `all:` list's item); a part costs one call, the commonest
    lengths written out."""

    __slots__ = ("parts",)
    parts: tuple[Node, ...]

    def __init__(self, parts: Iterable[Node]) -> None:
        self.parts = parts = tuple(parts)
        self.counts_only, self.costly = _counts_only(parts), False
        if len(parts) == 1:
            self.test, self.param = parts[0].test, parts[0].param
        elif len(parts) == 2:
            self.test, self.param = _both, (parts[0].test, parts[0].param, parts[1].test, parts[1].param)
        elif len(parts) == 3:
            self.test, self.param = _three, (parts[0].test, parts[0].param, parts[1].test, parts[1].param,
                                             parts[2].test, parts[2].param)
        elif parts:
            self.test, self.param = _every, tuple((p.test, p.param) for p in parts)
        else:
            self.test, self.param = _always, None

    def fold(self, c: Judged) -> Folded:
        left: list[Node] = []
        for part in self.parts:
            if type(part) is Leaf:  # Leaf.fold written out (most parts are leaves; a plan folds every rule)
                if part.told:
                    if not part.test(c, part.param, None):
                        return False
                elif part.screen is not None and not part.screen(c, part.param):
                    return False
                else:
                    left.append(part)
                continue
            got = part.fold(c)
            if got is False:
                return False
            if got is not True:
                left += got.parts if isinstance(got, All) else (got,)
        if not left:
            return True
        left.sort(key=_COSTLY)  # (stable: the others keep the table's order)
        return left[0] if len(left) == 1 else All(left)


class Any(Node):
    """Nodes of which one must hold (`any:`)."""

    __slots__ = ("parts",)
    parts: tuple[Node, ...]

    def __init__(self, parts: Iterable[Node]) -> None:
        self.parts = parts = tuple(parts)
        self.counts_only, self.costly = _counts_only(parts), False
        self.test, self.param = _some, tuple((p.test, p.param) for p in parts)

    def fold(self, c: Judged) -> Folded:
        live: list[Node] = []
        for part in self.parts:
            got = part.fold(c)
            if got is True:
                return True
            if got is not False:
                live.append(got)
        if not live:
            return False
        return live[0] if len(live) == 1 else Any(live)


class Not(Node):
    """A node that must not hold (`not:`)."""

    __slots__ = ("part",)

    def __init__(self, part: Node) -> None:
        self.part = part
        self.counts_only, self.costly = part.counts_only, False
        self.test, self.param = _negated, (part.test, part.param)

    def fold(self, c: Judged) -> Folded:
        got = self.part.fold(c)
        return (not got) if isinstance(got, bool) else Not(got)


class When(All):
    """A compiled `when:` mapping: its conditions, all of which must hold, each top-level one beside the words the
    table writes it in (`written`: rules/unmet.py names the ones a hand fails); `whole`: some condition at any
    depth reads every tile of the hand, which a partial hand (only its scoring sets) cannot tell."""

    __slots__ = ("written", "whole")

    def __init__(self, parts: Iterable[Node], written: tuple[tuple[str, object], ...], whole: bool) -> None:
        super().__init__(parts)
        self.written, self.whole = written, whole


def compile_when(when: object, scope: str, known: Known) -> When:
    """Compile a `when:` mapping into a `When` with the conditions of `known["conditions"]` (a Registry); raise
    Invalid naming the condition."""
    whole: list[bool] = []
    parts = _parts(when, scope, known, whole)
    return When(parts, tuple(when.items()) if isinstance(when, dict) else (), bool(whole))


def reads_whole_hand(pred: object) -> bool:
    """Whether a compiled `when:` reads every tile of the hand (a condition that reads Reads.EVERY_TILE or
    SUITS)."""
    return isinstance(pred, When) and pred.whole


def folded(pred: Node | Predicate, c: Judged) -> tuple[Test | None, object] | None:
    """A compiled hand `when:` told what it is in context `c`'s situation, winning shape and suits held, as
    (test, parameter) of what is left (test None: nothing left, it holds), the costly conditions last; None: it is
    false there, whatever the hand. A predicate not compiled here is called as it is."""
    got = told(pred, c)
    return None if got is None else got[:2]


def told(pred: Node | Predicate, c: Judged) -> tuple[Test | None, object, bool] | None:
    """folded's (test, parameter), and whether what is left reads only the candidate's group counts (Node.counts_only:
    it then holds or not by one number per candidate, which the scorer judges once per number, folds.plan_of)."""
    if not isinstance(pred, Node):
        return _called, pred, False
    got = pred.fold(c)
    if got is False:
        return None
    return (None, None, False) if got is True else (got.test, got.param, got.counts_only)


def _called(c: Judged, pred: Predicate, s: object) -> object:
    return pred(c, s)


_COSTLY = attrgetter("costly")  # a folded rule's sort key: the costly conditions last


def _counts_only(parts: tuple[Node, ...]) -> bool:
    """Whether every one of these nodes reads only the candidate's group counts (written out: made per fold)."""
    for part in parts:
        if not part.counts_only:
            return False
    return True


def _parts(when: object, scope: str, known: Known, whole: list[bool]) -> list[Node]:
    """The nodes of a `when:` mapping, all of which must hold, one per key as the table writes them."""
    if when is None:
        return []
    if not isinstance(when, dict):
        raise Invalid(f"'when' must be a mapping of conditions, not {when!r}")
    parts: list[Node] = []
    for key, param in when.items():
        if key in ("any", "all"):
            if not isinstance(param, list) or not param:
                raise Invalid(f"'{key}' expects a list of condition mappings")
            each = [All(_parts(p, scope, known, whole)) for p in param]
            parts.append(Any(each) if key == "any" else All(each))
        elif key == "not":
            parts.append(Not(All(_parts(param, scope, known, whole))))
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
                whole.append(True)
            parts.append(Leaf(cond, compiled))
    return parts


def _both(c: Judged, p: tuple[Test, object, Test, object], s: object) -> object:
    return p[0](c, p[1], s) and p[2](c, p[3], s)


def _three(c: Judged, p: tuple[Test, object, Test, object, Test, object], s: object) -> object:
    return p[0](c, p[1], s) and p[2](c, p[3], s) and p[4](c, p[5], s)


def _every(c: Judged, parts: tuple[tuple[Test, object], ...], s: object) -> bool:
    for test, p in parts:
        if not test(c, p, s):
            return False
    return True


def _some(c: Judged, parts: tuple[tuple[Test, object], ...], s: object) -> bool:
    for test, p in parts:
        if test(c, p, s):
            return True
    return False


def _negated(c: Judged, part: tuple[Test, object], s: object) -> bool:
    return not part[0](c, part[1], s)


def _always(c: Judged, p: object, s: object) -> bool:
    return True


ALWAYS = When((), (), False)  # a `when:` with no condition: it holds
