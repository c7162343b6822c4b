"""Forum topics in storage, on both backends: a topic's name and state (open, closed, deleted), told once
whichever process learns it first; a table whose topic waits has no timers firing and no boards claimed, and
its timers resume with the time that was left; renaming names the topic's games; the chat's move carries them."""

import pytest

from bot.storage import open_store
from bot.storage.base import Seat, TurnChange
from bot.storage.topics import CLOSED, DELETED, OPEN, Topic

CHAT, TOPIC = -100500, 7


@pytest.fixture
async def store(database):
    store = await open_store(database)
    yield store
    await store.close()


async def running(store, topic=TOPIC, since=1000.0, timers=(("remind", 1600.0), ("deadline", 4600.0))):
    row = await store.create_lobby(CHAT, "kingdom", Seat(0, 1, "Аня"), seed=5, topic=topic, topic_title="Старое")
    await store.set_seats(row.id, row.version, [(1, "Аня"), (2, "Борис")])
    row = await store.game(row.id)
    await store.start(row.id, row.version, {"turn": 0}, "Партия началась!", TurnChange(0, since, timers))
    return await store.game(row.id)


async def test_names_and_states_of_a_chat_topics(store):
    assert await store.topic(CHAT, TOPIC) is None and await store.topics(CHAT) == []
    row = await running(store)
    assert await store.name_topic(CHAT, TOPIC, "Вечерняя", only_if_unknown=True)
    assert not await store.name_topic(CHAT, TOPIC, "Старое имя", only_if_unknown=True)  # a creation name seen later
    assert (await store.game(row.id)).topic_title == "Вечерняя"
    assert await store.name_topic(CHAT, TOPIC, "Ночная")  # renamed
    assert not await store.name_topic(CHAT, TOPIC, "Ночная")
    assert (await store.game(row.id)).topic_title == "Ночная"
    before = await store.set_topic_state(CHAT, TOPIC, CLOSED, 2000.0)
    assert before == Topic(CHAT, TOPIC, "Ночная", OPEN, 0.0)
    assert await store.set_topic_state(CHAT, TOPIC, CLOSED, 2100.0) is None  # known already: nobody is told twice
    assert await store.set_topic_state(CHAT, 9, DELETED, 2200.0) == Topic(CHAT, 9)  # a topic never seen before
    assert await store.topics(CHAT) == [Topic(CHAT, TOPIC, "Ночная", CLOSED, 2000.0),
                                        Topic(CHAT, 9, "", DELETED, 2200.0)]
    assert (await store.topic(CHAT, 9)).waits and not Topic(CHAT, 1).waits
    await store.move_chat(CHAT, -100600)  # a group that became a supergroup takes its topics along
    assert await store.topics(CHAT) == [] and len(await store.topics(-100600)) == 2


async def test_a_waiting_table_fires_no_timer_owes_quietly_and_resumes_with_the_time_left(store):
    row = await running(store)
    other = await running(store, topic=9, timers=(("remind", 1600.0),))
    await store.set_topic_state(CHAT, TOPIC, CLOSED, 1500.0)  # 100 s before the reminder, 3100 s before the deadline
    assert [t.game_id for t in await store.claim_timers(5000.0, 60)] == [other.id]
    assert [d.game_id for d in await store.claim_owed(-1, 60)] == [other.id]  # its first board waits too
    await store.set_topic_state(CHAT, TOPIC, OPEN, 9000.0)
    assert {t.kind: t.due_at for t in await store.timers(row.id)} == {"remind": 9100.0, "deadline": 12100.0}
    assert [d.game_id for d in await store.claim_owed(-1, 60)] == [row.id]
    assert [(t.game_id, t.kind) for t in await store.claim_timers(9100.0, 60)] == [(other.id, "remind"),
                                                                                   (row.id, "remind")]


async def test_a_turn_that_began_while_the_topic_waited_keeps_its_whole_time(store):
    row = await running(store)
    await store.set_topic_state(CHAT, TOPIC, CLOSED, 1500.0)
    # a move made (by a button) while the topic is closed: the next turn's timers count from it...
    await store.record_move(row.id, row.version, {"turn": 1}, 0, 1, "build K1", "Аня строит", False,
                            turn=TurnChange(1, 2000.0, (("remind", 2600.0),)))
    await store.set_topic_state(CHAT, TOPIC, OPEN, 7000.0)
    assert [(t.kind, t.due_at) for t in await store.timers(row.id)] == [("remind", 7600.0)]  # ...from the reopening
