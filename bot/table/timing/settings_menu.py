"""`/settings`: the settings of the table where it is typed (its reminders, time limit, quiet hours, away), of
the whole chat, and where new tables may open. Anyone may look. A table's own settings change by its players and
the chat's administrators (`/settings лимит 2ч`, or the buttons under `/settings`); the whole chat's by the
administrators alone (`/settings чат лимит 2ч`, and the buttons under `/settings чат`), as do the time zone and
where tables open (`/settings столы только в темах`, `/settings столы закрыть` in a topic). Every change is said
at the table it was made at, by name (`bot.table.timing.scopes`). A part of `bot.table.service.Service`.
"""

from __future__ import annotations

from bot.replies import buttons
from bot.replies.names import plain
from bot.replies.reply import Button, ButtonAnswer, Chat, Reply, User
from bot.storage.base import GameRow
from bot.table import rights
from bot.table.core import Table
from bot.table.texts import topic_name
from bot.table.timing.scopes import (
    AT_TABLE,
    FIELDS,
    IN_CHAT,
    back_sentence,
    change_sentence,
    is_as_chat,
    own_line,
    stored_change,
    table_only,
)
from bot.table.timing.settings import EXAMPLES, ChatSettings, parse_command
from bot.table.turns import Turns

# `/settings чат …`: the whole chat's value rather than this table's
CHAT_WORDS = ("чат", "чата", "chat")
# `/settings столы …`: where new tables may open
PLACES = ("столы", "новые столы", "tables")
# `/settings стол …`: this table's value (what a setting without «чат» means anyway)
TABLE_WORDS = ("стол", "table")
ONLY_TOPICS, ANYWHERE, CLOSE, OPEN = "only topics", "anywhere", "close", "open"
PLACE_WORDS = {ONLY_TOPICS: ("только в темах", "в темах", "только темы", "topics"),
               ANYWHERE: ("везде", "где угодно", "всюду", "anywhere"),
               CLOSE: ("закрыть", "закрыта", "закрыты", "не здесь", "нет", "close"),
               OPEN: ("открыть", "открыта", "открыты", "здесь", "да", "open")}
TABLE_HOW = ("Изменить для этого стола (его игроки и администраторы чата): кнопками или так: "
             "<code>/settings напоминание 6ч</code>, <code>/settings лимит 24ч</code> (или «выкл»), "
             "<code>/settings таймаут автопилот</code>, <code>/settings тихие 23-8</code>, "
             "<code>/settings отъезд автопилот</code>; вернуть как во всём чате — "
             "<code>/settings лимит как в чате</code>.\nДля всего чата (только администраторы) — "
             "<code>/settings чат</code>: там же часовой пояс и где открываются новые столы.")
CHAT_HOW = ("Изменить для всего чата (только администраторы): кнопками или так: <code>/settings чат лимит 24ч</code>, "
            "<code>/settings чат тихие 23-8</code>, <code>/settings пояс Екатеринбург</code>, "
            "<code>/settings набор 12ч</code> (сколько ждёт набор, который никто не начал). Где открываются новые "
            "столы: <code>/settings столы только в темах</code> (или «везде»); в теме — "
            "<code>/settings столы закрыть</code> (или «открыть»). У стола могут быть свои настройки: "
            "/settings за этим столом.")


def _words(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def parse_places(args: str) -> str | None:
    """`столы только в темах` -> ONLY_TOPICS, `столы закрыть` -> CLOSE; None if `args` is not about that.

    >>> parse_places("столы только в темах"), parse_places("Столы закрыть"), parse_places("лимит 2ч")
    ('only topics', 'close', None)
    """
    words = _words(args)
    for name in sorted(PLACES, key=len, reverse=True):
        if words == name or words.startswith(name + " "):
            wanted = words[len(name):].strip()
            return next((key for key, values in PLACE_WORDS.items() if wanted in values), "")
    return None


class SettingsMenu:
    def __init__(self, table: Table, turns: Turns):
        self.table, self.turns = table, turns

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        first, _, rest = args.strip().partition(" ")
        whole_chat = _words(first) in CHAT_WORDS
        if whole_chat or _words(first) in TABLE_WORDS:
            args = rest.strip()
        if not args:
            return [await self.view(chat, whole_chat)]
        place = parse_places(args)
        if place is not None:
            return [await self._places(chat, user, row, place)]
        parsed = parse_command(args)
        if parsed is None:
            return [Reply(f"Не знаю такой настройки. Можно так: {EXAMPLES}.")]
        name, value = parsed
        # the time zone, how long lobbies wait and how the chat reads a rule: the chat's
        whole_chat = whole_chat or name in ("timezone", "lobby", "tiles")
        refusal = rights.chat_refusal(user, row) if whole_chat else rights.table_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        chat_wide = await self.table.chat_settings(chat.id)
        own = table_only(await self.table.store.table_overrides(chat.id, chat.topic))
        who = plain(user.name)
        if not whole_chat and is_as_chat(value):
            own.pop(FIELDS[name], None)
            await self._save(chat, False, own)
            return [await self.view(chat, False, back_sentence(who, name, chat_wide))]
        try:
            changed = (chat_wide if whole_chat else chat_wide.with_overrides(own)).changed(name, value)
        except ValueError as error:
            return [Reply(f"❌ {plain(str(error))}")]
        await self._save(chat, whole_chat, changed.overrides(self.table.defaults) if whole_chat
                         else stored_change(own, changed, name))
        return [await self.view(chat, whole_chat, change_sentence(who, name, changed, IN_CHAT if whole_chat
                                                                  else AT_TABLE))]

    async def button(self, chat: Chat, user: User, index: int, whole_chat: bool = True) -> ButtonAnswer:
        """A press of a setting's button: the next usual value, for the whole chat (SETTING) or this table
        (TABLE_SETTING); the settings message shows it, headed by who changed what."""
        if not 0 <= index < len(buttons.SETTING_NAMES):
            return ButtonAnswer(toast="Не понимаю эту кнопку.")
        row = await self.table.store.open_game(chat.id, chat.topic)
        refusal = rights.chat_refusal(user, row) if whole_chat else rights.table_refusal(user, row)
        if refusal:
            return ButtonAnswer(toast=refusal.replace("<code>", "").replace("</code>", ""), alert=True)
        name = buttons.SETTING_NAMES[index]
        chat_wide = await self.table.chat_settings(chat.id)
        if whole_chat:
            changed = chat_wide.cycled(name)
            await self._save(chat, True, changed.overrides(self.table.defaults))
        else:
            own = table_only(await self.table.store.table_overrides(chat.id, chat.topic))
            changed = chat_wide.with_overrides(own).cycled(name)
            await self._save(chat, False, stored_change(own, changed, name))
        sentence = change_sentence(plain(user.name), name, changed, IN_CHAT if whole_chat else AT_TABLE)
        return ButtonAnswer(edit=await self.view(chat, whole_chat, sentence))

    async def _save(self, chat: Chat, whole_chat: bool, values: dict) -> None:
        """Store the chat's changes of the defaults (`whole_chat`) or this table's own values."""
        if whole_chat:
            await self.table.store.set_chat_overrides(chat.id, values)
        else:
            await self.table.store.set_table_overrides(chat.id, chat.topic, values, chat.topic_title)
        await self.turns.reschedule(chat.id, None if whole_chat else chat.topic)  # pending timers follow at once

    async def _places(self, chat: Chat, user: User, row: GameRow | None, place: str) -> Reply:
        """`/settings столы …`: where new tables may open (administrators only)."""
        refusal = rights.chat_refusal(user, row)
        if refusal:
            return Reply(refusal)
        if not place:
            return Reply("Где открываются новые столы: <code>/settings столы только в темах</code> или "
                         "<code>/settings столы везде</code>; закрыть тему для новых столов — "
                         "<code>/settings столы закрыть</code> в ней (и «открыть»).")
        if chat.private:
            return Reply("В личке стол один, и он всегда открыт.")
        general = not chat.topic or place in (ONLY_TOPICS, ANYWHERE)
        closed = place in (ONLY_TOPICS, CLOSE)
        if general and closed and not chat.forum:
            return Reply("В этом чате нет тем: стол здесь один, и закрыть его для новых партий нельзя.")
        who = plain(user.name)
        if general:
            await self.table.store.set_topic_closed(chat.id, 0, closed)
            sentence = (f"{who} разрешает открывать новые столы только в темах." if closed
                        else f"{who} разрешает открывать новые столы и в «Общем».")
        else:
            await self.table.store.set_topic_closed(chat.id, chat.topic, closed, chat.topic_title)
            sentence = (f"{who} закрывает эту тему для новых столов." if closed
                        else f"{who} открывает эту тему для новых столов.")
        if closed and row is not None:
            sentence += " Здешняя партия идёт дальше."
        return await self.view(chat, False, sentence)

    async def view(self, chat: Chat, whole_chat: bool, lead: str = "") -> Reply:
        """The settings of this table (its own values marked) or of the whole chat, where new tables may open,
        and buttons that change them."""
        chat_wide = await self.table.chat_settings(chat.id)
        lines = [lead] if lead else []
        if whole_chat:
            settings = chat_wide
            lines += ["<b>Настройки всего чата</b>", *settings.lines()]
        else:
            own = table_only(await self.table.store.table_overrides(chat.id, chat.topic))
            settings = chat_wide.with_overrides(own)
            lines += ["<b>Настройки этого стола</b>", *settings.lines(whole_chat=False), own_line(own, chat_wide)]
        if not chat.private:
            lines += self._places_lines(await self.table.store.closed_topics(chat.id))
        lines += ["", CHAT_HOW if whole_chat else TABLE_HOW]
        return Reply("\n".join(lines), buttons=self._keys(settings, whole_chat))

    @staticmethod
    def _places_lines(closed: dict[int, str]) -> list[str]:
        lines = [f"🚪 Новые столы: {'только в темах' if 0 in closed else 'где угодно'}"]
        topics = [topic_name(topic, title) for topic, title in closed.items() if topic]
        if topics:
            lines.append(f"   Закрыты для новых столов темы: {', '.join(topics)}")
        return lines

    @staticmethod
    def _keys(settings: ChatSettings, whole_chat: bool) -> list[list[Button]]:
        labels = settings.button_labels()
        kind = buttons.SETTING if whole_chat else buttons.TABLE_SETTING
        return [[Button(labels[name], buttons.encode(kind, i))] for i, name in enumerate(buttons.SETTING_NAMES)
                if name != "timeout" or settings.time_limit]
