"""Time that tells the truth, through the service with a clock the test turns forward: after the quiet hours the
player is reminded first and keeps the window before the deadline; a changed setting recomputes what is pending
and /turn reads the rows; a deadline in the middle of a turn says how the turn was finished, in all three games."""

from __future__ import annotations

import datetime as dt
import doctest

import pytest
from test_service_turns import ANYA, BORIS, GROUP, HOUR, KB, MORNING, VERA, Clock, begin, opened, table

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.table import turns
from bot.table.timing import schedule
from bot.table.timing.settings import ChatSettings
from rules.registry import GAMES

MOSCOW = dt.timezone(dt.timedelta(hours=3))
ADMIN = User(ANYA.id, ANYA.name, is_admin=True)


def moscow(day: int, hours: int, minutes: int = 0) -> float:
    """A moment of June 2026 in Moscow (the default time zone; quiet hours 23:00–08:00)."""
    return dt.datetime(2026, 6, day, hours, minutes, tzinfo=MOSCOW).timestamp()


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "bot.db")


async def timers(service) -> dict[str, float]:
    row = await service.store.open_game(GROUP.id)
    return {t.kind: t.due_at for t in await service.store.timers(row.id) if t.kind in ("remind", "deadline")}


def fired_texts(fired) -> list[str]:
    return [reply.text for _, replies in fired for reply in replies if reply.to_user is None]


def test_doctests():
    assert doctest.testmod(schedule).failed == 0 and doctest.testmod(turns).failed == 0


# --- quiet hours: the reminder first, then the whole window ---------------------------------------------------


async def test_after_quiet_hours_the_reminder_comes_first_and_the_window_is_kept(path, clock):
    service = await opened(path, clock, ChatSettings(remind_after=HOUR, time_limit=2 * HOUR))
    clock.now = moscow(1, 22, 30)  # the reminder would be due at 23:30, the deadline at 00:30: both at night
    await begin(service)
    _, _, mover = await table(service)
    assert await timers(service) == {"remind": moscow(2, 8), "deadline": moscow(2, 9)}
    clock.now = moscow(2, 8) - 1
    assert await service.fire_timers() == []  # nothing at night
    turn, = await service.command(GROUP, ANYA, "turn", "")
    assert "Время на ход кончится через 1 час." in turn.text  # the rows say it: 09:00
    clock.now = moscow(2, 8)
    texts = fired_texts(await service.fire_timers())
    assert len(texts) == 1 and "ваш ход" in texts[0] and "время на ход вышло" not in texts[0]
    assert (await table(service))[2] is mover
    clock.now = moscow(2, 9) - 1
    assert await service.fire_timers() == []  # the window after the reminder is whole
    clock.now = moscow(2, 9)
    texts = fired_texts(await service.fire_timers())
    assert len(texts) == 1 and "время на ход вышло" in texts[0] and "ваш ход" not in texts[0]
    assert (await table(service))[2] is not mover
    await service.close()


async def test_a_deadline_at_night_moves_to_the_morning_plus_the_window_with_a_reminder_first(path, clock):
    service = await opened(path, clock, ChatSettings(remind_after=HOUR, time_limit=3 * HOUR))
    clock.now = moscow(1, 21)  # reminded at 22:00; the deadline would be at 00:00
    await begin(service)
    assert await timers(service) == {"remind": moscow(1, 22), "deadline": moscow(2, 10)}  # 08:00 + 2 hours
    clock.now = moscow(1, 22)
    assert "ваш ход" in fired_texts(await service.fire_timers())[0]
    assert await timers(service) == {"remind": moscow(2, 8), "deadline": moscow(2, 10)}  # again when it opens
    for moment in (moscow(1, 23), moscow(2, 0), moscow(2, 7, 59)):
        clock.now = moment
        assert await service.fire_timers() == []
    clock.now = moscow(2, 8)
    texts = fired_texts(await service.fire_timers())
    assert len(texts) == 1 and "ваш ход" in texts[0]
    clock.now = moscow(2, 10)
    assert "время на ход вышло" in fired_texts(await service.fire_timers())[0]
    await service.close()


async def test_a_reminder_never_fires_with_the_deadline(path, clock):
    # the reminder as long as the time for a turn: it would come with the deadline, so it does not come at all
    service = await opened(path, clock, ChatSettings(remind_after=2 * HOUR, time_limit=2 * HOUR, quiet=None))
    await begin(service)
    assert await timers(service) == {"deadline": MORNING + 2 * HOUR}
    clock.now += 2 * HOUR
    texts = fired_texts(await service.fire_timers())
    assert len(texts) == 1 and "время на ход вышло" in texts[0]
    await service.close()


# --- a changed setting recomputes what is pending ---------------------------------------------------------------


async def test_turning_quiet_hours_off_recomputes_the_timers_and_turn_tells_the_truth(database, clock):
    """On SQLite and on PostgreSQL: the timers are rows."""
    service = await opened(database, clock, ChatSettings(remind_after=HOUR, time_limit=2 * HOUR))
    clock.now = moscow(1, 23, 30)
    await begin(service)
    assert await timers(service) == {"remind": moscow(2, 8), "deadline": moscow(2, 9)}
    done, = await service.command(GROUP, ANYA, "settings", "тихие выкл")  # the creator of the game
    assert "Тихие часы: нет" in done.text
    assert await timers(service) == {"remind": moscow(2, 0, 30), "deadline": moscow(2, 1, 30)}
    turn, = await service.command(GROUP, BORIS, "turn", "")
    assert "Время на ход кончится через 2 часа." in turn.text
    clock.now += 60
    turn, = await service.command(GROUP, BORIS, "turn", "")
    assert "Время на ход кончится через 1 час 59 минут." in turn.text  # not «5 часов» a minute later
    await service.command(GROUP, ANYA, "settings", "лимит 6ч")
    assert await timers(service) == {"remind": moscow(2, 0, 30), "deadline": moscow(2, 5, 30)}
    await service.command(GROUP, ANYA, "settings", "лимит выкл")
    assert await timers(service) == {"remind": moscow(2, 0, 30)}
    turn, = await service.command(GROUP, BORIS, "turn", "")
    assert "Время на ход" not in turn.text
    clock.now = moscow(2, 0, 30)
    assert "ваш ход" in fired_texts(await service.fire_timers())[0]
    await service.close()


async def test_a_pressed_setting_and_a_new_time_zone_recompute_every_table_of_the_chat(path, clock):
    service = await opened(path, clock, ChatSettings(remind_after=HOUR, time_limit=2 * HOUR))
    clock.now = moscow(1, 22, 30)
    await begin(service)
    forum_topic = Chat(GROUP.id, title=GROUP.title, topic=7, topic_title="Вторая")
    await service.command(forum_topic, BORIS, "new", "kingdom")
    await service.command(forum_topic, VERA, "join", "")
    await service.command(forum_topic, BORIS, "begin", "")
    second = await service.store.open_game(GROUP.id, 7)
    await service.command(GROUP, ADMIN, "settings", "пояс Екатеринбург")  # UTC+5: 00:30 there, quiet till 08:00
    yekaterinburg_morning = dt.datetime(2026, 6, 2, 8, tzinfo=dt.timezone(dt.timedelta(hours=5))).timestamp()
    assert await timers(service) == {"remind": yekaterinburg_morning, "deadline": yekaterinburg_morning + HOUR}
    assert {t.kind: t.due_at for t in await service.store.timers(second.id)} == \
        {"remind": yekaterinburg_morning, "deadline": yekaterinburg_morning + HOUR}
    shown, = await service.command(GROUP, ANYA, "settings", "")
    quiet = next(b.data for line in shown.buttons for b in line if b.text.startswith("🌙"))
    await service.button(GROUP, ADMIN, quiet)  # 23–08 -> 00–09 (Yekaterinburg): the morning is at 09:00 now
    nine = yekaterinburg_morning + HOUR
    assert await timers(service) == {"remind": nine, "deadline": nine + HOUR}
    await service.button(GROUP, ADMIN, quiet)  # ... -> none: due when the turn's times say
    assert await timers(service) == {"remind": moscow(1, 23, 30), "deadline": moscow(2, 0, 30)}
    await service.close()


async def test_a_reminder_due_by_the_new_setting_comes_at_once_and_the_window_after_it(path, clock):
    service = await opened(path, clock, ChatSettings(quiet=None))  # a reminder after 12 hours, no limit
    await begin(service)
    clock.now += 3 * HOUR
    await service.command(GROUP, ANYA, "settings", "напоминание 1ч")
    await service.command(GROUP, ANYA, "settings", "лимит 2ч")
    # waited 3 hours already: reminded now, and the hour between a reminder and the deadline is kept
    assert await timers(service) == {"remind": clock.now, "deadline": clock.now + HOUR}
    texts = fired_texts(await service.fire_timers())
    assert len(texts) == 1 and "ваш ход" in texts[0]
    await service.close()


# --- a deadline in the middle of a turn -------------------------------------------------------------------------


async def begin_game(service, name: str):
    await service.command(GROUP, ANYA, "new", name)
    for player in (BORIS, VERA)[:GAMES[name].min_players - 1]:
        await service.command(GROUP, player, "join", "")
    await service.command(GROUP, ANYA, "begin", "")


async def a_step_that_keeps_the_turn(service, name: str):
    """The player to move makes one step of their turn that does not end it (pressed, as buttons do)."""
    game = GAMES[name]
    row = await service.store.open_game(GROUP.id)
    state = game.load(row.state)
    seat = game.current_seat(state)
    for index, action in enumerate(game.legal_actions(state)):
        probe = game.load(row.state)
        game.apply(probe, action)
        if game.current_seat(probe) == seat and action not in ("skip",):
            user = next(u for u in (ANYA, BORIS, VERA) if u.id == row.seats[seat].user_id)
            await service.button(GROUP, user, buttons.encode_move(row.id, row.version, index))
            return user, row.seats[seat].name
    raise AssertionError(f"no step of «{name}» keeps the turn")


@pytest.mark.parametrize("name", ["kingdom", "sylvan", "valdora"])
async def test_a_deadline_in_the_middle_of_a_turn_says_the_turn_was_finished_by_the_skip_rule(path, clock, name):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None, quiet=None))
    await begin_game(service, name)
    mover, who = await a_step_that_keeps_the_turn(service, name)
    clock.now += 2 * HOUR
    (_, replies), = await service.fire_timers()
    board = replies[0] if replies[0].image else next(r for r in replies if r.image)
    assert f"⌛ {who}: время на ход вышло." in board.text
    assert "Ход был уже начат: сделанное остаётся, а остаток хода пропущен по правилу пропуска." in board.text
    assert f"{who} не доигрывает ход" in board.text and f"{who} пропускает ход" not in board.text
    row = await service.store.open_game(GROUP.id)
    log = await service.store.log(row.id)
    assert log[-1].notation == "skip" or any(line.notation == "skip" for line in log[-3:])
    skipped = next(line for line in reversed(log) if line.notation == "skip")
    assert f"{who} не доигрывает ход" in skipped.summary and log[0].user_id == mover.id
    await service.close()


@pytest.mark.parametrize("name", ["kingdom", "sylvan", "valdora"])
async def test_a_deadline_in_the_middle_of_a_turn_says_the_autopilot_finished_it(path, clock, name):
    settings = ChatSettings(time_limit=2 * HOUR, remind_after=None, quiet=None, on_timeout="autopilot")
    service = await opened(path, clock, settings)
    await begin_game(service, name)
    _, who = await a_step_that_keeps_the_turn(service, name)
    clock.now += 2 * HOUR
    (_, replies), = await service.fire_timers()
    board = next(r for r in replies if r.image and "⌛" in r.text)
    lines = board.text.split("\n")
    assert lines[0] == f"⌛ {who}: время на ход вышло посреди хода. Сделанное остаётся, а доигрывает ход автопилот 🤖:"
    assert lines[1].startswith("🤖")  # the autopilot's steps, each told
    await service.close()


async def test_a_deadline_before_any_step_skips_the_turn_as_before(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None, quiet=None))
    await begin(service)
    _, _, mover = await table(service)
    clock.now += 2 * HOUR
    (_, (board, *_)), = await service.fire_timers()
    assert f"{mover.name} пропускает ход." in board.text and "уже начат" not in board.text
    assert KB  # the same game as the other tests of turns
    await service.close()
