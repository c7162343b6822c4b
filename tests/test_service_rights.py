"""Who decides, through the service with a clock the test turns forward: the whole chat's settings change by its
administrators alone (an anonymous one too), a table's own settings by its players (and the administrators), and
each table's timers follow its own effective settings; where new tables may open; /tables with an abort for
administrators; aborts that say who, and questions that cannot be answered by the wrong person or too late; one
rule for who begins a new table and a rematch."""

from __future__ import annotations

import doctest
import random

import pytest
from test_service_rematch import rematch_data
from test_service_turns import MORNING, Clock  # 09:00 in Moscow: no quiet hours

import bot.replies.buttons
import bot.table.rights
import bot.table.tables
import bot.table.timing.scopes
import bot.table.timing.settings_menu
from bot.replies import buttons
from bot.replies.reply import Chat, User
from bot.storage import open_store
from bot.storage.base import ABORTED, LOBBY
from bot.table.service import Service
from rules.registry import GAMES

FORUM = -1001234500
GENERAL = Chat(id=FORUM, title="Настолки", forum=True)
EVENING = Chat(id=FORUM, title="Настолки", topic=5, topic_title="Вечерняя", forum=True)
EMPTY = Chat(id=FORUM, title="Настолки", topic=9, topic_title="Пустая", forum=True)
ANYA, BORIS, VERA, GLEB = User(1, "Аня"), User(2, "Борис"), User(3, "Вера"), User(4, "Глеб")
ADMIN = User(7, "Дина", is_admin=True)
ANONYMOUS = User(FORUM, "Администратор чата", is_admin=True)  # writes as the group itself
KB = GAMES["kingdom"]
HOUR, MINUTE = 3600, 60


@pytest.fixture
def clock():
    return Clock(MORNING)


pytestmark = pytest.mark.usefixtures("quick_pictures")  # conftest: pictures as a few bytes


@pytest.fixture
async def service(database, clock):
    """The service on SQLite and on PostgreSQL (conftest's `database`)."""
    service = Service(await open_store(database), clock=clock)
    yield service
    await service.close()


async def begin(service, chat, players=(ANYA, BORIS)):
    await service.command(chat, players[0], "new", "kingdom")
    for player in players[1:]:
        await service.command(chat, player, "join", "")
    return await service.command(chat, players[0], "begin", "")


async def mover(service, chat) -> User:
    row = await service.store.open_game(chat.id, chat.topic)
    seat = KB.current_seat(KB.load(row.state))
    return next(u for u in (ANYA, BORIS, VERA, GLEB) if u.id == row.seats[seat].user_id)


async def end_turn(service, chat):
    """The player to move at `chat`'s table builds until their turn passes."""
    player = await mover(service, chat)
    while await mover(service, chat) == player:
        state = KB.load((await service.store.open_game(chat.id, chat.topic)).state)
        action = next(a for a in KB.legal_actions(state) if a.startswith("build") or a == "end")
        await service.command(chat, player, *action.split(" ", 1))


async def finish(service, chat, players=(ANYA, BORIS)):
    """A game played to its end (all but the last action written straight to the store): the final board."""
    await begin(service, chat, players)
    row = await service.store.open_game(chat.id, chat.topic)
    rng, probe, planned = random.Random(7), KB.load(row.state), []
    while not KB.is_over(probe):
        planned.append(rng.choice(KB.legal_actions(probe)))
        KB.apply(probe, planned[-1])
    for action in planned[:-1]:
        row = await service.store.open_game(chat.id, chat.topic)
        state = KB.load(row.state)
        seat = KB.current_seat(state)
        KB.apply(state, action)
        await service.store.record_move(row.id, row.version, KB.dump(state), seat, row.seats[seat].user_id, action,
                                        action, finished=False)
    player = await mover(service, chat)
    name, _, args = planned[-1].partition(" ")
    final, = await service.command(chat, player, name, args)
    assert "Партия окончена" in final.text
    return final


def keys(reply) -> list[tuple[str, str]]:
    return [(b.text, b.data) for line in reply.buttons for b in line]


def test_the_rights_modules_examples_hold():
    for module in (bot.replies.buttons, bot.table.rights, bot.table.tables, bot.table.timing.scopes,
                   bot.table.timing.settings_menu):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- the whole chat's settings --------------------------------------------------------------------------------


async def test_only_administrators_change_the_whole_chat_an_anonymous_one_too(service):
    await begin(service, EVENING)  # Аня opened the table: that no longer makes her an administrator
    refused, = await service.command(EVENING, ANYA, "settings", "чат лимит 2м")
    assert refused.text.startswith("Настройки всего чата меняют только администраторы чата.")
    assert "без слова «чат»" in refused.text  # she is told what she may change
    refused, = await service.command(GENERAL, GLEB, "settings", "пояс Омск")  # the time zone is the chat's
    assert refused.text == "Настройки всего чата меняют только администраторы чата."
    chat_view, = await service.command(GENERAL, GLEB, "settings", "чат")  # anyone may look
    limit = next(data for text, data in keys(chat_view) if text.startswith("⌛"))
    assert buttons.decode(limit)[0] == buttons.SETTING
    pressed = await service.button(GENERAL, ANYA, limit)
    assert pressed.alert and pressed.toast.startswith("Настройки всего чата меняют только администраторы")
    assert (await service.chat_settings(FORUM)).time_limit is None
    done, = await service.command(GENERAL, ANONYMOUS, "settings", "чат лимит 2м")
    assert done.text.startswith("Администратор чата даёт во всём чате на ход 2 минуты.")
    pressed = await service.button(GENERAL, ADMIN, limit)  # 2 minutes is no usual value: the first one
    assert pressed.edit.text.startswith("Дина снимает во всём чате ограничение времени на ход.")
    zone, = await service.command(EVENING, ADMIN, "settings", "пояс Омск")
    assert zone.text.startswith("Дина ставит во всём чате часовой пояс: Омск.")
    assert (await service.chat_settings(FORUM, 5)).timezone == "Asia/Omsk"  # every table's


# --- a table's own settings ----------------------------------------------------------------------------------


async def test_a_table_s_players_change_its_settings_and_only_its_timers_follow(service, clock):
    await begin(service, EVENING)
    await begin(service, GENERAL, players=(VERA, GLEB))
    refused, = await service.command(EVENING, VERA, "settings", "лимит 2м")  # at another table
    assert refused.text.startswith("Настройки этого стола меняют его игроки и администраторы чата.")
    done, = await service.command(EVENING, BORIS, "settings", "лимит 2м")
    assert done.text.startswith("Борис даёт за этим столом на ход 2 минуты.")
    assert "Свои у этого стола: время на ход (во всём чате — нет)" in done.text
    quiet, = await service.command(EVENING, ANYA, "settings", "стол тихие выкл")  # «стол»: the same, said out
    assert quiet.text.startswith("Аня отключает за этим столом тихие часы.")
    assert "время на ход (во всём чате — нет), тихие часы (во всём чате — 23:00–08:00)" in quiet.text
    general, = await service.command(GENERAL, VERA, "settings", "")
    assert "Время на ход: нет" in general.text and "своих настроек нет" in general.text
    assert (await service.chat_settings(FORUM)).time_limit is None
    # the next turn at the evening table gets 2 minutes; the General table has no limit
    for chat in (EVENING, GENERAL):
        await end_turn(service, chat)
    clock.now += 3 * MINUTE
    fired = {chat.topic: replies for chat, replies in await service.fire_timers()}
    assert set(fired) == {5} and any("время на ход вышло" in r.text for r in fired[5])
    back, = await service.command(EVENING, BORIS, "settings", "лимит как в чате")
    assert back.text.startswith("Борис возвращает за этим столом время на ход как во всём чате: нет.")
    assert (await service.chat_settings(FORUM, 5)).time_limit is None
    assert (await service.chat_settings(FORUM, 5)).quiet is None  # the other own value stays


async def test_a_table_s_buttons_change_the_table_and_a_player_who_left_no_longer_does(service):
    await begin(service, EVENING, players=(ANYA, BORIS, VERA))
    shown, = await service.command(EVENING, GLEB, "settings", "")
    assert "<b>Настройки этого стола</b>" in shown.text and "🚪 Новые столы: где угодно" in shown.text
    remind = next(data for text, data in keys(shown) if text.startswith("⏰"))
    assert buttons.decode(remind) == (buttons.TABLE_SETTING, 0)
    refused = await service.button(EVENING, GLEB, remind)
    assert refused.alert and "меняют его игроки" in refused.toast and "<code>" not in refused.toast
    pressed = await service.button(EVENING, VERA, remind)
    assert pressed.edit.text.startswith("Вера ставит за этим столом напоминание о ходе через 1 день.")
    assert (await service.chat_settings(FORUM, 5)).remind_after == 24 * HOUR
    assert (await service.chat_settings(FORUM)).remind_after == 12 * HOUR
    await service.command(EVENING, VERA, "leave", "")  # the autopilot plays her seat now
    refused, = await service.command(EVENING, VERA, "settings", "отъезд автопилот")
    assert refused.text.startswith("Настройки этого стола меняют его игроки")
    admin, = await service.command(EVENING, ADMIN, "settings", "отъезд автопилот")  # an administrator may
    assert admin.text.startswith("Дина решает за этим столом: когда ход приходит к игроку в отъезде, "
                                 "за него ходит автопилот.")


async def test_a_table_s_settings_follow_a_group_that_became_a_supergroup(service):
    group = Chat(id=-4500, title="Друзья")
    await begin(service, group)
    await service.command(group, ANYA, "settings", "лимит 6ч")
    refused, = await service.command(group, ADMIN, "settings", "столы закрыть")  # no topics: the only table
    assert refused.text.startswith("В этом чате нет тем")
    await service.chat_moved(-4500, -1004500)
    assert (await service.chat_settings(-1004500, 0)).time_limit == 6 * HOUR
    assert (await service.chat_settings(-4500, 0)).time_limit is None


async def test_an_outsider_s_lobby_changes_nothing_for_the_chat_or_another_table(service, clock):
    """Issue 23: an outsider opened a lobby in an empty topic, set a 1-second limit, the autopilot and no quiet
    hours, and left; the game at another topic then ran by those settings."""
    await begin(service, EVENING)
    before = await service.chat_settings(FORUM)
    outsider = GLEB
    await service.command(EMPTY, outsider, "new", "kingdom")
    shown, = await service.command(EMPTY, outsider, "settings", "")
    pressed = await service.button(EMPTY, outsider, next(data for text, data in keys(shown) if text.startswith("⏰")))
    assert pressed.alert and pressed.toast.startswith("Партия ещё не началась")
    for args in ("лимит 1с", "таймаут автопилот", "тихие выкл"):  # a lobby's seat is no right to its settings
        refused, = await service.command(EMPTY, outsider, "settings", args)
        assert refused.text.startswith("Партия ещё не началась: настройки этого стола меняют её игроки, когда она "
                                       "начнётся, или администраторы чата.")
        refused, = await service.command(EMPTY, outsider, "settings", "чат " + args)
        assert refused.text.startswith("Настройки всего чата меняют только администраторы")
    assert await service.chat_settings(FORUM, 9) == before  # the lobby's table is the chat's while it gathers
    left, = await service.command(EMPTY, outsider, "leave", "")
    assert "набор закрыт" in left.text
    assert await service.chat_settings(FORUM, 9) == before  # nothing outlives the lobby
    assert await service.chat_settings(FORUM) == before
    assert await service.chat_settings(FORUM, 5) == before
    assert await service.chat_settings(FORUM, 0) == before
    row = await service.store.open_game(FORUM, 5)
    clock.now += 2 * HOUR
    assert await service.fire_timers() == []  # nothing fires at the evening table
    assert (await service.store.open_game(FORUM, 5)).version == row.version


# --- where tables may open -------------------------------------------------------------------------------------


async def test_administrators_say_where_new_tables_open(service):
    refused, = await service.command(GENERAL, ANYA, "settings", "столы только в темах")
    assert refused.text == "Настройки всего чата меняют только администраторы чата."
    done, = await service.command(GENERAL, ADMIN, "settings", "столы только в темах")
    assert done.text.startswith("Дина разрешает открывать новые столы только в темах.")
    assert "🚪 Новые столы: только в темах" in done.text
    general, = await service.command(GENERAL, ANYA, "new", "kingdom")
    assert general.text == "В этом чате новые столы открываются только в темах: откройте партию в одной из тем."
    assert await service.store.open_game(FORUM) is None
    bare, = await service.command(GENERAL, ANYA, "new", "")  # no list of games to press either
    assert bare.text == general.text and not bare.buttons
    lobby, = await service.command(EVENING, ANYA, "new", "kingdom")
    assert "собирает игру" in lobby.text
    closed, = await service.command(EMPTY, ADMIN, "settings", "столы закрыть")
    assert closed.text.startswith("Дина закрывает эту тему для новых столов.")
    assert "Закрыты для новых столов темы: «Пустая»" in closed.text
    refused, = await service.command(EMPTY, BORIS, "new", "kingdom")
    assert refused.text == ("Эта тема закрыта для новых столов. Откройте партию в другой теме (не в «Общем»: "
                            "там новых столов нет).")
    pressed = await service.button(EMPTY, BORIS, buttons.encode(buttons.NEW, 0))  # a game pressed from a list
    assert pressed.alert and pressed.toast == refused.text and pressed.edit is None
    in_general, = await service.command(GENERAL, BORIS, "new", "kingdom")
    assert in_general.text.endswith("откройте партию в одной из тем (кроме закрытых: «Пустая»).")
    await service.command(EVENING, ADMIN, "settings", "столы закрыть")
    assert (await service.command(EMPTY, BORIS, "new", "kingdom"))[0].text.endswith(
        "Закрыты для новых столов также: «Вечерняя».")
    await service.command(EVENING, ADMIN, "settings", "столы открыть")
    opened, = await service.command(EMPTY, ADMIN, "settings", "столы открыть")
    assert opened.text.startswith("Дина открывает эту тему для новых столов.")
    anywhere, = await service.command(EMPTY, ADMIN, "settings", "столы везде")
    assert anywhere.text.startswith("Дина разрешает открывать новые столы и в «Общем».")
    assert "собирает игру" in (await service.command(GENERAL, BORIS, "new", "kingdom"))[0].text
    no_topics, = await service.command(Chat(-4600, title="Друзья"), ADMIN, "settings", "столы только в темах")
    assert no_topics.text.startswith("В этом чате нет тем")


async def test_a_rematch_does_not_open_where_new_tables_may_not(service):
    final = await finish(service, EVENING)
    await service.command(EVENING, ADMIN, "settings", "столы закрыть")
    refused = await service.button(EVENING, ANYA, rematch_data(final))
    assert refused.alert and refused.toast.startswith("Эта тема закрыта для новых столов.")
    await service.command(EVENING, ADMIN, "settings", "столы открыть")
    again = await service.button(EVENING, ANYA, rematch_data(final))
    assert "предлагает реванш" in again.replies[0].text


# --- /tables ------------------------------------------------------------------------------------------------------


async def test_tables_lists_every_open_table_and_an_administrator_aborts_one(service, clock):
    await begin(service, EVENING)
    await service.command(GENERAL, VERA, "new", "kingdom")
    clock.now += 2 * HOUR + 5 * MINUTE + 42  # shown in whole minutes
    turn = await mover(service, EVENING)
    listing, = await service.command(EMPTY, GLEB, "tables", "")
    assert listing.text.splitlines() == [
        "<b>Открытые столы чата</b> (2 стола)",
        "1. тема «Общее»: «Kingdom Builder» — Вера; набор игроков, ещё не начали",
        '2. тема <a href="https://t.me/c/1234500/5">«Вечерняя»</a>: «Kingdom Builder» — Аня, Борис; '
        f"ходит {turn.name}, ждём 2 часа 5 минут"]
    assert not listing.buttons  # not an administrator
    listing, = await service.command(GENERAL, ADMIN, "tables", "")
    assert [text for text, _ in keys(listing)] == ["⛔ Прервать стол 1", "⛔ Прервать стол 2"]
    evening = keys(listing)[1][1]
    refused = await service.button(GENERAL, GLEB, evening)
    assert refused.alert and refused.toast.startswith("Прервать партию может только")
    asked = await service.button(GENERAL, ADMIN, evening)
    assert asked.edit.text.startswith("Прервать партию «Kingdom Builder» (тема")
    yes, no = asked.edit.buttons[0]
    assert len(yes.data.encode()) <= 64 and buttons.decode(yes.data)[0] == buttons.TABLES_YES
    assert (await service.button(GENERAL, GLEB, no.data)).toast.startswith("Прервать партию может только")
    kept = await service.button(GENERAL, ADMIN, no.data)
    assert kept.toast == "Стол играет дальше." and "Открытые столы чата" in kept.edit.text
    done = await service.button(GENERAL, ADMIN, yes.data)
    assert done.edit.text.startswith("Дина прерывает партию «Kingdom Builder» (тема")
    told, = done.replies  # the table's players hear it at their table
    assert told.topic == 5 and told.text == "Дина прерывает партию «Kingdom Builder». Новая — /new."
    assert (await service.store.game(buttons.decode(evening)[1])).status == ABORTED
    again = await service.button(GENERAL, ADMIN, yes.data)
    assert again.toast == "Эта партия уже прервана." and again.clear_buttons
    stale = await service.button(GENERAL, ADMIN, evening)  # the old listing: a fresh one instead
    assert stale.toast == "Эта партия уже прервана." and "(1 стол)" in stale.edit.text


async def test_tables_refuses_a_press_after_the_table_changed_and_works_without_topics(service, clock):
    group = Chat(id=-4700, title="Друзья")
    await begin(service, group)
    clock.now += 3 * MINUTE + 59
    listing, = await service.command(group, ADMIN, "tables", "")
    assert "1. этот чат: «Kingdom Builder» — Аня, Борис; ходит" in listing.text
    assert listing.text.endswith(", ждём 3 минуты")
    asked = await service.button(group, ADMIN, keys(listing)[0][1])
    yes = asked.edit.buttons[0][0].data
    player = await mover(service, group)
    row = await service.store.open_game(group.id)
    action = next(a for a in KB.legal_actions(KB.load(row.state)) if a.startswith("build"))
    await service.command(group, player, *action.split(" ", 1))  # the game moves on meanwhile
    stale = await service.button(group, ADMIN, yes)
    assert stale.toast.startswith("Партия изменилась после вопроса") and stale.alert
    assert (await service.store.open_game(group.id)) is not None
    nothing, = await service.command(Chat(-4800, title="Пусто"), ADMIN, "tables", "")
    assert nothing.text == "В этом чате сейчас нет открытых столов. Новый — /new."
    private, = await service.command(Chat(ANYA.id, private=True), ANYA, "tables", "")
    assert "в группе" in private.text


async def test_games_in_private_links_each_table(service):
    await begin(service, EVENING)
    await service.shown(("board", (await service.store.open_game(FORUM, 5)).id), 77)
    listing, = await service.command(Chat(ANYA.id, private=True), ANYA, "games", "")
    assert '<a href="https://t.me/c/1234500/5/77">к столу</a>' in listing.text


# --- aborts and begins ---------------------------------------------------------------------------------------------


async def test_an_abort_question_is_answered_by_who_may_abort_and_not_after_the_game_is_gone(service):
    await begin(service, EVENING)
    question, = await service.command(EVENING, ANYA, "abort", "")
    yes, no = question.buttons[0]
    refused = await service.button(EVENING, BORIS, no.data)
    assert refused.alert and refused.toast == "Прервать партию может только тот, кто её открыл, или администратор чата."
    second, = await service.command(EVENING, ADMIN, "abort", "")
    done = await service.button(EVENING, ADMIN, second.buttons[0][0].data)
    assert done.replies[0].text == "Дина прерывает партию «Kingdom Builder». Новая — /new."
    late = await service.button(EVENING, ANYA, no.data)  # «Играем дальше!» no more
    assert late.toast == "Эта партия уже прервана." and late.clear_buttons
    late = await service.button(EVENING, ANYA, yes.data)
    assert late.toast == "Эта партия уже прервана."
    await begin(service, EVENING)
    await service.command(EVENING, ANYA, "leave", "")
    last, = await service.command(EVENING, BORIS, "leave", "")  # the last person leaves: that aborts it too
    assert last.text == ("Борис выходит из партии, и за столом не остаётся ни одного игрока: партия прервана. "
                         "Новая — /new.")


async def test_who_begins_is_one_rule_for_a_new_table_and_a_rematch(service):
    await service.command(EVENING, ANYA, "new", "kingdom")
    await service.command(EVENING, BORIS, "join", "")
    await service.command(EVENING, VERA, "join", "")
    refused, = await service.command(EVENING, BORIS, "begin", "")
    assert refused.text == "Партию начинает тот, кто открыл стол: Аня."
    row = await service.store.open_game(FORUM, 5)
    pressed = await service.button(EVENING, BORIS, buttons.encode(buttons.BEGIN, row.id))
    assert pressed.toast == refused.text
    outsider, = await service.command(EVENING, GLEB, "begin", "")
    assert outsider.text.startswith("Начать партию может только тот, кто сидит за столом.")
    await service.command(EVENING, ANYA, "leave", "")  # the opener has left: anyone at the table begins
    board, *_ = await service.command(EVENING, BORIS, "begin", "")
    assert "началась" in board.text
    assert (await service.store.open_game(FORUM, 5)).status != LOBBY


async def test_a_lobby_s_players_wait_for_the_start_and_an_administrator_may_set_the_table_at_once(service):
    await service.command(EMPTY, ANYA, "new", "kingdom")
    await service.command(EMPTY, BORIS, "join", "")
    refused, = await service.command(EMPTY, BORIS, "settings", "лимит 6ч")
    assert refused.text.startswith("Партия ещё не началась") and (await service.chat_settings(FORUM, 9)).time_limit \
        is None
    admin, = await service.command(EMPTY, ADMIN, "settings", "лимит 6ч")
    assert admin.text.startswith("Дина даёт за этим столом на ход 6 часов.")
    await service.command(EMPTY, ANYA, "begin", "")
    done, = await service.command(EMPTY, BORIS, "settings", "лимит 12ч")  # a player of the running game may
    assert done.text.startswith("Борис даёт за этим столом на ход 12 часов.")


async def test_a_new_table_starts_from_the_chat_s_settings_and_a_rematch_keeps_the_table_s(service):
    await begin(service, EMPTY, players=(GLEB, VERA))
    await service.command(EMPTY, GLEB, "settings", "лимит 1с")
    await service.command(EMPTY, GLEB, "abort", "")
    row = await service.store.open_game(FORUM, 9)
    await service.button(EMPTY, GLEB, buttons.encode(buttons.ABORT_YES, row.id, row.version))
    assert (await service.chat_settings(FORUM, 9)).time_limit == 1  # nobody plays there: nothing runs by it
    lobby, = await service.command(EMPTY, ANYA, "new", "kingdom")
    assert "Настройки стола — снова как во всём чате (/settings)." in lobby.text
    assert (await service.chat_settings(FORUM, 9)).time_limit is None  # the next table is not caught by it
    await service.command(EMPTY, ANYA, "leave", "")
    again, = await service.command(EMPTY, ANYA, "new", "kingdom")
    assert "Настройки стола" not in again.text  # nothing to say when there was nothing of its own
    final = await finish(service, EVENING)
    late, = await service.command(EVENING, ANYA, "settings", "лимит 6ч")  # the game is over: no player now
    assert late.text.startswith("За этим столом сейчас нет партии")
    await service.command(EVENING, ADMIN, "settings", "лимит 6ч")  # an administrator may still
    await service.button(EVENING, ANYA, rematch_data(final))
    assert (await service.chat_settings(FORUM, 5)).time_limit == 6 * HOUR


async def test_tables_marks_a_table_whose_topic_was_closed_or_deleted(service, clock):
    await begin(service, EVENING)
    await service.topics.closed(EVENING)
    listing, = await service.command(GENERAL, ADMIN, "tables", "")
    assert listing.text.splitlines()[1].startswith(
        '1. тема <a href="https://t.me/c/1234500/5">«Вечерняя»</a> (тема закрыта): «Kingdom Builder»'), listing.text
    await service.topics.deleted(EVENING)
    listing, = await service.command(GENERAL, ADMIN, "tables", "")
    assert "(тема удалена)" in listing.text and [text for text, _ in keys(listing)] == ["⛔ Прервать стол 1"]
    await service.topics.reopened(EVENING)
    listing, = await service.command(GENERAL, ADMIN, "tables", "")
    assert "тема закрыта" not in listing.text and "тема удалена" not in listing.text
