"""The faces reach the core only through the public API (issue 40, point 3): cli/ and web/ import the package's
public names (`mjscore`, `mjscore.api`, every name in mjscore/__init__.py's table), the ground floor (errors,
messages, names, loading, memo, spool, yamlstream, tuples) and their own modules; never hand/, rules/ or play/ (the
review counted 52 such imports), nor the API's own modules by another door."""

from __future__ import annotations

import ast
from pathlib import Path

import mjscore

ROOT = Path(mjscore.__file__).parent
GROUND = {"mjscore.errors", "mjscore.messages", "mjscore.names", "mjscore.loading", "mjscore.memo", "mjscore.spool",
          "mjscore.yamlstream", "mjscore.tuples"}
DOORS = {"mjscore", "mjscore.api"}


def _imported(path: Path) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mjscore"):
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names if a.name.startswith("mjscore"))
    return out


def _allowed(face: str, module: str) -> bool:
    top = ".".join(module.split(".")[:2])
    return module in DOORS or top in GROUND or top in ("mjscore.cli", "mjscore.web") and (
        top == face or (face, top) == ("mjscore.cli", "mjscore.web"))  # `serve` starts the page


def test_no_face_imports_the_core_past_the_api():
    past = [f"{p.relative_to(ROOT.parent)}:{line} {m}" for face in ("cli", "web") for p in (ROOT / face).rglob("*.py")
            for line, m in _imported(p) if not _allowed(f"mjscore.{face}", m)]
    assert past == []


def test_every_public_name_resolves_from_the_package():  # a face's `from mjscore import NAME` cannot fail
    missing = [n for n in mjscore.__all__ if not hasattr(mjscore, n)]
    assert missing == []


def test_the_check_sees_an_import_past_the_api(tmp_path):  # the check above is not vacuous
    bad = tmp_path / "bad.py"
    bad.write_text("from mjscore.play.record import play\nimport mjscore.hand.tiles\nfrom mjscore import api\n")
    assert [m for _, m in _imported(bad) if not _allowed("mjscore.cli", m)] == ["mjscore.play.record",
                                                                              "mjscore.hand.tiles"]
