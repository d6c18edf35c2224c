"""Fan that add up and exclude one another (MCR): a rule that counts how often it applies, and the
non-repeat principle, a rule's `excludes:` (the rules it implies), applied to a candidate's items."""

from __future__ import annotations

from typing import Sequence

from mjscore.messages import M, named
from mjscore.messages import said as words
from mjscore.rules.results import Item, Note, NoteKind


def times(item: Item, got: object) -> Item:
    """The item of a rule whose condition counted how often it applies (MCR's fan `fan: NAME`): one item, its
    points that many times; a condition that only holds (True) gives the item once."""
    if type(got) is not int or got < 2:  # (a condition that holds gives True, or a truthy value of its own)
        return item
    return item._replace(points=item.points * got, count=got)


def exclude(table: dict[str, tuple[str, ...]], items: list[Item],
            notes: Sequence[str]) -> tuple[list[Item], Sequence[str]]:
    """The non-repeat principle: a rule that applied drops the items of the rules it `excludes:` (`table`: rule
    name -> those rules, context.RuleSets.excludes), in file order, so a rule dropped excludes nothing in turn
    (tables.py checks that a rule excludes only rules below it). Each dropped item is said in a note of kind
    EXCLUDED, which --explain shows."""
    dropped: dict[str, Item] = {}
    kept, said = [], []
    for i in items:
        by = dropped.get(i.rule)
        if by is not None:
            said.append(Note(NoteKind.EXCLUDED, words(M.NOTE_EXCLUDED, rule=named(i.rule, i.names),
                                                      by=named(by.rule, by.names))))
            continue
        kept.append(i)
        for name in table.get(i.rule, ()):
            dropped.setdefault(name, i)
    return kept, ([*notes, *said] if said else notes)
