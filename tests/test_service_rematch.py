"""Rematch through the service: «🔁 Реванш» under the final board opens a lobby with the same players, the first
seat moved on by one; seats are confirmed or given up, the one who asked begins with the confirmed ones; a bare
/new offers it; stale presses change nothing; the lobby survives a restart (SQLite and PostgreSQL)."""

from __future__ import annotations

import random

import pytest
from test_service_turns import ANYA, BORIS, GROUP, KB, MORNING, VERA, Clock, begin, opened, table

from bot.replies import buttons
from bot.replies.reply import User
from bot.storage.base import ACTIVE, FINISHED, LOBBY
from bot.table.seating.rematch import first_seat

GLEB = User(4, "Глеб")
USERS_BY_NAME = {u.name: u for u in (ANYA, BORIS, VERA)}


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(database, clock):
    """The service on SQLite and on PostgreSQL (conftest's `database`)."""
    service = await opened(database, clock)
    yield service
    await service.close()


async def finish(service, players=(ANYA, BORIS, VERA)):
    """A game played to its end (all but the last action written straight to the store): the final board."""
    await begin(service, players)
    return await play_out(service)


async def play_out(service):
    """The running game played to its end as `finish` does: the final board."""
    row, _, _ = await table(service)
    rng, probe, planned = random.Random(7), KB.load(row.state), []
    while not KB.is_over(probe):
        planned.append(rng.choice(KB.legal_actions(probe)))
        KB.apply(probe, planned[-1])
    for action in planned[:-1]:
        row, state, player = await table(service)
        seat = KB.current_seat(state)
        KB.apply(state, action)
        await service.store.record_move(row.id, row.version, KB.dump(state), seat, player.id, action, action,
                                        finished=False)
    _, _, player = await table(service)
    name, _, args = planned[-1].partition(" ")
    final, = await service.command(GROUP, player, name, args)
    assert "Партия окончена" in final.text
    return final


def rematch_data(reply) -> str:
    found = [b.data for line in reply.buttons for b in line if b.text == "🔁 Реванш"]
    assert found, reply
    return found[0]


async def test_rematch_seats_the_same_players_rotated_and_begins_with_the_confirmed(service):
    final = await finish(service)
    previous = await service.store.last_finished(GROUP.id)
    names = [s.name for s in previous.seats]
    first = first_seat(KB, names, previous.seed)
    expected = names[first + 1:] + names[:first + 1]  # the next one opens the rematch

    answer = await service.button(GROUP, BORIS, rematch_data(final))
    awaited = [name for name in expected if name != "Борис"]
    assert answer.clear_buttons and answer.toast == f"Реванш! Ждём, пока подтвердят места: {', '.join(awaited)}."
    lobby, = answer.replies
    assert lobby.text.startswith('<a href="tg://user?id=2">Борис</a> предлагает реванш в «Kingdom Builder» (')
    assert "Начинает Борис (/begin)" in lobby.text
    mentioned = ", ".join(f'<a href="tg://user?id={USERS_BY_NAME[n].id}">{n}</a>' for n in awaited)
    assert f"Ждём ⏳: {mentioned} — «🙋 Играю»" in lobby.text  # the awaited are called by name
    row = await service.store.open_game(GROUP.id)
    assert row.status == LOBBY and [s.name for s in row.seats] == expected and row.creator_id == BORIS.id
    for name in expected:  # everyone but the one who asked is still to confirm
        assert (f"{name} ⏳" in lobby.text) == (name != "Борис")
    assert [b.text for b in lobby.buttons[0]] == ["🙋 Играю", "🚪 Выйти", "▶️ Начать"]

    confirmed = await service.button(GROUP, ANYA, buttons.encode(buttons.JOIN, row.id))
    assert "Аня в деле!" in confirmed.edit.text and "Аня ⏳" not in confirmed.edit.text
    assert confirmed.edit.text.startswith('<a href="tg://user?id=2">Борис</a> предлагает реванш')  # the header stays
    refused = await service.button(GROUP, ANYA, buttons.encode(buttons.BEGIN, row.id))
    assert refused.toast == "Реванш начинает тот, кто его предложил: Борис."

    board, *_ = await service.command(GROUP, BORIS, "begin", "")
    assert "Реванш в «Kingdom Builder» начался!" in board.text and "Не подтвердили место: Вера." in board.text
    row, state, mover = await table(service)
    assert row.status == ACTIVE and [s.name for s in row.seats] == [n for n in expected if n != "Вера"]
    assert KB.current_seat(state) == 0  # no lot: the first seat opens
    assert KB.dump(KB.new([s.name for s in row.seats], seed=row.seed)) == KB.dump(state)  # undo replays it


async def test_a_rematch_needs_enough_confirmed_seats_and_a_seat_may_be_given_up(service):
    final = await finish(service, (ANYA, BORIS))
    await service.button(GROUP, ANYA, rematch_data(final))
    short, = await service.command(GROUP, ANYA, "begin", "")
    assert short.text == "Места подтвердили 1 из 2, а нужно хотя бы 2. Ждём: Борис."
    gone, = await service.command(GROUP, BORIS, "leave", "")
    assert "Борис выходит из-за стола" in gone.text and "Борис" not in gone.text.split("За столом", 1)[1]
    back, = await service.command(GROUP, BORIS, "join", "")  # sits down again: confirmed, not waited for
    assert "Борис садится за стол" in back.text and "⏳" not in back.text
    board, *_ = await service.command(GROUP, ANYA, "begin", "")
    assert "Реванш" in board.text and "Не подтвердили" not in board.text


async def test_stale_rematch_presses_change_nothing(service):
    final = await finish(service, (ANYA, BORIS))
    data = rematch_data(final)
    outsider = await service.button(GROUP, GLEB, data)
    assert "игроков этой партии" in outsider.toast and not outsider.replies
    await service.button(GROUP, ANYA, data)
    lobby = await service.store.open_game(GROUP.id)
    twice = await service.button(GROUP, BORIS, data)
    assert "Реванш уже собирается" in twice.toast and not twice.replies
    assert (await service.store.open_game(GROUP.id)).id == lobby.id
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    played = await service.button(GROUP, ANYA, data)  # the rematch is under way: the old board's button is stale
    assert "уже был" in played.toast and not played.replies


async def test_another_open_game_blocks_a_rematch_and_an_aborted_one_may_be_asked_again(service):
    final = await finish(service, (ANYA, BORIS))
    await service.command(GROUP, VERA, "new", "kingdom")
    busy = await service.button(GROUP, ANYA, rematch_data(final))
    assert "уже идёт другая партия" in busy.toast and not busy.replies
    await service.command(GROUP, VERA, "leave", "")  # the other lobby closes
    await service.button(GROUP, ANYA, rematch_data(final))
    await service.command(GROUP, ANYA, "leave", "")
    await service.command(GROUP, BORIS, "leave", "")  # nobody left: the rematch's lobby is closed
    assert await service.store.open_game(GROUP.id) is None
    again = await service.button(GROUP, BORIS, rematch_data(final))
    assert again.replies and "предлагает реванш" in again.replies[0].text


async def test_a_bare_new_offers_the_rematch_first(service):
    offer, = await service.command(GROUP, VERA, "new", "")
    assert not any(b.text == "🔁 Реванш" for line in offer.buttons for b in line)  # no game has ended yet
    final = await finish(service, (ANYA, BORIS))
    offer, = await service.command(GROUP, VERA, "new", "")
    assert offer.buttons[0][0].text == "🔁 Реванш" and offer.buttons[0][0].data == rematch_data(final)
    assert "Можно реванш последней «Kingdom Builder» (Аня, Борис)" in offer.text
    assert len(offer.buttons) == 1 + len(service.games)  # and every game, as before
    await service.button(GROUP, BORIS, offer.buttons[0][0].data)
    question, = await service.command(GROUP, BORIS, "abort", "")
    await service.button(GROUP, BORIS, question.buttons[0][0].data)  # «Да, прервать»
    offer, = await service.command(GROUP, VERA, "new", "")  # an aborted rematch may be asked for again
    assert offer.buttons[0][0].text == "🔁 Реванш"
    named, = await service.command(GROUP, VERA, "new", "kingdom")
    assert "собирает игру" in named.text  # a game named: no offer, the lobby at once
    await service.command(GROUP, VERA, "leave", "")
    offer, = await service.command(GROUP, VERA, "new", "")  # another game was opened since: the chat moved on
    assert not any(b.text == "🔁 Реванш" for line in offer.buttons for b in line)


async def test_the_rematch_lobby_survives_a_restart(database, clock):
    first = await opened(database, clock)
    final = await finish(first, (ANYA, BORIS))
    await first.button(GROUP, ANYA, rematch_data(final))
    await first.close()
    again = await opened(database, clock)
    shown, = await again.command(GROUP, VERA, "board", "")
    assert "Борис ⏳" in shown.text
    confirmed, = await again.command(GROUP, BORIS, "join", "")
    assert "Борис в деле!" in confirmed.text and "⏳" not in confirmed.text
    board, *_ = await again.command(GROUP, ANYA, "begin", "")
    assert "Реванш" in board.text and (await again.store.open_game(GROUP.id)).status == ACTIVE
    previous = [r for r in await again.store.finished_games(GROUP.id) if r.status == FINISHED]
    assert len(previous) == 1
    await again.close()


async def test_a_rematch_stays_at_its_own_forum_topic(service):
    """In a forum the rematch opens at the topic where the game was played; another topic's open game does not
    stand in its way, and a bare /new in another topic does not offer it."""
    from dataclasses import replace

    final = await finish(service)
    evening = replace(GROUP, topic=7, topic_title="Вечерняя")
    await service.command(evening, GLEB, "new", "kingdom")  # another table of the chat is busy
    offered = await service.command(evening, ANYA, "new", "")
    assert "уже идёт набор" in offered[0].text
    answer = await service.button(GROUP, BORIS, rematch_data(final))
    assert answer.toast and "Реванш!" in answer.toast, answer
    rematch = await service.store.open_game(GROUP.id)
    assert rematch.status == LOBBY and rematch.topic == 0
    assert (await service.store.open_game(GROUP.id, 7)).seats[0].user_id == GLEB.id
    bare = await service.command(replace(GROUP, topic=9), ANYA, "new", "")  # nothing was played there
    labels = [b.text for line in bare[0].buttons for b in line]
    assert "Kingdom Builder" in labels and "🔁 Реванш" not in labels, labels
