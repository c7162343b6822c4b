"""Position answers worked out by the engines (`bot.lookup.position`): «Да»/«Нет» against the legal actions and the
engines' own refusals, scores against `scores()`, what a token or a hex would give against a copy played, the
hidden things kept to their owner, and rule questions left to the search."""

import re

import pytest

from bot.lookup.position import TALKS, position_reply
from bot.lookup.position.asking import asked
from bot.lookup.rulebook import RuleBook
from rules.protocol import RuleError
from rules.registry import GAMES

BOOK = RuleBook.load()
ASKER = 77
VALDORA, SYLVAN, KINGDOM = GAMES["valdora"], GAMES["sylvan"], GAMES["kingdom"]
THREE, TWO = ["Аня", "Борис", "Вера"], ["Аня", "Борис"]
CYRILLIC = str.maketrans("abceko", "авсеко")


def ask(game, state, seat, question, names=None):
    names = names or [f"Игрок {i}" for i in range(len(state.players))]
    return position_reply(BOOK, game, state, seat, names, question, ASKER)


def refusal(game, state, text):
    try:
        game.parse(state, text)
    except RuleError as error:
        return error.message
    return None


def escaped(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace(
        "'", "&#x27;")


# --- rule questions stay with the search ------------------------------------------------------------------

GENERAL = [
    "можно ли пройти через город без провианта", "что даёт таверна", "сколько стоит листать книгу",
    "можно ли строить на воде", "как работает мост", "когда конец партии", "что делает топор",
    "можно ли строить на горах", "сколько очков дают мастера", "как считаются очки за области",
    "можно мне строить на горах?", "можно мне купить мастера?", "почему нельзя строить на воде",
    "кто ходит первым", "можно ли сдать два контракта за ход", "что будет если карты кончились",
    "можно мне подумать?", "можно мне уйти из партии?", "сколько очков даёт флаг",
]


@pytest.mark.parametrize("question", GENERAL)
def test_rule_questions_are_not_answered_from_the_position(question):
    for game, names in ((VALDORA, THREE), (SYLVAN, TWO), (KINGDOM, TWO)):
        state = game.new(names, seed=5)
        for seat in range(len(names)):
            assert ask(game, state, seat, question) is None, (game.name, seat, question)


def test_question_shapes():
    assert asked("Можно мне сейчас пройти через город?").rest == "пройти через город"
    assert asked("а могу ли я уже купить левую страницу?").rest == "купить левую страницу"
    assert asked("могу построить на K12?").kind == "can"
    assert asked("Почему я не могу построить на K12?").kind == "why"
    assert asked("что мне даст оракул").rest == "оракул"
    assert asked("сколько у меня будет очков, если игра кончится сейчас?").kind == "score"
    assert asked("кто сейчас ведёт?").kind == "lead"
    assert asked("можно построить на K12?") is None  # nobody's position named: the rule search answers


# --- Валдора ------------------------------------------------------------------------------------------------


def test_valdora_moves_are_yes_exactly_when_legal_and_no_with_the_engines_reason():
    state = VALDORA.new(THREE, seed=1, options={"first_seat": 0})
    legal = VALDORA.legal_actions(state)
    spaces = ["Д1", "Д5", "Д9", "Д12", "A", "C", "Порт", "Синий", "Фиолетовый", "Серый"]
    for space in spaces:
        reply = ask(VALDORA, state, 0, f"можно мне на {space}?")
        assert reply.only_for is None  # nothing hidden: the chat may read it
        if f"move {space}" in legal:
            assert reply.text.startswith("<b>Да</b>") and f"/move {space}" in reply.text
        else:
            assert reply.text.startswith("<b>Нет.</b>")
            assert escaped(refusal(VALDORA, state, f"move {space}")) in reply.text
        assert "/r_valdora_" in reply.text


def test_valdora_passing_a_town_depends_on_the_provisions():
    state = VALDORA.new(THREE, seed=1, options={"first_seat": 0})
    reply = ask(VALDORA, state, 0, "можно мне сейчас пройти через город?")
    assert reply.text.startswith("<b>Нет</b>") and "провианта у вас нет" in reply.text
    state.players[0].provisions = True
    reply = ask(VALDORA, state, 0, "можно мне сейчас пройти через город?")
    assert reply.text.startswith("<b>Да</b>") and "/r_valdora_proviant" in reply.text


def test_valdora_why_not_gives_the_engines_refusal():
    state = VALDORA.new(THREE, seed=1, options={"first_seat": 0})
    VALDORA.apply(state, "move Д9")
    reply = ask(VALDORA, state, 0, "почему я не могу взять провиант?")
    assert reply.text.startswith("<b>Нельзя.</b>")
    assert escaped(refusal(VALDORA, state, "взять провиант")) in reply.text
    assert "/r_valdora_proviant" in reply.text


def test_valdora_not_your_turn_is_said_and_answered_for_the_next_turn():
    state = VALDORA.new(THREE, seed=1, options={"first_seat": 0})
    reply = ask(VALDORA, state, 1, "можно мне на Д9?", THREE)
    assert reply.text.startswith("Сейчас ходит Аня. В ваш ход")
    trial = TALKS["valdora"].next_turn(state, 1, "на Д9")
    assert ("<b>Да</b>" in reply.text) == ("move Д9" in VALDORA.legal_actions(trial))
    assert VALDORA.current_seat(state) == 0 and state.players[1].position == trial.players[1].position


def test_valdora_score_is_the_engines_and_private_for_its_hidden_contracts():
    state = VALDORA.new(THREE, seed=2)
    for _ in range(60):  # some turns of the autopilot: contracts delivered, gems carried
        VALDORA.apply(state, VALDORA.autopilot(state))
    for seat in range(3):
        entry = VALDORA.scores(state)[seat]
        reply = ask(VALDORA, state, seat, "сколько у меня будет очков, если игра кончится сейчас?", THREE)
        assert re.search(rf"У вас {entry['total']} очк", reply.text)
        for key, value in entry["breakdown"].items():
            if value:
                assert f"{VALDORA.score_names[key]}: {value}" in reply.text
        assert reply.only_for == ASKER  # the delivered contracts are hers alone
    lead = ask(VALDORA, state, 0, "кто сейчас ведёт?", THREE)
    assert lead.only_for is None and "контракты" in lead.text  # the open score, with the note of what it lacks


# --- Kingdom Builder --------------------------------------------------------------------------------------------


def test_kingdom_builds_are_yes_exactly_when_legal_in_any_letters():
    state = KINGDOM.new(TWO, seed=3, options={"first": 0})
    legal = KINGDOM.legal_actions(state)
    for name in ("N2", "O3", "K12", "A1", "T20", "C3", "J10"):
        latin = ask(KINGDOM, state, 0, f"могу построить на {name}?")
        typed = name.lower().translate(CYRILLIC)  # «к12», «с3»: the look-alike letters of a Russian keyboard
        cyrillic = ask(KINGDOM, state, 0, f"Могу построить на {typed}?")
        assert latin.text == cyrillic.text
        assert latin.only_for is None  # her card lies open on her own turn
        if f"build {name}" in legal:
            assert latin.text.startswith("<b>Да</b>")
        else:
            assert latin.text.startswith("<b>Нет.</b>")
            assert escaped(refusal(KINGDOM, state, f"build {name}")) in latin.text
    vague = ask(KINGDOM, state, 0, "можно мне построить?")
    assert vague.text.startswith("<b>Да</b>, например") and f"всего {len(legal) - ('end' in legal)}" in vague.text


def test_kingdom_waiting_player_gets_the_answer_for_her_card_alone():
    state = KINGDOM.new(TWO, seed=3, options={"first": 0})
    hexes = [a.split(" ")[1] for a in KINGDOM.legal_actions(state) if a.startswith("build ")]
    trial = TALKS["kingdom"].next_turn(state, 1, "")
    for name in hexes[:6]:
        reply = ask(KINGDOM, state, 1, f"можно мне построить на {name}?", TWO)
        assert reply.only_for == ASKER  # worked out from her hidden terrain card
        assert reply.text.startswith("Сейчас ходит Аня")
        assert ("<b>Да</b>" in reply.text) == (f"build {name}" in KINGDOM.legal_actions(trial))


def test_kingdom_what_a_hex_or_a_token_gives_is_the_score_of_the_copy_played():
    state = KINGDOM.new(TWO, seed=3, options={"first": 0})
    action = KINGDOM.legal_actions(state)[0]
    before = KINGDOM.scores(state)[0]["total"]
    copy = KINGDOM.copy(state)
    KINGDOM.apply(copy, action)
    gain = KINGDOM.scores(copy)[0]["total"] - before
    reply = ask(KINGDOM, state, 0, f"что даст мне {action[6:]}?")
    assert f"/{action}" in reply.text and (f"+{gain} " in reply.text if gain else "не прибавит" in reply.text)
    assert KINGDOM.scores(state)[0]["total"] == before  # the table's state is untouched
    reply = ask(KINGDOM, state, 0, "что даст мне таверна?")
    assert reply.text.startswith("<b>Сейчас ничего</b>: у вас нет жетона «Таверна»")


def test_kingdom_a_token_held_is_played_everywhere_and_the_best_told():
    words = {"oracle": "оракул", "farm": "ферма", "oasis": "оазис", "tower": "башня", "tavern": "таверна",
             "barn": "амбар", "harbor": "гавань", "paddock": "пастбище"}
    state = KINGDOM.new(TWO, seed=3, options={"first": 0})
    options = []
    for _ in range(400):  # the autopilot plays until the player to move may play a token of hers
        kinds = {a.split(" ")[0] for a in KINGDOM.legal_actions(state)} & set(words)
        if kinds:
            kind = sorted(kinds)[0]
            options = [a for a in KINGDOM.legal_actions(state) if a.startswith(kind + " ")]
            break
        KINGDOM.apply(state, KINGDOM.autopilot(state))
    assert options
    seat = state.current
    reply = ask(KINGDOM, state, seat, f"что даст мне {words[kind]}?")
    gains = []
    for action in options:
        copy = KINGDOM.copy(state)
        KINGDOM.apply(copy, action)
        gains.append(KINGDOM.scores(copy)[seat]["total"] - KINGDOM.scores(state)[seat]["total"])
    best = max(gains)
    assert (f"+{best} " in reply.text) if best > 0 else ("не прибавит" in reply.text or f"{best} " in reply.text)
    told = re.search(r"<code>/([a-z]+ [A-Z0-9 ]+)</code>", reply.text)[1]
    assert gains[options.index(told)] == best
    if len(options) > 1:
        assert f"лучший из {len(options)} " in reply.text
    assert "/r_kingdom_" in reply.text
    can = ask(KINGDOM, state, seat, f"можно мне сыграть {words[kind]}?")
    assert can.text.startswith("<b>Да</b>")


def test_kingdom_score_by_category_and_who_leads():
    state = KINGDOM.new(TWO, seed=4)
    for _ in range(25):
        KINGDOM.apply(state, KINGDOM.autopilot(state))
    scores = KINGDOM.scores(state)
    for seat in range(2):
        reply = ask(KINGDOM, state, seat, "сколько у меня золота?", TWO)
        assert f"У вас {scores[seat]['total']} золот" in reply.text and reply.only_for is None
    best = max(s["total"] for s in scores)
    lead = ask(KINGDOM, state, 0, "кто ведёт?", TWO)
    assert f"— {best} золот" in lead.text


# --- Зодчие -----------------------------------------------------------------------------------------------------


def test_sylvan_playing_a_card_is_answered_from_the_hand_privately():
    state = SYLVAN.new(TWO, seed=3, options={"first_seat": 0})
    legal = SYLVAN.legal_actions(state)
    for question, word in (("можно мне сыграть мост?", "мост"), ("можно мне сыграть грибной?", "грибной"),
                           ("можно мне сыграть топор?", "топор"), ("могу сыграть ореховый?", "ореховый")):
        reply = ask(SYLVAN, state, 0, question)
        assert reply.only_for == ASKER  # the hand is hers alone
        fitting = [a for a in legal if word in a]
        assert reply.text.startswith("<b>Да</b>") == bool(fitting), question
        if not fitting:
            assert escaped(refusal(SYLVAN, state, f"сыграть {word}")) in reply.text


def test_sylvan_items_and_steps_refused_with_every_reason():
    state = SYLVAN.new(TWO, seed=3, options={"first_seat": 0})
    reply = ask(SYLVAN, state, 0, "можно мне срубить Б3 топором?")
    assert reply.text.startswith("<b>Нет.</b>") and escaped(refusal(SYLVAN, state, "топор Б3")) in reply.text
    waiting = ask(SYLVAN, state, 1, "можно мне поставить на Б3?", TWO)
    assert "зависит" in waiting.text  # after the card she plays: nobody can tell now


def test_sylvan_score_adds_what_the_round_would_give_now():
    state = SYLVAN.new(TWO, seed=3, options={"first_seat": 0})
    for _ in range(20):
        SYLVAN.apply(state, SYLVAN.autopilot(state))
    from rules.sylvan.scoring import round_scoring

    later = round_scoring(state)
    for seat in range(2):
        reply = ask(SYLVAN, state, seat, "сколько у меня очков?", TWO)
        assert f"У вас {SYLVAN.scores(state)[seat]['total']} очк" in reply.text
        extra = later["trees"][seat] + later["regions"][seat]
        assert (f"добавилось бы ещё {extra} " in reply.text) == bool(extra)


def test_over_games_and_unknown_words_fall_back():
    state = VALDORA.new(THREE, seed=1)
    state.phase = "over"
    assert ask(VALDORA, state, 0, "можно мне на Д9?") is None
