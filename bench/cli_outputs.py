"""Every command in every format on the examples, run with two checkouts side by side: the cases whose standard
output, standard error or exit status differ, to show that a change to how outputs are drawn changed no byte
(issue 40: one renderer per format).

    git archive HEAD | tar -x -C /tmp/old          # the parent's tree, beside the worktree
    python bench/cli_outputs.py /tmp/old .          # prints each case that differs, then the count

Each case runs twice: with no terminal width, and with COLUMNS=60 (tables fitted to a narrow terminal).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import subprocess
import sys

EXAMPLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples")
FORMATS = ["table", "csv", "markdown", "html", "json"]
HAND = "[555p] 123m 789s SSS NN"


def cases() -> list[list[str]]:
    e = lambda name: os.path.join(EXAMPLES, name)  # noqa: E731
    games = [e(f) for f in sorted(os.listdir(EXAMPLES)) if f.startswith("game-")]
    season = [e(os.path.join("season", f)) for f in sorted(os.listdir(e("season")))]
    tenhou = e("tenhou/2020052700gm-00a9-0000-75a4695c.json")
    out = []
    for f in FORMATS:
        out += [["score", HAND, "--seat", "S", "--win", "7s", "--from", "wall", "--explain", "--format", f],
                ["score", "123m 456p 789s EEE NN", "--variant", "riichi", "--format", f],
                ["score", "123m 456p 789s EEE N", "--format", f],
                ["waits", "123m 456p 789s EEE N", "--variant", "spanish", "--format", f],
                ["compare", HAND, "--seat", "S", "--win", "7s", "--from", "wall", "--format", f],
                ["settle", e("deal-spanish.yaml"), "--format", f],
                ["settle", e("deal-spanish.yaml"), "--format", f, "--lang", "zh"],
                ["sheet", *games, "--format", f], ["sheet", e("game-riichi.yaml"), "--format", f, "--lang", "native"],
                ["sheet", *season, "--format", f, "--lang", "es"],
                ["batch", *games, "--format", f], ["batch", e("game-riichi.yaml"), "--format", f, "--lang", "native"],
                ["batch", tenhou, "--format", f], ["batch", tenhou, "--differences", "--format", f],
                ["standings", *season, "--format", f], ["standings", *games, "--format", f],
                ["standings", *season, "--format", f, "--lang", "native"],
                ["variants", "--format", f], ["variants", "--format", f, "--lang", "es"],
                ["variants", "spanish", "--format", f], ["variants", "riichi", "--format", f, "--lang", "native"],
                ["variants", "mcr", "--format", f], ["variants", "diff", "spanish", "basque", "--format", f],
                ["variants", "diff", "spanish", "spanish", "--format", f],
                ["sheet", e("nonexistent.yaml"), e("game-dmjl.yaml"), "--format", f],
                ["batch", e("nonexistent.yaml"), e("game-dmjl.yaml"), "--format", f],
                ["standings", "--alias", "X=Y", e("game-dmjl.yaml"), "--format", f]]
    out += [["variants", "--format", "yaml"], ["variants", "spanish", "--format", "yaml"],
            ["variants", "diff", "spanish", "basque", "--format", "yaml"], ["report", *season],
            ["sheet", "--format", "markdown", "-"]]
    return out


def run(tree: str, args: list[str], columns: str | None) -> tuple[int, bytes, bytes]:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree), PYTHONHASHSEED="0")
    env.pop("COLUMNS", None)
    if columns:
        env["COLUMNS"] = columns
    with open(os.path.join(EXAMPLES, "game-spanish.yaml"), "rb") as stdin:
        p = subprocess.run([sys.executable, "-m", "mjscore", *args], env=env, capture_output=True, cwd="/tmp",
                           stdin=stdin if "-" in args else subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--jobs", type=int, default=2)
    a = parser.parse_args()
    todo = [(args, columns) for args in cases() for columns in (None, "60")]

    def both(case):
        return case, run(a.old, *case), run(a.new, *case)

    differ = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        for (args, columns), old, new in pool.map(both, todo):
            if old != new:
                differ += 1
                print(f"differs (COLUMNS={columns}): mjscore {' '.join(args)}: exit {old[0]} -> {new[0]}")
    print(f"{len(todo)} cases, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
