"""Position answers through the service: /rules and questions to the bot from a seated player are answered from
the table; a hidden thing never stays in the group; onlookers and rule questions get the rule search."""

import pytest
from test_service import ANYA, BORIS, GLEB, GROUP, VERA, start_game

from bot.replies.reply import Chat
from bot.table.service import Service
from rules.registry import GAMES
from rules.text import plural


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def table(service):
    row = await service.store.open_game(GROUP.id)
    game = GAMES[row.game]
    return row, game, game.load(row.state)


async def start_kingdom(service):
    await service.command(GROUP, ANYA, "new", "kingdom")
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, ANYA, "begin", "")


def stays_in_group(reply) -> bool:
    return reply.to_user is None and reply.expires is None


async def test_seated_player_gets_yes_or_no_from_the_table(service):
    await start_game(service)
    row, game, state = await table(service)
    seat = game.current_seat(state)
    user = next(u for u in (ANYA, BORIS, VERA) if row.seat_of(u.id) == seat)
    legal = game.legal_actions(state)
    move = next(a for a in legal if a.startswith("move "))
    reply, = await service.command(GROUP, user, "rules", f"можно мне сейчас на {move[5:]}?")
    assert reply.text.startswith("<b>Да</b>") and f"/{move}" in reply.text and stays_in_group(reply)
    reply, = await service.command(GROUP, user, "rules", "можно мне сейчас пройти через город?")
    assert reply.text.startswith("<b>Нет</b>") and "/r_valdora_" in reply.text


async def test_onlookers_and_rule_questions_get_the_search(service):
    await start_game(service)
    reply, = await service.command(GROUP, GLEB, "rules", "можно мне сейчас пройти через город?")
    assert reply.text.startswith("📖 ") and "Валдора" in reply.text  # Глеб is not seated: the rule itself
    for question in ("можно ли пройти через город без провианта", "сколько стоит листать книгу"):
        reply, = await service.command(GROUP, ANYA, "rules", question)
        verdict, _, rest = reply.text.partition("\n\n")  # a yes/no question about a situation: «Нет.» first
        assert reply.text.startswith("📖 ") or (verdict.startswith("<b>Нет.</b>") and rest.startswith("📖 "))


async def test_hidden_score_parts_never_stay_in_the_group(service):
    await start_game(service)
    reply, = await service.command(GROUP, ANYA, "rules", "сколько у меня очков?")
    assert reply.text.startswith("Ответ на вашу команду") or reply.expires == 60  # hers alone
    assert not stays_in_group(reply)
    lead, = await service.command(GROUP, ANYA, "rules", "кто сейчас ведёт?")
    assert stays_in_group(lead) and "<b>Поровну впереди</b>" in lead.text


async def test_a_private_answer_goes_to_a_started_private_chat(service):
    await start_kingdom(service)
    row, game, state = await table(service)
    waiting = ANYA if row.seat_of(ANYA.id) != game.current_seat(state) else BORIS
    await service.command(Chat(id=waiting.id, private=True), waiting, "start", "")
    hexes = [a[6:] for a in game.legal_actions(state) if a.startswith("build ")]
    reply, = await service.command(GROUP, waiting, "rules", f"можно мне построить на {hexes[0]}?")
    assert reply.to_user == waiting.id and "В ваш ход" in reply.text  # worked out from her hidden card


async def test_the_waiting_players_card_never_stays_in_the_group(service):
    await start_kingdom(service)
    row, game, state = await table(service)
    waiting = ANYA if row.seat_of(ANYA.id) != game.current_seat(state) else BORIS
    seat = row.seat_of(waiting.id)
    hexes = [a[6:] for a in game.legal_actions(state) if a.startswith("build ")]
    for name in hexes[:4]:
        reply, = await service.command(GROUP, waiting, "rules", f"почему я не могу построить на {name}?")
        assert not stays_in_group(reply) and reply.expires == 60  # not started in private: a reply that goes away
    reply, = await service.question(GROUP, waiting, "можно мне построить?")
    assert not stays_in_group(reply)
    assert game.secret(state, seat) is not None


async def test_the_player_to_move_in_kingdom_may_be_answered_in_the_group(service):
    await start_kingdom(service)
    row, game, state = await table(service)
    mover = ANYA if row.seat_of(ANYA.id) == game.current_seat(state) else BORIS
    builds = [a for a in game.legal_actions(state) if a.startswith("build ")]
    reply, = await service.command(GROUP, mover, "rules", f"могу построить на {builds[0][6:].lower()}?")
    assert stays_in_group(reply) and reply.text.startswith("<b>Да</b>")
    reply, = await service.command(GROUP, mover, "rules", "можно мне построить?")
    n = len(builds)
    assert f"всего {n} {plural(n, 'вариант', 'варианта', 'вариантов')}" in reply.text


async def test_questions_to_the_bot_are_answered_from_the_table_too(service):
    await start_game(service)
    reply, = await service.question(GROUP, ANYA, "кто сейчас ведёт?")
    assert "впереди" in reply.text
    reply, = await service.question(GROUP, GLEB, "кто сейчас ведёт?")
    assert "впереди" not in reply.text  # not seated: the search


async def test_lobby_is_not_a_position(service):
    await service.command(GROUP, ANYA, "new", "valdora")
    reply, = await service.command(GROUP, ANYA, "rules", "можно мне сейчас пройти через город?")
    assert reply.text.startswith("📖 ")
