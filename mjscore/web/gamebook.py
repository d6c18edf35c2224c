"""The page's stored games changed and read: every change worked out on a snapshot, outside any write.

A change (a deal added, corrected, deleted, an undo) is scored on a snapshot of the game read at one
version (mjscore.web.store.Store.reading), with the ledger of mjscore.play.ledger: adding a deal scores
that deal alone, from the entry of the deal before it; a correction, deletion or undo re-scores the deals
after it only while their seats differ from the stored ones. Only then is the change written, in one
short transaction that checks the game is still at that version. If another phone's change came first:
a change that named the version it was made against is refused (StaleVersion, 409); one that named none
(a script) is worked out again on the new version, a few times at most (then Busy).

Reading a game shows its last deals (a page: `limit`), the totals, the standings and the next deal's seats,
from the stored entries: the cost of a read does not grow with the game. Entries scored under other rules
than the ones loaded now (mjscore or its tables changed since) are thrown away and scored again once.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Iterator

from mjscore import api
from mjscore import moved_on, standings
from mjscore import score_sheet
from mjscore.web import counters
from mjscore.web.merge import merged
from mjscore.web.store import Conflict, Conflicting, Duplicate, Snapshot, StaleVersion, Store

RETRIES = 8  # a change naming no version, worked out again after another's: how often at most
PAGE = 100  # the deals a read of a game shows by default (the last ones)
MAX_PAGE = 1000


class Busy(Exception):
    """Other changes kept coming first: nothing was written (409, try again)."""


def rules_fingerprint() -> str:
    """What the stored entries were scored under: mjscore's scoring code and its packaged tables. Entries
    scored under another fingerprint are scored again (a new mjscore, or its tables edited)."""
    from _sha256 import sha256  # the interpreter's own (hashlib loads OpenSSL)

    package = Path(api.__file__).parent
    digest = sha256()
    tables = Path(api.load_variant("spanish").path).parent
    files = sorted(p for p in package.rglob("*.py") if "web" not in p.relative_to(package).parts)
    for path in [*files, *sorted(tables.glob("*.yaml"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:32]


class Book:
    """The games of one Store, changed and read as the page asks."""

    def __init__(self, store: Store, rules: str | None = None):
        self.store = store
        self.rules = rules or rules_fingerprint()

    # --- the loop every change goes through --------------------------------------------------------
    def _change(self, game_id: int, expected: int | None, work: Callable[[Snapshot], Callable[[int], Any]],
                done: Callable[[Snapshot], Any] | None = None) -> Any:
        """Work the change out on a snapshot (`work` returns the write, given the snapshot's version), then
        write it while the game is still at that version; see the module's docstring. `done` answers, before any
        version is checked, a change that is in already (a draft sent again: its key was kept), or None."""
        for _ in range(RETRIES):
            self._refresh(game_id)
            with self.store.reading(game_id) as snap:
                answer = done(snap) if done else None
                if answer is not None:
                    return answer
                if expected is not None and expected != snap.version:
                    raise StaleVersion(expected, snap.version)
                if snap.scored_with != self.rules:
                    continue  # scored again meanwhile by another server on the file: read again
                write, version = work(snap), snap.version
            try:
                return write(version)
            except Conflict as e:
                if expected is not None and done is None:
                    raise StaleVersion(expected, e.current) from None
        raise Busy("other phones kept changing this game meanwhile: nothing was saved; try again")

    def _refresh(self, game_id: int) -> None:
        """Score and store the entries a game lacks (never scored, or under other rules): once, not a change.
        Entries lacking after stored ones are scored from the first lacking on (a replay stops where the rest
        is as stored, so it is asked again until none lacks)."""
        for _ in range(RETRIES * 4):
            with self.store.reading(game_id) as snap:
                stale = snap.scored_with != self.rules
                first = None if stale else snap.first_missing()
                if not stale and first is None:
                    return
                opened = self._opened(snap)
                if stale:
                    deals = (api.Stored(d.key, d.data, None) for d in snap.deals())
                    seating, totals = opened.seating, opened.start
                else:
                    deals = snap.deals(first)
                    seating, totals = self._start(snap, opened, first)
                entries = list(api.replay(opened.header, seating, totals, deals))
                version = snap.version
            try:
                self.store.keep_entries(game_id, version, entries, self.rules, forget=stale)
            except Conflict:
                continue
        raise Busy("other phones kept changing this game meanwhile: try again")

    @staticmethod
    def _opened(snap: Snapshot) -> api.Opened:
        h = snap.header
        return api.open_game({"variant": h["variant"], "options": h["options"], "players": h["players"]})

    @staticmethod
    def _start(snap: Snapshot, opened: api.Opened, deal_id: int) -> tuple[dict, dict]:
        """The seating and totals before deal `deal_id` (the first: the game's start)."""
        before = snap.before(deal_id)
        return (opened.seating, opened.start) if before is False else (before.seating, before.totals)

    @staticmethod
    def _refuse(entries: list[tuple[int, api.Entry]], deal_id: int) -> None:
        """A deal that cannot be scored is not saved: the CLI's message (400)."""
        for key, entry in entries:
            if key == deal_id and "error" in entry.item:
                raise api.MjscoreError(entry.item["error"])

    # --- changes --------------------------------------------------------------------------------
    def create(self, name: str, variant: str, options: dict, players: list[str]) -> int:
        opened = api.open_game({"variant": variant, "options": options, "players": players})  # refused as batch would
        rules = api.rules_of(opened.header.variant, opened.header.options).to_dict()  # kept with the game
        return self.store.create_game(name, variant, options, players, rules)

    def add(self, game_id: int, deal: dict, expected: int | None = None, key: str | None = None,
            after: int | None = None) -> int:
        """Add `deal`; the new deal's id. `key`: the phone's draft (sent again, it answers the deal it made);
        `after`: the last deal the phone had read, so that the same deal saved by another phone since is refused
        as a duplicate (Duplicate) rather than added twice."""
        def work(snap: Snapshot):
            opened = self._opened(snap)
            last = snap.tail()
            seating, totals = (last.entry.seating, last.entry.totals) if last else (opened.seating, opened.start)
            entry = api.score_deal(opened.header, seating, totals, deal)
            self._refuse([(None, entry)], None)
            return lambda version: self.store.append(game_id, version, deal, entry, key)

        def done(snap: Snapshot) -> int | None:
            found = snap.sent(key) if key is not None else None
            if found is None and after is not None and _could_repeat(deal):
                for d in snap.added_after(after):
                    if d.data == deal:
                        raise Duplicate(snap.place(d.key), d.key)
            return found
        return self._change(game_id, expected, work, done if key is not None or after is not None else None)

    def correct(self, game_id: int, deal_id: int, deal: dict, expected: int | None = None,
                base: dict | None = None, key: str | None = None) -> None:
        """Correct deal `deal_id` to `deal`. With `base`, the deal as the phone read it at version `expected`:
        another phone's change since is merged field by field (mjscore.web.merge), and a field both changed is
        refused (Conflicting) with both values; without, a change since refuses it (StaleVersion)."""
        def work(snap: Snapshot):
            data = deal
            if base is not None and expected is not None and expected != snap.version:
                stored = json.loads(snap.deal(deal_id))
                data, conflicts = merged(base, deal, stored)
                if conflicts:
                    raise Conflicting(snap.place(deal_id), conflicts, data, stored, snap.version)
            snap.deal(deal_id)
            entries = self._replayed(snap, deal_id, _replaced(snap.deals(deal_id), deal_id, data))
            self._refuse(entries, deal_id)
            return lambda version: self.store.correct(game_id, version, deal_id, data, entries, key)

        def done(snap: Snapshot) -> bool | None:
            return True if key is not None and snap.sent(key) is not None else None
        self._change(game_id, None if base is not None else expected, work,
                     done if key is not None or base is not None else None)

    def delete(self, game_id: int, deal_id: int, expected: int | None = None) -> None:
        def work(snap: Snapshot):
            snap.deal(deal_id)
            entries = self._replayed(snap, deal_id, snap.deals(deal_id + 1))
            return lambda version: self.store.delete(game_id, version, deal_id, entries)
        self._change(game_id, expected, work)

    def undo(self, game_id: int, expected: int | None = None, redo: bool = False) -> dict:
        """Undo the game's last change; with `redo`, make again the first change undone since (an undo asked by
        mistake is taken back)."""
        def work(snap: Snapshot):
            change = snap.redoable() if redo else snap.last_change()
            deal_id = change["deal_id"]
            if change["kind"] == "edit":
                deals = _replaced(snap.deals(deal_id), deal_id, json.loads(change["before"]))
            elif (change["kind"] == "add") != redo:  # the deal goes
                deals = snap.deals(deal_id + 1)
            else:  # the deal returns at its place
                restored = api.Stored(deal_id, json.loads(snap.deal(deal_id, deleted=True)), None)
                deals = _chain(restored, snap.deals(deal_id + 1))
            entries = self._replayed(snap, deal_id, deals)
            return lambda version: self.store.undo(game_id, version, change, entries, redo)
        return self._change(game_id, expected, work)

    def _replayed(self, snap: Snapshot, deal_id: int, deals: Iterator[api.Stored]) -> list[tuple[int, api.Entry]]:
        opened = self._opened(snap)
        seating, totals = self._start(snap, opened, deal_id)
        return list(api.replay(opened.header, seating, totals, deals))

    # --- reading --------------------------------------------------------------------------------
    def view(self, game_id: int, limit: int = PAGE) -> dict:
        """The game as the page shows it: its last `limit` deals as batch shows them (with `id` and the deal's
        `data`), their rows of the score sheet, the totals, standings, summary and the next deal's seats."""
        self._refresh(game_id)
        with self.store.reading(game_id) as snap:
            opened = self._opened(snap)
            first, page = snap.last(limit)
            rejected = snap.rejected()
            header = snap.header
            undoable = snap.changes_said()
            seating = self._start(snap, opened, page[0].key)[0] if page else opened.seating
        moves = moved_on(opened.header, seating, (d.data for d in page))  # from the seating before the page
        deals = [{"id": d.key, "data": d.data, "deal": first + i + 1, "place": f"deal {first + i + 1}",
                  **d.entry.item, "totals": d.entry.totals, "moved_on": moves[i]} for i, d in enumerate(page)]
        if counters.kept(opened.header):  # the counters each deal was played with (honba, sticks)
            counters.annotate(opened.header, seating, deals, [seating] + [d.entry.seating for d in page[:-1]])
            counters.pot_totals(opened.header, seating, deals)  # (the sheet's column of the sticks on the table)
        seating = page[-1].entry.seating if page else opened.seating
        last = page[-1].entry if page else None
        totals = last.totals if last else opened.start
        start, players = opened.start, opened.header.players
        rules = scored_under(opened, header.get("rules"))
        paper = score_sheet(SimpleNamespace(file="game", variant=header["variant"], players=players, start=start,
                                            deals=deals, totals=totals, rules=rules))
        paper = paper._replace(net={p: totals[p] - start[p] for p in players})
        count = first + len(page)
        settlement = opened.header.variant.settlement.at(opened.header.options)  # riichi's uma and oka
        return {"game": header, "deals": deals, "sheet": paper.to_dict(), "start": start, "totals": totals,
                "standings": standings(totals, settlement), "summary": {"read": count, "scored": count - rejected,
                                                            "rejected": rejected},
                "page": {"first": first + 1, "shown": len(page), "deals": count},
                "next": {**api.next_deal(opened.header, seating, deals[-1]["game"] if deals else 1),
                         **({"moved_on": deals[-1]["moved_on"]} if deals else {}),
                         **(counters.next_counters(seating) if counters.kept(opened.header) else {})},
                "resolved_options": opened.header.options, "rules": rules, "changes": undoable}


def scored_under(opened: api.Opened, recorded: dict | None) -> dict:
    """The rules a stored game is scored under now (the tables loaded), as batch's `rules` names them: with
    `recorded_table` where the game was created under another table (it keeps that record: `game.rules`)."""
    now = api.rules_of(opened.header.variant, opened.header.options).to_dict()
    if recorded and recorded.get("table") and recorded["table"] != now["table"]:
        now["recorded_table"] = recorded["table"]
    return now


def _could_repeat(deal: dict) -> bool:
    """Whether a deal saved twice is a mistake: one with a hand or a winner (two draws in a row with no hands
    entered are two deals)."""
    hands = deal.get("hands")
    return bool(deal.get("winner") or deal.get("false_mahjong")
                or (isinstance(hands, dict) and any(isinstance(h, str) and h.strip() for h in hands.values())))


def _replaced(deals: Iterator[api.Stored], deal_id: int, data: Any) -> Iterator[api.Stored]:
    """The deals with deal `deal_id`'s data replaced (its stored entry kept: the replay compares with it)."""
    for d in deals:
        yield d._replace(data=data) if d.key == deal_id else d


def _chain(first: api.Stored, rest: Iterator[api.Stored]) -> Iterator[api.Stored]:
    yield first
    yield from rest
