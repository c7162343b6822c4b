"""Rule lookups through the service: /rules, section commands, rule buttons, refusals citing rules,
inline mode, and Telegram's limits."""

import pytest
from test_service import GROUP, current, start_game

from bot.replies.reply import Chat, User
from bot.table.service import Service

PRIVATE = Chat(id=7, private=True)
ANYA = User(1, "Аня")


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


def datas(reply):
    return [b.data for row in reply.buttons for b in row]


async def test_rules_without_a_game_asks_which_game_then_lists_its_sections(service):
    reply, = await service.command(GROUP, ANYA, "rules", "")
    assert "По какой игре" in reply.text and datas(reply) == ["list:valdora", "list:sylvan", "list:kingdom"]
    answer = await service.button(GROUP, ANYA, "list:kingdom")
    assert "Kingdom Builder" in answer.edit.text and "/r_kingdom_" in answer.edit.text
    assert len(answer.edit.text) < 4096


async def test_a_question_without_a_game_searches_all_games_and_names_the_game(service):
    reply, = await service.command(GROUP, ANYA, "rules", "можно ли пройти через город без провианта")
    assert reply.text.startswith("<b>Нет.</b> ")  # a yes/no question about a situation: the verdict first
    assert "\n\n📖 " in reply.text and "Валдора" in reply.text
    reply, = await service.command(GROUP, ANYA, "rules", "лорды")
    assert "Kingdom Builder" in reply.text
    reply, = await service.command(PRIVATE, ANYA, "rules", "валдора провиант")
    assert "Провиант" in reply.text


async def test_a_running_game_narrows_the_search_to_its_rules(service):
    await start_game(service)
    reply, = await service.command(GROUP, ANYA, "rules", "")
    assert "Правила: Валдора" in reply.text
    reply, = await service.command(GROUP, ANYA, "rules", "сколько стоит листать книгу")
    assert "Валдора" in reply.text and "Перелистывание" in reply.text


async def test_section_commands_and_navigation_buttons(service):
    reply, = await service.command(GROUP, ANYA, "r_valdora_movement", "")
    assert "<b>Движение</b>" in reply.text
    pages = [d for d in datas(reply) if d.startswith("page:")]
    assert pages and all(len(d.encode()) <= 64 for d in datas(reply))
    answer = await service.button(GROUP, ANYA, pages[-1])
    assert answer.edit.text.startswith("📖 ") and answer.edit.text != reply.text
    reply, = await service.command(GROUP, ANYA, "r_valdora_nothing_here", "")
    assert "Такого раздела правил нет" in reply.text
    reply, = await service.command(GROUP, ANYA, "r_zodchie_topor", "")  # the commands the contents show now
    assert "<b>Топор</b>" in reply.text
    reply, = await service.command(GROUP, ANYA, "r_sylvan_axe", "")  # ... and those old messages show
    assert "<b>Топор</b>" in reply.text


async def test_a_refused_move_offers_the_rule_it_breaks(service):
    await start_game(service)
    _, _, player = await current(service)
    reply, = await service.command(GROUP, player, "move", "Порт")
    assert datas(reply) == ["rule:valdora.movement"]
    answer = await service.button(GROUP, player, "rule:valdora.movement")
    assert "<b>Движение</b>" in answer.replies[0].text and answer.edit is None


async def test_forged_and_unknown_rule_buttons_are_refused(service):
    assert "Не понимаю" in (await service.button(GROUP, ANYA, "rule:../../etc")).toast
    assert "Не понимаю" in (await service.button(GROUP, ANYA, "rule:")).toast
    assert "раздела правил нет" in (await service.button(GROUP, ANYA, "page:valdora.nope")).toast
    assert "Не знаю такой игры" in (await service.button(GROUP, ANYA, "list:chess")).toast


async def test_inline_mode_offers_matching_sections(service):
    answer = await service.inline(ANYA, "провиант")
    articles = answer.articles
    assert not answer.personal
    assert 1 <= len(articles) <= 50 and articles[0].title.startswith("Валдора")
    assert len({a.id for a in articles}) == len(articles)
    assert all(len(a.text) < 4096 and len(a.id.encode()) <= 64 for a in articles)
    overviews = (await service.inline(ANYA, "")).articles
    assert [a.title.split(":")[0] for a in overviews] == ["Валдора", "Зодчие Волшебной Долины", "Kingdom Builder"]


async def test_nonsense_gets_an_honest_not_found_with_a_way_on(service):
    reply, = await service.command(GROUP, ANYA, "rules", "фывапр")
    assert reply.text.startswith("Не нашёл в правилах ничего про «фывапр»") and reply.buttons  # a choice of game
    await service.command(GROUP, ANYA, "new", "kingdom")
    reply, = await service.command(GROUP, ANYA, "rules", "фывапр олдж")
    assert "Не нашёл" in reply.text and len(reply.text.splitlines()) == 1  # no table of contents posted unasked
    assert datas(reply) == ["list:kingdom"]  # ... but a button that opens the current game's contents
    answer = await service.button(GROUP, ANYA, "list:kingdom")
    assert "Правила: Kingdom Builder" in answer.edit.text and "/r_kingdom_gavan — Гавань" in answer.edit.text


async def test_a_question_in_a_running_game_means_that_game_unless_it_names_another(service):
    await service.command(GROUP, ANYA, "new", "kingdom")
    reply, = await service.command(GROUP, ANYA, "rules", "ничья")
    assert "Kingdom Builder" in reply.text
    reply, = await service.command(GROUP, ANYA, "rules", "ничья в валдоре")
    assert reply.text.startswith("📖 <b>Ничья</b> · Валдора")


async def test_a_question_of_two_games_gets_both_answers_until_a_game_runs(service):
    reply, = await service.command(GROUP, ANYA, "rules", "что даёт гавань")
    assert reply.text.split(".")[0] in ("Вопрос подходит к двум играм — Kingdom Builder и Валдора",
                                         "Вопрос подходит к двум играм — Валдора и Kingdom Builder")  # equally close
    assert "<b>Гавань</b> · Kingdom Builder" in reply.text and "<b>Гавани и сброс</b> · Валдора" in reply.text
    assert len(reply.text) < 4096 and "list:kingdom" in datas(reply) and "list:valdora" in datas(reply)
    await start_game(service)  # Валдора runs in the chat: its rules answer
    reply, = await service.command(GROUP, ANYA, "rules", "что даёт гавань")
    assert reply.text.startswith("📖 <b>Гавани и сброс</b> · Валдора") and "Kingdom Builder" not in reply.text
    assert "<b>" in reply.text.split("\n\n", 1)[1]  # the passage that answers, in bold
