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
    if declared is not None and declared.isascii() and declared.isdigit() and int(declared[:20]) > limit:
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
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_int=_whole_number,
                          parse_float=_finite, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise BadRequest("the request body is not UTF-8") from None
    except RecursionError:
        raise BadRequest("the request nests too deeply") from None
    except json.JSONDecodeError as e:
        raise BadRequest(f"the request body is not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    _text_only(data)
    return data


MAX_DIGITS = 18  # a number in a request: an id, a version, an option's value; a longer one is a mistake


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadRequest(f"a number in the request has {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")) or len(text) > 40:
        raise BadRequest(f"the number {text[:20]}... in the request is too large or too long")
    return value


def _no_constant(name: str) -> None:
    raise BadRequest(f"{name} is not a number JSON allows: write a number")


def _text_only(data: Any) -> None:
    """Refuse a string that is not text: a lone surrogate (JSON's \\udc80 escapes) cannot be stored or shown."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, str) and not item.isascii():
            try:
                item.encode("utf-8")
            except UnicodeEncodeError as e:
                raise BadRequest(f"{json.dumps(item)[:40]} holds {json.dumps(item[e.start])}, a lone surrogate: "
                                 "not text (send the character itself, or its pair of escapes)") from None
