"""`mjscore serve`: the page for phones at the table (the web extra). Loaded only when it runs (or
`mjscore --help` lists it)."""

from __future__ import annotations

import click

from mjscore.cli.options import MjscoreCommand


@click.command(cls=MjscoreCommand)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="address to listen on; 0.0.0.0 opens it to the phones on this network (with a token)")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="port to listen on")
@click.option("--db", default=None, metavar="FILE", help="the SQLite file of the games kept (default: one under "
              "the user's data directory)")
@click.option("--cert", default=None, metavar="FILE", help="serve HTTPS with this certificate (PEM, e.g. from "
              "mkcert); needs --key")
@click.option("--key", default=None, metavar="FILE", help="the certificate's private key (PEM); needs --cert")
@click.option("--token", "require_token", is_flag=True, envvar="MJSCORE_SERVE_TOKEN", show_envvar=True,
              help="require this session's token on this machine too (it always is beyond it): to try the "
              "phones' token mode on one machine")
def serve(host, port, db, cert, key, require_token):
    """Serve the page for phones at the table: score and settle by tapping tiles, keep the game's sheet.

    Needs the web extra: pip install "mjscore[web]".

    \b
    Examples:
      mjscore serve --host 0.0.0.0
      mjscore serve --host 0.0.0.0 --cert 192.168.1.20.pem --key 192.168.1.20-key.pem
    """
    from mjscore import web

    web.serve(host, port, db, cert, key, require_token)
