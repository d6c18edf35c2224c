"""Every variant's outputs on random hands, as JSON Lines: run it on two versions and diff, to show that a
change meant to make scoring faster changed no output (issue 26).

    PYTHONPATH=<old checkout> python bench/same_outputs.py --hands 3000 > old.jsonl
    PYTHONPATH=<new checkout> python bench/same_outputs.py --hands 3000 > new.jsonl
    cmp old.jsonl new.jsonl

For each variant (mcr and riichi too), the bench's random deals (bench.py: a fixed seed): the winner's hand
scored with every arrangement (`arrangements`), with the winning tile given and without it, and with flowers
and seasons; the hand one tile short, its waits with their values; one loser's hand of 13 tiles, scored as a
non-winner (with flowers and seasons too); a part of it (a partial hand). An error is written as its message, as the CLI would print it.
`--realistic N` adds N realistic riichi hands (riichi_hands.py, a fixed seed: indicators, kans, red fives, riichi,
honba and sticks; it imports the riichi library), each with every arrangement and its cost.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from deals import VARIANTS, random_deal


def _out(f, *args, **kwargs):
    try:
        got = f(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 (an MjscoreError's message is output too)
        return {"error": f"{type(e).__name__}: {e}"}
    if isinstance(got, list):
        return [x.to_dict() if hasattr(x, "to_dict") else repr(x) for x in got]
    return got.to_dict() if hasattr(got, "to_dict") else repr(got)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=3000, help="deals per variant")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--realistic", type=int, default=0, help="realistic riichi hands (riichi_hands.py) besides")
    args = ap.parse_args()
    import mjscore.api as api

    if args.realistic:
        _realistic(api, args.realistic)

    for variant in args.variants.split(","):
        v = api.load_variant(variant)
        chows = v.options.get("max_chows").default if "max_chows" in v.options else 4
        rng = random.Random(f"same outputs {variant}")
        for n in range(args.hands):
            deal, _ = random_deal(rng, chows)
            hand, win, source = deal["hands"]["Ann"], deal["win"]["tile"], deal["win"]["from"]
            seat, rnd = rng.choice("ESWN"), rng.choice("ESWN")
            row = {"variant": variant, "n": n, "hand": hand,
                   "all": _out(api.arrangements, hand, variant, seat=seat, round=rnd, win=win, source=source)}
            if n % 5 == 0:
                row["nowin"] = _out(api.score, hand, variant, seat=seat, round=rnd)
            if n % 3 == 0:  # the hand one tile short: drop the winning tile from its concealed part
                short = _drop(hand, win)
                row["waits"] = _out(api.waits, short, variant, seat=seat, round=rnd)
            if n % 4 == 1:  # flowers and seasons too (a variant played without them says so)
                bonus = " ".join(rng.sample(["1f", "2f", "3f", "4f", "1y", "2y", "3y", "4y"], rng.randint(1, 4)))
                row["bonus"] = _out(api.arrangements, f"{hand} {bonus}", variant, seat=seat, round=rnd, win=win,
                                    source=source)
                row["loser_bonus"] = _out(api.score, f"{deal['hands']['Bo']} {bonus}", variant, seat=seat)
            row["loser"] = _out(api.score, deal["hands"]["Bo"], variant, seat=seat, round=rnd)
            if n % 7 == 0:
                row["partial"] = _out(api.score, deal["hands"]["Cy"].split(" ")[0], variant, seat=seat)
            sys.stdout.write(json.dumps(row, sort_keys=True, default=repr) + "\n")


def _realistic(api, n: int) -> None:
    from riichi_hands import generate  # (imports the riichi library)

    rng, done = random.Random("same outputs, realistic riichi"), 0
    while done < n:
        rec = generate(rng)
        if rec is None:
            continue
        row = {"variant": "riichi-real", "n": done, "hand": rec["hand"], "kw": rec["mj_kw"],
               "all": _out(api.arrangements, rec["hand"], "riichi", **rec["mj_kw"])}
        sys.stdout.write(json.dumps(row, sort_keys=True, default=repr) + "\n")
        done += 1


def _drop(hand: str, win: str) -> str:
    """The hand without one concealed copy of `win` (compact notation: the last part holding its suit)."""
    num, suit = (win[0], win[1]) if len(win) == 2 else (None, None)
    parts = hand.split(" ")
    for i in range(len(parts) - 1, -1, -1):
        p = parts[i]
        if p.startswith("["):
            break
        if suit is None and win in p:
            parts[i] = p.replace(win, "", 1)
            break
        if suit is not None and p.endswith(suit) and num in p[:-1]:
            parts[i] = p[:-1].replace(num, "", 1) + suit
            break
    return " ".join(x for x in parts if x and x not in "mps")


if __name__ == "__main__":
    main()
