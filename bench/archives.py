"""Archives beside mjscore's speed (bench.py's --memory and --only scaling): the peak memory of every
command that reads a game, on JSON Lines and YAML archives of several sizes, and batch on more cores
(--jobs) and on a Dask cluster (--dask). Separate from bench.py, which compares with riichi."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys

from deals import mjscore_cmd, random_deal


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
