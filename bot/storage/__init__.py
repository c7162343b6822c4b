"""Storage: one interface (`base`: the dataclasses, the errors and `StoreBase`, the statements both backends
share), SQLite (`sqlite`, the default) and PostgreSQL (`postgres`), each with its own migrations. Which backend a
setting names: a postgresql:// (or postgres://) URL opens `PgStore`, anything else is a SQLite file for `Store`."""

from __future__ import annotations

import sqlite3

import asyncpg

from bot.storage.postgres import PgStore, is_postgres_url
from bot.storage.sqlite import Store

# what a failed write raises on either backend (rolled back: nothing changed); `write_failure` explains it
DATABASE_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError)


async def open_store(database: str) -> Store | PgStore:
    """The store for `database`: a PostgreSQL URL or a SQLite file path. StorageError (Russian) if unusable."""
    if is_postgres_url(database):
        return await PgStore.open(database)
    return await Store.open(database)
