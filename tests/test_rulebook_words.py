"""The rule search and the players' own words: what they call a component or draw from its picture (`rules/
synonyms.txt`), chat noise that shares a verb with the rules but names nothing of theirs (`Query.off_topic`), questions
of *when* (the rule of timing, not the component's section), and the first section on the third set of questions
written by someone who never saw the search (`tests/rules_questions_tune3.json`, judged as `tests/rules_quality.py`
judges it). The questions here are our own wording, not the sets'."""

from __future__ import annotations

import pytest

from bot.lookup import answers
from bot.lookup.latin import from_latin
from bot.lookup.rulebook import RuleBook
from bot.lookup.terms import normalise, people
from tests.rules_quality import load, rates


def first_rates(stem: str) -> dict[str, float]:
    """The share of a set's questions whose first section is right, in percent, overall ("all"), per game and per
    kind (`tests/rules_quality.rates`, its groups named without their "game:"/"kind:" prefix)."""
    table = rates(RuleBook.load(), load(stem))
    return {group.split(":", 1)[-1]: 100 * ok / n for group, checks in table.items()
            for ok, n in [checks["first"]]}


@pytest.fixture(scope="module")
def book() -> RuleBook:
    return RuleBook.load()


def first(book: RuleBook, question: str, current: str | None = None) -> str | None:
    found = answers.lookup(book, question, current)[2]
    return found[0].id if found else None


@pytest.mark.parametrize(("question", "section"), [
    ("кабак что позволяет", "kingdom.tavern"),  # slang
    ("пальмочки что дают", "kingdom.oasis"),  # the picture, a diminutive
    ("глаз что делает", "kingdom.oracle"),
    ("вышку как использовать", "kingdom.tower"),
    ("якорь что даёт в кингдоме", "kingdom.harbor"),
    ("карта с рыбками сколько золота", "kingdom.fishermen"),
    ("кувалдой что можно сделать", "sylvan.hammer"),
    ("шапочку куда можно положить", "sylvan.treetop"),
    ("на серебрянке что делать", "valdora.silver"),
    ("работяги каких цветов бывают", "valdora.masters"),
    ("плашка на 10 очков за что", "valdora.bonus"),
])
def test_a_component_called_by_players_words_or_its_picture_finds_its_section(book, question, section):
    assert first(book, question) == section


@pytest.mark.parametrize("query", [
    "скиньте ссылку на созвон", "кто заказывал суши на вечер", "проверка микрофона 123", "кинь ссылку на чат",
    "сколько будет три плюс четыре", "кто забрал мою зарядку", "закажите такси кто нибудь",
])
def test_chat_noise_that_shares_a_verb_with_the_rules_finds_nothing(book, query):
    # the verbs are the rules' words («скинуть», «заказ», «забрать»), the nouns are no game's: nothing to answer
    ranking = book.rank(query)
    assert book.search(query) == [] and not ranking.confident, (ranking.confidence, ranking.sections[:1])
    assert book.rank(query).confidence == 0.0


def test_the_same_verb_with_a_game_s_noun_is_answered(book):
    assert book.search("можно скинуть камень с телеги")[0].id == "valdora.cart-horse"
    assert book.search("стратегия")  # a noun only an asked question uses is no stranger


@pytest.mark.parametrize(("question", "current", "section"), [
    ("молоток можно применить в тот же ход когда получил", None, "sylvan.item-timing"),
    ("жетон можно сыграть до того как построил три дома", None, "kingdom.extra-actions"),
    ("не могу ничего построить по картам", "sylvan", "sylvan.no-fit"),
])
def test_a_question_of_when_finds_the_rule_of_timing(book, question, current, section):
    assert first(book, question, current) == section


def test_the_first_section_of_the_third_set():
    """Before this pass the first section was right for 77.8% of the third set (Kingdom Builder 74.1%): the players'
    words 59%, chat noise 50%, two games 67%. After: 89.4% (Валдора 84.5%, the Зодчие 93.1%, Kingdom Builder 89.7%),
    the players' words and chat noise 100%. The floors are those figures less a question or so."""
    rate = first_rates("rules_questions_tune3")
    assert rate["all"] >= 88.5, rate
    assert min(rate[game] for game in ("valdora", "sylvan", "kingdom")) >= 82.5, rate
    assert rate["word"] >= 96.0 and rate["nonsense"] == 100.0, rate


@pytest.mark.parametrize(("question", "sections"), [
    # what a component looks like on the table, not its name (none of these finds its section without the looks)
    ("рыжая клетка это какая местность", {"kingdom.terrain"}),
    ("серые соты с камнями для чего на поле", {"kingdom.terrain", "kingdom.miners"}),
    ("что за здоровенные карты с персонажами лежат у поля", {"kingdom.cards"}),
    ("карта с гномом с киркой сколько даёт", {"kingdom.miners"}),
    ("верёвка между двумя деревьями как её протянуть", {"sylvan.bridge"}),
    ("до какой высоты можно сложить башню из домиков", {"sylvan.trees"}),
    ("пустые кружки на поле при игре вдвоём", {"sylvan.players"}),
    ("карточка плюс 10 за что", {"valdora.bonus"}),
    ("тазик для золота откуда берётся", {"valdora.setup", "valdora.tools", "valdora.equipment"}),
])
def test_a_component_called_by_its_look_finds_its_section(book, question, sections):
    assert first(book, question) in sections


@pytest.mark.parametrize(("question", "section"), [
    # a situation at the table that names a component but is decided by a rule of timing or an exception
    ("жетон оазиса вернуть на гекс если оттуда ушёл?", "kingdom.lose-tile"),
    ("у таверны жетоны кончились до меня, что я получаю", "kingdom.location-tiles"),
    ("между вторым и третьим обязательным домиком можно сыграть таверну?", "kingdom.extra-actions"),
    ("мой флаг на этом дереве уже есть, второй туда повесить можно?", "sylvan.flag-limit"),
    ("несданные заказы к концу партии отнимают очки?", "valdora.scoring"),
    ("ещё одну лопату про запас можно купить?", "valdora.equipment"),
    ("три контракта одного клиента за одну остановку сдать можно?", "valdora.deliver"),
])
def test_a_situation_finds_the_rule_that_decides_it(book, question, section):
    assert first(book, question) == section


def test_the_first_section_of_the_fourth_set():
    """The fourth set was written by people who never saw the search. Before this pass its first section was right
    for 80.6% (Kingdom Builder 74.1%, the Зодчие and Валдора 82.8%; the players' words 70.4%, situations 51.9%).
    After the looks of the components and the situations of the timing and exception rules: 93.3% (Kingdom Builder
    89.7%, the Зодчие 96.6%, Валдора 93.1%; words 100%, situations 85.2%). The floors are those figures less a
    question or so."""
    rate = first_rates("rules_questions_tune4")
    assert rate["all"] >= 92.5, rate
    assert min(rate[game] for game in ("valdora", "sylvan", "kingdom")) >= 88.0, rate
    assert rate["word"] >= 96.0 and rate["nonsense"] == 100.0, rate


FRAMES = [  # how an argument at the table wraps a claim: who says it, who doubts it
    "{name} говорит что {claim}. кто прав?",
    "{name} уверяет что {claim}, а я сомневаюсь. разве так?",
    "у нас спор: {name} считает что {claim}. так?",
    "а я думаю что {claim}, {name} насчитала иначе",
]


@pytest.mark.parametrize("frame", FRAMES)
@pytest.mark.parametrize(("name", "claim"), [
    ("витя", "амбаром можно переставить поселение на любой гекс"),
    ("слава", "жетон фермы строит на любой местности"),  # a name that is also the Зодчие's fame
    ("макс", "флагов у каждого по 16"),  # a name that is also a word of the synonyms (максимум)
    ("костя", "флаг можно повесить на дерево, где уже есть чужой флаг"),
    ("ира", "больше шести монет держать можно"),
])
def test_an_argument_searches_its_claim_alone(book, frame, name, claim):
    argued = book.hand_order(frame.format(name=name, claim=claim)).query
    plain = book.hand_order(claim).query
    assert argued.content == plain.content and argued.unknown == plain.unknown
    # the learned ranking reads the whole text, the argument's words too («у нас спор … так?» reads like the set-up
    # disputes it learned from): a section the claim alone finds among its answers
    assert first(book, frame.format(name=name, claim=claim)) in [s.id for s in book.search(claim)]


def test_the_people_of_an_argument_are_left_out_but_not_the_games_words(book):
    def aside(question: str) -> list[str]:
        words = normalise(question)
        known = book.index.in_texts
        found = people(words, lambda w: any(known(t) for t in book.index.synonyms.word_terms(w)))
        return [w for k, w in enumerate(words) if k in found]

    assert aside("петя говорит что у димы больше, а юля насчитала 36") == ["петя", "димы", "юля"]
    assert aside("слава говорит что за флаг дают славу") == ["слава"]  # a name before «говорит», fame after
    assert aside("ферма даёт рубин и тайл") == []  # words of the texts read as names too
    assert aside("флаг кости висит, костя считает что так можно") == ["кости", "костя", "считает"]
    assert aside("как считать очки славы") == []
    assert aside("спорим с сыном кто начинает, а дочка говорит что мама") == ["сыном", "дочка", "мама"]


def test_a_question_naming_family_is_still_a_rule_question(book):
    assert book.rank("кто первым ходит? спорим с сыном кто начинает").confident


@pytest.mark.parametrize(("question", "sections"), [
    # what onlookers call a component by its look or a diminutive (our wording, none of the sets')
    ("конёк на карте снаряжения сколько стоит загрузить", {"valdora.cart-horse"}),
    ("в тарелочку для золота что кладут", {"valdora.setup", "valdora.tools", "valdora.mining", "valdora.equipment"}),
    ("круглое поле со стопками цветных человечков зачем", {"valdora.masters"}),
    ("сараюшка что делает", {"kingdom.barn"}),
    ("жетон с коровой что даёт", {"kingdom.farm"}),
    ("листву на дерево когда кладут", {"sylvan.treetop"}),
    ("три карты с одинаковыми рисунками что дают", {"sylvan.items", "sylvan.refresh"}),  # a set, or three alike face up
])
def test_an_onlooker_s_name_for_a_component_finds_its_section(book, question, sections):
    assert first(book, question) in sections


def test_the_first_section_of_the_fifth_set():
    """The fifth set (two voices: arguments at the table with people's names, onlookers' short questions with
    typos and looks). Before this pass its first section was right for 80.0% (Kingdom Builder 77.6%, the Зодчие
    75.9%, Валдора 84.5%; words 74.1%, situations 77.8%). After the people left out, the looks of the components and
    the claims in the asked questions: 93.3% (Kingdom Builder 94.8%, the Зодчие 87.9%, Валдора 96.6%; words 96.3%,
    plain and situations 100%). The floors are those figures less a question or so."""
    rate = first_rates("rules_questions_tune5")
    assert rate["all"] >= 92.5, rate
    assert min(rate[game] for game in ("valdora", "sylvan", "kingdom")) >= 86.0, rate
    assert rate["word"] >= 92.0 and rate["nonsense"] == 100.0, rate


def test_a_word_dictated_in_two_halves_is_read_whole(book):
    """Speech recognition splits a long word it does not know («прево сходство»): the halves are joined when the
    first is no word and the two are a word of the rules; words that are words stay apart."""
    assert book.index.rejoined("а как это прево сходство работает?") == "а как это превосходство работает?"
    assert book.index.rejoined("можно ли по ставить домик") == "можно ли по ставить домик"
    assert first(book, "объясни как считается прево сходство в области") == "sylvan.regions"


def test_a_question_typed_in_latin_letters_is_read_in_cyrillic(book):
    """«a toporik v zodchih mozhno …» is a Russian question typed in Latin letters: it is read as Cyrillic, the
    games' Latin names stay as typed, and a lone Latin word («ok», «xD») is no reason to rewrite a question."""
    assert from_latin("a toporik v zodchih mozhno na svoyu hatu?") == "а топорик в зодчих можно на свою хату?"
    assert from_latin("kingdom builder skolko zolota") == "kingdom builder сколко золота"
    assert from_latin("ok, а лорды?") == "ok, а лорды?"
    assert first(book, "a toporom v zodchih mozhno srubit svoy domik? xD") == "sylvan.axe"
    assert first(book, "mozhno li kupit vtoruyu kirku") == "valdora.equipment"
