"""Bot players at the table, through the service with a clock the test turns forward: seating and removing bots in
the lobby, a game of one person and bots in a group and in the private chat, bots moving right after the person
(several in a row on one board), 🤖 in /log and /stats, a bot turn that a crash cut short played after a restart,
votes that only people cast, and the autopilot thinking at средний through the pool's `think`."""

from __future__ import annotations

import os

import pytest
from test_service_turns import MORNING, Clock  # 09:00 in Moscow: no quiet hours

import render.pool
from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.storage.base import FINISHED, Seat
from bot.table.seating.robots import BOT_GRACE, BOT_TIMER, shortened
from bot.table.service import Service
from rules.levels import choose
from rules.registry import GAMES

GROUP = Chat(id=-1001700, title="Друзья")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")
PRIVATE = Chat(id=ANYA.id, private=True)
VALDORA, KB = GAMES["valdora"], GAMES["kingdom"]


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "bot.db")


@pytest.fixture
async def service(path, clock):
    service = Service(await open_store(path), clock=clock)
    yield service
    await service.close()


async def lobby_with_bots(service, chat=GROUP, game="valdora", levels=("", "сильный")):
    await service.command(chat, ANYA, "new", game)
    for level in levels:
        await service.command(chat, ANYA, "addbot", level)
    return await service.store.open_game(chat.id)


async def state_of(service, chat=GROUP):
    row = await service.store.open_game(chat.id) or await service.store.last_finished(chat.id)
    game = service.games[row.game]
    return row, game, game.load(row.state)


async def human_turn(service, chat=GROUP, player=ANYA):
    """`player` plays their whole turn (the autopilot's choices, typed as commands); the replies of its last step."""
    while True:
        row, game, state = await state_of(service, chat)
        seat = game.current_seat(state)
        assert seat is not None and row.seats[seat].user_id == player.id
        action = game.autopilot(state)
        name, _, args = action.partition(" ")
        replies = await service.command(chat, player, name, args)
        row, game, state = await state_of(service, chat)
        seat = game.current_seat(state)
        if seat is None or row.seats[seat].user_id != player.id or any(r.image and "Ходит" in r.text and
                                                                        "tg://user" in r.text for r in replies):
            return replies


# --- the lobby ------------------------------------------------------------------------------------------------


async def test_bots_are_seated_and_removed_in_the_lobby_by_command_and_button(service):
    await service.command(GROUP, ANYA, "new", "valdora")
    added, = await service.command(GROUP, ANYA, "addbot", "")
    assert "Бот Филин (средний)" in added.text and "Аня сажает за стол бота" in added.text
    strong, = await service.command(GROUP, ANYA, "addbot", "Сильн")
    assert "Бот Барсук (сильный)" in strong.text
    unknown, = await service.command(GROUP, ANYA, "addbot", "ужасный")
    assert "Не знаю уровня «ужасный»" in unknown.text and "лёгкий, средний, сильный" in unknown.text
    await service.command(GROUP, BORIS, "join", "")
    refused, = await service.command(GROUP, BORIS, "addbot", "")
    assert "тот, кто собрал игру" in refused.text
    row = await service.store.open_game(GROUP.id)
    bots = [s for s in row.seats if s.bot]
    assert [(s.name, s.level) for s in bots] == [("Бот Филин", "средний"), ("Бот Барсук", "сильный")]
    assert all(s.user_id < 0 for s in bots) and len({s.user_id for s in bots}) == 2  # never a person's id
    keys = {b.text: b.data for line in strong.buttons for b in line}
    pressed = await service.button(GROUP, ANYA, keys["🤖 Добавить бота"])
    assert "Бот Ёж (средний)" in pressed.edit.text and pressed.edit.buttons
    full = await service.button(GROUP, ANYA, keys["🤖 Добавить бота"])  # 5 seats: Валдора's most
    assert "больше" in full.toast and not full.replies
    removed = await service.button(GROUP, ANYA, keys["🤖 Убрать бота"])  # the last one seated
    assert "убирает из-за стола бота: Бот Ёж" in removed.edit.text
    by_name, = await service.command(GROUP, ANYA, "leave", "бот филин")
    # the header stays on top; the line under it tells who went, and the seats no longer hold him
    event, seated = by_name.text.split("\n")[1:3]
    assert "Бот Филин" in event and "Бот Филин" not in seated
    wrong, = await service.command(GROUP, ANYA, "leave", "бот Сова")
    assert "Такого бота за столом нет" in wrong.text and "Бот Барсук" in wrong.text
    assert "тот, кто собрал" in (await service.button(GROUP, BORIS, keys["🤖 Убрать бота"])).toast
    barsuk, = await service.command(GROUP, ANYA, "leave", "барс")  # a bot's name alone will do
    assert "убирает из-за стола бота: Бот Барсук" in barsuk.text
    await service.command(GROUP, ANYA, "addbot", "сильный")
    row = await service.store.open_game(GROUP.id)
    assert [s.name for s in row.seats] == ["Аня", "Борис", "Бот Филин"]  # the first free name again
    bye, = await service.command(GROUP, BORIS, "leave", "всем пока")  # words that name no bot: Борис leaves
    assert "Борис выходит" in bye.text
    gone, = await service.command(GROUP, ANYA, "leave", "")  # bots alone do not play
    assert "кроме ботов" in gone.text and await service.store.open_game(GROUP.id) is None


async def test_the_bot_level_column_is_stored_on_both_backends(database):
    store = await open_store(database)
    try:
        row = await store.create_lobby(10, "valdora", Seat(0, 1, "Аня"), 5)
        await store.set_seats(row.id, row.version, [(1, "Аня"), (-1, "Бот Филин", "сильный")])
        seats = (await store.game(row.id)).seats
        assert [(s.user_id, s.level, s.bot, s.human) for s in seats] == [(1, None, False, True),
                                                                         (-1, "сильный", True, False)]
    finally:
        await store.close()


# --- playing --------------------------------------------------------------------------------------------------


async def test_one_person_and_two_bots_in_a_group_the_bots_move_after_her_on_one_board(service):
    row = await lobby_with_bots(service)
    replies = await service.command(GROUP, ANYA, "begin", "")
    board = next(r for r in replies if r.image)
    assert "Бот Филин (средний)" in board.text and "Бот Барсук (сильный)" in board.text  # the order of play
    assert board.text.rstrip().endswith(f'Ходит <a href="tg://user?id={ANYA.id}">Аня</a>.')  # bots moved at once
    log = await service.store.log(row.id)
    # the bots' turns are in the log under their own user ids, each step its own action
    assert {line.user_id for line in log} <= {-1, -2}
    for _ in range(3):
        replies = await human_turn(service)
        boards = [r for r in replies if r.image]
        assert len(boards) == 1  # Аня's turn and both bots' turns: one board
        text = boards[0].text
        assert "🤖 Бот Филин" in text and "🤖 Бот Барсук" in text and text.index("Филин") < text.rindex("Барсук")
        assert text.rstrip().endswith("Аня</a>.") and "tg://user?id=-" not in text  # nobody mentions a bot
        assert not [r for r in replies if r.to_user is not None]
    row, game, state = await state_of(service)
    timers = await service.store.timers(row.id)
    assert [(t.kind, t.seat) for t in timers] == [("remind", row.seat_of(ANYA.id))]  # bots are never reminded
    log = await service.store.log(row.id)
    assert {line.user_id for line in log} == {ANYA.id, -1, -2}
    text = (await service.command(GROUP, ANYA, "log", ""))[0].text
    assert "🤖 Бот Филин" in text and "🤖 Бот Барсук" in text
    turn, = await service.command(GROUP, ANYA, "turn", "")
    assert "Ходит Аня" in turn.text


async def test_a_game_against_bots_in_the_private_chat(service):
    await service.command(PRIVATE, ANYA, "new", "kingdom")
    lobby, = await service.command(PRIVATE, ANYA, "addbot", "лёгкий")
    assert "/addbot" in lobby.text and "Бот Филин (лёгкий)" in lobby.text
    assert [b.text for line in lobby.buttons for b in line] == ["🤖 Добавить бота", "🤖 Убрать бота", "▶️ Начать"]
    replies = await service.command(PRIVATE, ANYA, "begin", "")
    board = next(r for r in replies if r.image)
    assert "Ходит" in board.text and "Аня" in board.text
    replies = await human_turn(service, PRIVATE)
    assert [r for r in replies if r.image] and not [r for r in replies if r.to_user is not None]  # no «Ваш ход» note
    assert "🤖 Бот Филин" in next(r for r in replies if r.image).text
    games, = await service.command(PRIVATE, ANYA, "games", "")
    assert "Kingdom Builder" in games.text and "ваш ход" in games.text
    hint, = await service.command(PRIVATE, ANYA, "start", "")
    assert "против ботов" in hint.text


async def test_the_lot_may_give_the_first_turn_to_a_bot_which_moves_at_once(service):
    for attempt in range(40):  # a seed whose lot picks a bot
        chat = Chat(id=-5000 - attempt, title="Стол")
        await lobby_with_bots(service, chat, "kingdom", ("",))
        row = await service.store.open_game(chat.id)
        if KB.current_seat(KB.new([s.name for s in row.seats], seed=row.seed)) == 1:
            break
        await service.command(chat, ANYA, "leave", "")
    replies = await service.command(chat, ANYA, "begin", "")
    board = next(r for r in replies if r.image)
    assert "началась" in board.text and "🤖 Бот Филин" in board.text and board.text.rstrip().endswith("Аня</a>.")


async def test_a_whole_game_against_a_bot_ends_with_bots_marked_in_history_and_stats(service):
    await lobby_with_bots(service, GROUP, "kingdom", ("сильный",))
    await service.command(GROUP, ANYA, "begin", "")
    for _ in range(200):
        row, game, state = await state_of(service)
        if row.status == FINISHED:
            break
        await human_turn(service)
    assert row.status == FINISHED
    assert {r["name"]: r.get("bot") for r in row.results} == {"Аня": None, "Бот Филин": "сильный"}
    stats, = await service.command(GROUP, ANYA, "stats", "")
    assert "🤖 Бот Филин (сильный): 1 партия" in stats.text and "\nАня: 1 партия" in stats.text
    history, = await service.command(GROUP, ANYA, "history", "")
    assert "🤖 Бот Филин" in history.text
    log, = await service.command(GROUP, ANYA, "log", "")
    assert "🤖 Бот Филин" in log.text


# --- restarts, votes, undo, the autopilot ---------------------------------------------------------------------


async def test_a_bot_turn_cut_short_by_a_crash_is_played_after_the_restart(path, clock):
    service = Service(await open_store(path), clock=clock)
    await lobby_with_bots(service)
    await service.command(GROUP, ANYA, "begin", "")

    async def crash(row, game, state, headlines, scorings):  # the process dies right after Аня's move
        return row

    service.turns.autoplay = crash
    replies = await human_turn(service)
    row, game, state = await state_of(service)
    assert row.seats[game.current_seat(state)].bot
    board, = [r for r in replies if r.image]
    assert "Ходит Бот Филин 🤖" in board.text  # nothing to press for a bot (but Аня may take her move back)
    assert [b.text for line in board.buttons for b in line] == ["↩️ Аня: отменить ход"]
    timers = await service.store.timers(row.id)
    assert [(t.kind, t.due_at) for t in timers] == [(BOT_TIMER, clock.now + BOT_GRACE)]
    await service.store.close()

    restarted = Service(await open_store(path), clock=clock)  # the bot is back
    try:
        assert await restarted.fire_timers() == []  # the turn is not yet overdue: another process may be on it
        clock.now += BOT_GRACE
        (chat, replies), = await restarted.fire_timers()
        board, = [r for r in replies if r.image]
        assert chat.id == GROUP.id and "🤖 Бот Филин" in board.text and "🤖 Бот Барсук" in board.text
        row, game, state = await state_of(restarted)
        assert row.seats[game.current_seat(state)].user_id == ANYA.id
        assert await restarted.fire_timers() == []  # played once
    finally:
        await restarted.close()


async def test_a_pending_bot_turn_is_played_on_the_next_command(service):
    await lobby_with_bots(service)
    await service.command(GROUP, ANYA, "begin", "")
    autoplay = service.turns.autoplay

    async def crash(row, game, state, headlines, scorings):
        return row

    service.turns.autoplay = crash
    await human_turn(service)
    service.turns.autoplay = autoplay
    first, *rest = await service.command(GROUP, ANYA, "board", "")
    assert first.image and "🤖 Бот Филин" in first.text and rest and "Ходит" in rest[-1].text


async def test_a_pending_bot_turn_is_played_on_the_next_button_press(service):
    await lobby_with_bots(service)
    await service.command(GROUP, ANYA, "begin", "")
    autoplay = service.turns.autoplay

    async def crash(row, game, state, headlines, scorings):
        return row

    service.turns.autoplay = crash
    replies = await human_turn(service)
    service.turns.autoplay = autoplay
    undo = next(b.data for r in replies for line in r.buttons for b in line if b.text.startswith("↩️"))
    answer = await service.button(GROUP, ANYA, undo)
    assert "походили боты" in answer.toast and "🤖 Бот Барсук" in answer.replies[0].text
    row, game, state = await state_of(service)
    assert row.seats[game.current_seat(state)].user_id == ANYA.id


async def test_votes_count_people_only_and_bots_cannot_be_kicked_or_skipped(service, monkeypatch):
    async def quiet_bot(table, row, game, state):  # a bot that turns no page: nothing stops the undo
        return quiet_choice(game, state)

    monkeypatch.setattr("bot.table.turns.choose_action", quiet_bot)
    await service.command(GROUP, ANYA, "new", "valdora")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "addbot", "")
    await service.command(GROUP, ANYA, "begin", "")
    row, game, state = await state_of(service)
    people = {ANYA.id: ANYA, BORIS.id: BORIS}
    bot = next(s.seat for s in row.seats if s.bot)
    before_bot = people[row.seats[(bot - 1) % 3].user_id]  # the bot moves right after this person
    other = BORIS if before_bot is ANYA else ANYA
    for _ in range(200):  # until her turn showed nothing hidden (no undo goes past that)
        row, game, state = await state_of(service)
        mover = people[row.seats[game.current_seat(state)].user_id]
        await quiet_turn(service, GROUP, mover)
        if mover is before_bot and not await revealed_since(service, before_bot):
            break
    else:
        pytest.fail("every turn showed something hidden")
    row, game, state = await state_of(service)
    assert row.seats[game.current_seat(state)].user_id == other.id  # the bot has moved in between
    kicked, = await service.command(GROUP, other, "kick", "бот")
    assert "бот" in kicked.text and "ходит сам" in kicked.text
    # a bot moved after her last move: she asks the others — the one other person, never the bot
    vote, = await service.command(GROUP, before_bot, "undo", "")
    assert "Голосует 1 игрок, нужен 1 голос" in vote.text
    yes = next(b.data for line in vote.buttons for b in line if b.text.startswith("✅"))
    outcome = await service.button(GROUP, other, yes)
    assert "Итог: принято — ходы отменены." in outcome.edit.text and outcome.replies[0].image
    assert outcome.replies[0].text.startswith(f"↩️ Все согласны: отменён ход «{before_bot.name} ")
    row, game, state = await state_of(service)
    assert row.seats[game.current_seat(state)].user_id == before_bot.id  # back to her turn, the bot's undone


async def quiet_turn(service, chat, player):
    """`player` plays a whole turn of steps that show nothing hidden (the autopilot's choice when it shows
    nothing, else the first such step)."""
    while True:
        row, game, state = await state_of(service, chat)
        seat = game.current_seat(state)
        if seat is None or row.seats[seat].user_id != player.id:
            return
        name, _, args = game.command(state, quiet_choice(game, state)).lstrip("/").partition(" ")
        await service.command(chat, player, name, args)
        log = await service.store.log(row.id)
        mine = [line for line in log if line.user_id == player.id]
        if mine[-1].ends_turn or log[-1].user_id != player.id:  # her turn is over (the bots may have played since)
            return


async def revealed_since(service, player, chat=GROUP) -> bool:
    """Whether the player's latest step, or one after it, showed something hidden."""
    row, _, _ = await state_of(service, chat)
    log = await service.store.log(row.id)
    mine = [line for line in log if line.user_id == player.id]
    return any(line.reveals for line in log if line.version >= mine[-1].version)


def quiet_choice(game, state) -> str:
    """The autopilot's choice when it shows nothing hidden, else the first step that shows nothing."""
    choice = game.autopilot(state)
    if game.reveals(state, choice):
        choice = next(a for a in game.legal_actions(state) if not game.reveals(state, a))
    return choice


async def test_alone_against_bots_an_undo_takes_back_the_bots_moves_too_without_a_vote(service, monkeypatch):
    async def quiet_bots(table, row, game, state):  # bots that turn no page: nothing stops the undo
        return quiet_choice(game, state)

    monkeypatch.setattr("bot.table.turns.choose_action", quiet_bots)
    await lobby_with_bots(service, PRIVATE, "valdora", ("", ""))
    await service.command(PRIVATE, ANYA, "begin", "")
    await quiet_turn(service, PRIVATE, ANYA)
    assert not await revealed_since(service, ANYA, PRIVATE)
    row, _, _ = await state_of(service, PRIVATE)
    before = len(await service.store.log(row.id))
    mine = [line for line in await service.store.log(row.id) if line.user_id == ANYA.id]
    bots = before - mine[-1].number
    board, = await service.command(PRIVATE, ANYA, "undo", "")
    assert board.text.startswith("↩️ Аня отменяет ход «Аня ") and board.image, board.text
    assert f"» и {bots} хода ботов после него." in board.text or f"» и {bots} ходов ботов после него." in board.text
    row, game, state = await state_of(service, PRIVATE)
    log = await service.store.log(row.id)
    assert log[-1].version == mine[-1].version - 1 and len(log) < before
    assert row.seats[game.current_seat(state)].user_id == ANYA.id
    labels = [b.text for line in board.buttons for b in line]
    assert "↩️ Отменить ход" in labels  # Аня's own earlier step of the turn, hers to take back alone


async def test_the_autopilot_thinks_at_the_middle_level_through_the_pool(service, monkeypatch, clock):
    asked = []
    think = render.pool.think

    def spy(name, state, level, seed):
        asked.append(level)
        return think(name, state, level, seed)

    monkeypatch.setattr(render.pool, "think", spy)
    await lobby_with_bots(service, GROUP, "kingdom", ("лёгкий",))
    await service.command(GROUP, ANYA, "begin", "")
    assert set(asked) <= {"лёгкий"}
    await service.command(GROUP, ANYA, "settings", "лимит 1ч")
    await service.command(GROUP, ANYA, "settings", "таймаут автопилот")
    row, game, state = await state_of(service)
    await service.command(GROUP, ANYA, "board", "")
    asked.clear()
    clock.now += 3600
    # the deadline is set with the turn: Аня's next turn gets the new limit
    await human_turn(service)
    asked.clear()
    clock.now += 2 * 3600
    fired = await service.fire_timers()
    assert fired and "автопилот" in fired[0][1][0].text
    assert asked[0] == "средний" and "лёгкий" in asked  # Аня's turn at средний, then the bot at its own level


def test_long_bot_turns_are_shortened_to_keep_the_board_one_message():
    steps = [(1, f"🤖 Бот Филин делает шаг {i} " + "x" * 100) for i in range(10)] + [(2, "🤖 Бот Барсук идёт.")]
    assert shortened(["Аня идёт."], steps[:3]) == [h for _, h in steps[:3]]
    short = shortened(["Аня идёт."], steps)
    assert short == [steps[0][1] + " … и ещё 9 действий (/log)", "🤖 Бот Барсук идёт."]


def test_the_lobby_buttons_for_bots_are_well_formed():
    assert buttons.decode(buttons.encode(buttons.ADD_BOT, 7)) == (buttons.ADD_BOT, 7)
    assert buttons.decode(buttons.encode(buttons.REMOVE_BOT, 7)) == (buttons.REMOVE_BOT, 7)


async def test_the_pool_thinks_in_its_worker_like_the_bot_process_would():
    game = VALDORA
    state = game.new(["Аня", "Бот Филин", "Бот Барсук"], seed=4)
    expected = choose(game, game.load(game.dump(state)), "сильный", 9)
    pool = render.pool.PoolPictures(1)
    await pool.start()
    try:
        assert await pool.think("valdora", game.dump(state), "сильный", 9, key=3) == expected
        assert await pool.run(3, render.pool._ping) != os.getpid()  # the same worker as game 3's pictures
    finally:
        await pool.close()
    assert await render.pool.Pictures().think("valdora", game.dump(state), "сильный", 9) == expected
