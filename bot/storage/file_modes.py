"""The SQLite database holds every hidden hand and the order of every deck: its file, and the -wal and -shm files
SQLite keeps beside it, are readable by the bot's own user only (0600).

A new database file is created with that mode before SQLite opens it (SQLite gives the -wal and -shm files the
mode of their database); a database found readable by others (made by an older version, or copied in) is
tightened at start, with a warning in the log.
"""

from __future__ import annotations

import logging
import os
import stat

log = logging.getLogger(__name__)

OWNER_ONLY = 0o600
COMPANIONS = ("", "-wal", "-shm", "-journal")  # the database and the files SQLite keeps next to it


def is_file_path(path: str) -> bool:
    """A database on disk (not SQLite's in-memory or temporary one)."""
    return bool(path) and path != ":memory:" and not path.startswith("file::memory:")


def keep_private(path: str, quiet: bool = False) -> list[str]:
    """Create the database file at `path` readable by its owner only if it is new, and take the rights of others
    away from it and its companions if they have any (a WARNING names them, unless `quiet`). Returns the files
    that were tightened. A file the bot may not change the mode of (not its own) is reported, not fatal."""
    if not is_file_path(path):
        return []
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, OWNER_ONLY))  # SQLite takes an empty file as new
    except FileExistsError:
        pass
    tightened = []
    for suffix in COMPANIONS:
        name = path + suffix
        try:
            mode = stat.S_IMODE(os.stat(name).st_mode)
        except FileNotFoundError:
            continue
        if not mode & 0o077:
            continue
        try:
            os.chmod(name, mode & 0o700 | OWNER_ONLY)
        except OSError as error:
            log.warning("Файл базы данных %s доступен другим пользователям (права %04o), а изменить права не "
                        "удалось: %s. Сделайте его доступным только пользователю бота: chmod 600", name, mode, error)
            continue
        tightened.append(f"{name} ({mode:04o})")
    if tightened and not quiet:
        log.warning("Файлы базы данных были доступны другим пользователям, теперь только пользователю бота (0600): "
                    "%s. В базе тайные карты и порядок колод.", ", ".join(tightened))
    return tightened
