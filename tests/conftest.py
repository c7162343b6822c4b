"""A real PostgreSQL for the storage tests: one server from the pgserver wheel for the whole run (started only
when a test asks for it), a fresh database for each test. `database` runs a test on both backends."""

from __future__ import annotations

import atexit
import itertools
import subprocess
import warnings

import pytest

_numbers = itertools.count(1)


@pytest.fixture
def server():
    """A fake Bot API server on 127.0.0.1 for one test (tests/fake_bot_api.py)."""
    from fake_bot_api import FakeBotApi

    with FakeBotApi() as fake:
        yield fake


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory):
    """A PostgreSQL server of our own, listening on a Unix socket only. As root (CI) pgserver runs it as a
    system user `pgserver` that it creates, as PostgreSQL refuses to run as root."""
    with warnings.catch_warnings():  # platformdirs: no XDG_RUNTIME_DIR (as in CI), /tmp is used instead
        warnings.filterwarnings("ignore", message="XDG_RUNTIME_DIR")
        import pgserver

    server = pgserver.get_server(tmp_path_factory.mktemp("postgres"), cleanup_mode="stop")
    yield server
    server.cleanup()
    atexit.unregister(server._cleanup)  # stopped already; at exit it would only log to pytest's closed stream


@pytest.fixture
def postgres_url(postgres_server) -> str:
    """The URL of a new, empty database on the test server."""
    name = f"test_{next(_numbers)}"
    try:
        postgres_server.psql(f"CREATE DATABASE {name};")
    except subprocess.CalledProcessError:
        # the server was found stopped (seen once, on a machine loaded by other sessions, for reasons its log tells):
        # said as a warning with the log's end, and started again, so that one stop does not fail every later test
        log = postgres_server.log.read_text(errors="replace")[-2000:] if postgres_server.log.exists() else ""
        warnings.warn(f"the tests' PostgreSQL was found stopped and is started again; its log ends:\n{log}",
                      stacklevel=1)
        with type(postgres_server)._lock:
            postgres_server.ensure_postgres_running()
        postgres_server.psql(f"CREATE DATABASE {name};")
    return postgres_server.get_uri(name)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request) -> str:
    return request.param


@pytest.fixture
def database(backend, request, tmp_path) -> str:
    """Where a store opens: a new SQLite file, or a postgresql:// URL of a new database."""
    if backend == "sqlite":
        return str(tmp_path / "bot.db")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def quick_pictures(monkeypatch):
    """Every game's picture as a few bytes that tell its view apart (the drawing has tests of its own): a
    service test plays in milliseconds, not in the seconds Pillow takes to draw a board."""
    import json

    from render.registry import RENDERERS, ROUND_RENDERERS

    for registry in (RENDERERS, ROUND_RENDERERS):
        for name in list(registry):
            monkeypatch.setitem(registry, name, lambda view: b"\x89PNG" + json.dumps(len(str(view))).encode())


@pytest.fixture
async def browser():
    """Headless Chromium for the Mini App's tests (tests/webapp_browser.py): skipped, saying why, where Chromium or
    playwright is missing; failed instead when CI is set, so that CI always runs them."""
    import os

    from webapp_browser import ARGS, CHROMIUM, missing

    reason = missing()
    if reason and os.environ.get("CI"):
        pytest.fail(f"the Mini App's browser tests must run in CI: {reason}")
    if reason:
        pytest.skip(reason)
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        chromium = await driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        await chromium.close()
