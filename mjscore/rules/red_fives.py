"""Red fives (0m 0p 0s, riichi's aka dora) as a table plays them: how many of a suit its `red_fives` option
allows, and a hand printed back with them. A table without that option refuses them with the parser's words
(hand/redfives.py). The scorer checks a hand's tiles here only where it is written with a 0 (`FAMILY`, registered
in rules/families.py WRITTEN_TILES), so a hand without red fives never enters this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mjscore.hand.notation import Hand
    from mjscore.rules.tables import Variant

from mjscore.errors import HandError
from mjscore.hand.redfives import no_red_fives, red_fives, with_red_fives

def shown_with_reds(hand: Hand) -> str:
    """A parsed hand's canonical notation with its red fives where they were written (`waits` prints it so)."""
    return with_red_fives(hand.text, hand.notation())


def check_red_fives(hand: Hand, variant: Variant, options: dict[str, Any]) -> None:
    """A red five where the variant plays with none, or more of a suit than it has, is refused."""
    text = hand.text
    if "0" not in text:
        return
    if "red_fives" not in variant.options:
        no_red_fives(text)
    allowed = options.get("red_fives") or 0
    for suit, n in zip("mps", red_fives(text)):
        if n > allowed:
            if not allowed:
                raise HandError(f"{variant.name} has no red fives under --option red_fives=0: 0{suit} is a red "
                                f"5{suit}; write 5{suit}", text)
            raise HandError(f"{n} red fives of one suit (0{suit}); {variant.name} has {allowed} (--option red_fives)",
                            text)


FAMILY = check_red_fives  # what scoring.check_tiles calls for a hand written with a 0 (families.WRITTEN_TILES)
