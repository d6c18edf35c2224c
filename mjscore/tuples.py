"""`NamedTuple` as typing's, made without compiling code at import: the named tuples a command's start-up builds.

typing.NamedTuple (through collections.namedtuple) compiles a `__new__` for each class, and each annotation
given as text: about a million instructions a class, some 26 of them on `score`'s path, a sixth of its start-up
beyond click's (issue 40, measured with valgrind). Here each class's `__new__` is a copy of a template compiled
with this module (one per number of fields, below), given the class's field names and defaults, so building a
class compiles nothing. The class is the same: a tuple subclass with `_fields`, `_field_defaults`, `_make`,
`_replace`, `_asdict`, the same repr, pickling, keywords and defaults, the annotations as written (text under
postponed annotations). Type checkers see typing's own (`TYPE_CHECKING`); tests/test_tuples.py compares the two.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from typing import NamedTuple as NamedTuple
else:
    from functools import lru_cache
    from types import FunctionType

    new = tuple.__new__
    # a field's descriptor as collections.namedtuple makes it (CPython's getter of one place, in C): its type taken
    # from a named tuple the standard library has made already (functools' cache statistics, CacheInfo), so that no
    # private name is imported. The public spelling, property(itemgetter(i)), made scoring some 3% slower (issue 40:
    # callgrind, 100 spanish hands of bench/same_outputs.py, 1,187 against 1,155 million instructions)
    FIELD = type(vars(type(lru_cache()(len).cache_info()))["hits"])
    TEMPLATES = (  # a `__new__` per number of fields (index + 1): a copy of one, renamed, is each class's
        lambda c, a0: new(c, (a0,)),
        lambda c, a0, a1: new(c, (a0, a1)),
        lambda c, a0, a1, a2: new(c, (a0, a1, a2)),
        lambda c, a0, a1, a2, a3: new(c, (a0, a1, a2, a3)),
        lambda c, a0, a1, a2, a3, a4: new(c, (a0, a1, a2, a3, a4)),
        lambda c, a0, a1, a2, a3, a4, a5: new(c, (a0, a1, a2, a3, a4, a5)),
        lambda c, a0, a1, a2, a3, a4, a5, a6: new(c, (a0, a1, a2, a3, a4, a5, a6)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7: new(c, (a0, a1, a2, a3, a4, a5, a6, a7)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10,
            a11)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9,
            a10, a11, a12)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13: new(c, (a0, a1, a2, a3, a4, a5, a6, a7,
            a8, a9, a10, a11, a12, a13)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14: new(c, (a0, a1, a2, a3, a4, a5, a6,
            a7, a8, a9, a10, a11, a12, a13, a14)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15: new(c, (a0, a1, a2, a3, a4, a5,
            a6, a7, a8, a9, a10, a11, a12, a13, a14, a15)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16: new(c, (a0, a1, a2, a3, a4,
            a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17: new(c, (a0, a1, a2,
            a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18: new(c, (a0, a1,
            a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19: new(c, (a0,
            a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20: new(c,
            (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21:
            new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20,
            a21)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20,
            a21, a22)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19,
            a20, a21, a22, a23)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18,
            a19, a20, a21, a22, a23, a24)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17,
            a18, a19, a20, a21, a22, a23, a24, a25)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25, a26: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16,
            a17, a18, a19, a20, a21, a22, a23, a24, a25, a26)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25, a26, a27: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15,
            a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25, a26, a27, a28: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14,
            a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25, a26, a27, a28, a29: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13,
            a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25, a26, a27, a28, a29, a30: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12,
            a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30)),
        lambda c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21,
            a22, a23, a24, a25, a26, a27, a28, a29, a30, a31: new(c, (a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11,
            a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31)),
    )
    _OWN = frozenset({"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                      "_replace", "_asdict", "_source"})  # what a class body may not redefine (typing's list)

    def _new_of(typename: str, fields: tuple[str, ...], defaults: tuple[Any, ...]) -> FunctionType:
        """A `__new__(_cls, field, ...)` taking the fields by position or name, the last ones defaulted."""
        if len(fields) <= len(TEMPLATES):
            code = TEMPLATES[len(fields) - 1].__code__ if fields else (lambda c: new(c, ())).__code__
        else:  # more fields than any template: compiled for this class alone, as collections does
            args = ", ".join(fields)
            code = eval(f"lambda _cls, {args}: new(_cls, ({args},))").__code__  # (field names: identifiers, checked)
        code = code.replace(co_varnames=("_cls", *fields), co_name="__new__", co_qualname=f"{typename}.__new__")
        made = FunctionType(code, globals(), "__new__", defaults or None)
        made.__doc__ = f"Create new instance of {typename}({', '.join(fields)})"
        return made

    class _Maker(type):
        """The metaclass of NamedTuple's base: a class statement naming it gets a tuple subclass."""

        def __new__(mcs, typename: str, bases: tuple[type, ...], ns: dict[str, Any]) -> type:
            types = ns.get("__annotations__", {})
            fields = tuple(types)
            for name in fields:
                if name.startswith("_") or not name.isidentifier():
                    raise ValueError(f"Field names cannot start with an underscore: {name!r}")
            defaults = tuple(ns[name] for name in fields if name in ns)
            for name in fields[len(fields) - len(defaults):]:
                if name not in ns:
                    raise TypeError(f"Non-default namedtuple field {name} cannot follow default field")
            shown = "(" + ", ".join(f"{name}=%r" for name in fields) + ")"

            def _make(cls: type, iterable: Any) -> Any:
                made = new(cls, iterable)
                if len(made) != len(fields):
                    raise TypeError(f"Expected {len(fields)} arguments, got {len(made)}")
                return made

            def _replace(self: Any, /, **changes: Any) -> Any:
                made = self._make(map(changes.pop, fields, self))
                if changes:
                    raise ValueError(f"Got unexpected field names: {list(changes)!r}")
                return made

            def __repr__(self: Any) -> str:
                return self.__class__.__name__ + shown % self

            def _asdict(self: Any) -> dict[str, Any]:
                return dict(zip(fields, self))

            def __getnewargs__(self: Any) -> tuple[Any, ...]:
                return tuple(self)

            body = {"__doc__": f"{typename}({', '.join(fields)})", "__slots__": (), "_fields": fields,
                    "_field_defaults": dict(zip(fields[len(fields) - len(defaults):], defaults)),
                    "__new__": _new_of(typename, fields, defaults), "_make": classmethod(_make),
                    "_replace": _replace, "__repr__": __repr__, "_asdict": _asdict, "__getnewargs__": __getnewargs__,
                    "__match_args__": fields, "__annotations__": types, "__module__": ns["__module__"]}
            for index, name in enumerate(fields):
                body[name] = FIELD(index, f"Alias for field number {index}")
            for key, value in ns.items():
                if key in _OWN:
                    raise AttributeError(f"Cannot overwrite NamedTuple attribute {key}")
                if key not in body or key in ("__doc__", "__qualname__"):
                    body[key] = value
            return type.__new__(type, typename, (tuple,), body)

    _Base = type.__new__(_Maker, "NamedTuple", (), {})

    def NamedTuple(typename: str, fields: Any = None, /, **kwargs: Any) -> type:  # noqa: N802 (typing's name)
        """Only the class form is used here: `class Name(NamedTuple): field: type = default`."""
        raise TypeError("NamedTuple is used as a base class: class Name(NamedTuple): ...")

    NamedTuple.__mro_entries__ = lambda bases: (_Base,)
