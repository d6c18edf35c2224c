"""A load test of the page's own saves against a real `mjscore serve` on loopback: 20 phones saving deals
at once, as the page does (read the game's version, save against it, on 409 read again and save again),
two of them into a game of 10,000 deals. No answer is a 5xx, and every deal acknowledged (201) is in
the games file afterwards, once; the save times are printed (python -m pytest -s shows them).
Bounded: 20 clients x SAVES saves, each request with a timeout, the server stopped at the end."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
import yaml

from helpers import EXAMPLES

pytest.importorskip("uvicorn", reason='the web extra is not installed: pip install "mjscore[web]"')

from mjscore.web.gamebook import Book  # noqa: E402
from mjscore.web.store import Store  # noqa: E402

SPANISH = yaml.safe_load((EXAMPLES / "game-spanish.yaml").read_text())
CLIENTS, SAVES, BIG = 20, 6, 10_000


def call(url: str, body=None, method: str = "GET") -> tuple[int, dict]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


def test_twenty_phones_saving_at_once_lose_nothing_and_never_get_a_500(tmp_path):
    path = tmp_path / "games.sqlite3"
    book = Book(Store(path))
    big = book.create("a long evening", "spanish", {}, SPANISH["players"])
    with sqlite3.connect(path) as db:
        db.executemany("INSERT INTO deals (game_id, data) VALUES (?, ?)",
                       [(big, json.dumps(SPANISH["deals"][i % 16])) for i in range(BIG)])
    book.view(big, limit=1)  # its entries scored once, as the server would on the first read
    small = [book.create(f"table {i}", "spanish", {}, SPANISH["players"]) for i in range(6)]
    games = [big, big] + [small[i % 6] for i in range(CLIENTS - 2)]

    proc = subprocess.Popen([sys.executable, "-m", "mjscore", "serve", "--db", str(path), "--port", "0"],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    try:
        line = ""
        deadline = time.monotonic() + 30
        while "serving on" not in line and time.monotonic() < deadline:
            line = proc.stderr.readline()
        url = re.search(r"(http://\S+?)/?\s", line).group(1)
        statuses: list[int] = []
        times: dict[str, list[float]] = {"long game": [], "short games": []}
        acknowledged: list[tuple[int, int, dict]] = []
        lock = threading.Lock()

        def phone(n: int) -> None:
            game = games[n]
            for k in range(SAVES):
                deal = SPANISH["deals"][(n + k) % 16]
                for _ in range(30):  # as the page: read the version, save against it, again on 409
                    status, sheet = call(f"{url}/api/games/{game}?limit=1")
                    with lock:
                        statuses.append(status)
                    t0 = time.monotonic()
                    status, body = call(f"{url}/api/games/{game}/deals?version={sheet['game']['version']}&limit=1",
                                        deal, "POST")
                    took = time.monotonic() - t0
                    with lock:
                        statuses.append(status)
                        if status == 201:
                            times["long game" if game == big else "short games"].append(took)
                            acknowledged.append((game, body["saved"], deal))
                    if status != 409:
                        break

        threads = [threading.Thread(target=phone, args=(n,)) for n in range(CLIENTS)]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        wall = time.monotonic() - started
    finally:
        proc.terminate()
        proc.wait(30)

    store = Store(path)
    kept = {game: {d["id"]: d["data"] for d in store.game(game)["deals"]} for game in {big, *small}}
    lost = [(g, deal_id) for g, deal_id, deal in acknowledged if kept[g].get(deal_id) != deal]
    all_times = sorted(times["long game"] + times["short games"])
    p95 = all_times[int(0.95 * (len(all_times) - 1))]
    print(f"\n{CLIENTS} phones x {SAVES} saves in {wall:.1f} s ({len(statuses)} requests): save median "
          f"{statistics.median(all_times) * 1000:.0f} ms, 95th percentile {p95 * 1000:.0f} ms; into the {BIG}-deal "
          f"game median {statistics.median(times['long game']) * 1000:.0f} ms; {statuses.count(409)} refused as "
          f"stale and saved again; {sum(s >= 500 for s in statuses)} answers 5xx; {len(acknowledged)} deals "
          f"acknowledged, {len(lost)} of them lost")
    assert all(s < 500 for s in statuses), sorted(set(statuses))
    assert set(statuses) <= {200, 201, 409}, sorted(set(statuses))
    assert len(acknowledged) == CLIENTS * SAVES  # every phone got each of its deals saved in the end
    assert not lost  # each acknowledged deal kept, as sent
    for game in {big, *small}:
        mine = [deal_id for g, deal_id, _ in acknowledged if g == game]
        assert len(kept[game]) == len(mine) + (BIG if game == big else 0)  # and nothing else
