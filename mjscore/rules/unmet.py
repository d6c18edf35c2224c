"""What a rule asks that a winning hand, as it stands, does not have: a referee's "why not" beside a near miss.

A near miss (referee.py) says what one change would make a limit hand or a doubling rule hold ("won on 5m").
It does not say why the rule fails now. Here the rule's own `when:` is asked on the hand's best arrangement,
condition by condition (its top level, as the table writes it), and the conditions that fail are named with
what each asks (the registry's words). Only hand rules are asked: a set rule (a pung of dragons) fails because
no set is one, which its near miss already says.
"""

from __future__ import annotations

from typing import Any

from mjscore.hand.arrange import AnalysedHand
from mjscore.rules.candidate import score_candidate
from mjscore.rules.context import Ctx
from mjscore.rules.scoring import score_all
from mjscore.rules.tablefile import show_when
from mjscore.rules.tables import Variant
from mjscore.rules.when import Leaf, Node, When


def unmet(hand: AnalysedHand, variant: Variant, options: dict[str, Any], rules: set[str]) -> dict[str, tuple[str, ...]]:
    """For each hand rule named in `rules` that the hand's best arrangement does not meet, the conditions of
    its `when:` that fail there, in the table's order, each as the table writes it ("gates_surplus: win"). A name with several rules (one per house
    option) is judged by the rule that fails the fewest. Rules it meets, or whose failing part is not one
    condition's, are left out."""
    candidates = hand.candidates
    if not candidates or not rules:
        return {}
    ctx = Ctx(hand, options, variant, True, [], score_all)
    best = candidates[0]
    best_rank = score_candidate(ctx, *best).rank
    for candidate in candidates[1:]:
        rank = score_candidate(ctx, *candidate).rank
        if rank > best_rank:
            best, best_rank = candidate, rank
    score_candidate(ctx, *best)  # the context left at the best arrangement, as the hand was scored
    out: dict[str, tuple[str, ...]] = {}
    for r in variant.rules:
        when = r.pred
        if r.name not in rules or r.per != "hand" or not isinstance(when, When) or not when.parts:
            continue
        failing = tuple(show_when(dict([written])) for written, part in zip(when.written, when.parts)
                        if not _situational(part) and not part(ctx, None))
        if failing and (r.name not in out or len(failing) < len(out[r.name])):
            out[r.name] = failing
    return out


def condition_words(written: str) -> str:
    """A condition as the table writes it, with what the condition asks ("gates_surplus: win (the 14 tiles
    are ...)")."""
    from mjscore.rules.conditions import CONDITIONS

    found = CONDITIONS.get("hand", written.partition(":")[0])
    return f"{written} ({found.doc})" if found else written  # any, all, not: their parts as the table writes them


def _situational(part: Node) -> bool:
    """Whether a part of a `when:` is one condition that reads only the situation (how the tile came, a
    circumstance: the near miss's change says it already)."""
    return isinstance(part, Leaf) and part.condition.situational
