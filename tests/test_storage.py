"""Storage on both backends (SQLite, and a real PostgreSQL): migrations, one open game per chat, versioned
writes, the action log."""

import sqlite3

import pytest

from bot.storage import open_store
from bot.storage import postgres as storage_pg
from bot.storage.base import ABORTED, ACTIVE, FINISHED, LOBBY, Conflict, Seat
from bot.storage.sqlite import MIGRATIONS


@pytest.fixture
async def store(database):
    store = await open_store(database)
    yield store
    await store.close()


async def test_migrations_bring_a_new_file_to_the_last_version_and_wal(database, backend):
    migrations = MIGRATIONS if backend == "sqlite" else storage_pg.MIGRATIONS
    assert len(migrations) == len(MIGRATIONS)  # both backends count schema versions alike
    store = await open_store(database)
    assert await store.schema_version() == len(migrations)
    await store.close()
    if backend == "sqlite":
        with sqlite3.connect(database) as raw:
            assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store = await open_store(database)  # opening again runs nothing twice
    assert await store.schema_version() == len(migrations)
    await store.close()


async def test_one_open_game_per_chat_but_many_chats(store):
    row = await store.create_lobby(10, "valdora", Seat(0, 1, "Аня"), seed=5)
    assert row.status == LOBBY and row.seats == (Seat(0, 1, "Аня"),)
    with pytest.raises(Conflict):
        await store.create_lobby(10, "valdora", Seat(0, 2, "Борис"), seed=6)
    other = await store.create_lobby(11, "valdora", Seat(0, 1, "Аня"), seed=7)
    assert other.chat_id == 11
    await store.close_game(row.id, row.version, ABORTED)
    assert await store.open_game(10) is None
    again = await store.create_lobby(10, "valdora", Seat(0, 2, "Борис"), seed=8)
    assert (await store.open_game(10)).id == again.id


async def test_a_move_is_written_once_even_when_pressed_twice(store):
    row = await store.create_lobby(10, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.set_seats(row.id, row.version, [(1, "Аня"), (2, "Борис")])
    row = await store.game(row.id)
    await store.start(row.id, row.version, {"turn": 0}, "Партия началась!")
    row = await store.game(row.id)
    assert row.status == ACTIVE and [s.name for s in row.seats] == ["Аня", "Борис"]

    await store.record_move(row.id, row.version, {"turn": 1}, 0, 1, "move Д5", "Аня: Д5", finished=False)
    with pytest.raises(Conflict):  # the same version again: a double press or a retried update
        await store.record_move(row.id, row.version, {"turn": 99}, 0, 1, "move Д5", "Аня: Д5", finished=False)
    fresh = await store.game(row.id)
    assert fresh.state == {"turn": 1} and fresh.version == row.version + 1
    assert await store.notations(row.id) == ["move Д5"]


async def test_a_finished_game_takes_no_more_moves_and_frees_the_chat(store):
    row = await store.create_lobby(10, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.start(row.id, row.version, {"n": 0}, "Партия началась!")
    row = await store.game(row.id)
    await store.record_move(row.id, row.version, {"n": 1}, 0, 1, "end", "конец", finished=True)
    row = await store.game(row.id)
    assert row.status == FINISHED
    with pytest.raises(Conflict):
        await store.record_move(row.id, row.version, {"n": 2}, 0, 1, "end", "конец", finished=False)
    assert await store.open_game(10) is None


async def test_everything_survives_closing_and_reopening(database):
    store = await open_store(database)
    row = await store.create_lobby(10, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.start(row.id, row.version, {"n": 0}, "Партия началась!")
    row = await store.game(row.id)
    for n in range(1, 4):
        await store.record_move(row.id, row.version, {"n": n}, 0, 1, f"a{n}", f"ход {n}", finished=False)
        row = await store.game(row.id)
    await store.close()

    store = await open_store(database)
    row = await store.open_game(10)
    assert row.state == {"n": 3} and row.seed == 5
    assert [line.summary for line in await store.log(row.id, 2)] == ["ход 2", "ход 3"]
    await store.close()


async def test_gone_groups_and_boards_in_doubt_are_kept_without_recording_the_update(database):
    from bot.storage.base import CURRENT_UPDATE, Delivery

    store = await open_store(database)
    row = await store.create_lobby(-30, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.start(row.id, row.version, {"x": 1}, "Началась!")
    token = CURRENT_UPDATE.set(Delivery(777))  # written while an update is handled: it stays unhandled
    try:
        await store.set_gone(-30, True)
        await store.set_gone(-30, True)  # twice: still one row
        await store.doubt(row.id, row.version + 1, newest=40)
        await store.doubt(row.id, row.version + 1, newest=45)  # the first doubt holds
        await store.doubt_seen(-30, 0, 39)  # an older picture: says nothing
        await store.doubt_seen(-30, 5, 60)  # a picture of another topic's table: says nothing
    finally:
        CURRENT_UPDATE.reset(token)
    assert not await store.was_handled(777)
    await store.close()

    store = await open_store(database)  # a restart remembers
    assert await store.gone_chats() == {-30}
    assert await store.doubted_chats() == {-30}
    debt = await store.debt(row.id, row.version + 1)
    assert (debt.doubt_newest, debt.doubt_seen) == (40, None)
    await store.doubt_seen(-30, 0, 50)
    assert (await store.claim_owed(-1, 60))[0].doubt_seen == 50
    await store.set_gone(-30, False)
    await store.announced(row.id, row.version + 1)
    assert await store.gone_chats() == set() and await store.doubted_chats() == set()
    await store.close()


async def test_a_rematch_keeps_its_bots_seated_as_bots(store):
    """Bots take their rematch seats at once, at their level; only the people confirm theirs."""
    row = await store.create_lobby(-40, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.set_seats(row.id, row.version, [(1, "Аня"), (-1, "Бот Филин", "сильный"), (2, "Борис")])
    row = await store.game(row.id)
    await store.close_game(row.id, row.version, FINISHED)
    previous = await store.game(row.id)
    seats = [(s.user_id, s.name, s.level) for s in previous.seats]
    rematch = await store.create_rematch(previous, 2, seats, seed=9, chat_title="Стол")
    assert [(s.user_id, s.level) for s in rematch.seats] == [(1, None), (-1, "сильный"), (2, None)]
    assert (await store.rematch(rematch.id))[1] == [1]  # Аня confirms; the bot and the asker need not
    await store.reseat(rematch.id, rematch.version, seats[1:], seed=10)
    assert [s.level for s in (await store.game(rematch.id)).seats] == ["сильный", None]
