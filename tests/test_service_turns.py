"""Games over days, through the service with a clock the test turns forward: reminders (not at night),
deadlines that skip a turn or let the autopilot play it, timers that survive a restart and fire once with two
processes, undo, votes to skip or hand a seat to the autopilot, leaving a running game, /turn, /games."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from rules.registry import GAMES

GROUP = Chat(id=-1001500, title="Друзья")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}
KB = GAMES["kingdom"]
HOUR = 3600
# 09:00 in Moscow (UTC+3), where the default quiet hours (23:00-08:00) are
MORNING = dt.datetime(2026, 6, 1, 6, 0, tzinfo=dt.UTC).timestamp()


class Clock:
    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "bot.db")


async def opened(database, clock, defaults=None) -> Service:
    return Service(await open_store(database), defaults=defaults, clock=clock)


@pytest.fixture
async def service(database, clock):
    """The service on SQLite and on PostgreSQL (conftest's `database`)."""
    service = await opened(database, clock)
    yield service
    await service.close()


async def begin(service, players=(ANYA, BORIS)):
    await service.command(GROUP, players[0], "new", "kingdom")
    for player in players[1:]:
        await service.command(GROUP, player, "join", "")
    return await service.command(GROUP, players[0], "begin", "")


async def table(service):
    row = await service.store.open_game(GROUP.id)
    state = KB.load(row.state)
    seat = KB.current_seat(state)
    return row, state, USERS[row.seats[seat].user_id] if seat is not None else None


async def move(service, player, action=None):
    row, state, _ = await table(service)
    action = action or KB.legal_actions(state)[0]
    return await service.command(GROUP, player, *action.split(" ", 1))


async def end_turn(service):
    """The player to move builds until their turn passes."""
    _, _, mover = await table(service)
    while (await table(service))[2] == mover:
        _, state, _ = await table(service)
        build = next(a for a in KB.legal_actions(state) if a.startswith("build") or a == "end")
        await move(service, mover, build)
    return mover


# --- reminders ----------------------------------------------------------------------------------------------


async def test_the_player_to_move_is_reminded_after_the_idle_time_once_and_privately_too(service, clock):
    await service.command(Chat(BORIS.id, private=True), BORIS, "start", "")  # Борис started the bot
    await begin(service)
    _, _, mover = await table(service)
    clock.now += 12 * HOUR - 60
    assert await service.fire_timers() == []
    clock.now += 60
    (chat, replies), = await service.fire_timers()
    assert (chat.id, chat.topic) == (GROUP.id, 0)
    assert f"tg://user?id={mover.id}" in replies[0].text and "ждём около 12 часов" in replies[0].text
    private = [r for r in replies if r.to_user is not None]
    assert [r.to_user for r in private] == ([BORIS.id] if mover is BORIS else [])
    if private:
        assert "«Друзья»" in private[0].text and "Ваш ход" in private[0].text
    assert await service.fire_timers() == []  # once
    clock.now += 12 * HOUR
    (_, again), = await service.fire_timers()  # it repeats while the table waits
    assert "ждём около суток" in again[0].text


async def test_a_reminder_due_at_night_waits_for_the_morning(service, clock):
    clock.now = MORNING + 9 * HOUR  # 18:00 in Moscow
    await service.command(GROUP, ANYA, "settings", "")  # anyone may look
    await begin(service)
    await service.command(GROUP, ANYA, "settings", "напоминание 6ч")  # a player changes the table's
    await end_turn(service)  # the turn passes: its reminder is due at 00:00 Moscow time, in the quiet hours
    clock.now += 6 * HOUR
    assert await service.fire_timers() == []
    clock.now = MORNING + 24 * HOUR - HOUR - 1  # 07:59 the next day
    assert await service.fire_timers() == []
    clock.now += 1  # 08:00
    (_, replies), = await service.fire_timers()
    assert "ваш ход" in replies[0].text


async def test_a_reminder_due_while_the_bot_was_stopped_fires_once_after_the_restart(database, clock):
    """On SQLite and on PostgreSQL (the `database` fixture): two processes look at once, one reminds."""
    first = await opened(database, clock)
    await begin(first)
    await first.close()
    clock.now += 13 * HOUR  # the bot was down when the reminder was due (22:00 in Moscow now)
    one, two = await opened(database, clock), await opened(database, clock)  # two processes on the database
    fired = [timer for each in await asyncio.gather(one.fire_timers(), two.fire_timers()) for timer in each]
    assert len(fired) == 1 and "ваш ход" in fired[0][1][0].text
    assert await one.fire_timers() == [] and await two.fire_timers() == []
    await one.close()
    await two.close()


# --- deadlines --------------------------------------------------------------------------------------------------


async def test_a_turn_whose_time_ran_out_is_skipped_once(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None))
    await begin(service)
    row, _, mover = await table(service)
    await move(service, mover)  # one build of three, then nothing
    clock.now += 2 * HOUR
    (_, replies), = await service.fire_timers()
    # begun: what was built stays, and the rest of the turn is skipped (the message says so)
    assert "время на ход вышло" in replies[0].text and "не доигрывает ход" in replies[0].text and replies[0].image
    assert "Ход был уже начат" in replies[0].text
    row2, _, now_moving = await table(service)
    assert now_moving is not mover
    log = await service.store.log(row.id)
    assert "не доигрывает ход" in log[-1].summary and log[-1].user_id == 0
    assert await service.fire_timers() == []
    await service.close()


async def test_a_turn_whose_time_ran_out_is_played_by_the_autopilot(path, clock):
    defaults = ChatSettings(time_limit=HOUR, on_timeout="autopilot", remind_after=None)
    service = await opened(path, clock, defaults)
    await begin(service)
    row, _, mover = await table(service)
    clock.now += HOUR
    (_, replies), = await service.fire_timers()
    assert "автопилот" in replies[0].text
    _, _, now_moving = await table(service)
    assert now_moving is not mover
    auto = [line for line in await service.store.log(row.id) if line.summary.startswith("🤖")]
    assert len(auto) >= 3 and all(line.user_id == 0 for line in auto)  # the three builds, marked
    await service.close()


# --- undo ---------------------------------------------------------------------------------------------------------


async def test_undo_within_a_turn_restores_the_exact_state(service):
    await begin(service)
    row, state, mover = await table(service)
    before = KB.dump(state)
    board, = await move(service, mover)
    assert any(b.data.startswith("u:") for line in board.buttons for b in line)  # ↩️ under the board
    undone, = await service.command(GROUP, mover, "undo", "")
    assert "отменяет" in undone.text and undone.image
    row2, state2, _ = await table(service)
    assert KB.dump(state2) == before and await service.store.log(row.id) == []
    other = BORIS if mover is ANYA else ANYA
    refused, = await service.command(GROUP, other, "undo", "")
    assert "ещё не ходили" in refused.text


async def test_undo_after_the_turn_passed_is_refused_the_terrain_card_is_drawn(service):
    await begin(service)
    mover = await end_turn(service)  # the turn passed and a terrain card was drawn and shown
    row, state, _ = await table(service)
    refused, = await service.command(GROUP, mover, "undo", "")
    assert refused.text.startswith("Нельзя отменить ход «") and not refused.buttons
    assert "этим ходом открыли новую карту местности — что открылось, назад не прячут." in refused.text
    assert (await service.store.open_game(GROUP.id)).version == row.version
    assert await service.store.vote(row.id, "undo") is None  # nobody is even asked


async def test_a_vote_decided_or_gone_stale_loses_its_buttons(service):
    await begin(service, (ANYA, BORIS, VERA))
    row, _, mover = await table(service)
    asker, voter = [u for u in (ANYA, BORIS, VERA) if u is not mover]
    vote, = await service.command(GROUP, asker, "kick", "")
    assert vote.remember == ("vote-kick", row.id)
    await service.shown(vote.remember, 555)  # the front end sent it as message 555
    step = await move(service, mover)  # the player to move goes on: the vote no longer holds
    stale, = [r for r in step if r.replaces == 555]
    assert stale.text == (vote.text.splitlines()[0] + "\nИтог: голосование устарело — с тех пор в партии сделан "
                          "ход.") and not stale.buttons
    assert not [r for r in await service.command(GROUP, VERA, "board", "") if r.replaces == 555]  # told once
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    pressed = await service.button(GROUP, voter, yes)  # an old button pressed after all
    assert pressed.toast == "Голосование устарело: с тех пор в партии сделан ход."
    assert pressed.edit.text.endswith("Итог: голосование устарело — с тех пор в партии сделан ход.")
    assert not pressed.edit.buttons and (await table(service))[2] is mover


async def test_a_vote_refused_by_one_player_changes_nothing(service):
    await begin(service, (ANYA, BORIS, VERA))
    row, state, mover = await table(service)
    asker, voter = [u for u in (ANYA, BORIS, VERA) if u is not mover]
    vote, = await service.command(GROUP, asker, "kick", "")
    await service.shown(vote.remember, 556)
    no = next(b.data for line in vote.buttons for b in line if b.data.endswith(":0"))
    answer = await service.button(GROUP, voter, no)
    assert answer.edit.text.endswith("\nИтог: отклонено — место остаётся за игроком.") and not answer.edit.buttons
    assert (await service.store.open_game(GROUP.id)).version == row.version
    moved = await move(service, mover)  # the decided vote's message is left as it is: nothing more to say
    assert moved and not [r for r in moved if r.replaces == 556]


# --- away players -------------------------------------------------------------------------------------------------


async def test_a_player_voted_out_is_played_by_the_autopilot(service):
    await begin(service, (ANYA, BORIS, VERA))
    row, _, mover = await table(service)
    voters = [u for u in (ANYA, BORIS, VERA) if u is not mover]
    vote, = await service.command(GROUP, voters[0], "kick", "")  # the player to move, by default
    assert "автопилоту" in vote.text and "Голосуют 2 игрока, нужно 2 голоса «да»." in vote.text
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    assert (await service.button(GROUP, mover, yes)).toast == "Это голосование о вашем месте: решают остальные игроки."
    answer = await service.button(GROUP, voters[1], yes)
    board = answer.replies[0]
    assert "автопилот" in board.text and board.image
    row, _, now_moving = await table(service)
    assert row.seats[row.seat_of(mover.id)].away and now_moving is not mover
    assert [line for line in await service.store.log(row.id) if line.user_id == 0]


async def test_a_player_may_leave_a_running_game_to_the_autopilot(service):
    await begin(service, (ANYA, BORIS, VERA))
    row, _, mover = await table(service)
    left, = await service.command(GROUP, mover, "leave", "")
    assert "автопилот" in left.text and left.image
    row, _, now_moving = await table(service)
    assert row.seats[row.seat_of(mover.id)].away and now_moving is not mover
    again, = await service.command(GROUP, mover, "leave", "")
    assert "и так" in again.text


async def test_skip_is_refused_before_the_reminder_and_at_once_after(service, clock):
    await begin(service, (ANYA, BORIS, VERA))
    row, _, mover = await table(service)
    others = [u for u in (ANYA, BORIS, VERA) if u is not mover]
    refused, = await service.command(GROUP, others[0], "skip", "")  # no vote either: the table sees no reason
    assert refused.text.startswith("Пропустить ход можно будет ") and not refused.buttons
    assert refused.only_for == others[0].id and (await service.store.open_game(GROUP.id)).version == row.version
    clock.now += 12 * HOUR  # waited past the reminder: anyone at the table may skip at once
    skipped, = await service.command(GROUP, others[1], "skip", "")
    # the table has no time limit: the skip says how long the turn waited, not that a time ran out
    assert skipped.text.startswith(f"⏭ {mover.name}: ход ждёт уже 12 часов, и {others[1].name} пропускает его.")
    assert "время на ход" not in skipped.text and skipped.image
    assert (await table(service))[2] is not mover


async def test_skip_at_once_says_the_time_ran_out_only_with_a_time_limit(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=None))
    try:
        await begin(service, (ANYA, BORIS, VERA))
        _, _, mover = await table(service)
        other = next(u for u in (ANYA, BORIS, VERA) if u is not mover)
        clock.now += 2 * HOUR + 1
        skipped, *_ = await service.command(GROUP, other, "skip", "")
        assert skipped.text.startswith(f"⌛ {mover.name}: время на ход вышло, и {other.name} пропускает этот ход.")
    finally:
        await service.close()


# --- whose turn -----------------------------------------------------------------------------------------------------


async def test_turn_says_how_long_the_table_has_waited_in_round_figures_and_the_board_does_not(service, clock):
    await begin(service)
    _, _, mover = await table(service)
    clock.now += 2 * HOUR + 25 * 60
    turn, = await service.command(GROUP, ANYA, "turn", "")
    assert f"Ходит {mover.name}, ждём около 2 часов." == turn.text
    board, = await service.command(GROUP, ANYA, "board", "")  # redrawn in the middle of the player's own turn too
    assert "ждём" not in board.text and board.text.endswith(f"Ходит {mover.name}.")


async def test_games_in_private_lists_every_game_of_the_player(service, clock):
    await begin(service)
    other = Chat(id=-1001600, title="Работа")
    await service.command(other, BORIS, "new", "kingdom")
    await service.command(other, ANYA, "join", "")
    await service.command(other, BORIS, "begin", "")
    clock.now += 3 * HOUR
    listing, = await service.command(Chat(ANYA.id, private=True), ANYA, "games", "")
    for chat in (GROUP, other):
        row = await service.store.open_game(chat.id)
        mover = row.seats[KB.current_seat(KB.load(row.state))]
        turn = "ваш ход" if mover.user_id == ANYA.id else f"ходит {mover.name}"
        assert f"«Kingdom Builder» в чате «{chat.title}»: {turn}, ждём около 3 часов" in listing.text
    nothing, = await service.command(Chat(VERA.id, private=True), VERA, "games", "")
    assert "не играете" in nothing.text


# --- settings ---------------------------------------------------------------------------------------------------------


async def test_a_table_s_settings_change_by_its_players_and_the_chat_s_by_admins_only(service):
    shown, = await service.command(GROUP, BORIS, "settings", "")
    assert "через 12 часов" in shown.text and "23:00–08:00" in shown.text
    await begin(service)
    refused, = await service.command(GROUP, User(4, "Глеб"), "settings", "лимит 24ч")  # not at the table
    assert refused.text.startswith("Настройки этого стола меняют его игроки и администраторы чата.")
    wrong, = await service.command(GROUP, ANYA, "settings", "лимит завтра")
    assert wrong.text.startswith("❌") and "12ч" in wrong.text
    done, = await service.command(GROUP, BORIS, "settings", "лимит 24ч")  # any player of the table
    assert done.text.startswith("Борис даёт за этим столом на ход 1 день.") and "Время на ход: 1 день" in done.text
    refused, = await service.command(GROUP, ANYA, "settings", "чат лимит 6ч")  # the whole chat's: admins only
    assert refused.text.startswith("Настройки всего чата меняют только администраторы чата.")
    assert (await service.chat_settings(GROUP.id)).time_limit is None
    admin = User(VERA.id, VERA.name, is_admin=True)
    remind = next(b.data for line in done.buttons for b in line if b.text.startswith("⏰"))
    assert buttons.decode(remind) == (buttons.TABLE_SETTING, 0)
    pressed = await service.button(GROUP, admin, remind)
    assert pressed.edit.text.startswith("Вера ставит за этим столом напоминание о ходе через 1 день.")
    assert "через 1 день" in pressed.edit.text  # 12 h -> 24 h, the next usual value
    whole, = await service.command(GROUP, admin, "settings", "чат лимит 6ч")
    assert whole.text.startswith("Вера даёт во всём чате на ход 6 часов.") and "Настройки всего чата" in whole.text
    assert (await service.chat_settings(GROUP.id)).time_limit == 6 * HOUR
    assert (await service.chat_settings(GROUP.id, 0)).time_limit == 24 * HOUR  # the table keeps its own
    other, = await service.command(Chat(-5, title="Другой"), ANYA, "settings", "")
    assert "через 12 часов" in other.text and "Время на ход: нет" in other.text  # per chat
    shown, = await service.command(GROUP, BORIS, "settings", "")
    assert "Время на ход: 1 день" in shown.text  # the table's own
    assert "/settings" in (await service.command(GROUP, BORIS, "help", ""))[0].text


def test_defaults_come_from_the_environment_and_wrong_ones_are_named():
    settings = ChatSettings.from_env({"TURN_REMINDER_AFTER": "90s", "TURN_TIME_LIMIT": "2d", "TIMEZONE": "Омск"})
    assert (settings.remind_after, settings.time_limit, settings.timezone) == (90, 2 * 24 * HOUR, "Asia/Omsk")
    with pytest.raises(ValueError, match="TURN_TIME_LIMIT=вечность"):
        ChatSettings.from_env({"TURN_TIME_LIMIT": "вечность"})


# --- a chat's history ---------------------------------------------------------------------------------------------


async def finish(service, chat=GROUP):
    """The running game played to its end by the autopilot and stored as its last move would store it."""
    row = await service.store.open_game(chat.id)
    state = KB.load(row.state)
    while not KB.is_over(state):
        KB.apply(state, KB.autopilot(state))
    await service.store.record_move(row.id, row.version, KB.dump(state), 0, row.seats[0].user_id, "end",
                                    "Конец.", True, turn=await service.turns.turn_change(row, KB, state))
    return KB.scores(state), KB.winners(state)


async def test_finished_games_stay_readable_with_history_and_stats(service, clock):
    assert "ещё не доиграли" in (await service.command(GROUP, ANYA, "history", "")).pop().text
    await begin(service)
    first_scores, first_winners = await finish(service)
    clock.now += 24 * HOUR
    await begin(service, (BORIS, ANYA))
    await finish(service)
    board, = await service.command(GROUP, VERA, "board", "")
    assert "Последняя партия (02.06.2026)" in board.text and "Партия окончена" in board.text and board.image
    score, = await service.command(GROUP, VERA, "score", "")
    assert "Итог последней партии" in score.text and "🏆" in score.text
    log, = await service.command(GROUP, VERA, "log", "")
    assert "Последние ходы партии 02.06.2026" in log.text and "Конец." in log.text
    history, = await service.command(GROUP, VERA, "history", "")
    lines = history.text.splitlines()
    assert lines[1].startswith("02.06.2026 — «Kingdom Builder»") and lines[2].startswith("01.06.2026")
    best = max(first_scores, key=lambda e: e["total"])
    assert f"{best['name']} {best['total']}" in lines[2]
    stats, = await service.command(GROUP, VERA, "stats", "")
    assert "2 партии" in stats.text and "Аня: 2 партии" in stats.text and "Борис: 2 партии" in stats.text
    assert "в среднем" in stats.text
    wins = sum(1 for line in stats.text.splitlines() if "1 победа" in line or "2 победы" in line)
    assert wins >= 1


async def test_nobody_skips_their_own_turn(service):
    await begin(service)
    _, _, mover = await table(service)
    own, = await service.command(GROUP, mover, "skip", "")
    assert "Свой ход пропускать не нужно" in own.text


async def test_the_board_of_a_turn_keeps_everything_the_player_did_in_it(service):
    await begin(service)
    _, _, mover = await table(service)
    built = []
    while (await table(service))[2] is mover:
        _, state, _ = await table(service)
        action = next(a for a in KB.legal_actions(state) if a.startswith("build"))
        board, *_ = await move(service, mover, action)
        built.append(action.split()[1])
        assert all(f"на {cell}" in board.text for cell in built), board.text  # every step so far, not the last
    assert len(built) == 3 and f"Ходит <a href=\"tg://user?id={(await table(service))[2].id}\"" in board.text
    log = await service.store.log((await service.store.open_game(GROUP.id)).id)
    assert not any("Ходит" in line.summary for line in log)  # the log tells what was done, not whose turn it is
