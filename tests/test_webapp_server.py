"""The Mini App's HTTP server: the page and its files, the API behind Telegram's signed initData, and every refusal
as JSON with a Russian message (401 unsigned or forged, 400 garbage, 404 elsewhere or no such table, 413 too big)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from e2e_harness import BotProcess, free_port, listening
from tornado.httpclient import AsyncHTTPClient
from webapp_signing import TOKEN, sign
from webapp_toy import GridToy, draw_board

from bot.replies.reply import Chat, User
from bot.storage.sqlite import Store
from bot.table.service import Service
from bot.webapp.server import MAX_BODY, MiniApp, make_server
from render.registry import BOARDS, RENDERERS

GROUP = Chat(id=-400, title="Клуб")
ANYA, BORIS = User(101, "Анна"), User(102, "Борис")


@pytest.fixture
async def site(tmp_path, monkeypatch):
    """The server on a free port at /app, over a service with the toy game begun; (base URL, token, service,
    the moves it was asked to play)."""
    monkeypatch.setitem(RENDERERS, "grid", lambda view: b"\x89PNG")
    monkeypatch.setitem(BOARDS, "grid", draw_board)
    service = Service(await Store.open(str(tmp_path / "bot.db")), games={"grid": GridToy()})
    await service.command(GROUP, ANYA, "new", "сетка")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    token = (await service.table.store.open_game(GROUP.id, 0)).token
    played = []

    async def play(user, token, version, action):
        played.append((user, action))
        return (await service.app.move(user, token, version, action)).page

    port = free_port()
    server = make_server(MiniApp(TOKEN, "/app", lambda: service.app, play))
    server.listen(port, address="127.0.0.1")
    yield f"http://127.0.0.1:{port}/app", token, service, played
    server.stop()
    await server.close_all_connections()
    await service.close()


async def fetch(url, *, method="GET", body=None, init_data=None, headers=None):
    all_headers = dict(headers or {})
    if init_data is not None:
        all_headers["Authorization"] = f"tma {init_data}"
    if body is not None and "Content-Type" not in all_headers:
        all_headers["Content-Type"] = "application/json"
    return await AsyncHTTPClient().fetch(url, method=method, body=body, headers=all_headers, raise_error=False,
                                         allow_nonstandard_methods=True)


def answer(response) -> dict:
    assert response.headers["Content-Type"].startswith("application/json")
    return json.loads(response.body)


async def test_the_page_and_its_files_are_served_with_a_strict_policy(site):
    base, *_ = site
    for url in (base, base + "/"):
        page = await fetch(url)
        assert page.code == 200 and b'src="/app/app.js"' in page.body and b'data-base="/app"' in page.body
        policy = page.headers["Content-Security-Policy"]
        assert "script-src 'self' https://telegram.org" in policy and "connect-src 'self'" in policy
    script = await fetch(base + "/app.js")
    assert script.code == 200 and script.headers["Content-Type"].startswith("text/javascript")
    assert (await fetch(base + "/app.css")).headers["Content-Type"].startswith("text/css")
    assert b"https://" not in (await fetch(base + "/app.css")).body  # no external resources


@pytest.mark.parametrize("path", ["/elsewhere", "/app/secret.py", "/app/../bot/config.py", "/app/api/nothing"])
async def test_anything_else_is_404_in_russian(site, path):
    base, *_ = site
    response = await fetch(base.removesuffix("/app") + path)
    assert response.code == 404 and answer(response)["message"] == "Здесь ничего нет."


async def test_the_table_for_a_signed_player(site):
    base, token, *_ = site
    response = await fetch(f"{base}/api/table?token={token}", init_data=sign(101, "Анна"))
    page = answer(response)
    assert response.code == 200 and page["turn"] == "Ходит Анна." and page["actions"]
    assert response.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("init_data", [None, "", sign(101, "Анна", token="999:OTHER"), "user=1&hash=00",
                                       sign(101, "Анна", auth_date=1_600_000_000)])
async def test_without_genuine_init_data_the_api_answers_401_in_russian(site, init_data):
    base, token, _, played = site
    for response in (await fetch(f"{base}/api/table?token={token}", init_data=init_data),
                     await fetch(f"{base}/api/move", method="POST", init_data=init_data,
                                 body=json.dumps({"token": token, "version": 1, "action": "pick a1"}))):
        assert response.code == 401
        assert any("а" <= c <= "я" for c in answer(response)["message"])
    assert played == []


async def test_a_scheme_other_than_tma_is_401(site):
    base, token, *_ = site
    response = await fetch(f"{base}/api/table?token={token}", headers={"Authorization": "Bearer " + sign(101, "А")})
    assert response.code == 401


async def test_an_unknown_table_is_404_and_a_missing_one_400(site):
    base, *_ = site
    response = await fetch(f"{base}/api/table?token=AAAAAAAAAAAA", init_data=sign(101, "Анна"))
    assert response.code == 404 and answer(response)["message"].startswith("Такой партии нет")
    assert (await fetch(f"{base}/api/table", init_data=sign(101, "Анна"))).code == 400


async def test_a_move_is_played_and_the_fresh_table_comes_back(site):
    base, token, service, played = site
    version = answer(await fetch(f"{base}/api/table?token={token}", init_data=sign(101, "Анна")))["version"]
    response = await fetch(f"{base}/api/move", method="POST", init_data=sign(101, "Анна"),
                           body=json.dumps({"token": token, "version": version, "action": "pick b2"}))
    assert response.code == 200 and answer(response)["turn"] == "Ходит Борис."
    assert [(user.id, action) for user, action in played] == [(101, "pick b2")]
    assert (await service.table.store.open_game(GROUP.id, 0)).state["cells"] == {"b2": 0}


@pytest.mark.parametrize("body", [b"", b"{", b"[]", b'"pick a1"', b'{"token": 1, "version": 1, "action": "a"}',
                                  b'{"token": "x", "version": "1", "action": "a"}', b"\xff\xfe",
                                  b'{"token": "x", "version": 1, "action": ""}', b'{"version": 1e400}'])
async def test_garbage_json_is_400_and_plays_nothing(site, body):
    base, _, _, played = site
    response = await fetch(f"{base}/api/move", method="POST", init_data=sign(101, "Анна"), body=body)
    assert response.code == 400 and answer(response)["message"] == "Запрос не понят: обновите страницу."
    assert played == []


async def test_a_body_over_the_limit_is_413_and_another_type_415(site):
    base, token, _, played = site
    big = json.dumps({"token": token, "version": 1, "action": "x" * MAX_BODY})
    response = await fetch(f"{base}/api/move", method="POST", init_data=sign(101, "Анна"), body=big)
    assert response.code == 413 and answer(response)["message"] == "Запрос слишком большой."
    form = await fetch(f"{base}/api/move", method="POST", init_data=sign(101, "Анна"), body="a=1",
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert form.code == 415 and played == []


async def test_reading_the_table_is_get_and_a_move_is_post(site):
    base, token, *_ = site
    assert (await fetch(f"{base}/api/move", init_data=sign(101, "Анна"))).code == 405
    assert (await fetch(f"{base}/api/table?token={token}", method="POST", body=b"{}",
                        init_data=sign(101, "Анна"))).code == 405


@pytest.mark.parametrize("mode", ["polling", "webhook"])
def test_the_bot_serves_the_mini_app_in_either_mode_and_stops_it(server, tmp_path, mode):
    port = free_port()
    settings = {"WEBAPP_URL": f"http://127.0.0.1:{port}/app", "WEBAPP_PORT": str(port)}
    if mode == "webhook":
        settings |= {"TELEGRAM_WEBHOOK_URL": "https://bot.example.org/hook", "TELEGRAM_WEBHOOK_PORT": str(free_port()),
                     "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1", "TELEGRAM_WEBHOOK_SECRET": "s3cret"}
    bot = BotProcess(server, tmp_path, tmp_path / "bot.db", mode, settings)
    try:
        listening(port, bot)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/app", timeout=10) as page:
            assert page.status == 200 and b"{{base}}" not in page.read()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/app/api/table?token=AAAAAAAAAAAA")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 401
    finally:
        assert bot.stop() == 0, bot.output()
