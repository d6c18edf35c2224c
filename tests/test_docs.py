"""The project's own reference: `mjscore notation` prints docs/notation.md; every doc a reader is
sent to exists; nothing a user reads points outside the repo."""

from __future__ import annotations

import re

import pytest

from helpers import ROOT, run


def test_notation_prints_the_reference():
    code, out, err = run("notation")
    assert (code, err) == (0, "")
    assert out == (ROOT / "docs" / "notation.md").read_text(encoding="utf-8").rstrip("\n") + "\n"


@pytest.mark.parametrize("doc", ["README.md", "docs/notation.md", "docs/cli.md", "docs/api.md",
                                 "docs/architecture.md", "docs/tables.md"])
def test_the_docs_a_reader_is_sent_to_exist(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    for name in re.findall(r"docs/([a-z]+\.md)", text) + re.findall(r"\]\(([a-z]+\.md)\)", text):
        assert (ROOT / "docs" / name).is_file(), f"{doc} names docs/{name}"


def test_help_names_the_notation_reference():
    code, out, _ = run("--help")
    assert code == 0 and "docs/notation.md (`mjscore notation` prints it)" in out


def test_nothing_a_user_reads_points_outside_the_repo():
    # README, docs, table files and every message or help text in the package cite rulebooks by title
    # and rule number, and the project's own docs/: never the developers' digests or seed files
    outside = re.compile(r"\.\./shared|shared/(spec|rules|seeds)|seeds/0\d\d_|seed 00\d|classical\.md|"
                         r"(spanish|basque|danish|hungarian)\.md")
    files = [ROOT / "README.md", *(ROOT / "docs").glob("*.md"), *(ROOT / "tables").glob("*.yaml"),
             *(ROOT / "mjscore").rglob("*.py")]
    found = [f"{p.relative_to(ROOT)}:{n}" for p in files
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if outside.search(line)]
    assert found == []
