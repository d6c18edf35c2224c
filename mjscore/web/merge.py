"""Two phones' changes to one deal, merged field by field against the deal as both first read it (issue 44).

A deal's fields are its keys, and within `hands`, `win` and `faults` each player's hand, each part of the win
and each player's fault: phone B correcting the discarder and phone C correcting Cy's hand both keep their
change. A field both changed, to different values, is a conflict: it is never settled silently, the phone
that came second is shown both values to choose from (the stored one kept until it chooses).
"""

from __future__ import annotations

from typing import Any

NESTED = ("hands", "win", "faults")  # the fields merged key by key: a player's hand, a part of the win, a fault
Path = tuple[str, ...]


def fields(deal: Any) -> dict[Path, Any]:
    """A deal as its fields: {("winner",): "Ana", ("hands", "Bo"): "1p", ("win", "tile"): "R", ...}."""
    if not isinstance(deal, dict):
        return {}
    out: dict[Path, Any] = {}
    for key, value in deal.items():
        if key in NESTED and isinstance(value, dict) and value:
            out.update({(key, inner): v for inner, v in value.items()})
        else:
            out[(key,)] = value
    return out


def rebuilt(flat: dict[Path, Any]) -> dict:
    """The deal of its fields (fields() undone): a nested field left with no key is left out."""
    out: dict = {}
    for path, value in flat.items():
        if len(path) == 1 and path[0] in NESTED and value == {}:
            out.setdefault(path[0], {})  # (an empty `hands: {}` kept as it was)
        elif len(path) == 1:
            out[path[0]] = value
        else:
            out.setdefault(path[0], {})[path[1]] = value
    return out


def merged(base: Any, mine: Any, theirs: Any) -> tuple[dict, list[dict]]:
    """(the deal with both phones' changes, the fields both changed differently): `base` is the deal as this
    phone read it, `mine` as it sends it, `theirs` as stored now. A conflicting field keeps `theirs` in the deal
    returned; each conflict is {"field": [key, ...], "yours": ..., "theirs": ...} (None: the key is absent)."""
    b, m, t = fields(base), fields(mine), fields(theirs)
    absent = object()
    out: dict[Path, Any] = {}
    conflicts: list[dict] = []
    for path in [*t, *(p for p in m if p not in t), *(p for p in b if p not in t and p not in m)]:
        was, yours, now = b.get(path, absent), m.get(path, absent), t.get(path, absent)
        if yours == was or yours == now:  # this phone left it alone, or both made the same change
            value = now
        elif now == was:  # only this phone changed it
            value = yours
        else:
            conflicts.append({"field": list(path), "yours": None if yours is absent else yours,
                              "theirs": None if now is absent else now})
            value = now
        if value is not absent:
            out[path] = value
    return rebuilt(out), conflicts
