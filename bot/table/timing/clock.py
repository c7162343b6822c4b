"""Time for per-chat settings: durations typed by operators and players, Russian captions, quiet hours
(time zones are `bot.table.timing.zones`).

Pure functions without a clock of their own: callers pass the moment (an aware UTC datetime).

>>> parse_duration("1ч 30м"), parse_duration("полчаса"), parse_duration("12"), parse_duration("1,5 дня")
(5400, 1800, 43200, 129600)
>>> parse_optional_duration("выкл") is None
True
>>> "ждём " + format_duration(2 * HOUR + 59), "через " + format_duration(21 * MINUTE)
('ждём 2 часа', 'через 21 минуту')
>>> quiet = QuietHours.parse("с 23 до 8")
>>> str(quiet), quiet.contains(dt.time(7, 59)), quiet.contains(dt.time(8, 0))
('23:00–08:00', True, False)
>>> from bot.table.timing.zones import parse_timezone
>>> not_quiet(dt.datetime(2026, 1, 10, 21, 30, tzinfo=dt.UTC), quiet, parse_timezone("Москва"))
datetime.datetime(2026, 1, 11, 5, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import datetime as dt
import math
import re
from dataclasses import dataclass

from rules.text import count, typed

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR
WEEK = 7 * DAY
LONGEST = 30 * DAY  # the longest duration parse_duration accepts: a longer reminder or turn limit is a typo
LONGEST_QUIET = 20 * HOUR  # longer quiet hours would leave the bot almost no time to remind anyone

# what a player or an operator writes to switch a setting off
OFF_WORDS = frozenset(
    "off no none never disable disabled 0 - – — нет выкл выключить выключено выключен откл отключить "
    "отключено никогда".split()
)


def _plain(text: str) -> str:
    """Lower case, ё as е, one space between words, no spaces around."""
    return " ".join(text.lower().replace("ё", "е").split())


def is_off(text: str) -> bool:
    """Whether `text` asks to switch a setting off: «выкл», «нет», «никогда», «off», «0», «-».

    >>> is_off(" Выкл. "), is_off("12ч")
    (True, False)
    """
    plain = _plain(text)
    return plain in OFF_WORDS or plain.rstrip(".!") in OFF_WORDS


# ---------------------------------------------------------------- durations

_UNITS: dict[str, int] = {}
for _seconds, _words in (
    (1, "s sec secs second seconds с сек секунда секунды секунд секунду"),
    (MINUTE, "m min mins minute minutes м мин минута минуты минут минуту"),
    (HOUR, "h hr hrs hour hours ч час часа часов"),
    (DAY, "d day days д дн день дня дней сут сутки суток"),
    (WEEK, "w wk week weeks нед неделя недели недель неделю"),
):
    _UNITS.update(dict.fromkeys(_words.split(), _seconds))
# units that mean one of themselves without a number: «час», «сутки», «неделю»
_ALONE = frozenset("час сутки день минута минуту секунда секунду неделя неделю hour day week minute second".split())
_MULTIPLIERS = {"пол": 0.5, "полтора": 1.5, "полторы": 1.5}  # «пол часа», «полтора дня»
_HALVES = frozenset("часа дня суток минуты секунды недели".split())  # «полчаса», «полдня», «полсуток»

_DURATION_TOKEN = re.compile(r"(?P<number>\d+(?:\.\d+)?)|(?P<word>[a-zа-я]+)\.?|(?P<space>[\s,;+]+)|(?P<bad>.)")
_CLOCK_FACE = re.compile(r"(\d{1,3}):([0-5]\d)")  # «1:30» — hours and minutes
_NEGATIVE = re.compile(r"[-−–—]\s*\d")

_DURATION_EXAMPLES = "Напишите, например, «12ч», «30 минут», «1ч 30м» или «2 дня»."


def _duration_error(text: str, off_hint: bool) -> ValueError:
    if not text.strip():
        message = "Не указано время. " + _DURATION_EXAMPLES
    else:
        message = f"Не понимаю время «{typed(text)}». " + _DURATION_EXAMPLES
    if off_hint:
        message += " Чтобы отключить, напишите «выкл»."
    return ValueError(message)


def _total_seconds(text: str, off_hint: bool) -> float:
    """The duration `text` means, in seconds, not yet rounded or checked for range."""
    plain = _plain(text.replace("−", "-"))
    plain = re.sub(r"(?<=\d),(?=\d)", ".", plain)  # decimal comma: «1,5ч»
    if _NEGATIVE.match(plain):
        raise ValueError("Время должно быть больше нуля. " + _DURATION_EXAMPLES)
    if face := _CLOCK_FACE.fullmatch(plain):
        return int(face[1]) * HOUR + int(face[2]) * MINUTE
    total = 0.0
    number: float | None = None  # a number waiting for its unit
    multiplier: float | None = None  # «пол», «полтора» waiting for their unit
    units = 0
    for token in _DURATION_TOKEN.finditer(plain):
        if token["bad"]:
            raise _duration_error(text, off_hint)
        if token["space"]:
            continue
        if token["number"]:
            if number is not None or multiplier is not None:
                raise _duration_error(text, off_hint)
            number = float(token["number"])
            continue
        word = token["word"]
        unit = _UNITS.get(word)
        if word == "и" and number is None and multiplier is None and units:  # «1 час и 30 минут»
            continue
        if word in _MULTIPLIERS and number is None and multiplier is None:
            multiplier = _MULTIPLIERS[word]
            continue
        if unit is not None and number is not None:
            total += number * unit
        elif unit is not None and multiplier is not None:
            total += multiplier * unit
        elif unit is not None and word in _ALONE:
            total += unit
        elif unit is None and number is None and multiplier is None and word[3:] in _HALVES and word[:3] == "пол":
            total += _UNITS[word[3:]] / 2
        else:
            raise _duration_error(text, off_hint)
        number = multiplier = None
        units += 1
    if multiplier is not None:
        raise _duration_error(text, off_hint)
    if number is not None:
        if units:  # «1ч 30»: a number without its unit after others
            raise _duration_error(text, off_hint)
        return number * HOUR  # a bare number: hours
    if not units:
        raise _duration_error(text, off_hint)
    return total


def _checked(total: float) -> int:
    seconds = round(total) if math.isfinite(total) else LONGEST + 1
    if total <= 0:
        raise ValueError("Время должно быть больше нуля. " + _DURATION_EXAMPLES)
    if seconds < 1:
        raise ValueError("Слишком коротко: меньше секунды. " + _DURATION_EXAMPLES)
    if seconds > LONGEST:
        raise ValueError(f"Слишком долго: можно не больше {count(LONGEST // DAY, 'дня', 'дней', 'дней')}. "
                         + _DURATION_EXAMPLES)
    return seconds


def parse_duration(text: str) -> int:
    """Whole seconds of a duration written by an operator (env) or a player (chat), rounded to the nearest second.

    Accepted: a number with a unit — `90s`, `30m`, `12h`, `2d`, `1w`, `12 часов`, `2 дня`, `1,5ч` (decimal comma
    or point), `3 суток`, `неделю`; several of them — `1h30m`, `1д 12ч`, `1 час и 30 минут`; a unit alone —
    `час`, `сутки`; halves — `полчаса`, `полдня`, `пол минуты`, `полтора часа`; `1:30` (hours:minutes); and a bare
    number, which means hours (`12`, `1.5`): players think of turns in hours. Case and ё do not matter; `м` and
    `m` are minutes, never months.

    Raises ValueError with a Russian sentence and examples for anything else, for zero and negative values and
    for more than 30 days (LONGEST).

    >>> [parse_duration(t) for t in ("90s", "30 мин", "1д 12ч", "полтора часа", "1:30", "Неделю")]
    [90, 1800, 129600, 5400, 5400, 604800]
    >>> parse_duration("скоро")
    Traceback (most recent call last):
    ...
    ValueError: Не понимаю время «скоро». Напишите, например, «12ч», «30 минут», «1ч 30м» или «2 дня».
    """
    return _checked(_total_seconds(text, off_hint=False))


def parse_optional_duration(text: str) -> int | None:
    """Like parse_duration, but `off`, `0`, `нет`, `выкл`, `выключить`, `никогда`, `-` (and any zero duration,
    `0ч`) mean None: the setting is switched off.

    >>> parse_optional_duration("никогда"), parse_optional_duration("0 минут"), parse_optional_duration("2д")
    (None, None, 172800)
    """
    if is_off(text):
        return None
    total = _total_seconds(text, off_hint=True)
    return None if total == 0 else _checked(total)


_ACCUSATIVE = (
    (DAY, ("день", "дня", "дней")),
    (HOUR, ("час", "часа", "часов")),
    (MINUTE, ("минуту", "минуты", "минут")),
    (1, ("секунду", "секунды", "секунд")),
)
# after a colon or on a button («Время на ход: 1 минута 20 секунд», «⌛ 1 минута»): the nominative
_NOMINATIVE = tuple((size, (forms[0].replace("минуту", "минута").replace("секунду", "секунда"), *forms[1:]))
                    for size, forms in _ACCUSATIVE)


def format_duration(seconds: float, nominative: bool = False) -> str:
    """A duration in Russian, in the form that follows «ждём», «через», «каждые»: «1 минуту», «2 часа»,
    «1 день 3 часа», «21 час», «45 минут». At most two units, and always neighbours: the largest non-zero one and
    the next smaller one if it is non-zero (days and hours, hours and minutes, minutes and seconds); everything
    smaller is dropped, so the value is rounded down (1 day 0 hours 30 minutes is «1 день»). Weeks are shown as
    days. Less than a second, or a negative value, is «меньше секунды».

    With `nominative`, the form that stands after a colon or alone on a button: «1 минута 21 секунда».

    >>> format_duration(90), format_duration(DAY + 3 * HOUR + 59 * MINUTE), format_duration(0.5)
    ('1 минуту 30 секунд', '1 день 3 часа', 'меньше секунды')
    >>> format_duration(81, nominative=True), format_duration(21 * MINUTE + 2, nominative=True)
    ('1 минута 21 секунда', '21 минута 2 секунды')
    """
    if not math.isfinite(seconds):
        raise ValueError(f"a duration must be a finite number of seconds, not {seconds}")
    whole = math.floor(seconds)
    if whole < 1:
        return "меньше секунды"
    units = _NOMINATIVE if nominative else _ACCUSATIVE
    for index, (size, forms) in enumerate(units):
        if whole >= size:
            words = [count(whole // size, *forms)]
            if index + 1 < len(units):
                smaller, smaller_forms = units[index + 1]
                if rest := whole % size // smaller:
                    words.append(count(rest, *smaller_forms))
            return " ".join(words)
    raise AssertionError("unreachable: whole >= 1")


def about(seconds: float) -> str:
    """How long, in round figures, in the form that follows «ждём»: «около 3 минут», «около часа», «около 2 дней»
    (the nearest whole minute, hour or day); «меньше минуты» under half a minute. For a wait told to people, where
    the seconds are noise.

    >>> about(2 * MINUTE + 26), about(75 * MINUTE), about(100 * MINUTE), about(21 * HOUR + 10 * MINUTE)
    ('около 2 минут', 'около часа', 'около 2 часов', 'около 21 часа')
    >>> about(20), about(50), about(59 * MINUTE + 40), about(30 * HOUR), about(40 * HOUR)
    ('меньше минуты', 'около минуты', 'около часа', 'около суток', 'около 2 дней')
    """
    if not math.isfinite(seconds):
        raise ValueError(f"a duration must be a finite number of seconds, not {seconds}")
    minutes = round(seconds / MINUTE)
    if minutes < 1:
        return "меньше минуты"
    if minutes < 60:
        return "около минуты" if minutes == 1 else f"около {count(minutes, 'минуты', 'минут', 'минут')}"
    hours = round(seconds / HOUR)
    if hours < 24:
        return "около часа" if hours == 1 else f"около {count(hours, 'часа', 'часов', 'часов')}"
    days = round(seconds / DAY)
    return "около суток" if days == 1 else f"около {count(days, 'дня', 'дней', 'дней')}"

# ---------------------------------------------------------------- quiet hours

_QUIET = re.compile(
    r"(?:с|c|from)?\s*(?P<h1>\d{1,2})(?:[:.](?P<m1>\d{2}))?\s*(?:-|до|по|to)\s*(?P<h2>\d{1,2})(?:[:.](?P<m2>\d{2}))?"
)
_QUIET_EXAMPLES = "Напишите, например, «23-8», «23:30–07:00» или «с 23 до 8»."


def _seconds_of_day(moment: dt.time) -> float:
    return moment.hour * HOUR + moment.minute * MINUTE + moment.second + moment.microsecond / 1e6


@dataclass(frozen=True)
class QuietHours:
    """Hours of the chat's local time when the bot pings nobody: from `start` (inclusive) to `end` (exclusive),
    across midnight when end < start. start == end and windows longer than 20 hours are refused (ValueError).

    >>> QuietHours.parse("23.30–7.45"), str(QuietHours.parse("13-15"))
    (QuietHours(start=datetime.time(23, 30), end=datetime.time(7, 45)), '13:00–15:00')
    """

    start: dt.time
    end: dt.time

    def __post_init__(self) -> None:
        length = (_seconds_of_day(self.end) - _seconds_of_day(self.start)) % DAY
        if length == 0:
            raise ValueError(f"Тихие часы не могут начинаться и кончаться в {self.start:%H:%M}. " + _QUIET_EXAMPLES)
        if length > LONGEST_QUIET:
            raise ValueError(f"Тихие часы {self} длиннее {LONGEST_QUIET // HOUR} часов — бот почти не сможет "
                             "никому напомнить. " + _QUIET_EXAMPLES)

    @classmethod
    def parse(cls, text: str) -> QuietHours:
        """«23-8», «23:00-08:00», «23.30–7.45», «с 23 до 8»; hour 24 means midnight. ValueError in Russian."""
        return _parse_quiet(text, off_hint=False)

    def __str__(self) -> str:
        return f"{self.start:%H:%M}–{self.end:%H:%M}"

    def contains(self, local_time: dt.time) -> bool:
        """Whether the local wall time is within the quiet hours: start inclusive, end exclusive."""
        moment = local_time.replace(tzinfo=None)
        start, end = self.start.replace(tzinfo=None), self.end.replace(tzinfo=None)
        if start < end:
            return start <= moment < end
        return moment >= start or moment < end


def _parse_quiet(text: str, off_hint: bool) -> QuietHours:
    examples = _QUIET_EXAMPLES + (" Без тихих часов — «выкл»." if off_hint else "")
    plain = _plain(text).translate(str.maketrans("–—−", "---"))
    found = _QUIET.fullmatch(plain)
    if not found:
        raise ValueError(f"Не понимаю тихие часы «{typed(text)}». " + examples)
    times = []
    for hours, minutes in ((found["h1"], found["m1"]), (found["h2"], found["m2"])):
        hour, minute = int(hours), int(minutes or 0)
        if hour == 24 and minute == 0:
            hour = 0
        if hour > 23 or minute > 59:
            raise ValueError(f"Нет такого времени суток: {hours}:{minutes or '00'}. " + examples)
        times.append(dt.time(hour, minute))
    try:
        return QuietHours(times[0], times[1])
    except ValueError as error:
        raise ValueError(str(error) + (" Без тихих часов — «выкл»." if off_hint else "")) from None


def parse_quiet_hours(text: str) -> QuietHours | None:
    """QuietHours.parse, or None for `off`, `нет`, `выкл` (see is_off): no quiet hours.

    >>> parse_quiet_hours("нет") is None, str(parse_quiet_hours("23:00 - 8:00"))
    (True, '23:00–08:00')
    """
    return None if is_off(text) else _parse_quiet(text, off_hint=True)


def _gap_end(wall: dt.datetime, tz: dt.tzinfo) -> dt.datetime:
    """The instant the clocks jumped over `wall`, a local time that did not exist (a summer time gap)."""
    first, second = (wall.replace(tzinfo=tz, fold=fold).astimezone(dt.UTC) for fold in (0, 1))
    # the local clock shows a time earlier than `wall` at `before`, a later one at `after`
    before, after = min(first, second), max(first, second)
    while after - before > dt.timedelta(microseconds=1):
        middle = before + (after - before) / 2
        if middle.astimezone(tz).replace(tzinfo=None) > wall:
            after = middle
        else:
            before = middle
    return after


def _next_wall_time(wall: dt.datetime, tz: dt.tzinfo, moment: dt.datetime) -> dt.datetime | None:
    """The first instant after `moment` when the local clock in tz shows `wall` (the first valid instant after it
    if the clocks skip it), or None if `wall` comes no later than `moment`."""
    instants = []
    for fold in (0, 1):
        instant = wall.replace(tzinfo=tz, fold=fold).astimezone(dt.UTC)
        if instant.astimezone(tz).replace(tzinfo=None) == wall:
            instants.append(instant)
    if not instants:
        instants.append(_gap_end(wall, tz))
    later = [instant for instant in instants if instant > moment]
    return min(later) if later else None


def not_quiet(moment: dt.datetime, quiet: QuietHours | None, tz: dt.tzinfo) -> dt.datetime:
    """When a ping due at `moment` (an aware datetime) may go: `moment` itself outside quiet hours, otherwise the
    end of these quiet hours — the next time the clock in tz shows `quiet.end` (summer time included: when the
    clocks skip that time, the first instant after the jump; when they show it twice, the first of the two that is
    later than `moment`). The result is in UTC.
    """
    if moment.utcoffset() is None:
        raise ValueError("moment must be an aware datetime")
    if quiet is None or not quiet.contains(moment.astimezone(tz).time()):
        return moment
    day = moment.astimezone(tz).date()
    for _ in range(3):
        found = _next_wall_time(dt.datetime.combine(day, quiet.end.replace(tzinfo=None)), tz, moment)
        if found is not None:
            return found
        day += dt.timedelta(days=1)
    raise AssertionError("the end of quiet hours comes within a day")
