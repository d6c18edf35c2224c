"""uvicorn's server with an accept loop of its own: every socket is counted from the moment it is accepted
(a TLS handshake that never ends included), and the TLS handshake has the head's deadline.

uvicorn's `loop.create_server` gives asyncio the accepting, so a connection stuck in its TLS handshake is
invisible to the HTTP protocol (told of the connection only once the handshake is done) and is held for
asyncio's default 60 s; and the sockets open are not bounded at all. Here the listening socket is read by
`Server._accept`, each socket gets a place in `slots.Slots` (or is refused), and is handed to
`loop.connect_accepted_socket` (public asyncio) with `ssl_handshake_timeout=HEAD_DEADLINE`.
Everything else (signals, the Date header, the graceful shutdown) is uvicorn's own `Server`, whose
`startup` this replaces: it sets what uvicorn's `shutdown` uses (`servers`, `started`), as the pinned
uvicorn (constraints.txt) does; tests/test_web_slow.py and test_web_tls.py run it.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import socket
import ssl
from typing import Any

import uvicorn

from mjscore.web.deadlines import HEAD_DEADLINE, DeadlineProtocol
from mjscore.web.slots import MAX_CONNECTIONS, Slots, Ticket, client_of

log = logging.getLogger("mjscore.web")
ACCEPT_BATCH = 16  # sockets accepted per turn of the loop (then answering has its turn)
CLOSING = 2 * ACCEPT_BATCH  # sockets evicted but not yet closed, at most (they close within two turns)
ACCEPT_PAUSE = 0.25  # s without accepting when the process is out of file descriptors (EMFILE) all the same
OUT_OF_RESOURCES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Handshake:
    """An accepted socket until its protocol has it (a plain one: the next turn of the loop; a TLS one: the
    handshake's end): what evicting it or stopping the server closes."""

    __slots__ = ("conn", "task", "begun")

    def __init__(self, conn: socket.socket):
        self.conn = conn
        self.task: asyncio.Task | None = None
        self.begun = False  # asyncio's transport owns the socket from then on

    def close(self) -> None:
        if not self.begun:  # the transport never took it: close it now (the task will not run)
            self.conn.close()
        if self.task is not None:
            self.task.cancel()


class Listening:
    """What uvicorn's shutdown stops (as the asyncio.Server it would have): the accepting, and the
    handshakes under way."""

    def __init__(self, loop: asyncio.AbstractEventLoop, sockets: list[socket.socket]):
        self.loop = loop
        self.sockets = sockets
        self.handshakes: set[Handshake] = set()

    def close(self) -> None:
        for sock in self.sockets:
            self.loop.remove_reader(sock.fileno())
        for handshake in list(self.handshakes):
            handshake.close()

    async def wait_closed(self) -> None:
        tasks = [h.task for h in self.handshakes if h.task is not None]
        if tasks:
            await asyncio.gather(*tasks, return_exceptions=True)


class Server(uvicorn.Server):
    """uvicorn.Server accepting its sockets itself (see the module); `tls` serves HTTPS."""

    def __init__(self, config: uvicorn.Config, tls: ssl.SSLContext | None = None, limit: int = MAX_CONNECTIONS):
        super().__init__(config)
        self.tls = tls
        self.slots = Slots(limit)
        self.listening: Listening | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """As uvicorn's startup for sockets given (run(sockets=[...])), with this module's accept loop."""
        if not sockets:
            raise ValueError("mjscore's server listens on the sockets it is given (run(sockets=[sock]))")
        await self.lifespan.startup()
        loop = asyncio.get_running_loop()
        self.listening = Listening(loop, sockets)
        self.servers = [self.listening]  # type: ignore[list-item]  # what uvicorn's shutdown closes
        for sock in sockets:
            sock.setblocking(False)
            loop.add_reader(sock.fileno(), self._accept, sock)
        self.started = True

    def _accept(self, sock: socket.socket) -> None:
        """Accept what is waiting (a batch at most, so that answering is not starved); each socket gets its
        place in Slots or is closed at once."""
        loop = asyncio.get_running_loop()
        for _ in range(ACCEPT_BATCH):
            try:
                conn, peer = sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:  # reset before it was accepted: nothing to pause for (a client can do it)
                continue
            except OSError as e:
                if e.errno not in OUT_OF_RESOURCES:  # this connection's failure (a firewall's, a protocol's)
                    continue
                # out of file descriptors or buffers: leave the queue to the kernel a moment
                log.warning("cannot accept a connection (%s): pausing %g s", e.strerror or e, ACCEPT_PAUSE)
                loop.remove_reader(sock.fileno())
                loop.call_later(ACCEPT_PAUSE, self._resume, sock)
                return
            ticket = Ticket(client_of(peer))
            if not self.slots.admit(ticket):
                conn.close()
                continue
            conn.setblocking(False)
            handshake = Handshake(conn)
            handshake.task = loop.create_task(self._connect(handshake, ticket))
            self.slots.wait(ticket, handshake.close, fresh=True)
            assert self.listening is not None
            handshakes = self.listening.handshakes
            handshakes.add(handshake)
            handshake.task.add_done_callback(lambda _, h=handshake: handshakes.discard(h))

    def _resume(self, sock: socket.socket) -> None:
        if not self.should_exit and sock.fileno() >= 0:
            asyncio.get_running_loop().add_reader(sock.fileno(), self._accept, sock)

    async def _connect(self, handshake: Handshake, ticket: Ticket) -> None:
        """The socket's transport and protocol; a handshake that fails, times out or is evicted frees its
        place (its socket is closed by asyncio's transport, which owns it from the start: closing it here too
        could close another socket that was given the same number meanwhile)."""
        loop = asyncio.get_running_loop()
        handshake.begun = True  # (no await before connect_accepted_socket makes the transport)

        def protocol() -> DeadlineProtocol:
            return DeadlineProtocol(config=self.config, server_state=self.server_state, app_state=self.lifespan.state,
                                    _loop=loop, slots=self.slots, ticket=ticket)

        options: dict[str, Any] = {}
        if self.tls is not None:
            options = {"ssl": self.tls, "ssl_handshake_timeout": HEAD_DEADLINE, "ssl_shutdown_timeout": HEAD_DEADLINE}
        try:
            await loop.connect_accepted_socket(protocol, handshake.conn, **options)
        except (OSError, asyncio.CancelledError, asyncio.TimeoutError):  # ssl.SSLError is an OSError
            self.slots.release(ticket)
