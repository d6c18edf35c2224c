"""The sockets open at once, bounded (each is a file descriptor, from accept, TLS handshake included), and
who gives up a place when all are taken: a connection still waiting for its request's head, or one that has
not shown the token (deadlines.py), of the client that has the most such connections, the oldest of them.

A real request sends its head at once, so a phone's connection waits for a few milliseconds and the phone
has a handful at most, while an attacker's half-open connections wait for seconds, in hundreds: however
many the attacker holds or opens again, a newcomer evicts one of the attacker's, never the phone's (as
long as the attacker does not have more addresses than there are places: a client is an IPv4 address, or
an IPv6 /64, since a host picks any address of its network's /64 at will). Connections from one address
(tests on loopback) give up their places oldest first.
"""

from __future__ import annotations

import ipaddress
from typing import Any, Callable

MAX_CONNECTIONS = 256  # sockets held at once (and at most acceptor.CLOSING more, evicted, being closed)
TOKEN_SHOWN = "mjscore.token_shown"  # the ASGI scope's extension the app calls when a request carried the token


def client_of(peer: Any) -> str:
    """What a client's connections are counted by: its IPv4 address, or its IPv6 /64."""
    try:
        address = ipaddress.ip_address(str(peer[0]).split("%")[0])
    except (ValueError, IndexError, TypeError):
        return "?"
    if address.version == 6:
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class Ticket:
    """One accepted socket's place, whose it is, and whether a request on it has shown the token (then, while
    a request is received or answered, it is a token holder's and is not evicted)."""

    __slots__ = ("client", "token_shown")

    def __init__(self, client: str = "?"):
        self.client = client
        self.token_shown = False


class Slots:
    """The places of one server (never shared between servers)."""

    def __init__(self, limit: int = MAX_CONNECTIONS):
        self.limit = limit
        self.held: set[Ticket] = set()
        self.waiting: dict[str, dict[Ticket, Callable[[], None]]] = {}  # client -> {ticket: its close}, oldest first

    def admit(self, ticket: Ticket) -> bool:
        """Give `ticket` a place, evicting a connection waiting for a head if none is free (see the module);
        False if every place is taken by a request being received or answered (the socket is refused)."""
        if len(self.held) >= self.limit:
            if not self.waiting:
                return False
            client = max(self.waiting, key=lambda c: len(self.waiting[c]))
            oldest = next(iter(self.waiting[client]))
            close = self.waiting[client][oldest]
            self.release(oldest)  # its place is free now: its socket closes in this turn of the loop
            close()
        self.held.add(ticket)
        return True

    def wait(self, ticket: Ticket, close: Callable[[], None], fresh: bool) -> None:
        """`ticket` waits for a head, or has not shown the token (evictable, by calling `close`); `fresh`: its
        wait starts now (the newest), else it keeps its place in the queue (a TLS handshake done, a request
        without the token: the same wait goes on)."""
        if ticket not in self.held:
            return
        queue = self.waiting.setdefault(ticket.client, {})
        if fresh:
            queue.pop(ticket, None)
        queue[ticket] = close

    def busy(self, ticket: Ticket) -> None:
        """`ticket` has shown the token and sent a head: its request is being received or answered, not to be
        evicted."""
        queue = self.waiting.get(ticket.client)
        if queue is not None:
            queue.pop(ticket, None)
            if not queue:
                del self.waiting[ticket.client]

    def release(self, ticket: Ticket) -> None:
        """`ticket`'s socket is closed (said once or more: the second time changes nothing)."""
        self.held.discard(ticket)
        self.busy(ticket)
