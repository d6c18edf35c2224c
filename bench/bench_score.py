"""One-shot `mjscore score ... --format json` against `python -c "import click, yaml, tabulate"`.

Target (issue 2): the score command takes at most 0.8 x the import line, in the same venv.
Both are run alternately, many times; medians are compared, so a busy machine hurts both alike.

    python3 -m venv /tmp/vb && . /tmp/vb/bin/activate && pip install . && python bench/bench_score.py

Run it in a venv with a real (not editable) install, as a user has: pip compiles the
bytecode then, and the tables are inside the package.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

HAND = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall",
        "--format", "json"]


def timed(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=40)
    args = ap.parse_args()
    script = os.path.join(os.path.dirname(sys.executable), "mjscore")
    ours = [script, "score", *HAND] if os.path.exists(script) else [sys.executable, "-m", "mjscore", "score", *HAND]
    base = [sys.executable, "-c", "import click, yaml, tabulate"]
    timed(ours), timed(base)  # warm the table cache and the OS file cache
    a, b = [], []
    for _ in range(args.runs):
        a.append(timed(ours))
        b.append(timed(base))
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"mjscore score --format json : median {ma * 1000:.1f} ms (min {min(a) * 1000:.1f})")
    print(f"import click, yaml, tabulate: median {mb * 1000:.1f} ms (min {min(b) * 1000:.1f})")
    print(f"ratio {ma / mb:.2f} (target <= 0.80)")


if __name__ == "__main__":
    main()
