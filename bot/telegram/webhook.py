"""Webhook mode: Telegram POSTs every update to the bot's own HTTP server (behind a reverse proxy).

Unlike python-telegram-bot's built-in webhook server, which answers at once and handles the update later,
this one answers only when the update has been handled. Telegram's Bot API server sends a chat's updates one
at a time, the next only after the answer to the previous one; so even with several bot processes behind one
proxy, each taking whichever update comes, a chat's updates are applied in the order they were sent. An
update that was not answered (the process died) is sent again by Telegram, and the record of handled updates
makes sure it is applied once.

    asyncio.run(serve(application, settings))  # until SIGINT/SIGTERM
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import signal
from urllib.parse import urlsplit

import tornado.web
from telegram import Update
from telegram.ext import Application
from tornado.httpserver import HTTPServer

from bot.config import Settings

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
STOP_GRACE = 30.0  # seconds the updates being handled get to finish when the bot is stopped


class UpdateHandler(tornado.web.RequestHandler):
    """POST /<path>: one update as JSON; 403 without the secret, 400 for what is not an update."""

    SUPPORTED_METHODS = ("POST",)

    def initialize(self, bot_application: Application, secret: str, handling: set[asyncio.Future]) -> None:
        self.bot_application = bot_application
        self.secret = secret
        self.handling = handling  # updates being handled now, for a stop to wait for

    async def post(self) -> None:
        given = self.request.headers.get(SECRET_HEADER, "")
        if self.secret and not hmac.compare_digest(given.encode(), self.secret.encode()):
            raise tornado.web.HTTPError(403)
        try:
            data = json.loads(self.request.body)
            update = Update.de_json(data, self.bot_application.bot) if isinstance(data, dict) else None
        except (ValueError, TypeError, KeyError) as error:
            log.info("Webhook: не обновление Telegram (%s)", error)
            update = None
        if update is None:
            raise tornado.web.HTTPError(400)
        handled = asyncio.ensure_future(self.bot_application.process_update(update))  # handlers log their errors
        self.handling.add(handled)
        handled.add_done_callback(self.handling.discard)
        await handled
        self.set_status(200)


def url_path(settings: Settings) -> str:
    """The path the proxy passes on as it is: that of TELEGRAM_WEBHOOK_URL."""
    return "/" + urlsplit(settings.webhook_url).path.lstrip("/")


async def serve(application: Application, settings: Settings) -> None:
    """Start the application, register the webhook with Telegram, take updates until SIGINT or SIGTERM,
    let the updates being handled finish, stop."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    async with application:  # initialize() now, shutdown() at the end
        if application.post_init:
            await application.post_init(application)
        await application.start()
        handling: set[asyncio.Future] = set()
        routes = [(url_path(settings), UpdateHandler,
                   {"bot_application": application, "secret": settings.webhook_secret, "handling": handling})]
        server = HTTPServer(tornado.web.Application(routes))
        server.listen(settings.webhook_port, address=settings.webhook_listen)
        try:
            await application.bot.set_webhook(settings.webhook_url, secret_token=settings.webhook_secret or None,
                                              allowed_updates=Update.ALL_TYPES)
            log.info("Webhook зарегистрирован, жду обновлений")
            await stopping.wait()
            log.info("Останавливаюсь: дожидаюсь обновлений, которые уже обрабатываются")
        finally:
            server.stop()  # no new connections
            if handling:
                await asyncio.wait(handling, timeout=STOP_GRACE)
            await server.close_all_connections()
            await application.stop()
    if application.post_shutdown:
        await application.post_shutdown(application)
