"""A red five (0m 0p 0s) typed under a variant without red fives: refused in one line that says what it is and
what to type instead, exit 2 (issue 31)."""

from __future__ import annotations

import pytest

from helpers import run


@pytest.mark.parametrize("suit", "mps")
def test_a_red_five_in_a_hand_says_what_to_type(suit):
    hand = f"123m 456p 789s EEE N0{suit}"  # the 0 at index 20: its caret after the echo's 2 spaces, 22 in all
    code, out, err = run("score", hand, "--variant", "basque")
    assert (code, out) == (2, "")
    assert err == (f"mjscore: error: 0{suit} is riichi's red five: use --variant riichi, or write 5{suit}\n"
                   f"  {hand}\n" + " " * 22 + "^\n")


@pytest.mark.parametrize("suit", "mps")
def test_a_red_five_as_the_winning_tile_says_what_to_type(suit):
    code, out, err = run("score", "123m 456p 789s EEE NN", "--variant", "spanish", "--win", f"0{suit}")
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == (f"mjscore: error: --win: 0{suit} is riichi's red five: use --variant riichi, "
                                   f"or write 5{suit}")


def test_under_riichi_a_red_five_is_a_tile():
    # the advice holds: the same hand under riichi (Tenhou rules: one red five a suit) is scored, exit 0
    code, out, err = run("score", "123m 406p 789s EEE NN", "--variant", "riichi", "--win", "N")
    assert code == 0, err
