"""How the table flows through the service, for every game: every new turn (a new round too) is a new board
that mentions the player to move, a round's scoring is a message of its own, the player who has just moved
takes it back alone until the next player acts, the move that ended a game is taken back by vote, a ballot is
counted once, nobody is pinged by looking at a board, /moves is as compact as the buttons, and politeness never
breaks a typed move."""

from __future__ import annotations

import pytest

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.table.service import Service
from rules.registry import GAMES

GROUP = Chat(id=-1007, title="Друзья")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def begin(service: Service, name: str, players=(ANYA, BORIS, VERA)):
    await service.command(GROUP, players[0], "new", name)
    for player in players[1:]:
        await service.command(GROUP, player, "join", "")
    return await service.command(GROUP, players[0], "begin", "")


async def table(service: Service, name: str):
    row = await service.store.open_game(GROUP.id)
    game = GAMES[name]
    state = game.load(row.state)
    seat = game.current_seat(state)
    return row, state, (USERS[row.seats[seat].user_id] if seat is not None else None)


async def play(service: Service, name: str, action: str | None = None) -> list:
    """The player to move plays `action` (the autopilot's choice by default), typed as its command."""
    game = GAMES[name]
    _, state, mover = await table(service, name)
    command = game.command(state, action or game.autopilot(state)).lstrip("/")
    verb, _, args = command.partition(" ")
    return await service.command(GROUP, mover, verb, args)


def mentions(text: str, user: User) -> bool:
    return f'href="tg://user?id={user.id}"' in text


# --- every turn announced -------------------------------------------------------------------------------------------


async def test_a_new_round_opened_by_the_same_player_is_a_new_board_with_its_scoring_before_it(service):
    await begin(service, "sylvan")
    sylvan = GAMES["sylvan"]
    for _ in range(2000):
        row, state, mover = await table(service, "sylvan")
        replies = await play(service, "sylvan")
        scorings = [r for r in replies if r.text.startswith("🏁")]
        if scorings:
            break
    else:
        pytest.fail("round 1 was never scored")
    row, state, opener = await table(service, "sylvan")
    assert opener is mover  # round 2 goes the other way: the last player of round 1 opens it
    scoring, = scorings
    assert "Конец 1-го раунда" in scoring.text and replies[0] is scoring
    board = next(r for r in replies if r.announces)
    assert mentions(board.text, opener) and board.image and board.buttons
    assert "Конец 1-го раунда" not in board.text  # the caption tells the move, the scoring has its message
    log = await service.store.log(row.id, 1)
    assert "Конец 1-го раунда" in log[0].summary and log[0].ends_turn  # /log keeps it
    assert row.turn_since is not None and [t.kind for t in await service.store.timers(row.id)] == ["remind"]
    # the next step of the new round is a turn of its own: its caption does not go back into round 1
    step = await play(service, "sylvan")
    board = next(r for r in step if r.announces)
    assert board.text.count("\n") <= 3 and "Конец 1-го раунда" not in board.text
    assert sylvan.current_seat(state) is not None


async def test_a_button_that_opens_a_new_round_posts_a_new_board_instead_of_editing(service):
    await begin(service, "sylvan")
    sylvan = GAMES["sylvan"]
    for _ in range(2000):
        row, state, mover = await table(service, "sylvan")
        action = sylvan.autopilot(state)
        events_preview = sylvan.load(row.state)
        scores = [e for e in sylvan.apply(events_preview, action) if e.kind == "score"]
        if scores and not sylvan.private_choice(state, action):
            index = sylvan.legal_actions(state).index(action)
            answer = await service.button(GROUP, mover, buttons.encode_move(row.id, row.version, index))
            assert answer.edit is None and answer.replies[0].text.startswith("🏁")
            assert mentions(next(r for r in answer.replies if r.announces).text, mover)
            return
        await play(service, "sylvan", action)
    pytest.fail("round 1 was never scored by a button")


# --- undo -----------------------------------------------------------------------------------------------------------


async def test_the_player_who_just_finished_a_turn_takes_it_back_alone_until_the_next_one_acts(service):
    await begin(service, "valdora")
    row, state, mover = await table(service, "valdora")
    before = GAMES["valdora"].dump(state)
    for _ in range(50):
        await play(service, "valdora", quiet("valdora", (await table(service, "valdora"))[1]))
        row, _, now = await table(service, "valdora")
        if now is not mover:
            break
    log = await service.store.log(row.id)
    assert not any(line.reveals for line in log)  # a turn that turned no page showed nothing hidden
    board, = await service.command(GROUP, now, "board", "")
    undo = [b for line in board.buttons for b in line if b.data.startswith("u:")]
    assert [b.text for b in undo] == [f"↩️ {mover.name}: отменить ход"]
    refused = await service.button(GROUP, now, undo[0].data)
    assert "только тот, кто его сделал" in refused.toast
    for _ in log:  # one step per /undo, all alone
        undone, = await service.command(GROUP, mover, "undo", "")
        assert undone.text.startswith(f"↩️ {mover.name} отменяет ход «") and undone.image
    row, state, again = await table(service, "valdora")
    assert again is mover and GAMES["valdora"].dump(state) == before


def quiet(name: str, state) -> str:
    """The autopilot's choice if it shows nothing hidden, else the first legal step that shows nothing."""
    game = GAMES[name]
    choice = game.autopilot(state)
    return choice if not game.reveals(state, choice) else next(
        a for a in game.legal_actions(state) if not game.reveals(state, a))


async def test_once_the_next_player_has_acted_undo_needs_a_vote(service):
    await begin(service, "valdora")
    _, _, first = await table(service, "valdora")
    while (await table(service, "valdora"))[2] is first:
        await play(service, "valdora", quiet("valdora", (await table(service, "valdora"))[1]))
    await play(service, "valdora", quiet("valdora", (await table(service, "valdora"))[1]))  # the next player acts
    vote, = await service.command(GROUP, first, "undo", "")
    assert vote.text.startswith("🗳") and vote.buttons


async def test_the_move_that_ended_the_game_is_taken_back_by_everyones_yes(service):
    await begin(service, "kingdom", (ANYA, BORIS))
    for _ in range(3000):
        replies = await play(service, "kingdom")
        if await service.store.open_game(GROUP.id) is None:
            break
    finished = await service.store.last_finished(GROUP.id)
    assert finished is not None and any("Партия окончена" in r.text for r in replies)
    last = (await service.store.log(finished.id, 1))[0]
    asker = USERS[last.user_id] if last.user_id in USERS else ANYA
    other = BORIS if asker is ANYA else ANYA
    vote, = await service.command(GROUP, asker, "undo", "")
    assert vote.text.startswith("🗳")
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    answer = await service.button(GROUP, other, yes)
    board = answer.replies[0]
    assert board.image and "Ходит" in board.text
    row = await service.store.open_game(GROUP.id)
    assert row is not None and row.id == finished.id and row.results is None
    assert await service.store.last_finished(GROUP.id) is None  # it left the history
    history, = await service.command(GROUP, VERA, "history", "")
    assert "ещё не доиграли" in history.text


async def test_a_finished_game_is_not_taken_back_once_a_new_one_began(service):
    await begin(service, "kingdom", (ANYA, BORIS))
    for _ in range(3000):
        await play(service, "kingdom")
        if await service.store.open_game(GROUP.id) is None:
            break
    await service.command(GROUP, VERA, "new", "kingdom")
    refused, = await service.command(GROUP, ANYA, "undo", "")
    assert "не идёт" in refused.text or "нельзя" in refused.text


# --- votes, boards, /moves, typed moves -----------------------------------------------------------------------------


async def test_pressing_yes_twice_is_counted_once_and_said_so(service):
    await begin(service, "kingdom", (ANYA, BORIS, VERA))
    _, _, mover = await table(service, "kingdom")
    voters = [u for u in (ANYA, BORIS, VERA) if u is not mover]
    vote, = await service.command(GROUP, voters[0], "kick", mover.name)
    no = next(b.data for line in vote.buttons for b in line if b.data.endswith(":0"))
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    again = await service.button(GROUP, voters[0], yes)  # the asker's yes is counted already
    assert "уже учтён" in again.toast
    assert (await service.button(GROUP, voters[1], no)).edit is not None


async def test_looking_at_a_board_pings_nobody_and_the_final_board_mentions_the_winner_once(service):
    await begin(service, "kingdom", (ANYA, BORIS))
    _, _, mover = await table(service, "kingdom")
    board, = await service.command(GROUP, ANYA, "board", "")
    assert "tg://user" not in board.text and mover.name in board.text
    for _ in range(3000):
        replies = await play(service, "kingdom")
        if await service.store.open_game(GROUP.id) is None:
            break
    final = next(r for r in replies if r.announces)
    assert "🏆" in final.text or "🤝" in final.text
    assert "tg://user" in final.text  # the game has just ended: the winners are told
    again, = await service.command(GROUP, BORIS, "board", "")
    assert "Партия окончена" in again.text and "tg://user" not in again.text


async def test_moves_lists_a_menu_group_on_one_line(service):
    await begin(service, "kingdom", (ANYA, BORIS))
    kingdom = GAMES["kingdom"]
    for _ in range(500):
        _, state, _ = await table(service, "kingdom")
        actions = kingdom.legal_actions(state)
        if len(actions) > 20:
            break
        await play(service, "kingdom")
    groups = {tuple(kingdom.menu_path(state, a)) for a in actions}
    listing, = await service.command(GROUP, ANYA, "moves", "")
    lines = [line for line in listing.text.splitlines() if line.startswith("•")]
    assert len(lines) == len(groups) < len(actions)
    assert all(kingdom.command(state, a).split()[1] in listing.text for a in actions if a.startswith("build"))


async def test_politeness_never_breaks_a_typed_move(service):
    await begin(service, "kingdom", (ANYA, BORIS))
    row, state, mover = await table(service, "kingdom")
    action = GAMES["kingdom"].legal_actions(state)[0]
    verb, cell = action.split()
    board, *_ = await service.command(GROUP, mover, verb, f"{cell}, пожалуйста!")
    assert not board.text.startswith("❌"), board.text
    assert (await service.store.game(row.id)).version == row.version + 1
