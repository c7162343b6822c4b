"""`python -m bot` runs the Telegram bot; `python -m bot console` plays in the terminal;
`python -m bot rules [--game ИГРА] <вопрос>` answers a rules question in the terminal."""

from __future__ import annotations

import sys

NO_TOKEN = """Не задан токен бота (TELEGRAM_BOT_TOKEN).

Как его получить:
  1. Откройте в Telegram @BotFather и отправьте ему /newbot.
  2. Придумайте боту имя и адрес — BotFather пришлёт токен вида 123456:ABC-DEF...
  3. Скопируйте .env.example в .env и впишите токен: TELEGRAM_BOT_TOKEN=123456:ABC-DEF...
  4. Чтобы бот видел команды в группе, у BotFather: /setprivacy → Disable (или сделайте бота админом).

Попробовать без Telegram можно в терминале: python -m bot console"""


RULES_USAGE = """Напишите вопрос: python -m bot rules сколько стоит листать книгу
Игру можно назвать в вопросе (python -m bot rules зодчие ничья) или ключом --game valdora|sylvan|kingdom:
тогда вопрос ищется в её правилах, как /rules в чате, где идёт эта игра."""


def rules_answer(question: str, game: str | None = None) -> str:
    """The same answer as /rules in a chat, as terminal text, its buttons to other sections listed. `game` plays
    the part of the game running in the chat: the question is answered from its rules unless it names another."""
    from bot.console import to_plain
    from bot.lookup.answers import question_reply
    from bot.lookup.rulebook import RuleBook
    from bot.replies.buttons import RULE_LIST, RULE_PAGE

    book = RuleBook.load()
    reply = question_reply(book, question, game)
    pressed = [button for row in reply.buttons for button in row]
    listed = [(button.text[0], book.section(button.data.split(":", 1)[1])) for button in pressed
              if button.text.startswith(("🔎", "❓")) and button.data.startswith(f"{RULE_PAGE}:")]
    others = "\n".join(f"  {'❓ ' if mark == '❓' else ''}{s.game_title}: {s.title} ({s.id})" for mark, s in listed
                       if s is not None and reply.text.count("📖 ") == 1)  # each game's answer: no others
    contents = [button.data.split(":", 1)[1] for button in pressed if button.data.startswith(f"{RULE_LIST}:")]
    text = to_plain(reply.text)
    if text.startswith("Не нашёл") and text.endswith("оглавление.") and contents:  # its button as the command
        text = text.rstrip(".") + f": /rules {book.games[contents[0]]}"
    return text + (f"\n\nЕщё может подойти:\n{others}" if others else "")


def rules_game(name: str) -> str | None:
    """The game a `--game` value names: its id (valdora, sylvan, kingdom) or a name a player would type
    ("зодчие", "кб", "Kingdom Builder"); None if it names no game."""
    from bot.lookup.rulebook import RuleBook

    book = RuleBook.load()
    if name.strip().lower() in book.games:
        return name.strip().lower()
    game, rest = book.split_game(name)
    return game if game is not None and not rest.strip() else None


def rules_main(argv: list[str]) -> int:
    """`rules [--game ИГРА] <вопрос>`: the answer on stdout; a usage error (2) without a question or with a
    game the bot does not know."""
    game = None
    words: list[str] = []
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help"):
            print(RULES_USAGE)
            return 0
        if arg == "--game" or arg.startswith("--game="):
            value = arg.partition("=")[2] if "=" in arg else next(args, "")
            game = rules_game(value)
            if game is None:
                print(f"Не знаю такой игры: «{value}». Есть valdora, sylvan и kingdom.", file=sys.stderr)
                return 2
        elif arg.startswith("-") and not words:  # a flag, not a question: «-1 монета» would come after a word
            print(f"Не знаю ключа «{arg}».\n{RULES_USAGE}", file=sys.stderr)
            return 2
        else:
            words.append(arg)
    if not words:
        print(RULES_USAGE, file=sys.stderr)
        return 2
    print(rules_answer(" ".join(words), game))
    return 0


async def database_problem(database: str) -> str | None:
    """Why the database (a SQLite path or a postgresql:// URL) cannot be used (Russian), checked before the bot
    connects to Telegram; None if fine."""
    from bot.storage import open_store
    from bot.storage.base import StorageError

    try:
        store = await open_store(database)
    except StorageError as error:
        return str(error)
    await store.close()
    return None


USAGE = """Бот-судья настольных игр.
  python -m bot                              запустить бота в Telegram (токен — в .env)
  python -m bot console                      сыграть в терминале
  python -m bot rules [--game ИГРА] ВОПРОС   ответить на вопрос по правилам"""


def main(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if argv[:1] == ["rules"]:
        return rules_main(argv[1:])
    if argv[:1] == ["console"]:
        import asyncio

        from bot.console import main as console_main

        return asyncio.run(console_main(argv[1:]))
    from bot.telegram.stop import Stop  # first of all (light): the settings alone take a while to import

    stop = Stop()  # a stop signal from here on ends the bot cleanly, even while it imports and starts
    import asyncio

    from bot.config import Settings

    try:
        settings = Settings.load()
    except ValueError as error:  # a chat default in the environment that cannot be read
        print(f"Настройка в окружении не понята: {error}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.telegram.log_privacy import configure

    configure(settings.log_level, settings.token, settings.webhook_secret)  # what opening the database says too
    with stop.held():  # a connection cut in the middle would answer a closed event loop from its thread
        problem = asyncio.run(database_problem(settings.database))
    if problem:
        print(problem, file=sys.stderr)
        return 2
    from bot.telegram.app import run

    run(settings, stop)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
