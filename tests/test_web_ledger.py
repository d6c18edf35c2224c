"""The page's stored games scored deal by deal (mjscore.play.ledger, mjscore.web.gamebook): whatever the
changes (deals added, corrected, deleted, undone, in any order), the game read back is exactly what
`batch` makes of its export; adding a deal scores that deal alone, a correction only the deals whose seats
it moves; nothing is scored while the write lock is held."""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
import threading
import time

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers import EXAMPLES

from mjscore import api
from mjscore.play import ledger
from mjscore.play.game import RawDeal, Table, move_on, seat_next
from mjscore.web.gamebook import Book
from mjscore.web.store import Store

GAMES = {name: yaml.safe_load((EXAMPLES / f"game-{name}.yaml").read_text())
         for name in ("spanish", "basque", "dmjl", "riichi")}
# riichi's deal keys that move the deal on (rules/families.py SEATING_KEYS), for the changes below to move about:
# a double ron whose second winner is the dealer at the game's start (Ann), an abortive draw with sticks put down,
# a draw with the first dealer waiting (tests/test_web_seating_keys.py works each through by hand)
GAMES["riichi"]["deals"] += [
    {"hands": {"Ann": "345m 456p 345s 55s 678s", "Bo": "", "Cy": "", "Di": "123m 789p 234s 567s 88s"},
     "winner": "Di", "win": {"tile": "8s", "from": "discard", "discarder": "Cy"}, "riichi": ["Di"],
     "double_ron": {"winner": "Ann"}},
    {"hands": {"Ann": "", "Bo": "", "Cy": "", "Di": ""}, "abort": "four-riichi", "riichi": ["Ann", "Bo", "Cy", "Di"]},
    {"hands": {"Ann": "", "Bo": "", "Cy": "", "Di": ""}, "tenpai": ["Ann", "Cy"]},
]


def batch_of(store: Store, game_id: int) -> api.GameResult:
    """What `mjscore batch` makes of the game's export (the game file kept)."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "game.jsonl")
        data = store.game_file(game_id)
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps({k: data[k] for k in ("variant", "options", "players")}) + "\n")
            for deal in data["deals"]:
                f.write(json.dumps(deal) + "\n")
        return api.score_game(path)


def moves_of(data: dict) -> list[str]:
    """Why the deal passed or stayed after each deal of a game file, the file read from its first deal."""
    header = api.open_game(data).header
    table, out = Table(header), []
    for deal in data["deals"]:
        _, winner = seat_next(table, RawDeal(0, "", deal))
        move_on(table, winner, deal)  # (the deal's own keys too: a draw East waited at, a double ron ...)
        out.append(table.moved_on)
    return out


def same_as_batch(book: Book, game_id: int) -> None:
    view = book.view(game_id, limit=1000)
    batch = batch_of(book.store, game_id)
    page_own = ("id", "data", "place", "moved_on", "counters", "counted")  # (counters: riichi's honba and sticks)
    shown = [{k: v for k, v in d.items() if k not in page_own} for d in view["deals"]]
    expected = [{k: v for k, v in d.items() if k != "place"} for d in batch.deals[-1000:]]  # the page: the last
    assert shown == expected
    # the page's own addition, why the deal passed or stayed after each deal: as the seating read from the
    # game file's first deal on says it (batch's reading), not from the stored entries
    assert [d["moved_on"] for d in view["deals"]] == moves_of(book.store.game_file(game_id))[-1000:]
    paper = api.score_sheet(batch).to_dict()
    paper["rows"] = paper["rows"][-1000:]
    left = sum(d.get("pot", 0) for d in batch.deals)  # riichi sticks still on the table after the last deal
    if left:  # batch reads the file as a whole game and gives them to the first place (Tenhou's rules: its
        # standings' `sticks`); the page's game goes on: its totals are the running ones, the sticks on the table
        first = batch.standings[0]
        assert first["sticks"] == left and view["totals"] == batch.deals[-1]["totals"]
        assert view["totals"] == {**batch.totals, first["player"]: first["total"] - left}
        assert {s["player"]: s["total"] for s in view["standings"]} == view["totals"]
        paper["totals"] = {**paper["totals"], first["player"]: first["total"] - left}
    else:
        assert view["totals"] == batch.totals and view["standings"] == batch.standings
    assert view["summary"] == batch.summary
    assert {**view["sheet"], "file": None} == {**paper, "file": None}


def new_book(tmp_path, name: str) -> tuple[Book, int]:
    book = Book(Store(tmp_path / "games.sqlite3"))
    g = GAMES[name]
    return book, book.create("t", g["variant"], g.get("options") or {}, g["players"])


OPS = st.lists(st.tuples(st.sampled_from(["add", "add", "edit", "delete", "undo", "unscored", "redo", "merge"]),
                         st.integers(0, 40),
                         st.integers(0, 40)), min_size=1, max_size=14)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.sampled_from(sorted(GAMES)), ops=OPS)
def test_any_changes_read_back_as_the_batch_of_the_export(tmp_path_factory, name, ops):
    book, game = new_book(tmp_path_factory.mktemp("ledger"), name)
    deals = GAMES[name]["deals"]
    for op, a, b in ops:
        live = [d["id"] for d in book.store.game(game)["deals"]]
        try:
            if op == "add":
                book.add(game, deals[a % len(deals)])
            elif op == "edit" and live:
                book.correct(game, live[a % len(live)], deals[b % len(deals)])
            elif op == "delete" and live:
                book.delete(game, live[a % len(live)])
            elif op == "undo":
                book.undo(game)
            elif op == "redo":  # issue 44: what an undo took back, made again
                book.undo(game, redo=True)
            elif op == "merge" and live:  # issue 44: a correction made on an older version, merged with the stored
                deal_id = live[a % len(live)]
                stored = next(d["data"] for d in book.store.game(game)["deals"] if d["id"] == deal_id)
                book.correct(game, deal_id, deals[b % len(deals)], expected=0, base=stored)
            elif op == "unscored":  # a deal as a file of an earlier mjscore holds it: no entry, scored on reading
                with sqlite3.connect(book.store.path) as db:
                    db.execute("INSERT INTO deals (game_id, data) VALUES (?, ?)", (game, json.dumps(deals[a % len(deals)])))
        except api.MjscoreError:
            pass  # a deal that cannot be scored at these seats is refused: nothing written
        except LookupError:
            pass  # nothing to undo or to redo
        same_as_batch(book, game)


def test_a_refused_deal_writes_nothing_and_a_correction_that_moves_seats_rescores_what_follows(tmp_path):
    book, game = new_book(tmp_path, "spanish")
    deals = GAMES["spanish"]["deals"]
    for d in deals[:6]:
        book.add(game, d)
    ids = [d["id"] for d in book.store.game(game)["deals"]]
    with pytest.raises(api.MjscoreError, match="hands: no hand for"):
        book.add(game, {"hands": {}, "winner": None})
    assert len(book.store.game(game)["deals"]) == 6
    # deal 1 corrected to Bruno's win (the example's deal 2): East passes after it, every later seat moves
    book.correct(game, ids[0], deals[1])
    same_as_batch(book, game)
    book.undo(game)
    same_as_batch(book, game)


class Counting:
    """Counts the deals scored (mjscore.play.ledger.score_deal) while it is installed."""

    def __init__(self, monkeypatch):
        self.n = 0
        real = ledger.score_deal

        def counted(*args, **kwargs):
            self.n += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(ledger, "score_deal", counted)


def long_game(tmp_path, deals: int) -> tuple[Book, int]:
    """A spanish game of `deals` deals (the example's 16 over and over), written straight into the file."""
    book, game = new_book(tmp_path, "spanish")
    example = GAMES["spanish"]["deals"]
    with sqlite3.connect(book.store.path) as db:
        db.executemany("INSERT INTO deals (game_id, data) VALUES (?, ?)",
                       [(game, json.dumps(example[i % len(example)])) for i in range(deals)])
    book.view(game, limit=1)  # the entries scored once, as for a file of an earlier mjscore
    return book, game


def test_adding_a_deal_scores_it_alone_and_a_correction_only_the_deals_it_moves(tmp_path, monkeypatch):
    book, game = long_game(tmp_path, 900)
    count = Counting(monkeypatch)
    example = GAMES["spanish"]["deals"]
    book.add(game, example[0])
    assert count.n == 1  # deal 901, from the entry of deal 900 alone
    view = book.view(game)
    assert count.n == 1 and view["page"] == {"first": 802, "shown": 100, "deals": 901}
    ids = [d["id"] for d in book.store.game(game)["deals"]]
    # deal 1: the same winner, another winning tile of the same hand (the value changes, the seats do not):
    # only deal 1 is scored again; the running totals of the 900 after it move by the difference
    before = book.view(game, limit=1000)["totals"]
    count.n = 0
    changed = {**example[0], "win": {**example[0]["win"], "from": "discard", "discarder": "Bruno"}}
    book.correct(game, ids[0], changed)
    assert count.n == 1
    after = book.view(game, limit=1000)
    assert after["totals"] != before
    same_as_batch(book, game)
    # deal 1 won by Bruno (South) instead (the example's deal 2): Ana passes the deal after it, so the seats of
    # the next deals move (until the winners named bring the deal back where it was): those deals, and only
    # those, are scored again (at most one more, where only East's count of wins in a row still differed)
    seats_before = [(d["seats"], d["round"]) for d in book.view(game, limit=1000)["deals"]]
    count.n = 0
    book.correct(game, ids[0], example[1])
    seats_after = [(d["seats"], d["round"]) for d in book.view(game, limit=1000)["deals"]]
    moved = sum(a != b for a, b in zip(seats_before, seats_after))
    assert moved >= 1 and 1 + moved <= count.n <= 2 + moved and count.n < 100
    same_as_batch(book, game)


def test_no_save_holds_the_write_lock_while_it_scores(tmp_path, monkeypatch):
    """While one save is scoring (slowed down here), a save to another game is written at once."""
    book, slow_game = new_book(tmp_path, "spanish")
    other = book.create("other", "spanish", {}, GAMES["spanish"]["players"])
    example = GAMES["spanish"]["deals"]
    real, scoring = ledger.score_deal, threading.Event()

    def slow(header, seating, totals, data):
        if data is example[1]:
            scoring.set()
            time.sleep(1.5)
        return real(header, seating, totals, data)

    monkeypatch.setattr(ledger, "score_deal", slow)
    thread = threading.Thread(target=book.add, args=(slow_game, example[1]))
    thread.start()
    assert scoring.wait(5)
    t0 = time.monotonic()
    book.add(other, example[0])  # would wait for the slow one if it held the lock while scoring
    took = time.monotonic() - t0
    thread.join()
    assert took < 1.0, took
    assert [len(book.store.game(g)["deals"]) for g in (slow_game, other)] == [1, 1]
