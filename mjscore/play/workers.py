"""A recorded game's deals settled in deal order: in this process, on a pool of processes (`--jobs N`), or
on a Dask cluster (`--dask`, mjscore.play.cluster).

Settling is the expensive part of a game (seating is cheap and sequential, mjscore.play.game): the seated
deals go out in chunks, and only what the main process needs of each result (its net and its rendered
output) comes back. Whatever settles them, the results come back in deal order, each chunk's once: the
output is the same bytes as in one process.

A worker needs the game's header, whose variant holds compiled rules that do not pickle; what travels is a
`VariantSpec` (plain data) from which a worker makes the variant again: from the same table files where the
worker shares this machine's disk (the loader's cache makes that free after the first chunk), from the
merged table data itself where it may not (a cluster).
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator, Protocol

from mjscore.errors import MjscoreError
from mjscore.play.game import Header, RawDeal, Result, Seated, settle_one

CHUNK = 64  # deals a task: some 25 ms of work, against well under a millisecond to send and answer it


class VariantSpec:
    """A game's variant and options as plain data that pickles: a name and a table folder (`raw` None), or
    the variant's merged table data (`raw`). A worker's copy makes its Variant once (`variant()`) and keeps
    it on itself: a copy sent once to a cluster and used by every chunk of the run builds it once."""

    def __init__(self, name: str, tables: str | None, path: str, opts: dict, raw: dict | None = None):
        self.name, self.tables, self.path, self.opts, self.raw = name, tables, path, opts, raw
        self._variant = None

    def __getstate__(self) -> dict:
        return {**self.__dict__, "_variant": None}  # compiled rules do not pickle: made again where used

    def variant(self):
        if self._variant is None:
            from mjscore.rules.tables import build, load_variant

            self._variant = build(self.raw, self.path) if self.raw is not None else \
                load_variant(self.name, self.tables)
        return self._variant

    def header(self, players: list[str], lang: str) -> Header:
        return Header(self.variant(), self.opts, players, lang)


def spec_of(header: Header, tables: str | None, portable: bool = False) -> VariantSpec:
    """The header's variant as a VariantSpec; `portable`: with its merged table data (for workers that may
    not read this machine's table files)."""
    v = header.variant
    raw = None
    if portable:
        from mjscore.rules.inherit import resolved_raw
        from mjscore.rules.tables import read_raw

        raw = resolved_raw(v.path, read_raw)
    return VariantSpec(v.name, None if tables is None else str(tables), v.path, header.options, raw)


def pack(chunk: list[Seated]) -> list[tuple]:
    """Seated deals as plain tuples (what a worker is sent)."""
    return [(s.raw.number, s.raw.place, s.round, s.seats, s.game, s.also, s.raw.data, s.counted, s.changed, s.problem)
            for s in chunk]


def settle_chunk(spec: VariantSpec, players: list[str], lang: str, render: Callable[[Result], Any],
                 chunk: list[tuple]) -> list[tuple]:
    """A worker's task: each deal settled and rendered, as (error, net, rendered)."""
    header = spec.header(players, lang)
    out, memo = [], {}
    for number, place, round_, seats, game, also, data, counted, changed, problem in chunk:
        r = settle_one(header, Seated(RawDeal(number, place, data), round_, seats, game, also, counted, changed,
                                      problem), memo)
        out.append((r.error, r.data["net"] if r.data else None, render(r)))
    return out


def unpack(chunk: list[Seated], done: list[tuple]) -> Iterator[tuple[Result, Any]]:
    """A chunk's results as the main process uses them: a Result with its net, and the rendered output."""
    for s, (error, net, shown) in zip(chunk, done):
        yield Result(s.raw.number, s.raw.place, s.round, s.seats, s.game, None if error else {"net": net},
                     error, s.counted, s.changed), shown


def chunks(items: Iterator, size: int = CHUNK) -> Iterator[list]:
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class Pool(Protocol):
    """What settles a game's seated deals: results in deal order, each deal's once."""

    def settle(self, header: Header, tables: str | None, seated: Iterator[Seated],
               render: Callable[[Result], Any]) -> Iterator[tuple[Result, Any]]: ...

    def close(self) -> None: ...


class InProcess:
    """Every deal settled here, in turn (`--jobs 1`)."""

    def settle(self, header, tables, seated, render):
        memo: dict = {}  # settle_one's, for this game's deals
        for s in seated:
            r = settle_one(header, s, memo)
            yield r, render(r)

    def close(self) -> None:
        pass


class Processes:
    """`--jobs N`: the standard library's process pool, made on the first game and kept for the run (forked
    where the system can fork, so the workers start with the tables loaded; spawned elsewhere). Each worker
    has at most two chunks waiting, so memory does not grow with the archive."""

    def __init__(self, jobs: int):
        self.jobs, self.executor = jobs, None

    def _pool(self):
        if self.executor is None:
            import multiprocessing as mp
            import os
            from concurrent.futures import ProcessPoolExecutor

            method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
            with _signals_held():  # the workers started and known to the pool before Ctrl-C or SIGTERM unwinds
                self.executor = ProcessPoolExecutor(self.jobs, mp_context=mp.get_context(method),
                                                    initializer=_quiet_worker, initargs=(os.getpid(),))
                self.executor.submit(int).result()  # starts the workers now, not at the first chunk
        return self.executor

    def settle(self, header, tables, seated, render):
        from collections import deque
        from concurrent.futures.process import BrokenProcessPool

        spec, pending = spec_of(header, tables), deque()
        work = chunks(seated)
        try:
            pool = self._pool()  # (a worker killed while the pool starts breaks it here)
            while True:
                while len(pending) < 2 * self.jobs:
                    chunk = next(work, None)
                    if chunk is None:
                        break
                    pending.append((chunk, pool.submit(settle_chunk, spec, header.players, header.lang, render,
                                                       pack(chunk))))
                if not pending:
                    return
                chunk, future = pending.popleft()
                done = future.result()
                yield from unpack(chunk, done)
        except BrokenProcessPool:
            raise MjscoreError("a worker process stopped unexpectedly (--jobs): run again, or with --jobs 1") from None
        finally:
            for _, future in pending:  # stopped early (--strict, an error, a reader gone): drop the rest
                future.cancel()

    def close(self) -> None:
        if self.executor is not None:
            workers = list((getattr(self.executor, "_processes", None) or {}).values())
            with _signals_held():  # a second Ctrl-C must not leave a worker that the exit would wait for
                self.executor.shutdown(wait=True, cancel_futures=True)
                for w in workers:  # one the pool lost track of (its pool broken as it started) ends here
                    w.join(5)
                    if w.is_alive():
                        w.kill()
                        w.join(5)
            self.executor = None


@contextlib.contextmanager
def _signals_held():
    """Ctrl-C and SIGTERM held back (delivered when the block ends) while the pool starts or stops: an
    interruption half-way would leave a worker process that the pool does not know and that the
    interpreter, at its exit, would wait for for ever."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # not POSIX: nothing to hold
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _quiet_worker(parent: int) -> None:
    """A worker leaves Ctrl-C and SIGTERM to the main process, which stops the pool and says so once (a
    worker interrupted while it waits for work would otherwise print a traceback); it ends with the main
    process."""
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):  # forked while the pool held them back (_signals_held)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    # `parent`: the main process's id, taken before the fork (it may be gone before this runs)
    threading.Thread(target=_end_with, args=(parent,), daemon=True).start()


def _end_with(parent: int) -> None:
    """A worker whose main process is gone (killed with SIGKILL: it could not stop the pool) ends too,
    instead of waiting for work for ever."""
    import os
    import time

    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)


def pool_for(jobs: "int | Pool") -> tuple[Pool, bool]:
    """A pool for `jobs` (a number of processes, or a pool already made), and whether the caller made it
    here (and so closes it)."""
    if not isinstance(jobs, int):
        return jobs, False
    return (InProcess() if jobs <= 1 else Processes(jobs)), True
