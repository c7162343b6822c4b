"""Sentences that are true and commands that are understood: typos of commands (in a game too), /help, /start and
/history per table, stale buttons of a finished game, the lobby's header and a rematch's awaited seats."""

import re

import pytest

from bot.replies.reply import Chat, User
from bot.table.service import Service
from rules.registry import GAMES

GROUP = Chat(id=-100, title="Друзья")
TOPIC = Chat(id=-100, title="Друзья", topic=7, topic_title="Вечерняя", forum=True)
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
PLAYERS = {u.id: u for u in (ANYA, BORIS, VERA)}
VALDORA = GAMES["valdora"]


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def start_game(service: Service, chat: Chat = GROUP) -> list:
    await service.command(chat, ANYA, "new", "valdora")
    await service.command(chat, BORIS, "join", "")
    await service.command(chat, VERA, "join", "")
    return await service.command(chat, ANYA, "begin", "")


async def waiting_player(service: Service, chat: Chat = GROUP) -> tuple[User, User]:
    """(the player to move, a player who is not on turn)."""
    row = await service.store.open_game(chat.id, chat.topic)
    seat = VALDORA.current_seat(VALDORA.load(row.state))
    mover = PLAYERS[row.seats[seat].user_id]
    return mover, next(u for u in PLAYERS.values() if u != mover)


@pytest.mark.parametrize(("name", "args", "suggested"), [
    ("bord", "", "Может быть, /board?"), ("scroe", "", "Может быть, /score?"),
    ("mvoe", "Д10", "Может быть, <code>/move Д10</code>?"), ("provsions", "", "Может быть, /provisions?"),
    ("hlep", "", "Может быть, /help?"),
])
async def test_a_typo_in_a_game_is_an_unknown_command_with_the_nearest_one(service, name, args, suggested):
    await start_game(service)
    mover, other = await waiting_player(service)
    row = await service.store.open_game(GROUP.id)
    for user in (mover, other):
        reply, = await service.command(GROUP, user, name, args)
        assert reply.text.startswith(f"Не знаю команды /{name}.") and suggested in reply.text, reply.text
        assert "Сейчас ходит" not in reply.text and "Не понимаю" not in reply.text
    assert (await service.store.open_game(GROUP.id)).version == row.version  # nothing was played


async def test_a_typo_outside_a_game_and_another_bots_command(service):
    reply, = await service.command(GROUP, ANYA, "bord", "")
    assert "Может быть, /board?" in reply.text
    assert await service.command(GROUP, ANYA, "roll", "2d6") == []  # another bot's: left alone in a group
    await start_game(service)
    assert await service.command(GROUP, ANYA, "roll", "2d6") == []  # in a game too, never a refused move
    private = Chat(id=1, private=True)
    reply, = await service.command(private, ANYA, "roll", "2d6")  # in private nobody else could be meant
    assert "Не знаю команды /roll" in reply.text and "/help" in reply.text


async def test_a_real_move_command_is_still_a_move(service):
    await start_game(service)
    mover, other = await waiting_player(service)
    reply, = await service.command(GROUP, other, "end", "")
    assert "Сейчас ходит" in reply.text  # a move out of turn is refused as such
    reply, = await service.command(GROUP, mover, "move", "нигде")
    assert reply.text.startswith("❌ Не знаю места «нигде»") and "Не знаю команды" not in reply.text


def broken_lines(text: str) -> list[str]:
    """Lines that end in the middle of a sentence: a comma, a dash or an open bracket at the end, or the next line
    going on in lower case."""
    lines = text.split("\n")
    return [line for line, after in zip(lines, lines[1:] + [""], strict=True)
            if line.rstrip().endswith((",", "—", "–", ";", "(", ":")) and after
            or after[:1].isalpha() and after[:1].islower()]


async def test_help_in_a_group_is_a_few_true_lines_and_the_whole_guide_is_in_private(service):
    service.bot_username = "RefereeTestBot"
    for name in ("help", "start"):
        memo, = await service.command(GROUP, ANYA, name, "")
        assert memo.text.count("\n") <= 6 and len(memo.text) < 900, memo.text
        assert "партии нет" in memo.text and "/new" in memo.text and "?start=help" in memo.text
        assert "В одном чате идёт одна партия" not in memo.text and not broken_lines(memo.text)
    await start_game(service, TOPIC)
    memo, = await service.command(TOPIC, BORIS, "help", "")
    row = await service.store.open_game(TOPIC.id, TOPIC.topic)
    mover = row.seats[VALDORA.current_seat(VALDORA.load(row.state))].name
    assert f"В этой теме идёт «Валдора», ходит {mover}." in memo.text and "своя партия" in memo.text
    assert "В этом чате" not in memo.text
    await service.command(GROUP, ANYA, "new", "kingdom")
    memo, = await service.command(GROUP, ANYA, "help", "")
    assert "В этом чате собирается «Kingdom Builder», за столом 1 игрок" in memo.text
    private = Chat(id=ANYA.id, private=True)
    guide, = await service.command(private, ANYA, "help", "")
    assert "<code>/new valdora</code>" in guide.text and "/kick" in guide.text and not broken_lines(guide.text)
    assert "В одном чате идёт одна партия" not in guide.text


async def test_the_private_hint_suggests_what_works_when_followed(service):
    private = Chat(id=ANYA.id, private=True)
    hint, = await service.command(private, ANYA, "start", "")
    assert "В «Валдору» играют от трёх: там /addbot дважды." in hint.text
    example = hint.text.split("<code>/new ", 1)[1].split("</code>", 1)[0]
    bots = 2 if "затем /addbot дважды" in hint.text else 1
    assert (await service.text(private, ANYA, "привет"))[0].text == hint.text.split("\n\n")[0]  # no table here yet
    await service.command(private, ANYA, "new", example)
    for _ in range(bots):
        await service.command(private, ANYA, "addbot", "")
    replies = await service.command(private, ANYA, "begin", "")
    assert any(r.image for r in replies), [r.text for r in replies]  # the game began as the hint said
    await service.command(private, ANYA, "abort", "")
    row = await service.store.open_game(private.id)
    await service.store.close_game(row.id, row.version, "aborted")
    await service.command(private, ANYA, "new", "valdora")
    for _ in range(2):
        await service.command(private, ANYA, "addbot", "")
    assert any(r.image for r in await service.command(private, ANYA, "begin", ""))
    said, = await service.text(private, ANYA, "привет")  # at a table the text is read as the table's (issue 30)
    assert said.text.startswith("Не понял «привет».") and "Я играю в группах" not in said.text


async def test_history_and_stats_tell_what_the_table_is_doing_now(service):
    await service.command(TOPIC, ANYA, "new", "valdora")
    history, = await service.command(TOPIC, ANYA, "history", "")
    assert history.text == "В этой теме ещё не доиграли ни одной партии; сейчас собирается «Валдора», сесть — /join."
    moves, = await service.command(TOPIC, ANYA, "moves", "")
    assert moves.text.startswith("Партия «Валдора» ещё не началась") and "/new" not in moves.text
    await service.command(TOPIC, BORIS, "join", "")
    await service.command(TOPIC, VERA, "join", "")
    await service.command(TOPIC, ANYA, "begin", "")
    for name in ("history", "stats"):
        reply, = await service.command(TOPIC, ANYA, name, "")
        assert "«Валдора» ещё идёт, доска — /board." in reply.text and "/new" not in reply.text
    empty, = await service.command(GROUP, ANYA, "history", "")
    assert empty.text == "В этом чате ещё не доиграли ни одной партии. Начните: /new."


async def test_buttons_of_a_game_that_is_over_say_so_and_the_start_link_tells_a_non_player_the_truth(service):
    replies = await start_game(service)
    board = next(r for r in replies if r.image)
    data = next(b.data for line in board.buttons for b in line if b.data.startswith("g:"))
    row = await service.store.open_game(GROUP.id)
    mover, other = await waiting_player(service)
    stranger = User(9, "Глеб")
    hello, = await service.command(Chat(stranger.id, private=True), stranger, "start", f"t{row.token}")
    assert "Вы там сейчас не играете" in hello.text and "Когда сядете за стол" in hello.text
    hello, = await service.command(Chat(other.id, private=True), other, "start", f"t{row.token}")
    assert "не играете" not in hello.text and hello.text.startswith("Готово")
    await service.store.close_game(row.id, row.version, "finished")
    for user in (mover, other):
        answer = await service.button(GROUP, user, data)
        assert answer.toast == "Эта партия уже закончилась.", answer.toast
        inline = await service.inline(user, f"#{row.token}")
        assert inline.note == "Эта партия уже закончилась" and not inline.articles
    assert (await service.inline(stranger, f"#{row.token}")).note == "Вы не играете в этой партии"


async def test_the_lobby_keeps_its_header_whoever_joins_leaves_or_is_seated(service):
    lobby, = await service.command(GROUP, ANYA, "new", "valdora")
    header = '<a href="tg://user?id=1">Аня</a> собирает игру «Валдора» (от 3 до 5 игроков).'
    assert lobby.text.startswith(header + "\nЗа столом 1 игрок: Аня.")
    for user, name, args, event in [(BORIS, "join", "", "Борис садится за стол."),
                                    (ANYA, "addbot", "", "🤖 Аня сажает за стол бота: Бот Филин (средний)."),
                                    (BORIS, "leave", "", "Борис выходит из-за стола.")]:
        reply, = await service.command(GROUP, user, name, args)
        assert reply.text.startswith(f"{header}\n{event}\nЗа столом"), reply.text
    shown, = await service.command(GROUP, VERA, "board", "")
    assert shown.text.startswith(header + "\nЗа столом 2 игрока")
    await service.command(GROUP, VERA, "join", "")
    left, = await service.command(GROUP, ANYA, "leave", "")  # the opener leaves: the table is nobody's now
    assert left.text.startswith("Набор в игру «Валдора» (от 3 до 5 игроков).\nАня выходит из-за стола.")


def test_the_autopilot_share_is_counted_from_the_turns_it_ended():
    from bot.storage.base import LogLine
    from bot.table.shares import share_text, shares

    def line(number, seat, user_id, ends, notation="x"):
        return LogLine(number, number, seat, notation, "", 0.0, user_id, ends_turn=ends)

    log = [line(1, 0, 1, True), line(2, 1, 2, False), line(3, 1, 2, True), line(4, 0, 0, True),
           line(5, 1, 2, True), line(6, 0, 0, True), line(7, 1, 0, True, "skip")]
    found = shares(log, (1, 2, "end"))
    assert found == {0: [2, 3, 2]}  # seat 1's skipped turn is nobody's; seat 0 from its 2nd turn on
    assert share_text({"autopilot": found[0]}) == " (с 2-го хода играл автопилот 🤖)"
    assert share_text({"autopilot": [2, 20, None]}) == " (автопилот 🤖 сыграл 2 хода из 20)"
    assert share_text({"autopilot": [5, 5, 1]}) == " (все ходы сыграл автопилот 🤖)"
    assert share_text({"bot": "средний", "autopilot": [5, 5, 1]}) == "" and share_text({}) == ""


async def test_history_and_stats_tell_who_really_played_a_seat(service, monkeypatch):
    from render.registry import RENDERERS
    monkeypatch.setitem(RENDERERS, "kingdom", lambda view: b"\x89PNG")
    kb = GAMES["kingdom"]
    await service.command(GROUP, ANYA, "new", "kingdom")
    for user in (BORIS, VERA):
        await service.command(GROUP, user, "join", "")
    await service.command(GROUP, ANYA, "begin", "")
    vera_played, last = False, None
    for _ in range(2000):
        row = await service.store.open_game(GROUP.id)
        if row is None:
            break
        state = kb.load(row.state)
        user = PLAYERS[row.seats[kb.current_seat(state)].user_id]
        vera_played, last = vera_played or last == VERA != user, user  # her first turn has passed
        if user == VERA and vera_played and not row.seats[row.seat_of(VERA.id)].away:
            await service.command(GROUP, VERA, "leave", "")  # after her first turn: the autopilot takes her seat
            continue
        name, _, args = kb.command(state, kb.autopilot(state)).lstrip("/").partition(" ")
        await service.command(GROUP, user, name, args)
    past, = await service.store.finished_games(GROUP.id)
    vera = next(r for r in past.results if r["name"] == "Вера")
    played, total, since = vera["autopilot"]
    assert since == 2 and played == total - 1 and total > 5
    history, = await service.command(GROUP, ANYA, "history", "")
    assert f"Вера {vera['total']} (с 2-го хода играл автопилот 🤖)" in history.text
    anya = next(r["total"] for r in past.results if r["name"] == "Аня")
    assert re.search(f"Аня {anya}(?! \\()", history.text)  # who played all her turns has no mark
    stats, = await service.command(GROUP, ANYA, "stats", "")
    assert "Вера: 1 партия" in stats.text and "в 1 партии за игрока ходил и автопилот 🤖" in stats.text
    assert stats.text.count("автопилот") == 1


async def test_a_question_to_the_bot_is_answered_in_the_table_s_game(service):
    asked, = await service.question(GROUP, ANYA, "как работает гавань?")
    assert "<b>Гавань</b>" in asked.text  # no game at the table: the whole reference
    await start_game(service)
    answer, = await service.question(GROUP, BORIS, "сколько стоит провиант?")
    rules, = await service.command(GROUP, BORIS, "rules", "сколько стоит провиант?")
    assert answer.text == rules.text and "Валдора" in answer.text  # as /rules answers, in the game being played


def test_the_private_hint_counts_bots_for_any_game():
    from types import SimpleNamespace as Game

    from bot.table.guide import private_hint

    games = [Game(name="big", title="Большая", min_players=6), Game(name="solo", title="Пасьянс", min_players=1)]
    hint = private_hint(games)
    assert "<code>/new solo</code>, затем /begin (бота можно посадить: /addbot)." in hint
    assert "В «Большую» играют от шести: там /addbot 5 раз." in hint
