"""Whose a setting is: the chat's (every table in it) or one table's (a forum topic, or the chat's only table).

A table stores only what its players set for it (`ChatSettings` field -> a JSON-safe value); the effective
settings of a table are the operator's defaults, the chat's changes on top, then the table's. The time zone
stays the chat's. This module says what a table may keep, how a change reads as a sentence at the table, and
which values of a table are its own.

>>> own = stored_change({}, ChatSettings().changed("limit", "2м"), "limit")
>>> own, table_only({**own, "timezone": "UTC"})
({'time_limit': 120}, {'time_limit': 120})
>>> change_sentence("Аня", "limit", ChatSettings().changed("limit", "2м"), AT_TABLE)
'Аня даёт за этим столом на ход 2 минуты.'
>>> change_sentence("Борис", "remind", ChatSettings().changed("remind", "выкл"), IN_CHAT)
'Борис отключает во всём чате напоминания о ходе.'
"""

from __future__ import annotations

from bot.table.timing.clock import format_duration
from bot.table.timing.settings import AWAY_TITLES, TILES_TITLES, TIMEOUT_TITLES, ChatSettings
from bot.table.timing.zones import timezone_title

# a setting's name after /settings (bot.table.timing.settings.FIELD_NAMES) -> its ChatSettings field
FIELDS = {"remind": "remind_after", "limit": "time_limit", "timeout": "on_timeout", "quiet": "quiet",
          "timezone": "timezone", "away": "on_away", "lobby": "lobby_expires", "tiles": "tiles"}
TABLE_NAMES = ("remind", "limit", "timeout", "quiet", "away")  # what a table may set for itself
TABLE_FIELDS = frozenset(FIELDS[name] for name in TABLE_NAMES)
# how a list names a setting
TITLES = {"remind": "напоминание о ходе", "limit": "время на ход", "timeout": "когда время на ход вышло",
          "quiet": "тихие часы", "away": "ход игрока в отъезде", "timezone": "часовой пояс",
          "lobby": "сколько ждёт набор", "tiles": "жетоны Kingdom Builder"}
AT_TABLE, IN_CHAT = "за этим столом", "во всём чате"
# a table's value typed as one of these goes back to the chat's
AS_CHAT = ("как в чате", "как во всем чате", "как у чата", "как у всех", "чат", "по чату", "chat")


def table_only(stored: dict) -> dict:
    """What of a table's stored values it may keep (an old or foreign key is ignored, never applied)."""
    return {key: value for key, value in stored.items() if key in TABLE_FIELDS}


def stored_change(own: dict, settings: ChatSettings, name: str) -> dict:
    """A table's own values (`own`) with the setting `name` now as in `settings`, JSON-safe."""
    field = FIELDS[name]
    value = getattr(settings, field)
    return {**own, field: str(value) if field == "quiet" and value is not None else value}


def is_as_chat(text: str) -> bool:
    return " ".join(text.lower().replace("ё", "е").split()) in AS_CHAT


def short_value(settings: ChatSettings, name: str) -> str:
    """A setting's value in a few words: «6 часов», «нет», «23:00–08:00»."""
    if name == "remind":
        return f"через {format_duration(settings.remind_after)}" if settings.remind_after else "не напоминать"
    if name == "limit":
        return format_duration(settings.time_limit, nominative=True) if settings.time_limit else "нет"
    if name == "timeout":
        return TIMEOUT_TITLES[settings.on_timeout]
    if name == "quiet":
        return str(settings.quiet) if settings.quiet else "нет"
    if name == "away":
        return AWAY_TITLES[settings.on_away]
    if name == "lobby":
        return format_duration(settings.lobby_expires, nominative=True) if settings.lobby_expires else "не закрывается"
    if name == "tiles":
        return TILES_TITLES[settings.tiles]
    return timezone_title(settings.timezone)


def change_sentence(who: str, name: str, settings: ChatSettings, where: str) -> str:
    """What the table (or the chat) is told when `who` (already escaped) sets `name` to its value in `settings`:
    a sentence in the present tense, right whoever says it."""
    if name == "remind":
        if settings.remind_after:
            return f"{who} ставит {where} напоминание о ходе через {format_duration(settings.remind_after)}."
        return f"{who} отключает {where} напоминания о ходе."
    if name == "limit":
        if settings.time_limit:
            return f"{who} даёт {where} на ход {format_duration(settings.time_limit)}."
        return f"{who} снимает {where} ограничение времени на ход."
    if name == "timeout":
        return f"{who} решает {where}: когда время на ход вышло, {TIMEOUT_TITLES[settings.on_timeout]}."
    if name == "quiet":
        return f"{who} ставит {where} тихие часы: {settings.quiet}." if settings.quiet else \
            f"{who} отключает {where} тихие часы."
    if name == "away":
        return f"{who} решает {where}: когда ход приходит к игроку в отъезде, {AWAY_TITLES[settings.on_away]}."
    if name == "lobby":
        if settings.lobby_expires:
            return (f"{who} решает {where}: набор, который никто не начал, закрывается через "
                    f"{format_duration(settings.lobby_expires)}.")
        return f"{who} решает {where}: набор, который никто не начал, не закрывается."
    if name == "tiles":
        return (f"{who} решает {where}: в новых партиях Kingdom Builder два жетона одного вида — "
                f"{TILES_TITLES[settings.tiles]}.")
    return f"{who} ставит {where} часовой пояс: {timezone_title(settings.timezone)}."


def back_sentence(who: str, name: str, settings: ChatSettings) -> str:
    """A table's own value given up: the chat's (`settings`) holds there again.

    >>> back_sentence("Аня", "quiet", ChatSettings())
    'Аня возвращает за этим столом тихие часы как во всём чате: 23:00–08:00.'
    """
    return f"{who} возвращает {AT_TABLE} {TITLES[name]} как {IN_CHAT}: {short_value(settings, name)}."


def own_line(own: dict, chat: ChatSettings) -> str:
    """Which values the table keeps for itself, each with the chat's beside it (or that it keeps none).

    >>> own_line({"time_limit": 120}, ChatSettings())
    '📍 Свои у этого стола: время на ход (во всём чате — нет). Остальное — как во всём чате.'
    """
    mine = [name for name in TABLE_NAMES if FIELDS[name] in own]
    if not mine:
        return "📍 У этого стола своих настроек нет: всё как во всём чате."
    listed = ", ".join(f"{TITLES[name]} ({IN_CHAT} — {short_value(chat, name)})" for name in mine)
    return f"📍 Свои у этого стола: {listed}. Остальное — как {IN_CHAT}."
