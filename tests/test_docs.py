"""The project's own reference: `mjscore notation` prints docs/notation.md; every doc a reader is
sent to exists; nothing a user reads points outside the repo; and every command example of README.md and
docs/*.md runs and does what its text says.

The examples are collected by pattern, never listed by hand: a line of a code block that is an `mjscore`
command (or ends in `&& mjscore ...`), or a `cat examples/...` line, with the lines under it up to the next
command as its output shown; and an inline code span that is a whole `mjscore` command (arguments, none of
them a placeholder such as FILE or `...`). An example runs in-process (tests/helpers.py `run`) in one scratch
folder where `examples/` is the repo's, so that a file written by an earlier example is there for a later one.
It must exit 0, or 2 where its shown output is an error; output shown under it must be the output exactly,
or, where a line `...` marks an excerpt, its lines in order; an inline example written after "`TEXT` for"
must print TEXT. Those that cannot run offline are listed in NOT_RUN with why."""

from __future__ import annotations

import doctest
import glob
import os
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import ROOT, run
from mjscore.cli.main import main

DOCS = ["README.md", *sorted(f"docs/{p.name}" for p in (ROOT / "docs").glob("*.md"))]

# example (as collected) -> why it cannot run here; each must still be in a doc (test_not_run_are_still_in_the_docs)
NOT_RUN = {
    "mjscore batch game.yaml | head -1":
        "a pipe closed early, in a real process: tests/test_newcomer.py (a reader that stops early)",
    "mjscore serve --host 0.0.0.0 --cert 192.168.1.20.pem --key 192.168.1.20-key.pem":
        "serves on a LAN with a certificate made by mkcert for that address: tests/test_web_tls.py",
    "mjscore batch archive/*.jsonl -o scored.json --dask tcp://HOST:8786":
        "a Dask cluster's address: tests/test_dask.py starts a local cluster",
    "mjscore variants diff club/versions/2025/dmjl.yaml dmjl --tables club":
        "a club's own tables folder, not shipped: tests/test_versions.py makes one",
}
# inline examples whose text says they fail: example -> (exit status, what the message must say)
FAILS = {
    "mjscore score 123m 456m 789m EEE NN": (2, 'quote the hand: mjscore score "123m 456m 789m EEE NN"'),
}

TILE_LETTERS = set("ESWNRGPCF")


@dataclass(frozen=True)
class Example:
    """One command example of a doc: where it stands, the command, and the output the doc shows under it."""
    doc: str
    line: int
    command: str
    shown: tuple[str, ...] | None = None  # lines of a code block under the command; None: none shown
    said: str | None = None  # an inline example's output, quoted before it ("`TEXT` for `mjscore ...`")

    @property
    def excerpt(self) -> bool:
        return self.shown is not None and any(s.strip() in ("...", "…") for s in self.shown)


def uncommented(line: str) -> str:
    """LINE without its shell comment (a `#` that starts a word outside quotes)."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def is_command(line: str) -> str | None:
    """The command a code block's line runs (an `mjscore` line, the `mjscore` command after `&&`, `cat FILE`)."""
    text = uncommented(line.strip().removeprefix("$ "))
    if text.startswith(("mjscore ", "cat examples/")) or text == "mjscore":
        return text
    tail = text.rsplit("&& ", 1)
    return tail[1] if len(tail) == 2 and tail[1].startswith("mjscore") else None


def code_blocks(lines: list[str]):
    """The lines of each code block, [(line number, text)]: fenced, or indented four spaces after a blank line
    (the indent taken off; blank lines inside kept, as output may have them)."""
    block: list[tuple[int, str]] = []
    fenced = False
    for n, line in enumerate(lines, 1):
        if line.startswith("```"):
            if fenced:
                yield block
                block = []
            fenced = not fenced
        elif fenced:
            block.append((n, line))
        elif line.startswith("    ") and (block or n == 1 or not lines[n - 2].strip()):
            block.append((n, line[4:]))
        elif not line.strip() and block:
            block.append((n, ""))
        else:
            if block:
                yield block
            block = []
    if block:
        yield block


def block_examples(doc: str, lines: list[str]):
    for block in code_blocks(lines):
        current: list = []
        pending = ""
        for n, line in block:
            if pending:
                more = uncommented(line.strip())
                pending += " " + more.rstrip("\\").strip()
                if not more.endswith("\\"):
                    current[-1][1], pending = pending, ""
                continue
            command = is_command(line)
            if command:
                current.append([n, command.rstrip("\\").strip(), []])
                pending = command.rstrip("\\").strip() if command.endswith("\\") else ""
            elif current:
                current[-1][2].append(line.rstrip())
        for n, command, shown in current:
            while shown and not shown[-1]:
                shown.pop()
            yield Example(doc, n, command, tuple(shown) if shown else None)


def placeholder(command: str) -> bool:
    """True where a word stands for something to fill in: FILE, NAME=SPELLING, `...`, [optional parts]."""
    if "..." in command or "…" in command or "[" in re.sub(r'"[^"]*"', "", command):
        return True
    words = re.findall(r"(?<![a-z0-9])[A-Z][A-Z_]*(?![a-z])", command)
    return any(set(w) - TILE_LETTERS for w in words)


def inline_examples(doc: str, text: str):
    for m in re.finditer(r"`(mjscore\s[^`]+)`", text):
        command = " ".join(m.group(1).split())
        if placeholder(command) or len(command.split()) < 3 and not command.split()[-1].startswith("-"):
            continue  # a command's name or synopsis, not an example
        said = re.search(r"`([^`]+)`\s+for\s+$", text[max(0, m.start() - 300):m.start()])
        yield Example(doc, text.count("\n", 0, m.start()) + 1, command,
                      said=" ".join(said.group(1).split()) if said else None)


def collect() -> list[Example]:
    found: list[Example] = []
    for doc in DOCS:
        text = (ROOT / doc).read_text(encoding="utf-8")
        found += block_examples(doc, text.splitlines())
        found += inline_examples(doc, text)
    return sorted(found, key=lambda e: (DOCS.index(e.doc), e.line))


EXAMPLES = collect()
RUNNABLE = [e for e in EXAMPLES if e.command not in NOT_RUN]


def argv(command: str) -> list[str]:
    """The words the shell would pass: comments dropped, `$(cat FILE)` read, globs expanded. A server or a
    cluster's address is refused at once (in-process it would wait, not fail): such an example goes in NOT_RUN."""
    words = shlex.split(command, comments=True)
    assert not {"|", "<", ">", ";", "&&"} & set(words), f"a shell feature the test does not run: {command}"
    waits = words[1:2] == ["serve"] and "--help" not in words or "--dask" in words and "local" not in words
    assert not waits, f"serves or needs a cluster, so cannot run here: list it in NOT_RUN with why: {command}"
    out = []
    for word in words[1:]:
        word = re.sub(r"\$\(cat ([^)]+)\)", lambda m: Path(m.group(1)).read_text(encoding="utf-8").strip(), word)
        expanded = sorted(glob.glob(word)) if any(c in word for c in "*?") else []
        out += expanded or [word]
    return out


@pytest.fixture(scope="session")
def outcomes(tmp_path_factory):
    """Every runnable example run once, in the docs' order, in one scratch folder: {example: (exit status,
    stdout and stderr)}; None for an example refused before it ran (a shell feature, a server)."""
    here = Path.cwd()
    scratch = tmp_path_factory.mktemp("docs")
    (scratch / "examples").symlink_to(ROOT / "examples")
    os.chdir(scratch)
    results = {}
    try:
        for e in RUNNABLE:
            if e.command.startswith("cat "):
                results[e] = (0, Path(e.command.split()[1]).read_text(encoding="utf-8"))
            else:
                try:
                    code, out, err = run(*argv(e.command))
                except (AssertionError, OSError) as refused:  # this example's own failure, not every example's
                    code, out, err = None, "", str(refused)
                results[e] = (code, out + err)
    finally:
        os.chdir(here)
    return results


@pytest.mark.parametrize("example", RUNNABLE, ids=lambda e: f"{e.doc}:{e.line}")
def test_example_does_what_its_text_says(example, outcomes):
    code, out = outcomes[example]
    printed = [line.rstrip() for line in out.rstrip("\n").splitlines()]
    shown = [line.rstrip() for line in example.shown or ()]
    expected_code, message = FAILS.get(example.command, (0, None))
    if shown and shown[0].startswith("mjscore: error:"):
        expected_code = 2
    assert code == expected_code, f"{example.command}\n{out}"
    if message:
        assert message in out
    if example.said:
        assert example.said in " ".join(out.split()), f"{example.command} does not print {example.said!r}"
    if example.shown is None:
        return
    if not example.excerpt:
        assert printed == shown
        return
    rest = iter(printed)  # an excerpt: the lines shown, in order, each a whole line of the output
    for line in (s for s in shown if s.strip() not in ("...", "…")):
        assert line in rest, f"{example.command}: {line!r} not printed (in order)"


def test_examples_are_collected_from_every_doc_that_has_them():
    docs = {e.doc for e in EXAMPLES}
    assert {"README.md", "docs/cli.md", "docs/notation.md"} <= docs
    assert len(RUNNABLE) >= 20


def test_not_run_are_still_in_the_docs():
    collected = {e.command for e in EXAMPLES}
    assert [c for c in NOT_RUN if c not in collected] == []
    assert [c for c in FAILS if c not in collected] == []


def test_ci_runs_the_readme_test_command():
    # .ci/run runs the README's test command verbatim: the line under "The command CI runs"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"The command CI runs:\n\n    (.+)\n", readme).group(1)
    assert command == ('python3 -m venv .venv && . .venv/bin/activate && pip install -q -c constraints.txt ".[test]" '
                       "&& python -m pytest -q")
    assert command in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_readme_python_runs():
    failed, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert (failed, tried > 0) == (0, True)


def test_shell_completion_as_docs_cli_says():
    # docs/cli.md: eval "$(_MJSCORE_COMPLETE=bash_source mjscore)" defines bash's completion function
    cli = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert 'eval "$(_MJSCORE_COMPLETE=bash_source mjscore)"' in cli
    result = CliRunner().invoke(main, [], env={"_MJSCORE_COMPLETE": "bash_source"}, prog_name="mjscore")
    assert result.exit_code == 0 and "_mjscore_completion()" in result.stdout
    assert "complete -o nosort -F _mjscore_completion mjscore" in result.stdout


def test_notation_prints_the_reference():
    code, out, err = run("notation")
    assert (code, err) == (0, "")
    assert out == (ROOT / "docs" / "notation.md").read_text(encoding="utf-8").rstrip("\n") + "\n"


@pytest.mark.parametrize("doc", DOCS)
def test_the_docs_a_reader_is_sent_to_exist(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    for name in re.findall(r"docs/([a-z]+\.md)", text) + re.findall(r"\]\(([a-z]+\.md)\)", text):
        assert (ROOT / "docs" / name).is_file(), f"{doc} names docs/{name}"
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):  # every link: a file of the repo
        path = ((ROOT / doc).parent / target).resolve()
        assert path.is_relative_to(ROOT) and path.exists(), f"{doc} links to {target}"


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
