"""/skip needs a reason the table can see (issue 23, «Denial of turns»): the turn's time limit ran out, or the turn
waited past the reminder's time with no move. Before that it is refused, says when it becomes possible, and
changes nothing — in a two-player game the waiting player can no longer skip the other's turns the moment they
begin."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from rules.registry import GAMES

GROUP = Chat(id=-1001600, title="Друзья")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")
USERS = {u.id: u for u in (ANYA, BORIS)}
KB = GAMES["kingdom"]
HOUR, MINUTE = 3600, 60
MORNING = dt.datetime(2026, 6, 1, 6, 0, tzinfo=dt.UTC).timestamp()  # 09:00 in Moscow


class Clock:
    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


async def two_player_game(database, clock, defaults=None) -> tuple[Service, User, User]:
    service = Service(await open_store(database), defaults=defaults, clock=clock)
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    mover = await mover_of(service)
    return service, mover, BORIS if mover is ANYA else ANYA


async def mover_of(service) -> User:
    row = await service.store.open_game(GROUP.id)
    return USERS[row.seats[KB.current_seat(KB.load(row.state))].user_id]


async def test_a_skip_the_moment_a_turn_begins_is_refused_and_works_after_the_reminder(database):
    clock = Clock(MORNING)
    service, mover, other = await two_player_game(database, clock)  # the default reminder: after 12 hours
    try:
        before = await service.store.open_game(GROUP.id)
        for _ in range(3):  # asked again and again: every time refused, nothing skipped
            refused, = await service.command(GROUP, other, "skip", "")
            assert refused.text == (f"Пропустить ход можно будет после 21:00 — если {mover.name} так и не походит к "
                                    "напоминанию (осталось ждать 12 часов).")
            assert refused.only_for == other.id and not refused.buttons and refused.image is None
        after = await service.store.open_game(GROUP.id)
        assert (after.version, after.state) == (before.version, before.state)
        assert await service.store.vote(after.id, "skip") is None and await mover_of(service) is mover
        clock.now += 12 * HOUR - MINUTE  # a minute short of the reminder's time: still refused
        refused, = await service.command(GROUP, other, "skip", "")
        assert "осталось ждать 1 минуту" in refused.text and await mover_of(service) is mover
        clock.now += MINUTE
        skipped, *_ = await service.command(GROUP, other, "skip", "")
        assert skipped.text.startswith(f"⏭ {mover.name}: ход ждёт уже 12 часов, и {other.name} пропускает его.")
        assert skipped.image and await mover_of(service) is other
        assert [line.notation for line in await service.store.log(after.id)][-1] == "skip"
        refused, = await service.command(GROUP, mover, "skip", "")  # the next turn has just begun: refused again
        assert refused.text.startswith("Пропустить ход можно будет завтра после 09:00") and \
            await mover_of(service) is other
    finally:
        await service.close()


async def test_with_a_time_limit_the_skip_waits_for_the_deadline(database):
    clock = Clock(MORNING)
    service, mover, other = await two_player_game(database, clock, ChatSettings(time_limit=2 * HOUR,
                                                                                remind_after=HOUR))
    try:
        clock.now += HOUR + MINUTE  # past the reminder, but the table has a time limit: its deadline decides
        refused, = await service.command(GROUP, other, "skip", "")
        assert refused.text == ("Пропустить ход можно будет после 11:00 — тогда выйдет время на этот ход (сейчас "
                                f"ходит {mover.name}).")
        clock.now += HOUR
        skipped, *_ = await service.command(GROUP, other, "skip", "")
        assert skipped.text.startswith(f"⌛ {mover.name}: время на ход вышло, и {other.name} пропускает этот ход.")
    finally:
        await service.close()


async def test_a_table_with_neither_limit_nor_reminder_never_skips_and_points_to_kick(database):
    clock = Clock(MORNING)
    service, mover, other = await two_player_game(database, clock, ChatSettings(remind_after=None))
    try:
        clock.now += 30 * 24 * HOUR
        refused, = await service.command(GROUP, other, "skip", "")
        assert "нет ни того, ни другого" in refused.text and "/kick" in refused.text
        assert await mover_of(service) is mover
    finally:
        await service.close()
