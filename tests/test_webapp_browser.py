"""The Mini App in a real browser: headless Chromium driven by Playwright against the real bot (its Telegram
application polling the fake Bot API, its Mini App server on a free port), the toy game with a board.

A player opens the page from the «🗺 Открыть доску» link of the board the group got, as Telegram opens it (signed
initData in the URL fragment; a stand-in for telegram-web-app.js), taps a highlighted cell and «Сделать ход»; the
move is in the database and the group gets the new board; the other player's page shows it by itself (it polls),
and a two-tap move with «Назад» works too. Screenshots at 390×844 go to /tmp/webapp-*.png.

Without Chromium or the playwright package these tests are skipped, saying why; with CI set they fail instead.
"""

from __future__ import annotations

import json
import re

import pytest
from e2e_harness import free_port
from polling import polling
from webapp_browser import DARK, GROUP, PHONE, STUB, WAIT, begin, board_link, expect, open_page, shot, start_param
from webapp_toy import GridToy, draw_board

from bot.replies.reply import User
from bot.storage.sqlite import Store
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from render.registry import BOARDS, RENDERERS


@pytest.fixture
async def bot(server, tmp_path, monkeypatch):
    """The bot with a Mini App at http://127.0.0.1:<port>/app; (its page's URL, the service)."""
    monkeypatch.setitem(RENDERERS, "grid", lambda view: b"\x89PNG" + json.dumps(view).encode())
    monkeypatch.setitem(BOARDS, "grid", draw_board)
    loud = ChatSettings.from_env({"QUIET_HOURS": "off"})  # whenever the test runs, a turn's board makes a sound
    service = Service(await Store.open(str(tmp_path / "bot.db")), games={"grid": GridToy()}, defaults=loud)
    port = free_port()
    url = f"http://127.0.0.1:{port}/app"
    async with polling(server, service, unlimited=True, settings={"webapp_url": url, "webapp_port": port}):
        yield url, service
    await service.close()


async def test_a_player_taps_a_cell_and_confirms_and_the_group_and_the_other_page_see_it(server, bot, browser):
    url, service = bot
    board = await begin(server, "сетка", [(101, "Анна"), (102, "Борис")])
    link = board_link(board)
    assert re.fullmatch(r"https://t\.me/RefereeTestBot\?startapp=t[A-Za-z0-9_-]{8,32}", link), link

    anna = await open_page(browser, url, start_param(board), 101, "Анна")
    boris = await open_page(browser, url, start_param(board), 102, "Борис", theme=DARK)
    await anna.wait_for_selector('#board [data-target="b2"].target', timeout=WAIT)
    assert await anna.text_content("#turn") == "Ходит Анна."
    assert await anna.evaluate("window.__telegramReady && window.__telegramExpanded")
    assert "Ваше тайное число: 3." in await anna.text_content("#mine")
    assert await anna.locator('#choices [data-action="pass"]').count() == 1  # a move without taps: a button
    await boris.wait_for_selector("#board svg", timeout=WAIT)
    assert await boris.locator("#board .target").count() == 0 and await boris.locator("#move").is_hidden()
    assert "Моё: 8" in await boris.inner_html("#board") and "Моё: 3" not in await boris.inner_html("#board")
    await shot(anna, "anna-turn")

    await anna.click('#board [data-target="c1"]')  # a mis-tap: she meant b2, and taps it straight away
    await anna.wait_for_selector('#board [data-target="c1"].chosen[data-action="pick c1"]', timeout=WAIT)
    await anna.click('#board [data-target="b2"]')
    await anna.wait_for_selector('#board [data-target="b2"].chosen[data-action="pick b2"]', timeout=WAIT)
    assert await anna.locator("#board .chosen").count() == 1
    await anna.click('#board [data-target="b2"]')  # tapped again: taken back, every place is offered again
    await anna.wait_for_selector('#board [data-target="c1"].target', timeout=WAIT)
    assert await anna.locator("#board .chosen").count() == 0
    await anna.click('#board [data-target="b2"]')
    await anna.wait_for_selector('#board [data-target="b2"].chosen[data-action="pick b2"]', timeout=WAIT)
    confirm = anna.locator('[data-role="confirm"]')
    assert await confirm.text_content() == "Сделать ход" and await confirm.is_visible()
    assert await anna.text_content("#hint") == "Ваш ход: 🏠 B2"
    await shot(anna, "anna-chosen")
    since = server.mark()
    await confirm.click()

    new_board = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP, since=since)
    assert "Анна занимает B2." in new_board.text and board_link(new_board) == link
    assert not new_board.silent  # it gives Boris the turn, as a pressed button's board does
    row = await service.table.store.open_game(GROUP, 0)
    assert row.state["cells"] == {"b2": 0}
    assert [line.notation for line in await service.table.store.log(row.id, 5)] == ["pick b2"]
    await expect(anna.locator("#turn")).to_have_text("Ходит Борис.", timeout=WAIT)
    assert await anna.locator("#move").is_hidden()

    # Boris's page was open all along: the poll brings him the move and his turn
    await boris.wait_for_selector('#board [data-target="a1"].target', timeout=WAIT)
    assert await boris.text_content("#turn") == "Ходит Борис."
    assert await boris.locator('#board [data-target="b2"] circle').count() == 1
    await shot(boris, "boris-dark")
    await boris.click('#board [data-target="a1"]')
    await boris.click('[data-role="confirm"]')

    # Anna jumps her piece: two taps, the first taken back once with «Назад»
    await anna.wait_for_selector('#board [data-target="b2"].target', timeout=WAIT)
    await anna.click('#board [data-target="b2"]')
    await anna.wait_for_selector('#board [data-target="c3"].target', timeout=WAIT)
    assert await anna.locator('#board [data-target="a1"].target').count() == 0  # Boris's cell is not free
    await anna.click("#back")
    await anna.wait_for_selector('#board [data-target="b2"].target', timeout=WAIT)
    await anna.click('#board [data-target="b2"]')
    await anna.click('#board [data-target="c3"]')
    await anna.wait_for_selector('#board [data-target="c3"][data-action="jump b2 c3"]', timeout=WAIT)
    await shot(anna, "anna-jump")
    await anna.click('[data-role="confirm"]')
    await expect(anna.locator("#turn")).to_have_text("Ходит Борис.", timeout=WAIT)
    row = await service.table.store.open_game(GROUP, 0)
    assert row.state["cells"] == {"a1": 1, "c3": 0}


async def test_a_stale_page_is_refused_and_shows_the_fresh_table(server, bot, browser):
    url, service = bot
    board = await begin(server, "сетка", [(101, "Анна"), (102, "Борис")])
    anna = await open_page(browser, url, start_param(board), 101, "Анна")
    await anna.wait_for_selector('#board [data-target="a1"].target', timeout=WAIT)
    await anna.click('#board [data-target="a1"]')
    # meanwhile she moves from another page (or the chat): the choice on this one is stale now
    row = await service.table.store.open_game(GROUP, 0)
    await service.app.move(User(101, "Анна"), row.token, row.version, "pick c1")
    await anna.click('[data-role="confirm"]')
    await expect(anna.locator("#message")).to_be_visible(timeout=WAIT)
    assert await anna.text_content("#message") == "Сейчас ходит Борис, подождите своей очереди."
    assert await anna.text_content("#turn") == "Ходит Борис."
    row = await service.table.store.open_game(GROUP, 0)
    assert row.state["cells"] == {"c1": 0}
    await shot(anna, "anna-stale")


async def test_a_page_opened_outside_telegram_says_so(bot, browser):
    url, _ = bot
    context = await browser.new_context(viewport=PHONE)
    page = await context.new_page()
    await page.route("https://telegram.org/js/telegram-web-app.js*",
                     lambda route: route.fulfill(body=STUB, content_type="text/javascript"))
    await page.goto(url)
    await expect(page.locator("#message")).to_be_visible(timeout=WAIT)
    assert "открывается в Telegram" in await page.text_content("#message")
