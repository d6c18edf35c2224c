"""The page's server as an ASGI app (Starlette): the JSON API of the CLI, and the page's files.

`POST /api/score` takes `{"hand", "variant", "seat", "round", "win", "from", "win_set", "also", "options"}` (and
for riichi `"dora", "ura", "honba", "sticks"`, as --dora ...) and answers exactly the object `mjscore score
--format json` prints; `POST /api/settle` takes a deal (the data of a deal file) and answers what `mjscore settle --format json` prints. Bad input is 400 with the
CLI's one-line message (`{"error": ..., "details": [...]}`); a bug is 500 with one line, never a
traceback. Request bodies are bounded; every asset is served from the package (no network needed).
"""

from __future__ import annotations

import json
import logging
import secrets
import sqlite3
from pathlib import Path
from typing import Any, Callable

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from mjscore import api
from mjscore import SITUATIONS, SOURCES, contradiction, dealer_of
from mjscore import first_seats
from mjscore import LANGUAGES, language
from mjscore import FaultScoring, scheme_named
from mjscore.web.requests import BadRequest, error, read_json
from mjscore.web.slots import TOKEN_SHOWN
from mjscore.web.store import Conflicting, Duplicate, NothingToUndo, NotFound, StaleVersion

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("mjscore.web")


def _text(body: dict, key: str, default: str | None, optional: bool = False) -> str | None:
    value = body.get(key, default)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise BadRequest(f"{key}: a text is expected, not {json.dumps(value)[:40]}")
    return value


SCORE_FIELDS = ("hand", "variant", "seat", "round", "win", "from", "win_set", "also", "options", "lang", "dora", "ura",
                "honba", "sticks")


def _count(body: dict, key: str) -> int:
    """riichi's --honba and --sticks: a whole number from 0 (0 where not given)."""
    value = body.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 1000:
        raise BadRequest(f"{key}: a count of 0 to 1000 is expected, not {json.dumps(value)[:40]}")
    return value


def score_args(body: Any) -> dict:
    """The arguments of api.score from the request, as `mjscore score` takes them from its options."""
    if not isinstance(body, dict):
        raise BadRequest('the request must be a JSON object: {"hand": "[555p] 123m 789s SSS NN", "variant": ...}')
    unknown = sorted(set(body) - set(SCORE_FIELDS))
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} (fields: {', '.join(SCORE_FIELDS)})")
    if "hand" not in body:
        raise BadRequest("hand: the hand in the notation is required, e.g. \"[555p] 123m 789s SSS NN\"")
    also = body.get("also") or []
    if isinstance(also, str):
        also = [also]
    if not isinstance(also, list) or not all(isinstance(a, str) for a in also):
        raise BadRequest("also: a list of words is expected, e.g. [\"last-wall-tile\"]")
    return {"hand": _text(body, "hand", None), "variant": _text(body, "variant", None, optional=True),
            "seat": _text(body, "seat", "E"), "round": _text(body, "round", "E"),
            "win": _text(body, "win", None, optional=True), "source": _text(body, "from", "discard"),
            "win_set": _text(body, "win_set", None, optional=True),
            "also": tuple(also), "options": options_arg(body.get("options")), "lang": lang_arg(body),
            # riichi: the indicators (--dora, --ura) and the counters on the table (--honba, --sticks)
            "dora": _text(body, "dora", None, optional=True), "ura": _text(body, "ura", None, optional=True),
            "honba": _count(body, "honba"), "sticks": _count(body, "sticks")}


def lang_arg(body: dict) -> str:
    """The language of the items' names, as --lang: en (the default), eu, hu, es, da, or native."""
    lang = _text(body, "lang", "en")
    if lang not in LANGUAGES:  # as the CLI's --lang
        raise BadRequest(f"lang: one of {', '.join(LANGUAGES)}, not {json.dumps(lang)[:40]}")
    return lang


def to_dict_in(result, lang: str) -> dict:
    """A result's JSON in `lang`, native being its variant's own rulebook language (as the CLI's --lang)."""
    if lang == "native":  # (the variant is loaded only for native)
        lang = language(lang, api.load_variant(result.variant).language)
    return result.to_dict(lang)


def options_arg(options: Any) -> dict | list | None:
    """House options as the API takes them: {"limit": 1000} or ["limit=1000"]; values are scalars."""
    if options is None:
        return None
    if isinstance(options, dict):
        for k, v in options.items():
            if not isinstance(v, (str, int, float, bool)):
                raise BadRequest(f"options: {k} takes a single value, not {json.dumps(v)[:40]}")
        return options
    if isinstance(options, list) and all(isinstance(o, str) for o in options):
        return options
    raise BadRequest('options: an object is expected, e.g. {"limit": 1000}')


def check_situation(body: dict, args: dict) -> None:
    """As `mjscore score`: --also heaven or earth with a seat or --from that contradicts it is refused (a
    slip, not a rule to apply quietly); `from` counts only where the request gives it, as --from where typed."""
    problem = contradiction(args["seat"], args["source"] if "from" in body else None, args["also"],
                            dealer_of(args["options"] or {}))
    if problem:
        raise api.MjscoreError(problem)


async def api_score(request: Request) -> Response:
    body = await read_json(request)
    args = score_args(body)
    check_situation(body, args)
    hand, lang = args.pop("hand"), args.pop("lang")
    result = await run_in_threadpool(api.score, hand, **args)
    return JSONResponse(await run_in_threadpool(to_dict_in, result, lang))


async def api_settle(request: Request) -> Response:
    body = await read_json(request)
    if not isinstance(body, dict):  # the CLI's words for a deal file that is not a mapping
        raise BadRequest("deal: a deal is a mapping with hands:, winner:, win: ...")
    result = await run_in_threadpool(api.settle, body, where="deal")
    return JSONResponse(result.to_dict())


def also_words(v) -> dict[str, str]:
    """The --also words the variant's table knows, with what each means: the words its rules' conditions
    name (`also: heaven`) and the words it adds (`situations:`). Any other word `score --also` accepts
    changes nothing in this variant, so the page does not offer it (the API still accepts it, as the CLI)."""
    named: list[str] = []

    def walk(data: Any) -> None:
        if isinstance(data, dict):
            for key, value in data.items():
                if key == "also":
                    named.extend([value] if isinstance(value, str) else [w for w in value if isinstance(w, str)])
                walk(value)
        elif isinstance(data, list):
            for item in data:
                walk(item)

    walk(api.table_data(v).get("tables"))
    known = {**SITUATIONS, **v.situations}
    return {w: known[w] for w in known if w in named or w in v.situations}


FAULT_KINDS = {"short": "too few tiles", "long": "too many tiles", "wrong": "a wrong exposed set"}


def fault_kinds(v) -> dict[str, str]:
    """The faults a deal of this variant may mark on a non-winner's hand (`faults: {W: short}`), each with what
    it is and how it scores, in the table's order; where the settlement's `faults` switch depends on a house
    option, every kind some choice of it knows (the settlement refuses one the options chosen do not)."""
    how_words = {FaultScoring.RESTRICTED: "its points count, with only the doubles of flowers, seasons and doubling sets",
                 FaultScoring.ZERO: f"scores {v.long_hand}, its points not counted",
                 FaultScoring.NORMAL: "scored as any other hand"}
    out: dict[str, str] = {}
    for case in v.settlement.choices("faults"):
        for kind, how in case:
            what = FAULT_KINDS.get(kind)
            out.setdefault(kind, f"{what}: {how_words[how]}" if what else how_words[how])
    return out


def deal_choices(v) -> dict:
    """What a deal of this variant may say beyond a winner (docs/cli.md, the deal file): the --also words,
    whether its settlement has a rule for a false mah jong or for one player paying for all, the faults a
    non-winner's hand may have, how many play and, for each number, the seats a new game's players take in its
    first deal in the order given (the new-game form says where each will sit), whether it plays flowers and
    seasons (the page offers them only then) and, where it is paid as riichi is, that its deals say who declared
    riichi, the dora indicators, who was waiting at a draw and which abortive draws there are (`riichi`), where it is
    paid as mcr is, what a referee enters (`referee`: false wins, penalty points up to `most`, a time-out)."""
    rules = v.settlement
    players = rules.choices("players")
    counts = list(players[0]) if len(players) == 1 else [4]
    forms = {"riichi": None}  # (the part each payment scheme the table may choose adds, under the name it gives)
    for form in filter(None, (scheme_named(name).deal_form(v) for name in rules.choices("payments"))):
        forms[form["form"]] = {k: x for k, x in form.items() if k != "form"}
    return {"flowers": v.flowers, "also": also_words(v),
            "false_mahjong": any(fine is not None for fine in rules.choices("false_mahjong")),
            "pays_for_all": any(rules.choices("pays_for_all")), "faults": fault_kinds(v),
            "players": counts, "first_seats": {str(n): list(first_seats(n)) for n in counts},
            **forms}


def describe_all() -> dict:
    """What the page needs to offer choices: variants with their options and what a deal of each may say
    (deal_choices), the --from words and every --also word."""
    out = []
    for v in api.variants():
        d = api.describe_variant(v)
        out.append({**{k: d[k] for k in ("variant", "title", "source", "limit", "options")}, **deal_choices(v)})
    return {"variants": out, "default": "spanish", "from": list(SOURCES), "also": SITUATIONS}


_described: list[dict] = []


async def api_variants(request: Request) -> Response:
    if not _described:
        _described.append(await run_in_threadpool(describe_all))
    return JSONResponse(_described[0])


class Tiles(StaticFiles):
    """The tile images: cached by the phone for 30 days (a page load asks for none of the 42 again); the page's
    own files keep StaticFiles' validation, so a new version of mjscore serve is seen at the next load."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = "public, max-age=2592000"
        return response


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


async def service_worker(request: Request) -> Response:
    """The offline shell's service worker (static/sw.js), served from / so that it may keep the page itself."""
    return FileResponse(STATIC / "sw.js", media_type="text/javascript", headers={"Cache-Control": "no-cache"})


async def on_error(request: Request, exc: Exception) -> Response:
    if isinstance(exc, BadRequest):
        return error(str(exc), exc.status)
    if isinstance(exc, NotFound):
        return error(str(exc), 404)
    if isinstance(exc, NothingToUndo):
        return error(str(exc), 409)
    if isinstance(exc, StaleVersion):  # with the game's version now, for a script that reloads and tries again
        return JSONResponse({"error": str(exc), "version": exc.current}, status_code=409)
    if isinstance(exc, api.MjscoreError):
        return error(str(exc), 400, exc.detail_lines(), exc.hint)
    if isinstance(exc, Duplicate):  # the same deal saved by another phone first: nothing written
        return JSONResponse({"error": str(exc), "duplicate": {"deal": exc.deal, "id": exc.deal_id}}, status_code=409)
    if isinstance(exc, Conflicting):  # a field both phones corrected: nothing written, both values said
        return JSONResponse({"error": str(exc), "version": exc.version, "conflicts": exc.conflicts,
                             "merged": exc.merged, "theirs": exc.theirs}, status_code=409)
    if type(exc).__name__ == "Busy":  # web.gamebook.Busy (loaded with the games): others' changes kept coming first
        return error(str(exc), 409)
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return error("the games file is busy (another program holds it): try again", 503)
    if isinstance(exc, sqlite3.DatabaseError) and disk_full(exc):  # the file is whole: space is all it needs
        log.warning("the disk of the games file is full: free some space on it")  # (the laptop's terminal)
        return error("the disk of the games file is full: nothing was changed; free some space on it and try again",
                     503)
    if isinstance(exc, sqlite3.DatabaseError):  # damaged while serving (it was whole at the start)
        log.error("the games file failed on %s", request.url.path, exc_info=exc)
        return error(f"the games file cannot be read ({exc}): nothing was changed; restart mjscore serve to check "
                     "it", 503)
    log.error("internal error on %s", request.url.path, exc_info=exc)  # the log has it; the client never
    return error(f"internal error ({type(exc).__name__}); please report it with the input that caused it", 500)


SQLITE_FULL = 13  # SQLite's result code for a write that found no space (sqlite3.SQLITE_FULL from Python 3.11)


def disk_full(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite failed for want of space (its code where Python gives it, else its message)."""
    return getattr(exc, "sqlite_errorcode", None) == SQLITE_FULL or "database or disk is full" in str(exc)


class Guard:
    """Security headers on every answer, and (when listening beyond this machine) the session's token.

    With a token, a request passes if it carries `?token=...`, the `X-Mjscore-Token` header, or the
    cookie set when the page was first opened with the token (`Secure` over HTTPS); any other request
    gets 401. The server is told of a request that passes (TOKEN_SHOWN: deadlines.py), so that a connection
    that never showed the token can never hold a place a token holder needs; and a refusal closes its
    connection, so that a client without the token gets one answer per connection, however many requests
    it pipelines.
    """

    CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
           "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")

    def __init__(self, app: ASGIApp, token: str | None = None):
        self.app = app
        self.token = token

    def _authorised(self, scope: Scope) -> tuple[bool, bool]:
        """(passes, came with the token in the URL: set the cookie)."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        if not self.token:  # this machine only: a page of another site renamed to 127.0.0.1 (DNS rebinding) is not
            return _loopback_name(headers.get("host", "")), False
        from urllib.parse import parse_qs

        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        given = [*query.get("token", []), headers.get("x-mjscore-token", "")]
        for part in headers.get("cookie", "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == "mjscore_token":
                given.append(value)
        ok = any(secrets.compare_digest(g.encode(), self.token.encode()) for g in given if g)
        return ok, ok and bool(query.get("token"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        ok, set_cookie = self._authorised(scope)
        if not ok:
            if self.token:
                response = error("this page needs the token printed by `mjscore serve`: open the URL it shows", 401)
            else:
                response = error("this server answers only to this machine's own names (localhost, 127.0.0.1)", 403)
            response.headers["connection"] = "close"
            await self._secured(response)(scope, receive, send)
            return
        token_shown = scope.get("extensions", {}).get(TOKEN_SHOWN)
        if token_shown is not None:  # (served by mjscore's server: see deadlines.py)
            token_shown()

        async def send_secured(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"content-security-policy", self.CSP.encode()), (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]
                if set_cookie:
                    headers.append((b"set-cookie", self._cookie(scope).encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_secured)

    def _cookie(self, scope: Scope) -> str:
        """The token's cookie; over HTTPS `Secure`, so that a phone never sends it over plain HTTP (where the
        café's Wi-Fi would read it)."""
        secure = "; Secure" if scope.get("scheme") == "https" else ""
        return f"mjscore_token={self.token}; Path=/; HttpOnly; SameSite=Strict{secure}"

    def _secured(self, response: Response) -> Callable:
        response.headers["content-security-policy"] = self.CSP
        response.headers["x-content-type-options"] = "nosniff"
        return response


def _loopback_name(host_header: str) -> bool:
    """Whether a Host header names this machine: localhost or a loopback address, any port."""
    import ipaddress

    host = host_header.strip().lower()
    if host.startswith("["):
        host = host[1:host.find("]")] if "]" in host else host
    elif host.count(":") == 1:
        host = host.split(":")[0]
    if host in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def create_app(store: Any = None, token: str | None = None) -> Starlette:
    """The app; `store` keeps games (slice of the game sheet), `token` guards a server open to the LAN."""
    routes = [
        Route("/", index),
        Route("/sw.js", service_worker),
        Route("/api/score", api_score, methods=["POST"]),
        Route("/api/settle", api_settle, methods=["POST"]),
        Route("/api/variants", api_variants),
        Mount("/static/tiles", Tiles(directory=STATIC / "tiles"), name="tiles"),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if store is not None:
        from mjscore.web.games import game_routes

        routes[-1:-1] = game_routes(store)
    # every answer of more than a few hundred bytes gzipped where the phone takes it: the first load of the page
    # (its scripts, style, tiles and variants) is about a third of its size on the wire (issue 44)
    app = Starlette(routes=routes, middleware=[Middleware(Guard, token=token), Middleware(GZipMiddleware, minimum_size=500)],
                    exception_handlers={Exception: on_error, BadRequest: on_error, api.MjscoreError: on_error,
                                        NotFound: on_error, NothingToUndo: on_error, StaleVersion: on_error,
                                        Duplicate: on_error, Conflicting: on_error,
                                        sqlite3.DatabaseError: on_error})  # (answered, not raised on to uvicorn)
    return app
