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


def test_rules_of_group_counts_are_judged_by_each_candidates_counts():
    """A hand rule that reads only the candidate's group counts (groups:, declared group_counts) is judged once per
    counts and situation (candidate._plan): DMJL hands scored in turn in one process, in the same situation, each
    say what it says scored alone in a fresh process, whatever the hands before it counted."""
    import json
    import subprocess
    import sys

    import mjscore

    hands = [("[RRR] [GGG] PP 123m 555p", "5p"),  # two dragon pungs, a dragon pair: Little Three Dragons (Hand Rules)
             ("[111m] [999p] 555s EEE NN", "5s"),  # no chow: No Chow (DMJL Winner Rules)
             ("[RRR] [GGG] 555p 123m WW", "5p"),  # two dragon pungs, a wind pair, a chow: neither
             ("[RRR] [GGG] PP 123m 555p", "5p")]  # the first again, after the others
    in_turn = [mjscore.score(h, "dmjl", win=w, source="discard").to_dict() for h, w in hands]
    script = ("import json, sys, mjscore; print(json.dumps(mjscore.score(sys.argv[1], 'dmjl', win=sys.argv[2], "
              "source='discard').to_dict()))")
    alone = [json.loads(subprocess.run([sys.executable, "-c", script, h, w], capture_output=True, text=True,
                                       check=True).stdout) for h, w in hands]
    assert in_turn == alone
    rules = [{i["rule"] for i in s["items"]} for s in in_turn]
    assert "Little Three Dragons" in rules[0] == rules[3] and "Little Three Dragons" not in rules[1] | rules[2]
    assert "No Chow" in rules[1] and "No Chow" not in rules[0] | rules[2]


def test_a_when_of_group_counts_alone_is_told_apart_from_one_that_reads_more():
    # when.told: what is left after folding reads only conditions that read the group counts (groups:), besides
    # what a plan is told
    from types import SimpleNamespace

    from mjscore.rules.conditions import CONDITIONS
    from mjscore.rules.registry import compile_when
    from mjscore.rules.when import told

    def by_group_counts(when, ctx):
        got = told(when, ctx)
        return got is not None and got[2]

    known = {"shapes": ["standard"], "options": {}, "situations": {}, "conditions": CONDITIONS}
    ctx = SimpleNamespace(pattern="standard", source="wall", options={}, suits=frozenset({0}), has_honours=True,
                          bonus=())
    chows = {"groups": {"set": "chow", "max": 0}}
    counted = [chows, {"not": chows}, {"any": [chows, {"groups": {"set": "pung", "min": 4}}]},
               {"pattern": "standard", **chows}]  # (the shape is told when folded: the counts are left)
    for when in counted:
        assert by_group_counts(compile_when(when, "hand", known), ctx), when
    for when in ({**chows, "concealed_hand": True}, {"concealed_hand": True}, {"pattern": "standard"}):
        assert not by_group_counts(compile_when(when, "hand", known), ctx), when
