"""Waits found by the per-block tables (hand/waits.py): every shape, worked out by hand.

The waits are the tiles that complete a winning shape of the variant and make a hand that goes
mah jong; each expected list is derived below from the shapes' definitions, not from the tool.
"""

from __future__ import annotations

import json

from tests.helpers import run


def _waits(hand: str, variant: str) -> list[str]:
    code, out, err = run("waits", hand, "--variant", variant, "--format", "json")
    assert code == 0, err
    return [w["tile"] for w in json.loads(out)["waits"]]


def test_nine_gates_waits_on_every_tile_of_its_suit():
    # 1112345678999m plus any of 1-9m is four sets and a pair: 1m: 111 123 456 789 99; 5m: 111 234 55
    # 678 999; 9m: 11 123 456 789 999; and so on for each number. No tile of another suit or honour helps.
    assert _waits("1112345678999m", "spanish") == [f"{n}m" for n in range(1, 10)]


def test_a_block_gains_a_tile_it_does_not_hold():
    # 2345678m 456p EEE: 2m (22 345 678), 5m (234 55 678), 8m (234 567 88); the other blocks are sets
    assert _waits("2345678m 456p EEE", "spanish") == ["2m", "5m", "8m"]


def test_an_honour_waits_only_on_itself():
    # 123m 456p 789s EEE N: the single N makes the pair; an honour never forms a chow with another
    assert _waits("123m 456p 789s EEE N", "spanish") == ["N"]


def test_thirteen_orphans_waits_thirteen_ways():
    # one each of the 13 majors: any of the 13 makes the pair of thirteen orphans (a bmja limit hand, §4)
    majors = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "R", "G", "P"]
    assert _waits("19m 19p 19s ESWNRGP", "bmja") == majors


def test_knitting_waits_on_the_missing_couple():
    # 1234567m 123456p: knitting (seven couples of one number in two suits) needs 7p. Standard shapes
    # 11 234 567m, 123 44 567m, 123 456 77m with 123 456p hold four chows: bmja allows one (§4), so none.
    assert _waits("1234567m 123456p", "bmja") == ["7p"]


def test_two_pairs_wait_on_either_across_suits():
    # 123m 55p 45677s EEE: the blocks of 2 (55p) and 5 (45677s) tiles are the open ones. 5p makes 555p, and
    # 45677s is then 456s 77s; 7s makes 456s 777s, and 55p is the pair. 3s (34567 77: 345 677? no) and 8s
    # (456 778? no) make no sets of the bamboos, so the wait is on the two pairs (hand/waits.py _open_blocks).
    assert _waits("123m 55p 45677s EEE", "spanish") == ["5p", "7s"]


def test_the_blocks_told_by_their_sizes_wait_as_the_merge_of_every_block_does(monkeypatch):
    # hand/waits.py: standard_waits tells most hands' waits by their blocks' sizes (_open_blocks) instead of
    # merging every block's masks; on random hands, some far from any win, both ways find the same tiles
    import random

    from mjscore.hand import waits as W

    rng = random.Random(26)
    told = 0
    for _ in range(20_000):
        melds = rng.choice([0, 0, 1, 2, 3, 4])
        suits = rng.sample(range(4), rng.randint(1, 4))
        pool = [t for t in range(34) for _ in range(4) if min(t // 9, 3) in suits]
        n = min(len(pool), 13 - 3 * melds + rng.choice([0, 0, 0, 1, -1, 3]))
        if n <= 0:
            continue
        blocks = W.counted_blocks(tuple(sorted(rng.sample(pool, n))))
        fast = W.standard_waits(blocks, melds)
        with monkeypatch.context() as m:
            m.setattr(W, "_open_blocks", lambda blocks, need: None)
            merged = W.standard_waits(blocks, melds)
        assert fast == merged, (blocks, melds)
        told += W._open_blocks(blocks, 4 - melds) is not None
    assert told > 5_000  # the sizes told most of them


def test_a_blocks_candidate_waits_are_the_tiles_whose_block_one_tile_more_still_splits():
    """waits.completions, run by run (the tile before a run, each of its numbers, the one after, the gap that joins
    two), against its definition: every number whose block, that number added, splits into sets and at most one
    pair (feasible's masks, up to four sets), on 20,000 random suit blocks of 1-14 tiles."""
    import random

    from mjscore.hand.waits import completions, feasible

    rng = random.Random("completions")
    for _ in range(20_000):
        vec = [0] * 9
        for _ in range(rng.randint(1, 14)):
            vec[rng.choice([i for i in range(9) if vec[i] < 4])] += 1
        expected = []
        for i in range(9):
            one_more = list(vec)
            one_more[i] += 1
            z, o = feasible(tuple(one_more), True)
            if z & 31 or o & 31:
                expected.append((i, z & 31, o & 31))
        assert completions.__wrapped__(tuple(vec), True) == tuple(expected), vec
