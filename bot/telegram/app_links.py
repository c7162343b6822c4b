"""The «🗺 Открыть доску» buttons, made from the settings and the bot's username (`Button.app` names the table).

In a group Telegram allows only URL buttons: a direct link to the Mini App, `https://t.me/<bot>/<short name>?
startapp=t<token>` (the Mini App registered with @BotFather /newapp) or, without a short name, the bot's main Mini
App `https://t.me/<bot>?startapp=t<token>`. In a private chat it is a `web_app` button to `WEBAPP_URL?table=<token>`.

>>> links = AppLinks("https://bot.example.com/app", "board", "RefereeBot")
>>> links.button(Button("🗺", "", app="Ab3_-xYz0Q9w"), private=False).url
'https://t.me/RefereeBot/board?startapp=tAb3_-xYz0Q9w'
>>> links.button(Button("🗺", "", app="Ab3_-xYz0Q9w"), private=True).web_app.url
'https://bot.example.com/app?table=Ab3_-xYz0Q9w'
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from telegram import InlineKeyboardButton, WebAppInfo
from telegram.ext import Application

from bot.replies.reply import Button
from bot.table.links import start_payload

LINKS_KEY = "mini_app_links"


@dataclass(frozen=True)
class AppLinks:
    """How a button opens the Mini App on a table, from the settings and the bot's username."""

    url: str  # WEBAPP_URL
    short_name: str  # WEBAPP_SHORT_NAME; empty: the bot's main Mini App
    bot_username: str

    def button(self, button: Button, private: bool) -> InlineKeyboardButton:
        if private:  # a web_app button: Telegram allows it in a private chat only
            page = f"{self.url}?{urlencode({'table': button.app})}"
            return InlineKeyboardButton(button.text, web_app=WebAppInfo(page))
        name = f"/{self.short_name}" if self.short_name else ""
        return InlineKeyboardButton(button.text, url=f"https://t.me/{self.bot_username}{name}?startapp="
                                                     f"{start_payload(button.app or '')}")


def app_links(application: Application) -> AppLinks | None:
    """The application's Mini App links; None where there is no Mini App (its buttons are then never made)."""
    return application.bot_data.get(LINKS_KEY)
