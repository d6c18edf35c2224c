"""A single wait told at once (AnalysedHand.waited_on_one) says what counting the waits says.

The shortcut: a winning tile that made a pung beside a pair, or a chow at an open end, had another tile
beside it (the pair's, the chow's far end), unless all four of that tile are held. Checked against the
count of the hand's waits before its winning tile (AnalysedHand.wait_count, the tiles that complete the
hand from hand/waits.py) on every candidate of random winning hands, exposed sets and every way the
winning tile came included.
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
