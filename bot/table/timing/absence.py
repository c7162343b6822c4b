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

import calendar
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
IN_MONTHS = ("январе", "феврале", "марте", "апреле", "мае", "июне", "июле", "августе", "сентябре", "октябре",
             "ноябре", "декабре")
# «до понедельника»…«до воскресенья», and the nominatives people also write
WEEKDAYS = (("понедельника", "понедельник", "пн"), ("вторника", "вторник", "вт"), ("среды", "среда", "ср"),
            ("четверга", "четверг", "чт"), ("пятницы", "пятница", "пт"), ("субботы", "суббота", "сб"),
            ("воскресенья", "воскресенье", "вс"))
_DAY_MONTH = re.compile(r"(\d{1,2})(?:\s+([а-я]+)|[./](\d{1,2})(?:[./](\d{2}|\d{4}))?)?")


def _local_midnight(day: dt.date, tz: dt.tzinfo) -> float:
    return dt.datetime.combine(day, dt.time(), tzinfo=tz).timestamp()


class ImpossibleDate(ValueError):
    """A date written well that does not exist («31 февраля», «31.04», «0 мая», «29.02.2027»): the message says
    which date and why, in Russian, so the refusal can name it instead of «не понимаю»."""


def _check_day(day: int, month: int, year: int) -> None:
    """ImpossibleDate unless `day` is in `month` of `year`."""
    if not 1 <= month <= 12:
        raise ImpossibleDate(f"Месяца с номером {month} нет: месяцы считаются с 1 по 12 (28.11 — это 28 ноября).")
    if day == 0:
        raise ImpossibleDate(f"0 {MONTHS[month - 1]} не бывает: дни месяца считаются с 1-го.")
    if month == 2 and day == 29 and not calendar.isleap(year):
        raise ImpossibleDate(f"В {year} году нет 29 февраля: этот год не високосный.")
    longest = calendar.monthrange(2000, month)[1]  # 2000 is a leap year: February's 29 counts as possible
    if day > longest:
        february = " (в високосный год — 29)" if month == 2 else ""
        raise ImpossibleDate(f"{day} {MONTHS[month - 1]} не бывает: в {IN_MONTHS[month - 1]} "
                             f"{count(calendar.monthrange(2001, month)[1], 'день', 'дня', 'дней')}{february}.")


def _date(text: str, today: dt.date) -> dt.date:
    """The day a player wrote after «до»: «пятницы», «завтра», «28 ноября», «28.11», «28.11.2026», «28».

    Without a year, the day is the next one to come: «до 28 ноября» is this year's 28 November if it is still
    ahead, next year's otherwise; a bare «до 28» is this month's 28th if it is still ahead, next month's otherwise.
    The year (or month) is picked first and the day checked in it, so «29 февраля» is taken in a leap year and
    refused, naming the year, in another; a day no month has («31 февраля», «31.04», «0 мая», «32») is refused
    by ImpossibleDate whatever the year."""
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
    if found[4]:
        year = int(found[4]) + (2000 if len(found[4]) == 2 else 0)
        if not dt.MINYEAR <= year <= dt.MAXYEAR:
            raise ValueError
    else:
        year = today.year
        if (month, day) <= (today.month, today.day) and (found[2] or found[3]):
            year += 1  # a day already past this year: next year's
        elif 0 < day <= today.day and not (found[2] or found[3]):
            year, month = (year + 1, 1) if month == 12 else (year, month + 1)  # already past this month: next
    _check_day(day, month, year)
    return dt.date(year, month, day)


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
        except ImpossibleDate as impossible:
            raise ValueError(f"{impossible} " + EXAMPLES) from None
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
