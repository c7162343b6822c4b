"""PostgreSQL only (on a real server from the pgserver wheel): what SQLite's file checks are for a server —
a database of a newer bot, a server that cannot be reached (refused quickly, never a hang), a row held by
another process (answered in the chat, nothing changes). The shared behaviour is in test_storage.py and
test_exactly_once.py, which run on both backends."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from bot.__main__ import database_problem
from bot.config import Settings
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.storage.base import StorageError
from bot.storage.postgres import MIGRATIONS, PgStore, safe_url
from bot.table.service import Service

ROOT = Path(__file__).resolve().parent.parent
GROUP = Chat(id=-800, title="Стол")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")
RUSSIAN = "Не удалось подключиться к базе данных PostgreSQL"


async def test_a_postgres_url_opens_postgres_and_anything_else_sqlite(postgres_url, tmp_path):
    store = await open_store(postgres_url)
    assert isinstance(store, PgStore)
    await store.close()
    store = await open_store(postgres_url.replace("postgresql://", "postgres://", 1))
    assert isinstance(store, PgStore)
    await store.close()
    assert not isinstance(store := await open_store(str(tmp_path / "bot.db")), PgStore)
    await store.close()


def test_database_url_is_read_from_the_environment_and_wins_over_the_path(tmp_path):
    settings = Settings.load({"DATABASE_PATH": "x.db"}, env_file=tmp_path / "none")
    assert settings.database_url == "" and settings.database == "x.db"
    settings = Settings.load({"DATABASE_PATH": "x.db", "DATABASE_URL": " postgresql://u@h/db "},
                             env_file=tmp_path / "none")
    assert settings.database == "postgresql://u@h/db"


async def test_two_processes_starting_at_once_migrate_once(postgres_url):
    stores = await asyncio.gather(*(PgStore.open(postgres_url) for _ in range(4)))
    assert [await s.schema_version() for s in stores] == [len(MIGRATIONS)] * 4
    for store in stores:
        await store.close()


async def test_a_database_of_a_newer_bot_is_refused(postgres_url):
    await (await PgStore.open(postgres_url)).close()
    db = await asyncpg.connect(postgres_url)
    await db.execute("UPDATE schema_version SET version = $1", len(MIGRATIONS) + 3)
    await db.close()
    with pytest.raises(StorageError, match="более новой версии бота"):
        await PgStore.open(postgres_url)
    assert await database_problem(postgres_url)  # and the bot says so before it starts


async def test_a_refused_connection_is_explained_in_russian_at_once():
    started = time.monotonic()
    with pytest.raises(StorageError, match=RUSSIAN) as refused:
        await PgStore.open("postgresql://bot:secret@127.0.0.1:9/referee")
    assert time.monotonic() - started < 5
    assert "secret" not in str(refused.value) and "DATABASE_URL" in str(refused.value)


async def test_a_server_that_never_answers_is_given_up_after_the_connect_timeout():
    silent = await asyncio.start_server(lambda reader, writer: None, "127.0.0.1", 0)  # accepts, says nothing
    port = silent.sockets[0].getsockname()[1]
    try:
        started = time.monotonic()
        with pytest.raises(StorageError, match=RUSSIAN):
            await PgStore.open(f"postgresql://bot@127.0.0.1:{port}/referee", connect_timeout=1.5)
        assert time.monotonic() - started < 5
    finally:
        silent.close()


async def test_a_database_that_does_not_exist_is_explained(postgres_url):
    with pytest.raises(StorageError, match=RUSSIAN):
        await PgStore.open(postgres_url.replace("/test_", "/missing_", 1))


def test_passwords_are_not_shown():
    assert safe_url("postgresql://bot:s3cr3t@db:5432/referee") == "postgresql://bot:***@db:5432/referee"
    assert safe_url("postgresql://bot@db/referee") == "postgresql://bot@db/referee"


def test_the_bot_refuses_to_start_on_an_unreachable_server_and_does_not_hang(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "DATABASE_"))}
    env.update(TELEGRAM_BOT_TOKEN="123:TEST", TELEGRAM_API_URL="http://127.0.0.1:9", PYTHONPATH=str(ROOT),
               DATABASE_URL="postgresql://bot@127.0.0.1:9/referee", DATABASE_PATH=str(tmp_path / "unused.db"))
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr and RUSSIAN in result.stderr, result.stderr
    assert not (tmp_path / "unused.db").exists()


async def test_a_game_held_by_another_process_is_answered_in_the_chat_and_nothing_changes(postgres_url):
    service = Service(await PgStore.open(postgres_url, busy_timeout_ms=100))
    try:
        await service.command(GROUP, ANYA, "new", "kingdom")
        row = await service.store.open_game(GROUP.id)
        other = await asyncpg.connect(postgres_url)
        holding = other.transaction()
        await holding.start()
        await other.execute("SELECT * FROM games WHERE id = $1 FOR UPDATE", row.id)  # another process writes
        try:
            reply, = await service.command(GROUP, BORIS, "join", "")
        finally:
            await holding.rollback()
            await other.close()
        assert "занята" in reply.text and "не записан" in reply.text
        assert (await service.store.open_game(GROUP.id)).seats == row.seats
        joined, = await service.command(GROUP, BORIS, "join", "")  # the row is free: it works again
        assert "садится за стол" in joined.text
    finally:
        await service.close()


async def test_the_telegram_front_end_plays_on_postgres_when_database_url_is_set(postgres_url, tmp_path):
    from fake_bot_api import FakeBotApi

    from bot.config import Settings
    from bot.storage.postgres import PgStore
    from bot.telegram.app import SERVICE_KEY, build_application

    with FakeBotApi() as server:
        settings = Settings(token="123:TEST", api_url=server.url, database_path=str(tmp_path / "unused.db"),
                            log_level="DEBUG", webhook_url="", webhook_port=8443, database_url=postgres_url)
        application = build_application(settings)
        await application.initialize()
        await application.post_init(application)
        try:
            assert isinstance(application.bot_data[SERVICE_KEY].store, PgStore)
            assert not (tmp_path / "unused.db").exists()
        finally:
            await application.post_shutdown(application)
            await application.shutdown()


def test_the_tests_server_found_stopped_is_started_again_for_the_next_database(postgres_server, request):
    """The test fixture's own safety net (tests/conftest.py): a stop of the shared server fails one test at most."""
    from pgserver._commands import pg_ctl

    pg_ctl(["-w", "stop"], pgdata=postgres_server.pgdata, user=postgres_server.system_user)
    with pytest.warns(UserWarning, match="found stopped"):
        url = request.getfixturevalue("postgres_url")
    assert url.startswith("postgresql://")
    assert "1" in postgres_server.psql("SELECT 1 AS one;")
