"""`/settings`: a chat's reminders, time limit and quiet hours, shown to anyone and changed by the game's
creator or a chat administrator, with buttons (each press switches to the next usual value) or typed
(`/settings напоминание 6ч`). A part of `bot.table.service.Service`.
"""

from __future__ import annotations

from bot.storage.base import (
    GameRow,
)
from bot.table import buttons
from bot.table.core import Table
from bot.table.replies import Button, ButtonAnswer, Chat, Reply, User
from bot.table.texts import plain
from bot.table.timing.settings import EXAMPLES, ChatSettings, parse_command
from bot.table.turns import Turns


class SettingsMenu:
    def __init__(self, table: Table):
        self.table = table

    async def command(self, chat: Chat, user: User, row: GameRow | None, args: str) -> list[Reply]:
        settings = await self.table.chat_settings(chat.id)
        if not args:
            return [self._settings_reply(settings)]
        refusal = self._settings_refusal(user, row)
        if refusal:
            return [Reply(refusal)]
        parsed = parse_command(args)
        if parsed is None:
            return [Reply(f"Не знаю такой настройки. Можно так: {EXAMPLES}.")]
        try:
            settings = settings.changed(*parsed)
        except ValueError as error:
            return [Reply(f"❌ {plain(str(error))}")]
        await self.table.store.set_chat_overrides(chat.id, settings.overrides(self.table.defaults))
        await Turns(self.table).reschedule(chat.id)  # the pending reminders and deadlines follow the new settings
        return [self._settings_reply(settings, "Готово.")]

    async def button(self, chat: Chat, user: User, index: int) -> ButtonAnswer:
        if not 0 <= index < len(buttons.SETTING_NAMES):
            return ButtonAnswer(toast="Не понимаю эту кнопку.")
        refusal = self._settings_refusal(user, await self.table.store.open_game(chat.id, chat.topic))
        if refusal:
            return ButtonAnswer(toast=refusal, alert=True)
        settings = (await self.table.chat_settings(chat.id)).cycled(buttons.SETTING_NAMES[index])
        await self.table.store.set_chat_overrides(chat.id, settings.overrides(self.table.defaults))
        await Turns(self.table).reschedule(chat.id)  # the pending reminders and deadlines follow the new settings
        return ButtonAnswer(edit=self._settings_reply(settings))

    @staticmethod
    def _settings_refusal(user: User, row: GameRow | None) -> str | None:
        if user.is_admin or (row is not None and row.creator_id == user.id):
            return None
        return "Настройки чата меняет администратор чата или тот, кто начал текущую партию."

    @staticmethod
    def _settings_reply(settings: ChatSettings, lead: str = "") -> Reply:
        labels = settings.button_labels()
        keys = [Button(labels[name], buttons.encode(buttons.SETTING, i)) for i, name in enumerate(buttons.SETTING_NAMES)
                if name != "timeout" or settings.time_limit]
        text = "\n".join(([lead] if lead else []) + ["<b>Настройки чата</b>", *settings.lines(),
                                                       f"\nИзменить: кнопками или так: {EXAMPLES}."])
        return Reply(text, buttons=[[key] for key in keys])
