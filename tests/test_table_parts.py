"""The service is composed of parts handed what they need, not mixins sharing one `self`."""

from pathlib import Path

import pytest

import bot.table
from bot.storage.sqlite import Store
from bot.table.service import Service

LIMIT = 500  # «about 500 lines»: no module of the table, the storage or the front end grows past it


@pytest.mark.parametrize("room", ["table", "storage", "telegram"])
def test_no_module_of_a_room_is_too_long(room):
    folder = Path(bot.table.__file__).parent.parent / room
    lengths = {path.name: len(path.read_text().splitlines()) for path in folder.glob("*.py")}
    assert {name: n for name, n in lengths.items() if n > LIMIT} == {}


async def test_service_is_composed_of_parts_sharing_one_core(tmp_path):
    assert Service.__bases__ == (object,)  # no mixins
    service = Service(await Store.open(str(tmp_path / "t.db")))
    try:
        parts = [service.turns, service.rewind, service.votes, service.undo, service.history, service.settings,
                 service.lobby, service.moves]
        assert all(part.table is service.table for part in parts)
        assert service.moves.turns is service.turns and service.votes.rewind is service.rewind
        # what the front ends and the tests set on the service reaches every part
        service.clock = lambda: 42.0
        service.bot_username = "referee_bot"
        assert service.table.clock() == 42.0 and service.table.bot_username == "referee_bot"
        assert service.store is service.table.store and service.gone_chats is service.table.gone_chats
    finally:
        await service.close()
