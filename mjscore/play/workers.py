"""A recorded game's deals settled in deal order, in this process or on several forked ones.

Settling is the expensive part of a game (seating is cheap and sequential, mjscore.play.game): with
--jobs N the seated deals go out in chunks to N workers, and only what the main process needs of each
result (its net and its rendered output) comes back.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from mjscore.errors import MjscoreError
from mjscore.play.game import Header, RawDeal, Result, Seated, settle_one


def settle_all(header: Header, seated: Iterator[Seated], jobs: int = 1,
               render: Callable[[Result], Any] = lambda r: None) -> Iterator[tuple[Result, Any]]:
    """(result, render(result)) in deal order; with jobs > 1 the deals are settled and rendered on that
    many processes, and only what the main process needs of a result (its net) comes back with it."""
    if jobs <= 1 or not _can_fork():
        for s in seated:
            r = settle_one(header, s)
            yield r, render(r)
        return
    for chunk, done in _farm_out(header, render, _chunks(seated, 64), jobs):
        for s, (error, net, shown) in zip(chunk, done):
            yield Result(s.raw.number, s.raw.place, s.round, s.seats, s.game, None if error else {"net": net},
                         error, s.counted, s.changed), shown


def _farm_out(header: Header, render, chunks: Iterator[list[Seated]], jobs: int) -> Iterator[tuple[list, list]]:
    """(chunk, its results) in order, the chunks settled by `jobs` forked processes.

    Each worker has its own pipe and gets chunks in turn, at most two at a time; results are read
    back in the order the chunks went out, so no thread or queue is needed to keep the order (a
    process pool's helper threads cost the main process more than writing the output does)."""
    import multiprocessing as mp
    from collections import deque

    ctx = mp.get_context("fork")
    workers = []
    try:
        for _ in range(jobs):
            mine, theirs = ctx.Pipe()
            # the main process's ends of this and the other workers' pipes, which a fork would hold open
            others = [mine] + [conn for _, conn in workers]
            proc = ctx.Process(target=_serve, args=(theirs, others, header, render), daemon=True)
            proc.start()
            theirs.close()
            workers.append((proc, mine))
        pending: deque = deque()  # (worker, chunk) in the order the chunks were sent

        def send(worker) -> None:
            chunk = next(chunks, None)
            if chunk is not None:
                worker[1].send([(s.raw.number, s.raw.place, s.round, s.seats, s.game, s.also, s.raw.data,
                                 s.counted, s.changed, s.problem) for s in chunk])
                pending.append((worker, chunk))

        for _ in range(2):
            for worker in workers:
                send(worker)
        while pending:
            worker, chunk = pending.popleft()
            try:
                done = worker[1].recv()
            except EOFError:
                raise MjscoreError(f"a worker process stopped unexpectedly (exit code {worker[0].exitcode})") from None
            yield chunk, done
            send(worker)
    finally:
        for proc, conn in workers:
            conn.close()  # the worker sees the end of its input and stops
        for proc, conn in workers:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.terminate()


def _can_fork() -> bool:
    """Workers are forked: they share the loaded tables (compiled rules do not pickle). Where a process
    cannot fork (Windows), the deals are settled in this one."""
    import multiprocessing as mp

    return "fork" in mp.get_all_start_methods()


def _chunks(items: Iterator, size: int) -> Iterator[list]:
    chunk = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _serve(conn, others: list, header: Header, render) -> None:
    """A worker: settle and render chunks of deals until the input ends (plain tuples both ways)."""
    for other in others:
        other.close()
    try:
        while True:
            try:
                chunk = conn.recv()
            except (EOFError, OSError):  # OSError: the main process was stopped in the middle of a send
                return
            out = []
            for number, place, round_, seats, game, also, data, counted, changed, problem in chunk:
                r = settle_one(header, Seated(RawDeal(number, place, data), round_, seats, game, also, counted,
                                              changed, problem))
                out.append((r.error, r.data["net"] if r.data else None, render(r)))
            conn.send(out)
    except (KeyboardInterrupt, OSError):
        return  # interrupted, or the main process stopped reading (--strict, an error): nothing to say
