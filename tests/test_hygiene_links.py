"""Probing: start links and inline answers carry nothing a stranger could count through to reach other chats'
tables. A game is named by a random public token (never its id, nor its chat's); a query or a link by id, or by a
guessed token, answers alike and says nothing of anybody's table; a hidden choice copied into another chat tells a
stranger nothing of where it came from; buttons, which still carry ids, are checked against the chat they are
pressed in. The tokens of games made before them are given at the upgrade, on SQLite and PostgreSQL."""

from __future__ import annotations

import html
import re
import sqlite3

import pytest
from test_service_turns import MORNING, Clock

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.storage import postgres as pg
from bot.storage.base import Seat
from bot.storage.sqlite import MIGRATIONS
from bot.table.service import Service

FIRST, SECOND = Chat(id=-1001800, title="Первая"), Chat(id=-1001900, title="Вторая")
ANYA, BORIS, DIMA = User(1, "Аня"), User(2, "Борис"), User(9, "Дима")
TOKEN = re.compile(r"[A-Za-z0-9_-]{12}")
OLD = "Эта кнопка устарела, свежая — под доской (/board)"


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(database):
    service = Service(await open_store(database), clock=Clock(MORNING))
    service.bot_username = "RefereeTestBot"
    yield service
    await service.close()


async def sylvan_in_first(service):
    """Аня and Борис play «Зодчие» in the first chat: (the game, the player to move)."""
    await service.command(FIRST, ANYA, "new", "sylvan")
    await service.command(FIRST, BORIS, "join", "")
    await service.command(FIRST, ANYA, "begin", "")
    row = await service.store.open_game(FIRST.id)
    seat = service.table.games["sylvan"].current_seat(service.table.games["sylvan"].load(row.state))
    return row, (ANYA, BORIS)[[s.user_id for s in row.seats].index(row.seats[seat].user_id)]


async def test_every_game_has_its_own_random_token_and_links_name_no_chat(service):
    lobbies = {}
    for index in range(6):
        chat = Chat(id=-1002000 - index, title=f"Чат {index}")
        lobby, = await service.command(chat, ANYA, "new", "sylvan")  # a game with hidden hands: the lobby links
        lobbies[chat.id] = (lobby, await service.store.open_game(chat.id))
    tokens = [row.token for _, row in lobbies.values()]
    assert len(set(tokens)) == 6 and all(TOKEN.fullmatch(t) for t in tokens), tokens
    for chat_id, (lobby, row) in lobbies.items():
        assert f'href="https://t.me/RefereeTestBot?start=t{row.token}"' in lobby.text
        assert str(-chat_id) not in lobby.text and "start=g" not in lobby.text
        assert (await service.store.game_by_token(row.token)).id == row.id
    assert await service.store.game_by_token("A" * 12) is None
    help_text, = await service.command(Chat(id=-1003000, title="Пустой"), ANYA, "help", "")
    assert "?start=hi" in help_text.text and "1003000" not in help_text.text  # no game: it only opens the chat


async def test_a_stranger_counting_ids_or_guessing_tokens_learns_nothing(service):
    row, mover = await sylvan_in_first(service)
    for index in range(5):
        await service.command(Chat(id=-1002000 - index, title=f"Чат {index}"), BORIS, "new", "valdora")
    answers = [await service.inline(DIMA, f"#{game_id}") for game_id in (*range(1, 8), 99999)]
    assert all(a.personal and not a.articles and a.start is None and a.note == OLD for a in answers)
    guessed = await service.inline(DIMA, "#" + "Q" * 12)
    assert guessed.personal and not guessed.articles and guessed.start is None and guessed.note == "Такой партии нет"
    known = await service.inline(DIMA, f"#{row.token}")  # a token seen in the group: still not a player
    assert not known.articles and known.start is None and known.note == "Вы не играете в этой партии"
    waiting = await service.inline(BORIS if mover is ANYA else ANYA, f"#{row.token}")
    assert waiting.note.startswith("Сейчас ходит") and waiting.start == f"t{row.token}"  # a player is shown the way
    # old start links named a chat (and a topic): expired, whoever follows them; a guessed token is no table
    for payload in (f"g{FIRST.id}", f"g{FIRST.id}_0"):
        for user in (DIMA, ANYA):
            reply, = await service.command(Chat(user.id, private=True), user, "start", payload)
            assert reply.text.startswith("Эта ссылка устарела.") and "Рука" not in reply.text
    reply, = await service.command(Chat(DIMA.id, private=True), DIMA, "start", "t" + "Q" * 12)
    assert reply.text.startswith("Такого стола я не знаю: ссылка неверна.")
    reply, = await service.command(Chat(DIMA.id, private=True), DIMA, "start", f"t{row.token}")
    assert "Вы там сейчас не играете" in reply.text and "Рука" not in reply.text
    reply, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", f"t{row.token}")
    assert "Рука" in reply.text  # the player's own hand, by the link of her table


async def test_a_hidden_choice_copied_into_another_chat_tells_a_stranger_nothing(service):
    row, mover = await sylvan_in_first(service)
    choice = html.unescape((await service.inline(mover, f"#{row.token}")).articles[0].text)
    assert choice.endswith(f" #{row.token}") and f"#{row.id}" not in choice
    name, _, args = choice.lstrip("/").partition(" ")
    copied, = await service.command(SECOND, DIMA, name, args)
    assert copied.to_user == DIMA.id and copied.drop_command and "Первая" not in copied.text
    assert copied.text == "Этот тайный выбор — из чужой партии, здесь я его не засчитал."
    own, = await service.command(SECOND, mover, name, args)  # its own player is shown the way to the table
    assert own.to_user == mover.id and "Первая" in own.text
    assert (await service.store.game(row.id)).version == row.version  # nothing was played


async def test_buttons_carry_ids_but_work_only_in_their_own_chat(service):
    row, mover = await sylvan_in_first(service)
    await service.command(SECOND, DIMA, "new", "valdora")
    elsewhere = await service.button(SECOND, mover, buttons.encode(buttons.SECRET, row.id))
    nowhere = await service.button(SECOND, mover, buttons.encode(buttons.SECRET, 99999))
    assert elsewhere.toast == nowhere.toast == "Эта кнопка не из этого чата."  # no hint that the game exists
    for kind in (buttons.JOIN, buttons.BEGIN, buttons.REMATCH, buttons.ADD_BOT):
        answer = await service.button(SECOND, DIMA, buttons.encode(kind, row.id))
        assert answer.toast == "Эта кнопка не из этого чата." and not answer.replies and answer.edit is None
    forged = await service.button(FIRST, DIMA, buttons.encode(buttons.SECRET, row.id))  # the right chat, no seat
    assert "Рука" not in (forged.toast or "") and not forged.replies
    assert (await service.store.game(row.id)).version == row.version


def old_sqlite(path: str) -> None:
    """A database of the bot before tokens: three games of two chats."""
    db = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:15], start=1):
        db.executescript(script)
        db.execute(f"PRAGMA user_version={number}")
    for game_id, chat_id, status in ((1, -10, "finished"), (2, -10, "active"), (3, -11, "lobby")):
        db.execute("INSERT INTO games (id, chat_id, game, status, creator_id, seed, version, created_at, updated_at) "
                   "VALUES (?, ?, 'valdora', ?, 1, 42, 0, 0, 0)", (game_id, chat_id, status))
    db.commit()
    db.close()


async def old_postgres(url: str) -> None:
    import asyncpg

    db = await asyncpg.connect(url)
    await db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for script in pg.MIGRATIONS[:15]:
        await db.execute(script)
    await db.execute("INSERT INTO schema_version (version) VALUES (15)")
    for game_id, chat_id, status in ((1, -10, "finished"), (2, -10, "active"), (3, -11, "lobby")):
        await db.execute("INSERT INTO games (id, chat_id, game, status, creator_id, seed, version, created_at, "
                         "updated_at) VALUES ($1, $2, 'valdora', $3, 1, 42, 0, 0, 0)", game_id, chat_id, status)
    await db.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), 3)")  # as if the bot had made them
    await db.close()


async def test_games_from_before_tokens_get_one_at_the_upgrade(backend, database):
    assert len(MIGRATIONS) == len(pg.MIGRATIONS) == 16  # the token is migration 16 on both backends
    if backend == "sqlite":
        old_sqlite(database)
    else:
        await old_postgres(database)
    store = await open_store(database)
    try:
        assert await store.schema_version() == 16
        rows = [await store.game(game_id) for game_id in (1, 2, 3)]
        tokens = [row.token for row in rows]
        assert len(set(tokens)) == 3 and all(re.fullmatch(r"[0-9a-f]{16}", t) for t in tokens), tokens
        assert [(await store.game_by_token(t)).id for t in tokens] == [1, 2, 3]
        new = await store.create_lobby(-12, "kingdom", Seat(0, 1, "Аня"), 7)
        assert TOKEN.fullmatch(new.token) and new.token not in tokens
    finally:
        await store.close()
