"""The transport-free service: lobby, moves by command and button, refusals, restarts, abort."""

import random

import pytest

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.table import menus
from bot.table.service import Service
from rules.registry import GAMES

GROUP = Chat(id=-100, title="Друзья")
ANYA, BORIS, VERA, GLEB = (User(1, "Аня"), User(2, "Борис"), User(3, "Вера"), User(4, "Глеб"))
PLAYERS = {u.id: u for u in (ANYA, BORIS, VERA)}
VALDORA = GAMES["valdora"]


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def start_game(service: Service) -> list:
    await service.command(GROUP, ANYA, "new", "valdora")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, VERA, "join", "")
    return await service.command(GROUP, ANYA, "begin", "")


async def current(service: Service):
    row = await service.store.open_game(GROUP.id)
    state = VALDORA.load(row.state)
    seat = VALDORA.current_seat(state)
    return row, state, PLAYERS[row.seats[seat].user_id]


def move_buttons(reply):
    return [b for row in reply.buttons for b in row if b.data.startswith("g:")]


async def offering(service, player, reply, row, state, action):
    """The buttons on which `action` is offered: the board's own, or those of the groups opened to reach it
    (a game groups its actions when more than fit a phone)."""
    legal = VALDORA.legal_actions(state)
    paths = [tuple(VALDORA.menu_path(state, a)) for a in legal]
    data = buttons.encode_move(row.id, row.version, legal.index(action))
    keyboard, prefix = reply.buttons, ()
    while data not in [b.data for line in keyboard for b in line]:
        prefix, entries = menus.level(paths, prefix)
        entry = next(e for e in entries if e.label is not None
                     and paths[e.index][:e.depth] == paths[legal.index(action)][:e.depth])
        group = buttons.encode(buttons.GROUP, row.id, row.version, entry.index, entry.depth)
        keyboard, prefix = (await service.button(GROUP, player, group)).keyboard, paths[entry.index][:entry.depth]
    return [b for line in keyboard for b in line]


async def press(service, player, data):
    """Press a move button; the board that results: redrawn in place while `player` goes on with the
    turn, or a new board once the turn has passed or the game ended (the old keyboard stays: it is stale)."""
    answer = await service.button(GROUP, player, data)
    _, game_id, *_ = buttons.decode(data)
    row = await service.store.game(game_id)
    seat = VALDORA.current_seat(VALDORA.load(row.state))
    if seat is not None and row.seats[seat].user_id == player.id:
        assert answer.edit is not None and not answer.replies and not answer.clear_buttons
        return answer.edit
    assert answer.edit is None and not answer.clear_buttons
    boards = [r for r in answer.replies if r.image]
    assert len(boards) == 1 and answer.replies[0] is boards[0]  # one board, the final one with its table too
    return boards[0]


async def test_lobby_join_leave_and_begin(service):
    reply, = await service.command(GROUP, ANYA, "new", "валдора")
    assert "Валдора" in reply.text and "Аня" in reply.text
    reply, = await service.command(GROUP, BORIS, "new", "valdora")
    assert "уже идёт набор" in reply.text
    reply, = await service.command(GROUP, ANYA, "join", "")
    assert "уже за столом" in reply.text
    reply, = await service.command(GROUP, BORIS, "join", "")
    assert ("собирает игру «Валдора» (от 3 до 5 игроков).\nБорис садится за стол.\nЗа столом 2 игрока: Аня, Борис."
            in reply.text)  # the lobby keeps its header: whose table, which game
    reply, = await service.command(GROUP, ANYA, "begin", "")
    assert "За столом 2 игрока" in reply.text and "хотя бы 3" in reply.text
    reply, = await service.command(GROUP, BORIS, "leave", "")
    assert "Борис выходит" in reply.text
    for user in (BORIS, VERA):
        await service.command(GROUP, user, "join", "")
    reply, = await service.command(GROUP, GLEB, "begin", "")
    assert "только тот, кто сидит за столом" in reply.text
    reply, = await service.command(GROUP, ANYA, "begin", "")
    assert reply.image.startswith(b"\x89PNG")
    assert "началась" in reply.text and "tg://user?id=" in reply.text
    assert move_buttons(reply)
    reply, = await service.command(GROUP, GLEB, "join", "")
    assert "уже идёт" in reply.text


async def test_move_commands_without_a_running_game_say_why(service):
    reply, = await service.command(GROUP, ANYA, "move", "Д5")
    assert reply.text == "Сейчас партии нет, ходить некуда. Начните новую: /new."
    await service.command(GROUP, ANYA, "new", "valdora")
    reply, = await service.command(GROUP, ANYA, "end", "")
    assert reply.text.startswith("Партия ещё не началась")


async def test_unknown_game_lists_what_we_can_play(service):
    reply, = await service.command(GROUP, ANYA, "new", "шахматы")
    assert "Не знаю игры «шахматы»" in reply.text and "/new valdora" in reply.text


async def test_moves_by_command_and_by_button(service):
    await start_game(service)
    row, state, player = await current(service)
    action = VALDORA.legal_actions(state)[0]
    reply, = await service.command(GROUP, player, *action.split(" ", 1))
    assert reply.image and "Ходит" in reply.text or "окончена" in reply.text
    after, _, player = await current(service)
    assert after.version == row.version + 1

    board = await press(service, player, move_buttons(reply)[0].data)
    assert board.image and move_buttons(board) != move_buttons(reply)
    assert (await current(service))[0].version == after.version + 1


async def test_a_refused_move_changes_nothing(service):
    await start_game(service)
    row, state, player = await current(service)
    reply, = await service.command(GROUP, player, "move", "Порт")  # everyone starts in Порт
    assert reply.text.startswith("❌") and reply.image is None
    waiting = next(u for u in PLAYERS.values() if u != player)
    reply, = await service.command(GROUP, waiting, "move", "Д9")
    assert "подождите своей очереди" in reply.text
    reply, = await service.command(GROUP, GLEB, "move", "Д9")
    assert "не играете" in reply.text
    # a command that is none of ours is not a move: in a group it is left alone (another bot's)
    assert await service.command(GROUP, player, "xyzzy", "бла-бла") == []
    assert (await service.store.game(row.id)).version == row.version
    assert await service.store.notations(row.id) == []


async def test_stale_forged_and_foreign_buttons_are_refused(service):
    begin, = await start_game(service)
    row, state, player = await current(service)
    data = move_buttons(begin)[0].data
    waiting = next(u for u in PLAYERS.values() if u != player)

    assert "Сейчас ходит" in (await service.button(GROUP, waiting, data)).toast
    assert "не играете" in (await service.button(GROUP, GLEB, data)).toast
    assert "Не понимаю" in (await service.button(GROUP, player, "g:1:2")).toast
    assert "Не понимаю" in (await service.button(GROUP, player, "g:x:1:1")).toast
    assert "не из этого чата" in (await service.button(Chat(id=-5), player, data)).toast
    assert "устарела" in (await service.button(GROUP, player, f"g:{row.id}:{row.version}:999")).toast

    assert (await press(service, player, data)).image
    again = await service.button(GROUP, player, data)  # the same button pressed twice
    assert "устарела" in again.toast and not again.replies
    assert len(await service.store.notations(row.id)) == 1


async def test_the_game_survives_a_restart(tmp_path):
    path = str(tmp_path / "bot.db")
    service = await Service.open(path)
    await start_game(service)
    _, state, player = await current(service)
    await service.command(GROUP, player, *VALDORA.legal_actions(state)[0].split(" ", 1))
    before, _, _ = await current(service)
    await service.close()

    service = await Service.open(path)
    row, state, player = await current(service)
    assert (row.version, row.state) == (before.version, before.state)
    reply, = await service.command(GROUP, player, "board", "")
    assert reply.image and move_buttons(reply)
    assert (await press(service, player, move_buttons(reply)[0].data)).image
    await service.close()


async def test_score_hides_delivered_contracts_and_log_lists_moves(service):
    await start_game(service)
    _, state, player = await current(service)
    action = VALDORA.legal_actions(state)[0]
    await service.command(GROUP, player, *action.split(" ", 1))
    reply, = await service.command(GROUP, ANYA, "score", "")
    assert "Открытый счёт" in reply.text and "Очки за контракты скрыты до конца партии" in reply.text
    answer = await service.button(GROUP, ANYA, reply.buttons[0][0].data)
    assert answer.alert and answer.toast.startswith("У вас")
    reply, = await service.command(GROUP, ANYA, "log", "")
    assert reply.text.startswith("<b>Последние ходы</b>\n1. ")
    reply, = await service.command(GROUP, ANYA, "moves", "")
    assert "/end" in reply.text or "/move" in reply.text or "/mine" in reply.text


async def test_abort_needs_the_creator_or_an_admin_and_a_confirmation(service):
    await start_game(service)
    reply, = await service.command(GROUP, BORIS, "abort", "")
    assert "только тот, кто её открыл" in reply.text
    reply, = await service.command(GROUP, ANYA, "abort", "")
    yes, no = reply.buttons[0]
    assert "может только" in (await service.button(GROUP, BORIS, no.data)).toast  # not even «no»
    assert (await service.button(GROUP, ANYA, no.data)).toast == "Играем дальше!"
    assert "может только" in (await service.button(GROUP, BORIS, yes.data)).toast
    answer = await service.button(GROUP, User(2, "Борис", is_admin=True), yes.data)
    assert answer.replies[0].text == "Борис прерывает партию «Валдора». Новая — /new."  # who did it
    assert await service.store.open_game(GROUP.id) is None
    reply, = await service.command(GROUP, ANYA, "new", "valdora")
    assert "собирает" in reply.text


async def test_the_lobby_is_one_message_edited_as_players_come_and_go(service):
    lobby, = await service.command(GROUP, ANYA, "new", "valdora")
    assert lobby.remember == ("lobby", 1) and lobby.replaces is None and lobby.buttons
    await service.shown(lobby.remember, 555)  # the front end sent it as message 555
    joined, = await service.command(GROUP, BORIS, "join", "")
    assert joined.replaces == 555 and "Борис" in joined.text and joined.buttons
    left, = await service.command(GROUP, BORIS, "leave", "")
    assert left.replaces == 555 and "Борис выходит" in left.text
    for user in (BORIS, VERA):
        await service.command(GROUP, user, "join", "")
    closed, board, *_ = await service.command(GROUP, ANYA, "begin", "")
    assert closed.replaces == 555 and not closed.buttons and "играют" in closed.text  # no stale lobby buttons
    assert board.image and board.remember == ("board", 1)


async def test_lobby_buttons_change_the_lobby_and_refuse_with_a_toast(service):
    lobby, = await service.command(GROUP, ANYA, "new", "valdora")
    join, leave, begin = (b.data for b in lobby.buttons[0])
    refused = await service.button(GROUP, ANYA, join)
    assert "уже за столом" in refused.toast and not refused.replies and refused.edit is None
    refused = await service.button(GROUP, ANYA, begin)
    assert "хотя бы 3" in refused.toast and refused.alert and not refused.replies
    joined = await service.button(GROUP, BORIS, join)
    assert joined.toast is None and "Борис садится" in joined.edit.text and joined.edit.buttons
    await service.button(GROUP, VERA, join)
    started = await service.button(GROUP, ANYA, begin)
    assert "играют" in started.edit.text and not started.edit.buttons
    assert started.replies[0].image and "Порядок хода" in started.replies[0].text
    assert "устарела" in (await service.button(GROUP, BORIS, leave)).toast


async def test_private_chat_gets_a_hint_and_help_works(service):
    private = Chat(id=1, private=True)
    assert "в групповой чат" in (await service.command(private, ANYA, "start", ""))[0].text
    assert "/new" in (await service.command(GROUP, ANYA, "help", ""))[0].text
    assert "<code>/new valdora</code>" in (await service.command(private, ANYA, "help", ""))[0].text
    assert await service.text(GROUP, ANYA, "привет всем") == []
    assert await service.command(GROUP, ANYA, "roll", "2d6") == []  # another bot's command: not ours to answer
    assert await service.command(GROUP, ANYA, "frobnicate", "") == []
    typo, = await service.command(GROUP, ANYA, "bord", "")
    assert "/bord" in typo.text and "/board?" in typo.text


async def test_the_last_moves_by_buttons_end_the_game_with_scores(service):
    """A seeded random game recorded through the real storage (no pictures, to keep it quick), its
    last ten moves pressed as buttons: the final board has the results and no move buttons."""
    await start_game(service)
    row, state, _ = await current(service)
    rng, probe, planned = random.Random(3), VALDORA.load(row.state), []
    while not VALDORA.is_over(probe):
        planned.append(rng.choice(VALDORA.legal_actions(probe)))
        VALDORA.apply(probe, planned[-1])
    for action in planned[:-10]:
        row, state, player = await current(service)
        seat = VALDORA.current_seat(state)
        VALDORA.apply(state, action)
        await service.store.record_move(row.id, row.version, VALDORA.dump(state), seat, player.id, action,
                                        action, finished=False)
    reply, = await service.command(GROUP, ANYA, "board", "")
    for action in planned[-10:]:
        row, state, player = await current(service)
        data = buttons.encode_move(row.id, row.version, VALDORA.legal_actions(state).index(action))
        assert data in [b.data for b in await offering(service, player, reply, row, state, action)]
        reply = await press(service, player, data)
    assert "Партия окончена" in reply.text and ("Победа" in reply.text or "Ничья" in reply.text)
    # no moves any more: the only button left offers a rematch
    assert reply.image and [[b.text for b in line] for line in reply.buttons] == [["🔁 Реванш"]]
    assert await service.store.open_game(GROUP.id) is None
    assert len(await service.store.notations(row.id)) == len(planned)


async def test_new_without_a_game_offers_the_games_as_buttons(service):
    question, = await service.command(GROUP, ANYA, "new", "")
    titles = [b.text for row in question.buttons for b in row]
    assert titles == [g.title for g in GAMES.values()] and "Какую игру начнём?" in question.text
    valdora = next(b.data for row in question.buttons for b in row if b.text == "Валдора")
    opened = await service.button(GROUP, BORIS, valdora)
    assert "Борис</a> собирает игру «Валдора»" in opened.edit.text and opened.edit.remember == ("lobby", 1)
    again = await service.button(GROUP, ANYA, valdora)
    assert "уже идёт набор" in again.toast and again.edit is None
    assert "Не понимаю" in (await service.button(GROUP, ANYA, "new:9")).toast
