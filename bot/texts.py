"""Russian texts the bot says that do not belong to one game."""

from __future__ import annotations

from html import escape

HELP = """<b>Я веду настольные игры прямо в чате</b> и слежу за правилами.

<b>Как начать партию</b>
/new valdora — открыть набор в игру «Валдора» (3–5 игроков)
/join — сесть за стол, /leave — встать из-за стола
/begin — раздать и начать (первого игрока выбирает жребий)

<b>Во время партии</b>
Под каждой доской — кнопки со всеми разрешёнными ходами: нажмите нужную.
Можно и командой, например <code>/move Д5</code>, <code>/buy левую</code>, <code>/mine рубин</code>, <code>/end</code>.
/board — доска и кнопки, /moves — все разрешённые ходы списком
/score — счёт (открытая часть), /log — последние ходы
/abort — прервать партию (создатель партии или администратор чата)

В одном чате идёт одна партия; играть можно сразу в нескольких чатах.
Партия хранится, пока не закончится: можно ходить хоть раз в день."""

PRIVATE_HINT = (
    "Я играю в группах: добавьте меня в групповой чат с друзьями и напишите там /new valdora. "
    "Список команд — /help."
)


def mention(user_id: int, name: str) -> str:
    """A link that makes Telegram notify the user."""
    return f'<a href="tg://user?id={user_id}">{escape(name)}</a>'


def plain(name: str) -> str:
    return escape(name)
