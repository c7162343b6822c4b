"""Time away: `/away 3д` (or `/away до пятницы`, `/away 2 недели`, up to 14 days) marks a player away in every
game they sit in, `/back` (or their next move) ends it. While they are away nobody reminds them, their turn
deadlines wait until after their return, and the table sees «Вера в отъезде до 28 ноября» on the board and in
/turn; the chat's setting (/settings отъезд) decides whether the table waits when their turn comes or the
autopilot plays it. A part of `bot.table.service.Service`; the turns' side of it is in `bot.table.turns`.

Dates are read and told in the chat's time zone, relative to the service's clock.

>>> import zoneinfo
>>> moscow = zoneinfo.ZoneInfo("Europe/Moscow")
>>> now = dt.datetime(2026, 11, 24, 12, 0, tzinfo=moscow).timestamp()  # a Tuesday
>>> [until_text(parse_away(text, now, moscow), moscow) for text in ("3д", "до пятницы", "до 1 декабря", "2 недели")]
['27 ноября, 12:00', '27 ноября', '1 декабря', '8 декабря, 12:00']
"""

from __future__ import annotations

import datetime as dt
import re
from html import escape
from typing import TYPE_CHECKING

from bot.storage.base import Absence, GameRow
from bot.table.clock import DAY, not_quiet, parse_duration
from bot.table.replies import Chat, Reply, User
from bot.table.texts import plain
from bot.table.zones import parse_timezone, timezone_name
from rules.text import count, typed

if TYPE_CHECKING:
    from bot.table.core import Table

LONGEST_AWAY = 14 * DAY
EXAMPLES = ("Например: <code>/away 3д</code>, <code>/away 2 недели</code>, <code>/away до пятницы</code> "
            "или <code>/away до 28 ноября</code>.")
MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
          "ноября", "декабря")
# «до понедельника»…«до воскресенья», and the nominatives people also write
WEEKDAYS = (("понедельника", "понедельник", "пн"), ("вторника", "вторник", "вт"), ("среды", "среда", "ср"),
            ("четверга", "четверг", "чт"), ("пятницы", "пятница", "пт"), ("субботы", "суббота", "сб"),
            ("воскресенья", "воскресенье", "вс"))
_DAY_MONTH = re.compile(r"(\d{1,2})(?:\s+([а-я]+)|[./](\d{1,2})(?:[./](\d{2}|\d{4}))?)?")


def _local_midnight(day: dt.date, tz: dt.tzinfo) -> float:
    return dt.datetime.combine(day, dt.time(), tzinfo=tz).timestamp()


def _date(text: str, today: dt.date) -> dt.date:
    """The day a player wrote after «до»: «пятницы», «завтра», «28 ноября», «28.11», «28»."""
    if text in ("завтра", "завтрашнего дня"):
        return today + dt.timedelta(days=1)
    if text == "послезавтра":
        return today + dt.timedelta(days=2)
    for number, words in enumerate(WEEKDAYS):
        if text in words or text.removeprefix("следующей ").removeprefix("следующего ") in words:
            ahead = (number - today.weekday() - 1) % 7 + 1  # «до пятницы» on a Friday: the next one
            return today + dt.timedelta(days=ahead)
    found = _DAY_MONTH.fullmatch(text)
    if not found:
        raise ValueError
    day = int(found[1])
    if found[2]:
        month = next((i + 1 for i, name in enumerate(MONTHS) if name.startswith(found[2][:3])), None)
        if month is None:
            raise ValueError
    else:
        month = int(found[3]) if found[3] else today.month
    year = int(found[4]) + (2000 if found[4] and len(found[4]) == 2 else 0) if found[4] else today.year
    wanted = dt.date(year, month, day)  # ValueError for 31.02
    if wanted <= today and not found[4]:  # a day already past: the next such day
        if found[2] or found[3]:
            wanted = dt.date(year + 1, month, day)
        else:
            wanted = dt.date(year + (month == 12), month % 12 + 1, day)
    return wanted


def parse_away(text: str, now: float, tz: dt.tzinfo) -> float:
    """When an absence typed after /away ends: a duration («3д», «2 недели», «5» — days) or a day («до пятницы»,
    «до 28 ноября», «до 28.11», «до завтра»: the absence lasts until that day begins). ValueError (Russian,
    with examples) for anything else, a moment already past, or more than 14 days away."""
    plain_text = " ".join(text.lower().replace("ё", "е").split()).rstrip(".!")
    if not plain_text:
        raise ValueError("Напишите, надолго ли вы уезжаете. " + EXAMPLES)
    if plain_text.startswith("до "):
        today = dt.datetime.fromtimestamp(now, tz).date()
        try:
            until = _local_midnight(_date(plain_text[3:].strip(), today), tz)
        except ValueError:
            raise ValueError(f"Не понимаю дату «{escape(typed(text))}». " + EXAMPLES) from None
    else:
        words = plain_text.removeprefix("на ")
        try:
            seconds = int(words) * DAY if words.isdigit() else parse_duration(words)  # a bare number: days
        except ValueError:
            raise ValueError(f"Не понимаю, надолго ли: «{escape(typed(text))}». " + EXAMPLES) from None
        until = now + seconds
    if until <= now:
        raise ValueError("Этот день уже наступил. " + EXAMPLES)
    if until - now > LONGEST_AWAY + 60:
        raise ValueError(f"Уехать можно не больше чем на {count(LONGEST_AWAY // DAY, 'день', 'дня', 'дней')}. "
                         "Если вернётесь позже — отдайте место автопилоту: /leave. " + EXAMPLES)
    return until


def until_text(until: float, tz: dt.tzinfo) -> str:
    """«28 ноября» for an absence that ends as that day begins, «28 ноября, 14:30» otherwise (the chat's time)."""
    moment = dt.datetime.fromtimestamp(until, tz)
    day = f"{moment.day} {MONTHS[moment.month - 1]}"
    return day if (moment.hour, moment.minute) == (0, 0) else f"{day}, {moment:%H:%M}"


def away_line(name: str, absence: Absence, tz: dt.tzinfo) -> str:
    """What the table sees: «✈️ Вера в отъезде до 28 ноября»."""
    return f"✈️ {plain(name)} в отъезде до {until_text(absence.until, tz)}"


class Away:
    def __init__(self, table: Table):
        self.table = table

    async def _zone(self, chat: Chat) -> dt.tzinfo:
        """The chat's time zone; in private, the bot's default one."""
        return self.table.defaults.tz if chat.private else (await self.table.chat_settings(chat.id)).tz

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/away <how long>: away in every game, told to the table and privately to the player."""
        now = self.table.clock()
        tz = await self._zone(chat)
        if not args:
            current = (await self.table.store.absences([user.id], now)).get(user.id)
            if current is not None:
                return [Reply(f"Вы в отъезде до {until_text(current.until, tz)}. Вернуться раньше — /back. "
                              "Продлить — /away с новым сроком.")]
            return [Reply("Уезжаете? Напишите, надолго ли: пока вас нет, вам не напоминают о ходе, а время на ход "
                          "ждёт вашего возвращения. " + EXAMPLES)]
        try:
            until = parse_away(args, now, tz)
        except ValueError as error:
            return [Reply(f"❌ {error}")]
        absence = Absence(user.id, now, until, timezone_name(tz))
        await self.table.store.set_absence(absence)
        games = await self.table.store.games_of(user.id)
        for game_row in games:  # their turn now: the chat's setting decides at once (a timer due now)
            game, state = self.table.state(game_row)
            seat = game.current_seat(state)
            if seat is not None and game_row.seats[seat].user_id == user.id and not game_row.seats[seat].away:
                await self.table.store.add_timer(game_row.id, "away", seat, now)
        when = until_text(until, tz)
        settled = ("В вашей партии " if len(games) == 1 else f"Во всех ваших партиях ({len(games)}) " if games
                   else "Во всех партиях, где вы сядете за стол, ")
        note = (f"✈️ Вы в отъезде до {when}. {settled}вам не будут напоминать о ходе, а время на ход подождёт "
                "вашего возвращения. Вернуться раньше — /back или просто сделайте ход.")
        if chat.private:
            return [Reply(note)]
        replies = [Reply(f"✈️ {plain(user.name)} в отъезде до {when}: напоминаний не будет, время на ход "
                         "подождёт. Вернуться раньше — /back или просто сделать ход.")]
        if user.id in await self.table.store.private_users([user.id]):
            replies.append(Reply(note, to_user=user.id))
        return replies

    async def back(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        """/back: the absence ends now; a deadline of the player's turn that was put off past the planned return
        counts from now instead."""
        if await self.table.store.end_absence(user.id) is None:
            return [Reply(f"{plain(user.name)}, вы и так не в отъезде. Уехать — /away 3д.")]
        now = self.table.clock()
        for game_row in await self.table.store.games_of(user.id):
            limit = (await self.table.chat_settings(game_row.chat_id)).time_limit
            for timer in await self.table.store.timers(game_row.id):
                if timer.kind == "deadline" and limit and timer.due_at > now + limit and \
                        game_row.seats[timer.seat].user_id == user.id:
                    await self.table.store.add_timer(game_row.id, "deadline", timer.seat, now + limit)
        if chat.private:
            return [Reply("С возвращением! Отъезд окончен: напоминания о ходе снова приходят.")]
        return [Reply(f"✈️ {plain(user.name)} снова в игре.")]

    async def ended(self) -> list[tuple[Chat, list[Reply]]]:
        """Absences that ended by themselves: a private note to each player who started the bot, as
        (the player's private chat, replies); during the quiet hours (the bot's default ones, in the
        player's time zone) the note waits for the morning."""
        now = self.table.clock()
        moment = dt.datetime.fromtimestamp(now, dt.UTC)
        quiet = self.table.defaults.quiet
        awake = [a.user_id for a in await self.table.store.ended_absences(now)
                 if not_quiet(moment, quiet, parse_timezone(a.timezone)) <= moment]
        ended = await self.table.store.claim_ended_absences(now, awake)
        started = await self.table.store.private_users([a.user_id for a in ended])
        return [(Chat(a.user_id, private=True),
                 [Reply(f"✈️ Ваш отъезд окончился ({until_text(a.until, parse_timezone(a.timezone))}): "
                        "напоминания о ходе снова приходят, время на ход идёт как обычно.")])
                for a in ended if a.user_id in started]
