"""«🗺 Открыть доску» under every board where the deployment has a Mini App (WEBAPP_URL): the service names the table
(`Button.app`), the Telegram front end makes a t.me link of it in a group and a web_app button in a private chat;
without a Mini App there is no such button at all."""

from __future__ import annotations

import json

import pytest
from telegram import Bot
from webapp_toy import GridToy

from bot.replies import buttons
from bot.replies.reply import Button, Chat, User
from bot.storage.sqlite import Store
from bot.table.service import Service
from bot.telegram.app_links import AppLinks
from bot.telegram.messages import keyboard
from render.registry import RENDERERS

GROUP = Chat(id=-500, title="Клуб")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")
LINKS = AppLinks("https://bot.example.com/app", "board", "RefereeTestBot")
OPEN = "🗺 Открыть доску"


@pytest.fixture
async def service(tmp_path, monkeypatch):
    monkeypatch.setitem(RENDERERS, "grid", lambda view: b"\x89PNG" + json.dumps(view).encode())
    service = Service(await Store.open(str(tmp_path / "bot.db")), games={"grid": GridToy()})
    yield service
    await service.close()


async def board(service):
    await service.command(GROUP, ANYA, "new", "сетка")
    await service.command(GROUP, BORIS, "join", "")
    return next(r for r in await service.command(GROUP, ANYA, "begin", "") if r.image is not None)


def opens(rows) -> list[str | None]:
    return [b.app for row in rows for b in row if b.text == OPEN]


async def test_without_a_mini_app_no_board_has_the_button(service):
    assert opens((await board(service)).buttons) == []


async def test_with_a_mini_app_every_board_and_menu_level_has_it(service):
    service.table.mini_app = True
    shown = await board(service)
    token = (await service.table.store.open_game(GROUP.id, 0)).token
    assert opens(shown.buttons) == [token] and shown.buttons[-1][0].app == token
    group = next(b.data for row in shown.buttons for b in row if b.data.startswith(buttons.GROUP + ":"))
    level = await service.button(GROUP, ANYA, group)
    assert level.keyboard is not None and opens(level.keyboard) == [token]
    row = await service.table.store.open_game(GROUP.id, 0)
    moved = await service.button(GROUP, ANYA, buttons.encode_move(row.id, row.version, 8))  # «Пас»
    assert all(opens(reply.buttons) == [token] for reply in moved.replies if reply.image is not None)


def test_in_a_group_it_is_a_direct_link_and_in_private_a_web_app_button():
    rows = [[Button("Пас", "g:1:2:3")], [Button(OPEN, "", app="Ab3_-xYz0Q9w")]]
    group = keyboard(rows, LINKS, private=False).inline_keyboard
    assert group[1][0].url == "https://t.me/RefereeTestBot/board?startapp=tAb3_-xYz0Q9w"
    assert group[1][0].web_app is None and group[0][0].callback_data == "g:1:2:3"
    private = keyboard(rows, LINKS, private=True).inline_keyboard
    assert private[1][0].web_app.url == "https://bot.example.com/app?table=Ab3_-xYz0Q9w" and private[1][0].url is None
    main = AppLinks("https://bot.example.com/app", "", "RefereeTestBot")
    assert keyboard(rows, main).inline_keyboard[1][0].url == "https://t.me/RefereeTestBot?startapp=tAb3_-xYz0Q9w"


def test_without_links_the_button_is_left_out_and_an_emptied_row_too():
    rows = [[Button("Пас", "g:1:2:3")], [Button(OPEN, "", app="Ab3_-xYz0Q9w")]]
    assert [[b.text for b in row] for row in keyboard(rows).inline_keyboard] == [["Пас"]]
    assert keyboard([[Button(OPEN, "", app="x")]]) is None


async def test_telegram_takes_both_where_they_belong(server):
    rows = [[Button(OPEN, "", app="Ab3_-xYz0Q9w")]]
    async with Bot("123:TEST", base_url=f"{server.url}/bot") as bot:
        assert await bot.send_message(-100, "доска", reply_markup=keyboard(rows, LINKS, private=False))
        assert await bot.send_message(101, "доска", reply_markup=keyboard(rows, LINKS, private=True))
    sent = [call.keyboard[0][0] for call in server.calls_of("sendMessage")]
    assert set(sent[0]) == {"text", "url"} and set(sent[1]) == {"text", "web_app"}
