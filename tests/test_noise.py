"""How much the bot makes itself heard: one sound per turn (the board that gives the turn, the final result, the
private «ваш ход»; nothing at night), one new board per turn however it is played, personal refusals kept
personal, a press answered before the bots think, and plain-text moves of the player to move in a group; then a
whole game of each game through the Telegram front end against the fake Bot API, counted."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.table.personal import EXPIRES
from bot.table.service import Service
from bot.table.typed import plain_move
from render.registry import RENDERERS
from rules.registry import GAMES

try:
    from tests.noise_play import PEOPLE, play, quick_pictures, restore_pictures
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from noise_play import PEOPLE, play, quick_pictures, restore_pictures

GROUP = Chat(id=-1001700, title="Друзья")
ANYA, BORIS, DIMA = User(1, "Аня"), User(2, "Борис"), User(5, "Дима")
USERS = {u.id: u for u in (ANYA, BORIS)}
KB = GAMES["kingdom"]
MORNING = 1780293600.0  # 2026-06-01 06:00 UTC: 09:00 in Moscow, outside the default quiet hours (23-08)
NIGHT = MORNING + 18 * 3600  # 03:00 in Moscow


class Clock:
    def __init__(self, now: float):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setitem(RENDERERS, "kingdom", lambda view: b"\x89PNG" + json.dumps(len(str(view))).encode())


@pytest.fixture
def clock():
    return Clock(MORNING)


@pytest.fixture
async def service(tmp_path, clock):
    service = Service(await open_store(str(tmp_path / "bot.db")), clock=clock)
    yield service
    await service.close()


async def begin(service, players=(ANYA, BORIS)):
    await service.command(GROUP, players[0], "new", "kingdom")
    for player in players[1:]:
        await service.command(GROUP, player, "join", "")
    return await service.command(GROUP, players[0], "begin", "")


async def table(service):
    row = await service.store.open_game(GROUP.id)
    state = KB.load(row.state)
    return row, state, USERS[row.seats[KB.current_seat(state)].user_id]


async def one_step(service):
    """The player to move makes one step by command: (the replies, the player, whether the turn passed)."""
    row, state, mover = await table(service)
    action = next(a for a in KB.legal_actions(state) if a.startswith("build") or a == "end")
    replies = await service.command(GROUP, mover, *action.split(" ", 1))
    return replies, mover, (await table(service))[2] != mover


# --- sound ------------------------------------------------------------------------------------------------------


async def test_only_the_board_that_gives_the_turn_and_the_private_note_make_a_sound(service):
    await service.command(Chat(BORIS.id, private=True), BORIS, "start", "")
    lobby = await service.command(GROUP, ANYA, "new", "kingdom")
    joined = await service.command(GROUP, BORIS, "join", "")
    assert not any(r.sound for r in lobby + joined)  # lobby changes are silent
    started = await begin_after_lobby(service)
    boards = [r for r in started if r.image is not None]
    assert boards and boards[-1].sound and "tg://user?id=" in boards[-1].text
    asked = await service.command(GROUP, ANYA, "board", "")
    assert asked[0].image is not None and not asked[0].sound  # a board asked for pings nobody
    assert not any(r.sound for r in await service.command(GROUP, ANYA, "rules", "таверна"))
    assert not any(r.sound for r in await service.command(GROUP, ANYA, "score", ""))
    passed = False
    while not passed:
        replies, mover, passed = await one_step(service)
        board = next(r for r in replies if r.image is not None)
        assert board.sound == passed  # a step that keeps the turn is silent; the pass sounds
    notes = [r for r in replies if r.to_user == BORIS.id and "Ваш ход" in r.text]
    assert (await table(service))[2] != BORIS or (notes and notes[0].sound)


async def begin_after_lobby(service):
    return await service.command(GROUP, ANYA, "begin", "")


async def test_at_night_the_turn_board_and_the_private_note_are_silent(service, clock):
    await service.command(Chat(ANYA.id, private=True), ANYA, "start", "")
    await service.command(Chat(BORIS.id, private=True), BORIS, "start", "")
    await begin(service)
    clock.now = NIGHT
    passed = False
    while not passed:
        replies, _, passed = await one_step(service)
    assert any(r.image is not None and "tg://user?id=" in r.text for r in replies)  # still named
    assert any(r.to_user is not None and "Ваш ход" in r.text for r in replies)
    assert not any(r.sound for r in replies)


# --- one board per turn ---------------------------------------------------------------------------------------


async def test_typed_steps_of_one_turn_edit_that_turns_board(service):
    started = await begin(service)
    board = next(r for r in started if r.image is not None)
    await service.shown(board.remember, 700)  # the front end posted it as message 700
    await service.announced(board.announces)
    replies, _, passed = await one_step(service)
    assert not passed
    step_board = next(r for r in replies if r.image is not None)
    assert step_board.replaces == 700 and not step_board.sound  # edited in place
    await service.announced(step_board.announces)
    while not passed:
        replies, _, passed = await one_step(service)
    turn_board = next(r for r in replies if r.image is not None)
    assert turn_board.replaces is None and turn_board.sound  # the next turn: a new board, with sound


async def test_a_step_after_a_board_still_owed_posts_a_new_board(service):
    """The turn's board never reached the chat (owed): a step does not edit the board of an earlier turn."""
    started = await begin(service)
    board = next(r for r in started if r.image is not None)
    await service.shown(board.remember, 700)
    await service.announced(board.announces)
    passed = False
    while not passed:
        replies, _, passed = await one_step(service)  # the new turn's board is owed: never shown
    replies, _, passed = await one_step(service)
    assert not passed and next(r for r in replies if r.image is not None).replaces is None


# --- personal answers -----------------------------------------------------------------------------------------


async def test_a_refusal_to_an_outsider_goes_privately_or_goes_away(service):
    await begin(service)
    row, state, mover = await table(service)
    action = next(a for a in KB.legal_actions(state) if a.startswith("build"))
    refusal, = await service.command(GROUP, DIMA, *action.split(" ", 1))
    assert refusal.to_user is None and refusal.expires == EXPIRES and "не играете" in refusal.text
    await service.command(Chat(DIMA.id, private=True), DIMA, "start", "")
    refusal, = await service.command(GROUP, DIMA, *action.split(" ", 1))
    assert refusal.to_user == DIMA.id and refusal.expires is None and "«Друзья»" in refusal.text
    other = BORIS if mover is ANYA else ANYA
    waiting, = await service.command(GROUP, other, *action.split(" ", 1))
    assert waiting.expires == EXPIRES and "подождите" in waiting.text
    for name in ("skip", "kick", "undo"):  # the votes and undo of someone not playing: the same
        refused, = await service.command(GROUP, DIMA, name, "")
        assert refused.to_user == DIMA.id, name
    assert (await table(service))[0].version == row.version  # nothing changed


async def test_button_refusals_are_toasts(service):
    await begin(service)
    row, state, mover = await table(service)
    data = buttons.encode_move(row.id, row.version, 0)
    for user in (DIMA, BORIS if mover is ANYA else ANYA):
        answer = await service.button(GROUP, user, data)
        assert answer.toast and not answer.replies and answer.edit is None
    stale = await service.button(GROUP, mover, buttons.encode_move(row.id, row.version - 1, 0))
    assert stale.toast and not stale.replies


# --- a press answered before the bots think -------------------------------------------------------------------


async def test_a_press_is_answered_before_the_bots_move(service):
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, ANYA, "addbot", "лёгкий")
    await service.command(GROUP, ANYA, "begin", "")
    seen = []

    async def answered(answer):
        row = await service.store.open_game(GROUP.id)
        seen.append((answer.toast, row.seats[KB.current_seat(KB.load(row.state))].bot))

    for _ in range(12):  # Аня's steps until her turn passes to the bot (it may start: then it moved already)
        row, state, mover = await table_any(service)
        if mover is None:
            break
        action = next(a for a in KB.legal_actions(state) if a.startswith("build") or a == "end")
        answer = await service.button(GROUP, ANYA, buttons.encode_move(row.id, row.version,
                                                                        KB.legal_actions(state).index(action)),
                                      answered=answered)
        if seen:
            break
    assert seen == [(None, True)]  # answered while the bot was still to move
    assert answer.answered and any(r.image is not None for r in answer.replies)  # then its moves and the board
    row, state, mover = await table_any(service)
    assert mover is ANYA  # the bot has moved


async def test_bots_cut_short_after_an_answered_press_play_from_their_timer(service, clock):
    """The press is answered and Аня's move recorded; the bots' thinking fails (or the process dies): their turn is
    a timer, which plays it."""
    from bot.table.seating.robots import BOT_GRACE

    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, ANYA, "addbot", "лёгкий")
    await service.command(GROUP, ANYA, "begin", "")
    thinking = service.turns.autoplay

    async def broken(*args):
        raise RuntimeError("the worker died")

    service.turns.autoplay = broken
    answered = []
    for _ in range(12):
        row, state, mover = await table_any(service)
        action = next(a for a in KB.legal_actions(state) if a.startswith("build") or a == "end")
        answer = await service.button(GROUP, ANYA, buttons.encode_move(row.id, row.version,
                                                                        KB.legal_actions(state).index(action)),
                                      answered=lambda a: asyncio.sleep(0, answered.append(a)))
        if answered:
            break
    assert answered and not any(r.image for r in answer.replies)  # answered; no board of a half-played turn
    assert (await table_any(service))[2] is None  # the bot is to move
    service.turns.autoplay = thinking
    clock.now += BOT_GRACE
    (_, replies), = await service.fire_timers()
    assert any(r.image is not None for r in replies) and (await table_any(service))[2] is ANYA


async def table_any(service):
    row = await service.store.open_game(GROUP.id)
    state = KB.load(row.state)
    seat = row.seats[KB.current_seat(state)]
    return row, state, USERS.get(seat.user_id)


# --- plain-text moves -----------------------------------------------------------------------------------------

TALK = ("ок", "Ок!", "да", "нет", "спасибо", "привет", "ага", "ну", "всё", "пас", "я пас", "беру", "строю", "играю",
        "ход", "мой ход", "сейчас", "подожди", "хорошо", "ладно", "1", "2", "а", "а я", "ну всё", "всё, пока",
        "ок, строю", "порт", "колода", "карта", "беру?", "строю K12?", "кто ходит?", "я иду спать", "иду",
        "да, беру", "беру ок", "пас да", "всё пас", "дракон", "ну а", "так порт", "ок порт", "сдаюсь", "+", "))",
        "лол", "ладно, беру колоду и иду спать, всем спасибо за игру")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_ordinary_talk_is_never_a_move_in_any_game(name):
    game = GAMES[name]
    rng = random.Random(7)
    for seed in range(6):
        state = game.new(["Аня", "Борис", "Вера"], seed=seed)
        for _ in range(rng.randrange(0, 80)):
            if game.is_over(state):
                break
            game.apply(state, rng.choice(game.legal_actions(state)))
        if game.is_over(state):
            continue
        for phrase in TALK:
            assert plain_move(game, state, phrase) is None, (name, seed, phrase, game.parse(state, phrase))


def test_what_readme_promises_is_understood():
    kingdom = KB.new(["Аня", "Борис"], seed=1)
    build = next(a for a in KB.legal_actions(kingdom) if a.startswith("build "))
    cell = build.split()[1]
    assert plain_move(KB, kingdom, f"строю {cell}") == build
    assert plain_move(KB, kingdom, f"построй {cell}, пожалуйста!") == build
    assert plain_move(KB, kingdom, cell.lower()) == build  # a cell alone
    sylvan = GAMES["sylvan"]
    state = sylvan.new(["Аня", "Борис"], seed=2)
    rng = random.Random(2)
    while "take колода" not in sylvan.legal_actions(state):
        sylvan.apply(state, rng.choice(sylvan.legal_actions(state)))
    assert plain_move(sylvan, state, "беру колоду") == "take колода"


async def test_in_a_group_only_the_player_to_move_is_understood_and_only_when_it_is_a_move(service):
    await begin(service)
    row, state, mover = await table(service)
    other = BORIS if mover is ANYA else ANYA
    build = next(a for a in KB.legal_actions(state) if a.startswith("build "))
    said = f"строю {build.split()[1]}, пожалуйста"
    assert await service.text(GROUP, other, said) == []  # not their turn: silence
    assert await service.text(GROUP, DIMA, said) == []
    for phrase in ("ок", "да", "спасибо", "ну всё", f"{said}?"):
        assert await service.text(GROUP, mover, phrase) == []
    assert (await table(service))[0].version == row.version
    replies = await service.text(GROUP, mover, said, update_id=9001)
    assert any(r.image is not None for r in replies)
    assert (await table(service))[0].version == row.version + 1
    assert await service.text(GROUP, mover, said, update_id=9001) == []  # the same update again: once


# --- a whole game of each game ----------------------------------------------------------------------------------


async def test_a_whole_game_of_each_game_is_heard_once_per_turn(server, tmp_path):
    """The aim: at most one sound and one new board per turn, at most one private message per turn per player."""
    saved = quick_pictures()
    try:
        for name in ("kingdom", "sylvan", "valdora"):
            tally = await play(server, tmp_path / f"{name}.db", name)
            assert tally.turns and tally.final_sounds == 1, name
            for turn in tally.turns:
                said = "\n  ".join(turn.said)
                assert turn.sounds <= 1 and turn.pictures <= 1, f"{name}:\n  {said}"
                assert all(n <= 1 for n in turn.private.values()), f"{name}:\n  {said}"
            # the turns of the people all sounded once (the last one's sound is the final result)
            assert sum(t.sounds for t in tally.turns) >= len(tally.turns) - 1, name
            assert set(PEOPLE) >= {u for t in tally.turns for u in t.private}
            if name == "sylvan":  # the rounds' tables are still shown: in place of a finished turn's board
                assert sum(t.rounds for t in tally.turns) >= 1
            await asyncio.sleep(0)
    finally:
        restore_pictures(saved)


# --- the fake Bot API's deleteMessage, as Telegram's ------------------------------------------------------------


async def test_the_fake_bot_api_deletes_only_the_bots_own_messages(server):
    from telegram import Bot
    from telegram.error import BadRequest

    async with Bot("123:TEST", base_url=f"{server.url}/bot") as bot:
        own = await bot.send_message(-100777, "ответ", disable_notification=True)
        loud = await bot.send_message(-100777, "доска")
        assert server.sent[-2].silent and not server.sent[-1].silent
        members = server.push_message(-100777, 101, "Анна", "привет")
        assert await bot.delete_message(-100777, own.message_id)
        with pytest.raises(BadRequest, match="(?i)message to delete not found"):
            await bot.delete_message(-100777, own.message_id)  # gone already
        with pytest.raises(BadRequest, match="(?i)message to delete not found"):
            await bot.delete_message(-100888, loud.message_id)  # not in that chat
        with pytest.raises(BadRequest, match="(?i)message can.t be deleted"):
            await bot.delete_message(-100777, members["message_id"])  # a member's: not an admin
        server.messages[loud.message_id]["date"] -= 49 * 3600
        with pytest.raises(BadRequest, match="(?i)message can.t be deleted"):
            await bot.delete_message(-100777, loud.message_id)  # older than 48 hours
        assert server.deleted == [(-100777, own.message_id)]
