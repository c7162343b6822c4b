"""What the Mini App's browser tests share: headless Chromium from Debian's package, driven by Playwright (its own
browser download is not reachable here), and the page opened as Telegram opens it. The `browser` fixture
(tests/conftest.py) skips a test where Chromium or playwright is missing, and fails it instead when CI is set.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

from webapp_signing import sign

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
STUB = Path(__file__).with_name("webapp_telegram_stub.js").read_text(encoding="utf-8")
GROUP = -1001234567890
PHONE = {"width": 390, "height": 844}
DARK = {"bg_color": "#17212b", "text_color": "#f5f5f5", "hint_color": "#708499", "button_color": "#5288c1",
        "button_text_color": "#ffffff", "secondary_bg_color": "#232e3c", "link_color": "#6ab3f3"}
WAIT = 15_000  # milliseconds: a poll comes every 3 s


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not os.path.exists(CHROMIUM):
        return "Chromium is not installed (apt-get install chromium)"
    return None


def expect(locator):
    """Playwright's `expect`, imported where the package is known to be installed."""
    from playwright.async_api import expect as playwright_expect

    return playwright_expect(locator)


async def say(server, user_id: int, name: str, text: str) -> int:
    since = server.mark()
    server.push_message(GROUP, user_id, name, text)
    return since


def board_link(call) -> str:
    """The «🗺 Открыть доску» link under a board the group got."""
    links = [button.get("url") for row in call.keyboard for button in row if button["text"] == "🗺 Открыть доску"]
    assert links and links[0], call.keyboard
    return links[0]


async def open_page(browser, url: str, start_param: str, user_id: int, name: str, theme: dict | None = None):
    """The page as Telegram opens it for this user: signed initData in the fragment, Telegram's script stood in."""
    context = await browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    page = await context.new_page()
    await page.route("https://telegram.org/js/telegram-web-app.js*",
                     lambda route: route.fulfill(body=STUB, content_type="text/javascript"))
    fragment = (f"tgWebAppData={quote(sign(user_id, name, start_param=start_param), safe='')}"
                f"&tgWebAppVersion=7.0&tgWebAppPlatform=tdesktop")
    if theme:
        fragment += "&tgWebAppThemeParams=" + quote(json.dumps(theme), safe="")
    await page.goto(f"{url}#{fragment}")
    return page


async def shot(page, name: str) -> None:
    await page.screenshot(path=f"/tmp/webapp-{name}.png")


def start_param(call) -> str:
    """The table named by the «🗺 Открыть доску» link under a board."""
    return parse_qs(urlsplit(board_link(call)).query)["startapp"][0]


async def begin(server, game: str, players: list[tuple[int, str]]):
    """A game begun in the group by `players` (user id, name), the first opening it: the first board it got."""
    (first, *others) = players
    await say(server, *first, f"/new {game}")
    await server.wait_for_async(lambda c: c.chat_id == GROUP, timeout=10)
    for player in others:
        since = await say(server, *player, "/join")
        await server.wait_for_async(lambda c: c.chat_id == GROUP, timeout=10, since=since)
    since = await say(server, *first, "/begin")
    return await server.wait_for_async(lambda c: c.method == "sendPhoto" and c.chat_id == GROUP, since=since)
