"""Time away (/away, /back) and «что было без вас», through the service with a clock the test turns forward:
reminders wait for the return, deadlines start counting after it, the chat's setting lets the autopilot play,
the board and /turn tell the table, a move or /back ends it, it survives a restart, bad input is refused."""

from __future__ import annotations

import datetime as dt
import doctest

import pytest
from test_service_turns import ANYA, BORIS, GROUP, HOUR, KB, MORNING, USERS, VERA, Clock, begin, opened, table

from bot.replies.reply import Chat, User
from bot.storage.base import LogLine
from bot.table.timing import away, missed
from bot.table.timing.settings import ChatSettings

DAY = 24 * HOUR

ADMIN = User(9, "Дина", is_admin=True)  # a lobby gives its players no say in the settings


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "bot.db")


@pytest.fixture
async def service(database, clock):
    """The service on SQLite and on PostgreSQL (conftest's `database`)."""
    service = await opened(database, clock)
    yield service
    await service.close()


def private(user) -> Chat:
    return Chat(user.id, private=True)


async def move(service, player, action=None):
    """`player` plays `action` (the first legal one without it) as a typed command."""
    _, state, _ = await table(service)
    name, _, args = (action or KB.legal_actions(state)[0]).partition(" ")
    return await service.command(GROUP, player, name, args)


async def end_turn(service):
    """The player to move builds (or ends) until their turn passes; the replies of the last move."""
    _, _, mover = await table(service)
    replies = []
    while (await table(service))[2] is mover:
        _, state, _ = await table(service)
        replies = await move(service, mover, next(a for a in KB.legal_actions(state)
                                                  if a.startswith("build") or a == "end"))
    return replies


def test_doctests():
    assert doctest.testmod(away).failed == 0


async def test_away_refuses_garbage_the_past_and_more_than_two_weeks(service):
    for typed in ("скоро", "15д", "3 месяца", "до 31 февраля", "до марсианского вторника", "-2д"):
        refused, = await service.command(GROUP, ANYA, "away", typed)
        assert refused.text.startswith("❌") and "/away 3д" in refused.text, typed
    for too_long in ("15д", "9" * 400):  # a number of days no float holds is only too long, not an error
        longest, = await service.command(GROUP, ANYA, "away", too_long)
        assert "не больше чем на 14 дней" in longest.text, too_long
    asked, = await service.command(GROUP, ANYA, "away", "")
    assert "надолго" in asked.text and "/away 3д" in asked.text
    assert await service.store.absences([ANYA.id], MORNING) == {}
    not_away, = await service.command(GROUP, ANYA, "back", "")
    assert "и так не в отъезде" in not_away.text


async def test_away_in_private_takes_a_weekday_and_is_told_in_the_chats_time(service):
    # 2026-06-01 is a Monday: «до пятницы» is Friday the 5th, from midnight in Moscow (the default zone)
    told, = await service.command(private(VERA), VERA, "away", "до пятницы")
    assert "Вы в отъезде до 5 июня." in told.text
    absence = (await service.store.absences([VERA.id], MORNING))[VERA.id]
    assert absence.until == dt.datetime(2026, 6, 4, 21, 0, tzinfo=dt.UTC).timestamp()
    status, = await service.command(private(VERA), VERA, "away", "")
    assert "Вы в отъезде до 5 июня" in status.text
    back, = await service.command(private(VERA), VERA, "back", "")
    assert "С возвращением" in back.text and await service.store.absences([VERA.id], MORNING) == {}


async def test_away_silences_reminders_shows_on_the_board_and_ends_by_itself(service, clock):
    await begin(service)
    _, _, mover = await table(service)
    await service.command(private(mover), mover, "start", "")  # the mover started the bot in private
    said = await service.command(GROUP, mover, "away", "3д")
    assert f"{mover.name} в отъезде до 4 июня, 09:00" in said[0].text
    assert said[1].to_user == mover.id and "Вы в отъезде до 4 июня, 09:00. В вашей партии" in said[1].text
    turn, = await service.command(GROUP, ANYA, "turn", "")
    assert f"✈️ {mover.name} в отъезде до 4 июня, 09:00." in turn.text
    board, = await service.command(GROUP, ANYA, "board", "")
    assert f"✈️ {mover.name} в отъезде до 4 июня, 09:00" in board.text
    for _ in range(6):  # three days of 12-hour steps: no reminder while away
        assert await service.fire_timers() == []
        clock.now += 12 * HOUR
    assert clock.now == MORNING + 3 * DAY  # the absence has just ended: the reminder, and a note to the player
    fired = await service.fire_timers()
    assert [chat.id for chat, _ in fired] == [GROUP.id, mover.id]
    assert "ваш ход" in fired[0][1][0].text and "отъезд окончился" in fired[1][1][0].text
    assert await service.fire_timers() == []  # each once
    turn, = await service.command(GROUP, ANYA, "turn", "")
    assert "в отъезде" not in turn.text


async def test_an_absence_ending_at_midnight_is_told_in_the_morning(service, clock):
    await service.command(private(VERA), VERA, "away", "до завтра")  # until 00:00 in Moscow
    clock.now = dt.datetime(2026, 6, 1, 21, 0, tzinfo=dt.UTC).timestamp()  # midnight in Moscow
    assert await service.fire_timers() == []
    assert await service.store.absences([VERA.id], clock.now) == {}  # over already, told later
    clock.now += 8 * HOUR - 1
    assert await service.fire_timers() == []
    clock.now += 1  # 08:00, the end of the quiet hours
    (chat, (note,)), = await service.fire_timers()
    assert chat.id == VERA.id and chat.private and note.text.startswith("✈️ Ваш отъезд окончился (2 июня)")
    assert await service.fire_timers() == []


async def test_a_deadline_waits_until_after_the_return(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None))
    await begin(service)
    _, _, mover = await table(service)
    await service.command(GROUP, mover, "away", "1д")
    clock.now += 2 * HOUR
    assert await service.fire_timers() == []
    assert (await table(service))[2] is mover  # not skipped while away
    clock.now = MORNING + DAY + 2 * HOUR - 1
    assert await service.fire_timers() == []
    turn, = await service.command(GROUP, mover, "turn", "")
    assert "Время на ход кончится через 1 секунду." in turn.text  # the deadline as it waited, not as it was
    clock.now += 1  # the full time for the turn after the return
    (_, replies), = await service.fire_timers()
    assert "время на ход вышло" in replies[0].text and (await table(service))[2] is not mover
    await service.close()


async def test_while_away_turn_says_the_time_waits_and_skip_is_refused(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None))
    await begin(service, (ANYA, BORIS, VERA))
    _, _, mover = await table(service)
    other = next(u for u in (ANYA, BORIS, VERA) if u is not mover)
    await service.command(GROUP, mover, "away", "1д")
    clock.now += 3 * HOUR  # past the time for a turn, but the player is away
    turn, = await service.command(GROUP, other, "turn", "")
    assert "Время на ход пойдёт, когда игрок вернётся." in turn.text
    refused, = await service.command(GROUP, other, "skip", "")  # away is protected: no skip, not even a vote
    assert "ход игрока в отъезде не пропускают — стол ждёт возвращения" in refused.text
    assert (await table(service))[2] is mover
    await service.close()


async def test_back_early_brings_the_deadline_back(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None))
    await begin(service)
    _, _, mover = await table(service)
    await service.command(GROUP, mover, "away", "3д")
    clock.now += 2 * HOUR
    assert await service.fire_timers() == []  # put off past the return, three days on
    clock.now += HOUR
    await service.command(GROUP, mover, "back", "")
    clock.now += 2 * HOUR - 1
    assert await service.fire_timers() == []
    clock.now += 1  # the full time for the turn from /back
    (_, replies), = await service.fire_timers()
    assert "время на ход вышло" in replies[0].text
    await service.close()


async def test_a_turn_that_comes_while_away_waits_with_its_deadline_after_the_return(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None))
    await begin(service)
    _, _, mover = await table(service)
    other = BORIS if mover is ANYA else ANYA
    await service.command(GROUP, other, "away", "1д")
    await end_turn(service)  # the turn passes to the one away
    assert (await table(service))[2] is other
    timers = await service.store.timers((await table(service))[0].id)
    # the deadline counts from the return, which the turn's rows keep too (a timer that never fires)
    assert [(t.kind, t.due_at) for t in timers] == [("deadline", MORNING + DAY + 2 * HOUR), ("returned", MORNING + DAY)]
    await service.close()


async def test_the_chat_may_let_the_autopilot_play_the_turns_of_a_player_away(service, clock):
    await begin(service)
    await service.command(GROUP, ANYA, "settings", "отъезд автопилот")  # the creator changes it
    shown, = await service.command(GROUP, ANYA, "settings", "")
    assert "✈️ Ход игрока в отъезде: за него ходит автопилот" in shown.text
    row, _, mover = await table(service)
    other = BORIS if mover is ANYA else ANYA
    said, board, *_ = await service.command(GROUP, mover, "away", "2д")  # the mover's current turn: played now
    assert f"✈️ {mover.name} в отъезде: этот ход играет автопилот 🤖." in board.text and board.image
    assert await service.fire_timers() == []
    assert (await table(service))[2] is other
    before = len(await service.store.log(row.id))
    for _ in range(10):  # the other plays their turn: then it comes to the one away
        board, = await move(service, other, next(a for a in KB.legal_actions((await table(service))[1])
                                                 if a.startswith("build") or a == "end"))
        if (await service.store.log(row.id, 1))[0].seat == row.seat_of(mover.id):
            break
    assert "🤖" in board.text and (await table(service))[2] is other  # played at once, with no wait
    assert len(await service.store.log(row.id)) > before
    auto = [line for line in await service.store.log(row.id) if line.seat == row.seat_of(mover.id)]
    assert auto and all(line.user_id == 0 and line.summary.startswith("🤖") for line in auto)


async def test_a_game_that_begins_with_a_player_away_lets_the_autopilot_open_it(service):
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, ADMIN, "settings", "отъезд автопилот")  # before the start: an administrator
    await service.command(GROUP, BORIS, "join", "")
    row = await service.store.open_game(GROUP.id)
    first = row.seats[KB.current_seat(KB.new([s.name for s in row.seats], seed=row.seed))]
    await service.command(GROUP, USERS[first.user_id], "away", "2д")
    begun = await service.command(GROUP, ANYA, "begin", "")  # the autopilot opens the game at once, as bots do
    board, = [r for r in begun if r.image]
    assert f"✈️ {first.name} в отъезде" in board.text and "🤖" in board.text, board.text
    row, _, mover = await table(service)
    assert mover.id != first.user_id
    auto = [line for line in await service.store.log(row.id) if line.seat == first.seat]
    assert auto and all(line.user_id == 0 for line in auto)
    assert await service.fire_timers() == []  # nothing left for a timer to play


async def test_a_move_or_back_ends_the_absence(service):
    await begin(service)
    _, _, mover = await table(service)
    other = BORIS if mover is ANYA else ANYA
    await service.command(GROUP, other, "away", "3д")
    back, = await service.command(GROUP, other, "back", "")
    assert back.text == f"✈️ {other.name} снова в игре. Сейчас ходит {mover.name}."  # says whose turn it is
    await service.command(GROUP, mover, "away", "3д")
    board, = await move(service, mover)
    assert board.text.startswith(f"✈️ {mover.name} снова в игре.") and "в отъезде" not in board.text
    assert await service.store.absences([mover.id, other.id], MORNING) == {}


async def test_away_survives_a_restart(database, clock):
    """On SQLite and on PostgreSQL (the `database` fixture)."""
    first = await opened(database, clock)
    await begin(first)
    _, _, mover = await table(first)
    await first.command(GROUP, mover, "away", "2 недели")
    await first.close()
    again = await opened(database, clock)
    turn, = await again.command(GROUP, ANYA, "turn", "")
    assert f"✈️ {mover.name} в отъезде до 15 июня, 09:00." in turn.text
    clock.now += 12 * HOUR
    assert await again.fire_timers() == []
    clock.now = MORNING + 14 * DAY
    fired = await again.fire_timers()
    assert len(fired) == 1 and "ваш ход" in fired[0][1][0].text  # no private note: never started the bot
    await again.close()


# --- «что было без вас» ---------------------------------------------------------------------------------------


async def test_the_turn_note_of_a_player_long_gone_tells_what_the_others_did(service, clock):
    await begin(service, (ANYA, BORIS, VERA))
    await service.command(private(VERA), VERA, "start", "")
    while (await table(service))[2] is not VERA:
        await end_turn(service)
    await end_turn(service)  # Вера plays, then is gone for longer than the reminder time (12 hours)
    clock.now += 13 * HOUR
    replies = []
    while (await table(service))[2] is not VERA:
        replies = await end_turn(service)
    note, = [r for r in replies if r.to_user == VERA.id]
    assert note.link_board and "Ваш ход" in note.text and "<b>Что было без вас:</b>" in note.text
    story = note.text.split("Что было без вас:</b>\n", 1)[1].split("\n")
    assert len(story) == 2 and story[0].startswith("• Аня") and story[1].startswith("• Борис")


async def test_a_player_who_was_here_lately_gets_the_short_note(service, clock):
    await begin(service, (ANYA, BORIS, VERA))
    await service.command(private(VERA), VERA, "start", "")
    while (await table(service))[2] is not VERA:
        await end_turn(service)
    await end_turn(service)
    clock.now += HOUR
    replies = []
    while (await table(service))[2] is not VERA:
        replies = await end_turn(service)
    note, = [r for r in replies if r.to_user == VERA.id]
    assert "Что было без вас" not in note.text


def test_the_story_keeps_the_latest_ten_turns_and_counts_the_rest():
    names = [USERS[1].name, USERS[2].name]
    lines = [LogLine(1, 1, 0, "end", "Аня строит.", 0.0, user_id=1, ends_turn=True)]
    lines += [LogLine(n, n, n % 2, "end", f"ход {n}.", 0.0, user_id=0, ends_turn=True) for n in range(2, 14)]
    turns = missed.turns_since(lines, 0, 1)
    assert len(turns) == 12
    text = missed.story_text(turns, names)
    assert "…и ещё 2 хода раньше" in text and text.count("• ") == 10 and text.endswith("• ход 13.")
    assert len(missed.turns_since(lines, 1, 2)) == 13  # never moved themselves: every turn since the start


# --- the chat's setting ------------------------------------------------------------------------------------------


async def test_the_away_setting_is_typed_pressed_or_set_by_the_operator(service):
    await begin(service)
    wrong, = await service.command(GROUP, ANYA, "settings", "отъезд иногда")
    assert wrong.text.startswith("❌") and "«ждать»" in wrong.text
    shown, = await service.command(GROUP, ANYA, "settings", "")
    assert "✈️ Ход игрока в отъезде: ждём его" in shown.text
    label, = [b for line in shown.buttons for b in line if b.text.startswith("✈️")]
    pressed = await service.button(GROUP, ANYA, label.data)
    assert "✈️ Ход игрока в отъезде: за него ходит автопилот" in pressed.edit.text
    assert ChatSettings.from_env({"AWAY_TURN": "автопилот"}).on_away == "autopilot"
    with pytest.raises(ValueError, match="AWAY_TURN=всегда"):
        ChatSettings.from_env({"AWAY_TURN": "всегда"})
