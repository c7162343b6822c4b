"""`python -m bot` runs the Telegram bot; `python -m bot console` plays in the terminal."""

from __future__ import annotations

import asyncio
import sys

from bot.config import Settings

NO_TOKEN = """Не задан токен бота (TELEGRAM_BOT_TOKEN).

Как его получить:
  1. Откройте в Telegram @BotFather и отправьте ему /newbot.
  2. Придумайте боту имя и адрес — BotFather пришлёт токен вида 123456:ABC-DEF...
  3. Скопируйте .env.example в .env и впишите токен: TELEGRAM_BOT_TOKEN=123456:ABC-DEF...
  4. Чтобы бот видел команды в группе, у BotFather: /setprivacy → Disable (или сделайте бота админом).

Попробовать без Telegram можно в терминале: python -m bot console"""


def main(argv: list[str]) -> int:
    if argv[:1] == ["console"]:
        from bot.console import main as console_main

        return asyncio.run(console_main(argv[1:]))
    settings = Settings.load()
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.telegram_app import run

    run(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
