"""bot/clock.py: durations typed in env and chats, Russian captions, time zones, quiet hours across midnight and
summer time changes (Europe/Berlin 2026: clocks jump 02:00 -> 03:00 on 29 March and 03:00 -> 02:00 on 25 October,
both at 01:00 UTC)."""

from __future__ import annotations

import datetime as dt
import doctest
import functools
import re
import zoneinfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.table.timing import clock, zones
from bot.table.timing.clock import (
    DAY,
    HOUR,
    LONGEST,
    MINUTE,
    WEEK,
    QuietHours,
    format_duration,
    not_quiet,
    parse_duration,
    parse_optional_duration,
    parse_quiet_hours,
)
from bot.table.timing.zones import parse_timezone, timezone_name, timezone_title
from rules.text import count

UTC = dt.UTC
BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
T = dt.time


def utc(*args: int) -> dt.datetime:
    return dt.datetime(*args, tzinfo=UTC)


def test_doctests():
    assert doctest.testmod(clock).failed == 0 and doctest.testmod(zones).failed == 0


# ---------------------------------------------------------------- parse_duration


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("90s", 90),
        ("30m", 30 * MINUTE),
        ("12h", 12 * HOUR),
        ("2d", 2 * DAY),
        ("1w", WEEK),
        ("1h30m", HOUR + 30 * MINUTE),
        ("1d 12h", DAY + 12 * HOUR),
        ("  1 d   12 h ", DAY + 12 * HOUR),
        ("2 hours", 2 * HOUR),
        ("1 hour", HOUR),
        ("45 sec", 45),
        ("12", 12 * HOUR),  # a bare number is hours
        ("1.5", HOUR + 30 * MINUTE),
        ("1,5", HOUR + 30 * MINUTE),
        ("1,5ч", HOUR + 30 * MINUTE),
        ("2.5 дня", 2 * DAY + 12 * HOUR),
        ("1:30", HOUR + 30 * MINUTE),
        ("10с", 10),
        ("10 сек", 10),
        ("1 секунда", 1),
        ("2 секунды", 2),
        ("5 секунд", 5),
        ("1 секунду", 1),
        ("5м", 5 * MINUTE),
        ("5 мин", 5 * MINUTE),
        ("5 мин.", 5 * MINUTE),
        ("1 минута", MINUTE),
        ("3 минуты", 3 * MINUTE),
        ("45 минут", 45 * MINUTE),
        ("21 минуту", 21 * MINUTE),
        ("3ч", 3 * HOUR),
        ("1 час", HOUR),
        ("2 часа", 2 * HOUR),
        ("12 часов", 12 * HOUR),
        ("12 ЧАСОВ", 12 * HOUR),
        ("2д", 2 * DAY),
        ("2 дн", 2 * DAY),
        ("1 день", DAY),
        ("3 дня", 3 * DAY),
        ("5 дней", 5 * DAY),
        ("1 сутки", DAY),
        ("3 суток", 3 * DAY),
        ("2 сут", 2 * DAY),
        ("1 неделя", WEEK),
        ("2 недели", 2 * WEEK),
        ("4 недель", 4 * WEEK),
        ("1 нед", WEEK),
        ("неделю", WEEK),
        ("полчаса", 30 * MINUTE),
        ("Полчаса", 30 * MINUTE),
        ("пол часа", 30 * MINUTE),
        ("полдня", 12 * HOUR),
        ("полсуток", 12 * HOUR),
        ("полминуты", 30),
        ("полтора часа", HOUR + 30 * MINUTE),
        ("полторы минуты", 90),
        ("час", HOUR),
        ("сутки", DAY),
        ("день", DAY),
        ("1 час и 30 минут", HOUR + 30 * MINUTE),
        ("1ч, 30м", HOUR + 30 * MINUTE),
        ("2д12ч", 2 * DAY + 12 * HOUR),
        ("1 день 3 часа", DAY + 3 * HOUR),
        ("час 30 минут", HOUR + 30 * MINUTE),
        ("30д", 30 * DAY),  # the longest accepted
        ("0.4с 1с", 1),  # rounded to whole seconds
        ("1 ч", HOUR),
        ("3 ЧАСА", 3 * HOUR),
    ],
)
def test_parse_duration(text, seconds):
    assert parse_duration(text) == seconds


def test_parse_duration_ignores_case():
    assert parse_duration("1 ДЕНЬ 3 ЧАСА") == DAY + 3 * HOUR
    assert parse_optional_duration("Выключить") is None
    assert parse_optional_duration("ВЫКЛЮЧЕНО") is None
    assert parse_duration("полтора часа") == parse_duration("ПОЛТОРА ЧАСА")


@pytest.mark.parametrize(
    "text",
    ["", "   ", "скоро", "ч", "12 ч 30", "1 30", "12x", "12 лет", "1e5", "1.5.ч", "1 полчаса", "пол", "полтора",
     "час час час?", "12h!", "и", "и 2 часа", "1 2 часа", "1,5,5ч", "--5ч", "12 месяцев", "полч"],
)
def test_parse_duration_refuses_garbage_with_examples(text):
    with pytest.raises(ValueError) as error:
        parse_duration(text)
    message = str(error.value)
    assert "например" in message and "«12ч»" in message
    assert "выкл" not in message  # parse_duration has no "off"


@pytest.mark.parametrize("text", ["0", "0ч", "0 минут", "-5ч", "-1", "−3 часа", "0,0"])
def test_parse_duration_refuses_zero_and_negative(text):
    with pytest.raises(ValueError, match="больше нуля.*например"):
        parse_duration(text)


@pytest.mark.parametrize("text", ["31д", "30д 1с", "5 недель", "1000", "9" * 400 + "ч", "721"])
def test_parse_duration_refuses_absurd_values(text):
    with pytest.raises(ValueError, match="не больше 30 дней"):
        parse_duration(text)


def test_parse_duration_too_short_to_round():
    with pytest.raises(ValueError, match="меньше секунды"):
        parse_duration("0,4 с")


def test_garbage_is_quoted_back_shortened():
    with pytest.raises(ValueError) as error:
        parse_duration("ж" * 500)
    assert "«" + "ж" * 39 + "…»" in str(error.value)


# ---------------------------------------------------------------- parse_optional_duration


@pytest.mark.parametrize(
    "text", ["off", "OFF", "0", "нет", "Нет", "выкл", "выкл.", "выключить", "никогда", "-", "—", "0ч", "0 минут"]
)
def test_parse_optional_duration_off(text):
    assert parse_optional_duration(text) is None


@pytest.mark.parametrize(("text", "seconds"), [("12h", 12 * HOUR), ("полчаса", 30 * MINUTE), ("1", HOUR)])
def test_parse_optional_duration_on(text, seconds):
    assert parse_optional_duration(text) == seconds


@pytest.mark.parametrize("text", ["может быть", "", "-5ч", "31 день"])
def test_parse_optional_duration_errors(text):
    with pytest.raises(ValueError, match="например"):
        parse_optional_duration(text)


def test_parse_optional_duration_garbage_mentions_off():
    with pytest.raises(ValueError, match="«выкл»"):
        parse_optional_duration("иногда")


# ---------------------------------------------------------------- format_duration

NUMBERS = [1, 2, 5, 11, 21, 22, 25]


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        (1, ["1 секунду", "2 секунды", "5 секунд", "11 секунд", "21 секунду", "22 секунды", "25 секунд"]),
        (MINUTE, ["1 минуту", "2 минуты", "5 минут", "11 минут", "21 минуту", "22 минуты", "25 минут"]),
        (HOUR, ["1 час", "2 часа", "5 часов", "11 часов", "21 час", "22 часа", "1 день 1 час"]),
        (DAY, ["1 день", "2 дня", "5 дней", "11 дней", "21 день", "22 дня", "25 дней"]),
    ],
)
def test_format_duration_plural_forms(size, expected):
    assert [format_duration(n * size) for n in NUMBERS] == expected


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (DAY + 3 * HOUR, "1 день 3 часа"),
        (2 * DAY + 21 * HOUR, "2 дня 21 час"),
        (5 * DAY + 22 * HOUR, "5 дней 22 часа"),
        (HOUR + MINUTE, "1 час 1 минуту"),
        (2 * HOUR + 21 * MINUTE, "2 часа 21 минуту"),
        (11 * HOUR + 25 * MINUTE, "11 часов 25 минут"),
        (MINUTE + 30, "1 минуту 30 секунд"),
        (22 * MINUTE + 1, "22 минуты 1 секунду"),
        (WEEK, "7 дней"),
        (LONGEST, "30 дней"),
        # at most two neighbouring units, rounded down
        (DAY + 30 * MINUTE, "1 день"),
        (DAY + 3 * HOUR + 59 * MINUTE + 59, "1 день 3 часа"),
        (HOUR + 59 * MINUTE + 59.99, "1 час 59 минут"),
        (HOUR + 45, "1 час"),
        (59.999, "59 секунд"),
        (1, "1 секунду"),
        (0.999, "меньше секунды"),
        (0, "меньше секунды"),
        (-5, "меньше секунды"),
    ],
)
def test_format_duration(seconds, text):
    assert format_duration(seconds) == text


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), float("-inf")])
def test_format_duration_refuses_non_numbers(seconds):
    with pytest.raises(ValueError):
        format_duration(seconds)


def test_format_duration_reads_in_captions():
    assert f"ходит Борис, ждём {format_duration(2 * HOUR + 10)}" == "ходит Борис, ждём 2 часа"
    assert f"напомню через {format_duration(21 * MINUTE)}" == "напомню через 21 минуту"


# (unit size, what the operator writes, the largest count shown in this unit alone, accusative forms)
UNITS = [
    (1, ["s", "с", "сек", " секунд"], 59, ("секунду", "секунды", "секунд")),
    (MINUTE, ["m", "м", "мин", " минут"], 59, ("минуту", "минуты", "минут")),
    (HOUR, ["h", "ч", " час", " часов"], 23, ("час", "часа", "часов")),
    (DAY, ["d", "д", "дн", " дней", " суток"], 30, ("день", "дня", "дней")),
]


@given(data=st.data(), unit=st.sampled_from(UNITS))
def test_format_parse_round_trip_whole_units(data, unit):
    size, suffixes, largest, forms = unit
    n = data.draw(st.integers(1, largest))
    suffix = data.draw(st.sampled_from(suffixes))
    assert parse_duration(f"{n}{suffix}") == n * size
    assert format_duration(parse_duration(f"{n}{suffix}")) == count(n, *forms)


@given(data=st.data(), index=st.integers(0, 2))
def test_parse_reads_format_of_two_units(data, index):
    big, _, largest, _ = UNITS[3 - index]
    small = UNITS[2 - index][0]
    seconds = data.draw(st.integers(1, largest)) * big + data.draw(st.integers(0, big // small - 1)) * small
    if seconds <= LONGEST:
        assert parse_duration(format_duration(seconds)) == seconds


@given(st.floats(1, LONGEST))
def test_format_rounds_down_to_its_smaller_unit(seconds):
    shown = parse_duration(format_duration(seconds))
    smaller = next(size for size in (DAY, HOUR, MINUTE, 1) if seconds >= size)
    smaller = {DAY: HOUR, HOUR: MINUTE, MINUTE: 1, 1: 1}[smaller]
    assert shown <= seconds < shown + smaller


@given(st.text(max_size=30))
def test_duration_parsers_refuse_only_with_value_error(text):
    for parse in (parse_duration, parse_optional_duration):
        try:
            seconds = parse(text)
        except ValueError as error:
            assert "«" in str(error)
        else:
            assert seconds is None or 1 <= seconds <= LONGEST


NEAR_MISSES = ["1", "12", "0,5", " ", "ч", "час", "мин", "д", "и", "пол", "с", ",", "h", ":", "30", "-"]


@given(st.lists(st.sampled_from(NEAR_MISSES), max_size=6))
def test_duration_parser_on_near_misses(parts):
    try:
        seconds = parse_duration("".join(parts))
    except ValueError:
        return
    assert 1 <= seconds <= LONGEST


# ---------------------------------------------------------------- time zones

CITIES = {
    "Москва": "Europe/Moscow",
    "москва": "Europe/Moscow",
    "МОСКВА": "Europe/Moscow",
    "г. Москва": "Europe/Moscow",
    "Санкт-Петербург": "Europe/Moscow",
    "санкт петербург": "Europe/Moscow",
    "Питер": "Europe/Moscow",
    "СПб": "Europe/Moscow",
    "Калининград": "Europe/Kaliningrad",
    "Самара": "Europe/Samara",
    "Екатеринбург": "Asia/Yekaterinburg",
    "Омск": "Asia/Omsk",
    "Новосибирск": "Asia/Novosibirsk",
    "Красноярск": "Asia/Krasnoyarsk",
    "Иркутск": "Asia/Irkutsk",
    "Якутск": "Asia/Yakutsk",
    "Владивосток": "Asia/Vladivostok",
    "Магадан": "Asia/Magadan",
    "Камчатка": "Asia/Kamchatka",
    "Петропавловск-Камчатский": "Asia/Kamchatka",
    "Минск": "Europe/Minsk",
    "Киев": "Europe/Kyiv",
    "Алматы": "Asia/Almaty",
    "Алма-Ата": "Asia/Almaty",
    "Астана": "Asia/Almaty",
    "Ташкент": "Asia/Tashkent",
    "Бишкек": "Asia/Bishkek",
    "Тбилиси": "Asia/Tbilisi",
    "Ереван": "Asia/Yerevan",
    "Баку": "Asia/Baku",
    "Кишинёв": "Europe/Chisinau",
    "Кишинев": "Europe/Chisinau",
    "Рига": "Europe/Riga",
    "Вильнюс": "Europe/Vilnius",
    "Таллин": "Europe/Tallinn",
    "Таллинн": "Europe/Tallinn",
    "Берлин": "Europe/Berlin",
    "Лондон": "Europe/London",
    "Париж": "Europe/Paris",
    "Прага": "Europe/Prague",
    "Варшава": "Europe/Warsaw",
    "Белград": "Europe/Belgrade",
    "Стамбул": "Europe/Istanbul",
    "Тель-Авив": "Asia/Jerusalem",
    "Дубай": "Asia/Dubai",
    "Нью-Йорк": "America/New_York",
    "нью йорк": "America/New_York",
    "Лос-Анджелес": "America/Los_Angeles",
    "Бангкок": "Asia/Bangkok",
    "Бали": "Asia/Makassar",
    # IANA names, in any case, and their last part
    "Europe/Moscow": "Europe/Moscow",
    "europe/moscow": "Europe/Moscow",
    " EUROPE/BERLIN ": "Europe/Berlin",
    "America/New York": "America/New_York",
    "Asia/Ho_Chi_Minh": "Asia/Ho_Chi_Minh",
    "Berlin": "Europe/Berlin",
    "new york": "America/New_York",
    "Etc/GMT+3": "Etc/GMT+3",  # IANA's own sign: UTC-3
    # Moscow time
    "МСК": "Europe/Moscow",
    "мск": "Europe/Moscow",
    "MSK": "Europe/Moscow",
    "МСК+0": "Europe/Moscow",
    "UTC": "UTC",
    "utc": "UTC",
    "GMT": "UTC",
    "UTC+0": "UTC",
    "+0": "UTC",
    "-00:00": "UTC",
}


@pytest.mark.parametrize(("text", "zone"), CITIES.items())
def test_parse_timezone_names(text, zone):
    tz = parse_timezone(text)
    assert isinstance(tz, zoneinfo.ZoneInfo)
    assert tz.key == zone
    assert timezone_name(tz) == zone


@pytest.mark.parametrize(
    ("text", "offset", "name"),
    [
        ("+3", (3, 0), "UTC+03:00"),
        ("UTC+3", (3, 0), "UTC+03:00"),
        ("utc +3", (3, 0), "UTC+03:00"),
        ("GMT+03:00", (3, 0), "UTC+03:00"),
        ("+0300", (3, 0), "UTC+03:00"),
        ("-5", (-5, 0), "UTC-05:00"),
        ("UTC−5", (-5, 0), "UTC-05:00"),
        ("+5:30", (5, 30), "UTC+05:30"),
        ("+5.30", (5, 30), "UTC+05:30"),
        ("UTC+5:45", (5, 45), "UTC+05:45"),
        ("-3:30", (-3, -30), "UTC-03:30"),
        ("+14", (14, 0), "UTC+14:00"),
        ("-12", (-12, 0), "UTC-12:00"),
        ("МСК+2", (5, 0), "UTC+05:00"),
        ("мск + 2", (5, 0), "UTC+05:00"),
        ("МСК-1", (2, 0), "UTC+02:00"),
        ("МСК+9", (12, 0), "UTC+12:00"),
    ],
)
def test_parse_timezone_offsets(text, offset, name):
    tz = parse_timezone(text)
    assert isinstance(tz, dt.timezone)
    assert tz.utcoffset(None) == dt.timedelta(hours=offset[0], minutes=offset[1])
    assert timezone_name(tz) == name
    assert parse_timezone(name) == tz


@pytest.mark.parametrize("text", ["", "абв", "Марс", "+15", "-13", "+3:60", "UTC+99", "МСК+12", "Europe/Atlantis",
                                  "../../etc/passwd", "Europe/", "3", "+", "UTC++3", "localtime", "Factory"])
def test_parse_timezone_refuses(text):
    with pytest.raises(ValueError) as error:
        parse_timezone(text)
    assert "«Москва»" in str(error.value) and "«+3»" in str(error.value)


def test_parse_timezone_asks_for_a_sign():
    with pytest.raises(ValueError, match="«\\+3» или «-3»"):
        parse_timezone("3")


def test_every_city_has_a_real_zone():
    for city, zone in zones._CITY_ZONES.items():
        assert parse_timezone(city) == zoneinfo.ZoneInfo(zone), city


def test_every_iana_zone_is_read_back():
    now = dt.datetime(2026, 7, 1, tzinfo=UTC)
    for name in zoneinfo.available_timezones() - {"Factory", "localtime", "posixrules"}:
        if name.startswith(("posix/", "right/")):
            continue
        tz = parse_timezone(name)
        assert now.astimezone(tz).utcoffset() == now.astimezone(zoneinfo.ZoneInfo(name)).utcoffset(), name
        assert timezone_name(tz) == name or name in ("GMT", "GMT+0", "GMT-0"), name
        assert parse_timezone(timezone_name(tz)) == tz


def test_timezone_name_of_other_zones():
    assert timezone_name(dt.UTC) == "UTC"
    assert timezone_name(dt.timezone(dt.timedelta(hours=-9, minutes=-30))) == "UTC-09:30"


@pytest.mark.parametrize(("stored", "title"), [
    ("Europe/Moscow", "Москва"), ("Asia/Novosibirsk", "Новосибирск"), ("Europe/Chisinau", "Кишинёв"),
    ("America/Los_Angeles", "Лос-Анджелес"), ("UTC+07:00", "UTC+7"), ("UTC-03:30", "UTC−3:30"), ("UTC", "UTC"),
])
def test_a_zone_reads_as_a_city_or_an_offset(stored, title):
    assert timezone_title(stored) == title


def test_a_zone_without_a_russian_city_reads_as_its_offset_at_the_moment():
    winter, summer = dt.datetime(2026, 1, 15, tzinfo=UTC), dt.datetime(2026, 7, 15, tzinfo=UTC)
    assert (timezone_title("America/Denver", winter), timezone_title("America/Denver", summer)) == ("UTC−7", "UTC−6")
    assert timezone_title("Asia/Kathmandu", winter) == "UTC+5:45"


def test_every_city_zone_reads_as_a_russian_city():
    for zone in zones._CITIES:
        assert re.fullmatch(r"[А-ЯЁ][а-яё]+(?:[- ][А-ЯЁ][а-яё]+)*", timezone_title(zone)), zone


@given(st.integers(-12 * 4, 14 * 4))
def test_offsets_round_trip(quarters):
    offset = dt.timedelta(minutes=15 * quarters)
    hours, minutes = divmod(abs(quarters) * 15, 60)
    sign = "-" if quarters < 0 else "+"
    tz = parse_timezone(f"UTC{sign}{hours}:{minutes:02d}")
    assert tz.utcoffset(dt.datetime(2026, 1, 1)) == offset
    assert parse_timezone(timezone_name(tz)).utcoffset(dt.datetime(2026, 1, 1)) == offset


@given(st.text(max_size=30))
def test_timezone_parser_refuses_only_with_value_error(text):
    try:
        tz = parse_timezone(text)
    except ValueError as error:
        assert "«Москва»" in str(error) and "Europe" not in str(error)  # examples a player reads: no English
    else:
        assert parse_timezone(timezone_name(tz)) == tz


# ---------------------------------------------------------------- quiet hours


@pytest.mark.parametrize(
    ("text", "start", "end"),
    [
        ("23-8", T(23), T(8)),
        ("23:00-08:00", T(23), T(8)),
        ("23:00 - 08:00", T(23), T(8)),
        ("23.30–7.45", T(23, 30), T(7, 45)),
        ("23:30—7:45", T(23, 30), T(7, 45)),
        ("с 23 до 8", T(23), T(8)),
        ("С 23:00 ДО 08:00", T(23), T(8)),
        ("c 22 по 7", T(22), T(7)),  # a Latin c
        ("13-15", T(13), T(15)),
        ("0-7", T(0), T(7)),
        ("22-24", T(22), T(0)),
        ("24-6", T(0), T(6)),
        ("1:05-1:06", T(1, 5), T(1, 6)),
        ("3-23", T(3), T(23)),  # 20 hours, the longest
    ],
)
def test_parse_quiet_hours(text, start, end):
    assert QuietHours.parse(text) == QuietHours(start, end)
    assert parse_quiet_hours(text) == QuietHours(start, end)


@pytest.mark.parametrize("text", ["off", "нет", "выкл", "Выкл", "никогда", "-", "0"])
def test_parse_quiet_hours_off(text):
    assert parse_quiet_hours(text) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ночью", "Не понимаю"),
        ("", "Не понимаю"),
        ("23", "Не понимаю"),
        ("23-", "Не понимаю"),
        ("23:5-8", "Не понимаю"),
        ("23-8-9", "Не понимаю"),
        ("25-8", "Нет такого времени"),
        ("23:60-8", "Нет такого времени"),
        ("24:30-8", "Нет такого времени"),
        ("8-8", "начинаться и кончаться"),
        ("0-24", "начинаться и кончаться"),
        ("2-23", "длиннее 20 часов"),
        ("0-23", "длиннее 20 часов"),
    ],
)
def test_parse_quiet_hours_refuses(text, reason):
    with pytest.raises(ValueError, match=reason) as error:
        QuietHours.parse(text)
    assert "«23-8»" in str(error.value) and "выкл" not in str(error.value)
    with pytest.raises(ValueError, match="«выкл»"):
        parse_quiet_hours(text)


def test_quiet_hours_constructor_checks_too():
    with pytest.raises(ValueError):
        QuietHours(T(23), T(23))
    with pytest.raises(ValueError):
        QuietHours(T(1), T(0))  # 23 hours


def test_quiet_hours_text_round_trip():
    for text in ("23-8", "23.30–7.45", "13-15", "22-24"):
        quiet = QuietHours.parse(text)
        assert QuietHours.parse(str(quiet)) == quiet
    assert str(QuietHours.parse("с 23 до 8")) == "23:00–08:00"
    assert str(QuietHours.parse("7-9.05")) == "07:00–09:05"


def test_contains_across_midnight():
    quiet = QuietHours(T(23), T(8))
    inside = [T(23), T(23, 30), T(0), T(3), T(7, 59, 59, 999999)]
    outside = [T(8), T(8, 0, 1), T(12), T(22, 59, 59, 999999)]
    assert all(quiet.contains(t) for t in inside)
    assert not any(quiet.contains(t) for t in outside)


def test_contains_within_a_day():
    quiet = QuietHours(T(13), T(15))
    assert quiet.contains(T(13)) and quiet.contains(T(14, 59, 59))
    assert not quiet.contains(T(15)) and not quiet.contains(T(12, 59)) and not quiet.contains(T(0))


def test_contains_ignores_tzinfo_of_the_time():
    assert QuietHours(T(23), T(8)).contains(T(2, tzinfo=UTC))


# ---------------------------------------------------------------- not_quiet

MOSCOW = zoneinfo.ZoneInfo("Europe/Moscow")
NIGHT = QuietHours(T(23), T(8))


def test_not_quiet_outside_returns_the_moment_itself():
    moment = utc(2026, 1, 10, 12, 0)
    assert not_quiet(moment, NIGHT, MOSCOW) is moment
    assert not_quiet(moment, None, MOSCOW) is moment
    assert not_quiet(utc(2026, 1, 10, 23, 0), None, MOSCOW) == utc(2026, 1, 10, 23, 0)


@pytest.mark.parametrize(
    ("moment", "expected"),
    [
        (utc(2026, 1, 10, 20, 0), utc(2026, 1, 11, 5, 0)),  # 23:00 Moscow: start is quiet
        (utc(2026, 1, 10, 21, 30), utc(2026, 1, 11, 5, 0)),  # 00:30 on the next day
        (utc(2026, 1, 11, 4, 59, 59), utc(2026, 1, 11, 5, 0)),  # 07:59:59
        (utc(2026, 1, 11, 5, 0), utc(2026, 1, 11, 5, 0)),  # 08:00: end is not quiet
        (utc(2026, 1, 10, 19, 59, 59), utc(2026, 1, 10, 19, 59, 59)),  # 22:59:59
    ],
)
def test_not_quiet_across_midnight(moment, expected):
    result = not_quiet(moment, NIGHT, MOSCOW)
    assert result == expected
    assert result.utcoffset() == dt.timedelta(0)


def test_not_quiet_within_a_day():
    lunch = QuietHours(T(13), T(15))
    assert not_quiet(utc(2026, 5, 1, 11, 0), lunch, BERLIN) == utc(2026, 5, 1, 13, 0)  # 13:00 CEST -> 15:00 CEST
    assert not_quiet(utc(2026, 5, 1, 13, 0), lunch, BERLIN) == utc(2026, 5, 1, 13, 0)


def test_not_quiet_with_a_fixed_offset():
    tz = parse_timezone("UTC-5")
    assert not_quiet(utc(2026, 1, 10, 5, 0), NIGHT, tz) == utc(2026, 1, 10, 13, 0)  # 00:00 -> 08:00 local


def test_not_quiet_converts_other_aware_moments():
    moment = dt.datetime(2026, 1, 11, 2, 0, tzinfo=MOSCOW)
    assert not_quiet(moment, NIGHT, MOSCOW) == utc(2026, 1, 11, 5, 0)


def test_not_quiet_needs_an_aware_moment():
    with pytest.raises(ValueError):
        not_quiet(dt.datetime(2026, 1, 10, 12, 0), NIGHT, MOSCOW)


def test_spring_forward_night_is_an_hour_shorter():
    # 23:30 CET on 28 March; 08:00 on the 29th is already CEST (UTC+2)
    assert not_quiet(utc(2026, 3, 28, 22, 30), NIGHT, BERLIN) == utc(2026, 3, 29, 6, 0)


def test_fall_back_night_is_an_hour_longer():
    # 00:00 CEST on 25 October; 08:00 that day is CET (UTC+1)
    assert not_quiet(utc(2026, 10, 24, 22, 0), NIGHT, BERLIN) == utc(2026, 10, 25, 7, 0)


def test_end_skipped_by_spring_forward_is_the_jump():
    quiet = QuietHours(T(1), T(2, 30))  # 02:30 does not exist on 29 March 2026 in Berlin
    result = not_quiet(utc(2026, 3, 29, 0, 30), quiet, BERLIN)  # 01:30 CET
    assert result == utc(2026, 3, 29, 1, 0)  # the jump: 03:00 CEST
    assert result.astimezone(BERLIN).time() == T(3)
    across_midnight = QuietHours(T(23), T(2))  # 02:00 itself does not exist either
    assert not_quiet(utc(2026, 3, 28, 23, 0), across_midnight, BERLIN) == utc(2026, 3, 29, 1, 0)
    # a day later 02:30 exists again
    assert not_quiet(utc(2026, 3, 30, 0, 0), quiet, BERLIN) == utc(2026, 3, 30, 0, 30)


def test_end_shown_twice_by_fall_back():
    quiet = QuietHours(T(0), T(2, 30))  # 02:30 comes twice on 25 October 2026 in Berlin
    assert not_quiet(utc(2026, 10, 24, 23, 30), quiet, BERLIN) == utc(2026, 10, 25, 0, 30)  # 01:30 CEST -> CEST
    # 02:10 CET, after the clocks went back: quiet again until the second 02:30
    assert not_quiet(utc(2026, 10, 25, 1, 10), quiet, BERLIN) == utc(2026, 10, 25, 1, 30)
    # 02:40 CEST, the first time round, is outside and stays as it is
    assert not_quiet(utc(2026, 10, 25, 0, 40), quiet, BERLIN) == utc(2026, 10, 25, 0, 40)


def test_start_in_spring_forward_gap():
    quiet = QuietHours(T(2, 30), T(6))
    assert not_quiet(utc(2026, 3, 29, 0, 59), quiet, BERLIN) == utc(2026, 3, 29, 0, 59)  # 01:59 CET
    assert not_quiet(utc(2026, 3, 29, 1, 0), quiet, BERLIN) == utc(2026, 3, 29, 4, 0)  # 03:00 CEST -> 06:00 CEST


ZONES = [
    "Europe/Berlin",
    "Europe/Moscow",
    "Europe/London",
    "America/New_York",
    "America/St_Johns",
    "Australia/Sydney",
    "Australia/Lord_Howe",  # summer time of 30 minutes
    "Pacific/Chatham",
    "America/Santiago",
    "Asia/Kathmandu",
    "UTC",
]


@functools.cache
def transitions(name: str) -> tuple[dt.datetime, ...]:
    """The instants in 2025-2027 when the zone's offset changes, to the minute."""
    tz = zoneinfo.ZoneInfo(name)
    found = []
    moment = utc(2025, 1, 1)
    while moment < utc(2028, 1, 1):
        step = moment + dt.timedelta(hours=1)
        if moment.astimezone(tz).utcoffset() != step.astimezone(tz).utcoffset():
            low, high = moment, step
            while high - low > dt.timedelta(minutes=1):
                middle = low + (high - low) / 2
                if middle.astimezone(tz).utcoffset() == low.astimezone(tz).utcoffset():
                    low = middle
                else:
                    high = middle
            found.append(high)
        moment = step
    return tuple(found)


def test_transitions_found():
    assert utc(2026, 3, 29, 1, 0) in transitions("Europe/Berlin")
    assert utc(2026, 10, 25, 1, 0) in transitions("Europe/Berlin")


@st.composite
def zone_and_moment(draw):
    name = draw(st.sampled_from(ZONES))
    tz = zoneinfo.ZoneInfo(name)
    changes = transitions(name)
    if changes and draw(st.booleans()):  # near a summer time change
        moment = draw(st.sampled_from(changes)) + dt.timedelta(seconds=draw(st.integers(-36 * HOUR, 36 * HOUR)))
    else:
        moment = draw(st.datetimes(dt.datetime(2025, 1, 1), dt.datetime(2027, 12, 31), timezones=st.just(UTC)))
    if draw(st.integers(0, 9)) == 0:
        tz = dt.timezone(dt.timedelta(minutes=draw(st.integers(-12 * 4, 14 * 4)) * 15))
    return tz, moment


wall_times = st.one_of(
    st.sampled_from([T(0), T(1), T(2), T(2, 30), T(3), T(1, 30), T(23)]),
    st.builds(T, st.integers(0, 23), st.sampled_from([0, 15, 30, 45]) | st.integers(0, 59)),
)


def valid_quiet(pair: tuple[dt.time, dt.time]) -> bool:
    try:
        QuietHours(*pair)
    except ValueError:
        return False
    return True


quiet_hours = st.tuples(wall_times, wall_times).filter(valid_quiet).map(lambda pair: QuietHours(*pair))


@settings(max_examples=600, suppress_health_check=[HealthCheck.too_slow])  # loading a zone is slow on a busy machine
@given(zone_and_moment(), quiet_hours)
def test_not_quiet_properties(zone, quiet):
    tz, moment = zone
    result = not_quiet(moment, quiet, tz)
    assert moment <= result <= moment + dt.timedelta(hours=24)
    assert not quiet.contains(result.astimezone(tz).time())
    assert not_quiet(result, quiet, tz) == result
    if result != moment:
        assert quiet.contains(moment.astimezone(tz).time())
        assert result.utcoffset() == dt.timedelta(0) and result.tzinfo is UTC
        # the earliest such instant: a moment before it is still quiet
        assert quiet.contains((result - dt.timedelta(microseconds=1)).astimezone(tz).time())
    else:
        assert not quiet.contains(moment.astimezone(tz).time())


@given(st.text(max_size=20))
def test_quiet_hours_parser_refuses_only_with_value_error(text):
    try:
        quiet = parse_quiet_hours(text)
    except ValueError as error:
        assert "«23-8»" in str(error)
    else:
        assert quiet is None or QuietHours.parse(str(quiet)) == quiet
