"""How a command prints for programs: JSON on one line, CSV rows. (-o FILE, written atomically with
batch's AtomicFile, is the decorator `output_option` of options.py.)"""

from __future__ import annotations

import json
import sys

import click


def emit_csv(header: list, rows) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)


def emit_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))
