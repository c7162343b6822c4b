"""The messages that show votes, on both backends: a vote's question is kept with the id of its message once the
front end has sent it, listed per chat (not another chat's), replaced by a new vote of the same kind, and gone
once its outcome is told."""

import pytest

from bot.storage import open_store
from bot.storage.base import Seat
from bot.storage.vote_messages import VoteMessage

CHAT, OTHER = -100700, -100701


@pytest.fixture
async def store(database):
    store = await open_store(database)
    yield store
    await store.close()


async def test_a_vote_message_is_kept_until_its_outcome_is_told(store):
    row = await store.create_lobby(CHAT, "kingdom", Seat(0, 1, "Аня"), seed=5)
    elsewhere = await store.create_lobby(OTHER, "kingdom", Seat(0, 1, "Аня"), seed=5)
    await store.save_vote_message(row.id, "skip", 4, "🗳 Пропускаем?")
    await store.save_vote_message(elsewhere.id, "kick", 2, "🗳 Отдаём?")
    assert await store.vote_messages(CHAT) == [VoteMessage(row.id, "skip", 4, "🗳 Пропускаем?", None)]
    await store.vote_message_shown(row.id, "skip", 9_000_000_001)  # message ids may exceed 32 bits
    await store.save_vote_message(row.id, "undo", 4, "🗳 Согласны?")
    assert await store.vote_messages(CHAT) == [VoteMessage(row.id, "skip", 4, "🗳 Пропускаем?", 9_000_000_001),
                                               VoteMessage(row.id, "undo", 4, "🗳 Согласны?", None)]
    await store.save_vote_message(row.id, "skip", 5, "🗳 Снова?")  # a new vote of the kind replaces the old
    await store.drop_vote_message(row.id, "undo")
    assert await store.vote_messages(CHAT) == [VoteMessage(row.id, "skip", 5, "🗳 Снова?", None)]
    assert [m.kind for m in await store.vote_messages(OTHER)] == ["kick"]
