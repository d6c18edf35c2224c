"""Bounded memo tables."""

from mjscore.memo import make_room


def test_make_room_forgets_the_oldest_quarter_when_full():
    memo = {k: k * k for k in range(8)}
    make_room(memo, 8)  # full: the oldest 8 // 4 = 2 go
    assert list(memo) == [2, 3, 4, 5, 6, 7]
    make_room(memo, 8)  # 6 of 8: room left, nothing goes
    assert len(memo) == 6


def test_situations_that_judge_every_suit_set_alike_share_one_class():
    from mjscore.rules.kept import PROBE, VariantMemo, suit_class

    assert PROBE[1].kind == "pair" and PROBE[1].tiles == (0, 0)
    memo = VariantMemo()
    assert suit_class(memo, 5, lambda g: ("pung 1", g.kind == "pung")) == 5  # the first: its own number
    assert suit_class(memo, 6, lambda g: ("pung 1", g.kind == "pung")) == 5  # judged alike: situation 5's class
    # one set judged otherwise (PROBE[1], the pair of 1m, scoring here): a class of its own, never 5's
    assert suit_class(memo, 7, lambda g: ("pung 1", g.kind == "pung" or g is PROBE[1])) == 7
    assert suit_class(memo, 8, lambda g: ("pung 1", g.kind == "pung" or g is PROBE[1])) == 7




def test_a_block_judged_under_one_variant_is_never_taken_for_another_variants_judgement():
    """Blocks are shared by every variant (hand/arrange.py) and keep what the scorer judged of them under a
    situation's token (Block.judged): a non-winner's hand scored under every variant in one order, and in a
    fresh process in the other order, says the same under each variant (its rules' own names, citations and
    points), whichever variant judged its blocks first."""
    import json
    import subprocess
    import sys

    import mjscore

    hand = "111m 999p 234s RR EN"  # 13 tiles: two concealed pungs of terminals, a chow, a pair of dragons
    names = [v.name for v in mjscore.variants()]
    script = ("import json, sys, mjscore; print(json.dumps({v: mjscore.score(sys.argv[1], variant=v, seat='S')"
              ".to_dict() for v in sys.argv[2:]}))")

    def scored(order):
        done = subprocess.run([sys.executable, "-c", script, hand, *order], capture_output=True, text=True,
                              check=True)
        return json.loads(done.stdout)

    forward, backward = scored(names), scored(names[::-1])
    assert len(forward) == len(names) >= 2
    for v in names:
        assert forward[v] == backward[v], v
