"""The bench's deals: random legal deals of a fixed generator, and the command that runs mjscore; shared by
bench.py (the yardsticks), archives.py (memory, scaling) and same_outputs.py (outputs before and after)."""

from __future__ import annotations

import os
import random
import sys

VARIANTS = ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja", "mcr", "riichi")

SUITS = "mps"
HONOURS = "ESWNRGP"
KINDS = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONOURS)


def mjscore_cmd() -> list[str]:
    script = os.path.join(os.path.dirname(sys.executable), "mjscore")
    return [script] if os.path.exists(script) else [sys.executable, "-m", "mjscore"]


def text(tiles: list[str]) -> str:
    """Compact notation, as mjscore prints hands and a recorder would store them: 1257m 33p EE."""
    parts = []
    for suit in SUITS:
        nums = sorted(t[0] for t in tiles if len(t) == 2 and t[1] == suit)
        if nums:
            parts.append("".join(nums) + suit)
    parts += ["".join(t for t in tiles if t == h) for h in HONOURS if h in tiles]
    return " ".join(parts)


def random_deal(rng: random.Random, chows: int) -> tuple[dict, dict]:
    """A winner's hand of four sets (at most `chows` chows) and a pair, 0-2 sets exposed; three
    others' hands of 13 tiles from the rest of the wall."""
    pool = {k: 4 for k in KINDS}
    sets: list[list[str]] = []
    while len(sets) < 4:
        if rng.random() < 0.5 and sum(len(set(g)) == 3 for g in sets) < chows:
            s, n = rng.choice(SUITS), rng.randint(1, 7)
            tiles = [f"{n + i}{s}" for i in range(3)]
        else:
            tiles = [rng.choice(KINDS)] * 3
        if all(pool[t] >= tiles.count(t) for t in tiles):
            for t in tiles:
                pool[t] -= 1
            sets.append(tiles)
    pair = rng.choice([k for k in KINDS if pool[k] >= 2])
    pool[pair] -= 2
    exposed = rng.randint(0, 2)
    concealed = [t for g in sets[exposed:] for t in g] + [pair, pair]
    win = rng.choice(concealed)
    source = rng.choice(["wall", "discard"])

    def meld(g):
        return f"[{''.join(t[0] for t in g)}{g[0][1]}]" if len(g[0]) == 2 else f"[{''.join(g)}]"

    hands = {"Ann": " ".join([meld(g) for g in sets[:exposed]] + [text(concealed)])}
    rest = [k for k, n in pool.items() for _ in range(n)]
    rng.shuffle(rest)
    for i, name in enumerate(["Bo", "Cy", "Di"]):
        hands[name] = text(rest[13 * i:13 * i + 13])
    deal = {"hands": hands, "winner": "Ann", "win": {"tile": win, "from": source}}
    riichi = {"sets": sets, "exposed": exposed, "pair": pair, "win": win, "tsumo": source == "wall"}
    return deal, riichi
