"""Every update applied at most once, whoever delivers it and however often; concurrent chats on one
connection; two bot processes on one database (a SQLite file, or one PostgreSQL database)."""

from __future__ import annotations

import asyncio

import pytest

from bot.replies.reply import Chat, User
from bot.table.service import BUSY, SORRY, Service
from rules.registry import GAMES

GROUP = Chat(id=-500, title="Стол")
ANYA, BORIS, VERA, GLEB = User(1, "Аня"), User(2, "Борис"), User(3, "Вера"), User(4, "Глеб")
KB = GAMES["kingdom"]


@pytest.fixture
async def services(database):
    """Two services on one database (SQLite file or PostgreSQL): two bot processes."""
    first = await Service.open(database)
    second = await Service.open(database)
    yield first, second
    await first.close()
    await second.close()


async def started(service, chat=GROUP) -> tuple:
    await service.command(chat, ANYA, "new", "kingdom", update_id=None)
    await service.command(chat, BORIS, "join", "")
    await service.command(chat, ANYA, "begin", "")
    row = await service.store.open_game(chat.id)
    state = KB.load(row.state)
    mover = ANYA if row.seats[KB.current_seat(state)].user_id == ANYA.id else BORIS
    return row, state, mover


async def test_a_typed_move_delivered_twice_is_applied_once(services):
    service, _ = services
    row, state, mover = await started(service)
    build = KB.legal_actions(state)[0]
    first = await service.command(GROUP, mover, *build.split(" ", 1), update_id=7001)
    again = await service.command(GROUP, mover, *build.split(" ", 1), update_id=7001)
    assert first and first[0].image and again == []
    assert (await service.store.game(row.id)).version == row.version + 1
    assert len(await service.store.notations(row.id)) == 1


async def test_a_press_delivered_twice_is_applied_once_and_answered_silently(services):
    service, _ = services
    row, state, mover = await started(service)
    keyboard = (await service.command(GROUP, mover, "board", ""))[0].buttons
    moves = [b.data for line in keyboard for b in line if b.data.startswith("g:")]
    if not moves:  # more builds than fit a phone: the first keyboard has groups of rows; open one
        group = next(b.data for line in keyboard for b in line if b.data.startswith("k:"))
        keyboard = (await service.button(GROUP, mover, group)).keyboard
        moves = [b.data for line in keyboard for b in line if b.data.startswith("g:")]
    data = moves[0]
    answer = await service.button(GROUP, mover, data, update_id=7100)
    again = await service.button(GROUP, mover, data, update_id=7100)
    assert answer.edit or answer.replies
    assert again.toast is None and again.edit is None and not again.replies and again.keyboard is None
    assert (await service.store.game(row.id)).version == row.version + 1


async def test_a_read_only_update_delivered_twice_is_answered_once(services):
    service, _ = services
    await started(service)
    assert await service.command(GROUP, VERA, "board", "", update_id=7200)
    assert await service.command(GROUP, VERA, "board", "", update_id=7200) == []
    assert await service.command(GROUP, VERA, "board", "", update_id=7201)


async def test_one_update_delivered_to_two_processes_at_once_is_applied_once(services):
    first, second = services
    row, state, mover = await started(first)
    build = KB.legal_actions(state)[0]
    answers = await asyncio.gather(first.command(GROUP, mover, *build.split(" ", 1), update_id=7300),
                                   second.command(GROUP, mover, *build.split(" ", 1), update_id=7300))
    assert sorted(bool(a) for a in answers) == [False, True]  # one applies it, the other stays silent
    assert all(r.text not in (SORRY, BUSY) for a in answers for r in a)
    assert len(await first.store.notations(row.id)) == 1


async def test_joins_at_once_over_two_processes_all_sit_down(services):
    first, second = services
    await first.command(GROUP, ANYA, "new", "kingdom")
    replies = await asyncio.gather(first.command(GROUP, BORIS, "join", "", update_id=7401),
                                   second.command(GROUP, VERA, "join", "", update_id=7402),
                                   first.command(GROUP, GLEB, "join", "", update_id=7403))
    assert all(r.text not in (SORRY, BUSY) for rs in replies for r in rs)
    row = await second.store.open_game(GROUP.id)
    assert sorted(s.user_id for s in row.seats) == [1, 2, 3, 4]


async def test_chats_play_concurrently_on_one_connection(services):
    service, _ = services
    chats = [Chat(id=-600 - i, title=f"Стол {i}") for i in range(6)]
    games = await asyncio.gather(*(started(service, chat) for chat in chats))

    async def moves(chat, row, mover, count):
        for n in range(count):
            current = await service.store.game(row.id)
            state = KB.load(current.state)
            seat = KB.current_seat(state)
            player = ANYA if current.seats[seat].user_id == ANYA.id else BORIS
            action = KB.legal_actions(state)[0]
            replies = await service.command(chat, player, *action.split(" ", 1), update_id=abs(chat.id) * 100 + n)
            assert replies and replies[0].text not in (SORRY, BUSY)

    await asyncio.gather(*(moves(chat, row, mover, 4) for chat, (row, _, mover) in zip(chats, games, strict=True)))
    for row, _, _ in games:
        assert len(await service.store.notations(row.id)) == 4


async def test_a_move_owes_its_board_until_the_front_end_delivers_it(services):
    service, _ = services
    row, state, mover = await started(service)
    assert await service.owed_boards(0, lease=0) == [(Chat(GROUP.id), (row.id, row.version))]
    begin = await service.owed_board((row.id, row.version))
    assert "началась" in begin.text and begin.image  # the same board, headline and all
    build = KB.legal_actions(state)[0]
    board, *_ = await service.command(GROUP, mover, *build.split(" ", 1))
    assert await service.owed_board((row.id, row.version)) is None  # superseded by the move's own board
    assert await service.owed_boards(0, lease=0) == [(Chat(GROUP.id), board.announces)]
    assert build.split()[1] in (await service.owed_board(board.announces)).text
    await service.announced(board.announces)
    assert await service.owed_boards(0, lease=0) == [] and await service.owed_board(board.announces) is None


async def test_an_owed_board_is_claimed_by_one_process_only(services):
    first, second = services
    chats = [Chat(id=-700 - i, title=f"Стол {i}") for i in range(5)]
    for chat in chats:
        await started(first, chat)
    claims = await asyncio.gather(first.owed_boards(0, lease=0.5), second.owed_boards(0, lease=0.5),
                                  first.owed_boards(0, lease=0.5))
    claimed = [debt for claim in claims for debt in claim]
    assert sorted(chat.id for chat, _ in claimed) == sorted(chat.id for chat in chats)  # each once, none lost
    assert await second.owed_boards(0, lease=0) == []  # being sent by the claimer: left alone
    await asyncio.sleep(0.6)
    assert len(await second.owed_boards(0, lease=0)) == len(chats)  # the claim lapsed, unpaid: claimed again


async def test_an_anonymous_admin_may_look_and_abort_but_not_sit_down(services):
    service, _ = services
    anonymous = User(GROUP.id, "Администратор чата", is_admin=True)  # the group's own id stands for them
    await started(service)
    refused, = await service.command(GROUP, anonymous, "join", "")
    assert "от своего имени" in refused.text
    board, = await service.command(GROUP, anonymous, "board", "")
    assert board.image
    confirm, = await service.command(GROUP, anonymous, "abort", "")
    assert confirm.buttons and "Прервать" in confirm.text


async def test_when_the_creator_left_the_lobby_a_player_at_the_table_may_abort(services):
    service, _ = services
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "leave", "")
    confirm, = await service.command(GROUP, BORIS, "abort", "")
    assert confirm.buttons, confirm.text
    refused, = await service.command(GROUP, GLEB, "abort", "")
    assert not refused.buttons and "только" in refused.text
