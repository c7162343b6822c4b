"""How long a player is away (`/away 3д`, `/away до пятницы`, `/away 2 недели`, up to 14 days) and how that
is told: dates are read and told in the chat's time zone, relative to the service's clock. The command
itself is `bot.table.timing.away`.

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

from bot.replies.names import plain
from bot.storage.base import Absence
from bot.table.timing.clock import DAY, parse_duration
from rules.text import count, typed

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
        until = now + min(seconds, 2 * LONGEST_AWAY)  # a huge number (٢٢٢… are digits too) is too long, not an error
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
