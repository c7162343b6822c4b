"""Kingdom Builder's two tiles of one kind in a turn, read two ways: the chat's administrators choose the Russian
box's reading for new games, undo replays a game by its own reading, and a rule answer during a game says how
this table plays."""

import pytest
from test_service import ANYA, BORIS, GROUP

from bot.replies.reply import User
from bot.table.service import Service
from bot.table.timing.settings import EACH, KIND, ChatSettings
from bot.table.voting.rewind import started
from rules.registry import GAMES

KINGDOM = GAMES["kingdom"]
ADMIN = User(7, "Дина", is_admin=True)
QUESTION = "можно ли за ход сыграть два жетона фермы"


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def begin_kingdom(service):
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    return await service.store.open_game(GROUP.id)


def test_the_setting_reads_players_words_and_refuses_others():
    assert ChatSettings().tiles == EACH
    assert ChatSettings().changed("tiles", "Коробка").tiles == KIND
    assert ChatSettings().changed("tiles", "коробка").changed("tiles", "каждый").tiles == EACH
    with pytest.raises(ValueError, match="«коробка»"):
        ChatSettings().changed("tiles", "как-нибудь")
    assert ChatSettings.from_env({"KINGDOM_TILES": "коробка"}).tiles == KIND
    assert ChatSettings().game_options("kingdom") == {}
    assert ChatSettings().changed("tiles", "коробка").game_options("kingdom") == {"one_per_kind": True}
    assert ChatSettings().changed("tiles", "коробка").game_options("valdora") == {}


async def test_only_an_administrator_chooses_the_box_s_reading_and_new_games_play_it(service):
    refusal, = await service.command(GROUP, ANYA, "settings", "жетоны коробка")
    assert "администратор" in refusal.text
    row = await begin_kingdom(service)
    assert not KINGDOM.load(row.state).one_per_kind  # the designers' reading by default
    answer, = await service.command(GROUP, ANYA, "rules", QUESTION)
    assert "📌 За этим столом каждый жетон действует раз за ход" in answer.text
    changed, = await service.command(GROUP, ADMIN, "settings", "жетоны коробка")
    assert changed.text.startswith("Дина решает во всём чате: в новых партиях Kingdom Builder два жетона одного "
                                   "вида — жетон одного вида — раз за ход (как русская коробка).")
    assert not KINGDOM.load((await service.store.open_game(GROUP.id)).state).one_per_kind  # a running game keeps
    confirm, = await service.command(GROUP, ANYA, "abort", "")
    await service.button(GROUP, ANYA, next(b.data for line in confirm.buttons for b in line
                                           if b.data.startswith("abort:")))
    row = await begin_kingdom(service)
    assert KINGDOM.load(row.state).one_per_kind
    answer, = await service.command(GROUP, BORIS, "rules", QUESTION)
    assert "📌 За этим столом играют по русской коробке" in answer.text
    assert KINGDOM.options(started(KINGDOM, row)) == {"one_per_kind": True}  # undo replays by the same reading


async def test_the_reading_is_shown_with_the_whole_chat_s_settings_not_a_table_s(service):
    chat_panel, = await service.command(GROUP, ADMIN, "settings", "чат")
    table_panel, = await service.command(GROUP, ANYA, "settings", "")
    assert "Kingdom Builder, два жетона одного вида" in chat_panel.text
    assert "Kingdom Builder" not in table_panel.text
