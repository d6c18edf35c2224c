"""MCR's one-tile wait (edge, closed, single wait: rules/mcr.py's _one_wait), told from hand/waits.py's per-block
tables since issue 40, says what trying every kind says (the rulebook's definition, Mahjong Competition Rules
2006, fan 77-79: the hand waited on that one tile alone; GB-Mahjong counts it by shape, a kind held four times
included)."""

import random

from mjscore.hand.decompose import sets_and_pair
from mjscore.rules.mcr import _one_wait


def _by_every_kind(standing: list[int], win: int, declared: int) -> bool:
    """The definition itself: each of the 34 kinds added to the tiles before the winning one, the hand complete
    (four sets less the declared ones and a pair, or seven pairs with none declared) for exactly one."""
    before = list(standing)
    before[win] -= 1
    waits = 0
    for kind in range(34):
        before[kind] += 1
        if sets_and_pair(tuple(before), 4 - declared, True) or (not declared and all(n % 2 == 0 for n in before)):
            waits += 1
        before[kind] -= 1
    return waits == 1


def test_the_one_tile_wait_is_what_trying_every_kind_finds():
    rng, ones = random.Random("mcr one wait"), 0
    for _ in range(3000):
        declared = rng.choice((0, 0, 0, 1, 2, 3, 4))
        bases = rng.sample((0, 9, 18, 27), rng.randint(1, 3))  # one to three blocks: hands that wait on something
        pool = [b + k for b in bases for k in range(7 if b == 27 else 9) for _ in range(4)]
        standing = [0] * 34
        for t in rng.sample(pool, 14 - 3 * declared):
            standing[t] += 1
        win = rng.choice([k for k in range(34) if standing[k]])
        expected = _by_every_kind(standing, win, declared)
        assert _one_wait(standing, win, declared) == expected, (standing, win, declared)
        ones += expected
    assert 200 < ones < 2800  # both answers met often (a sample of one answer would test nothing)
    # by hand: 1112345678999m less its winning 9m waits on every m (nine gates): no one-tile wait; 11m 234p 567s
    # 789s [EEE] with the 1m won: 1m alone before it (a single wait on the pair)
    nine_gates = [3, 1, 1, 1, 1, 1, 1, 1, 4] + [0] * 25
    assert not _one_wait(nine_gates, 8, 0)
    single = [0] * 34
    for t in (0, 0, 10, 11, 12, 22, 23, 24, 24, 25, 26):
        single[t] += 1
    assert _one_wait(single, 0, 1)
