"""The game endpoints: a game's deals kept in the store, its sheet derived by `mjscore.api.score_game`.

    GET    /api/games                          the games kept, newest first
    POST   /api/games                          {"name", "variant", "options", "players": [E, S, W, N]}: the
                                               players in the order of a game file; as many as the variant
                                               allows (three in basque and danish: the empty chair as batch
                                               seats it; five or six in basque: four sit in each deal);
                                               the game's and players' names as mjscore.names
                                               checks them (a line break, a tab, an invisible or
                                               direction-changing character: 400), kept in NFC
    GET    /api/games/{id}                     every deal as `batch --format json` shows it, the score sheet
                                               as `sheet --format json` shows it, totals, standings, and the
                                               seats and wind of the next deal (`next`: its `seats`, `round`,
                                               `out`: who sits it out, `over`: the game is over)
    POST   /api/games/{id}/deals               a deal as in a game file (hands by player, winner by name)
    PUT    /api/games/{id}/deals/{deal}        correct a deal
    DELETE /api/games/{id}/deals/{deal}        delete a deal
    POST   /api/games/{id}/undo                undo the last change
    GET    /api/games/{id}/export.yaml         the game file `mjscore batch` reads

Every change (a deal added, corrected or deleted, an undo) may name the game's version it was made
against, `?version=N` (the sheet's `game.version`: how many changes the game has had): if another change
came first, it is refused with 409 and nothing is written; the page then reloads the game and lets the
player check the deal and save again. A change naming no version (a script) is applied as it comes.

Seats, winds and totals are never stored: the sheet is the game file scored again, so a deal corrected
or deleted changes everything after it. A deal that cannot be scored is refused (400, the CLI's message)
and the change rolled back.
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from mjscore import api
from mjscore.names import checked_name, one_line
from mjscore.web.requests import BadRequest, read_json
from mjscore.web.store import Store, game_file

PLACEHOLDER = {"hands": {}, "winner": None}  # a deal after the last: batch says its seats and wind


def score(data: dict) -> tuple[dict, dict, dict]:
    """The game file scored by the API (batch's JSON), its score sheet (`mjscore sheet`'s JSON), and the
    seats and wind of the next deal (and who sits it out, in a game of five or six)."""
    folder = tempfile.mkdtemp(prefix="mjscore-game-")
    path = os.path.join(folder, "game.jsonl")
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps({k: data[k] for k in ("variant", "options", "players")}) + "\n")
            for deal in [*data["deals"], PLACEHOLDER]:
                f.write(json.dumps(deal) + "\n")
        scored = api.score_game(path)
    except api.MjscoreError as e:  # the header refused: say it of the game, never of a temporary file
        raise api.MjscoreError(str(e).replace(path, "game"), hint=e.hint) from None
    finally:
        if os.path.exists(path):
            os.remove(path)
        os.rmdir(folder)
    after = scored.deals[-1]  # the placeholder: not scored, it moves nothing
    summary = {**scored.summary, "read": scored.summary["read"] - 1, "rejected": scored.summary["rejected"] - 1}
    scored = scored._replace(deals=scored.deals[:-1], summary=summary)
    here = json.dumps(path)[1:-1]
    result = json.loads(json.dumps(scored.to_dict()).replace(here, "game"))
    sheet = json.loads(json.dumps(api.score_sheet(scored).to_dict()).replace(here, "game"))
    last_game = scored.deals[-1]["game"] if scored.deals else 1
    return result, sheet, {"game": after["game"], "round": after["round"], "seats": after["seats"],
                           "out": [p for p in data["players"] if p not in after["seats"].values()],  # five or six
                           "over": after["game"] != last_game}


def check(data: dict, index: int | None) -> None:
    """Refuse a game whose header, or whose deal just written, cannot be scored."""
    result, _, _ = score(data)
    if index is not None and "error" in result["deals"][index]:
        raise api.MjscoreError(result["deals"][index]["error"])


def sheet(store: Store, game_id: int) -> dict:
    game = store.game(game_id)
    result, score_sheet, after = score(game_file(game))
    deals = [{"id": d["id"], "data": d["data"], **shown} for d, shown in zip(game["deals"], result["deals"])]
    header = {k: v for k, v in game.items() if k != "deals"}
    return {"game": header, "deals": deals, "sheet": score_sheet, "start": result["start"], "totals": result["totals"],
            "standings": result["standings"], "summary": result["summary"], "next": after,
            "resolved_options": result["options"]}


def export_yaml(store: Store, game_id: int) -> str:
    import yaml

    game = store.game(game_id)
    # the name in a comment line: a line break in it (a game kept before names were checked) would end the
    # comment and spill the rest into the file's keys
    name = one_line(game["name"])
    head = f"# {name}: exported by mjscore serve; score it with: mjscore batch FILE\n"
    return head + yaml.safe_dump(game_file(game), sort_keys=False, allow_unicode=True, width=1000)


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
                         "four, or as many as the variant allows (three in basque or danish)")
    players = [p.strip() for p in players]
    if len(set(players)) != len(players):
        raise BadRequest("players: different names are needed")
    return name.strip() or "game", variant, options, players


def _version(request: Request) -> int | None:
    """The game's version a change was made against (`?version=N`), or None where the request names none."""
    given = request.query_params.get("version")
    if given is None:
        return None
    if not given.isdigit() or len(given) > 18:
        raise BadRequest(f"version: the game's version as a whole number (the sheet's game.version), "
                         f"not {json.dumps(given)[:40]}")
    return int(given)


def _deal(body: Any) -> dict:
    if not isinstance(body, dict):
        raise BadRequest("a deal is a mapping with hands:, winner:, win: ... (as in a game file)")
    return body


def game_routes(store: Store) -> list[Route]:
    async def list_games(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(store.games))

    async def create(request: Request) -> Response:
        name, variant, options, players = _new_game(await read_json(request))
        game_id = await run_in_threadpool(store.create_game, name, variant, options, players, check)
        return JSONResponse(await run_in_threadpool(sheet, store, game_id), status_code=201)

    async def show(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(sheet, store, request.path_params["game"]))

    async def add(request: Request) -> Response:
        deal = _deal(await read_json(request))
        game_id = request.path_params["game"]
        deal_id = await run_in_threadpool(store.add_deal, game_id, deal, check, _version(request))
        body = await run_in_threadpool(sheet, store, game_id)
        return JSONResponse({**body, "saved": deal_id}, status_code=201)

    async def one(request: Request) -> Response:
        game_id, deal_id = request.path_params["game"], request.path_params["deal"]
        if request.method == "DELETE":
            await run_in_threadpool(store.delete_deal, game_id, deal_id, _version(request))
        else:
            deal = _deal(await read_json(request))
            await run_in_threadpool(store.edit_deal, game_id, deal_id, deal, check, _version(request))
        return JSONResponse(await run_in_threadpool(sheet, store, game_id))

    async def undo(request: Request) -> Response:
        await read_json(request)  # {} as JSON: another site's form cannot post it (see read_json)
        game_id = request.path_params["game"]
        done = await run_in_threadpool(store.undo, game_id, _version(request))
        return JSONResponse({**await run_in_threadpool(sheet, store, game_id), **done})

    async def export(request: Request) -> Response:
        game_id = request.path_params["game"]
        text = await run_in_threadpool(export_yaml, store, game_id)
        return Response(text, media_type="application/yaml; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="game-{game_id}.yaml"'})

    return [
        Route("/api/games", list_games, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game:int}", show, methods=["GET"]),
        Route("/api/games/{game:int}/deals", add, methods=["POST"]),
        Route("/api/games/{game:int}/deals/{deal:int}", one, methods=["PUT", "DELETE"]),
        Route("/api/games/{game:int}/undo", undo, methods=["POST"]),
        Route("/api/games/{game:int}/export.yaml", export, methods=["GET"]),
    ]

