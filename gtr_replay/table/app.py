"""The Starlette application of a game at the table.

Routes (``TOKEN``: a seat's or the table's secret; any other is answered 404, the same for
every path, so a wrong link learns nothing):

- ``/seat/TOKEN``, ``/table/TOKEN``: the page (a fixed shell; its script draws the data);
- ``/api/TOKEN``: the page's data (``Sitting.view``); ``/api/TOKEN/cards``: the game's cards;
- ``POST /api/TOKEN/act``: one action ``{"version": N, "do": ...}``; the answer is
  ``{"ok": words}`` or ``{"refused": words, "hint": ...}``, with the fresh data either way; a
  body that is not an action (not JSON, a field missing or of the wrong type) is answered 400
  with the words, and nothing is done;
- ``/live/TOKEN``: a WebSocket that sends the page's data at every change (the page speaks by
  POST alone: a binary frame closes the socket, 1003);
- ``/view/TOKEN``: once the game is over, ``gtr view``'s page of it as that seat saw it;
- ``/static/table.js``, ``/static/table.css``: served by the product (no CDN).

Every response carries a Content-Security-Policy that lets a page run its own script and
style alone and talk to this server alone. Actions are applied one at a time (an asyncio
lock around ``Sitting.act``); every live page is then sent its own view. A refusal the table's
page is told of (``Noticed``: one that depends on cards the seat cannot see) is sent to the
table's live pages alone; no seat's page changes.
"""

from __future__ import annotations

import asyncio
import json
from html import escape
from importlib import resources

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from notation import NotationError

from gtr_replay.errors import GtrError
from gtr_replay.replay.recorder import CannotSave
from gtr_replay.table.sitting import BadAction, MovedOn, Noticed, Sitting

POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
          "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": POLICY, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Cache-Control": "no-store"}
MAX_BODY = 8192
"""An action is a few words: a longer body is refused unread."""

_SHELL = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/table.css">
<script src="/static/table.js" defer></script>
</head><body class="{kind}"><main id="app"><p class="note">loading…</p></main></body></html>
"""


def _asset(name: str) -> bytes:
    return resources.files("gtr_replay.table").joinpath("static", name).read_bytes()


def viewer_page(sitting: Sitting, seat: str) -> tuple[str, str]:
    """``gtr view``'s page of the finished game as ``seat`` saw it, and its own policy (its
    script and style by their digests: it runs nothing else)."""
    from gtr_replay.render.html import asset, page, policy
    from gtr_replay.render.opening import open_record

    opened = open_record(sitting.path)
    text = page(opened.timeline, viewer=seat, title=f"{sitting.path.name} · as {seat} saw it", record=opened.record)
    return text, policy(asset("page.css"), asset("page.js"))


def _not_found() -> Response:
    return Response("not found\n", status_code=404, media_type="text/plain", headers=HEADERS)


class Table:
    """The running table: the sitting, its lock and the live pages."""

    def __init__(self, sitting: Sitting) -> None:
        self.sitting = sitting
        self.lock = asyncio.Lock()
        self.live: dict[WebSocket, str | None] = {}

    def who(self, token: str) -> tuple[bool, str | None]:
        return self.sitting.links.who(token)

    async def act(self, who: str | None, body: dict) -> tuple[int, dict]:
        """The HTTP status and the answer to the action ``body`` of the page of ``who``."""
        async with self.lock:
            sitting = self.sitting
            status = 200
            try:
                answer: dict = {"ok": sitting.act(who, body.get("version"), body)}
            except BadAction as error:
                status, answer = 400, {"refused": error.message, "hint": error.hint}
            except MovedOn as moved:
                answer = {"refused": moved.message, "hint": moved.hint, "moved": True}
            except Noticed as noticed:
                answer = {"refused": noticed.message, "hint": noticed.hint}
                await self.broadcast(only=(None,))
            except CannotSave as error:
                answer = {"refused": error.message, "hint": error.hint}
            except (GtrError, NotationError) as error:
                answer = {"refused": sitting.unplaced(error.message), "hint": sitting.unplaced(error.hint)}
            answer["data"] = sitting.view(who)
            if "ok" in answer:
                await self.broadcast()
            return status, answer

    async def broadcast(self, only: tuple[str | None, ...] | None = None) -> None:
        """Send every live page (or those of ``only``) its view."""
        for socket, who in list(self.live.items()):
            if only is not None and who not in only:
                continue
            try:
                await socket.send_text(json.dumps(self.sitting.view(who)))
            except Exception:  # a page gone: it reconnects by itself
                self.live.pop(socket, None)


def application(sitting: Sitting) -> Starlette:
    """The app serving ``sitting``."""
    table = Table(sitting)

    def page(kind: str):
        async def endpoint(request: Request) -> Response:
            known, seat = table.who(request.path_params["token"])
            if not known or (kind == "seat") != (seat is not None):
                return _not_found()
            title = f"{seat} · gtr table" if seat else "the table · gtr table"
            return Response(_SHELL.format(title=escape(title), kind=kind), media_type="text/html", headers=HEADERS)
        return endpoint

    async def data(request: Request) -> Response:
        known, seat = table.who(request.path_params["token"])
        if not known:
            return _not_found()
        return JSONResponse(table.sitting.view(seat), headers=HEADERS)

    async def cards(request: Request) -> Response:
        known, _ = table.who(request.path_params["token"])
        if not known:
            return _not_found()
        return JSONResponse(table.sitting.cards(), headers=HEADERS)

    async def act(request: Request) -> Response:
        known, seat = table.who(request.path_params["token"])
        if not known:
            return _not_found()
        raw = await request.body()
        if len(raw) > MAX_BODY:  # refused unread: said in a player's words (a long comment pasted)
            return JSONResponse({"refused": f"the statement is too long: at most {MAX_BODY // 4:,} characters "
                                            "reach the table at once",
                                 "hint": "shorten it (a long comment can be added to the file after the game)",
                                 "data": table.sitting.view(seat)}, status_code=400, headers=HEADERS)
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        if not isinstance(body, dict):
            return JSONResponse({"refused": "an action is a small JSON object",
                                 "hint": 'send {"version": N, "do": ...} with N from the page\'s data',
                                 "data": table.sitting.view(seat)}, status_code=400, headers=HEADERS)
        status, answer = await table.act(seat, body)
        return JSONResponse(answer, status_code=status, headers=HEADERS)

    async def live(socket: WebSocket) -> None:
        known, seat = table.who(socket.path_params["token"])
        if not known:
            await socket.close(code=1008)
            return
        await socket.accept()
        table.live[socket] = seat
        try:
            await socket.send_text(json.dumps(table.sitting.view(seat)))
            while True:  # the page speaks by POST; this only keeps it alive
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:  # a binary frame: not from the page
                    table.live.pop(socket, None)
                    await socket.close(code=1003)
                    break
        except WebSocketDisconnect:
            pass
        finally:
            table.live.pop(socket, None)

    async def viewer(request: Request) -> Response:
        known, seat = table.who(request.path_params["token"])
        if not known or seat is None or table.sitting.phase != "over":
            return _not_found()
        text, policy = await run_in_threadpool(viewer_page, table.sitting, seat)
        return Response(text, media_type="text/html", headers={**HEADERS, "Content-Security-Policy": policy})

    def static(name: str, media: str):
        body = _asset(name)

        async def endpoint(request: Request) -> Response:
            return Response(body, media_type=media, headers=HEADERS)
        return endpoint

    async def fallback(request: Request) -> Response:
        return _not_found()

    routes = [
        Route("/seat/{token}", page("seat")),
        Route("/table/{token}", page("table")),
        Route("/api/{token}", data),
        Route("/api/{token}/cards", cards),
        Route("/api/{token}/act", act, methods=["POST"]),
        WebSocketRoute("/live/{token}", live),
        Route("/view/{token}", viewer),
        Route("/static/table.js", static("table.js", "text/javascript")),
        Route("/static/table.css", static("table.css", "text/css")),
    ]
    async def refused(request, error) -> Response:
        return _not_found()

    app = Starlette(routes=routes, exception_handlers={404: refused, 405: refused})
    app.state.table = table
    return app
