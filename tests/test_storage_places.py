"""What a chat keeps about its tables (migration 14), on both backends (SQLite and a real PostgreSQL): a table's own
settings, the tables closed to new ones, both carried along when a group becomes a supergroup; the open tables of a
chat; and a database of the bot before them upgrades with its games kept."""

from __future__ import annotations

import sqlite3

import pytest

from bot.storage import open_store
from bot.storage import postgres as storage_pg
from bot.storage.base import ABORTED, ACTIVE, Seat
from bot.storage.sqlite import MIGRATIONS, Store

PLACES = 14  # the migration that adds table_settings


@pytest.fixture
async def store(database):
    store = await open_store(database)
    yield store
    await store.close()


def test_both_backends_add_the_tables_settings_as_migration_14():
    for migrations in (MIGRATIONS, storage_pg.MIGRATIONS):
        assert "CREATE TABLE table_settings" in migrations[PLACES - 1]
        assert not any("table_settings" in script for script in migrations[:PLACES - 1])


async def test_a_table_keeps_its_own_settings_apart_from_the_chat_and_other_tables(store):
    assert await store.table_overrides(-10, 5) == {}
    await store.set_table_overrides(-10, 5, {"time_limit": 120, "quiet": None}, "Вечерняя")
    await store.set_table_overrides(-10, 0, {"remind_after": 3600})
    await store.set_chat_overrides(-10, {"time_limit": 7200})
    assert await store.table_overrides(-10, 5) == {"time_limit": 120, "quiet": None}
    assert await store.table_overrides(-10, 0) == {"remind_after": 3600}
    assert await store.table_overrides(-10, 9) == {} and await store.table_overrides(-11, 5) == {}
    assert await store.chat_overrides(-10) == {"time_limit": 7200}
    await store.set_table_overrides(-10, 5, {"on_away": "autopilot"})  # replaced, not merged
    assert await store.table_overrides(-10, 5) == {"on_away": "autopilot"}
    assert await store.closed_topics(-10) == {}


async def test_tables_closed_to_new_ones_keep_their_settings_and_names(store):
    await store.set_table_overrides(-10, 5, {"time_limit": 120}, "Вечерняя")
    await store.set_topic_closed(-10, 5, True)  # no name given: the one seen before stays
    await store.set_topic_closed(-10, 0, True)
    await store.set_topic_closed(-10, 9, True, "Пустая")
    assert await store.closed_topics(-10) == {0: "", 5: "Вечерняя", 9: "Пустая"}
    assert await store.table_overrides(-10, 5) == {"time_limit": 120}
    await store.set_topic_closed(-10, 9, False)
    await store.set_table_overrides(-10, 0, {"quiet": "22:00–08:00"})
    assert await store.closed_topics(-10) == {0: "", 5: "Вечерняя"}  # new settings do not reopen a table
    assert await store.closed_topics(-11) == {}


async def test_a_group_that_became_a_supergroup_takes_its_tables_along(store):
    await store.set_table_overrides(-10, 0, {"time_limit": 120})
    await store.set_topic_closed(-10, 0, True)
    await store.set_table_overrides(-1000010, 0, {"time_limit": 999})  # left there by an earlier try
    row = await store.create_lobby(-10, "valdora", Seat(0, 1, "Аня"), seed=5)
    await store.move_chat(-10, -1000010)
    assert await store.table_overrides(-1000010, 0) == {"time_limit": 120}
    assert await store.closed_topics(-1000010) == {0: ""}
    assert await store.table_overrides(-10, 0) == {} and await store.closed_topics(-10) == {}
    assert [r.id for r in await store.open_tables(-1000010)] == [row.id]


async def test_open_tables_are_the_lobbies_and_running_games_by_topic(store):
    evening = await store.create_lobby(-10, "valdora", Seat(0, 1, "Аня"), 5, "Чат", 5, "Вечерняя")
    general = await store.create_lobby(-10, "kingdom", Seat(0, 2, "Борис"), 6, "Чат")
    await store.start(general.id, general.version, {"n": 0}, "Началась!")
    gone = await store.create_lobby(-10, "valdora", Seat(0, 3, "Вера"), 7, "Чат", 9)
    await store.close_game(gone.id, gone.version, ABORTED)
    await store.create_lobby(-11, "valdora", Seat(0, 3, "Вера"), 7, "Другой")
    tables = await store.open_tables(-10)
    assert [(r.id, r.topic, r.status) for r in tables] == [(general.id, 0, ACTIVE), (evening.id, 5, "lobby")]
    assert tables[1].seats == (Seat(0, 1, "Аня"),) and tables[1].topic_title == "Вечерняя"


async def test_a_database_of_the_bot_before_table_settings_upgrades_with_its_games(tmp_path):
    path = str(tmp_path / "old.db")
    db = sqlite3.connect(path)
    for number, script in enumerate(MIGRATIONS[:PLACES - 1], start=1):
        db.executescript(script)
        db.execute(f"PRAGMA user_version={number}")
    db.execute("INSERT INTO games (id, chat_id, game, status, creator_id, seed, version, created_at, updated_at) "
               "VALUES (3, -10, 'valdora', 'lobby', 1, 42, 0, 0, 0)")
    db.execute("INSERT INTO chat_settings (chat_id, overrides, updated_at) VALUES (-10, '{\"time_limit\": 60}', 0)")
    db.commit()
    db.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() >= PLACES
        assert (await store.open_game(-10)).id == 3 and await store.chat_overrides(-10) == {"time_limit": 60}
        assert await store.table_overrides(-10, 0) == {} and await store.closed_topics(-10) == {}
        await store.set_table_overrides(-10, 0, {"time_limit": 30})
        assert await store.table_overrides(-10, 0) == {"time_limit": 30}
    finally:
        await store.close()
