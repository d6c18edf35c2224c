"""End-to-end `mjscore batch` on random legal deals against the riichi `mahjong` library, side by side.

Target (issue 5): batch scores at least 3 x as many hands per second as
`HandCalculator.estimate_hand_value` (PyPI `mahjong`, a benchmark-only dependency) on the
same winning hands, in-process. Also reports batch's peak memory, for two archive sizes,
to show that it stays flat (JSON Lines is streamed).

    python3 -m venv /tmp/vb && . /tmp/vb/bin/activate && pip install . mahjong
    python bench/bench_batch.py [--deals 20000] [--variant spanish] [--jobs 1] [--repeat 3]

`--jobs 2` uses both cores of a two-core machine, as a club would for a large archive. The
riichi rate moves by about 20% from run to run on a shared machine: each pair is measured
side by side, and the median of the pairs' ratios is reported.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

SUITS = "mps"
HONOURS = "ESWNRGP"
RIICHI_HONOUR = {"E": 1, "S": 2, "W": 3, "N": 4, "P": 5, "G": 6, "R": 7}  # P = white (haku)
KINDS = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONOURS)


def random_deal(rng: random.Random) -> tuple[dict, dict]:
    """A winner's hand of four sets and a pair (0-2 sets exposed), three losers' hands of 13 tiles."""
    pool = {k: 4 for k in KINDS}
    sets = []
    while len(sets) < 4:
        if rng.random() < 0.5:
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

    def text(tiles):
        """Compact notation, as mjscore prints hands and a recorder would store them: 1257m 33p EE."""
        parts = []
        for suit in SUITS:
            nums = sorted(t[0] for t in tiles if len(t) == 2 and t[1] == suit)
            if nums:
                parts.append("".join(nums) + suit)
        parts += ["".join(t for t in tiles if t == h) for h in HONOURS if h in tiles]
        return " ".join(parts)

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


def riichi_rate(hands: list[dict]) -> float:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld
    from mahjong.tile import TilesConverter

    def to136(tiles):
        parts = {"man": "", "pin": "", "sou": "", "honors": ""}
        for t in tiles:
            if t in RIICHI_HONOUR:
                parts["honors"] += str(RIICHI_HONOUR[t])
            else:
                parts[{"m": "man", "p": "pin", "s": "sou"}[t[1]]] += t[0]
        return TilesConverter.string_to_136_array(**parts)

    prepared = []
    for h in hands:
        all_tiles = [t for g in h["sets"] for t in g] + [h["pair"], h["pair"]]
        ids = to136(all_tiles)
        melds, free = [], list(ids)
        for g in h["sets"][:h["exposed"]]:
            kinds = [to136([t])[0] // 4 for t in g]
            chosen = []
            for k in kinds:
                tid = next(x for x in free if x // 4 == k)
                free.remove(tid)
                chosen.append(tid)
            melds.append(Meld(Meld.PON if len(set(kinds)) == 1 else Meld.CHI, tiles=chosen, opened=True))
        win_kind = to136([h["win"]])[0] // 4
        win_id = next(x for x in free if x // 4 == win_kind)
        prepared.append((ids, win_id, melds, HandConfig(is_tsumo=h["tsumo"])))
    calc = HandCalculator()
    t = time.perf_counter()
    for ids, win_id, melds, config in prepared:
        calc.estimate_hand_value(ids, win_id, melds=melds or None, config=config)
    return len(prepared) / (time.perf_counter() - t)


def run_batch(path: str, out: str, jobs: int) -> tuple[float, float]:
    """Seconds and peak RSS (MiB) of one `mjscore batch` run."""
    script = os.path.join(os.path.dirname(sys.executable), "mjscore")
    cmd = [script] if os.path.exists(script) else [sys.executable, "-m", "mjscore"]
    # a fresh parent per run, so that RUSAGE_CHILDREN's peak is this run's alone
    probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
             "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, r.returncode); "
             "sys.stderr.write(r.stderr[:500])")
    done = subprocess.run([sys.executable, "-c", probe] + cmd + ["batch", path, "--format", "json", "-o", out,
                                                                 "--jobs", str(jobs)], capture_output=True, text=True)
    seconds, rss_kib, code = done.stdout.split()
    if code != "0":
        sys.exit(f"batch failed ({code}): {done.stderr}")
    return float(seconds), int(rss_kib) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--variant", default="spanish")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3,
                    help="pairs of runs (batch, then riichi); the median ratio is reported")
    args = ap.parse_args()
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as tmp:
        riichi_hands = []
        sizes = {}
        for label, n in (("small", max(args.deals // 10, 1)), ("full", args.deals)):
            path = os.path.join(tmp, f"{label}.jsonl")
            with open(path, "w") as f:
                f.write(json.dumps({"variant": args.variant, "players": ["Ann", "Bo", "Cy", "Di"]}) + "\n")
                for _ in range(n):
                    deal, riichi = random_deal(rng)
                    f.write(json.dumps(deal) + "\n")
                    if label == "full":
                        riichi_hands.append(riichi)
            sizes[label] = (n, path)
        _, small_path = sizes["small"]
        _, rss_small = run_batch(small_path, os.path.join(tmp, "small.json"), args.jobs)
        n, path = sizes["full"]
        print(f"deals: {n} ({args.variant}, jobs {args.jobs}); each pair runs batch end to end, then riichi "
              f"estimate_hand_value in-process on the same winning hands")
        ratios = []
        for i in range(args.repeat):
            seconds, rss_full = run_batch(path, os.path.join(tmp, "full.json"), args.jobs)
            with open(os.path.join(tmp, "full.json")) as f:
                summary = json.load(f)["summary"]
            if summary["scored"] != n:
                sys.exit(f"batch scored {summary['scored']} of {n} deals ({summary['rejected']} rejected)")
            ours = 4 * summary["scored"] / seconds
            theirs = riichi_rate(riichi_hands)
            ratios.append(ours / theirs)
            print(f"  pair {i + 1}: mjscore batch {seconds:.2f} s, {ours:,.0f} hands/s (4 per deal, "
                  f"{ours / 4:,.0f} deals/s); riichi {theirs:,.0f} hands/s; ratio {ours / theirs:.2f} x")
    median = statistics.median(ratios)
    print(f"median ratio: {median:.2f} x counting every hand scored, "
          f"{median / 4:.2f} x counting winning hands only (target >= 3)")
    print(f"batch peak memory: {rss_small:.0f} MiB for {n // 10} deals, {rss_full:.0f} MiB for {n} deals")


if __name__ == "__main__":
    main()
