"""`python -m bot` runs the Telegram bot; `python -m bot console` plays in the terminal;
`python -m bot rules <вопрос>` answers a rules question in the terminal."""

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


def rules_answer(question: str) -> str:
    """The same answer as /rules in a chat, as terminal text, with the next best matches listed."""
    from bot.console import to_plain
    from bot.rule_answers import lookup, not_found_reply, section_text
    from bot.rulebook import RuleBook

    _, _, found = lookup(RuleBook.load(), question)
    if not found:
        return to_plain(not_found_reply(question).text)
    others = "\n".join(f"  {s.game_title}: {s.title} ({s.id})" for s in found[1:])
    return to_plain(section_text(found[0])) + (f"\n\nЕщё может подойти:\n{others}" if others else "")


async def database_problem(database: str) -> str | None:
    """Why the database (a SQLite path or a postgresql:// URL) cannot be used (Russian), checked before the bot
    connects to Telegram; None if fine."""
    from bot.database import open_store
    from bot.storage import StorageError

    try:
        store = await open_store(database)
    except StorageError as error:
        return str(error)
    await store.close()
    return None


def main(argv: list[str]) -> int:
    if argv[:1] == ["rules"]:
        if not argv[1:]:
            print("Напишите вопрос: python -m bot rules сколько стоит листать книгу", file=sys.stderr)
            return 2
        print(rules_answer(" ".join(argv[1:])))
        return 0
    if argv[:1] == ["console"]:
        from bot.console import main as console_main

        return asyncio.run(console_main(argv[1:]))
    try:
        settings = Settings.load()
    except ValueError as error:  # a chat default in the environment that cannot be read
        print(f"Настройка в окружении не понята: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    problem = asyncio.run(database_problem(settings.database))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from bot.telegram_app import run

    run(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
