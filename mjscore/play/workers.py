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
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterator, Protocol

from mjscore.errors import MjscoreError
from mjscore.play.game import Header, RawDeal, Result, Seated, settle_one

if TYPE_CHECKING:  # (the tables are loaded only when a worker first needs its variant)
    from mjscore.rules.tables import Variant

CHUNK = 64  # deals a task: some 25 ms of work, against well under a millisecond to send and answer it


class VariantSpec:
    """A game's variant and options as plain data that pickles: a name and a table folder (`raw` None), or
    the variant's merged table data (`raw`). A worker's copy makes its Variant once (`variant()`) and keeps
    it on itself: a copy sent once to a cluster and used by every chunk of the run builds it once."""

    def __init__(self, name: str, tables: str | None, path: str, opts: dict[str, Any], raw: dict[str, Any] | None = None):
        self.name, self.tables, self.path, self.opts, self.raw = name, tables, path, opts, raw
        self._variant: Variant | None = None

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "_variant": None}  # compiled rules do not pickle: made again where used

    def variant(self) -> Variant:
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


def pack(chunk: list[Seated]) -> list[tuple[Any, ...]]:
    """Seated deals as plain tuples (what a worker is sent)."""
    return [(s.raw.number, s.raw.place, s.round, s.seats, s.game, s.also, s.raw.data, s.counted, s.changed, s.problem)
            for s in chunk]


def settle_chunk(spec: VariantSpec, players: list[str], lang: str, render: Callable[[Result], Any],
                 chunk: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """A worker's task: each deal settled and rendered, as (error, its net and pot's change, rendered)."""
    header = spec.header(players, lang)
    out: list[tuple[Any, ...]] = []
    memo: dict[Any, Any] = {}
    for number, place, round_, seats, game, also, data, counted, changed, problem in chunk:
        r = settle_one(header, Seated(RawDeal(number, place, data), round_, seats, game, also, counted, changed,
                                      problem), memo)
        out.append((r.error, {k: r.data[k] for k in ("net", "pot") if k in r.data} if r.data else None, render(r)))
    return out


def unpack(chunk: list[Seated], done: list[tuple[Any, ...]]) -> Iterator[tuple[Result, Any]]:
    """A chunk's results as the main process uses them: a Result with its net (and pot), and the rendered output."""
    for s, (error, moved, shown) in zip(chunk, done):
        yield Result(s.raw.number, s.raw.place, s.round, s.seats, s.game, None if error else moved,
                     error, s.counted, s.changed), shown


def chunks(items: Iterator[Any], size: int = CHUNK) -> Iterator[list[Any]]:
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


Settled = Generator[tuple[Result, Any], None, None]  # each deal's result and its rendering, in deal order


class Pool(Protocol):
    """What settles a game's seated deals: results in deal order, each deal's once."""

    def settle(self, header: Header, tables: str | None, seated: Iterator[Seated],
               render: Callable[[Result], Any]) -> Settled: ...

    def close(self) -> None: ...


class InProcess:
    """Every deal settled here, in turn (`--jobs 1`)."""

    def settle(self, header: Header, tables: str | None, seated: Iterator[Seated], render: Callable[[Result], Any]
               ) -> Settled:
        memo: dict[str, Any] = {}  # settle_one's, for this game's deals
        for s in seated:
            r = settle_one(header, s, memo)
            yield r, render(r)

    def close(self) -> None:
        pass


class Processes:
    """`--jobs N`: N worker processes made on the first game and kept for the run (forked where the system
    can fork, so the workers start with the tables loaded; spawned elsewhere), each with its own pipe.

    Not the standard library's ProcessPoolExecutor: a worker killed while it sends a result leaves half a
    message in the pool's one result queue, which the main process (itself holding the queue's writing end)
    then waits on for ever. Here a worker writes only to its own pipe, whose other end only the main process
    holds: a worker's death is an end of file or its process sentinel, seen at once. Each worker has at most
    two chunks waiting, so memory does not grow with the archive; chunks go to the workers in turn, and
    their results are read in that order, so the output is in deal order."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self.workers: list[tuple[Any, Any]] = []  # (process, the main process's end of its pipe)

    def _start(self) -> list[tuple[Any, Any]]:
        if not self.workers:
            import multiprocessing as mp
            import os

            method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
            context: Any = mp.get_context(method)  # (a fork or spawn context: typeshed knows only the base)
            with _signals_held():  # the workers started and known here before Ctrl-C or SIGTERM unwinds
                for _ in range(self.jobs):
                    here, there = context.Pipe(duplex=True)
                    # a forked worker inherits the main process's ends of the pipes made so far, its own too
                    others = [c for _, c in self.workers] + [here] if method == "fork" else []
                    worker = context.Process(target=_serve, args=(there, others, os.getpid()), daemon=True)
                    worker.start()
                    there.close()  # the worker's end is the worker's alone: its death ends the pipe
                    self.workers.append((worker, here))
        return self.workers

    def settle(self, header: Header, tables: str | None, seated: Iterator[Seated], render: Callable[[Result], Any]
               ) -> Settled:
        from collections import deque

        spec, turn = spec_of(header, tables), 0
        pending: deque[tuple[Any, tuple[Any, Any]]] = deque()
        work = chunks(seated)
        try:
            workers = self._start()
            while True:
                while len(pending) < 2 * self.jobs:
                    chunk = next(work, None)
                    if chunk is None:
                        break
                    worker = workers[turn % self.jobs]
                    turn += 1
                    _send(worker, (spec, header.players, header.lang, render, pack(chunk)))
                    pending.append((chunk, worker))
                if not pending:
                    return
                chunk, worker = pending.popleft()
                done = _receive(worker)
                yield from unpack(chunk, done)
        finally:
            if pending:  # stopped early (--strict, an error, a reader gone, a worker lost): the workers'
                self._end(at_once=True)  # chunks in hand are not wanted; the next game starts new ones

    def close(self) -> None:
        self._end(at_once=False)

    def _end(self, at_once: bool) -> None:
        """Every worker ended: asked to stop (given 5 s), or at once (`at_once`, their work not wanted)."""
        with _signals_held():  # a second Ctrl-C must not leave a worker that the exit would wait for
            for worker, conn in self.workers:
                if not at_once:
                    with contextlib.suppress(OSError):
                        conn.send(None)
                    worker.join(5)
                if worker.is_alive():
                    worker.kill()
                worker.join(5)
                conn.close()
            self.workers = []


_LOST = "a worker process stopped unexpectedly (--jobs): run again, or with --jobs 1"


def _send(worker: tuple[Any, Any], task: tuple[Any, ...]) -> None:
    try:
        worker[1].send(task)
    except OSError:  # its end of the pipe closed: the worker is gone
        raise MjscoreError(_LOST) from None


def _receive(worker: tuple[Any, Any]) -> list[tuple[Any, ...]]:
    """A worker's next result; its death, before or while it sends, is an error here, not a wait."""
    from multiprocessing.connection import wait

    process, conn = worker
    ready = wait([conn, process.sentinel])
    if conn not in ready:
        raise MjscoreError(_LOST)
    try:
        kind, value = conn.recv()  # (half a message, the worker dying as it wrote, is an OSError)
    except (EOFError, OSError):
        raise MjscoreError(_LOST) from None
    if kind == "raised":  # a fault in mjscore itself, raised here as the worker raised it
        raise value
    done: list[tuple[Any, ...]] = value
    return done


def _serve(conn: Any, others: list[Any], parent: int) -> None:
    """A worker: chunks settled as they come, until told to stop (None) or its pipe ends. `others`: the main
    process's ends of the pipes (the earlier workers' and this one's), inherited by a fork, closed so that only
    the main process holds them: its death then ends this worker's pipe at once."""
    for other in others:
        other.close()
    _quiet_worker(parent)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            answer: tuple[Any, ...] = ("done", settle_chunk(*task))
        except Exception as e:  # noqa: BLE001 (sent back to be raised in the main process)
            answer = ("raised", e)
        try:
            conn.send(answer)
        except OSError:
            return
        except Exception:  # the exception itself does not pickle: its text does
            conn.send(("raised", RuntimeError(f"{type(answer[1]).__name__}: {answer[1]}")))


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
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
