"""Deadlines on what a client must send (and, with slots.py, a bound on the sockets open): so that nobody
on the café's Wi-Fi, token or not, can keep the phones at the table from being answered.

uvicorn alone had neither: a connection that sent `GET / HTTP/1.1` and then nothing was held for ever
(its keep-alive timer is cancelled by every byte received and only restarted after an answer), and each
such connection took one of its `limit_concurrency` slots, so 64 of them locked out every phone.

Here every connection is in one of three phases, each with a deadline counted from the moment it began
(never pushed back by a byte received, so a client sending one byte a second is cut off all the same):

- `head`: waiting for a request's head (the TLS handshake included, for the first): HEAD_DEADLINE from
  the moment the socket was accepted, or from the end of the last answer (so an idle keep-alive connection
  is closed HEAD_DEADLINE after its answer). A client that sent part of a head gets 408, one that sent
  nothing is closed silently (as HTTP allows an idle connection to be).
- `body`: the head is in, the body is not: BODY_DEADLINE from the end of the head (bodies are at most
  64 KiB, `requests.MAX_BODY`; a phone on a poor Wi-Fi sends that in a second or two). 408 if the answer
  has not begun.
- `answer`: the request is in and the app is answering: ANSWER_DEADLINE from the end of the request.
  A score or a settlement takes milliseconds, so this bounds what lasts: an event stream that the page
  may open one day (with the token) is not idle, and is not cut off by the head deadline, but it ends
  after ANSWER_DEADLINE (a browser's EventSource reconnects by itself), and, being in `answer`, it holds
  one of the MAX_CONNECTIONS places (slots.py) and is never evicted for a newcomer: so at most
  MAX_CONNECTIONS streams, each at most ANSWER_DEADLINE long.

slots.py bounds the sockets open at once (MAX_CONNECTIONS): when all places are taken, a newcomer
evicts a connection still in `head`, so that half-open connections, however many, cannot keep a phone's
request out.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from mjscore.web.slots import Slots, Ticket

HEAD_DEADLINE = 5.0  # s: from accept (or the end of the last answer) to a whole request head
BODY_DEADLINE = 10.0  # s: from the end of the head to the end of a body of at most 64 KiB
ANSWER_DEADLINE = 30 * 60.0  # s: what the app's answer may take, an event stream included

HEAD, BODY, ANSWER = "head", "body", "answer"


def refusal(status: int, reason: bytes, message: str) -> bytes:
    """A whole HTTP/1.1 answer with `{"error": message}`, closing the connection: written as bytes, since
    h11 answers only a request whose head it has read."""
    body = json.dumps({"error": message}).encode()
    return (b"HTTP/1.1 %d %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\nconnection: close\r\n\r\n"
            % (status, reason, len(body))) + body


class DeadlineProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol (h11) with the deadlines of this module, and its place in Slots.

    Made by acceptor.Server's accept loop with `slots` and `ticket`; made by uvicorn's own
    (`Config(http=DeadlineProtocol)`) without them, it keeps the deadlines, with no bound on sockets (and
    asyncio's 60 s for a TLS handshake).
    """

    def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None, slots: Slots | None = None,
                 ticket: Ticket | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.accepted_at = self.loop.time()  # made at accept: a TLS handshake counts against the head deadline
        self.slots = slots
        self.ticket = ticket or Ticket()
        self.phase = ""
        self.deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._enter(HEAD, self.accepted_at + HEAD_DEADLINE, fresh=False)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        if self.slots is not None:
            self.slots.release(self.ticket)
        super().connection_lost(exc)

    def _follow(self) -> None:
        """Enter the phase the connection is now in; staying in a phase keeps its deadline."""
        if self.cycle is None or self.cycle.response_complete:
            phase, limit = HEAD, HEAD_DEADLINE
        elif self.conn.their_state is h11.SEND_BODY:
            phase, limit = BODY, BODY_DEADLINE
        else:
            phase, limit = ANSWER, ANSWER_DEADLINE
        if phase != self.phase:
            self._enter(phase, self.loop.time() + limit, fresh=True)

    def _enter(self, phase: str, until: float, fresh: bool) -> None:
        self._cancel()
        self.phase = phase
        self.deadline = self.loop.call_at(until, self._expire)
        if self.slots is not None:
            if phase == HEAD:
                self.slots.wait(self.ticket, self._evict, fresh)
            else:
                self.slots.busy(self.ticket)

    def _cancel(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _answer_started(self) -> bool:
        return self.cycle is not None and self.cycle.response_started and not self.cycle.response_complete

    def _expire(self) -> None:
        """The phase's deadline has passed: 408 to a client that began a request, then the socket closed."""
        self.deadline = None
        begun = self.phase == BODY or (self.phase == HEAD and bool(self.conn.trailing_data[0]))
        if begun and not self._answer_started():
            deadline = BODY_DEADLINE if self.phase == BODY else HEAD_DEADLINE
            self._close(refusal(408, b"Request Timeout", f"the request's {self.phase} did not arrive within "
                                f"{deadline:g} seconds: send it again"))
        else:
            self._close(b"")

    def _evict(self) -> None:
        """Slots needs this place for a newcomer (this is the oldest head awaited from the client with the most)."""
        begun = bool(self.conn.trailing_data[0])
        self._close(refusal(503, b"Service Unavailable", "too many connections open: try again") if begun else b"")

    def _close(self, last_words: bytes) -> None:
        """Write `last_words`, then close at once: abort(), not close(), which over TLS could wait for the
        client's farewell; the app, if it is still reading, sees the client gone."""
        self._cancel()
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        if last_words and not self.transport.is_closing():
            self.transport.write(last_words)
        self.transport.abort()
