"""Names cannot deceive or scramble a message (issue 23): a name never turns the bot's line around or hides in
invisible characters, never becomes a live command, mention or link, and two seats never read the same; a player is
named by the name they sat down with. The texts are read as Telegram shows them (tests/telegram_html.py) and searched
for what Telegram would make live (tests/autolinks.py)."""

from __future__ import annotations

import doctest
import unicodedata

import pytest

import bot.console
import bot.replies.names
from bot.replies import buttons
from bot.replies.names import NAME_LIMIT, as_seated, clean_name, distinct_name, skeleton
from bot.replies.reply import ButtonAnswer, Chat, InlineAnswer, User
from bot.table.service import Service
from rules.registry import GAMES

try:
    from tests.autolinks import BIDI, INVISIBLE, auto_links, live_in_names, problems
except ImportError:  # tests/ is not a package: pytest put tests/ itself on sys.path
    from autolinks import BIDI, INVISIBLE, auto_links, live_in_names, problems

GROUP = Chat(id=-1001800, title="Друзья")
ATTACKS = ("/new valdora", "t.me/evil", "@admin", "#ставки", "$USD", "example.com", "mail@example.com",
           "https://evil.com/x", "tg://settings", "evil。com", "/start@RefereeTestBot", "4111 1111 1111 1111")


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


class Clock:
    now = 1780290000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def service(tmp_path):
    service = await Service.open(str(tmp_path / "bot.db"))
    service.clock = Clock()
    yield service
    await service.close()


def test_the_modules_examples_hold():
    assert doctest.testmod(bot.replies.names).failed == 0 and doctest.testmod(bot.console).failed == 0


# --- one name ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw, clean", [
    ("Аня\u202eвеки", "Анявеки"),  # the override is gone, the letters stay in their order
    ("\u2067Аня\u2069 \u200fБ\u200eорис\u061c", "Аня Борис"),
    ("А\u200bн\u200cя\u200d\ufeff\u2060\u2061", "Аня"),
    ("Аня\u3164\u3164Вера", "Аня Вера"),  # a Hangul filler is a blank, not a letter
    ("  Аня \n\t  Вера  ", "Аня Вера"),
    ("Аня\x00\x07\x1b[31m", "Аня[31m"),
    ("e\u0301", "\u00e9"),  # NFC
    ("\u0301Аня", "Аня"),  # a mark with nothing to sit on would sit on the bot's «
    ("\ud800Аня", "Аня"),  # a lone surrogate cannot even be sent
    ("👨\u200d👩\u200d👧 Семья", "👨\u200d👩\u200d👧 Семья"),  # a joiner inside an emoji draws one picture: kept
])
def test_a_name_loses_what_steers_or_hides(raw, clean):
    assert clean_name(raw, 5) == clean


def test_piled_marks_are_capped_per_letter():
    zalgo = "З" + "\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307" * 5 + "а" + "\u0489" * 9 + "л"
    cleaned = clean_name(zalgo, 5)
    letters = [c for c in cleaned if not unicodedata.combining(c) and unicodedata.category(c) != "Me"]
    assert letters == ["З", "а", "л"] and len(cleaned) == 3 + 2 * bot.replies.names.MARKS_PER_LETTER
    assert clean_name("กี่", 5) == "กี่"  # Thai: a vowel and a tone mark on one consonant stay


def test_a_long_name_is_cut_with_an_ellipsis_and_stays_so_when_cleaned_again():
    long = "Константин " * 10
    cleaned = clean_name(long, 5)
    assert len(cleaned) == NAME_LIMIT and cleaned.endswith("…") and cleaned.startswith("Константин Константин")
    assert clean_name(cleaned, 5) == cleaned
    marked = "а" * 30 + "е\u0301\u0301" + "б"  # never cut between a letter and its marks
    assert clean_name(marked, 5) == "а" * 30 + "…"


@pytest.mark.parametrize("raw", ["", "   ", "\u200b\u202e", "\u3164", "\u2800\u115f", "\u0301\u0302"])
def test_an_empty_name_becomes_a_player_with_a_short_number(raw):
    assert clean_name(raw, 123456789) == "Игрок 6789"
    assert User(123456789, raw).name == "Игрок 6789"


@pytest.mark.parametrize("raw", ATTACKS)
def test_a_name_that_telegram_would_make_live_is_shown_as_plain_text(raw):
    assert auto_links(raw), raw  # the pattern of tests/autolinks.py finds it in the raw name
    cleaned = clean_name(raw, 5)
    assert auto_links(cleaned) == [] and auto_links(f"Ходит {cleaned}. Счёт: {cleaned} — 3.") == []
    assert cleaned.replace("\u2060", "") == raw  # the reader sees the name as its owner wrote it
    assert clean_name(cleaned, 5) == cleaned


def test_a_right_to_left_name_keeps_the_line_left_to_right():
    name = clean_name("\u05e9\u05e8\u05d4 2", 5)  # שרה: a Hebrew name
    assert name == "\u200e\u05e9\u05e8\u05d4 2\u200e"  # left-to-right marks around it, nothing else
    line = f"{name} садится за стол."
    first_strong = next(unicodedata.bidirectional(c) for c in line if unicodedata.bidirectional(c) in ("L", "R", "AL"))
    assert first_strong == "L"  # the paragraph stays left-to-right
    assert clean_name("Аня", 5) == "Аня"  # a left-to-right name gets no marks


def test_the_user_and_the_chat_are_clean_wherever_they_are_made():
    user = User(7, "t.me/evil\u202e", username="evil_bot")
    assert user.name == "t\u2060.\u2060me/\u2060evil" and user.username == "evil_bot"
    chat = Chat(-5, title="Друзья\u202e", topic=3, topic_title="\u2067Вечер @admin")
    assert chat.title == "Друзья" and chat.topic_title == "Вечер @\u2060admin"


# --- names side by side --------------------------------------------------------------------------------------


def test_look_alike_names_share_a_skeleton():
    assert skeleton("Аня") == skeleton("АНЯ") == skeleton("Аня\u200d") == skeleton("Ａня")
    assert skeleton("Anya") == skeleton("Аnуа") == skeleton("АNYА")  # Latin and Cyrillic look-alikes
    assert skeleton("Алёна") == skeleton("Алена") and skeleton("Oleg") == skeleton("0leg") == skeleton("Оlеg")
    assert skeleton("Аня") != skeleton("Ася") and skeleton("Борис") != skeleton("Боря")


def test_a_later_equal_name_gets_the_username_or_a_number():
    assert distinct_name("Аня", "anya2", ["Аня"]) == "Аня (@\u2060anya2)"
    assert distinct_name("Аня", "", ["Аня"]) == "Аня 2"
    assert distinct_name("Аня", "x", ["Аня"]) == "Аня 2"  # not a username Telegram gives
    assert distinct_name("Аня", "", ["Аня", "Аня 2", "Вера"]) == "Аня 3"
    assert distinct_name("Аня", "", ["Вера"]) == "Аня"
    long = clean_name("Константин Константинопольский-Старший", 1)
    numbered = distinct_name(long, "some_long_username_here", [long])
    assert numbered.endswith("… 2") and len(numbered) <= NAME_LIMIT  # the username does not fit: a number


async def test_three_annas_sit_down_as_three_names(service):
    annas = [User(1, "Аня"), User(2, "Аня"), User(3, "Аня\u200d"), User(4, "АНЯ", username="anya_four")]
    await service.command(GROUP, annas[0], "new", "kingdom")
    for anna in annas[1:]:
        joined, = await service.command(GROUP, anna, "join", "")
        assert not BIDI & set(joined.text) and not INVISIBLE & set(joined.text)
    row = await service.store.open_game(GROUP.id)
    assert [s.name for s in row.seats] == ["Аня", "Аня 2", "Аня 3", "АНЯ (@\u2060anya_four)"]
    assert len({skeleton(s.name) for s in row.seats}) == 4
    assert "Аня 3 садится за стол." in joined.text or "АНЯ (@\u2060anya_four) садится за стол." in joined.text
    begun = await service.command(GROUP, annas[0], "begin", "")
    order = next(r.text for r in begun if "Порядок хода" in r.text)
    assert all(name in order for name in ("Аня 2", "Аня 3", "(@\u2060anya_four)"))
    state = GAMES["kingdom"].load((await service.store.open_game(GROUP.id)).state)
    assert [p.name for p in state.players] == [s.name for s in row.seats]  # the game's texts get them too


async def test_latin_and_cyrillic_look_alikes_are_told_apart(service):
    await service.command(GROUP, User(1, "Anya"), "new", "kingdom")
    await service.command(GROUP, User(2, "Аnуа"), "join", "")  # Cyrillic А, у, а
    row = await service.store.open_game(GROUP.id)
    assert [s.name for s in row.seats] == ["Anya", "Аnуа 2"]


async def test_a_person_named_like_a_bot_does_not_share_its_name(service):
    await service.command(GROUP, User(1, "Бот Филин"), "new", "kingdom")
    added, = await service.command(GROUP, User(1, "Бот Филин"), "addbot", "")
    row = await service.store.open_game(GROUP.id)
    assert [s.name for s in row.seats] == ["Бот Филин", "Бот Филин 2"] and "Бот Филин 2" in added.text
    gone, = await service.command(GROUP, User(1, "Бот Филин"), "leave", "бот филин 2")
    assert "убирает из-за стола бота: Бот Филин 2" in gone.text


async def test_a_renamed_player_keeps_the_name_they_sat_down_with(service):
    anya, boris = User(1, "Аня"), User(2, "Борис")
    await service.command(GROUP, anya, "new", "kingdom")
    await service.command(GROUP, boris, "join", "")
    impostor = User(2, "Аня")  # Борис renames himself to Аня
    again, = await service.command(GROUP, impostor, "join", "")
    assert "Борис, вы уже за столом" in again.text and "Аня, вы" not in again.text
    begun = await service.command(GROUP, anya, "begin", "")
    assert any("Борис" in r.text for r in begun) and not any("Аня → Аня" in r.text for r in begun)
    row = await service.store.open_game(GROUP.id)
    assert [s.name for s in row.seats] == ["Аня", "Борис"]
    said = await service.command(GROUP, impostor, "away", "2д")
    assert said[0].text.startswith("✈️ Борис в отъезде"), said[0].text
    back = await service.command(GROUP, impostor, "back", "")
    assert back[0].text.startswith("✈️ Борис снова в игре"), back[0].text
    left = await service.command(GROUP, impostor, "leave", "")
    assert any(r.text.startswith("Борис выходит из партии") for r in left), [r.text for r in left]
    assert not any("Аня выходит" in r.text for r in left)


async def test_an_outsider_named_like_a_player_is_not_announced_as_them(service):
    anya, boris = User(1, "Аня"), User(2, "Борис")
    await service.command(GROUP, anya, "new", "kingdom")
    await service.command(GROUP, boris, "join", "")
    await service.command(GROUP, anya, "begin", "")
    outsider = User(9, "Аня", is_admin=True, username="not_anya")
    asked, = await service.command(GROUP, outsider, "abort", "")
    answer = await service.button(GROUP, outsider, asked.buttons[0][0].data)
    assert answer.replies[0].text.startswith("Аня (@\u2060not_anya) прерывает партию"), answer.replies[0].text
    assert await service.store.open_game(GROUP.id) is None  # an administrator may abort: it is done, by name
    assert as_seated(outsider, None) is outsider  # no table: nobody to be told apart from


async def test_a_seat_is_found_by_its_name_as_typed(service):
    players = [User(1, "Аня"), User(2, "Аня"), User(3, "t.me/evil")]
    await service.command(GROUP, players[0], "new", "kingdom")
    for player in players[1:]:
        await service.command(GROUP, player, "join", "")
    await service.command(GROUP, players[0], "begin", "")
    row = await service.store.open_game(GROUP.id)
    assert service.turns.named_seat(row, "аня") == 0 and service.turns.named_seat(row, "Аня 2") == 1
    assert service.turns.named_seat(row, "t.me") == 2


# --- every text of a game ------------------------------------------------------------------------------------


def texts_of(answer) -> list[tuple[str, bool]]:
    """(text, is HTML) of everything a person reads of a service's answer: messages, captions, button labels,
    toasts, inline results and their button."""
    if isinstance(answer, InlineAnswer):
        return [(answer.note or "", False), *[(t, False) for a in answer.articles for t in (a.title, a.description)],
                *[(a.text, True) for a in answer.articles]]
    if isinstance(answer, ButtonAnswer):
        out = [(answer.toast or "", False), (answer.caption or "", True)]
        out += [(b.text, False) for row in answer.keyboard or [] for b in row]
        return out + texts_of([answer.edit] if answer.edit else []) + texts_of(answer.replies)
    return [pair for reply in answer for pair in [(reply.text, True)] + [(b.text, False) for row in reply.buttons
                                                                           for b in row]]


async def test_every_text_of_a_whole_game_shows_names_as_plain_text(service):
    people = [User(11, "Гриша\u202e\u2067ьлатс", username="grisha"), User(12, "/new valdora"),
              User(13, "t.me/evil\u200b"), User(14, "@admin")]
    names = ["/new valdora", "t.me/evil", "@admin", "Гришаьлатс"]
    read: list[tuple[str, bool]] = []
    for person in people:  # private chats: their secrets and «ваш ход» reach them there
        read += texts_of(await service.command(Chat(person.id, private=True), person, "start", ""))
    read += texts_of(await service.command(GROUP, people[0], "new", "kingdom"))
    for person in people[1:]:
        read += texts_of(await service.command(GROUP, person, "join", ""))
    read += texts_of(await service.command(GROUP, people[0], "begin", ""))
    game = GAMES["kingdom"]
    by_id = {p.id: p for p in people}
    for step in range(400):
        row = await service.store.open_game(GROUP.id)
        if row is None:
            break
        state = game.load(row.state)
        player = by_id[row.seats[game.current_seat(state)].user_id]
        if step % 25 == 3:
            for look in ("board", "score", "log", "turn", "moves", "tables"):
                read += texts_of(await service.command(GROUP, people[step % 4], look, ""))
            read += texts_of(await service.inline(player, f"#{row.id}"))
            read += texts_of(await service.inline(people[(step + 1) % 4], f"#{row.id}"))
        if step == 30:
            read += texts_of(await service.command(GROUP, people[0], "kick", "admin"))
        action = game.autopilot(state)
        index = game.legal_actions(state).index(action)
        read += texts_of(await service.button(GROUP, player, buttons.encode_move(row.id, row.version, index)))
    else:
        pytest.fail("the game did not end")
    finished = await service.store.last_finished(GROUP.id, 0)
    assert finished is not None and [s.name for s in finished.seats][:2] == ["Гришаьлатс", "/\u2060new valdora"]
    for look in ("history", "stats", "score", "log", "board", "new"):
        read += texts_of(await service.command(GROUP, people[1], look, ""))
    read += texts_of(await service.command(Chat(12, private=True), people[1], "games", ""))
    assert len(read) > 300 and sum("valdora" in text for text, _ in read) > 20  # the names were in the texts
    assert problems(read, names) == []


async def test_a_topic_and_its_title_are_read_plainly_too(service):
    forum = Chat(-1001900, title="Клуб\u202e t.me/club", topic=7, topic_title="\u2066Вечер\u2069 @admin", forum=True)
    people = [User(21, "Вера\u200f"), User(22, "#ставки")]
    read = texts_of(await service.command(Chat(21, private=True), people[0], "start", ""))
    read += texts_of(await service.command(forum, people[0], "new", "kingdom"))
    read += texts_of(await service.command(forum, people[1], "join", ""))
    read += texts_of(await service.command(forum, people[0], "begin", ""))
    read += texts_of(await service.command(Chat(21, private=True), people[0], "games", ""))
    row = await service.store.open_game(forum.id, 7)
    assert row.chat_title == "Клуб t\u2060.\u2060me/\u2060club" and row.topic_title == "Вечер @\u2060admin"
    assert any("Вечер" in text for text, _ in read)
    assert problems(read, ["#ставки", "t.me/club", "@admin"]) == []


def test_the_patterns_of_the_check_find_what_telegram_finds():
    """The check is only as good as its patterns: each attack is found in a text with the raw name."""
    for raw in ATTACKS:
        assert live_in_names(f"Ходит {raw}. Счёт — /score.", [raw]), raw
    assert live_in_names("Ходит Аня. Счёт — /score, правила: t.me/x.", ["Аня"]) == []
