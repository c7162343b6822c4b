"""End to end through the fake Bot API: the real `python -m bot` asks Telegram whether the sender of /settings is an
administrator (getChatMember); a member's `/settings лимит 2м` is refused where he does not play and an
administrator's works; and issue 23's outsider, who opens a lobby in an empty topic, tries a 1-second limit, the
autopilot and no quiet hours, then leaves, changes nothing for the chat or the table playing in another topic.
An administrator sees every table with /tables and aborts one from General; its players hear it in their topic."""

from __future__ import annotations

import html
import signal

from e2e_harness import GROUP, REPLY_TIMEOUT, BotProcess
from test_telegram_e2e_topics import Forum

ANNA, BORIS, VERA, GLEB = 101, 102, 103, 104  # Вера is an administrator of the group; Глеб an outsider


def text_of(call) -> str:
    return html.unescape(call.text)


def test_settings_need_the_right_person_and_an_outsider_changes_nothing(server, tmp_path):
    server.admins.add((GROUP, VERA))
    evening = server.create_topic(GROUP, "Вечерняя")
    empty = server.create_topic(GROUP, "Пустая")
    forum = Forum(server)
    forum.bot = BotProcess(server, tmp_path, tmp_path / "bot.db", "rights")
    try:
        forum.command(evening, ANNA, "/new kingdom")
        forum.settle(forum.say(evening, BORIS, "/join"))
        forum.command(evening, ANNA, "/begin", photo=True)
        before = text_of(forum.command(evening, BORIS, "/settings"))
        assert "Время на ход: нет" in before and "🌙 Тихие часы: 23:00–08:00" in before, before

        # --- issue 23: an outsider's lobby in an empty topic, his settings, and he leaves
        lobby = forum.command(empty, GLEB, "/new kingdom")
        assert "собирает игру" in text_of(lobby), lobby.text
        for args in ("лимит 1с", "таймаут автопилот", "тихие выкл"):
            own = text_of(forum.command(empty, GLEB, f"/settings {args}"))  # a lobby's seat is no right
            assert own.startswith("Партия ещё не началась: настройки этого стола меняют её игроки"), own
            refused = text_of(forum.command(empty, GLEB, f"/settings чат {args}"))
            assert refused.startswith("Настройки всего чата меняют только администраторы чата."), refused
        assert "Время на ход: нет" in text_of(forum.command(empty, GLEB, "/settings"))
        since = forum.say(empty, GLEB, "/leave")  # the lobby message says so in place
        server.wait_for(lambda c: c.method == "editMessageText" and "набор закрыт" in c.text, REPLY_TIMEOUT, since)
        assert text_of(forum.command(evening, BORIS, "/settings")) == before  # the other table: as it was
        chat = text_of(forum.command(None, GLEB, "/settings чат"))
        assert "Время на ход: нет" in chat and "23:00–08:00" in chat and "пропускается" not in chat, chat
        fresh = forum.command(empty, BORIS, "/new kingdom")  # the next table in that topic is not caught either
        assert "собирает игру" in text_of(fresh)
        assert "Время на ход: нет" in text_of(forum.command(empty, BORIS, "/settings"))

        # --- /settings лимит 2м in General: a member who plays nowhere there is refused, an administrator is not
        asked = server.mark()
        refused = text_of(forum.command(None, GLEB, "/settings лимит 2м"))
        assert refused.startswith("За этим столом сейчас нет партии"), refused
        assert server.calls_of("getChatMember", since=asked), "Telegram was not asked who the sender is"
        done = text_of(forum.command(None, VERA, "/settings лимит 2м"))
        assert done.startswith("Вера даёт за этим столом на ход 2 минуты."), done
        whole = text_of(forum.command(None, VERA, "/settings чат лимит 2м"))
        assert whole.startswith("Вера даёт во всём чате на ход 2 минуты."), whole
        refused = text_of(forum.command(None, ANNA, "/settings чат лимит 5м"))
        assert refused.startswith("Настройки всего чата меняют только администраторы чата."), refused

        # --- the forum (Telegram says is_forum) may keep new tables out of General
        only = text_of(forum.command(None, VERA, "/settings столы только в темах"))
        assert only.startswith("Вера разрешает открывать новые столы только в темах."), only
        refused = text_of(forum.command(None, ANNA, "/new kingdom"))
        assert refused.startswith("В этом чате новые столы открываются только в темах"), refused

        # --- /tables: the administrator aborts the evening table from General
        listing = forum.command(None, VERA, "/tables")
        assert "«Вечерняя»" in text_of(listing) and f"https://t.me/c/{str(GROUP)[4:]}/{evening}" in listing.text
        abort = next(b["callback_data"] for row in listing.keyboard for b in row if b["text"] == "⛔ Прервать стол 1")
        since = server.mark()
        server.push_callback(GROUP, BORIS, "Борис", listing.message_id, abort)
        toast = server.wait_for(lambda c: c.method == "answerCallbackQuery", REPLY_TIMEOUT, since)
        assert "Прервать партию может только" in toast.params.get("text", ""), toast.params
        since = server.mark()
        server.push_callback(GROUP, VERA, "Вера", listing.message_id, abort)
        asked = server.wait_for(lambda c: c.method == "editMessageText" and c.error is None, REPLY_TIMEOUT, since)
        yes = next(b["callback_data"] for row in asked.keyboard for b in row if b["text"] == "Да, прервать")
        since = server.mark()
        server.push_callback(GROUP, VERA, "Вера", listing.message_id, yes)
        told = forum.reply(since, evening)
        assert text_of(told) == "Вера прерывает партию «Kingdom Builder». Новая — /new.", told.text
        assert "партии нет" in text_of(forum.command(evening, ANNA, "/board"))
    finally:
        assert forum.bot.stop(signal.SIGTERM) == 0
