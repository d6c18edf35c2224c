"""mjscore's speed in every variant beside its yardstick, in one run.

1. In process, winning hands only: `mjscore.score` beside a yardstick on the SAME FRESH winning hands: every
   hand is scored once by each side, never again (no cache flatters either), in chunks taken in turn (mjscore,
   yardstick; yardstick, mjscore; ...), timed in CPU time of this process. A round is --hands new hands per row,
   every row in one run; the ratio (mjscore's hands per CPU-second over the yardstick's) is the median of
   --rounds rounds. The rows: each variant on the bench's random deals (deals.py) beside the riichi `mahjong`
   library's `estimate_hand_value` (PyPI `mahjong==2.1.0`, pinned in bench/requirements.txt, a benchmark-only
   dependency); `riichi-real`: realistic riichi hands (riichi_hands.py: open hands, kans, red fives, dora and
   ura, riichi, ippatsu, last tiles, honba and sticks; those the library accepts) beside the same library;
   `mcr-gb`: mcr's deals beside GB-Mahjong (PyMahjongGB, C++, a test dependency). Targets (issue 40): >= 1.0 in
   each of the six classical and seed variants; riichi-real >= 1.0; mcr-gb >= 1/30.
2. End to end: `mjscore batch --format json` in one process on a fixed archive of --deals JSON Lines
   deals (the generator below, a fixed seed, no deal repeated), deals per CPU-second of that process
   (start-up included), the median of --repeat runs, the parent commit's (--parent, a temporary worktree) run in
   turn beside it; then one more run, sampled, splits the time per deal by stage (read, parse, arrange, score,
   settle, write; the rest is start-up and the game's bookkeeping). Target: not below the parent's.
3. Start-up: `mjscore score ... --format json` against `python -c "import click"` (click is the floor of any
   click CLI), and the code of 2026-11-24 (--old-startup 866fd82, a temporary worktree) beside them, run in
   turn, CPU time of each run, the median of each one's ratios to click. Target: <= 1.2 x.
4. With --memory: the peak memory of batch, sheet, standings and report on YAML and JSON Lines
   archives of several sizes (every command reads its games deal by deal, so it stays flat), as a table.
5. With --only scaling: batch on one archive with --jobs 1, --jobs 2, --dask local and --dask ADDRESS
   (a cluster of this machine's cores): deals per second of the clock, CPU seconds (bench/archives.py).
Last, each target met or not in this run. The figures of a run: docs/performance.md.

    python3 -m venv /tmp/vb && . /tmp/vb/bin/activate && pip install . -r bench/requirements.txt
    python bench/bench.py [--hands 2000] [--rounds 3] [--deals 100000] [--repeat 3] [--memory 10000,100000]
    python bench/bench.py --only inprocess   # one part alone: inprocess, batch, startup or memory
    python bench/bench.py --parent main      # batch beside another commit than this one's parent
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
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from deals import VARIANTS, mjscore_cmd, random_deal
from yardsticks import gb_prepare, gb_score, realistic_riichi, riichi_prepare

RIICHI_VERSION = "2.1.0"
GB_VERSION = "1.4.0"
TARGETED = ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja")  # the in-process target's variants (issue 26)
HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall",
        "--format", "json"]


def max_chows(variant: str) -> int:
    """The variant's most chows in a winning hand (its `max_chows` option; 4 when it has none)."""
    out = subprocess.run(mjscore_cmd() + ["variants", variant, "--format", "json"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)["options"].get("max_chows", {}).get("default", 4)


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


def contests(args) -> dict[str, tuple]:
    """Every row of the in-process table: name -> (mjscore's function, its calls, the yardstick's name, its
    function, its calls); a call is (positional, keyword) arguments, made untimed; the first of each warms up."""
    import mjscore
    from mahjong.hand_calculating.hand import HandCalculator
    from MahjongGB import MahjongFanCalculator

    calc, n, out = HandCalculator(), args.rounds * args.hands + 1, {}
    for variant in VARIANTS:
        made = distinct_hands(variant, n, f"2026 in-process {variant}")
        ours = [((hand, variant), dict(win=tile, source=source)) for (hand, tile, source), _ in made]
        theirs = [((ids, win_id), dict(melds=melds or None, config=config))
                  for ids, win_id, melds, config in riichi_prepare([r for _, r in made])]
        out[variant] = (mjscore.score, ours, "riichi", calc.estimate_hand_value, theirs)
        if variant == "mcr":
            out["mcr-gb"] = (mjscore.score, ours, "gb", gb_score(MahjongFanCalculator),
                             [((), gb_prepare(r)) for _, r in made])
    ours, theirs = realistic_riichi(n, "2026 in-process riichi, realistic")
    out["riichi-real"] = (mjscore.score, ours, "riichi", calc.estimate_hand_value, theirs)
    return out


def in_process(args) -> dict[str, float]:
    """The winning hands alone, in this process on both sides, on the same fresh hands, in CPU time: each row's
    median ratio (mjscore's hands per CPU-second over the yardstick's)."""
    print(f"in process, winning hands only: mjscore.score beside a yardstick on the same fresh hands "
          f"({args.hands} a round per row, each scored once by each side), chunks of {args.chunk} in turn, CPU time; "
          f"median of {args.rounds} rounds. Yardsticks: riichi = mahjong {RIICHI_VERSION} estimate_hand_value; "
          f"gb = PyMahjongGB {GB_VERSION} MahjongFanCalculator (C++). Rows: the bench's random deals of each variant; "
          f"mcr-gb: mcr's deals beside gb; riichi-real: realistic riichi hands (bench/riichi_hands.py: open hands, "
          f"kans, red fives, dora and ura, riichi, ippatsu, last tiles, honba, sticks)")
    rows = contests(args)
    for our_fn, ours, _, their_fn, theirs in rows.values():  # the warm-up hand of each side, untimed
        (a, k), (b, j) = ours[0], theirs[0]
        our_fn(*a, **k), their_fn(*b, **j)
    ratios: dict[str, list[float]] = {v: [] for v in rows}
    rates: dict[str, list[tuple[float, float]]] = {v: [] for v in rows}
    # the prepared hands of both sides live through the run: frozen, a garbage collection that either side's
    # chunk sets off does not walk them all (it fell on one side at random, a round's ratio off by 5 x)
    gc.collect()
    gc.freeze()
    clock = time.process_time
    for r in range(args.rounds):  # every row in each round: a busy spell of the machine hurts all alike
        for name, (our_fn, ours, _, their_fn, theirs) in rows.items():
            lo, hi = 1 + r * args.hands, 1 + (r + 1) * args.hands
            mine = other = 0.0
            for k, start in enumerate(range(lo, hi, args.chunk)):
                stop = min(start + args.chunk, hi)
                for side in ((0, 1) if k % 2 == 0 else (1, 0)):
                    t = clock()
                    if side == 0:
                        for a, kw in ours[start:stop]:
                            our_fn(*a, **kw)
                        mine += clock() - t
                    else:
                        for a, kw in theirs[start:stop]:
                            their_fn(*a, **kw)
                        other += clock() - t
            ratios[name].append(other / mine)
            rates[name].append((args.hands / mine, args.hands / other))
    print(f"{'row':<12} {'mjscore hands/s':>16} {'yardstick hands/s':>22} {'ratio':>8}   (each round's ratio)")
    for name, row in rows.items():
        ours_rate = statistics.median(a for a, _ in rates[name])
        theirs_rate = statistics.median(b for _, b in rates[name])
        each = " ".join(f"{x:.3f}" for x in ratios[name])
        print(f"{name:<12} {ours_rate:>16,.0f} {row[2]:>6} {theirs_rate:>15,.0f} "
              f"{statistics.median(ratios[name]):>7.3f}x   ({each})")
    return {name: statistics.median(x) for name, x in ratios.items()}


def run_batch(path: str, out: str, jobs: int = 1, tree: str | None = None) -> tuple[float, float]:
    """CPU seconds and peak RSS (MiB) of one `mjscore batch` run (its processes), start-up included; `tree`: a
    checkout of another commit, run in its place (PYTHONPATH)."""
    # a fresh parent per run, so that RUSAGE_CHILDREN is this run's alone
    parent = ("import resource, subprocess, sys; "
              "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
              "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
              "print(u.ru_utime + u.ru_stime, u.ru_maxrss, r.returncode); "
              "sys.stderr.write(r.stderr)")
    done = subprocess.run([sys.executable, "-c", parent] + mjscore_cmd()
                          + ["batch", path, "--format", "json", "-o", out, "--jobs", str(jobs)],
                          capture_output=True, text=True, env=tree_env(tree))
    seconds, rss_kib, code = done.stdout.split()
    if code not in ("0", "1"):  # 1: some deals not scored (counted below)
        sys.exit(f"batch failed ({code}): {done.stderr[-500:]}")
    return float(seconds), int(rss_kib) / 1024


def tree_env(tree: str | None) -> dict | None:
    """The environment that runs the checkout `tree` in place of the installed mjscore (None: this one)."""
    if tree is None:
        return None
    return {**os.environ, "PYTHONPATH": os.pathsep.join([tree, *filter(None, [os.environ.get("PYTHONPATH")])])}


def checkout(rev: str, tmp: str) -> str | None:
    """A temporary worktree of commit `rev` of the repository this bench lies in, its bytecode compiled (as pip
    would), or None outside a git checkout (an unpacked sdist): then nothing is timed beside it."""
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    where = os.path.join(tmp, f"tree-{rev.replace('/', '-').replace('^', '-parent')}")
    made = subprocess.run(["git", "-C", repo, "worktree", "add", "--detach", "-q", where, rev], capture_output=True,
                          text=True)
    if made.returncode != 0:
        print(f"(no checkout of {rev}: {made.stderr.strip().splitlines()[-1] if made.stderr.strip() else 'git'})")
        return None
    subprocess.run([sys.executable, "-m", "compileall", "-q", os.path.join(where, "mjscore")], check=True)
    return where


def drop_checkout(where: str | None) -> None:
    if where is not None:
        repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        subprocess.run(["git", "-C", repo, "worktree", "remove", "--force", where], capture_output=True)


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
    "mjscore/cli/batch.py": "write", "mjscore/cli/streams.py": "write", "mjscore/cli/outfile.py": "write",
    "json/encoder.py": "write",
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


def end_to_end(args, tmp: str) -> float | None:
    """`mjscore batch` of a fixed archive in one process: deals per CPU-second, and where the time goes; beside it,
    in turn, the same batch by the parent commit (--parent): the ratio of the two rates, or None without it."""
    variant = args.archive_variant
    path, out = os.path.join(tmp, f"archive-{variant}.jsonl"), os.path.join(tmp, "archive.json")
    write_deals(path, variant, args.deals, random.Random(f"2026 archive {variant}"), max_chows(variant))
    parent = checkout(args.parent, tmp) if args.parent else None
    print(f"end to end: `mjscore batch --format json` of a fixed archive of {args.deals:,} {variant} deals "
          f"(seed fixed, no deal repeated), one process, CPU time (start-up included), median of {args.repeat}"
          + (f"; beside it, in turn, the parent commit ({args.parent})" if parent else ""))
    runs, old = [], []
    for _ in range(args.repeat):
        runs.append(run_batch(path, out)[0])
        if parent:
            old.append(run_batch(path, os.path.join(tmp, "parent.json"), tree=parent)[0])
    drop_checkout(parent)
    with open(out) as f:
        summary = json.load(f)["summary"]
    cpu = statistics.median(runs)
    print(f"{args.deals / cpu:,.0f} deals per CPU-second ({summary['scored']:,} of {args.deals:,} deals scored; "
          f"runs {', '.join(f'{x:.1f}' for x in runs)} s; target >= 3,000)")
    ratio = None
    if parent:
        ratio = statistics.median(old) / cpu
        print(f"the parent commit: {args.deals / statistics.median(old):,.0f} deals per CPU-second (runs "
              f"{', '.join(f'{x:.1f}' for x in old)} s); this code's rate / the parent's: {ratio:.3f} x (target >= 1)")
    sampler = [sys.executable, "-c", SAMPLER, json.dumps(STAGE_FILES), json.dumps(STAGE_FUNCTIONS)]
    done = subprocess.run(sampler + ["batch", path, "--format", "json", "-o", out], capture_output=True, text=True)
    line = next((x for x in done.stderr.splitlines() if x.startswith("STAGES ")), None)
    if line is None:
        sys.exit(f"the sampled batch run failed: {done.stderr[-500:]}")
    counts = json.loads(line[len("STAGES "):])
    total = sum(counts.values())
    per_deal = cpu / args.deals * 1e6
    cells = [f"{s} {counts.get(s, 0) / total * per_deal:.0f}" for s in STAGES + ("other",)]
    print(f"us per deal by stage (of {per_deal:.0f}; sampled every ms of CPU, {total:,} samples): " + ", ".join(cells))
    return ratio


def timed(cmd: list[str], env: dict | None = None) -> float:
    """The CPU seconds (user and system) of one run of cmd: a shared machine's other work does not count."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def bytecode_kept() -> bool:
    """Whether mjscore's modules have their compiled bytecode at hand, as after `pip install .` (pip compiles
    it). Without it (an editable install under PYTHONDONTWRITEBYTECODE=1) every start compiles the sources,
    which measures the compiler, not mjscore: about 0.1 s more per run on this machine."""
    import importlib.util

    import mjscore

    source = mjscore.__file__
    cached = importlib.util.cache_from_source(source)
    return os.path.exists(cached) or not os.environ.get("PYTHONDONTWRITEBYTECODE")


def startup(args, tmp: str) -> float | None:
    """`mjscore score ... --format json` against `python -c "import click"`, and the code of --old-startup (a
    temporary worktree run with PYTHONPATH) against it too, the three in turn: the median of each one's ratios to
    click, in the pairs' order. Returns this code's ratio."""
    ours = mjscore_cmd() + ["score"] + HAND
    base = [sys.executable, "-c", "import click"]
    if not bytecode_kept():
        print("start-up: mjscore's bytecode is not cached and PYTHONDONTWRITEBYTECODE is set: each run would "
              "compile the sources; run `python -m compileall -q mjscore` (or install with pip) first")
        return None
    old = checkout(args.old_startup, tmp) if args.old_startup else None
    sides = [("this code", ours, None), ("click", base, None)]
    if old:
        sides.append((f"{args.old_startup}", ours, tree_env(old)))
    for _, cmd, env in sides:  # warm the table cache and the OS file cache
        timed(cmd, env)
    times: dict[str, list[float]] = {name: [] for name, _, _ in sides}
    for _ in range(args.runs):
        for name, cmd, env in sides:
            times[name].append(timed(cmd, env))
    drop_checkout(old)
    click = times["click"]
    ratio = statistics.median(a / b for a, b in zip(times["this code"], click))
    line = (f"start-up: `mjscore score ... --format json` median {statistics.median(times['this code']) * 1000:.1f} "
            f"ms, `python -c \"import click\"` median {statistics.median(click) * 1000:.1f} ms; ratio {ratio:.2f} x")
    if old:
        then = times[args.old_startup]
        line += (f"; the code of {args.old_startup} median {statistics.median(then) * 1000:.1f} ms, ratio "
                 f"{statistics.median(a / b for a, b in zip(then, click)):.2f} x")
    print(line + f" (medians of {args.runs} runs in turn, CPU time; target <= 1.2)")
    return ratio


def verdicts(inproc: dict[str, float], batch: float | None, start: float | None) -> None:
    """Each target of issue 40, met or not, from this run's figures."""
    rows = []
    if inproc:
        slowest = min(TARGETED, key=inproc.get)
        rows.append((f"the six classical and seed variants >= 1.0 x riichi (slowest: {slowest} "
                     f"{inproc[slowest]:.2f})", inproc[slowest] >= 1.0))
        rows.append((f"riichi >= 1.0 x the riichi library on realistic hands ({inproc['riichi-real']:.2f})",
                     inproc["riichi-real"] >= 1.0))
        rows.append((f"mcr >= 1/30 of PyMahjongGB (1/{1 / inproc['mcr-gb']:.0f})", inproc["mcr-gb"] >= 1 / 30))
    if batch is not None:
        rows.append((f"batch's deals per CPU-second >= the parent commit's ({batch:.3f} x)", batch >= 1.0))
    if start is not None:
        rows.append((f"start-up <= 1.2 x `import click` ({start:.2f})", start <= 1.2))
    for words, met in rows:
        print(f"target {'met    ' if met else 'NOT MET'}: {words}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="fresh winning hands per variant and round (in process)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of fresh hands (in process); the median is shown")
    ap.add_argument("--chunk", type=int, default=100, help="hands each side scores in turn (in process)")
    ap.add_argument("--deals", type=int, default=100_000, help="deals in the end-to-end archive")
    ap.add_argument("--archive-variant", default="basque", choices=VARIANTS,
                    help="the end-to-end archive's variant (basque: the slowest in process)")
    ap.add_argument("--repeat", type=int, default=3, help="end-to-end runs; the median is shown")
    ap.add_argument("--runs", type=int, default=40, help="start-up runs of each side")
    ap.add_argument("--old-startup", default="866fd82",
                    help="the commit whose start-up is timed beside this code's (empty: none; needs a git checkout)")
    ap.add_argument("--parent", default="HEAD^",
                    help="the commit whose batch is timed beside this code's (empty: none; needs a git checkout)")
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
    inproc, batch, start = {}, None, None
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "inprocess"):
            inproc = in_process(args)
        if args.only in (None, "batch"):
            batch = end_to_end(args, tmp)
        if args.only in (None, "startup"):
            start = startup(args, tmp)
        if args.memory and args.only in (None, "memory"):
            from archives import memory

            memory(args, tmp)
        if args.only == "scaling":
            from archives import scaling

            scaling(args, tmp)
    verdicts(inproc, batch, start)


if __name__ == "__main__":
    main()
