"""The Mini App through the service (`Service.app`): the page a player, a seated opponent and an outsider see, and a
move made there: applied once, through the button's path, refused in Russian with nothing changed otherwise."""

from __future__ import annotations

import json

import pytest
from webapp_toy import GridToy, draw_board

from bot.replies.reply import Chat, User
from bot.storage.sqlite import Store
from bot.table.service import Service
from render.registry import BOARDS, RENDERERS

GROUP = Chat(id=-300, title="Клуб")
ANYA, BORIS, DIMA = User(1, "Аня"), User(2, "Борис"), User(5, "Дима")
NOON = 1_700_038_800.0  # 12:00 in Moscow: outside the quiet hours, the board that passes the turn makes a sound


@pytest.fixture
async def service(tmp_path, monkeypatch):
    monkeypatch.setitem(RENDERERS, "grid", lambda view: b"\x89PNG" + json.dumps(view).encode())
    monkeypatch.setitem(BOARDS, "grid", draw_board)
    service = Service(await Store.open(str(tmp_path / "bot.db")), games={"grid": GridToy()},
                      clock=lambda: NOON)
    service.bot_username = "RefereeTestBot"
    yield service
    await service.close()


async def begin(service) -> str:
    await service.command(GROUP, ANYA, "new", "сетка")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    return (await service.table.store.open_game(GROUP.id, 0)).token


async def test_the_player_to_move_sees_her_secrets_and_every_action_with_its_taps(service):
    token = await begin(service)
    page = await service.app.page(ANYA, token)
    assert page["ok"] and page["title"] == "Сетка" and page["status"] == "active"
    assert page["turn"] == "Ходит Аня."
    assert [(p["name"], p["to_move"], p["you"]) for p in page["players"]] == [("Аня", True, True),
                                                                               ("Борис", False, False)]
    assert page["players"][0]["score"] == 0  # the hidden part («тайные») is not in the open score
    assert page["secret"] == "Ваше тайное число: 3." and page["my_score"].startswith("У вас 3 очка")
    assert 'data-target="a1"' in page["board"] and "Моё: 3" in page["board"]
    actions = {a["action"]: a for a in page["actions"]}
    assert actions["pick a1"] == {"action": "pick a1", "label": "🏠 A1", "taps": ["a1"], "path": ["Занять"]}
    assert actions["pass"]["taps"] == [] and page["notice"] is None


async def test_the_other_player_sees_her_own_secret_and_no_actions(service):
    token = await begin(service)
    page = await service.app.page(BORIS, token)
    assert page["secret"] == "Ваше тайное число: 8." and "Моё: 8" in page["board"] and "Моё: 3" not in page["board"]
    assert page["actions"] == [] and page["seat"] == 1


async def test_an_outsider_sees_the_public_board_and_nothing_secret(service):
    token = await begin(service)
    page = await service.app.page(DIMA, token)
    assert page["ok"] and page["seat"] is None and page["actions"] == []
    assert page["secret"] is None and page["my_score"] is None
    assert "Моё" not in page["board"] and "тайное" not in json.dumps(page, ensure_ascii=False)


async def test_a_game_without_a_board_drawing_says_to_play_in_the_chat(service, monkeypatch):
    token = await begin(service)
    monkeypatch.delitem(BOARDS, "grid")
    page = await service.app.page(ANYA, token)
    assert page["board"] is None and page["notice"] == "Эту игру пока можно играть только кнопками в чате."
    assert page["actions"]  # the page still lists the moves as buttons


@pytest.mark.parametrize("token", ["nope", "AAAAAAAAAAAA", "", "../../etc"])
async def test_an_unknown_table_is_refused(service, token):
    await begin(service)
    page = await service.app.page(ANYA, token)
    assert page == {"ok": False, "message": "Такой партии нет. Откройте доску заново кнопкой «🗺 Открыть доску» "
                                            "под доской в чате."}
    moved = await service.app.move(ANYA, token, 1, "pick a1")
    assert moved.chat is None and moved.replies == [] and not moved.page["ok"]


async def test_a_move_is_applied_once_and_the_group_gets_the_new_board(service):
    token = await begin(service)
    version = (await service.app.page(ANYA, token))["version"]
    moved = await service.app.move(ANYA, token, version, "pick b2")
    assert moved.chat == Chat(GROUP.id, title="Клуб")
    board = next(r for r in moved.replies if r.image is not None)
    assert board.to_user is None and board.announces is not None and "Аня занимает B2." in board.text
    assert board.sound  # it gives Boris the turn, as a pressed button's board does
    assert moved.page["message"] is None and moved.page["version"] == version + 1
    assert moved.page["turn"] == "Ходит Борис." and moved.page["actions"] == []
    row = await service.table.store.open_game(GROUP.id, 0)
    assert row.state["cells"] == {"b2": 0}
    assert [line.notation for line in await service.table.store.log(row.id, 5)] == ["pick b2"]

    again = await service.app.move(ANYA, token, version, "pick b2")  # the same request once more: stale
    assert again.replies == [] and again.page["message"] == "Сейчас ходит Борис, подождите своей очереди."
    assert len(await service.table.store.log(row.id, 5)) == 1


async def test_a_stale_page_never_applies_an_old_choice(service):
    token = await begin(service)
    version = (await service.app.page(ANYA, token))["version"]
    await service.app.move(ANYA, token, version, "pick a1")
    await service.app.move(BORIS, token, version + 1, "pick a2")
    stale = await service.app.move(ANYA, token, version, "pick c3")  # Anna's turn again, but her page is old
    assert stale.replies == []
    assert stale.page["message"] == "Доска уже изменилась, ход не записан. Вот она сейчас."
    assert stale.page["version"] == version + 2 and stale.page["actions"]
    row = await service.table.store.open_game(GROUP.id, 0)
    assert "c3" not in row.state["cells"]


async def test_refusals_change_nothing(service):
    token = await begin(service)
    version = (await service.app.page(ANYA, token))["version"]
    refusals = {
        (BORIS, "pick a1"): "Сейчас ходит Аня, подождите своей очереди.",
        (DIMA, "pick a1"): "Дима, вы не играете в этой партии — можно только смотреть.",
        (ANYA, "pick z9"): "Такого хода сейчас нет. Вот доска, как она есть.",
        (ANYA, "jump a1 b1"): "Такого хода сейчас нет. Вот доска, как она есть.",
    }
    for (user, action), message in refusals.items():
        moved = await service.app.move(user, token, version, action)
        assert (moved.replies, moved.page["message"]) == ([], message)
    row = await service.table.store.open_game(GROUP.id, 0)
    assert row.version == version and row.state["cells"] == {}


async def test_a_two_tap_move_and_a_move_without_taps(service):
    token = await begin(service)
    await service.app.move(ANYA, token, (await service.app.page(ANYA, token))["version"], "pick a1")
    version = (await service.app.page(BORIS, token))["version"]
    await service.app.move(BORIS, token, version, "pass")
    page = await service.app.page(ANYA, token)
    jump = next(a for a in page["actions"] if a["action"] == "jump a1 c3")
    assert jump["taps"] == ["a1", "c3"] and jump["path"] == ["Прыжок", "с A1"]
    moved = await service.app.move(ANYA, token, page["version"], "jump a1 c3")
    assert moved.page["message"] is None
    assert (await service.table.store.open_game(GROUP.id, 0)).state["cells"] == {"c3": 0}
