"""`mjscore serve`: the page's app served by uvicorn on this laptop, for the phones at the table."""

from __future__ import annotations

import socket
import sqlite3
import sys

import uvicorn

from mjscore.errors import MjscoreError
from mjscore.web.app import create_app

LOCAL = {"127.0.0.1", "localhost", "::1"}


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound before anything is printed, so a port in use is one clear line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise MjscoreError(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def run(host: str, port: int, db: str | None) -> None:
    """Serve until Ctrl-C."""
    store = open_store(db)
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    app = create_app(store)
    url = f"http://{'[' + host + ']' if ':' in host else host}:{bound}/"
    print(f"mjscore: serving on {url}  (Ctrl-C stops)", file=sys.stderr, flush=True)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", limit_concurrency=64, timeout_keep_alive=5))
    server.run(sockets=[sock])


def open_store(db: str | None):
    """The games file: --db FILE, or one under the user's data directory."""
    from mjscore.web.store import Store

    try:
        store = Store(db)
    except (OSError, sqlite3.Error) as e:
        raise MjscoreError(f"cannot open the games file {db or 'in the data directory'}: {e}") from None
    print(f"mjscore: games kept in {store.path}", file=sys.stderr, flush=True)
    return store
