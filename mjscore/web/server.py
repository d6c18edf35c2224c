"""`mjscore serve`: the page's app served by uvicorn on this laptop, for the phones at the table."""

from __future__ import annotations

import ipaddress
import secrets
import socket
import sqlite3
import ssl
import sys
from typing import Any

import uvicorn

from mjscore.errors import MjscoreError
from mjscore.web.acceptor import CLOSING, Server
from mjscore.web.app import create_app
from mjscore.web.deadlines import HEAD_DEADLINE, DeadlineProtocol
from mjscore.web.slots import MAX_CONNECTIONS
from mjscore.web.tls import tls_context


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
    sock.listen(1024)
    sock.set_inheritable(True)
    return sock


def is_local(host: str) -> bool:
    """Whether only this machine can reach the address (then no token is needed)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name may resolve beyond this machine


def lan_address() -> str | None:
    """An address of this machine that the phones on its network can reach (no packet is sent to find it)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return None
    found = [i[4][0] for i in infos if not ipaddress.ip_address(i[4][0]).is_loopback]
    return found[0] if found else _interface_address()


def _interface_address() -> str | None:
    """The IPv4 address of the first network interface that is not loopback, asked of the kernel (Linux:
    SIOCGIFADDR), for machines whose name resolves only to 127.0.0.1 (as /etc/hosts often says)."""
    try:
        import fcntl
        import struct

        names = [name for _, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return None
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:  # only for the ioctl: nothing is sent
        for name in names:
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
            except OSError:
                continue
            address = socket.inet_ntoa(packed[20:24])
            if not ipaddress.ip_address(address).is_loopback:
                return address
    return None


def page_url(host: str, port: int, token: str | None, scheme: str = "http") -> str:
    """The URL the players open: for a server on every interface, this machine's address on the network."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = lan_address() or socket.gethostname()
    if ":" in shown:
        shown = f"[{shown}]"
    return f"{scheme}://{shown}:{port}/" + (f"?token={token}" if token else "")


def qr_text(url: str) -> str:
    """The URL as a QR code of text blocks, for a phone's camera to read off the terminal."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(url)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def announce(url: str, token: str | None, out=None) -> None:
    """Say where the page is; with a token, the QR code of the URL too."""
    out = out or sys.stderr
    print(f"mjscore: serving on {url}  (Ctrl-C stops)", file=out)
    if token:
        print("mjscore: open this URL on the phones at the table (it carries this session's token; "
              "requests without it are refused):", file=out)
        try:
            out.write(qr_text(url))
        except UnicodeEncodeError:  # a terminal that cannot show the blocks: the URL above is enough
            print("(this terminal cannot show the QR code)", file=out)
    out.flush()


def make_server(app: Any, tls: ssl.SSLContext | None = None, limit: int = MAX_CONNECTIONS,
                log_level: str = "warning") -> Server:
    """The server `run` starts (tests start the same): uvicorn with this package's protocol and accept loop
    (deadlines.py, acceptor.py: no slow or silent client can hold the phones out), HTTPS with `tls`.

    No `limit_concurrency`: uvicorn counted every open connection against it, a silent one too; the bound
    is now on sockets (Slots, evicting those that send no head). No proxy headers: nothing stands between
    the phones and this server, and the page's scheme (the cookie's Secure) must be the connection's own.
    """
    config = uvicorn.Config(app, http=DeadlineProtocol, ws="none", lifespan="off", log_level=log_level,
                            limit_concurrency=None, timeout_keep_alive=int(HEAD_DEADLINE), proxy_headers=False,
                            server_header=False)  # no "server: uvicorn" on every answer (the first load, issue 44)
    return Server(config, tls=tls, limit=limit)


def run(host: str, port: int, db: str | None, cert: str | None = None, key: str | None = None,
        require_token: bool = False) -> None:
    """Serve until Ctrl-C. Beyond this machine (or with `require_token`, on it too: `serve --token`), every
    request needs this session's random token; with `cert` and `key` (PEM files), over HTTPS, checked before
    anything else is done."""
    tls = tls_context(cert, key)
    store = open_store(db)
    sock = listen(host, port)
    token = secrets.token_urlsafe(18) if require_token or not is_local(host) else None
    app = create_app(store, token)
    announce(page_url(host, sock.getsockname()[1], token, "https" if tls else "http"), token)
    make_server(app, tls, connection_limit()).run(sockets=[sock])


def connection_limit(wanted: int = MAX_CONNECTIONS, reserve: int = 64 + CLOSING) -> int:
    """How many sockets may be open at once: `wanted`, within the process's file descriptors (raised to
    the hard limit where the soft one is lower, as macOS's 256), keeping `reserve` for the games file,
    the threads, the terminal and the sockets evicted but not yet closed (acceptor.CLOSING): a server out
    of descriptors could not even open its games file."""
    try:
        import resource
    except ImportError:  # Windows: sockets are not counted against a descriptor limit
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted + reserve:
        raised = wanted + reserve if hard == resource.RLIM_INFINITY else min(wanted + reserve, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    return wanted if soft == resource.RLIM_INFINITY else max(16, min(wanted, soft - reserve))


def open_store(db: str | None):
    """The games file: --db FILE, or one under the user's data directory."""
    from mjscore.web.gamesfile import NotGamesFile
    from mjscore.web.store import Store

    try:
        store = Store(db)
    except NotGamesFile as e:
        raise MjscoreError(f"--db {e}", hint="mjscore keeps games only in a file of its own: give --db a new "
                           "file name, or leave it out") from None
    except (OSError, sqlite3.Error) as e:
        raise MjscoreError(f"cannot open the games file {db or 'in the data directory'}: {e}") from None
    if store.backup:
        print(f"mjscore: the games file was made by an earlier mjscore: updated, after a copy at {store.backup}",
              file=sys.stderr, flush=True)
    print(f"mjscore: games kept in {store.path}", file=sys.stderr, flush=True)
    return store
