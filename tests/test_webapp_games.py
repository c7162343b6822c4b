"""Each real game in the Mini App, in a real browser (headless Chromium, tests/webapp_browser.py): a game begun in the
group, the player to move opens the board from the «🗺 Открыть доску» link, taps highlighted places in order until
one move remains, and confirms it; the move is the last line of the game's log, the group's board changes, and the
page of another player, open all along, shows the new board by itself. Screenshots at 390×844 go to
/tmp/webapp-<game>-*.png.
"""

from __future__ import annotations

import pytest
from e2e_harness import free_port
from polling import polling
from webapp_browser import GROUP, WAIT, begin, expect, open_page, shot, start_param

from bot.storage.sqlite import Store
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings
from render.registry import BOARDS

PLAYERS = [(101, "Анна"), (102, "Борис"), (103, "Вера")]
SEATS = {"kingdom": 2, "sylvan": 2, "valdora": 3}
MOST_TAPS = 4  # the longest move of any game takes three taps (a tile, then from, then to)

pytestmark = pytest.mark.usefixtures("quick_pictures")  # the chat's PNGs: the page draws its own SVG


@pytest.fixture
async def bot(server, tmp_path):
    """The bot with every game and a Mini App at http://127.0.0.1:<port>/app; (its page's URL, the service)."""
    loud = ChatSettings.from_env({"QUIET_HOURS": "off"})
    service = Service(await Store.open(str(tmp_path / "bot.db")), defaults=loud)
    port = free_port()
    url = f"http://127.0.0.1:{port}/app"
    async with polling(server, service, unlimited=True, settings={"webapp_url": url, "webapp_port": port}):
        yield url, service
    await service.close()


@pytest.mark.parametrize("name", sorted(BOARDS))
async def test_a_move_is_tapped_on_the_board_and_reaches_the_group_and_the_other_page(name, server, bot, browser):
    url, service = bot
    table = start_param(await begin(server, name, PLAYERS[:SEATS[name]]))
    row = await service.table.store.open_game(GROUP, 0)
    game, state = service.table.state(row)
    mover = row.seats[game.current_seat(state)]
    other = next(s for s in row.seats if s.seat != mover.seat)
    page = await open_page(browser, url, table, mover.user_id, mover.name)
    watcher = await open_page(browser, url, table, other.user_id, other.name)
    await page.wait_for_selector("#board [data-target].target", timeout=WAIT)
    await watcher.wait_for_selector("#board svg", timeout=WAIT)
    assert await watcher.locator("#board .target").count() == 0  # not her turn: nothing to tap
    await shot(page, f"{name}-turn")
    seen_before = await watcher.inner_html("#board")

    confirm = page.locator('[data-role="confirm"]')
    for _ in range(MOST_TAPS):  # tap the first highlighted place until a single move remains
        await page.locator("#board .target:not(.chosen)").first.click()
        if await confirm.is_visible():
            break
    await expect(confirm).to_be_visible(timeout=WAIT)
    action = await page.locator("#board [data-action]").get_attribute("data-action")
    assert action in game.legal_actions(state)
    assert list(game.targets(state, action))[-1] == await page.locator("#board [data-action]").get_attribute(
        "data-target")
    await shot(page, f"{name}-chosen")
    since = server.mark()
    await confirm.click()

    await server.wait_for_async(lambda c: c.chat_id == GROUP and c.method in ("sendPhoto", "editMessageMedia"),
                                since=since)
    row = await service.table.store.open_game(GROUP, 0)
    assert [line.notation for line in await service.table.store.log(row.id, 1)] == [action]
    # the other player's page follows by itself (it polls)
    await watcher.wait_for_function("before => document.querySelector('#board').innerHTML !== before",
                                    arg=seen_before, timeout=WAIT)
    await shot(watcher, f"{name}-watcher")


async def test_a_private_table_with_bots_opens_from_its_web_app_button(server, bot, browser):
    url, service = bot
    anna, name = PLAYERS[0]
    for text in ("/new kingdom", "/addbot", "/begin"):
        since = server.mark()
        server.push_message(anna, anna, name, text, chat_type="private")
        await server.wait_for_async(lambda c: c.chat_id == anna, timeout=10, since=since)
    board = await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == anna)
    row = await service.table.store.open_game(anna, 0)
    apps = [b["web_app"]["url"] for line in board.keyboard for b in line if "web_app" in b]
    assert apps == [f"{url}?table={row.token}"]  # in private a web_app button, not a t.me link

    page = await open_page(browser, apps[0], "", anna, name)  # no start_param: the page reads the table from the URL
    await page.wait_for_selector("#board [data-target].target", timeout=WAIT)
    await page.locator("#board .target").first.click()
    action = await page.locator("#board [data-action]").get_attribute("data-action")
    await page.click('[data-role="confirm"]')
    await expect(page.locator('[data-role="confirm"]')).to_be_hidden(timeout=WAIT)
    row = await service.table.store.open_game(anna, 0)
    assert action in [line.notation for line in await service.table.store.log(row.id, 20)]
    await shot(page, "private-kingdom")
