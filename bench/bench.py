"""mjscore's speed in every variant beside its yardstick, in one run.

1. In process, winning hands only: `mjscore.score` beside the riichi `mahjong` library's
   `estimate_hand_value` (PyPI `mahjong==2.1.0`, pinned in bench/requirements.txt, a benchmark-only
   dependency) on the SAME FRESH winning hands: every hand is scored once by each side, never again
   (no cache flatters either), in chunks taken in turn (mjscore, riichi; riichi, mjscore; ...), timed in
   CPU time of this process. A round is --hands new hands per variant, every variant in one run (mcr
   and riichi too); the ratio (mjscore's hands per CPU-second over riichi's) is the median of --rounds
   rounds. Target: >= 1.0 in each of the six classical and seed variants (issue 26: TARGETED); mcr's and riichi's
   ratios are printed beside them, with no target.
2. End to end: `mjscore batch --format json` in one process on a fixed archive of --deals JSON Lines
   deals (the generator below, a fixed seed, no deal repeated), deals per CPU-second of that process
   (start-up included), the median of --repeat runs; then one more run, sampled, splits the time per
   deal by stage (read, parse, arrange, score, settle, write; the rest is start-up and the game's
   bookkeeping). Target: >= 3,000 deals per CPU-second.
3. Start-up: `mjscore score ... --format json` against `python -c "import click"` (click is the
   floor of any click CLI), run in turn, the median of the pairs' ratios. Target: <= 1.2 x.
4. With --memory: the peak memory of batch, sheet, standings and report on YAML and JSON Lines
   archives of several sizes (every command reads its games deal by deal, so it stays flat), as a table.
5. With --only scaling: batch on one archive with --jobs 1, --jobs 2, --dask local and --dask ADDRESS
   (a cluster of this machine's cores): deals per second of the clock, CPU seconds (bench/archives.py).

    python3 -m venv /tmp/vb && . /tmp/vb/bin/activate && pip install . -r bench/requirements.txt
    python bench/bench.py [--hands 2000] [--rounds 3] [--deals 100000] [--repeat 3] [--memory 10000,100000]
    python bench/bench.py --only inprocess   # one part alone: inprocess, batch, startup or memory
    python bench/bench.py --only scaling --scaling 20000   # batch with --jobs 1, --jobs 2, --dask
                                                           # (pip install ".[dask]")

Run it in a venv with a real (not editable) install, as a user has: pip compiles the bytecode
then, and the tables are inside the package. Times are CPU times (of this process, or of the batch
process), never wall time: a machine shared with other work slows both sides' clocks alike only then.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from deals import VARIANTS, mjscore_cmd, random_deal

RIICHI_VERSION = "2.1.0"
TARGETED = ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja")  # the in-process target's variants (issue 26)
RIICHI_HONOUR = {"E": 1, "S": 2, "W": 3, "N": 4, "P": 5, "G": 6, "R": 7}  # P = white (haku)
HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall",
        "--format", "json"]


def max_chows(variant: str) -> int:
    """The variant's most chows in a winning hand (its `max_chows` option; 4 when it has none)."""
    out = subprocess.run(mjscore_cmd() + ["variants", variant, "--format", "json"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)["options"].get("max_chows", {}).get("default", 4)


def riichi_prepare(hands: list[dict]) -> list[tuple]:
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
        ids = to136([t for g in h["sets"] for t in g] + [h["pair"], h["pair"]])
        melds, free = [], list(ids)
        for g in h["sets"][:h["exposed"]]:
            chosen = []
            for k in (to136([t])[0] // 4 for t in g):
                tid = next(x for x in free if x // 4 == k)
                free.remove(tid)
                chosen.append(tid)
            melds.append(Meld(Meld.PON if len(set(g)) == 1 else Meld.CHI, tiles=chosen, opened=True))
        win_kind = to136([h["win"]])[0] // 4
        win_id = next(x for x in free if x // 4 == win_kind)
        prepared.append((ids, win_id, melds, HandConfig(is_tsumo=h["tsumo"])))
    return prepared


def distinct_hands(variant: str, n: int, seed: str) -> list[tuple[dict, dict]]:
    """n winning hands (the winner's of random_deal) no two alike: each is scored once by each side."""
    rng, chows, seen, out = random.Random(seed), max_chows(variant), set(), []
    while len(out) < n:
        deal, riichi = random_deal(rng, chows)
        key = (deal["hands"]["Ann"], deal["win"]["tile"], deal["win"]["from"])
        if key not in seen:
            seen.add(key)
            out.append(((deal["hands"]["Ann"], deal["win"]["tile"], deal["win"]["from"]), riichi))
    return out


def in_process(args) -> None:
    """The winning hands alone, in this process on both sides, on the same fresh hands, in CPU time."""
    import mjscore
    from mahjong.hand_calculating.hand import HandCalculator

    print(f"in process, winning hands only: mjscore.score beside riichi mahjong {RIICHI_VERSION} estimate_hand_value "
          f"on the same fresh hands ({args.hands} a round per variant, each scored once by each side), chunks of "
          f"{args.chunk} in turn, CPU time; median of {args.rounds} rounds")
    calc = HandCalculator()
    hands = {}
    for variant in VARIANTS:  # made and converted untimed; one more hand each side warms up with, untimed
        made = distinct_hands(variant, args.rounds * args.hands + 1, f"2026 in-process {variant}")
        prepared = riichi_prepare([r for _, r in made])
        ours = [h for h, _ in made]
        hand, tile, source = ours[0]
        mjscore.score(hand, variant, win=tile, source=source)
        ids, win_id, melds, config = prepared[0]
        calc.estimate_hand_value(ids, win_id, melds=melds or None, config=config)
        hands[variant] = (ours[1:], prepared[1:])
    ratios: dict[str, list[float]] = {v: [] for v in VARIANTS}
    rates: dict[str, list[tuple[float, float]]] = {v: [] for v in VARIANTS}
    # the prepared hands of both sides live through the run: frozen, a garbage collection that either side's
    # chunk sets off does not walk them all (it fell on one side at random, a round's ratio off by 5 x)
    gc.collect()
    gc.freeze()
    clock = time.process_time
    for r in range(args.rounds):  # every variant in each round: a busy spell of the machine hurts all alike
        for variant in VARIANTS:
            ours, theirs = hands[variant]
            lo, hi = r * args.hands, (r + 1) * args.hands
            mine = other = 0.0
            for k, start in enumerate(range(lo, hi, args.chunk)):
                stop = min(start + args.chunk, hi)
                for side in ((0, 1) if k % 2 == 0 else (1, 0)):
                    t = clock()
                    if side == 0:
                        for hand, tile, source in ours[start:stop]:
                            mjscore.score(hand, variant, win=tile, source=source)
                        mine += clock() - t
                    else:
                        for ids, win_id, melds, config in theirs[start:stop]:
                            calc.estimate_hand_value(ids, win_id, melds=melds or None, config=config)
                        other += clock() - t
            ratios[variant].append(other / mine)
            rates[variant].append((args.hands / mine, args.hands / other))
    print(f"{'variant':<10} {'mjscore hands/s':>16} {'riichi hands/s':>15} {'ratio':>7}   (each round's ratio)")
    for variant in VARIANTS:
        mid = statistics.median(ratios[variant])
        ours_rate = statistics.median(a for a, _ in rates[variant])
        theirs_rate = statistics.median(b for _, b in rates[variant])
        each = " ".join(f"{x:.2f}" for x in ratios[variant])
        print(f"{variant:<10} {ours_rate:>16,.0f} {theirs_rate:>15,.0f} {mid:>6.2f}x   ({each})")
    slowest = min(TARGETED, key=lambda v: statistics.median(ratios[v]))
    others = ", ".join(f"{v} {statistics.median(ratios[v]):.2f}" for v in VARIANTS if v not in TARGETED)
    print(f"slowest of the six classical and seed variants: {slowest} {statistics.median(ratios[slowest]):.2f} x "
          f"riichi (target >= 1.0 in each); with no target: {others}")


def run_batch(path: str, out: str, jobs: int = 1) -> tuple[float, float]:
    """CPU seconds and peak RSS (MiB) of one `mjscore batch` run (its processes), start-up included."""
    # a fresh parent per run, so that RUSAGE_CHILDREN is this run's alone
    parent = ("import resource, subprocess, sys; "
              "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
              "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
              "print(u.ru_utime + u.ru_stime, u.ru_maxrss, r.returncode); "
              "sys.stderr.write(r.stderr)")
    done = subprocess.run([sys.executable, "-c", parent] + mjscore_cmd()
                          + ["batch", path, "--format", "json", "-o", out, "--jobs", str(jobs)],
                          capture_output=True, text=True)
    seconds, rss_kib, code = done.stdout.split()
    if code not in ("0", "1"):  # 1: some deals not scored (counted below)
        sys.exit(f"batch failed ({code}): {done.stderr[-500:]}")
    return float(seconds), int(rss_kib) / 1024


def write_deals(path: str, variant: str, n: int, rng: random.Random, chows: int) -> None:
    """n deals, none repeated, as a JSON Lines archive."""
    seen = set()
    with open(path, "w") as f:
        f.write(json.dumps({"variant": variant, "players": ["Ann", "Bo", "Cy", "Di"]}) + "\n")
        while len(seen) < n:
            line = json.dumps(random_deal(rng, chows)[0])
            if line not in seen:
                seen.add(line)
                f.write(line + "\n")


# Where a sample of the batch process's CPU time goes: the innermost frame of a file (or function) named
# here gives the stage; frames of other files (the standard library, memo tables) pass it outwards.
STAGE_FILES = {
    "mjscore/loading.py": "read", "json/decoder.py": "read",
    "mjscore/play/dealfile.py": "parse", "mjscore/hand/notation.py": "parse", "mjscore/rules/situations.py": "parse",
    "mjscore/hand/arrange.py": "arrange", "mjscore/hand/decompose.py": "arrange", "mjscore/hand/waits.py": "arrange",
    "mjscore/hand/sets.py": "arrange",
    "mjscore/rules/scoring.py": "score", "mjscore/rules/context.py": "score", "mjscore/rules/candidate.py": "score",
    "mjscore/rules/value.py": "score", "mjscore/rules/registry.py": "score", "mjscore/rules/special.py": "score",
    "mjscore/rules/results.py": "score", "<when>": "score",
    "mjscore/play/settle.py": "settle", "mjscore/play/seating.py": "settle", "mjscore/play/game.py": "settle",
    "mjscore/play/record.py": "settle", "mjscore/play/workers.py": "settle",
    "mjscore/cli/batch.py": "write", "mjscore/cli/outfile.py": "write", "json/encoder.py": "write",
}
STAGE_FUNCTIONS = {"to_dict": "write", "named": "write", "unpaid": "write", "read_jsonl_game": "read",
                   "read_game": "read", "deals": "read"}
STAGES = ("read", "parse", "arrange", "score", "settle", "write")
SAMPLER = r"""
import json, signal, sys
files, functions = json.loads(sys.argv.pop(1)), json.loads(sys.argv.pop(1))
seen = {}
def stage(code):
    got = seen.get(code)
    if got is None:
        path = code.co_filename.replace("\\", "/")
        got = functions.get(code.co_name) or next((s for f, s in files.items() if path.endswith(f)), "")
        seen[code] = got
    return got
counts = {}
def sample(signum, frame):
    while frame is not None:
        s = stage(frame.f_code)
        if s:
            break
        frame = frame.f_back
    else:
        s = "other"
    counts[s] = counts.get(s, 0) + 1
signal.signal(signal.SIGPROF, sample)
signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
from mjscore.cli import run
try:
    run()
finally:
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    sys.stderr.write("\nSTAGES " + json.dumps(counts) + "\n")
"""


def end_to_end(args, tmp: str) -> None:
    """`mjscore batch` of a fixed archive in one process: deals per CPU-second, and where the time goes."""
    variant = args.archive_variant
    path, out = os.path.join(tmp, f"archive-{variant}.jsonl"), os.path.join(tmp, "archive.json")
    write_deals(path, variant, args.deals, random.Random(f"2026 archive {variant}"), max_chows(variant))
    print(f"end to end: `mjscore batch --format json` of a fixed archive of {args.deals:,} {variant} deals "
          f"(seed fixed, no deal repeated), one process, CPU time (start-up included), median of {args.repeat}")
    runs = [run_batch(path, out)[0] for _ in range(args.repeat)]
    with open(out) as f:
        summary = json.load(f)["summary"]
    cpu = statistics.median(runs)
    print(f"{args.deals / cpu:,.0f} deals per CPU-second ({summary['scored']:,} of {args.deals:,} deals scored; "
          f"runs {', '.join(f'{x:.1f}' for x in runs)} s; target >= 3,000)")
    parent = [sys.executable, "-c", SAMPLER, json.dumps(STAGE_FILES), json.dumps(STAGE_FUNCTIONS)]
    done = subprocess.run(parent + ["batch", path, "--format", "json", "-o", out], capture_output=True, text=True)
    line = next((x for x in done.stderr.splitlines() if x.startswith("STAGES ")), None)
    if line is None:
        sys.exit(f"the sampled batch run failed: {done.stderr[-500:]}")
    counts = json.loads(line[len("STAGES "):])
    total = sum(counts.values())
    per_deal = cpu / args.deals * 1e6
    cells = [f"{s} {counts.get(s, 0) / total * per_deal:.0f}" for s in STAGES + ("other",)]
    print(f"us per deal by stage (of {per_deal:.0f}; sampled every ms of CPU, {total:,} samples): " + ", ".join(cells))


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def bytecode_kept() -> bool:
    """Whether mjscore's modules have their compiled bytecode at hand, as after `pip install .` (pip compiles
    it). Without it (an editable install under PYTHONDONTWRITEBYTECODE=1) every start compiles the sources,
    which measures the compiler, not mjscore: about 0.1 s more per run on this machine."""
    import importlib.util

    import mjscore

    source = mjscore.__file__
    cached = importlib.util.cache_from_source(source)
    return os.path.exists(cached) or not os.environ.get("PYTHONDONTWRITEBYTECODE")


def startup(args) -> None:
    ours = mjscore_cmd() + ["score"] + HAND
    base = [sys.executable, "-c", "import click"]
    if not bytecode_kept():
        print("start-up: mjscore's bytecode is not cached and PYTHONDONTWRITEBYTECODE is set: each run would "
              "compile the sources; run `python -m compileall -q mjscore` (or install with pip) first")
        return
    timed(ours), timed(base)  # warm the table cache and the OS file cache
    a, b, ratios = [], [], []
    for _ in range(args.runs):
        a.append(timed(ours))
        b.append(timed(base))
        ratios.append(a[-1] / b[-1])
    print(f"start-up: `mjscore score ... --format json` median {statistics.median(a) * 1000:.1f} ms, "
          f"`python -c \"import click\"` median {statistics.median(b) * 1000:.1f} ms; "
          f"ratio {statistics.median(ratios):.2f} x (median of {args.runs} pairs; target <= 1.2)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="fresh winning hands per variant and round (in process)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of fresh hands (in process); the median is shown")
    ap.add_argument("--chunk", type=int, default=100, help="hands each side scores in turn (in process)")
    ap.add_argument("--deals", type=int, default=100_000, help="deals in the end-to-end archive")
    ap.add_argument("--archive-variant", default="basque", choices=VARIANTS,
                    help="the end-to-end archive's variant (basque: the slowest in process)")
    ap.add_argument("--repeat", type=int, default=3, help="end-to-end runs; the median is shown")
    ap.add_argument("--runs", type=int, default=40, help="pairs of start-up runs")
    ap.add_argument("--memory", default="", help="archive sizes for peak memory, e.g. 10000,100000,1000000")
    ap.add_argument("--memory-all", type=int, default=100_000,
                    help="the largest size at which every command is measured (above it, batch alone)")
    ap.add_argument("--scaling", type=int, default=20_000, help="deals for --only scaling")
    ap.add_argument("--only", choices=("inprocess", "batch", "startup", "memory", "scaling"), default=None,
                    help="run this part alone (memory needs --memory; scaling: --jobs 1, --jobs 2, --dask)")
    args = ap.parse_args()
    from importlib.metadata import version

    if args.only in (None, "inprocess") and version("mahjong") != RIICHI_VERSION:
        sys.exit(f"the yardstick is mahjong=={RIICHI_VERSION}: pip install -r bench/requirements.txt")
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "inprocess"):
            in_process(args)
        if args.only in (None, "batch"):
            end_to_end(args, tmp)
        if args.only in (None, "startup"):
            startup(args)
        if args.memory and args.only in (None, "memory"):
            from archives import memory

            memory(args, tmp)
        if args.only == "scaling":
            from archives import scaling

            scaling(args, tmp)


if __name__ == "__main__":
    main()
