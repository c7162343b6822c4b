"""The bot's Telegram application (`bot.telegram.app.build_application`) polling a fake Bot API in the test's own
event loop, started the way `run_polling` starts it and stopped the way it stops:

    async with polling(server, service) as application:
        server.push_message(...)

The service belongs to the caller, who opens and closes it. `unlimited` builds the rate limiter without
Telegram's limits (20 messages a minute into a group would make a whole game last an hour); what a test of the
limits needs, it leaves alone."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from unittest import mock

from telegram.ext import Application

from bot.config import Settings
from bot.table.timing.settings import ChatSettings
from bot.telegram import app as telegram_app
from bot.telegram.app import build_application
from bot.telegram.rate_limit import ChatRateLimiter

try:
    from tests.fake_bot_api import FakeBotApi
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from fake_bot_api import FakeBotApi


@contextlib.asynccontextmanager
async def polling(server: FakeBotApi, service, *, log_level: str = "DEBUG", unlimited: bool = False,
                  chat_defaults: ChatSettings | None = None, database_path: str = ":memory:",
                  settings: dict | None = None, **start: object) -> AsyncIterator[Application]:
    """The application for `service`, polling `server` (`settings`: more fields of `Settings`, such as the Mini
    App's; `start`: more arguments of `start_polling`)."""
    settings = Settings(token="123:TEST", api_url=server.url, database_path=database_path, log_level=log_level,
                        webhook_url="", webhook_port=8443,
                        **({"chat_defaults": chat_defaults} if chat_defaults is not None else {}), **(settings or {}))
    with mock.patch.object(telegram_app, "ChatRateLimiter", _free) if unlimited else contextlib.nullcontext():
        application = build_application(settings, service)
    await application.initialize()
    await application.post_init(application)  # run_polling would call it; here the test starts by hand
    await application.updater.start_polling(poll_interval=0.0, timeout=1, **start)
    await application.start()
    try:
        yield application
    finally:
        await application.updater.stop()
        await application.stop()
        await application.post_shutdown(application)
        await application.shutdown()


def _free(**kwargs) -> ChatRateLimiter:
    """The bot's rate limiter without Telegram's limits."""
    return ChatRateLimiter(**{**kwargs, "overall_max_rate": 0, "group_max_rate": 0})
