"""Reading a request and answering an error: what every route of the page shares (one line, a status)."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

MAX_BODY = 64 * 1024  # a deal is a few hundred bytes; a game's header less


class BadRequest(Exception):
    """Input the API never saw (not JSON, a field of the wrong kind): 400 with this one line."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def error(message: str, status: int = 400, details: list[str] | None = None, hint: str | None = None) -> JSONResponse:
    body: dict[str, Any] = {"error": message}
    if details:
        body["details"] = details
    if hint:
        body["hint"] = hint
    return JSONResponse(body, status_code=status)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for k, v in pairs:
        if k in out:  # JSON would keep the last silently; a deal's second "winner" is a mistake to report
            raise BadRequest(f"key {k!r} given twice in the request")
        out[k] = v
    return out


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's JSON body, read no further than `limit` bytes, strictly (no duplicate keys).

    Only `Content-Type: application/json`: a browser sends that from another site only after asking
    (a CORS preflight this server never grants), so no other page can write to the games.
    """
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise BadRequest("send the request as JSON (Content-Type: application/json)", 415)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BadRequest(f"request body over {limit} bytes", 413)
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise BadRequest(f"request body over {limit} bytes", 413)
            chunks.append(chunk)
    except ClientDisconnect:  # gone, or cut off by the body's deadline (deadlines.py): no bug to log
        raise BadRequest("the request body did not arrive in time", 408) from None
    raw = b"".join(chunks)
    try:
        return json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8") from None
    except RecursionError:
        raise BadRequest("the request nests too deeply") from None
    except json.JSONDecodeError as e:
        raise BadRequest(f"the request body is not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
