"""What a command echoes of a hand is the hand as typed, its spaces normalised (issue 45, point 9): the grouping
the user wrote is the one they check, where the notation's compact form (`{5555s} 11234678s RRR`) makes them
re-read it; JSON's `hand` stays the canonical notation, for programs. `compare` says each variant's refusal on
one line, and `variants` shows the sources its description promises."""

from __future__ import annotations

import json

from helpers import run

TYPED = "{5555s}  234s 678s   RRR 11s"  # the README's basque example, typed with uneven spaces
SHOWN = "{5555s} 234s 678s RRR 11s"


def test_score_compare_and_waits_echo_the_hand_as_typed():
    out = run("score", TYPED, "--variant", "basque")[1]
    assert out.startswith(f"basque: {SHOWN}  (seat E")
    assert json.loads(run("score", TYPED, "--variant", "basque", "--format", "json")[1])["hand"] == \
        "{5555s} 11234678s RRR"  # (the notation, for programs)
    assert run("compare", TYPED, "--variant", "basque,spanish")[1].startswith(f"{SHOWN}  (seat E")
    assert run("waits", "123m  456p 789s EEE N")[1].startswith("123m 456p 789s EEE N: waits on")


def test_settle_shows_each_hand_as_the_deal_types_it():
    out = run("settle", "--east", "123m 456m 789m 234p 55s", "--south", "[555p] 123m 789s SS",
              "--west", "[111s] 456m 99m 2468p", "--north", "123s 567s 3p 4p 6m 7m 9m WW")[1]
    hands = {line.split()[0]: line for line in out.splitlines()[4:8]}
    assert " 123m 456m 789m 234p 55s " in hands["E"]  # (not the notation's 123456789m 234p 55s)
    assert " [111s] 456m 99m 2468p " in hands["W"]  # (not the partial arrangement's 2p 4p 6p 8p)
    assert " 123s 567s 3p 4p 6m 7m 9m WW " in hands["N"]


def test_compare_says_each_refusal_once():
    out = run("compare", "[555p] 123m 789s SSS NN", "--seat", "S", "--win", "7s")[1].splitlines()
    assert [line.split(":")[0] for line in out if ": not mah jong: " in line] == ["bmja", "hk", "mcr"]


def test_the_variants_list_shows_each_source():
    out = run("variants")[1]
    assert out.splitlines()[0].split()[:3] == ["variant", "title", "source"]
    assert "Basque rulebook (Prats Verdú): rules 1-85 and tables 1-3" in out  # tables/basque.yaml's source:
