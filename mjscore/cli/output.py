"""How a command prints for programs: JSON on one line, CSV rows. (-o FILE, written atomically with
outfile.py, is the decorator `output_option` of options.py.)"""

from __future__ import annotations

import sys

import click

try:  # json.dumps's own C encoder: importing `json` compiles half a dozen regular expressions (~1 ms of start-up)
    from _json import encode_basestring, make_encoder
except ImportError:  # pragma: no cover (an interpreter without it)
    make_encoder = None


def _not_json(value: object) -> None:
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def to_json(data) -> str:
    """Exactly json.dumps(data, ensure_ascii=False): the same C encoder, called as json.dumps calls it."""
    if make_encoder is None or isinstance(data, str):
        import json

        return json.dumps(data, ensure_ascii=False)
    encode = make_encoder({}, _not_json, encode_basestring, None, ": ", ", ", False, False, True)
    return "".join(encode(data, 0))


def emit_csv(header: list, rows) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)


def emit_json(data) -> None:
    click.echo(to_json(data))
