"""The game endpoints: a game's deals kept in the store, scored deal by deal (mjscore.web.gamebook).

    GET    /api/games[?limit=N&before=ID]      the games kept, newest first (50 at a time; `before`: the next
                                               page, from the last id shown)
    POST   /api/games                          {"name", "variant", "options", "players": [E, S, W, N]}: the
                                               players in the order of a game file; as many as the variant's
                                               table allows (/api/variants `players`: two or three in basque,
                                               three in danish: the empty chairs as batch seats them,
                                               `first_seats`; five or six in basque: four sit in each deal);
                                               the game's and players' names as mjscore.names
                                               checks them (a line break, a tab, an invisible or
                                               direction-changing character: 400), kept in NFC
    GET    /api/games/{id}[?limit=N]           the last N deals (default 100, at most 1000) as `batch --format
                                               json` shows them, their rows of the score sheet as `sheet
                                               --format json` shows them, totals, standings, `page` (`first`,
                                               `shown`, `deals`: which deals are shown of how many) and the
                                               seats and wind of the next deal (`next`: its `seats`, `round`,
                                               `out`: who sits it out, `over`: the game is over, `moved_on`:
                                               why the deal passed or stayed after the last deal, in words;
                                               a table whose scheme keeps counters: `honba` and `sticks`,
                                               those on the table); each deal with its own `moved_on`
                                               (mjscore.play.seating) and, where counters are kept,
                                               `counters` ({honba, sticks} it was played with:
                                               mjscore.web.counters); a win in its players' words is the
                                               winner's `said` ("30 fu 3 han: 3900"), as batch gives it
    POST   /api/games/{id}/deals               a deal as in a game file (hands by player, winner by name)
    PUT    /api/games/{id}/deals/{deal}        correct a deal
    DELETE /api/games/{id}/deals/{deal}        delete a deal
    POST   /api/games/{id}/undo                undo the last change
    POST   /api/games/{id}/redo                make again the change an undo took back (while no other came since)
    GET    /api/games/{id}/export.yaml         the game file `mjscore batch` reads

Every change (a deal added, corrected or deleted, an undo) may name the game's version it was made
against, `?version=N` (the sheet's `game.version`: how many changes the game has had): if another change
came first, it is refused with 409 and nothing is written; the page then reloads the game and lets the
player check the deal and save again. A change naming no version (a script) is applied as it comes.

A deal added or corrected may come wrapped, as the page sends it (issue 44): `{"deal": {...}, "draft": KEY,
"base": {...}, "after": ID}`. `draft`: the phone's key for the draft (a deal kept on the phone while the laptop
was out of reach is sent again): a draft whose key was saved already answers the deal it made (201 again,
`saved`), never a second deal. `after` (an added deal): the last deal the phone had read; the same deal (the
same hands and result: a draw with no hand entered is never one) added since by another phone is refused, 409
with `duplicate` ({"deal": its number, "id"}). `base` (a correction): the deal as the phone read it at
`version`; another phone's correction since is merged field by field (mjscore.web.merge) and saved, and a field
both changed is refused, 409 with `conflicts` ([{"field", "yours", "theirs"}]), `merged` (the deal with both
phones' other changes, the stored value in each field in conflict) and `theirs` (the deal as stored), for the
player to choose and save again.

Seats, winds and totals are derived as batch derives them, deal by deal; each deal's outcome is stored
with it, so a deal added costs the same whatever the game's length, and a deal corrected or deleted
re-scores only the deals whose seats it moves. A deal that cannot be scored is refused (400, the CLI's
message) and nothing is written. An id that names nothing, however long, is 404.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from mjscore.web.gamebook import MAX_PAGE, PAGE, Book
from mjscore.names import checked_name, one_line
from mjscore.web.requests import BadRequest, read_json
from mjscore.web.store import NotFound, Store, game_file

MAX_ID = 2 ** 63 - 1  # SQLite's largest row id: a larger one names nothing


def export_yaml(store: Store, game_id: int) -> str:
    import yaml

    game = store.game(game_id)
    # the name in a comment line: a line break in it (a game kept before names were checked) would end the
    # comment and spill the rest into the file's keys
    name = one_line(game["name"])
    head = f"# {name}: exported by mjscore serve; score it with: mjscore batch FILE\n"
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's: a game of thousands of deals in a second
    return head + yaml.dump(game_file(game), Dumper=dumper, sort_keys=False, allow_unicode=True, width=1000)


def _new_game(body: Any) -> tuple[str, str, dict, list[str]]:
    if not isinstance(body, dict):
        raise BadRequest('a game is {"name", "variant", "options", "players": [East, South, West, North]}')
    unknown = sorted(set(body) - {"name", "variant", "options", "players"})
    if unknown:
        raise BadRequest(f"unknown field {unknown[0]!r} (fields: name, variant, options, players)")
    name = body.get("name") or "game"
    variant = body.get("variant") or "spanish"
    options = body.get("options") or {}
    players = body.get("players")
    if not isinstance(name, str) or len(name) > 80:
        raise BadRequest("name: a text of at most 80 characters")
    name = checked_name(name, "name")  # a game's name and its players' as the CLI checks them (mjscore.names)
    if isinstance(players, list):
        players = [checked_name(p, "players") if isinstance(p, str) else p for p in players]
    if not isinstance(variant, str):
        raise BadRequest("variant: a variant's name, e.g. \"spanish\"")
    if not isinstance(options, dict) or not all(isinstance(v, (str, int, float, bool)) for v in options.values()):
        raise BadRequest('options: an object is expected, e.g. {"limit": 1000}')
    if (not isinstance(players, list) or not 2 <= len(players) <= 6
            or not all(isinstance(p, str) and p.strip() and len(p) <= 40 for p in players)):
        raise BadRequest("players: the players' names (at most 40 characters), seated East, South, West, North; "
                         "four, or as many as the variant's table allows (GET /api/variants: its players)")
    players = [p.strip() for p in players]
    if len(set(players)) != len(players):
        raise BadRequest("players: different names are needed")
    return name.strip() or "game", variant, options, players


def _version(request: Request) -> int | None:
    """The game's version a change was made against (`?version=N`), or None where the request names none."""
    given = request.query_params.get("version")
    if given is None:
        return None
    if not (given.isascii() and given.isdigit()) or len(given) > 18:
        raise BadRequest(f"version: the game's version as a whole number (the sheet's game.version), "
                         f"not {json.dumps(given)[:40]}")
    return int(given)


def _id(request: Request, what: str, text: str | None = None) -> int:
    """A game's or deal's id from the path: a number naming no row (however long) is 404, never an error."""
    text = request.path_params[what] if text is None else text
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or int(text) > MAX_ID:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise NotFound(f"no {what} {shown}" if text.isascii() and text.isdigit() else
                       f"no {what} {json.dumps(shown)}: a {what} is named by its number")
    return int(text)


def _count(request: Request, name: str, default: int, most: int) -> int:
    """A page's size from the query (`?limit=N`): 1 to `most`."""
    given = request.query_params.get(name)
    if given is None:
        return default
    if not (given.isascii() and given.isdigit()) or len(given) > 6 or not 1 <= int(given) <= most:
        raise BadRequest(f"{name}: a whole number from 1 to {most}, not {json.dumps(given)[:40]}")
    return int(given)


def _deal(body: Any) -> dict:
    if not isinstance(body, dict):
        raise BadRequest("a deal is a mapping with hands:, winner:, win: ... (as in a game file)")
    return body


WRAPPED = ("deal", "draft", "base", "after")


def _sent(body: Any) -> tuple[dict, str | None, dict | None, int | None]:
    """(the deal, its draft's key, the deal as the phone read it, the last deal it had read) of a change's body: a
    deal as a game file has it, or wrapped with what the page adds (see the module's docstring)."""
    if not (isinstance(body, dict) and "deal" in body and set(body) <= set(WRAPPED)):
        return _deal(body), None, None, None
    key, base, after = body.get("draft"), body.get("base"), body.get("after")
    if key is not None and not (isinstance(key, str) and 8 <= len(key) <= 80 and key.isascii() and key.isprintable()):
        raise BadRequest("draft: the draft's key, 8 to 80 letters, digits or signs (the page makes one per deal)")
    if base is not None and not isinstance(base, dict):
        raise BadRequest("base: the deal as this phone read it, a mapping as in a game file")
    if after is not None and (isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= MAX_ID):
        raise BadRequest(f"after: the id of the last deal this phone read (0: none), not {json.dumps(after)[:40]}")
    return _deal(body["deal"]), key, base, after


def game_routes(store: Store) -> list[Route]:
    book = Book(store)

    async def list_games(request: Request) -> Response:
        limit = _count(request, "limit", 50, 500)
        given = request.query_params.get("before")
        before = None if given is None else _id(request, "game", given)
        return JSONResponse(await run_in_threadpool(store.games, limit, before))

    async def create(request: Request) -> Response:
        name, variant, options, players = _new_game(await read_json(request))
        game_id = await run_in_threadpool(book.create, name, variant, options, players)
        return JSONResponse(await run_in_threadpool(book.view, game_id), status_code=201)

    async def show(request: Request) -> Response:
        game_id, limit = _id(request, "game"), _count(request, "limit", PAGE, MAX_PAGE)
        return JSONResponse(await run_in_threadpool(book.view, game_id, limit))

    async def add(request: Request) -> Response:
        game_id, version = _id(request, "game"), _version(request)
        deal, key, _, after = _sent(await read_json(request))
        deal_id = await run_in_threadpool(book.add, game_id, deal, version, key, after)
        body = await run_in_threadpool(book.view, game_id, _count(request, "limit", PAGE, MAX_PAGE))
        return JSONResponse({**body, "saved": deal_id}, status_code=201)

    async def one(request: Request) -> Response:
        game_id, deal_id, version = _id(request, "game"), _id(request, "deal"), _version(request)
        if request.method == "DELETE":
            await run_in_threadpool(book.delete, game_id, deal_id, version)
        else:
            deal, key, base, _ = _sent(await read_json(request))
            await run_in_threadpool(book.correct, game_id, deal_id, deal, version, base, key)
        return JSONResponse(await run_in_threadpool(book.view, game_id, _count(request, "limit", PAGE, MAX_PAGE)))

    async def undo(request: Request) -> Response:
        game_id, version = _id(request, "game"), _version(request)
        await read_json(request)  # {} as JSON: another site's form cannot post it (see read_json)
        done = await run_in_threadpool(book.undo, game_id, version, request.url.path.endswith("/redo"))
        return JSONResponse({**await run_in_threadpool(book.view, game_id, _count(request, "limit", PAGE, MAX_PAGE)),
                             **done})

    async def export(request: Request) -> Response:
        game_id = _id(request, "game")
        text = await run_in_threadpool(export_yaml, store, game_id)
        return Response(text, media_type="application/yaml; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="game-{game_id}.yaml"'})

    return [
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game}", show, methods=["GET"]),
        Route("/api/games/{game}/deals", add, methods=["POST"]),
        Route("/api/games/{game}/deals/{deal}", one, methods=["PUT", "DELETE"]),
        Route("/api/games/{game}/undo", undo, methods=["POST"]),
        Route("/api/games/{game}/redo", undo, methods=["POST"]),
        Route("/api/games/{game}/export.yaml", export, methods=["GET"]),
    ]
