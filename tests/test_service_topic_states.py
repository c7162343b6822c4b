"""Topics that close, change and vanish, through the service with a clock the test turns forward: a closed topic's
table keeps the moves made meanwhile, its players are told once, its clock stands still and goes on at the
reopening with the time that was left; a deleted topic's table stops, its players are told once and /abort in the
General topic reaches it; a renamed topic is named by its new name; a hidden choice sent to another table is not
played there."""

from __future__ import annotations

import pytest
from test_service_turns import MORNING, Clock  # 09:00 in Moscow: no quiet hours

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.storage.topics import CLOSED, OPEN
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from bot.table.topics import topic_mark
from rules.registry import GAMES

FORUM = -1001234500
GENERAL = Chat(id=FORUM, title="Настолки")
EVENING = Chat(id=FORUM, title="Настолки", topic=5, topic_title="Вечерняя")
OTHER = Chat(id=FORUM, title="Настолки", topic=9, topic_title="Утренняя")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
ADMIN = User(4, "Гена", is_admin=True)
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}
HOUR = 3600


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(database, clock):
    service = Service(await open_store(database), clock=clock,
                      defaults=ChatSettings(remind_after=HOUR, time_limit=3 * HOUR, quiet=None))
    service.bot_username = "RefereeTestBot"
    for user in (ANYA, BORIS):  # they have started the bot in private; Вера has not
        await service.command(Chat(user.id, private=True), user, "start", "")
    yield service
    await service.close()


async def begin(service, chat, game="kingdom", players=(ANYA, BORIS)):
    await service.command(chat, players[0], "new", game)
    for player in players[1:]:
        await service.command(chat, player, "join", "")
    return await service.command(chat, players[0], "begin", "")


async def table(service, chat):
    row = await service.store.open_game(chat.id, chat.topic)
    game = GAMES[row.game]
    state = game.load(row.state)
    return row, state, USERS[row.seats[game.current_seat(state)].user_id]


async def fired(service, clock, seconds):
    clock.now += seconds
    return [reply for _, replies in await service.fire_timers() for reply in replies]


async def test_a_closed_topic_keeps_the_moves_tells_the_players_once_and_stops_the_clock(service, clock):
    await begin(service, EVENING, players=(ANYA, BORIS, VERA))
    clock.now += 20 * 60  # 40 minutes to the reminder are left when the topic closes
    notes = await service.topics.closed(EVENING)
    assert sorted(n.to_user for n in notes) == [ANYA.id, BORIS.id]  # Вера never started the bot: nowhere to tell
    assert notes[0].text.startswith("Партия в «Kingdom Builder» в чате «Настолки», в теме «Вечерняя» ждёт: тему "
                                    "закрыли.")
    assert await service.topics.closed(EVENING) == []  # told once
    assert await service.table.topic_state(FORUM, 5) == CLOSED and topic_mark(CLOSED) == "тема закрыта"
    assert await fired(service, clock, 10 * HOUR) == []  # no reminder, no deadline while it is closed
    # a move by a button of the board still in the topic: it stands (its board is owed until the topic opens)
    row, state, mover = await table(service, EVENING)
    answer = await service.button(EVENING, mover, buttons.encode_move(row.id, row.version, 0))
    assert answer.toast is None and (await table(service, EVENING))[0].version == row.version + 1
    assert await fired(service, clock, 10 * HOUR) == []
    assert await service.topics.reopened(EVENING) and not await service.topics.reopened(EVENING)
    assert await service.table.topic_state(FORUM, 5) == OPEN
    assert (await table(service, EVENING))[2] == mover  # one building of three: the turn goes on
    assert await fired(service, clock, 39 * 60) == []
    reminders = await fired(service, clock, 2 * 60)  # the 40 minutes that were left at the closing
    assert reminders and "ваш ход" in reminders[0].text


async def test_the_time_left_at_the_closing_is_the_time_left_at_the_reopening(service, clock):
    await begin(service, EVENING)
    clock.now += 50 * 60
    await service.topics.closed(EVENING)
    clock.now += 5 * HOUR
    await service.topics.reopened(EVENING)
    assert await fired(service, clock, 9 * 60) == []
    assert await fired(service, clock, 2 * 60)  # ten minutes were left


async def test_a_deleted_topic_stops_its_table_and_abort_in_general_reaches_it(service, clock):
    await begin(service, EVENING)
    await begin(service, OTHER, game="sylvan", players=(BORIS, ANYA))
    notes = await service.topics.deleted(EVENING)
    assert sorted(n.to_user for n in notes) == [ANYA.id, BORIS.id]
    assert "в чате «Настолки», в теме «Вечерняя», удалили" in notes[0].text and "/abort" in notes[0].text
    assert await service.topics.deleted(EVENING) == []
    clock.now += 10 * HOUR
    assert {chat.topic for chat, _ in await service.fire_timers()} == {9}  # only the other table's clock goes on
    nothing, note = await service.command(GENERAL, VERA, "board", "")
    assert nothing.text.startswith("Сейчас партии нет")
    assert note.text == ("Партии в темах, куда я сейчас не могу писать: «Kingdom Builder» (тема «Вечерняя», тема "
                         "удалена). Прервать их — /abort.")
    assert len(await service.command(OTHER, VERA, "board", "")) == 1  # a topic's own /board: its own table only
    # /abort in General: nothing of its own there, so the tables no one can answer in are offered
    refused, = await service.command(GENERAL, VERA, "abort", "")
    assert "может прервать только" in refused.text and not refused.buttons
    offer, = await service.command(GENERAL, ADMIN, "abort", "")
    assert "«Kingdom Builder» — тема «Вечерняя» (тема удалена)" in offer.text and "Утренняя" not in offer.text
    assert offer.buttons[0][0].text == "Прервать «Kingdom Builder» (Вечерняя)"
    yes = offer.buttons[0][0].data
    assert (await service.button(OTHER, ADMIN, yes)).toast == "Эта кнопка от стола в другой теме."
    answer = await service.button(GENERAL, ADMIN, yes)
    assert answer.replies[0].text.startswith("Гена прерывает партию «Kingdom Builder»") and answer.clear_buttons
    assert await service.store.open_game(FORUM, 5) is None and await service.store.open_game(FORUM, 9) is not None
    # General's own game comes first again once the waiting tables are gone
    nothing, = await service.command(GENERAL, ADMIN, "abort", "")
    assert nothing.text == "Прерывать нечего: партии нет."


async def test_a_message_from_a_topic_thought_deleted_brings_its_table_back(service, clock):
    await begin(service, EVENING)
    await service.topics.deleted(EVENING)
    await service.command(EVENING, ANYA, "board", "")
    assert await service.table.topic_state(FORUM, 5) == OPEN


async def test_a_renamed_topic_is_named_by_its_new_name_and_a_name_is_learnt_from_the_first_update(service, clock):
    nameless = Chat(id=FORUM, title="Настолки", topic=11)
    await begin(service, nameless)
    row, state, mover = await table(service, nameless)
    assert row.topic_title == ""
    await service.command(Chat(id=FORUM, title="Настолки", topic=11, topic_title="Дневная"), mover, "board", "")
    assert (await table(service, nameless))[0].topic_title == "Дневная"
    await service.topics.renamed(nameless, "Ночная")
    # an update still shows the name the topic was created with: the new name wins
    created = Chat(id=FORUM, title="Настолки", topic=11, topic_title="Дневная")
    row, state, mover = await table(service, created)
    board, *notes = await service.command(created, mover, *GAMES["kingdom"].legal_actions(state)[0].split(" ", 1))
    row, state, mover = await table(service, created)
    assert row.topic_title == "Ночная"
    reminders = await fired(service, clock, HOUR + 60)
    private = [r for r in notes + reminders if r.to_user is not None]
    assert private and all("тема «Ночная»" in r.text and "Дневная" not in r.text for r in private), private


async def test_a_hidden_choice_sent_to_another_table_is_not_played_there(service, clock):
    await begin(service, EVENING, game="sylvan")
    await begin(service, OTHER)
    row, state, mover = await table(service, EVENING)
    articles = (await service.inline(mover, f"#{row.token}")).articles
    assert articles and all(a.text.endswith(f" #{row.token}") for a in articles)
    name, _, args = articles[0].text.lstrip("/").partition(" ")
    other = await service.store.open_game(FORUM, 9)
    for wrong in (OTHER, GENERAL, Chat(mover.id, private=True)):
        note, = await service.command(wrong, mover, name, args)
        assert note.to_user == mover.id and note.drop_command
        assert "Этот тайный выбор — для партии «Зодчие Волшебной Долины» в чате «Настолки», в теме «Вечерняя»" \
            in note.text
    assert (await table(service, EVENING))[0].version == row.version
    assert (await service.store.open_game(FORUM, 9)).version == other.version
    played, *_ = await service.command(EVENING, mover, name, args)  # at its own table the mark is left out
    assert played.image and (await table(service, EVENING))[0].version > row.version
