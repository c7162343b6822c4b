"""Webhook mode: Telegram POSTs every update to the bot's own HTTP server (behind a reverse proxy).

Unlike python-telegram-bot's built-in webhook server, which answers at once and handles the update later,
this one answers only when the update has been handled. Telegram's Bot API server sends a chat's updates one
at a time, the next only after the answer to the previous one; so even with several bot processes behind one
proxy, each taking whichever update comes, a chat's updates are applied in the order they were sent. An
update that was not answered (the process died) is sent again by Telegram, and the record of handled updates
makes sure it is applied once.

Only Telegram is served. The secret is required: without TELEGRAM_WEBHOOK_SECRET the process makes one up and
hands it to Telegram in setWebhook. A request is judged by its headers before its body is read (path, method,
secret, Content-Type, Content-Length: 404, 405, 403, 415, 413), the body is at most MAX_BODY, and what is not an
update gets 400 — never 500, never a traceback.

A body over MAX_BODY gets 413 whether its length is said or not (chunked), and the 413 is really sent: most
clients (urllib, requests, a proxy) send the whole body before they read the answer, and a server that closes the
connection while a body is still coming makes the client's system reset it, the answer lost with it. So a body up
to DRAIN_BODY is read to its end and thrown away as it comes (never kept), then answered 413 on a connection that
stays open; one that says a longer Content-Length, or asks «Expect: 100-continue», is answered 413 by its headers
before it is sent; a chunked one that goes on past DRAIN_BODY is answered 413 there and the connection closed.

Slow, idle and surplus connections are dropped (connections.py);
refusals are logged in summary, a line a minute at most (refusals.py).

    asyncio.run(serve(application, settings))  # until SIGINT/SIGTERM
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import signal
from typing import Any
from urllib.parse import urlsplit

import tornado.web
from telegram import Update
from telegram.ext import Application
from tornado.httputil import HTTPServerRequest

from bot.config import Settings
from bot.telegram import log_privacy
from bot.telegram.connections import GuardedServer, connection_cap, raise_file_limit
from bot.telegram.refusals import Refusals, TornadoNoise

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
STOP_GRACE = 30.0  # seconds the updates being handled get to finish when the bot is stopped
MAX_BODY = 1 << 20  # an update is a few kilobytes; Telegram's largest are far below a mebibyte
DRAIN_BODY = 8 * MAX_BODY  # how much of a body over MAX_BODY is read (and thrown away) to answer it 413 cleanly
UNCAPPED = 1 << 62  # tornado's own cap on a chunked body, lifted: the handler cuts it, with a 413 (tornado: 400)
MAX_HEADERS = 16 << 10
HEADER_TIMEOUT = 10.0  # seconds for a request's headers to arrive; also how long an idle connection stays open
BODY_TIMEOUT = 10.0  # seconds for the body to arrive once the headers have
MAX_BUFFER = 4 * MAX_BODY  # a connection's read buffer (tornado's default is 100 MB)


class Webhook:
    """What the handlers share: the application, the secret, the updates being handled, the server."""

    def __init__(self, application: Application, secret: str, refusals: Refusals):
        self.application = application
        self.secret = secret.encode()
        self.refusals = refusals
        self.handling: set[asyncio.Future] = set()  # for a stop to wait for
        self.server: GuardedServer | None = None

    def refusal(self, request: HTTPServerRequest) -> int | None:
        """The status that refuses `request` by its headers alone, or None if its body is worth reading."""
        given = request.headers.get(SECRET_HEADER, "").encode("utf-8", "surrogateescape")
        if not hmac.compare_digest(given, self.secret):
            return 403
        if request.headers.get("Content-Type", "").split(";")[0].strip().lower() != "application/json":
            return 415
        length = request.headers.get("Content-Length")
        if length is not None and not (length.isascii() and length.isdigit()):
            return 400
        if length is not None and int(length) > MAX_BODY and (
                int(length) > DRAIN_BODY or request.headers.get("Expect", "").lower() == "100-continue"):
            return 413  # not worth reading, or the client waits for a word before it sends the body
        return None

    def record(self, handler: tornado.web.RequestHandler) -> None:
        """tornado's access log, replaced: refusals are counted for the summary, nothing else is written."""
        status = handler.get_status()
        if 400 <= status < 500:
            self.refusals.add("requests", str(status))


def parse_update(body: bytes, application: Application) -> Update | None:
    """The update in `body`, or None if it is not one: not UTF-8, not JSON, nested too deep, a string that is not
    text (a lone surrogate), not an object with a whole-number update_id, or anything python-telegram-bot cannot
    make an Update of."""
    try:
        data = json.loads(body.decode("utf-8"))
        if not isinstance(data, dict) or type(data.get("update_id")) is not int:
            return None
        json.dumps(data, ensure_ascii=False).encode("utf-8")  # every string is real text
        return Update.de_json(data, application.bot)
    except Exception:  # noqa: BLE001 — a stranger's body: whatever it breaks in parsing, it is only not an update
        return None


class Quiet(tornado.web.RequestHandler):
    """Refusals with an empty body and no Server header."""

    def set_default_headers(self) -> None:
        self.clear_header("Server")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish()


@tornado.web.stream_request_body
class Elsewhere(Quiet):
    """Every path but the webhook's: 404 before the body is read."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


@tornado.web.stream_request_body
class UpdateHandler(Quiet):
    """POST /<path>: one update as JSON, answered once it has been handled. Refused by the headers (403 without
    the secret) before the body is read; 400 for a body that is not an update."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, webhook: Webhook) -> None:
        self.webhook = webhook
        self.body = bytearray()
        self.received = 0  # bytes of the body so far, kept or not
        self.cut = False  # answered before the body ended: the connection closes after the answer
        self.stream: Any = None

    def prepare(self) -> None:
        status = self.webhook.refusal(self.request)
        if status is not None:
            raise tornado.web.HTTPError(status)
        self.stream = getattr(self.request.connection, "stream", None)
        if "Content-Length" not in self.request.headers:  # chunked: counted and cut in data_received, not by tornado
            self.request.connection.set_max_body_size(UNCAPPED)
        self.mark(True)

    def data_received(self, chunk: bytes) -> None:
        """Keep the body while it is at most MAX_BODY; past it, throw it away as it comes (post() says 413), and
        past DRAIN_BODY answer 413 at once (tornado then closes the connection and reads no more)."""
        self.received += len(chunk)
        if self.received <= MAX_BODY:
            self.body += chunk
            return
        self.body = bytearray()
        if self.received > DRAIN_BODY and not self._finished:
            self.cut = True
            self.send_error(413)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        if self.cut:
            self.set_header("Connection", "close")
        self.finish()

    async def post(self) -> None:
        if self.received > MAX_BODY:
            raise tornado.web.HTTPError(413)
        update = parse_update(bytes(self.body), self.webhook.application)
        self.body = bytearray()
        if update is None:
            raise tornado.web.HTTPError(400)
        handled = asyncio.ensure_future(self.webhook.application.process_update(update))  # handlers log errors
        self.webhook.handling.add(handled)
        handled.add_done_callback(self.webhook.handling.discard)
        await handled
        self.set_status(200)

    def mark(self, busy: bool) -> None:
        if self.webhook.server is not None and self.stream is not None:
            self.webhook.server.working(self.stream, busy)

    def on_finish(self) -> None:
        self.mark(False)

    def on_connection_close(self) -> None:
        self.mark(False)
        super().on_connection_close()  # a body cut short: the request ends instead of waiting for it for ever


def url_path(settings: Settings) -> str:
    """The path the proxy passes on as it is: that of TELEGRAM_WEBHOOK_URL."""
    return "/" + urlsplit(settings.webhook_url).path.lstrip("/")


def webhook_secret(settings: Settings) -> str:
    """TELEGRAM_WEBHOOK_SECRET, or one made up for this process (said in the log, the secret itself not)."""
    if settings.webhook_secret:
        return settings.webhook_secret
    log.warning("TELEGRAM_WEBHOOK_SECRET не задан: придумал случайный секрет для этого процесса и передал его "
                "Telegram (setWebhook); запросы без него отклоняются. Если процессов бота за прокси несколько, "
                "задайте им всем один и тот же TELEGRAM_WEBHOOK_SECRET.")
    return secrets.token_urlsafe(32)  # 43 characters of A-Z a-z 0-9 _ -, as setWebhook allows


def make_server(webhook: Webhook, settings: Settings) -> GuardedServer:
    files = raise_file_limit()
    cap = connection_cap(files)
    log.info("Webhook: до %s соединений одновременно (открытых файлов можно %s)", cap, files)
    routes = [(url_path(settings), UpdateHandler, {"webhook": webhook})]
    app = tornado.web.Application(routes, default_handler_class=Elsewhere, log_function=webhook.record)
    server = GuardedServer(app, cap=cap, refusals=webhook.refusals, max_body_size=DRAIN_BODY,
                           max_header_size=MAX_HEADERS, idle_connection_timeout=HEADER_TIMEOUT,
                           body_timeout=BODY_TIMEOUT, max_buffer_size=MAX_BUFFER)
    webhook.server = server
    return server


async def serve(application: Application, settings: Settings) -> None:
    """Start the application, register the webhook with Telegram, take updates until SIGINT or SIGTERM,
    let the updates being handled finish, stop."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    secret = webhook_secret(settings)
    log_privacy.install("", secret)  # python-telegram-bot writes setWebhook's parameters at DEBUG
    refusals = Refusals(log)
    noise = TornadoNoise(refusals)
    logging.getLogger("tornado.general").addFilter(noise)
    try:
        async with application:  # initialize() now, shutdown() at the end
            if application.post_init:
                await application.post_init(application)
            await application.start()
            webhook = Webhook(application, secret, refusals)
            server = make_server(webhook, settings)
            server.listen(settings.webhook_port, address=settings.webhook_listen)
            try:
                await application.bot.set_webhook(settings.webhook_url, secret_token=secret,
                                                  allowed_updates=Update.ALL_TYPES)
                log.info("Webhook зарегистрирован, жду обновлений")
                await stopping.wait()
                log.info("Останавливаюсь: дожидаюсь обновлений, которые уже обрабатываются")
            finally:
                server.stop()  # no new connections
                if webhook.handling:
                    await asyncio.wait(webhook.handling, timeout=STOP_GRACE)
                await server.close_all_connections()
                refusals.close()
                await application.stop()
        if application.post_shutdown:
            await application.post_shutdown(application)
    finally:
        logging.getLogger("tornado.general").removeFilter(noise)
