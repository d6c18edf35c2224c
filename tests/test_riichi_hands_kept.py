"""What a program scoring riichi hand after hand keeps between hands (issue 40's speed), checked to change no answer:
a situation as typed is kept apart from what lies on the table (dora and ura indicators, honba, sticks), which is
new each hand and still checked each time."""

import pytest

import mjscore
from mjscore.errors import HandError, SituationError

HAND, ASKED = "234m 567p 11s 678s 345s", dict(seat="W", round="S", win="1s", source="wall", also=("riichi",))


def test_the_table_is_checked_on_a_situation_kept_as_typed():
    first = mjscore.score(HAND, "riichi", dora="3m", ura="4p", honba=2, sticks=1, **ASKED)
    # the same situation as typed, kept: its new indicators and counters are the ones scored
    # (dora 3m shows 4m, ura 4p shows 5p: one of each in the hand; Tenhou rules, EMA RCR 2016: yaku, Dora, Ura dora)
    again = mjscore.score(HAND, "riichi", dora="7m", ura="9p", honba=0, sticks=0, **ASKED)
    assert {i.rule: i.doubles for i in first.items}["Dora"] == 1
    assert {i.rule: i.doubles for i in first.items}["Ura dora"] == 1
    assert not {"Dora", "Ura dora"} & {i.rule for i in again.items}  # 7m shows 8m, 9p shows 1p: none held
    assert (first.to_dict()["honba"], first.to_dict()["sticks"]) == (2, 1)
    assert (again.to_dict()["honba"], again.to_dict()["sticks"], again.to_dict()["dora"]) == (0, 0, ["7m"])
    with pytest.raises(SituationError, match="honba is a count of 0 to 1000, not -1"):
        mjscore.score(HAND, "riichi", honba=-1, **ASKED)
    with pytest.raises(SituationError, match="sticks is a count of 0 to 1000, not False"):
        mjscore.score(HAND, "riichi", sticks=False, **ASKED)
    with pytest.raises(HandError):
        mjscore.score(HAND, "riichi", dora="3x", **ASKED)
    # a bad seat is said before a bad counter, as when nothing was kept
    with pytest.raises(SituationError, match="seat must be one of"):
        mjscore.score(HAND, "riichi", **dict(ASKED, seat="X"), honba=-1)
