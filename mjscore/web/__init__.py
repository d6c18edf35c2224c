"""A page at the table: score and settle from a phone, keep the game's sheet (`mjscore serve`).

A face beside the CLI that calls `mjscore.api` only. Its web stack (Starlette, uvicorn) is the
optional extra `mjscore[web]`: nothing else in mjscore imports this package, and importing it
loads no web stack until `serve()` or `app.create_app()` is called.
"""

from __future__ import annotations

import importlib.util

from mjscore.errors import MjscoreError

EXTRA = ("starlette", "uvicorn", "qrcode")
INSTALL = 'pip install "mjscore[web]"'


def missing_extra() -> list[str]:
    """The packages of the web extra that are not installed."""
    return [name for name in EXTRA if importlib.util.find_spec(name) is None]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, cert: str | None = None,
          key: str | None = None, require_token: bool = False) -> None:
    """Run the page's server until interrupted (over HTTPS with `cert` and `key`, PEM files; with the session's
    token required on this machine too with `require_token`); without the web extra, say in one line how to
    get it."""
    absent = missing_extra()
    if absent:
        raise MjscoreError(f"mjscore serve needs the web extra ({', '.join(absent)} not installed): {INSTALL}")
    from mjscore.web.server import run

    run(host, port, db, cert, key, require_token)
