"""What the service says, read as a Russian player reads it: time zones as cities, the order of play from the
first player, votes that tell their outcome once, the score's parts as «name: value», /stats in order, a move
that ended a turn and said nothing still told in the log."""

from __future__ import annotations

import re

import pytest

from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage.base import TurnChange
from bot.table.service import Service
from rules.registry import GAMES

GROUP = Chat(id=-1001700, title="Друзья")
ANYA, BORIS, VERA = User(1, "Аня"), User(2, "Борис"), User(3, "Вера")
USERS = {u.id: u for u in (ANYA, BORIS, VERA)}
START = 1780290000.0  # 2026-06-01 08:00 in Moscow


class Clock:
    now = START

    def __call__(self) -> float:
        return self.now


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    service.clock = Clock()
    yield service
    await service.close()


async def begin(service, game="kingdom", players=(ANYA, BORIS, VERA)):
    await service.command(GROUP, players[0], "new", game)
    for player in players[1:]:
        await service.command(GROUP, player, "join", "")
    return await service.command(GROUP, players[0], "begin", "")


async def table(service, game="kingdom"):
    row = await service.store.open_game(GROUP.id)
    state = GAMES[game].load(row.state)
    seat = GAMES[game].current_seat(state)
    return row, state, USERS[row.seats[seat].user_id] if seat is not None else None


async def say(service, user, command):
    name, _, args = command.lstrip("/").partition(" ")
    return await service.command(GROUP, user, name, args)


# --- time zones -----------------------------------------------------------------------------------------


async def test_settings_and_help_name_the_time_zone_by_its_city_or_offset(service):
    await begin(service)
    shown, = await service.command(GROUP, ANYA, "settings", "")
    assert "🕰 Часовой пояс: Москва" in shown.text
    refused, = await service.command(GROUP, ANYA, "settings", "пояс новосиб")  # the whole chat's: admins only
    assert "только администраторы" in refused.text
    admin = User(VERA.id, VERA.name, is_admin=True)
    done, = await service.command(GROUP, admin, "settings", "пояс новосиб")
    assert "Часовой пояс: Новосибирск" in done.text and "Asia" not in done.text
    memo, = await service.command(GROUP, BORIS, "settings", "")
    assert "Часовой пояс: Новосибирск" in memo.text and "Novosibirsk" not in memo.text
    done, = await service.command(GROUP, admin, "settings", "пояс UTC+7")
    assert "Часовой пояс: UTC+7" in done.text and "07:00" not in done.text
    wrong, = await service.command(GROUP, admin, "settings", "пояс Марс")
    assert "«Новосибирск»" in wrong.text and "Europe" not in wrong.text


# --- the start of a game -------------------------------------------------------------------------------------


async def test_the_order_of_play_starts_with_the_first_player(service):
    board, = [r for r in await begin(service) if r.image]
    row, _, first = await table(service)
    names = [s.name for s in row.seats]
    start = names.index(first.name)
    order = " → ".join(names[start:] + names[:start])
    assert f"Порядок хода (первый — по жребию): {order}." in board.text
    assert board.text.count(f"tg://user?id={first.id}") == 1  # the first player is pinged once, by «Ходит»


# --- votes -----------------------------------------------------------------------------------------------


async def test_a_passed_vote_tells_its_outcome_once(service):
    await begin(service)
    _, _, mover = await table(service)
    asker, voter = [u for u in USERS.values() if u != mover]
    vote, = await service.command(GROUP, asker, "kick", "")
    assert (f"{asker.name} предлагает до конца партии отдать автопилоту 🤖 место, которое занимает {mover.name}. "
            "Отдаём?") in vote.text
    assert "Голосуют 2 игрока, нужно 2 голоса «да»." in vote.text
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    answer = await service.button(GROUP, voter, yes)
    assert answer.edit.text.startswith("🗳 " + vote.text.splitlines()[0][2:])  # the question stays
    assert answer.edit.text.endswith("\nИтог: принято — место переходит автопилоту 🤖.") and not answer.edit.buttons
    board, = [r for r in answer.replies if r.image]
    said = sorted((asker, voter), key=lambda u: u.id)  # in seat order: the order they joined
    assert board.text.startswith(f"🤖 {mover.name}: до конца партии это место играет автопилот — по голосованию "
                                 f"(«да»: {said[0].name}, {said[1].name}).\n"), board.text
    told = answer.edit.text + board.text
    assert "Решено" not in told and "решили" not in told


async def test_a_vote_voted_down_keeps_its_question(service):
    await begin(service)
    _, _, mover = await table(service)
    asker, voter = [u for u in USERS.values() if u != mover]
    vote, = await service.command(GROUP, asker, "kick", "")
    assert f"место, которое занимает {mover.name}. Отдаём?" in vote.text
    no = next(b.data for line in vote.buttons for b in line if b.data.endswith(":0"))
    answer = await service.button(GROUP, voter, no)
    assert answer.edit.text == vote.text.splitlines()[0] + "\nИтог: отклонено — место остаётся за игроком."


async def test_a_seat_handed_to_the_autopilot_is_told_without_declining_a_name(service):
    await begin(service, players=(ANYA, BORIS))
    _, _, mover = await table(service)
    other = ANYA if mover is BORIS else BORIS
    board, *notes = await service.command(GROUP, other, "kick", "")  # two at the table: asking decides
    assert f"🤖 {mover.name}: до конца партии это место играет автопилот — так решает {other.name}." in board.text
    assert "→" not in board.text
    # the player voted out is told, with a mention: they have not started the bot in private
    told, = [n for n in notes if f"tg://user?id={mover.id}" in n.text]
    assert "до конца партии ваше место в «Kingdom Builder» играет автопилот" in told.text and told.to_user is None


async def test_a_player_voted_out_is_told_privately_where_they_started_the_bot(service):
    await begin(service)
    _, _, mover = await table(service)
    for user in USERS.values():
        await service.command(Chat(user.id, private=True), user, "start", "")
    asker, voter = [u for u in USERS.values() if u != mover]
    vote, = await service.command(GROUP, asker, "kick", "")
    yes = next(b.data for line in vote.buttons for b in line if b.data.endswith(":1"))
    answer = await service.button(GROUP, voter, yes)
    told, = [r for r in answer.replies if r.to_user == mover.id]
    assert told.text.startswith("🤖 В «Kingdom Builder» в чате «Друзья» до конца партии ваше место играет автопилот "
                                "— по голосованию («да»: ")
    assert not [r for r in answer.replies if r.to_user is None and f"tg://user?id={mover.id}" in r.text]
    _, _, following = await table(service)
    notes = [r for r in answer.replies if r.text.startswith("Ваш ход")]
    assert [r.to_user for r in notes] == [following.id]  # the next player is told once, privately
    boards = [r for r in answer.replies if r.image]
    assert len(boards) == 1 and boards[0].text.count(f"tg://user?id={following.id}") == 1


async def test_the_undo_question_quotes_the_move_without_its_full_stop(service):
    """Valdora (a turn there rarely shows anything hidden): the first player's last step, once the next one has
    acted, is asked about in a few words: its own sentence, not the turn passing that followed it."""
    await begin(service, "valdora")
    valdora = GAMES["valdora"]
    for _ in range(500):
        row, state, mover = await table(service, "valdora")
        log = await service.store.log(row.id)
        others = [line for line in log if line.user_id != mover.id]
        if others and not any(line.reveals for line in log if line.version >= others[-1].version):
            break  # someone else's step, then only steps that showed nothing
        action = next(a for a in valdora.legal_actions(state) if not valdora.reveals(state, a))
        await say(service, mover, valdora.command(state, action))
        if (await table(service, "valdora"))[2] is not mover:  # the turn passed: the next player acts once
            row, state, mover = await table(service, "valdora")
            action = next(a for a in valdora.legal_actions(state) if not valdora.reveals(state, a))
            await say(service, mover, valdora.command(state, action))
            break
    asker = USERS[[line for line in await service.store.log(row.id) if line.user_id != mover.id][-1].user_id]
    vote, = await service.command(GROUP, asker, "undo", "")
    assert f"{asker.name} просит отменить ход «{asker.name} " in vote.text, vote.text
    assert ".» и всё, что было после. Согласны?" not in vote.text and "» и всё, что было после. Согласны?" in vote.text
    assert "теперь ходит" not in vote.text and "ход переходит" not in vote.text


# --- the score -----------------------------------------------------------------------------------------------


BREAKDOWN = re.compile(r"[^:;()]+: -?\d+(?:; [^:;()]+: -?\d+)*")


async def test_hidden_score_parts_are_explained_in_a_sentence(service):
    await begin(service, "valdora")
    score, = await service.command(GROUP, BORIS, "score", "")
    assert ("Очки за контракты скрыты до конца партии и в этот счёт не входят; свои — кнопкой «🔒 Мои очки»."
            in score.text)
    assert "Не видно" not in score.text
    mine = await service.button(GROUP, BORIS, score.buttons[0][0].data)
    assert re.fullmatch(r"У вас \d+ очк(?:о|а|ов)(?: \(" + BREAKDOWN.pattern + r"\))?\.", mine.toast), mine.toast


async def finish(service, results):
    """The running Kingdom Builder game ended with these results: [(user, total, won)]."""
    row, state, _ = await table(service)
    seats = {s.user_id: s.seat for s in row.seats}
    stored = [{"seat": seats[u.id], "user_id": u.id, "name": u.name, "total": total, "won": won}
              for u, total, won in results]
    game = GAMES["kingdom"]
    while not game.is_over(state):
        game.apply(state, game.autopilot(state))
    await service.store.record_move(row.id, row.version, game.dump(state), 0, ANYA.id, "end", "Конец.", True,
                                    turn=TurnChange(None, service.clock(), results=stored))
    return game.scores(state)


async def test_the_final_score_lists_its_parts_as_name_colon_value(service):
    await begin(service)
    await finish(service, [(ANYA, 1, True), (BORIS, 0, False), (VERA, 0, False)])
    score, = await service.command(GROUP, BORIS, "score", "")
    parts = re.findall(r"\(([^()]*)\)$", score.text, re.M)
    assert parts and all(BREAKDOWN.fullmatch(p) for p in parts), score.text


async def test_stats_rank_by_wins_then_by_the_average_score(service):
    await begin(service)
    await finish(service, [(ANYA, 50, True), (BORIS, 40, False), (VERA, 45, False)])
    service.clock.now += 86400
    await begin(service)
    await finish(service, [(ANYA, 10, False), (BORIS, 60, True), (VERA, 55, False)])
    stats, = await service.command(GROUP, VERA, "stats", "")
    ranked = [line.split(":")[0] for line in stats.text.splitlines() if "в среднем" in line]
    assert ranked == ["Борис", "Аня", "Вера"], stats.text  # 1 win and 50 on average, 1 win and 30, no win


# --- the log -------------------------------------------------------------------------------------------------


async def test_a_turn_ended_with_nothing_else_is_still_told(service):
    """Valdora's «end» says nothing but «the turn passes»: the log and the caption say who ended their turn."""
    await begin(service, "valdora")
    game = GAMES["valdora"]
    for _ in range(50):
        _, state, player = await table(service, "valdora")
        if "end" in game.legal_actions(state):
            break
        await say(service, player, game.command(state, game.autopilot(state)))
    board, *_ = await service.command(GROUP, player, "end", "")
    assert f"{player.name} заканчивает ход.\nХодит" in board.text
    assert "\n\n" not in board.text
    log, = await service.command(GROUP, player, "log", "")
    assert log.text.splitlines()[-1].endswith(f". {player.name} заканчивает ход.")


async def test_an_old_empty_log_line_reads_as_the_end_of_a_turn(service):
    await begin(service)
    row, state, player = await table(service)
    await service.store.record_move(row.id, row.version, row.state, row.seat_of(player.id), player.id, "end", "",
                                    False)
    log, = await service.command(GROUP, ANYA, "log", "")
    assert log.text.endswith(f"1. {player.name} заканчивает ход.")
    assert buttons.decode("g:1:2:3") == ("g", 1, 2, 3)


async def test_a_typed_move_reaches_the_game_as_a_command_with_its_slash(service):
    await begin(service, "sylvan")
    _, state, player = await table(service, "sylvan")
    refusal, = await service.command(GROUP, player, "play", "абракадабра")
    assert "«/play абракадабра»" in refusal.text
    for game in GAMES.values():  # every game reads its own commands back, the slash included
        state = game.new(["Аня", "Борис", "Вера"], seed=5)
        action = game.legal_actions(state)[0]
        assert game.parse(state, "/" + game.command(state, action).lstrip("/")) == action


async def test_lobby_turn_and_kick_texts_read_as_sentences(service):
    choose, = await service.command(GROUP, ANYA, "new", "")
    assert "<code>/new kingdom</code> — «Kingdom Builder»" in choose.text
    service.bot_username = "referee_bot"
    lobby, = await service.command(GROUP, ANYA, "new", "sylvan")
    assert "собирает игру «Зодчие Волшебной Долины» (от 2 до 4 игроков).\nЗа столом 1 игрок: Аня." in lobby.text
    assert "Свои тайные карты каждый смотрит кнопкой «🂠 Моя рука»" in lobby.text
    sure, = await service.command(GROUP, ANYA, "abort", "")
    await service.button(GROUP, ANYA, sure.buttons[0][0].data)
    await begin(service)
    await service.command(GROUP, ANYA, "settings", "лимит 6ч")  # the next turn gets 6 hours
    _, state, mover = await table(service)
    while (await table(service))[2] == mover:
        _, state, _ = await table(service)
        action = next(a for a in GAMES["kingdom"].legal_actions(state) if a.startswith("build") or a == "end")
        await say(service, mover, GAMES["kingdom"].command(state, action))
    service.clock.now += 3600
    turn, = await service.command(GROUP, ANYA, "turn", "")
    assert "Время на ход кончится через 5 часов." in turn.text
    who, = await service.command(GROUP, ANYA, "kick", "Глеб")
    assert who.text == "Чьё место отдать автопилоту? За столом: Аня, Борис, Вера. Например: /kick Аня"
