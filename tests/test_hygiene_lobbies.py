"""Abandoned lobbies: a lobby nobody began within the chat's time (a day unless its administrators change it)
no longer holds its table. Whoever touches the table next finds it free: /new opens a new lobby in its place with
a short note, any other command or a press of the old lobby's buttons is told that it was closed. Through the
service with a clock the test turns forward, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from test_service_turns import MORNING, Clock

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.table.service import Service
from bot.table.timing.settings import ChatSettings

GROUP = Chat(id=-1001700, title="Друзья")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
ADMIN = User(7, "Дина", is_admin=True)
HOUR, DAY = 3600, 24 * 3600
CLOSED = "Набор в игру «Валдора» никто не начал за 1 день, и он закрыт."


@pytest.fixture
def clock():
    return Clock(MORNING)


@pytest.fixture
async def service(database, clock):
    service = Service(await open_store(database), clock=clock)
    yield service
    await service.close()


async def test_a_month_old_lobby_never_blocks_new(service, clock):
    await service.command(GROUP, ANYA, "new", "valdora")
    old = await service.store.open_game(GROUP.id)
    clock.now += 31 * DAY
    lobby, = await service.command(GROUP, BORIS, "new", "kingdom")
    assert lobby.buttons and "уже" not in lobby.text
    header, note, *_ = lobby.text.split("\n")
    assert "Борис</a> собирает игру «Kingdom Builder»" in header and note == CLOSED
    assert (await service.store.game(old.id)).status == "aborted"
    new = await service.store.open_game(GROUP.id)
    assert new.id != old.id and new.creator_id == BORIS.id and new.created_at == clock.now
    again, = await service.command(GROUP, ANYA, "new", "valdora")  # the new lobby is fresh: it holds the table
    assert "уже идёт набор в игру «Kingdom Builder»" in again.text


async def test_a_lobby_younger_than_a_day_still_holds_its_table(service, clock):
    await service.command(GROUP, ANYA, "new", "valdora")
    clock.now += DAY - 60
    refused, = await service.command(GROUP, BORIS, "new", "kingdom")
    assert "уже идёт набор в игру «Валдора»" in refused.text
    joined, = await service.command(GROUP, BORIS, "join", "")
    assert "Борис садится за стол" in joined.text and "закрыт" not in joined.text
    clock.now += 60  # a day since it opened, joins or not: nobody began it
    lobby, = await service.command(GROUP, VERA, "new", "valdora")
    assert CLOSED in lobby.text and "Вера</a> собирает игру «Валдора»" in lobby.text


async def test_any_other_touch_closes_it_and_says_so(service, clock):
    first, = await service.command(GROUP, ANYA, "new", "valdora")
    join = next(b.data for line in first.buttons for b in line if b.data.startswith(buttons.JOIN))
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, VERA, "join", "")
    clock.now += 2 * DAY
    note, begin = await service.command(GROUP, ANYA, "begin", "")  # even its opener cannot begin it now
    assert note.text == f"{CLOSED} Новый — /new." and begin.text == "Сначала соберите игроков: /new."
    assert await service.store.open_game(GROUP.id) is None
    second, = await service.command(GROUP, ANYA, "new", "valdora")
    clock.now += 2 * DAY
    pressed = await service.button(GROUP, BORIS, next(b.data for line in second.buttons for b in line
                                                      if b.data.startswith(buttons.JOIN)))
    assert pressed.edit is not None and pressed.edit.text == f"{CLOSED} Новый — /new." and not pressed.edit.buttons
    assert pressed.toast == "Этот набор уже закрыт." and await service.store.open_game(GROUP.id) is None
    stale = await service.button(GROUP, BORIS, join)  # the first lobby's button: long gone
    assert stale.edit is None and stale.toast


async def test_the_chat_administrators_set_how_long_a_lobby_waits(service, clock):
    refused, = await service.command(GROUP, ANYA, "settings", "набор 2д")
    assert "администратор" in refused.text.lower()
    assert (await service.table.chat_settings(GROUP.id)).lobby_expires == DAY
    changed, = await service.command(GROUP, ADMIN, "settings", "набор 2д")
    assert "Дина решает во всём чате: набор, который никто не начал, закрывается через 2 дня." in changed.text
    assert "🪑 Набор, который никто не начал, закрывается через 2 дня" in changed.text
    await service.command(GROUP, ANYA, "new", "valdora")
    clock.now += 47 * HOUR
    assert "уже идёт" in (await service.command(GROUP, BORIS, "new", "kingdom"))[0].text
    clock.now += HOUR
    lobby, = await service.command(GROUP, BORIS, "new", "kingdom")
    assert "никто не начал за 2 дня, и он закрыт" in lobby.text
    off, = await service.command(GROUP, ADMIN, "settings", "чат набор выкл")
    assert "набор, который никто не начал, не закрывается" in off.text
    clock.now += 31 * DAY
    assert "уже идёт" in (await service.command(GROUP, ANYA, "new", "valdora"))[0].text
    wrong, = await service.command(GROUP, ADMIN, "settings", "набор когда-нибудь")
    assert wrong.text.startswith("❌ Не понимаю время") and \
        (await service.table.chat_settings(GROUP.id)).lobby_expires is None


def test_the_operator_sets_the_default_in_the_environment():
    assert ChatSettings.from_env({"LOBBY_CLOSE_AFTER": "12h"}).lobby_expires == 12 * HOUR
    assert ChatSettings.from_env({"LOBBY_CLOSE_AFTER": "off"}).lobby_expires is None
    assert ChatSettings.from_env({}).lobby_expires == DAY
    with pytest.raises(ValueError, match="LOBBY_CLOSE_AFTER=скоро"):
        ChatSettings.from_env({"LOBBY_CLOSE_AFTER": "скоро"})
