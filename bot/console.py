"""A terminal front end over the same service: several local players share one keyboard.

Lines look like `@Аня /new valdora`, `@Борис /join`, `@Аня move Д5` or `@Аня 3` (press button 3 of
the last keyboard). Without `@name` the line acts for the last named player. Pictures go to files.
Reminders and turn deadlines fire here too, between lines (`TURN_REMINDER_AFTER=30s python -m bot console`).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
import zlib
from html import unescape
from pathlib import Path

from bot.config import Settings
from bot.replies.names import LTR_MARK, WORD_JOINER
from bot.replies.reply import Article, Button, Chat, Reply, User
from bot.storage.base import StorageError
from bot.table.service import Service

CHAT = Chat(id=-1, title="Консоль")
INTRO = """Консоль бота-судьи. Каждая строка — от имени игрока:
  @Аня /new valdora     @Борис /join     @Вера /join     @Аня /begin
  @Аня move Д5          @Аня 3   (нажать кнопку 3 под последней доской)
  @Аня #2   (выбрать вариант 2 из тех, что кнопка «тайного» выбора показала только Ане)
Без @имени строка идёт от последнего названного игрока. Выход — quit или Ctrl-D."""

TICK = 1.0  # seconds between looks for due reminders and deadlines
LINK = re.compile(r'<a href="tg://user\?id=\d+">(.*?)</a>')
TAG = re.compile(r"</?(b|i|code)>")
UNSEEN = str.maketrans("", "", WORD_JOINER + LTR_MARK)


def player_id(name: str) -> int:
    """A console player's user id, the same for the same name in every session.

    >>> player_id("аня") == player_id("аня") != player_id("борис")
    True
    """
    return 1000 + zlib.crc32(name.encode()) % 1_000_000_000


def to_plain(html_text: str) -> str:
    """Telegram HTML as terminal text: mentions become @name, tags vanish, and so do the invisible marks that keep
    names from being links or turning the line around in Telegram (`bot.replies.names`), which a terminal may show.

    >>> to_plain('Ходит <a href="tg://user?id=5">t\u2060.\u2060me</a>, <b>ход 2</b> &amp; всё')
    'Ходит @t.me, ход 2 & всё'
    """
    return unescape(TAG.sub("", LINK.sub(r"@\1", html_text))).translate(UNSEEN)


class Console:
    def __init__(self, service: Service, out_dir: Path, write=print):
        self.service = service
        self.out_dir = out_dir
        self.write = write
        self.users: dict[str, User] = {}
        self.user: User | None = None
        self.keyboard: list[Button] = []
        # a player's own hidden choices (a hand of cards), shown by a "choose privately" button: on the
        # terminal as in Telegram's inline mode, the chosen one is sent as that player's message
        self.choices: list[Article] = []
        self.pictures = 0

    def _user(self, name: str) -> User:
        key = name.lower()
        if key not in self.users:
            # the same name is the same player in every session (a game goes on after a restart); every local
            # player is an "administrator" of the console chat
            self.users[key] = User(id=player_id(key), name=name, is_admin=True)
        return self.users[key]

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        if line.startswith("@"):
            name, _, line = line[1:].partition(" ")
            self.user = self._user(name)
            line = line.strip()
        if self.user is None:
            self.write("Сначала назовите игрока: например, «@Аня /new valdora».")
            return
        if not line:
            return
        if line.isdigit():
            await self._press(int(line))
            return
        if line[:1] == "#" and line[1:].isdigit():
            if not 1 <= int(line[1:]) <= len(self.choices):
                self.write(f"Нет варианта {line}. " + (f"Варианты: #1–#{len(self.choices)}." if self.choices else
                           "Сначала откройте их кнопкой под доской (например, «🂠 Сыграть карту»)."))
                return
            line = to_plain(self.choices[int(line[1:]) - 1].text)
            self.choices = []
        name, _, args = line.lstrip("/").partition(" ")
        self._show(await self.service.command(CHAT, self.user, name.split("@")[0], args))

    async def _press(self, number: int) -> None:
        if not 1 <= number <= len(self.keyboard):
            self.write(f"Нет кнопки {number}. " + (f"Кнопки под последним сообщением: 1–{len(self.keyboard)}."
                       if self.keyboard else "Под последним сообщением кнопок нет: свежая доска — /board."))
            return
        button = self.keyboard[number - 1]
        if button.inline_query is not None:
            await self._choose_privately(button.inline_query)
            return
        answer = await self.service.button(CHAT, self.user, button.data)
        if answer.toast:
            self.write(f"[{self.user.name}] {to_plain(answer.toast)}")
        if answer.edit is not None:
            self.write("(сообщение с кнопкой изменилось)")
            self._show([answer.edit])
        if answer.picture is not None:
            self._save_picture(answer.picture)
        if answer.keyboard is not None:
            self._show_keyboard(answer.keyboard)
        self._show(answer.replies)

    async def _choose_privately(self, query: str) -> None:
        answer = await self.service.inline(self.user, query)
        self.choices = answer.articles
        if not self.choices:
            self.write(f"(лично для {self.user.name}) {answer.note or 'Выбирать нечего.'}")
            return
        listed = "  ".join(f"[#{i}] {a.title}" for i, a in enumerate(self.choices, 1))
        self.write(f"(лично для {self.user.name}, другие не видят) {listed}")

    async def tick(self) -> None:
        """Reminders and deadlines that are due: shown as the bot would post them."""
        for _, replies in await self.service.fire_timers():
            self._show(replies)

    def _show(self, replies: list[Reply]) -> None:
        for reply in replies:
            who = f"(лично для {self._name_of(reply.to_user)}) " if reply.to_user else ""
            if reply.replaces is not None:
                who = "(сообщение изменено) " + who
            self.write(who + to_plain(reply.text))
            if reply.image:
                self._save_picture(reply.image)
            if reply.buttons and reply.to_user is None:
                self._show_keyboard(reply.buttons)

    def _save_picture(self, png: bytes) -> None:
        self.pictures += 1
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"board-{self.pictures:03d}.png"
        path.write_bytes(png)
        self.write(f"[картинка: {path}]")

    def _show_keyboard(self, rows: list[list[Button]]) -> None:
        self.keyboard = [button for row in rows for button in row]
        self.write("  ".join(f"[{i}] {b.text}" for i, b in enumerate(self.keyboard, 1)))

    def _name_of(self, user_id: int) -> str:
        return next((u.name for u in self.users.values() if u.id == user_id), str(user_id))


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot console", description="Игра в терминале")
    parser.add_argument("--db", default="console.db", help="файл SQLite (по умолчанию console.db)")
    parser.add_argument("--out", default="boards", help="папка для картинок доски")
    args = parser.parse_args(argv)
    try:
        service = await Service.open(args.db, Settings.load().chat_defaults)
    except (StorageError, ValueError) as error:
        print(error, file=sys.stderr)
        return 2
    console = Console(service, Path(args.out))
    print(INTRO)
    timers = asyncio.create_task(tick_every(console, TICK))
    try:
        while True:
            try:
                line = await asyncio.to_thread(input, "> ")
            except EOFError:
                break
            if line.strip().lower() in ("quit", "exit", "выход"):
                break
            await console.handle(line)
    finally:
        timers.cancel()
        await service.close()
    return 0


async def tick_every(console: Console, seconds: float) -> None:
    while True:
        await asyncio.sleep(seconds)
        await console.tick()


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
