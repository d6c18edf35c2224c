"""A draw that the table pays nothing for values every hand at 0, and shows what each hand was worth.

KDE Kajongg's played game records every hand of a draw at 0 (KDE Kajongg 22.12, player.py Player.handTotal:
"return 0 if not self.game.winner"), and dmjl's settlement says the same (`draw:` none by default). The value a
deal reports for a hand is what it was paid on; its own worth stays visible for a referee, as `worth` in JSON
and "0 (worth N, not paid: a draw)" in text. Where a table pays the differences on a draw (dmjl's option
draw=differences, Kajongg's manual scoring game), the hands are paid on and their values are their worth.
"""

from __future__ import annotations

import json

import yaml

from helpers import run

# round E, a draw. Worth, by dmjl's Meld Rules:
#   E [222m] 2 + 444p 4 + 777s 4 = 10 (5p single);
#   S SSS 8 + WWW 8 = 16, South is his own wind: 1 double, 32;
#   W NN 0 (neither her wind nor the round's), chows and singles 0;
#   N [RRR] 4, dragons 1 double: 8.
HANDS = {"E": "[222m] 444p 456s 777s 5p", "S": "SSS WWW 9m 8p 7p 1s", "W": "NN 3s 8s 9s 5m 6m 7m R G P",
         "N": "[RRR] 1p 9p 1s 9s 3m 5m 7m E S W"}
WORTH = {"E": 10, "S": 32, "W": 0, "N": 8}


def settle(tmp_path, *args, variant="dmjl"):
    path = tmp_path / "deal.yaml"
    path.write_text(yaml.safe_dump({"variant": variant, "hands": HANDS}))
    return run("settle", str(path), *args)


def test_settle_json_and_text(tmp_path):
    code, out, err = settle(tmp_path, "--format", "json")
    assert code == 0, err
    d = json.loads(out)
    assert {s: (h["value"], h["worth"]) for s, h in d["hands"].items()} == {s: (0, w) for s, w in WORTH.items()}
    assert d["payments"] == [] and d["net"] == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert d["notes"] == ["draw: no payments; every hand's value is 0 (what each was worth is shown, not paid)"]
    code, out, err = settle(tmp_path)
    assert "0 (worth 32, not paid: a draw)" in out and "0 (worth 10, not paid: a draw)" in out
    assert "(worth 0" not in out  # a hand worth nothing is just 0


def test_differences_are_paid_on_the_hands(tmp_path):
    # option draw=differences (Kajongg's manual scoring game settles a draw's differences, East x2):
    # E-S 22 x2: E pays S 44; E-W 10 x2: W pays E 20; E-N 2 x2: N pays E 4; S-W 32; S-N 24; N-W 8.
    code, out, err = settle(tmp_path, "--format", "json", "--option", "draw=differences")
    assert code == 0, err
    d = json.loads(out)
    assert {s: h["value"] for s, h in d["hands"].items()} == WORTH and not any("worth" in h for h in d["hands"].values())
    assert d["net"] == {"E": -44 + 20 + 4, "S": 44 + 32 + 24, "W": -20 - 32 - 8, "N": -4 - 24 + 8}
    draw, east = "DMJL and BMJA (Kajongg): payments, a draw's differences (manual scoring)", "DMJL and BMJA (Kajongg): payments, East x2"
    assert {(p["from"], p["to"]): p["cite"] for p in d["payments"]} == {
        ("E", "S"): f"{draw}; {east}", ("W", "E"): f"{draw}; {east}", ("N", "E"): f"{draw}; {east}",
        ("W", "S"): draw, ("N", "S"): draw, ("W", "N"): draw}


def test_batch_every_format(tmp_path):
    names = {"E": "Ana", "S": "Bo", "W": "Cy", "N": "Di"}
    game = {"variant": "dmjl", "players": list(names.values()),
            "deals": [{"hands": {names[s]: h for s, h in HANDS.items()}, "winner": None}]}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(game, sort_keys=False))
    code, out, err = run("batch", str(path), "--format", "json")
    deal = json.loads(out)["games"][0]["deals"][0]
    assert {n: (h["value"], h["worth"]) for n, h in deal["hands"].items()} == \
        {names[s]: (0, w) for s, w in WORTH.items()}
    code, out, err = run("batch", str(path))
    assert ("  hand values: Ana 0 (worth 10, not paid: a draw), Bo 0 (worth 32, not paid: a draw), Cy 0, "
            "Di 0 (worth 8, not paid: a draw)\n") in out
    code, out, err = run("batch", str(path), "--format", "csv")
    rows = [line.split(",") for line in out.splitlines()]
    head = rows[0]
    assert [(r[head.index("player")], r[head.index("hand_value")], r[head.index("worth")]) for r in rows[1:]] == \
        [("Ana", "0", "10"), ("Bo", "0", "32"), ("Cy", "0", "0"), ("Di", "0", "8")]
    # the sheet: a draw's row has no value (only a winning hand's is written), as before
    code, out, err = run("sheet", str(path), "--format", "json")
    assert json.loads(out)[0]["rows"][0]["value"] is None and json.loads(out)[0]["rows"][0]["result"] == "draw"
