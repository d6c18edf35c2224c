"""The page's JSON API is the CLI's: /api/score answers exactly `score --format json`, /api/settle exactly
`settle --format json`, bad input is 400 with the CLI's one-line message; the server never shows a
traceback, bounds what it reads, and `mjscore serve` without the web extra says how to install it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import EXAMPLES, ROOT, run
from webserver import request, running

from mjscore.web import app as web_app
from mjscore.web.faces import NAMES, svg

SCORE_CASES = [  # (request, the same as CLI options)
    ({"hand": "[555p] 123m 789s SSS NN", "variant": "spanish", "seat": "S", "win": "7s", "from": "wall"},
     ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"]),
    ({"hand": "{5555s} 234s 678s RRR 11s", "variant": "basque", "win": "1s", "from": "wall",
      "options": {"mode": "clean"}},
     ["{5555s} 234s 678s RRR 11s", "--variant", "basque", "--win", "1s", "--from", "wall", "--option", "mode=clean"]),
    ({"hand": "123m 456p 789s EEE NN 1f 3y", "variant": "dmjl", "round": "S", "also": ["last-wall-tile"],
      "from": "wall"},
     ["123m 456p 789s EEE NN 1f 3y", "--variant", "dmjl", "--round", "S", "--also", "last-wall-tile", "--from", "wall"]),
    ({"hand": "[RRR] 234m 55s 78p NN", "variant": "hungarian"},
     ["[RRR] 234m 55s 78p NN", "--variant", "hungarian"]),
    ({"hand": "19m 19p 19s ESWNRGP 1m", "variant": "bmja"}, ["19m 19p 19s ESWNRGP 1m", "--variant", "bmja"]),
    # heaven: East's, or the banker's where the variant has one (hungarian); no --from given
    ({"hand": "123m 456m 789p 234s RR", "also": ["heaven"]}, ["123m 456m 789p 234s RR", "--also", "heaven"]),
    ({"hand": "123m 456m 789p 234s RR", "variant": "hungarian", "seat": "S", "also": ["heaven"],
      "options": {"banker": "S"}},
     ["123m 456m 789p 234s RR", "--variant", "hungarian", "--seat", "S", "--also", "heaven", "--option", "banker=S"]),
]

BAD_SCORES = [  # (request, CLI options): the 400's message is the CLI's line after "mjscore: error: "
    ({"hand": "123x 456p"}, ["123x 456p"]),
    ({"hand": "5555p 5p 123m"}, ["5555p 5p 123m"]),
    ({"hand": "123m", "variant": "../../etc/passwd"}, ["123m", "--variant", "../../etc/passwd"]),
    ({"hand": "123m 456p 789s EEE NN", "seat": "X"}, ["123m 456p 789s EEE NN", "--seat", "X"]),
    ({"hand": "123m 456p 789s EEE NN", "win": "9p"}, ["123m 456p 789s EEE NN", "--win", "9p"]),
    ({"hand": "123m 456p 789s EEE NN", "options": {"limit": "lots"}},
     ["123m 456p 789s EEE NN", "--option", "limit=lots"]),
    ({"hand": "123m 456p 789s EEE NN", "also": ["sunshine"]}, ["123m 456p 789s EEE NN", "--also", "sunshine"]),
    ({"hand": ""}, [""]),
    # a circumstance the seat or --from contradicts is a slip, refused as `score` refuses it
    ({"hand": "123m 456m 789p 234s RR", "seat": "S", "also": ["heaven"]},
     ["123m 456m 789p 234s RR", "--seat", "S", "--also", "heaven"]),
    ({"hand": "123m 456m 789p 234s RR", "seat": "S", "from": "wall", "also": ["earth"]},
     ["123m 456m 789p 234s RR", "--seat", "S", "--from", "wall", "--also", "earth"]),
    ({"hand": "123m 456m 789p 234s RR", "from": "discard", "also": ["heaven"]},
     ["123m 456m 789p 234s RR", "--from", "discard", "--also", "heaven"]),
]


@pytest.mark.parametrize("body, args", SCORE_CASES)
def test_score_is_the_cli_json(base, body, args):
    code, out, err = run("score", *args, "--format", "json")
    assert code == 0, err
    status, got = request(base + "/api/score", body)
    assert status == 200
    assert got == json.loads(out)


@pytest.mark.parametrize("lang", ["es", "native", "eu"])
def test_score_names_items_in_the_language_asked_as_the_cli(base, lang):
    # the page asks for the rulebook's own words as --lang does (spanish: page 2 of its rulebook)
    args = ["[555p] 123m 789s SSS NN", "--variant", "spanish", "--seat", "S", "--win", "7s", "--from", "wall"]
    code, out, err = run("score", *args, "--lang", lang, "--format", "json")
    assert code == 0, err
    status, got = request(base + "/api/score", {**SCORE_CASES[0][0], "lang": lang})
    assert status == 200 and got == json.loads(out)
    status, got = request(base + "/api/score", {**SCORE_CASES[0][0], "lang": "fr"})
    assert (status, got["error"]) == (400, 'lang: one of en, eu, hu, es, da, zh, ja, zh-Hant, native, not "fr"')


@pytest.mark.parametrize("body, args", BAD_SCORES)
def test_bad_hand_is_400_with_the_cli_message(base, body, args):
    code, out, err = run("score", *args)
    assert code == 2
    cli_line = err.splitlines()[0]
    assert cli_line.startswith("mjscore: error: ")
    status, got = request(base + "/api/score", body)
    assert status == 400
    assert got["error"] == cli_line.removeprefix("mjscore: error: ")


def test_settle_is_the_cli_json(base):
    code, out, err = run("settle", str(EXAMPLES / "deal-spanish.yaml"), "--format", "json")
    assert code == 0, err
    import yaml

    deal = yaml.safe_load((EXAMPLES / "deal-spanish.yaml").read_text())
    status, got = request(base + "/api/settle", deal)
    assert status == 200
    assert got == json.loads(out)
    # by hand (Babcock, Rules for Mah-Jongg (1923), as the Spanish rulebook's page 2 takes it): South's
    # [555p] 2 + SSS 8 + mah jong 20 = 30, own wind x2 = 60; East pays double: 120, West and North 60 each
    assert [(p["from"], p["to"], p["amount"]) for p in got["payments"][:3]] == [("E", "S", 120), ("W", "S", 60),
                                                                               ("N", "S", 60)]
    assert sum(got["net"].values()) == 0


def test_bad_deal_is_400_with_the_cli_message(base, tmp_path):
    deal = {"variant": "spanish", "hands": {"E": "123m", "S": "[555p] 123m 789s SSS NN", "W": "1p", "N": "2p"},
            "winner": "S", "win": {"tile": "7s", "from": "sideways"}}
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps(deal))  # JSON is YAML
    code, _, err = run("settle", str(path))
    assert code == 2
    status, got = request(base + "/api/settle", deal)
    assert status == 400
    assert got["error"] == err.splitlines()[0].removeprefix("mjscore: error: ").replace(str(path), "deal")
    status, got = request(base + "/api/settle", ["not", "a", "deal"])
    assert (status, got["error"]) == (400, "deal: a deal is a mapping with hands:, winner:, win: ...")


@pytest.mark.parametrize("raw, status, words", [
    (b"{not json", 400, "not JSON"),
    (b"\xff\xfe", 400, "not UTF-8"),
    (b'["a hand"]', 400, "a JSON object"),
    (b'{"hand": "123m", "hand": "456m"}', 400, "given twice"),
    (b'{"hand": "123m", "colour": "red"}', 400, "unknown field 'colour'"),
    (b'{"hand": 123}', 400, "hand: a text is expected"),
    (b'{"hand": "123m", "also": [1]}', 400, "also: a list of words"),
    (b'{"hand": "123m", "options": {"limit": [1]}}', 400, "options: limit takes a single value"),
    (b'{"seat": "E"}', 400, "hand: the hand in the notation is required"),
    (b"[" * 100_000, 413, "over 65536 bytes"),
    (b"[" * 60_000, 400, "nests too deeply"),
])
def test_malformed_requests_get_one_line(base, raw, status, words):
    got_status, got = request(base + "/api/score", raw=raw)
    assert got_status == status
    assert words in got["error"] and "\n" not in got["error"] and "Traceback" not in json.dumps(got)


def test_a_bug_is_500_without_a_traceback(monkeypatch):
    def broken(*a, **k):
        raise ZeroDivisionError("secret detail")

    monkeypatch.setattr(web_app.api, "score", broken)
    with running(web_app.create_app()) as url:
        status, got = request(url + "/api/score", {"hand": "123m"})
    assert status == 500
    assert got == {"error": "internal error (ZeroDivisionError); please report it with the input that caused it"}


def test_variants_lists_every_packaged_variant_and_its_options(base):
    status, got = request(base + "/api/variants")
    assert status == 200
    assert sorted(v["variant"] for v in got["variants"]) == ["basque", "bmja", "danish", "dmjl", "hk", "hungarian",
                                                                "mcr", "riichi", "spanish"]
    basque = next(v for v in got["variants"] if v["variant"] == "basque")
    assert basque["options"]["mode"]["default"] == "mixed" and "clean" in basque["options"]["mode"]["choices"]
    assert got["from"] == ["discard", "wall", "loose", "kong"] and "last-wall-tile" in got["also"]


def test_the_page_and_its_assets_are_served_by_the_tool(base):
    status, page = request(base + "/")
    assert status == 200
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "http://" not in page and "https://" not in page  # no CDN: every asset is the tool's
    for asset in ("app.js", "hand.js", "app.css"):
        status, text = request(base + "/static/" + asset)
        assert status == 200 and "http://" not in text and "https://" not in text.replace("http://www.w3.org", "")
    for name in NAMES:
        status, text = request(base + f"/static/tiles/{name}.svg")
        assert status == 200 and text.startswith("<svg") and f'aria-label="{name}"' in text
    assert request(base + "/static/../pyproject.toml")[0] == 404


def test_tile_faces_are_the_drawn_ones():
    """The shipped SVG files are what faces.py draws (regenerate: python -m mjscore.web.faces)."""
    folder = ROOT / "mjscore" / "web" / "static" / "tiles"
    assert sorted(p.stem for p in folder.glob("*.svg")) == sorted(NAMES)
    assert len(NAMES) == 34 + 8 + 3  # the 34 kinds, 4 flowers, 4 seasons, the red fives of riichi (0m 0p 0s)
    for name in NAMES:
        assert (folder / f"{name}.svg").read_text(encoding="utf-8") == svg(name), name


def _python(code: str, env_extra: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **(env_extra or {})}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def test_score_never_imports_the_web_stack():
    done = _python(
        "import sys\n"
        "from mjscore.cli.main import main\n"
        "try:\n"
        "    main(['score', '[555p] 123m 789s SSS NN', '--format', 'json'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'anyio', 'playwright')"
        " or m.startswith('mjscore.web')))\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_serve_without_the_web_extra_says_how_to_install_it():
    done = _python("import sys\nsys.modules['starlette'] = None\nsys.modules['uvicorn'] = None\n"
                   "from mjscore.cli.main import main\nmain(['serve'])\n")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        'mjscore: error: mjscore serve needs the web extra (starlette, uvicorn not installed): pip install "mjscore[web]"']


def test_other_sites_cannot_write_or_rebind(base, tmp_path):
    """A page of another site can send a form (text/plain, no preflight) or reach 127.0.0.1 under its own
    name (DNS rebinding): neither gets through."""
    status, got = request(base + "/api/score", raw=b'{"hand": "123m"}', headers={"Content-Type": "text/plain"})
    assert (status, got["error"]) == (415, "send the request as JSON (Content-Type: application/json)")
    status, got = request(base + "/", headers={"Host": "evil.example:8000"})
    assert status == 403 and "only to this machine" in got["error"]
    for host in ("localhost:8000", "127.0.0.1", "[::1]:8000"):
        assert request(base + "/api/variants", headers={"Host": host})[0] == 200, host
    from mjscore.web.store import Store

    store = Store(tmp_path / "games.sqlite3")
    with running(web_app.create_app(store)) as url:
        status, sheet = request(url + "/api/games", {"players": ["A", "B", "C", "D"]})
        game = sheet["game"]["id"]
        status, _ = request(f"{url}/api/games/{game}/undo", raw=b"", headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert status == 415
