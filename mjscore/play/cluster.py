"""`--dask ADDRESS|local`: a game's deals settled on a Dask cluster, with the same output as one process.

Dask is an optional extra (`pip install "mjscore[dask]"`), imported here only, when the option is given.
The main process reads the game files and seats the deals (cheap and sequential, as for `--jobs`), and
sends the seated deals themselves to the cluster, chunk by chunk: the workers need no access to the game
files. What a worker needs to score travels with the work: the variant's merged table data (the packaged
tables or `--tables DIR`, resolved on this machine) and the options, sent to every worker once per variant
(a VariantSpec, which makes its Variant once on each worker; sent as a task's argument, not scattered, so
that a worker lost with it is no loss: the scheduler makes it again from the task, as it does any result), the players and the language with
each chunk. The workers must have the same mjscore installed (its code, not its tables): checked when the
client connects.

Results are taken in the order the chunks were sent, each chunk's once: a worker that dies has its chunks
run again elsewhere by the scheduler (Dask retries a task whose worker was lost; a chunk that kills
`distributed.scheduler.allowed-failures` workers in turn is an error), and as each chunk's result is taken
from its own future exactly once, no deal is lost or written twice.
"""

from __future__ import annotations

import hashlib
import pickle
from collections import deque
from typing import Any, Callable, Iterator

from mjscore.errors import MjscoreError
from mjscore.play.game import Header, Result, Seated
from mjscore.play.workers import VariantSpec, chunks, pack, settle_chunk, spec_of, unpack

INSTALL = '--dask needs Dask: install it with  pip install "mjscore[dask]"'
CHUNK = 128  # deals a task: some 50 ms of work, against a few milliseconds to schedule it and move its data
CONNECT_SECONDS = 10
LOCAL = "local"


def _version() -> str:
    import mjscore

    return mjscore.__version__


class DaskPool:
    """The Dask client of a run (`mjscore.play.workers.Pool`): to the scheduler at `address`, or to a cluster
    of this machine's cores started for the run (`local`, stopped with it)."""

    def __init__(self, address: str, workers: int | None = None):
        try:
            import distributed
        except ImportError:
            raise MjscoreError(INSTALL) from None
        import logging
        import os
        import warnings

        self.cluster = None
        quiet = logging.CRITICAL  # the scheduler's and workers' chatter is not mjscore's output: what stops a
        # run reaches the client as an exception, which mjscore reports in its own words. (Each logger distributed's
        # configuration gave a level when it was imported: distributed.client's WARNING said "Couldn't gather 1 keys,
        # rescheduling" on standard error when a worker died, and a local worker's ERROR "Failed to communicate with
        # scheduler during heartbeat" when its heartbeat met the scheduler stopping at the end of a run.)
        named = [n for n in logging.root.manager.loggerDict if n.startswith(("distributed", "tornado"))]
        for name in ("distributed", "tornado", *named):
            logging.getLogger(name).setLevel(quiet)
        warnings.filterwarnings("ignore", category=UserWarning, module=r"distributed(\.|$)")
        try:
            if address == LOCAL:  # its web server on a free port (":0"): never a clash with another cluster's
                self.cluster = distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                                        processes=True, dashboard_address=":0", silence_logs=quiet)
                self.client = distributed.Client(self.cluster, set_as_default=False)
            else:
                security = _security(address)
                _answers(address)
                self.client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False,
                                                 security=security)
        except MjscoreError:
            raise
        except (OSError, TimeoutError, ValueError) as e:
            self._stop()
            where = "a local Dask cluster could not start" if address == LOCAL else \
                f"no Dask scheduler answers at {address}"
            raise MjscoreError(f"--dask {address}: {where} ({_short(e)}); give a scheduler's address "
                               "(tcp://HOST:8786) or local") from None
        self._check_workers(address)
        self.specs: dict[str, Any] = {}  # variant data's digest -> a future of its VariantSpec on the cluster

    def _check_workers(self, address: str) -> None:
        """Every worker can import mjscore, the same version as here; there is at least one worker."""
        mine = _version()
        try:
            theirs = self.client.run(_version)
        except Exception as e:  # a worker's ImportError comes back as whatever it raised there
            self.close()
            raise MjscoreError(f"--dask {address}: the workers cannot run mjscore ({_short(e)}); install "
                               f"mjscore {mine} on every worker") from None
        if not theirs:
            self.close()
            raise MjscoreError(f"--dask {address}: the scheduler has no workers; start some (dask worker "
                               f"{address}) or use --dask local")
        other = sorted({v for v in theirs.values() if v != mine})
        if other:
            self.close()
            raise MjscoreError(f"--dask {address}: the workers have mjscore {', '.join(other)}, this machine "
                               f"{mine}: install the same version on every worker")

    def _spec(self, header: Header, tables: str | None) -> Any:
        spec = spec_of(header, tables, portable=True)
        digest = hashlib.sha256(pickle.dumps((spec.raw, spec.path, spec.opts))).hexdigest()
        if digest not in self.specs:
            # (scattered data dies with the workers that hold it: "can't be recovered", a whole run lost)
            self.specs[digest] = self.client.submit(_as_sent, spec, key=f"variant-spec-{digest}", pure=False)
        return self.specs[digest]

    def settle(self, header: Header, tables: str | None, seated: Iterator[Seated],
               render: Callable[[Result], Any]) -> Iterator[tuple[Result, Any]]:
        from distributed import KilledWorker

        spec = self._spec(header, tables)
        window = 2 * max(sum(self.client.nthreads().values()), 1)
        pending: deque[tuple[Any, Any]] = deque()
        work = chunks(seated, CHUNK)
        try:
            while True:
                while len(pending) < window:
                    chunk = next(work, None)
                    if chunk is None:
                        break
                    data = pickle.dumps(pack(chunk), pickle.HIGHEST_PROTOCOL)
                    pending.append((chunk, self.client.submit(settle_packed, spec, header.players, header.lang, render,
                                                              data, pure=False)))
                if not pending:
                    return
                chunk, future = pending.popleft()
                try:
                    done = future.result()
                except KilledWorker:
                    raise MjscoreError(f"--dask: the deals from {chunk[0].raw.place} on stopped every worker that "
                                       "took them; run with --jobs 1 to see why") from None
                future.release()
                yield from unpack(chunk, done)
        finally:
            if pending:  # stopped early (--strict, an error, a reader gone): the rest is not wanted
                self.client.cancel([f for _, f in pending])

    def close(self) -> None:
        self._stop()

    def _stop(self) -> None:
        client, cluster = getattr(self, "client", None), self.cluster
        self.cluster = None
        if client is not None:
            self.client = None
            try:
                client.close(timeout=CONNECT_SECONDS)
            except Exception:  # noqa: BLE001 - a scheduler already gone: nothing left to stop
                pass
        if cluster is not None:
            try:
                cluster.close(timeout=CONNECT_SECONDS)
            except Exception:  # noqa: BLE001
                pass


TLS_SETTINGS = ("set DASK_DISTRIBUTED__COMM__TLS__CA_FILE, DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT and "
                "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY (or distributed.comm.tls in Dask's configuration), or give "
                "the scheduler's tcp:// address")


def _security(address: str) -> Any:
    """The Security the client connects with: Dask's own, from its configuration (DASK_DISTRIBUTED__COMM__TLS__*,
    ~/.config/dask), as distributed.Client would make it; None where a security loader is configured (the client
    asks it). A tls:// scheduler without a certificate authority and this client's certificate is refused in one
    line that says what to set (distributed would fail with "TLS expects a ssl_context")."""
    import dask
    import distributed

    if dask.config.get("distributed.client.security-loader", None):
        return None
    try:
        security = distributed.Security()
        tls = security.get_connection_args("client")["ssl_context"] is not None
    except (OSError, ValueError) as e:  # a file that is not there, a certificate that does not load
        raise MjscoreError(f"--dask {address}: Dask's TLS settings cannot be used ({_short(e)}); {TLS_SETTINGS}") \
            from None
    if address.startswith("tls://") and not tls:
        raise MjscoreError(f"--dask {address}: a tls:// scheduler needs Dask's TLS settings (a certificate "
                           f"authority's file, this client's certificate and key): {TLS_SETTINGS}")
    return security


def _answers(address: str) -> None:
    """Raise OSError at once when nothing listens at the scheduler's host and port (refused, no such host):
    distributed's client would try again until its timeout, 10 s for an answer that came at once. An address
    whose scheme has no host and port (inproc://) is left to the client."""
    import socket

    from distributed.comm.addressing import get_address_host_port

    try:
        host, port = get_address_host_port(address)
    except (ValueError, TypeError, KeyError):  # (the client says what is wrong with the address)
        return
    with socket.create_connection((host, port), timeout=CONNECT_SECONDS):
        pass


def settle_packed(spec: VariantSpec, players: list[str], lang: str, render: Callable[[Result], Any],
                  data: bytes) -> list[tuple[Any, ...]]:
    """A worker's task: settle_chunk on a chunk sent pickled. As bytes, the chunk is opaque to Dask, which
    otherwise walks every list and mapping of a task's arguments looking for other tasks' results (a third
    of the client's time per deal)."""
    return settle_chunk(spec, players, lang, render, pickle.loads(data))


def _short(e: BaseException) -> str:
    text = (str(e).splitlines() or [type(e).__name__])[0] or type(e).__name__
    return text if len(text) <= 120 else text[:117] + "..."


__all__ = ["DaskPool", "INSTALL", "LOCAL", "VariantSpec", "settle_packed"]


def _as_sent(spec: VariantSpec) -> VariantSpec:
    """A task whose result is its argument: the variant's data held by the cluster, recomputable."""
    return spec
