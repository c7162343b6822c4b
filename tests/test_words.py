"""Titles declined by the morphology dictionary where a sentence needs it, and the sentences that use them."""

import pytest

from bot.replies.reply import Chat, User
from bot.replies.words import declined
from bot.table.service import Service

GROUP = Chat(id=-300, title="Друзья")
ANYA, BORIS = User(1, "Аня"), User(2, "Борис")


@pytest.mark.parametrize(("title", "case", "form"), [
    ("Валдора", "gent", "Валдоры"), ("Валдора", "datv", "Валдоре"), ("Валдора", "accs", "Валдору"),
    ("Валдора", "ablt", "Валдорой"), ("Валдора", "loct", "Валдоре"),
    ("Зодчие Волшебной Долины", "gent", "Зодчих Волшебной Долины"),
    ("Зодчие Волшебной Долины", "accs", "Зодчих Волшебной Долины"),
    ("Зодчие Волшебной Долины", "loct", "Зодчих Волшебной Долины"),
    ("Зодчие Волшебной Долины", "ablt", "Зодчими Волшебной Долины"),
    ("Kingdom Builder", "gent", "Kingdom Builder"),
])
def test_titles_are_declined_by_the_dictionary(title, case, form):
    assert declined(title, case) == form


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    yield service
    await service.close()


async def test_sentences_decline_the_game_title_and_never_need_a_name_gender(service):
    await service.command(GROUP, ANYA, "new", "valdora")
    begin, = await service.command(GROUP, ANYA, "begin", "")
    assert "для «Валдоры» нужно" in begin.text
    confirm, = await service.command(GROUP, ANYA, "abort", "")
    assert confirm.text.startswith("Прервать партию «Валдора»?")  # the title as it is, after «партию»
    await service.command(GROUP, BORIS, "join", "")
    await service.command(GROUP, User(3, "Вера"), "join", "")
    started = await service.command(GROUP, ANYA, "begin", "")
    assert any("Порядок хода (первый — по жребию): " in r.text for r in started)
    assert not any("выбрал" in r.text or "выбрала" in r.text for r in started)
