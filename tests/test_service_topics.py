"""A table per forum topic, through the service with a clock the test turns forward: two topics of one group hold
two independent lobbies and games, /history and /stats show a topic's own past (and, in the General topic, the
whole chat's), timers fire into their table's topic, the start link and the hidden hand find the right table of a
player who sits at two, and a database of the bot before topics keeps its games."""

from __future__ import annotations

import sqlite3

import pytest
from test_service_turns import MORNING, Clock  # 09:00 in Moscow: no quiet hours

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.storage.base import Conflict, Seat
from bot.storage.sqlite import MIGRATIONS, Store
from bot.table.service import Service
from rules.registry import GAMES

FORUM = -1001234500
GENERAL = Chat(id=FORUM, title="Настолки")
EVENING = Chat(id=FORUM, title="Настолки", topic=5, topic_title="Вечерняя")
MORNING_TOPIC = Chat(id=FORUM, title="Настолки", topic=9, topic_title="Утренняя")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}
KB, SYLVAN = GAMES["kingdom"], GAMES["sylvan"]
HOUR = 3600


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(database, clock):
    """The service on SQLite and on PostgreSQL (conftest's `database`)."""
    service = Service(await open_store(database), clock=clock)
    service.bot_username = "RefereeTestBot"
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
    seat = game.current_seat(state)
    return row, state, USERS[row.seats[seat].user_id] if seat is not None else None


async def finish(service, chat):
    """The running game of `chat`'s table played to its end by the autopilot, stored as its last move would."""
    row = await service.store.open_game(chat.id, chat.topic)
    game = GAMES[row.game]
    state = game.load(row.state)
    while not game.is_over(state):
        game.apply(state, game.autopilot(state))
    await service.store.record_move(row.id, row.version, game.dump(state), 0, row.seats[0].user_id, "end",
                                    "Конец.", True, turn=await service.turns.turn_change(row, game, state))


async def test_two_topics_hold_two_independent_lobbies_and_games(service):
    lobby, = await service.command(EVENING, ANYA, "new", "kingdom")
    assert "собирает игру «Kingdom Builder»" in lobby.text
    other, = await service.command(MORNING_TOPIC, BORIS, "new", "sylvan")  # the other topic is free
    assert "собирает игру «Зодчие Волшебной Долины»" in other.text
    again, = await service.command(EVENING, VERA, "new", "sylvan")
    assert again.text.startswith("В этой теме уже идёт набор в игру «Kingdom Builder»")
    general, = await service.command(GENERAL, VERA, "board", "")
    assert "партии нет" in general.text  # the General topic is a table of its own, empty
    await service.command(EVENING, VERA, "join", "")
    await service.command(MORNING_TOPIC, ANYA, "join", "")  # Аня sits at both tables
    evening = await service.store.open_game(FORUM, EVENING.topic)
    morning = await service.store.open_game(FORUM, MORNING_TOPIC.topic)
    assert [s.name for s in evening.seats] == ["Аня", "Вера"] and [s.name for s in morning.seats] == ["Борис", "Аня"]
    assert (evening.topic, evening.topic_title, morning.topic, morning.topic_title) == (5, "Вечерняя", 9, "Утренняя")
    await service.command(EVENING, ANYA, "begin", "")
    assert (await service.store.open_game(FORUM, 9)).status == "lobby"  # begun in one topic only
    row, state, mover = await table(service, EVENING)
    board, *_ = await service.command(EVENING, mover, *KB.legal_actions(state)[0].split(" ", 1))
    assert board.image and (await table(service, EVENING))[0].version == row.version + 1
    assert (await service.store.open_game(FORUM, 9)).version == morning.version
    # a board's buttons act on their own table only: pressed in another topic (a forwarded board), refused
    row, state, mover = await table(service, EVENING)
    data = buttons.encode_move(row.id, row.version, 0)
    answer = await service.button(MORNING_TOPIC, mover, data)
    assert answer.toast == "Эта кнопка от стола в другой теме." and (await table(service, EVENING))[0] == row
    answer = await service.button(EVENING, mover, data)
    assert answer.toast is None and (await table(service, EVENING))[0].version == row.version + 1
    aborted, = await service.command(MORNING_TOPIC, BORIS, "abort", "")
    assert "Прервать партию «Зодчие Волшебной Долины»?" in aborted.text


async def test_history_and_stats_of_a_topic_and_of_the_whole_chat_in_general(service, clock):
    await begin(service, EVENING)
    await finish(service, EVENING)
    clock.now += 24 * HOUR
    await begin(service, MORNING_TOPIC, players=(VERA, ANYA))
    await finish(service, MORNING_TOPIC)
    evening, = await service.command(EVENING, BORIS, "history", "")
    lines = evening.text.splitlines()
    assert lines[0] == "<b>Сыгранные партии в этой теме</b> (последние сверху)" and len(lines) == 2
    assert lines[1].startswith("01.06.2026 — «Kingdom Builder»: ") and "Вера" not in lines[1]
    whole, = await service.command(GENERAL, BORIS, "history", "")
    lines = whole.text.splitlines()
    assert lines[1].startswith("02.06.2026 — «Kingdom Builder» (тема «Утренняя»): ")
    assert lines[2].startswith("01.06.2026 — «Kingdom Builder» (тема «Вечерняя»): ")
    stats, = await service.command(MORNING_TOPIC, BORIS, "stats", "")
    assert stats.text.startswith("📊 <b>Статистика темы</b>: 1 партия") and "Борис" not in stats.text
    stats, = await service.command(GENERAL, BORIS, "stats", "")
    assert stats.text.startswith("📊 <b>Статистика чата</b>: 2 партии") and "Аня: 2 партии" in stats.text
    # /board after the end shows the table's own last game; a topic that never played says so
    board, = await service.command(EVENING, BORIS, "board", "")
    assert "Последняя партия (01.06.2026)" in board.text
    empty = Chat(id=FORUM, title="Настолки", topic=12)
    assert (await service.command(empty, BORIS, "history", ""))[0].text.startswith("В этой теме ещё не доиграли")


async def test_timers_fire_into_the_topic_of_their_table_with_links_to_its_board(service, clock):
    for user in (ANYA, BORIS, VERA):
        await service.command(Chat(user.id, private=True), user, "start", "")
    await begin(service, EVENING, players=(ANYA, BORIS))
    await begin(service, MORNING_TOPIC, players=(VERA, BORIS))
    for chat, message_id in ((EVENING, 501), (MORNING_TOPIC, 902)):
        await service.shown(("board", (await table(service, chat))[0].id), message_id)
    assert {chat.topic for chat, _ in await service.owed_boards(0, lease=0)} == {5, 9}  # owed boards too
    movers = {chat.topic: (await table(service, chat))[2] for chat in (EVENING, MORNING_TOPIC)}
    clock.now += 12 * HOUR
    fired = await service.fire_timers()
    assert sorted((chat.id, chat.topic, chat.topic_title) for chat, _ in fired) == [
        (FORUM, 5, "Вечерняя"), (FORUM, 9, "Утренняя")]
    for chat, replies in fired:
        mover = movers[chat.topic]
        assert f"tg://user?id={mover.id}" in replies[0].text and replies[0].to_user is None
        private, = [r for r in replies if r.to_user is not None]
        link = f"https://t.me/c/1234500/{chat.topic}/{501 if chat.topic == 5 else 902}"
        assert private.to_user == mover.id and link in private.text
        assert f"(чат «Настолки», тема «{chat.topic_title}»)" in private.text


async def test_a_deadline_skips_the_turn_at_its_own_table(service, clock):
    admin = User(ANYA.id, ANYA.name, is_admin=True)
    changed, = await service.command(GENERAL, admin, "settings", "чат лимит 1ч")  # the chat's, for every topic
    assert changed.text.startswith("Аня даёт во всём чате на ход 1 час.")
    shown, = await service.command(MORNING_TOPIC, BORIS, "settings", "")
    assert "Время на ход: 1 час" in shown.text and "своих настроек нет" in shown.text
    await begin(service, EVENING)
    await begin(service, MORNING_TOPIC, players=(VERA, BORIS))
    before = {chat.topic: (await table(service, chat))[0].version for chat in (EVENING, MORNING_TOPIC)}
    clock.now += 2 * HOUR
    fired = [(chat.topic, replies) for chat, replies in await service.fire_timers()]
    skipped = {topic for topic, replies in fired if any("время на ход вышло" in r.text for r in replies)}
    assert skipped == {5, 9}
    for chat in (EVENING, MORNING_TOPIC):
        assert (await table(service, chat))[0].version > before[chat.topic]


async def test_the_start_link_and_the_hidden_hand_find_the_right_table_of_a_player_at_two(service):
    await service.command(Chat(ANYA.id, private=True), ANYA, "start", "")
    lobby, = await service.command(EVENING, ANYA, "new", "sylvan")
    opened = await service.store.open_game(EVENING.id, EVENING.topic)
    # the link names the table by its game's token, never by the chat's id or the topic
    assert f"https://t.me/RefereeTestBot?start=t{opened.token}" in lobby.text and "1001234500" not in lobby.text
    await service.command(EVENING, BORIS, "join", "")
    await service.command(EVENING, ANYA, "begin", "")
    await begin(service, MORNING_TOPIC, "kingdom", players=(VERA, ANYA))
    sylvan, sylvan_state, _ = await table(service, EVENING)
    kingdom, kingdom_state, _ = await table(service, MORNING_TOPIC)
    assert sylvan.token != kingdom.token
    hand = SYLVAN.secret(sylvan_state, sylvan.seat_of(ANYA.id))
    card = KB.secret(kingdom_state, kingdom.seat_of(ANYA.id))
    # a link of one table brings that table's secrets only
    reply, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", f"t{sylvan.token}")
    assert hand in reply.text and card not in reply.text
    reply, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", f"t{kingdom.token}")
    assert card in reply.text and hand not in reply.text
    # a link of old names the chat (and the topic): it has expired and shows nothing
    for old in ("g-1001234500", "g-1001234500_5"):
        reply, = await service.command(Chat(ANYA.id, private=True), ANYA, "start", old)
        assert reply.text.startswith("Эта ссылка устарела.") and hand not in reply.text and card not in reply.text
    # the hidden hand: the button under each board opens the choices of that board's game
    board, = await service.command(EVENING, BORIS, "board", "")
    queries = {b.inline_query for line in board.buttons for b in line if b.inline_query}
    assert queries <= {f"#{sylvan.token}"}
    mover = USERS[sylvan.seats[SYLVAN.current_seat(sylvan_state)].user_id]
    other = BORIS if mover is ANYA else ANYA
    mine = await service.inline(mover, f"#{sylvan.token}")
    assert mine.personal and mine.articles and all(a.text.startswith("/play") for a in mine.articles)
    waiting = await service.inline(other, f"#{sylvan.token}")
    assert not waiting.articles and waiting.note.startswith("Сейчас ходит") and waiting.start == f"t{sylvan.token}"
    elsewhere = await service.inline(ANYA, f"#{kingdom.token}")  # her other table: no hidden hand of Sylvan there
    assert not elsewhere.articles
    stranger = await service.inline(VERA, f"#{sylvan.token}")  # Вера plays at the other table only
    assert stranger.note == "Вы не играете в этой партии" and stranger.start is None
    # /games in private names the chat and the topic of each
    games, = await service.command(Chat(ANYA.id, private=True), ANYA, "games", "")
    assert "«Зодчие Волшебной Долины» в чате «Настолки», в теме «Вечерняя»" in games.text
    assert "«Kingdom Builder» в чате «Настолки», в теме «Утренняя»" in games.text


def old_database(path: str) -> None:
    """A database as the bot before topics left it: every migration but the last, a running game and its
    owed board."""
    db = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:-1], start=1):
        db.executescript(script)
        db.execute(f"PRAGMA user_version={number}")
    db.execute("INSERT INTO games (id, chat_id, game, status, creator_id, seed, state, version, created_at, "
               "updated_at, chat_title) VALUES (7, ?, 'kingdom', 'lobby', 1, 42, NULL, 0, ?, 0, 'Старая')",
               (FORUM, MORNING))  # opened this morning: a lobby a day old would be closed when touched
    db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (7, 0, 1, 'Аня'), (7, 1, 2, 'Борис')")
    db.execute("INSERT INTO announcements (game_id, version, chat_id, headline, notify, created_at) "
               "VALUES (7, 0, ?, 'Начало', 1, 0)", (FORUM,))
    db.commit()
    db.close()


async def test_a_database_from_before_topics_keeps_its_game_at_the_table_without_topic(tmp_path, clock):
    path = str(tmp_path / "old.db")
    old_database(path)
    store = await Store.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    row = await store.open_game(FORUM)
    assert (row.id, row.topic, row.topic_title, row.chat_title) == (7, 0, "", "Старая")
    assert [s.name for s in row.seats] == ["Аня", "Борис"]
    (debt,) = await store.claim_owed(-1, lease=0)
    assert (debt.game_id, debt.chat_id, debt.topic) == (7, FORUM, 0)
    # one open game per table now, not per chat: a topic of the same chat opens its own
    in_topic = await store.create_lobby(FORUM, "sylvan", Seat(0, 3, "Вера"), 1, "Старая", 5, "Вечерняя")
    assert (await store.open_game(FORUM, 5)).id == in_topic.id
    with pytest.raises(Conflict):
        await store.create_lobby(FORUM, "sylvan", Seat(0, 3, "Вера"), 1, "Старая")
    await store.close()
    # and the service plays the old game on as the chat's table (no topic, or the General topic)
    service = Service(await Store.open(path), clock=clock)
    try:
        board = await service.command(GENERAL, ANYA, "begin", "")
        assert any("началась" in reply.text for reply in board)
    finally:
        await service.close()


async def test_a_postgres_database_from_before_topics_keeps_its_game(postgres_url):
    import asyncpg

    from bot.storage import postgres

    db = await asyncpg.connect(postgres_url)
    await db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for script in postgres.MIGRATIONS[:-1]:
        await db.execute(script)
    await db.execute("INSERT INTO schema_version (version) VALUES ($1)", len(postgres.MIGRATIONS) - 1)
    await db.execute("INSERT INTO games (id, chat_id, game, status, creator_id, seed, version, created_at, updated_at, "
                     "chat_title) VALUES (7, $1, 'kingdom', 'lobby', 1, 42, 0, 0, 0, 'Старая')", FORUM)
    await db.execute("INSERT INTO seats (game_id, seat, user_id, name) VALUES (7, 0, 1, 'Аня')")
    await db.execute("INSERT INTO announcements (game_id, version, chat_id, headline, notify, created_at) "
                     "VALUES (7, 0, $1, 'Начало', true, 0)", FORUM)
    await db.close()
    store = await postgres.PgStore.open(postgres_url)
    try:
        row = await store.open_game(FORUM)
        assert (row.id, row.topic, row.chat_title, [s.name for s in row.seats]) == (7, 0, "Старая", ["Аня"])
        (debt,) = await store.claim_owed(-1, lease=0)
        assert (debt.game_id, debt.topic) == (7, 0)
        await store.create_lobby(FORUM, "sylvan", Seat(0, 3, "Вера"), 1, "Старая", 5, "Вечерняя")
        with pytest.raises(Conflict):
            await store.create_lobby(FORUM, "sylvan", Seat(0, 3, "Вера"), 1, "Старая", 5)
    finally:
        await store.close()
