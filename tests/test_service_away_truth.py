"""Away and private notes that tell the truth, through the service with a clock the test turns forward: the
table's away setting applies at once to a turn under way, a player away is never skipped nor handed over by the
others (no penalty of the skip rule), everybody gets their private notes at a game's start, «что было без вас»
for a player who never moved, /back says whose turn it is, and a player who left gets no hand and starts no vote."""

from __future__ import annotations

import pytest
from test_service_turns import ANYA, BORIS, GROUP, HOUR, KB, MORNING, USERS, VERA, Clock, begin, opened, table

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage.base import Absence, LogLine
from bot.table.timing.missed import turns_since
from bot.table.timing.settings import ChatSettings
from rules.registry import GAMES

DAY = 24 * HOUR
SYLVAN = GAMES["sylvan"]

ADMIN = User(9, "Дина", is_admin=True)  # a lobby gives its players no say in the settings


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "bot.db")


@pytest.fixture
async def service(path, clock):
    service = await opened(path, clock)
    yield service
    await service.close()


def private(user) -> Chat:
    return Chat(user.id, private=True)


async def started(service, *users):
    for user in users:
        await service.command(private(user), user, "start", "")


async def end_turn(service):
    """The player to move builds (or ends) until their turn passes; the replies of the last move."""
    _, _, mover = await table(service)
    replies = []
    while (await table(service))[2] is mover:
        _, state, _ = await table(service)
        action = next(a for a in KB.legal_actions(state) if a.startswith("build") or a == "end")
        name, _, args = action.partition(" ")
        replies = await service.command(GROUP, mover, name, args)
    return replies


# --- the away setting applies at once to a turn under way --------------------------------------------------------


async def test_away_on_ones_own_turn_with_the_autopilot_plays_that_turn_now(service):
    await begin(service)
    await service.command(GROUP, ANYA, "settings", "отъезд автопилот")
    row, _, mover = await table(service)
    said, board, *_ = await service.command(GROUP, mover, "away", "3д")
    assert f"✈️ {mover.name} в отъезде до 4 июня, 09:00: пока отъезд длится, ходы за это место играет автопилот 🤖 " \
           "— этот ход он сыграл сразу." in said.text
    assert "подождёт" not in said.text
    assert board.image and f"✈️ {mover.name} в отъезде: этот ход играет автопилот 🤖." in board.text
    assert (await table(service))[2] is not mover  # not left standing
    assert all(line.user_id == 0 for line in await service.store.log(row.id))
    assert await service.fire_timers() == []  # played once


async def test_away_on_ones_own_turn_with_the_table_waiting_puts_its_deadline_after_the_return(path, clock):
    service = await opened(path, clock, ChatSettings(time_limit=2 * HOUR, remind_after=HOUR, quiet=None))
    await begin(service)
    row, _, mover = await table(service)
    said, = await service.command(GROUP, mover, "away", "1д")
    assert "время на ход подождёт — оно пойдёт после возвращения" in said.text
    due = {t.kind: t.due_at for t in await service.store.timers(row.id)}
    assert due["remind"] == MORNING + DAY and due["deadline"] == MORNING + DAY + 2 * HOUR  # at once, not at firing
    turn, = await service.command(GROUP, BORIS if mover is ANYA else ANYA, "turn", "")
    assert "Время на ход пойдёт, когда игрок вернётся." in turn.text
    await service.close()


async def test_switching_the_table_to_the_autopilot_plays_the_turn_of_a_player_already_away(service):
    await begin(service)
    _, _, mover = await table(service)
    await service.command(GROUP, mover, "away", "3д")
    assert await service.fire_timers() == []  # the table waits
    await service.command(GROUP, ANYA, "settings", "отъезд автопилот")
    (chat, replies), = await service.fire_timers()
    assert chat.id == GROUP.id and f"✈️ {mover.name} в отъезде: этот ход играет автопилот 🤖." in replies[0].text
    assert (await table(service))[2] is not mover


# --- a player away is protected ---------------------------------------------------------------------------------


async def test_two_players_skip_refused_for_a_player_away_and_no_dwelling_goes_to_the_box(service):
    await service.command(GROUP, ANYA, "new", "sylvan")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    row = await service.store.open_game(GROUP.id)
    state = SYLVAN.load(row.state)
    away = USERS[row.seats[SYLVAN.current_seat(state)].user_id]
    other = BORIS if away is ANYA else ANYA
    await service.command(GROUP, away, "away", "2д")
    for _ in range(3):
        refused, = await service.command(GROUP, other, "skip", "")
        assert f"✈️ {away.name} в отъезде до 3 июня, 09:00: ход игрока в отъезде не пропускают — стол ждёт " \
               "возвращения" in refused.text
    kicked, = await service.command(GROUP, other, "kick", "")
    assert "место игрока в отъезде автопилоту не отдают" in kicked.text
    row = await service.store.open_game(GROUP.id)
    assert SYLVAN.load(row.state).boxed == state.boxed and await service.store.log(row.id) == []
    assert not row.seats[row.seat_of(away.id)].away


async def test_skip_of_a_player_away_with_the_autopilot_lets_it_play_without_the_skip_rule(service):
    await begin(service)
    await service.command(GROUP, ANYA, "settings", "отъезд автопилот")
    row, _, mover = await table(service)
    other = BORIS if mover is ANYA else ANYA
    await service.store.set_absence(Absence(mover.id, MORNING, MORNING + DAY, "Europe/Moscow"))  # away elsewhere
    refused, board, *_ = await service.command(GROUP, other, "skip", "")
    assert "ход игрока в отъезде не пропускают — за этим столом его играет автопилот 🤖" in refused.text
    assert board.image and (await table(service))[2] is other
    assert "skip" not in [line.notation for line in await service.store.log(row.id)]


async def test_a_kick_vote_started_before_the_absence_does_not_hand_over(service):
    await begin(service, (ANYA, BORIS, VERA))
    _, _, mover = await table(service)
    voters = [u for u in (ANYA, BORIS, VERA) if u is not mover]
    vote, = await service.command(GROUP, voters[0], "kick", "")
    await service.command(private(mover), mover, "away", "1д")
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    answer = await service.button(GROUP, voters[1], yes)
    assert any("не отдают" in reply.text for reply in answer.replies)
    assert "Итог: да, но игрок теперь в отъезде, и голосование не действует." in answer.edit.text
    assert (await table(service))[2] is mover


# --- private notes at the start ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["sylvan", "kingdom", "valdora"])
async def test_everybody_gets_their_private_notes_when_the_game_begins(service, name):
    await started(service, ANYA, BORIS, VERA)
    await service.command(GROUP, ANYA, "new", name)
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, VERA, "join", "")
    begun = await service.command(GROUP, ANYA, "begin", "")
    row = await service.store.open_game(GROUP.id)
    game = GAMES[name]
    state = game.load(row.state)
    first = row.seats[game.current_seat(state)]
    notes = {reply.to_user: reply.text for reply in begun if reply.to_user is not None}
    assert notes[first.user_id].startswith("Ваш ход в «")
    for seat in row.seats:
        secret = game.secret(state, seat.seat)
        if secret:  # «Зодчие»: everybody's hand, the first player's too
            assert secret.split("\n")[0][:20] in notes[seat.user_id].replace("&quot;", '"'), (seat, notes)
    if name == "sylvan":
        assert set(notes) == {ANYA.id, BORIS.id, VERA.id}


async def test_a_rematch_begins_with_the_first_players_note_too(service):
    await started(service, ANYA, BORIS)
    await begin(service)
    row = await service.store.open_game(GROUP.id)
    state = KB.load(row.state)
    while not KB.is_over(state):
        KB.apply(state, KB.autopilot(state))
    await service.store.record_move(row.id, row.version, KB.dump(state), 0, row.seats[0].user_id, "end",
                                    "Конец.", True, turn=await service.turns.turn_change(row, KB, state))
    answer = await service.button(GROUP, BORIS, buttons.encode(buttons.REMATCH, row.id))
    rematch = await service.store.open_game(GROUP.id)
    await service.button(GROUP, ANYA, buttons.encode(buttons.JOIN, rematch.id))
    begun = await service.command(GROUP, BORIS, "begin", "")
    assert answer.replies and any("Реванш" in reply.text for reply in begun)
    _, _, first = await table(service)
    assert any(reply.to_user == first.id and reply.text.startswith("Ваш ход в «") for reply in begun)


# --- «что было без вас» for a player who never moved ---------------------------------------------------------------


def test_turns_since_counts_from_the_start_for_a_player_who_never_moved():
    lines = [LogLine(1, 1, 0, "end", "Аня строит.", 0.0, user_id=1, ends_turn=True),
             LogLine(2, 2, 1, "end", "🤖 Борис строит.", 0.0, user_id=0, ends_turn=True)]
    assert [[line.number for line in turn] for turn in turns_since(lines, 1, 2)] == [[1], [2]]
    assert [[line.number for line in turn] for turn in turns_since(lines, 0, 1)] == [[2]]


async def test_a_player_away_since_the_start_gets_the_story_when_the_turn_comes(service, clock):
    await started(service, VERA)
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, VERA, "join", "")
    await service.command(GROUP, ADMIN, "settings", "отъезд автопилот")  # before the start: an administrator
    await service.command(private(VERA), VERA, "away", "1д")
    await service.command(GROUP, ANYA, "begin", "")
    for _ in range(4):  # the others play; the autopilot plays her turns at once
        await end_turn(service)
    row = await service.store.open_game(GROUP.id)
    assert any(line.seat == row.seat_of(VERA.id) for line in await service.store.log(row.id))
    clock.now += DAY + HOUR  # back by herself, having never moved
    replies = []
    for _ in range(3):
        replies = await end_turn(service)
        if (await table(service))[2] is VERA:
            break
    note, = [reply for reply in replies if reply.to_user == VERA.id]
    assert "Ваш ход" in note.text and "<b>Что было без вас:</b>" in note.text and "• 🤖 Вера" in note.text


# --- /back, /leave and a player who left --------------------------------------------------------------------------


async def test_back_says_whether_it_is_your_turn_and_where(service):
    await started(service, ANYA, BORIS)
    await begin(service)
    _, _, mover = await table(service)
    other = BORIS if mover is ANYA else ANYA
    await service.command(GROUP, mover, "away", "1д")
    await service.command(GROUP, other, "away", "1д")
    back, = await service.command(GROUP, mover, "back", "")
    assert back.text.startswith(f"✈️ {mover.name} снова в игре — и сейчас как раз ходит.")
    back, = await service.command(GROUP, other, "back", "")
    assert back.text == f"✈️ {other.name} снова в игре. Сейчас ходит {mover.name}."
    await service.command(GROUP, mover, "away", "1д")
    home, = await service.command(private(mover), mover, "back", "")
    assert "Сейчас ваш ход:" in home.text and "«Kingdom Builder» в чате «Друзья»" in home.text


async def test_someone_elses_leave_pings_nobody_and_the_one_who_left_gets_no_hand_nor_votes(service):
    await started(service, ANYA, BORIS, VERA)
    await service.command(GROUP, ANYA, "new", "sylvan")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, VERA, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    row = await service.store.open_game(GROUP.id)
    mover = USERS[row.seats[SYLVAN.current_seat(SYLVAN.load(row.state))].user_id]
    leaver = next(u for u in (ANYA, BORIS, VERA) if u is not mover)
    left = await service.command(GROUP, leaver, "leave", "")
    assert len(left) == 1 and "tg://user" not in left[0].text  # no new ping, no note to the player on turn
    for command in ("skip", "kick", "undo"):
        refused, = await service.command(GROUP, leaver, command, "")
        assert "вы вышли из этой партии" in refused.text, command
    secret = await service.button(GROUP, leaver, buttons.encode(buttons.SECRET, row.id))
    assert "вышли из этой партии" in secret.toast
    notes = []
    for _ in range(40):  # the game goes on: the autopilot plays the seat, its hand changes
        row = await service.store.open_game(GROUP.id)
        state = SYLVAN.load(row.state)
        seat = SYLVAN.current_seat(state)
        player = USERS[row.seats[seat].user_id]
        answer = await service.button(GROUP, player, buttons.encode_move(row.id, row.version, 0))
        notes += [reply for reply in answer.replies if reply.to_user == leaver.id]
        if len(await service.store.log(row.id)) > 12:
            break
    assert any(line.user_id == 0 for line in await service.store.log(row.id))
    assert notes == []
