"""The conditions table files may name: every module that declares some, listed once, gathered once.

As yamllint keeps its rules, the list is explicit: a condition is known because its module is named
here, never because something imported it first. A new module of conditions is one more name in
MODULES; two conditions of one scope and name stop the import, naming both modules.
"""

from __future__ import annotations

from mjscore.rules import mcr, registry, riichi, special
from mjscore.rules.registry import Registry

MODULES = (registry, special, mcr, riichi)

CONDITIONS = Registry(MODULES)  # read-only: built once, when the loader is first imported
