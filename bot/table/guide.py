"""/help and /start outside the whole guide: a few lines in a group (what one can do at this table now, and a link
to the whole guide in private), and the private chat's hint, whose suggestions work when followed (as many bots
as the game needs). The whole guide itself is `texts.help_text`.
"""

from __future__ import annotations

from html import escape

from bot.replies.names import plain
from bot.replies.reply import Chat, Reply
from bot.replies.words import declined
from bot.storage.base import ACTIVE, LOBBY, GameRow
from bot.table.core import Table
from bot.table.texts import help_text, here
from rules.text import plural

GUIDE_PAYLOAD = "help"  # t.me/<bot>?start=help: the whole guide in private
# «от трёх» players: the genitive of a count
HOW_MANY = {1: "одного", 2: "двух", 3: "трёх", 4: "четырёх", 5: "пяти", 6: "шести"}


def guide_link(bot_username: str | None) -> str | None:
    return f"https://t.me/{bot_username}?start={GUIDE_PAYLOAD}" if bot_username else None


def _titles(games) -> str:
    """«Валдора», Kingdom Builder и «Зодчие Волшебной Долины»: a title that is Russian goes in quotes."""
    names = [f"«{escape(g.title)}»" if g.title[:1].isalpha() and not g.title.isascii() else escape(g.title)
             for g in games]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " и " + names[-1]


def _in(game) -> str:
    """«в «Валдору»», «в Kingdom Builder»: what one plays."""
    title = declined(game.title, "accs")
    return f"в {escape(title)}" if game.title.isascii() else f"в «{escape(title)}»"


def _times(count: int) -> str:
    """«/addbot», «/addbot дважды»: the command as many times as bots are needed."""
    return "/addbot" + {1: "", 2: " дважды", 3: " трижды"}.get(count, f" {count} {plural(count, 'раз', 'раза', 'раз')}")


def private_hint(games) -> str:
    """The hint of a private chat without a table: a game with bots here, as many /addbot as each game needs to
    begin. (At a table in private, text is read as the table's: `private_text`.)"""
    games = list(games)
    hint = "Я играю в группах: добавьте меня в групповой чат с друзьями и напишите там /new."
    if not games:
        return hint + " Список команд — /help."
    first = min(games, key=lambda g: g.min_players)
    bots = (f"затем {_times(first.min_players - 1)} (уровень бота: лёгкий, средний или сильный) и /begin"
            if first.min_players > 1 else "затем /begin (бота можно посадить: /addbot)")
    hint += f" А здесь можно сыграть против ботов: <code>/new {first.name}</code>, {bots}."
    for game in games:
        if game.min_players != first.min_players:
            hint += (f" В{_in(game)[1:]} играют от {HOW_MANY.get(game.min_players, game.min_players)}: "
                     f"там {_times(game.min_players - 1)}.")
    return hint + " Список команд — /help."


def group_help(games, chat: Chat, row: GameRow | None, game_title: str, current: str | None,
               bot_username: str | None, secrets_link: str | None) -> str:
    """/help and /start in a group: what the bot does, what one can do at this table now, and where the whole
    guide is. `row`: the table's open game (None: none), `game_title` its game's title, `current` the name of
    the player to move; `secrets_link`: the private chat's link for this table's hidden cards, if its game has
    them (or no game is open yet)."""
    lines = [f"<b>Я веду настольные игры прямо в чате</b> и слежу за правилами: {_titles(games)}."]
    where = here(chat.topic)
    if row is None:
        lines.append(f"{where} сейчас партии нет. Начать: /new — и выберите игру; сесть за стол — /join, "
                     "посадить бота — /addbot, раздать и начать — /begin.")
    elif row.status == LOBBY:
        seated = len(row.seats)
        lines.append(f"{where} собирается «{escape(game_title)}», за столом {seated} "
                     f"{plural(seated, 'игрок', 'игрока', 'игроков')}: сесть — /join, посадить бота — /addbot, "
                     "начать — /begin.")
    elif row.status == ACTIVE:
        turn = f", ходит {plain(current)}" if current else ""
        lines.append(f"{where} идёт «{escape(game_title)}»{turn}. Ходят кнопками под доской (/board); все "
                     "разрешённые ходы — /moves, счёт — /score. Кто-то пропал — /skip или /kick.")
    inline = f"<code>@{bot_username} вопрос</code> в любом чате" if bot_username else "встроенный режим"
    lines.append(f"Вопрос по правилам — <code>/rules вопрос</code> (или {inline}); настройки стола — /settings.")
    if chat.topic:
        lines.append("В каждой теме форума свой стол и своя партия; все столы чата — /tables.")
    elif chat.forum:
        lines.append("Это стол общей темы; в каждой теме форума может идти своя партия. Все столы — /tables.")
    if secrets_link:
        lines.append(f'Чтобы тайные карты приходили в личку, <a href="{secrets_link}">откройте чат со мной</a> '
                     "и нажмите «Старт».")
    link = guide_link(bot_username)
    lines.append(f'📖 <a href="{link}">Полное руководство</a> — в личке со мной.' if link
                 else "📖 Полное руководство — /help в личке со мной.")
    return "\n".join(lines)


async def help_reply(table: Table, chat: Chat, hint: bool) -> Reply:
    """The whole guide in private (after the private chat's hint on a bare /start: `hint`); a few lines about this
    table in a group (`group_help`)."""
    games = table.games.values()
    if chat.private:
        text = help_text(games, table.bot_username)
        return Reply(private_hint(games) + "\n\n" + text if hint else text)
    row = await table.store.open_game(chat.id, chat.topic)
    game, current = None, None
    if row is not None:
        game = table.game(row)
        if row.status == ACTIVE:
            seat = game.current_seat(game.load(row.state))
            current = row.seats[seat].name if seat is not None else None
    secrets = game.secret_button if game is not None else any(g.secret_button for g in games)
    link = table.start_link(row) if secrets else None
    return Reply(group_help(games, chat, row, game.title if game else "", current, table.bot_username, link))
