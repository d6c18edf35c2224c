"""mjscore's speed in every variant beside its yardsticks, in one run.

1. Throughput: `mjscore batch` (one process, parsing and settlement included) on random deals
   legal in each variant, against the riichi `mahjong` library's `estimate_hand_value`
   (PyPI `mahjong==2.1.0`, pinned in bench/requirements.txt, a benchmark-only dependency) on the
   same winning hands, in-process. A deal is four hands (the winner's and three others'); riichi's
   count is its winning hands. The ratio is mjscore's hands per second over riichi's. Target:
   >= 3 x in every variant (issue 16).
2. Start-up: `mjscore score ... --format json` against `python -c "import click"` (click is the
   floor of any click CLI), run in turn, the median of the pairs' ratios. Target: <= 1.2 x.
3. In-process, winning hands only (informative): `mjscore.score` on each deal's winning hand
   beside riichi on the same hand, both in this process, no start-up, no other hands, no output.
4. The floor under the target: what 3 x riichi leaves for scoring once the parts no scorer can skip
   are paid (the start-up of a click CLI, reading the deals and writing batch's JSON output, both
   measured in this run on this variant's own files), per hand.
5. With --memory: the peak memory of batch, sheet, standings and report on YAML and JSON Lines
   archives of several sizes (every command reads its games deal by deal, so it stays flat), as a table.
6. With --only scaling: batch on one archive with --jobs 1, --jobs 2 and --dask local (a Dask cluster
   of this machine's cores): deals per second of the clock, CPU seconds.

    python3 -m venv /tmp/vb && . /tmp/vb/bin/activate && pip install . -r bench/requirements.txt
    python bench/bench.py [--deals 1500] [--repeat 3] [--jobs 1] [--memory 10000,100000,1000000]
    python bench/bench.py --only startup     # one part alone: throughput, startup or memory
    python bench/bench.py --only scaling --scaling 20000   # batch with --jobs 1, --jobs 2, --dask local
                                                           # (pip install ".[dask]")

Run it in a venv with a real (not editable) install, as a user has: pip compiles the bytecode
then, and the tables are inside the package. Each variant's pair (batch, then riichi) runs side
by side and the median of --repeat pairs' ratios is reported, so a busy machine hurts both alike.
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

VARIANTS = ("spanish", "basque", "hungarian", "danish", "dmjl", "bmja")
RIICHI_VERSION = "2.1.0"
SUITS = "mps"
HONOURS = "ESWNRGP"
RIICHI_HONOUR = {"E": 1, "S": 2, "W": 3, "N": 4, "P": 5, "G": 6, "R": 7}  # P = white (haku)
KINDS = [f"{n}{s}" for s in SUITS for n in range(1, 10)] + list(HONOURS)
HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall",
        "--format", "json"]


def mjscore_cmd() -> list[str]:
    script = os.path.join(os.path.dirname(sys.executable), "mjscore")
    return [script] if os.path.exists(script) else [sys.executable, "-m", "mjscore"]


def max_chows(variant: str) -> int:
    """The variant's most chows in a winning hand (its `max_chows` option; 4 when it has none)."""
    out = subprocess.run(mjscore_cmd() + ["variants", variant, "--format", "json"], capture_output=True,
                         text=True, check=True).stdout
    return json.loads(out)["options"].get("max_chows", {}).get("default", 4)


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


def riichi_rate(prepared: list[tuple]) -> float:
    """Winning hands per second of estimate_hand_value, in this process."""
    from mahjong.hand_calculating.hand import HandCalculator

    calc = HandCalculator()
    t = time.perf_counter()
    for ids, win_id, melds, config in prepared:
        calc.estimate_hand_value(ids, win_id, melds=melds or None, config=config)
    return len(prepared) / (time.perf_counter() - t)


def run_batch(path: str, out: str, jobs: int) -> tuple[float, float]:
    """Seconds and peak RSS (MiB) of one `mjscore batch` run, start-up included."""
    seconds, rss, _ = run_mjscore(["batch", path, "--format", "json", "-o", out, "--jobs", str(jobs)])
    return seconds, rss


def run_mjscore(args: list[str]) -> tuple[float, float, float]:
    """Seconds, peak RSS (MiB) and CPU seconds (user + system, its worker processes included) of one
    mjscore run, start-up included."""
    # a fresh parent per run, so that RUSAGE_CHILDREN's peak is this run's alone
    probe = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
             "r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
             "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
             "print(time.perf_counter() - t, u.ru_maxrss, u.ru_utime + u.ru_stime, r.returncode); "
             "sys.stderr.write(r.stderr[:500])")
    done = subprocess.run([sys.executable, "-c", probe] + mjscore_cmd() + args, capture_output=True, text=True)
    seconds, rss_kib, cpu, code = done.stdout.split()
    if code not in ("0", "1"):  # 1: some deals not scored (counted below)
        sys.exit(f"mjscore {args[0]} failed ({code}): {done.stderr}")
    return float(seconds), int(rss_kib) / 1024, float(cpu)


def write_deals(path: str, variant: str, n: int, rng: random.Random, chows: int) -> list[dict]:
    riichi = []
    with open(path, "w") as f:
        f.write(json.dumps({"variant": variant, "players": ["Ann", "Bo", "Cy", "Di"]}) + "\n")
        for _ in range(n):
            deal, r = random_deal(rng, chows)
            f.write(json.dumps(deal) + "\n")
            riichi.append(r)
    return riichi


def throughput(args, tmp: str) -> dict:
    print(f"throughput: {args.deals} random legal deals per variant, jobs {args.jobs}; each of {args.repeat} pairs "
          f"runs `mjscore batch` end to end (one process), then riichi mahjong {RIICHI_VERSION} "
          f"estimate_hand_value in-process on the same winning hands")
    print(f"{'variant':<10} {'deals scored':>13} {'mjscore hands/s':>16} {'riichi hands/s':>15} {'ratio':>7}")
    results, budgets = {}, {}
    for variant in VARIANTS:
        rng = random.Random(f"2026 {variant}")
        path, out = os.path.join(tmp, f"{variant}.jsonl"), os.path.join(tmp, f"{variant}.json")
        prepared = riichi_prepare(write_deals(path, variant, args.deals, rng, max_chows(variant)))
        ratios, ours_all, theirs_all = [], [], []
        for _ in range(args.repeat):
            seconds, _ = run_batch(path, out, args.jobs)
            with open(out) as f:
                summary = json.load(f)["summary"]
            ours = 4 * summary["scored"] / seconds
            theirs = riichi_rate(prepared)
            ratios.append(ours / theirs)
            ours_all.append(ours)
            theirs_all.append(theirs)
        results[variant] = statistics.median(ratios)
        budgets[variant] = (path, out, statistics.median(ours_all), statistics.median(theirs_all))
        print(f"{variant:<10} {summary['scored']:>6} of {args.deals:<5} {statistics.median(ours_all):>16,.0f} "
              f"{statistics.median(theirs_all):>15,.0f} {results[variant]:>6.2f}x")
    slowest = min(results, key=results.get)
    print(f"slowest: {slowest} {results[slowest]:.2f} x riichi (median of {args.repeat} pairs; target >= 3 in "
          f"every variant)")
    return budgets


def winners_rate(path: str, variant: str) -> float:
    """Winning hands per second of `mjscore.score` in this process: each deal's winner's hand, its last
    tile and how it came (East's seat, round East), as the API is called by a program."""
    import mjscore

    hands = []
    with open(path) as f:
        next(f)
        for line in f:
            deal = json.loads(line)
            hands.append((deal["hands"][deal["winner"]], deal["win"]["tile"], deal["win"]["from"]))
    mjscore.score(*hands[0][:1], variant, win=hands[0][1], source=hands[0][2])  # the table loaded, untimed
    t = time.perf_counter()
    for hand, tile, source in hands:
        mjscore.score(hand, variant, win=tile, source=source)
    return len(hands) / (time.perf_counter() - t)


def in_process(budgets: dict) -> None:
    """The winning hands alone, in-process on both sides: what a per-hand comparison shows."""
    print("in-process, winning hands only: mjscore.score on each deal's winner beside riichi's estimate_hand_value "
          "(no start-up, no other hands, no settlement, no output)")
    print(f"{'variant':<10} {'mjscore hands/s':>16} {'riichi hands/s':>15} {'ratio':>7}")
    for variant, (path, _, _, theirs) in budgets.items():
        ours = statistics.median(winners_rate(path, variant) for _ in range(3))
        print(f"{variant:<10} {ours:>16,.0f} {theirs:>15,.0f} {ours / theirs:>6.2f}x")


def io_seconds(path: str, out: str) -> float:
    """Reading and decoding the deals, encoding and writing batch's JSON output: the least any batch
    that prints this output does (median of 5; the output is decoded beforehand, untimed)."""
    with open(out) as f:
        result = json.load(f)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        with open(path) as f:
            for line in f:
                json.loads(line)
        with open(out + ".floor", "w") as f:
            f.write(json.dumps(result))
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def floor(args, budgets: dict) -> None:
    """What a 3 x riichi run may spend in all, what no scorer can skip, and what that leaves per hand."""
    base = [sys.executable, "-c", "import click"]
    timed(base)
    click_s = statistics.median(timed(base) for _ in range(10))
    print(f"floor: 3 x riichi allows the whole run (start-up included) 4 x deals / (3 x riichi's hands/s); "
          f"`python -c \"import click\"` takes {click_s * 1000:.0f} ms")
    print(f"{'variant':<10} {'allowed ms':>10} {'I/O ms':>7} {'left ms':>8} {'left us/hand':>13} {'now us/hand':>12}")
    for variant, (path, out, ours, theirs) in budgets.items():
        hands = 4 * args.deals
        allowed = hands / (3 * theirs)
        left = allowed - click_s - io_seconds(path, out)
        print(f"{variant:<10} {allowed * 1000:>10.0f} {(allowed - click_s - left) * 1000:>7.0f} {left * 1000:>8.0f} "
              f"{left / hands * 1e6:>13.1f} {1e6 / ours:>12.1f}")


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def startup(args) -> None:
    ours = mjscore_cmd() + ["score"] + HAND
    base = [sys.executable, "-c", "import click"]
    timed(ours), timed(base)  # warm the table cache and the OS file cache
    a, b, ratios = [], [], []
    for _ in range(args.runs):
        a.append(timed(ours))
        b.append(timed(base))
        ratios.append(a[-1] / b[-1])
    print(f"start-up: `mjscore score ... --format json` median {statistics.median(a) * 1000:.1f} ms, "
          f"`python -c \"import click\"` median {statistics.median(b) * 1000:.1f} ms; "
          f"ratio {statistics.median(ratios):.2f} x (median of {args.runs} pairs; target <= 1.2)")


def write_archive(path: str, n: int, rng: random.Random, fmt: str) -> None:
    """A spanish game of n random legal deals: JSON Lines, or YAML in block style (as an editor or `serve`'s
    export writes a game: each deal over several lines)."""
    players = ["Ann", "Bo", "Cy", "Di"]
    with open(path, "w") as f:
        if fmt == "jsonl":
            f.write(json.dumps({"variant": "spanish", "players": players}) + "\n")
        else:
            f.write(f"variant: spanish\nplayers: [{', '.join(players)}]\ndeals:\n")
        for _ in range(n):
            deal = random_deal(rng, 4)[0]
            if fmt == "jsonl":
                f.write(json.dumps(deal) + "\n")
                continue
            f.write("  - hands:\n" + "".join(f"      {p}: {json.dumps(h)}\n" for p, h in deal["hands"].items())
                    + f"    winner: {deal['winner']}\n    win: {{tile: {deal['win']['tile']}, "
                      f"from: {deal['win']['from']}}}\n")


MEMORY_COMMANDS = {"batch": ["batch", "--format", "json"], "sheet": ["sheet"], "standings": ["standings"],
                   "report": ["report"]}


def memory(args, tmp: str) -> None:
    """Peak RSS of every command on both kinds of game file, at each size: flat when the largest archive's
    peak is at most 1.2 x the smallest's (issue 27). Sizes above --memory-all run `batch` alone."""
    sizes = [int(x) for x in args.memory.split(",")]
    rows: dict[tuple[str, str], dict[int, tuple[float, float]]] = {}
    for n in sizes:
        for fmt in ("yaml", "jsonl"):
            path = os.path.join(tmp, f"memory.{fmt}")
            write_archive(path, n, random.Random(2026), fmt)
            for name, cmd in MEMORY_COMMANDS.items():
                if name != "batch" and n > args.memory_all:
                    continue
                seconds, rss, cpu = run_mjscore(cmd + [path, "-o", os.path.join(tmp, "memory.out")])
                rows.setdefault((name, fmt), {})[n] = (rss, cpu)
                print(f"memory: {name} {fmt} {n:,} deals: peak RSS {rss:.0f} MiB, {cpu:.0f} CPU s, "
                      f"{n / cpu:,.0f} deals per CPU second", flush=True)
            os.remove(path)
    print("\npeak RSS (MiB), one process, spanish; flat: the largest archive's peak / the smallest's <= 1.2")
    print(f"| command | file | {' | '.join(f'{n:,} deals' for n in sizes)} | largest / smallest |")
    print(f"|---|---|{'---|' * len(sizes)}---|")
    for (name, fmt), by_size in rows.items():
        cells = [f"{by_size[n][0]:.0f}" if n in by_size else "" for n in sizes]
        done = [by_size[n][0] for n in sizes if n in by_size]
        print(f"| `{name}` | {'YAML' if fmt == 'yaml' else 'JSON Lines'} | {' | '.join(cells)} | "
              f"{done[-1] / done[0]:.2f} |")


def scaling(args, tmp: str) -> None:
    """`batch` on one archive in one process, on --jobs 2, on --dask local (a cluster started for the run)
    and on --dask ADDRESS (a cluster of this machine's cores already running, started here): deals per
    second of the clock (what a user waits) and CPU seconds (what it costs), the median of --repeat runs.
    With a cluster already running, mjscore's own process does the reading, seating and writing alone: its
    CPU seconds per deal bound what any number of workers can give (the last line)."""
    import logging

    from distributed import LocalCluster

    path = os.path.join(tmp, "scaling.jsonl")
    write_archive(path, args.scaling, random.Random(2026), "jsonl")
    out = os.path.join(tmp, "scaling.json")
    cores = os.cpu_count()
    print(f"scaling: batch of {args.scaling:,} spanish deals (JSON Lines, --format json -o FILE) on this machine's "
          f"{cores} cores, median of {args.repeat} runs; start-up included")
    print("| how | deals/s (clock) | CPU s (mjscore and its workers) |\n|---|---|---|")
    cluster = LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=":0",
                           silence_logs=logging.ERROR)
    try:
        hows = (("--jobs 1", ["--jobs", "1"]), ("--jobs 2", ["--jobs", "2"]), ("--dask local", ["--dask", "local"]),
                ("--dask ADDRESS", ["--dask", cluster.scheduler_address]))
        main_cpu = 0.0
        for how, extra in hows:
            runs = [run_mjscore(["batch", path, "--format", "json", "-o", out] + extra) for _ in range(args.repeat)]
            seconds, cpu = statistics.median(r[0] for r in runs), statistics.median(r[2] for r in runs)
            if how == "--dask ADDRESS":  # the cluster is this process's: the CPU counted is mjscore's own
                main_cpu = cpu
                print(f"| `{how}` (a running cluster of {cores} workers) | {args.scaling / seconds:,.0f} | "
                      f"{cpu:.1f} in mjscore's own process; the workers' not counted |", flush=True)
            else:
                print(f"| `{how}` | {args.scaling / seconds:,.0f} | {cpu:.1f} |", flush=True)
    finally:
        cluster.close(timeout=30)
    print(f"mjscore's own process with a cluster: {main_cpu / args.scaling * 1e6:.0f} CPU microseconds a deal "
          f"(reading, seating, sending, writing): at most {args.scaling / main_cpu:,.0f} deals/s however many "
          "workers")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1500, help="deals per variant")
    ap.add_argument("--repeat", type=int, default=3, help="pairs of runs per variant (batch, then riichi)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--runs", type=int, default=40, help="pairs of start-up runs")
    ap.add_argument("--memory", default="", help="archive sizes for peak memory, e.g. 10000,100000,1000000")
    ap.add_argument("--memory-all", type=int, default=100_000,
                    help="the largest size at which every command is measured (above it, batch alone)")
    ap.add_argument("--scaling", type=int, default=20_000, help="deals for --only scaling")
    ap.add_argument("--only", choices=("throughput", "startup", "memory", "scaling"), default=None,
                    help="run this part alone (memory needs --memory; scaling: --jobs 1, --jobs 2, --dask local)")
    args = ap.parse_args()
    from importlib.metadata import version

    if args.only in (None, "throughput") and version("mahjong") != RIICHI_VERSION:
        sys.exit(f"the yardstick is mahjong=={RIICHI_VERSION}: pip install -r bench/requirements.txt")
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "throughput"):
            budgets = throughput(args, tmp)
            in_process(budgets)
            floor(args, budgets)
        if args.only in (None, "startup"):
            startup(args)
        if args.memory and args.only in (None, "memory"):
            memory(args, tmp)
        if args.only == "scaling":
            scaling(args, tmp)


if __name__ == "__main__":
    main()
