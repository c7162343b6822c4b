"""Russian texts the bot says that do not belong to one game."""

from __future__ import annotations

from html import escape

from bot.replies.names import plain
from rules.text import plural


def help_text(games, bot_username: str | None = None) -> str:
    """The /help memo: the games we can referee (from their protocol objects: what each is and how long it
    lasts), how to play, the rules lookup and inline mode (the whole guide, sent in private)."""
    listed = "\n".join(f"<code>/new {g.name}</code> — <b>«{escape(g.title)}»</b>, {_players(g)}: {escape(g.about)}"
                       for g in games)
    inline = f"@{bot_username}" if bot_username else "@имя_бота"
    return f"""<b>Я веду настольные игры прямо в чате</b> и слежу за правилами.

<b>Игры</b>
{listed}

<b>Как начать партию</b>
/new — выбрать игру кнопкой (или сразу <code>/new valdora</code>)
/join — сесть за стол, /leave — встать из-за стола
/addbot — посадить бота (<code>/addbot сильный</code>; уровни: лёгкий, средний, сильный), /leave бот — убрать
/begin — раздать и начать (начинает тот, кто открыл стол; первого игрока выбирает жребий)

<b>Во время партии</b>
Под каждой доской — кнопки со всеми разрешёнными ходами: нажмите нужную.
Можно и командой: <code>/move Д5</code> в «Валдоре», <code>/build K12</code> в Kingdom Builder, \
<code>/place Б3</code> в «Зодчих».
Карту из тайной руки разыгрывают кнопкой «🂠 Сыграть карту»: свои карты увидит только нажавший.
/board — доска и кнопки, /moves — все разрешённые ходы списком
/score — счёт (открытая часть), /log — последние ходы, /turn — чей ход и сколько ждём
/undo — отменить свой последний шаг: самому, пока после вас никто не сходил; иначе — если все согласны
/abort — прервать партию (кто открыл стол или администратор чата), /tables — все столы чата

<b>Правила</b>
/rules вопрос — ответ из справки по правилам: <code>/rules сколько стоит телега</code>; без вопроса — \
оглавление. Под отказом в ходе — кнопка «📖 Правило» с нужным разделом.
В любом чате наберите <code>{inline} вопрос</code> — и выберите раздел из подсказок: ответ уйдёт в этот чат.

<b>Если кто-то пропал</b>
Бот напоминает тому, чей ход. /skip — пропустить его ход, когда время на ход вышло или ход простоял до напоминания, \
/kick — голосованием отдать его место автопилоту 🤖, /leave — самому выйти из идущей партии.
Уезжаете? <code>/away 3д</code> или <code>/away до пятницы</code> (до 14 дней): напоминаний не будет, время \
на ход подождёт; /back или ваш ход — вы снова в игре.

<b>История</b>
/history — сыгранные партии, /stats — статистика чата, /games в личке — все ваши партии.
«🔁 Реванш» под последней доской — те же игроки ещё раз, первым ходит следующий по кругу.
Доска, счёт и ходы последней партии доступны и после её конца.

В обычной группе идёт одна партия, а в группе с темами — своя в каждой теме; \
играть можно сразу в нескольких чатах.
Партия хранится, пока не закончится: можно ходить хоть раз в день."""


def not_running(title: str | None) -> str:
    """Why there is no running game to look at: a lobby still gathering (its game's `title`), or no game at all."""
    if title:
        return f"Партия «{escape(title)}» ещё не началась: идёт набор игроков (сесть — /join, начать — /begin)."
    return "Сейчас партия не идёт. Начните: /new."


def _players(game) -> str:
    """«3–5 игроков», «2–4 игрока», «2 игрока»."""
    low = f"{game.min_players}–" if game.min_players != game.max_players else ""
    return f"{low}{game.max_players} {plural(game.max_players, 'игрок', 'игрока', 'игроков')}"


STEP_MARKS = ("🤖 ", "⏭ ")  # a move of the autopilot, a turn skipped


def step_text(summary: str, name: str) -> str:
    """A move as the log tells it: what its events said, or, for a move that said nothing (a turn ended with
    nothing else done; an old log may hold such empty lines), who ended their turn.

    >>> step_text("Аня берёт провиант.", "Аня"), step_text("", "Аня"), step_text("🤖 ", "Борис")
    ('Аня берёт провиант.', 'Аня заканчивает ход.', '🤖 Борис заканчивает ход.')
    """
    mark = next((m for m in STEP_MARKS if summary.startswith(m)), "")
    if summary[len(mark):].strip():
        return summary
    return f"{mark}{name} {'пропускает ход' if mark == '⏭ ' else 'заканчивает ход'}."


def board_link(chat_id: int, message_id: int | None, topic: int = 0) -> str | None:
    """A t.me link to a message of a supergroup (the members open it), in its forum topic if it is in one;
    ordinary groups have none.

    >>> board_link(-1001234567890, 42), board_link(-1001234567890, 42, topic=7), board_link(-4567, 42)
    ('https://t.me/c/1234567890/42', 'https://t.me/c/1234567890/7/42', None)
    """
    text = str(chat_id)
    if message_id is None or not text.startswith("-100"):
        return None
    return f"https://t.me/c/{text[4:]}/{f'{topic}/' if topic else ''}{message_id}"


def topic_link(chat_id: int, topic: int) -> str | None:
    """A t.me link that opens a forum topic of a supergroup (ordinary groups have none).

    >>> topic_link(-1001234567890, 7), topic_link(-1001234567890, 0), topic_link(-4567, 7)
    ('https://t.me/c/1234567890/7', None, None)
    """
    text = str(chat_id)
    return f"https://t.me/c/{text[4:]}/{topic}" if topic and text.startswith("-100") else None


def here(topic: int) -> str:
    """«В этой теме» at a forum topic's table, «В этом чате» at a chat's only table (or the General topic's)."""
    return "В этой теме" if topic else "В этом чате"


def topic_name(topic: int, title: str = "") -> str:
    """A forum topic as a private message names it: «Вечерняя» by its name, №7 when the bot has not seen its
    name, nothing for a chat without topics (or the General topic).

    >>> topic_name(7, "Вечерняя"), topic_name(7), topic_name(0)
    ('«Вечерняя»', '№7', '')
    """
    if not topic:
        return ""
    return f"«{escape(title)}»" if title else f"№{topic}"


def in_chat(title: str, topic: int = 0, topic_title: str = "") -> str:
    """« в чате «Друзья», в теме «Вечерняя»» after a game's name in a private message; "" when nothing is known.

    >>> in_chat("Друзья", 7, "Вечерняя"), in_chat("Друзья"), in_chat("", 7)
    (' в чате «Друзья», в теме «Вечерняя»', ' в чате «Друзья»', ' в теме №7')
    """
    parts = [f"в чате «{escape(title)}»"] if title else []
    if topic:
        parts.append(f"в теме {topic_name(topic, topic_title)}")
    return f" {', '.join(parts)}" if parts else ""


def chat_named(title: str, topic: int = 0, topic_title: str = "") -> str:
    """« (чат «Друзья», тема «Вечерняя»)» after a turn's news in a private message; "" when nothing is known.

    >>> chat_named("Друзья", 7, "Вечерняя"), chat_named("Друзья"), chat_named("")
    (' (чат «Друзья», тема «Вечерняя»)', ' (чат «Друзья»)', '')
    """
    parts = [f"чат «{escape(title)}»"] if title else []
    if topic:
        parts.append(f"тема {topic_name(topic, topic_title)}")
    return f" ({', '.join(parts)})" if parts else ""


def mention(user_id: int, name: str) -> str:
    """A link that makes Telegram notify the user; a bot player (a negative id: `seating.robots`) is only named.
    The name is shown as plain text, whatever it holds (`names.shown`)."""
    if user_id < 0:
        return plain(name)
    return f'<a href="tg://user?id={user_id}">{plain(name)}</a>'


def seat_title(seat) -> str:
    """How the lobby and the statistics name a seat: a bot player with its level («Бот Филин (средний)»)."""
    return f"{seat.name} ({seat.level})" if seat.level else seat.name


