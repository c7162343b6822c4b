"""The Mini App's HTTP server (tornado): the page and its JSON API at the path of WEBAPP_URL, behind the same reverse
proxy as the webhook. Started by the Telegram front end (`bot.telegram.mini_app`) in polling and webhook mode.

    GET  <path>/                  the page (index.html, app.js, app.css: package data)
    GET  <path>/api/table?token=… the table as this person sees it (`bot.table.app_view.AppView.page`)
    POST <path>/api/move          {"token", "version", "action"}: a move, played as a pressed button

Every API call carries Telegram's signed initData in `Authorization: tma <initData>` (`init_data`): 401 without a
genuine, fresh one. Garbage gets 400, a body over MAX_BODY 413, an unknown table 404; every refusal is JSON with a
Russian `message`, never a traceback. Nothing is kept between requests: any bot process behind the proxy answers any
of them from the database.
"""

from __future__ import annotations

import html
import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

import tornado.web
from tornado.httpserver import HTTPServer

from bot.replies.reply import User
from bot.webapp.init_data import Forged, Visitor, checked

log = logging.getLogger(__name__)

MAX_BODY = 4096  # a move is {"token", "version", "action"}: well under a hundred bytes
MAX_ACTION = 200  # characters of an action's notation
HEADER_TIMEOUT = 10.0  # seconds for headers to arrive; also how long an idle connection stays open
NOT_SIGNED = ("Страница не знает, кто вы: откройте доску кнопкой «🗺 Открыть доску» под доской в чате Telegram.")
BAD_REQUEST = "Запрос не понят: обновите страницу."
TOO_LARGE = "Запрос слишком большой."
NOT_JSON = "Ход отправляется как JSON: обновите страницу."
# the page's own files and Telegram's script only; the board's SVG is inserted as markup (styles in it allowed)
PAGE_POLICY = ("default-src 'none'; script-src 'self' https://telegram.org; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'")
ASSETS = {"app.js": "text/javascript; charset=utf-8", "app.css": "text/css; charset=utf-8"}

Play = Callable[[User, str, int, str], Awaitable[dict]]


@dataclass(frozen=True)
class MiniApp:
    """What the handlers share: the bot token (to check initData), the path, the service's Mini App part
    (`Service.app`, read when a request comes: the service opens after the server is built) and how a move is
    played and its replies delivered to the chat (`play`: the Telegram front end's)."""

    token: str
    path: str
    app: Callable[[], Any]
    play: Play
    clock: Callable[[], float] | None = None


def visitor_user(visitor: Visitor) -> User:
    return User(visitor.id, visitor.name or str(visitor.id), username=visitor.username)


def page_file(name: str) -> bytes:
    return resources.files("bot.webapp").joinpath("page", name).read_bytes()


class Quiet(tornado.web.RequestHandler):
    """JSON refusals with a Russian message; no Server header, no traceback."""

    def set_default_headers(self) -> None:
        self.clear_header("Server")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None))[1]
        message = error.log_message if isinstance(error, tornado.web.HTTPError) and error.log_message else None
        self.answer({"ok": False, "message": message or BAD_REQUEST}, status_code)

    def answer(self, data: dict, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data, ensure_ascii=False))

    def log_exception(self, typ, value, tb) -> None:  # type: ignore[no-untyped-def]
        if not isinstance(value, tornado.web.HTTPError):  # refusals are answers, not errors
            super().log_exception(typ, value, tb)


class Elsewhere(Quiet):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404, "Здесь ничего нет.")


class PageHandler(Quiet):
    """The page; the path it is served at is written into it (its files and API are found from there)."""

    SUPPORTED_METHODS = ("GET",)

    def initialize(self, page: bytes) -> None:
        self.page = page

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Content-Security-Policy", PAGE_POLICY)
        self.set_header("Cache-Control", "no-cache")
        self.finish(self.page)


class AssetHandler(Quiet):
    SUPPORTED_METHODS = ("GET",)

    def initialize(self, files: dict[str, bytes]) -> None:
        self.files = files

    def get(self, name: str) -> None:
        if name not in self.files:
            raise tornado.web.HTTPError(404, "Здесь ничего нет.")
        self.set_header("Content-Type", ASSETS[name])
        self.set_header("Cache-Control", "no-cache")
        self.finish(self.files[name])


class Signed(Quiet):
    """An API call: refused (401) before anything else unless it carries genuine initData."""

    def initialize(self, mini: MiniApp) -> None:
        self.mini = mini
        self.user: User | None = None

    def prepare(self) -> None:
        scheme, _, init_data = self.request.headers.get("Authorization", "").partition(" ")
        if scheme.lower() != "tma" or not init_data:
            raise tornado.web.HTTPError(401, NOT_SIGNED)
        try:
            clock = {"clock": self.mini.clock} if self.mini.clock else {}
            self.user = visitor_user(checked(init_data.strip(), self.mini.token, **clock))
        except Forged as error:
            raise tornado.web.HTTPError(401, str(error)) from None


class TableHandler(Signed):
    SUPPORTED_METHODS = ("GET",)

    async def get(self) -> None:
        token = self.get_query_argument("token", "")
        if not token:
            raise tornado.web.HTTPError(400, BAD_REQUEST)
        page = await self.mini.app().page(self.user, token)
        self.answer(page, 200 if page.get("ok") else 404)


@tornado.web.stream_request_body
class MoveHandler(Signed):
    """A move: judged by its headers before its body is read, the body at most MAX_BODY."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, mini: MiniApp) -> None:
        super().initialize(mini)
        self.body = bytearray()

    def prepare(self) -> None:
        super().prepare()
        if self.request.headers.get("Content-Type", "").split(";")[0].strip().lower() != "application/json":
            raise tornado.web.HTTPError(415, NOT_JSON)
        length = self.request.headers.get("Content-Length", "")
        if not (length.isascii() and length.isdigit()):
            raise tornado.web.HTTPError(411 if not length else 400, BAD_REQUEST)
        if int(length) > MAX_BODY:
            raise tornado.web.HTTPError(413, TOO_LARGE)

    def data_received(self, chunk: bytes) -> None:
        self.body += chunk  # at most MAX_BODY: Content-Length was checked and tornado holds the body to it

    async def post(self) -> None:
        move = parse_move(bytes(self.body))
        if move is None:
            raise tornado.web.HTTPError(400, BAD_REQUEST)
        page = await self.mini.play(self.user, *move)
        self.answer(page, 200 if page.get("ok") else 404)


def parse_move(body: bytes) -> tuple[str, int, str] | None:
    """(token, version, action) of a move's body; None for anything else.

    >>> parse_move(b'{"token": "Ab3_-xYz0Q9w", "version": 4, "action": "build M1"}')
    ('Ab3_-xYz0Q9w', 4, 'build M1')
    >>> parse_move(b'{"token": "x", "version": "4", "action": "a"}'), parse_move(b"[1]"), parse_move(b"\\xff")
    (None, None, None)
    """
    try:
        data = json.loads(body.decode("utf-8"))
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    token, version, action = data.get("token"), data.get("version"), data.get("action")
    if not (isinstance(token, str) and type(version) is int and isinstance(action, str)):
        return None
    if not 0 < len(action) <= MAX_ACTION or not 0 < len(token) <= 64 or not 0 <= version < 1 << 53:
        return None
    return token, version, action


def application(mini: MiniApp) -> tornado.web.Application:
    base = re.escape(mini.path)
    page = page_file("index.html").replace(b"{{base}}", html.escape(mini.path).encode())
    files = {name: page_file(name) for name in ASSETS}
    routes = [
        (rf"{base}/?", PageHandler, {"page": page}),
        (rf"{base}/(app\.js|app\.css)", AssetHandler, {"files": files}),
        (rf"{base}/api/table", TableHandler, {"mini": mini}),
        (rf"{base}/api/move", MoveHandler, {"mini": mini}),
    ]
    return tornado.web.Application(routes, default_handler_class=Elsewhere, log_function=lambda handler: None)


def make_server(mini: MiniApp) -> HTTPServer:
    return HTTPServer(application(mini), max_body_size=MAX_BODY, max_header_size=16 << 10,
                      idle_connection_timeout=HEADER_TIMEOUT, body_timeout=HEADER_TIMEOUT)
