"""The Mini App from the Telegram front end's side: its server started and stopped with the bot (when WEBAPP_URL is
set), and a move made there delivered to the group the way a pressed button's replies are. Its buttons under the
boards: `bot.telegram.app_links`.
"""

from __future__ import annotations

import logging

from telegram.error import TelegramError
from telegram.ext import Application, CallbackContext

from bot.config import Settings
from bot.replies.reply import User
from bot.telegram.app_links import LINKS_KEY, AppLinks
from bot.telegram.delivery import ChatGone, chat_turn, service_of
from bot.telegram.sending import send_replies
from bot.webapp.server import MiniApp, make_server

log = logging.getLogger(__name__)

SERVER_KEY = "mini_app_server"


async def start(application: Application, settings: Settings) -> None:
    """Serve the Mini App (WEBAPP_URL set): its buttons go under every board from now on."""
    application.bot_data[LINKS_KEY] = AppLinks(settings.webapp_url, settings.webapp_short_name,
                                               application.bot.username)
    service_of(application).table.mini_app = True

    async def play(user: User, token: str, version: int, action: str) -> dict:
        return await play_move(application, user, token, version, action)

    mini = MiniApp(settings.token, settings.webapp_path, lambda: service_of(application).app, play)
    server = make_server(mini)
    server.listen(settings.webapp_port, address=settings.webapp_listen)
    application.bot_data[SERVER_KEY] = server
    log.info("Мини-приложение: %s (слушаю %s:%s)", settings.webapp_url, settings.webapp_listen, settings.webapp_port)


async def stop(application: Application) -> None:
    server = application.bot_data.pop(SERVER_KEY, None)
    if server is not None:
        server.stop()
        await server.close_all_connections()


async def play_move(application: Application, user: User, token: str, version: int, action: str) -> dict:
    """A move made in the Mini App: played in its chat's turn (after the chat's updates being handled) and its
    replies sent there as a pressed button's are; the page to show now. A board Telegram did not take stays owed
    and is sent later (`deliver_owed`)."""
    app = service_of(application).app
    row = await app.find(token)
    if row is None:
        return (await app.move(user, token, version, action)).page  # the refusal, with nothing done
    async with chat_turn(application, row.chat_id):
        moved = await app.move(user, token, version, action)
        if moved.chat is not None and moved.replies:
            try:
                await send_replies(CallbackContext(application), moved.chat, user, moved.replies)
            except ChatGone:  # logged once when it was noticed
                pass
            except TelegramError as error:
                log.warning("Ответ на ход из мини-приложения не отправлен в чат %s: %s", row.chat_id, error)
    return moved.page
