"""Kingdom Builder through the transport-free service: /new by any of its names, a whole game played by
pressing the buttons (menu groups included) to the final scores in gold, typed commands and refusals."""

from __future__ import annotations

import random

import pytest

from bot.replies.reply import Chat, User
from bot.table.service import SORRY, Service
from rules.registry import GAMES

GROUP = Chat(id=-300, title="Королевство")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")
KB = GAMES["kingdom"]


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def mover(service) -> User:
    row = await service.store.open_game(GROUP.id)
    return ANYA if row.seats[KB.current_seat(KB.load(row.state))].user_id == ANYA.id else BORIS


@pytest.mark.parametrize("name", ["kingdom", "кб", "Kingdom  Builder", "KB", "создатель королевства"])
async def test_new_knows_the_game_by_its_names(service, name):
    lobby, = await service.command(GROUP, ANYA, "new", name)
    assert "собирает игру «Kingdom Builder» (от 2 до 4 игроков)" in lobby.text


async def test_a_whole_game_by_buttons_ends_with_gold(service):
    await service.command(GROUP, ANYA, "new", "кб")
    await service.command(GROUP, BORIS, "join", "")
    board, *_ = await service.command(GROUP, ANYA, "begin", "")
    keyboard, rng, presses = board.buttons, random.Random(4), 0
    while any(not b.data.startswith("re:") for row in keyboard for b in row):  # the final board: «Реванш»
        data = rng.choice([b.data for row in keyboard for b in row if not b.data.startswith("s:")])
        answer = await service.button(GROUP, await mover(service), data)
        presses += 1
        assert answer.toast != SORRY and presses < 2000
        if answer.keyboard is not None:  # a menu group: same board, another level of buttons
            assert answer.picture.startswith(b"\x89PNG")
            keyboard = answer.keyboard
            continue
        board = answer.edit or next(r for r in reversed(answer.replies) if r.to_user is None)
        assert board.image.startswith(b"\x89PNG")
        keyboard = board.buttons
    assert "Партия окончена!" in board.text and "золот" in board.text
    assert "🏆 Победа" in board.text or "🤝 Ничья" in board.text
    row = (await service.store.log(1, 1))[0]
    assert row.number > 20  # the whole game is in the log


async def test_typed_builds_and_refusals(service):
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    player = await mover(service)
    other = BORIS if player is ANYA else ANYA
    row = await service.store.open_game(GROUP.id)
    state = KB.load(row.state)
    build = next(a for a in KB.legal_actions(state) if a.startswith("build "))
    refused, = await service.command(GROUP, other, "build", build[6:])
    assert "подождите своей очереди" in refused.text
    refused, = await service.command(GROUP, player, "oracle", build[6:])
    assert refused.text.startswith("❌") and refused.buttons[0][0].text == "📖 Правило"
    assert (await service.store.open_game(GROUP.id)).version == row.version
    board, *_ = await service.command(GROUP, player, "build", build[6:].lower())
    assert f"строит поселение на {build[6:]}" in board.text and board.image
    listing, = await service.command(GROUP, player, "moves", "")
    assert "<code>/build " in listing.text
