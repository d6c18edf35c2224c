"""A single wait told at once (AnalysedHand.waited_on_one) says what counting the waits says.

The shortcut: a winning tile that made a pung beside a pair, or a chow at an open end, had another tile
beside it (the pair's, the chow's far end), unless all four of that tile are held. Checked against the
count of the hand's waits before its winning tile (AnalysedHand.wait_count, the tiles that complete the
hand from hand/waits.py) on every candidate of random winning hands, exposed sets and every way the
winning tile came included; and, where no set tells, the waits sought only until one beside the winning tile is
found (waits.waits_beside) against the same count, on hands of the other shapes too (seven pairs, thirteen
orphans), whose waits the standard shape alone does not find.
"""

from __future__ import annotations

import random

from mjscore.hand import tiles as T
from mjscore.hand.arrange import analyse
from mjscore.hand.notation import parse_hand
from mjscore.hand.situation import Situation

KINDS = list(range(T.N_KINDS))


def random_hand(rng: random.Random) -> tuple[str, int, str]:
    """Four sets and a pair from one set of tiles, 0-2 sets exposed, a winning tile among the concealed."""
    pool = {k: 4 for k in KINDS}
    sets = []
    while len(sets) < 4:
        if rng.random() < 0.5:
            t = rng.randrange(3) * 9 + rng.randrange(7)
            tiles = [t, t + 1, t + 2]
        else:
            tiles = [rng.choice(KINDS)] * 3
        if all(pool[t] >= tiles.count(t) for t in tiles):
            for t in tiles:
                pool[t] -= 1
            sets.append(tiles)
    pair = rng.choice([k for k in KINDS if pool[k] >= 2])
    exposed = rng.randint(0, 2)
    concealed = [t for g in sets[exposed:] for t in g] + [pair, pair]
    text = " ".join([f"[{T.format_tiles(g)}]" for g in sets[:exposed]] + [T.format_tiles(sorted(concealed))])
    return text, rng.choice(concealed), rng.choice(["wall", "discard"])


def test_a_single_wait_told_at_once_is_the_count_of_waits():
    rng = random.Random("single wait")
    checked = told = 0
    for _ in range(3000):
        text, win, source = random_hand(rng)
        hand = analyse(parse_hand(text), Situation("E", "E", win, source), ("standard", "seven_pairs"))
        for groups, pattern, w in hand.candidates:
            assert hand.waited_on_one(w, groups, pattern) == (hand.wait_count(w, groups) == 1), (text, w, groups)
            checked += 1
            done = next(g for g in groups if g.completed)
            told += done.kind in ("pung", "chow") and not done.declared
    assert checked > 3000 and told > 1000  # the shortcut's cases are the common ones


def special_hand(rng: random.Random) -> tuple[str, int]:
    """Seven pairs (two of them alike now and then) or thirteen orphans, and a winning tile among its tiles."""
    if rng.random() < 0.5:
        kinds = rng.sample(KINDS, 6)
        tiles = [k for k in kinds for _ in (0, 1)] + [rng.choice(kinds)] * 2
    else:
        tiles = list(T.MAJORS) + [rng.choice(T.MAJORS)]
    return T.format_tiles(sorted(tiles)), rng.choice(tiles)


def test_a_single_wait_sought_is_the_count_of_waits_under_every_shape():
    rng = random.Random("single wait, every shape")
    shapes = ("standard", "seven_pairs", "thirteen_orphans")
    singles = others = 0
    for _ in range(1500):
        text, win = special_hand(rng)
        hand = analyse(parse_hand(text), Situation("E", "E", win, "wall"), shapes)
        for groups, pattern, w in hand.candidates:
            single = hand.waited_on_one(w, groups, pattern)
            assert single == (hand.wait_count(w, groups) == 1), (text, w, groups)
            singles += single
            others += not single
    assert singles > 500 and others > 100  # both answers met, each by many hands
