"""/away with a date that does not exist («до 31 февраля», «до 31.04», «до 0 мая», «до 29.02.2027»), through the
service as a player types it: refused in Russian naming the date and why, nothing changed, nothing raised; and the
29th of February taken in a year that has it."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest
from test_service_turns import ANYA, GROUP, Clock, opened

from bot.table.timing.absence import ImpossibleDate, _date, parse_away

MOSCOW = zoneinfo.ZoneInfo("Europe/Moscow")


def at(year: int, month: int, day: int) -> float:
    return dt.datetime(year, month, day, 12, 0, tzinfo=MOSCOW).timestamp()


@pytest.fixture
def clock():
    return Clock(at(2026, 2, 20))  # a Friday in February of a year that is not a leap one


@pytest.fixture
async def service(tmp_path, clock):
    service = await opened(str(tmp_path / "bot.db"), clock)
    yield service
    await service.close()


# what a player types -> what the refusal must say (the date, and why it does not exist)
IMPOSSIBLE = {
    "до 31 февраля": ("31 февраля не бывает", "в феврале 28 дней", "в високосный год — 29"),
    "до 30.02": ("30 февраля не бывает", "в феврале 28 дней"),
    "до 32 марта": ("32 марта не бывает", "в марте 31 день"),
    "до 31.04": ("31 апреля не бывает", "в апреле 30 дней"),
    "до 0 мая": ("0 мая не бывает", "с 1-го"),
    "до 31 апр": ("31 апреля не бывает",),  # a month cut short, as people write it
    "до 31.06.2026": ("31 июня не бывает", "в июне 30 дней"),  # with the year
    "до 31.09.26": ("31 сентября не бывает",),  # with a two-digit year
    "до 0.03": ("0 марта не бывает",),
    "до 15.13": ("Месяца с номером 13 нет", "с 1 по 12"),
    "до 15.00": ("Месяца с номером 0 нет",),
    "до 31": ("31 февраля не бывает",),  # a bare day: this month's, still ahead on the 20th
    "до 0": ("0 февраля не бывает",),
    "до 29 февраля": ("В 2026 году нет 29 февраля", "не високосный"),
    "до 29.02.2027": ("В 2027 году нет 29 февраля", "не високосный"),
}


@pytest.mark.parametrize("typed", IMPOSSIBLE)
async def test_an_impossible_date_is_refused_in_words_naming_it(service, typed):
    refused, = await service.command(GROUP, ANYA, "away", typed)
    assert refused.text.startswith("❌") and "Не понимаю" not in refused.text, refused.text
    for words in IMPOSSIBLE[typed]:
        assert words in refused.text, (typed, refused.text)
    assert "/away 3д" in refused.text  # the examples of what is understood
    assert await service.store.absences([ANYA.id], service.table.clock()) == {}


async def test_the_29th_of_february_is_taken_in_a_leap_year(service, clock):
    clock.now = at(2028, 2, 20)
    for typed in ("до 29 февраля", "до 29.02", "до 29.02.2028", "до 29"):
        taken, *_ = await service.command(GROUP, ANYA, "away", typed)
        assert "в отъезде до 29 февраля" in taken.text, (typed, taken.text)
        absence = (await service.store.absences([ANYA.id], clock.now))[ANYA.id]
        assert dt.datetime.fromtimestamp(absence.until, MOSCOW).date() == dt.date(2028, 2, 29)
        await service.command(GROUP, ANYA, "back", "")


def test_the_year_is_the_next_one_in_which_the_day_is_still_ahead():
    today = dt.date(2027, 3, 10)  # 29 February is past this year; the next one is in 2028, a leap year
    assert _date("29 февраля", today) == dt.date(2028, 2, 29)
    assert _date("29.02", today) == dt.date(2028, 2, 29)
    assert _date("5 марта", today) == dt.date(2028, 3, 5) and _date("15 марта", today) == dt.date(2027, 3, 15)
    assert _date("5", today) == dt.date(2027, 4, 5) and _date("10", today) == dt.date(2027, 4, 10)
    assert _date("31", dt.date(2027, 12, 31)) == dt.date(2028, 1, 31)  # past this month: next month's, in January
    with pytest.raises(ImpossibleDate, match="31 апреля"):
        _date("31", dt.date(2027, 3, 31))  # the 31st is past in March, and April has no 31st
    with pytest.raises(ImpossibleDate, match="В 2026 году нет 29 февраля"):
        _date("29 февраля", dt.date(2025, 3, 1))  # past in 2025: the next is 2026's, which has none


@pytest.mark.parametrize("typed", ["до 99.99.9999", "до 0.0.0000", "до 31.12.0001", "до 1 мартобря 3", "до 00.00"])
def test_whatever_the_numbers_it_is_a_refusal_never_a_crash(typed):
    with pytest.raises(ValueError) as refused:
        parse_away(typed, at(2026, 2, 20), MOSCOW)
    assert "/away 3д" in str(refused.value)
