"""The conditions table files may name: every module that declares some, listed once, gathered as needed.

As yamllint keeps its rules, the list is explicit: a condition is known because its module is named
here, never because something imported it first. A new module of conditions is one more name in
MODULES; two conditions of one scope and name stop the gathering, naming both modules. The modules are
imported in MODULES' order only as far as a name looked up needs: a table that names only the everyday
conditions and those of special hands (registry.py, special.py), as spanish, imports neither MCR's nor riichi's;
listing or counting them all, or a name no module declares, gathers every module.
"""

from __future__ import annotations

from importlib import import_module
from typing import Iterator

from mjscore.rules.registry import Condition, Registry

MODULES = ("mjscore.rules.registry", "mjscore.rules.special", "mjscore.rules.mcr", "mjscore.rules.riichi")


class Conditions:
    """A Registry of MODULES' conditions that imports the next module only when a name is not found in those
    imported so far (each gathering checked for a name declared twice, as Registry does); read-only outside."""

    __slots__ = ("_loaded", "_registry")
    _loaded: int  # how many of MODULES (the first ones) are imported
    _registry: Registry  # their conditions

    def __init__(self) -> None:
        self._gather(1)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("the conditions are read-only once gathered")

    def _gather(self, count: int) -> None:
        object.__setattr__(self, "_registry", Registry([import_module(name) for name in MODULES[:count]]))
        object.__setattr__(self, "_loaded", count)

    def get(self, scope: str, name: str) -> Condition | None:
        found = self._registry.get(scope, name)
        while found is None and self._loaded < len(MODULES):
            self._gather(self._loaded + 1)
            found = self._registry.get(scope, name)
        return found

    def every(self) -> Registry:
        """Every module's conditions (imported now where they were not yet)."""
        if self._loaded < len(MODULES):
            self._gather(len(MODULES))
        return self._registry

    def names(self, scope: str) -> list[str]:
        """A scope's condition names, sorted (as a message lists the known ones)."""
        return self.every().names(scope)

    def __iter__(self) -> Iterator[Condition]:
        return iter(self.every())

    def __len__(self) -> int:
        return len(self.every())


CONDITIONS = Conditions()  # built when the loader is first imported; its modules imported as names need them
