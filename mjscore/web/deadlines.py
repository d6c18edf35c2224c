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
- `answer`: the request is in and the app is answering: ANSWER_DEADLINE from the end of the request, on a
  connection that has shown the token. A score or a settlement takes milliseconds, so this bounds what
  lasts: an event stream that the page may open one day (with the token) is not idle, and is not cut off by
  the head deadline, but it ends after ANSWER_DEADLINE (a browser's EventSource reconnects by itself), and,
  being in `answer`, it holds one of the MAX_CONNECTIONS places (slots.py) and is never evicted for a
  newcomer: so at most MAX_CONNECTIONS streams, each at most ANSWER_DEADLINE long.

A connection that has not shown the token (issue 46) never holds a place a token holder needs: in every
phase it may be evicted for a newcomer, as one waiting for its head, and its answer has
ANSWER_DEADLINE_WITHOUT_TOKEN. A client without the token is answered only with a refusal of a few hundred
bytes, which closes the connection (app.Guard) and is written whole at once, so only a client that reads
nothing is cut off by that deadline: one that pipelined requests on a connection and never read the answers
used to fill what the kernel and uvicorn buffer for it, its next answer then waiting for ever (uvicorn's
writer paused, `flow.drain`), in `answer`, never evicted. Whether a connection has shown the token is the
app's to say: it calls the request scope's extension TOKEN_SHOWN (slots.py), which marks the connection's
Ticket for as long as it lasts. Served to this machine only (no token to require), the guard says it of every
request it lets through; an app that never says it leaves every connection without the token.

slots.py bounds the sockets open at once (MAX_CONNECTIONS): when all places are taken, a newcomer
evicts a connection still in `head`, or without the token, so that half-open connections, or clients
without the token, however many, cannot keep a phone's request out.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from mjscore.web.slots import TOKEN_SHOWN, Slots, Ticket

HEAD_DEADLINE = 5.0  # s: from accept (or the end of the last answer) to a whole request head
BODY_DEADLINE = 10.0  # s: from the end of the head to the end of a body of at most 64 KiB
ANSWER_DEADLINE = 30 * 60.0  # s: what the app's answer may take, an event stream included (with the token)
ANSWER_DEADLINE_WITHOUT_TOKEN = 2.0  # s: what an answer to a connection that has not shown the token may take

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
        self.phase_began = self.accepted_at
        self.deadline: asyncio.TimerHandle | None = None
        self.guarded_app = self.app
        self.app = self._with_token_shown  # (uvicorn runs self.app for each request)

    async def _with_token_shown(self, scope: Any, receive: Any, send: Any) -> None:
        """The app, told how to say that a request carried the token (TOKEN_SHOWN)."""
        scope.setdefault("extensions", {})[TOKEN_SHOWN] = self.token_shown
        await self.guarded_app(scope, receive, send)

    def token_shown(self) -> None:
        """A request on this connection carried the token (said by the app): from now on the connection is a
        token holder's, never evicted while a request is received or answered, its answer's deadline the long
        one (counted from the same moment)."""
        if self.ticket.token_shown:
            return
        self.ticket.token_shown = True
        if self.phase != HEAD and not self.transport.is_closing():
            self._enter(self.phase, self.phase_began, fresh=False)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._enter(HEAD, self.accepted_at, fresh=False)

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
            phase = HEAD
        elif self.conn.their_state is h11.SEND_BODY:
            phase = BODY
        else:
            phase = ANSWER
        if phase != self.phase:
            self._enter(phase, self.loop.time(), fresh=phase == HEAD)

    def _limit(self, phase: str) -> float:
        """The phase's deadline, in seconds from its start (read when the phase begins: tests shorten them)."""
        if phase == HEAD:
            return HEAD_DEADLINE
        if phase == BODY:
            return BODY_DEADLINE
        return ANSWER_DEADLINE if self.ticket.token_shown else ANSWER_DEADLINE_WITHOUT_TOKEN

    def _enter(self, phase: str, began: float, fresh: bool) -> None:
        """Enter `phase`, begun at `began`; `fresh`: a new wait for a head (the newest in Slots' queue), else a
        connection without the token keeps its place in it, from its last wait for a head."""
        self._cancel()
        self.phase, self.phase_began = phase, began
        self.deadline = self.loop.call_at(began + self._limit(phase), self._expire)
        if self.slots is not None:
            if phase == HEAD or not self.ticket.token_shown:
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
        """Slots needs this place for a newcomer (this is the oldest head awaited, or request of a client without
        the token, of the client with the most): 503 to a request begun whose answer has not."""
        begun = self.phase == BODY or (self.phase == HEAD and bool(self.conn.trailing_data[0]))
        if begun and not self._answer_started():
            self._close(refusal(503, b"Service Unavailable", "too many connections open: try again"))
        else:
            self._close(b"")

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
