"""mjscore.tuples.NamedTuple builds the class typing.NamedTuple builds, without compiling at import (issue 40)."""

from __future__ import annotations

import copy
import inspect
import pickle
import typing

import pytest

from mjscore import tuples
from mjscore.tuples import NamedTuple


class Ours(NamedTuple):
    """A record with a method."""

    name: str
    count: int = 0
    parts: tuple[str, ...] = ()

    def doubled(self) -> int:
        return 2 * self.count


class Typings(typing.NamedTuple):
    """A record with a method."""

    name: str
    count: int = 0
    parts: tuple[str, ...] = ()

    def doubled(self) -> int:
        return 2 * self.count


class Wide(NamedTuple):  # more fields than any template: its __new__ compiled for it alone
    a: int = 0
    b: int = 1
    c: int = 2
    d: int = 3
    e: int = 4
    f: int = 5
    g: int = 6
    h: int = 7
    i: int = 8
    j: int = 9
    k: int = 10
    l: int = 11  # noqa: E741
    m: int = 12
    n: int = 13
    o: int = 14
    p: int = 15
    q: int = 16
    r: int = 17
    s: int = 18
    t: int = 19
    u: int = 20
    v: int = 21
    w: int = 22
    x: int = 23
    y: int = 24
    z: int = 25
    aa: int = 26
    bb: int = 27
    cc: int = 28
    dd: int = 29
    ee: int = 30
    ff: int = 31
    gg: int = 32


def both(make):
    """What `make` gives for typing's class and for ours, each as (kind, value or message)."""
    out = []
    for cls in (Typings, Ours):
        try:
            out.append(("value", make(cls)))
        except Exception as e:  # the same refusal, word for word (the class name aside)
            out.append((type(e).__name__, str(e).replace(cls.__name__, "C")))
    return out


@pytest.mark.parametrize("make", [
    lambda c: tuple(c("a")), lambda c: tuple(c("a", 2, ("x",))), lambda c: tuple(c(name="a", parts=("y",))),
    lambda c: repr(c("a", 2)).replace(c.__name__, "C"), lambda c: c("a", 3).doubled(), lambda c: c("a").count,
    lambda c: tuple(c("a")._replace(count=5)), lambda c: c("a")._asdict(), lambda c: tuple(c._make(["b", 1, ()])),
    lambda c: c._fields, lambda c: c._field_defaults, lambda c: c.__doc__, lambda c: c.__match_args__,
    lambda c: tuple(pickle.loads(pickle.dumps(c("a", 1)))), lambda c: tuple(copy.deepcopy(c("a", 1))),
    lambda c: [(p.name, p.default, p.kind) for p in inspect.signature(c).parameters.values()], lambda c: c("a") == ("a", 0, ()), lambda c: hash(c("a")),
    lambda c: c(), lambda c: c("a", 1, (), 4), lambda c: c("a", nome=1), lambda c: c("a")._replace(nome=1),
    lambda c: c._make(["a"]), lambda c: setattr(c("a"), "count", 2), lambda c: c("a").__dict__,
    lambda c: sorted(set(vars(c)) - {"doubled"}), lambda c: isinstance(c("a"), tuple), lambda c: c.__mro__[1:],
])
def test_a_class_made_here_behaves_as_typings(make):
    assert both(make)[0] == both(make)[1]


def test_a_class_with_more_fields_than_the_templates():
    assert len(Wide._fields) > len(tuples.TEMPLATES)
    assert tuple(Wide(gg=0)) == (*range(32), 0) and Wide(1).a == 1 and Wide()._replace(ff=0).ff == 0


def test_each_template_takes_its_number_of_fields():
    for count, template in enumerate(tuples.TEMPLATES, 1):
        assert template(tuple, *range(count)) == tuple(range(count))


def test_what_typing_refuses_is_refused():
    with pytest.raises(TypeError, match="Non-default namedtuple field b cannot follow default field"):
        class Bad(NamedTuple):
            a: int = 0
            b: int
    with pytest.raises(AttributeError, match="Cannot overwrite NamedTuple attribute _replace"):
        class Overwrites(NamedTuple):
            a: int

            def _replace(self):
                return self
    with pytest.raises(ValueError, match="cannot start with an underscore"):
        class Private(NamedTuple):
            _a: int
