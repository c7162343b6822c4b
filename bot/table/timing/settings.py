"""A chat's settings for games that last days: when to remind the player to move, a time limit per turn and
what happens when it runs out, quiet hours in the chat's time zone.

The operator's defaults come from the environment (`ChatSettings.from_env`); a chat stores only what it
changed (`overrides`), so a new default reaches every chat that kept the old one.

>>> settings = ChatSettings().changed("remind", "6ч").changed("quiet", "с 22 до 9")
>>> settings.remind_after, str(settings.quiet), settings.overrides()
(21600, '22:00–09:00', {'remind_after': 21600, 'quiet': '22:00–09:00'})
>>> ChatSettings().changed("limit", "никогда").time_limit is None
True
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, fields, replace

from bot.table.timing.clock import (
    HOUR,
    QuietHours,
    format_duration,
    parse_optional_duration,
    parse_quiet_hours,
)
from bot.table.timing.zones import parse_timezone, timezone_name, timezone_title

SKIP, AUTOPILOT, WAIT = "skip", "autopilot", "wait"
TIMEOUT_WORDS = {SKIP: ("skip", "пропуск", "пропустить", "пропуск хода"),
                 AUTOPILOT: ("autopilot", "автопилот", "бот", "автоход")}
TIMEOUT_TITLES = {SKIP: "ход пропускается", AUTOPILOT: "за игрока ходит автопилот"}
# whose turn comes while they are away (/away): the table waits for them, or the autopilot plays it
AWAY_WORDS = {WAIT: ("wait", "ждать", "ждем", "ожидание", "подождать"),
              AUTOPILOT: ("autopilot", "автопилот", "бот", "автоход")}
AWAY_TITLES = {WAIT: "ждём его", AUTOPILOT: "за него ходит автопилот"}
# Kingdom Builder's two location tiles of one kind in a turn: EACH acts once (the designers' FAQ), or one action
# of a KIND (the Russian box: «не может совершить действие фермы дважды»)
EACH, KIND = "each", "kind"
TILES_WORDS = {EACH: ("each", "каждый", "каждый жетон", "авторы", "как авторы", "faq", "два"),
               KIND: ("kind", "коробка", "по коробке", "русская коробка", "как в коробке", "вид", "по виду", "один")}
TILES_TITLES = {EACH: "каждый жетон — раз за ход (как авторы)",
                KIND: "жетон одного вида — раз за ход (как русская коробка)"}

# The settings a chat can change, by the names players type after /settings (Russian or English).
FIELD_NAMES = {
    "remind": ("remind", "reminder", "напоминание", "напоминать", "напомнить"),
    "limit": ("limit", "лимит", "время", "время на ход"),
    "timeout": ("timeout", "таймаут", "тайм-аут", "по таймауту", "когда время вышло"),
    "quiet": ("quiet", "тихие", "тихие часы", "ночь", "не беспокоить"),
    "timezone": ("timezone", "tz", "пояс", "часовой пояс", "зона"),
    "away": ("away", "отъезд", "в отъезде", "отсутствие", "уехал"),
    "lobby": ("lobby", "набор", "лобби", "сбор"),
    "tiles": ("tiles", "жетоны", "жетоны локаций"),
}
# What a press of a setting's button switches to next: the usual values, round and round.
CYCLES = {
    "remind": (None, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR),
    "limit": (None, 6 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR),
    "timeout": (SKIP, AUTOPILOT),
    "quiet": (None, QuietHours(dt.time(22), dt.time(8)), QuietHours(dt.time(23), dt.time(8)),
              QuietHours(dt.time(0), dt.time(9))),
    "away": (WAIT, AUTOPILOT),
}
EXAMPLES = ("<code>/settings напоминание 6ч</code>, <code>/settings лимит 24ч</code> (или «выкл»), "
            "<code>/settings таймаут автопилот</code>, <code>/settings тихие 23-8</code>, "
            "<code>/settings пояс Екатеринбург</code>, <code>/settings отъезд автопилот</code>, "
            "<code>/settings жетоны коробка</code>")


@dataclass(frozen=True)
class ChatSettings:
    remind_after: int | None = 12 * HOUR  # seconds of waiting before the player to move is reminded; None: never
    time_limit: int | None = None  # seconds a turn may take; None: no limit
    on_timeout: str = SKIP  # when the limit runs out: SKIP the turn, or the AUTOPILOT plays it
    quiet: QuietHours | None = QuietHours(dt.time(23), dt.time(8))  # no reminders then (the chat's time)
    timezone: str = "Europe/Moscow"  # an IANA name or "UTC+05:00"
    on_away: str = WAIT  # the turn of a player who is away (/away): WAIT for them, or the AUTOPILOT plays it
    lobby_expires: int | None = 24 * HOUR  # seconds a lobby nobody began keeps its table; None: for ever
    tiles: str = EACH  # Kingdom Builder's tiles of one kind in a turn (EACH or KIND), for games begun after

    @classmethod
    def from_env(cls, env: dict[str, str]) -> ChatSettings:
        """The operator's defaults: TURN_REMINDER_AFTER, TURN_TIME_LIMIT, TURN_TIMEOUT, QUIET_HOURS, TIMEZONE,
        AWAY_TURN, LOBBY_CLOSE_AFTER, KINGDOM_TILES (missing ones keep ours). ValueError, in Russian and naming the
        variable, for a wrong value."""
        settings = cls()
        for variable, name in (("TURN_REMINDER_AFTER", "remind"), ("TURN_TIME_LIMIT", "limit"),
                               ("TURN_TIMEOUT", "timeout"), ("QUIET_HOURS", "quiet"), ("TIMEZONE", "timezone"),
                               ("AWAY_TURN", "away"), ("LOBBY_CLOSE_AFTER", "lobby"), ("KINGDOM_TILES", "tiles")):
            value = env.get(variable, "").strip()
            if value:
                try:
                    settings = settings.changed(name, value)
                except ValueError as error:
                    raise ValueError(f"{variable}={value}: {error}") from None
        return settings

    def changed(self, name: str, text: str) -> ChatSettings:
        """These settings with one of them set from what a person typed; ValueError (Russian) if it is wrong."""
        if name == "remind":
            return replace(self, remind_after=parse_optional_duration(text))
        if name == "limit":
            return replace(self, time_limit=parse_optional_duration(text))
        if name == "lobby":
            return replace(self, lobby_expires=parse_optional_duration(text))
        if name == "timeout":
            wanted = " ".join(text.lower().replace("ё", "е").split())
            choice = next((key for key, words in TIMEOUT_WORDS.items() if wanted in words), None)
            if choice is None:
                raise ValueError("Когда время на ход вышло, можно пропустить ход («пропуск») или отдать его "
                                 "автопилоту («автопилот»).")
            return replace(self, on_timeout=choice)
        if name == "quiet":
            return replace(self, quiet=parse_quiet_hours(text))
        if name == "timezone":
            return replace(self, timezone=timezone_name(parse_timezone(text)))
        if name == "away":
            wanted = " ".join(text.lower().replace("ё", "е").split())
            choice = next((key for key, words in AWAY_WORDS.items() if wanted in words), None)
            if choice is None:
                raise ValueError("Когда ход приходит к игроку в отъезде, можно ждать его («ждать») или отдать "
                                 "ход автопилоту («автопилот»).")
            return replace(self, on_away=choice)
        if name == "tiles":
            wanted = " ".join(text.lower().replace("ё", "е").split())
            choice = next((key for key, words in TILES_WORDS.items() if wanted in words), None)
            if choice is None:
                raise ValueError("Два жетона локаций одного вида в Kingdom Builder: каждый действует раз за ход "
                                 "(«каждый», как авторы) или действие вида — раз за ход («коробка», как в русской "
                                 "коробке).")
            return replace(self, tiles=choice)
        raise ValueError(f"Такой настройки нет. Можно так: {EXAMPLES}.")

    def cycled(self, name: str) -> ChatSettings:
        """The next of the usual values of a setting (a press of its button)."""
        field = {"remind": "remind_after", "limit": "time_limit", "timeout": "on_timeout", "quiet": "quiet",
                 "away": "on_away"}[name]
        values = CYCLES[name]
        current = getattr(self, field)
        following = values[(values.index(current) + 1) % len(values)] if current in values else values[0]
        return replace(self, **{field: following})

    def overrides(self, defaults: ChatSettings | None = None) -> dict:
        """What differs from `defaults`, as JSON-safe values (what a chat stores)."""
        base = defaults or ChatSettings()
        return {f.name: str(getattr(self, f.name)) if f.name == "quiet" and self.quiet else getattr(self, f.name)
                for f in fields(self) if getattr(self, f.name) != getattr(base, f.name)}

    def with_overrides(self, stored: dict) -> ChatSettings:
        """These settings (the defaults) with what a chat stored on top."""
        values = dict(stored)
        if values.get("quiet"):
            values["quiet"] = QuietHours.parse(values["quiet"])
        known = {f.name for f in fields(self)}
        return replace(self, **{k: v for k, v in values.items() if k in known})

    @property
    def tz(self) -> dt.tzinfo:
        return parse_timezone(self.timezone)

    def lines(self, whole_chat: bool = True) -> list[str]:
        """The settings as Russian lines for /settings; a rule reading of one game (Kingdom Builder's tiles) only in
        the whole chat's (a table of another game has nothing to do with it)."""
        remind = f"через {format_duration(self.remind_after)}" if self.remind_after else "не напоминать"
        limit = format_duration(self.time_limit, nominative=True) if self.time_limit else "нет"
        lines = [f"⏰ Напомнить игроку о ходе: {remind}",
                 f"⌛ Время на ход: {limit}"]
        if self.time_limit:
            lines.append(f"   Когда оно вышло: {TIMEOUT_TITLES[self.on_timeout]}")
        lines.append(f"🌙 Тихие часы: {self.quiet or 'нет'}")
        lines.append(f"🕰 Часовой пояс: {timezone_title(self.timezone)}")
        lines.append(f"✈️ Ход игрока в отъезде: {AWAY_TITLES[self.on_away]}")
        lines.append(f"🪑 {lobby_line(self.lobby_expires)}")
        if whole_chat:
            lines.append(f"🏰 Kingdom Builder, два жетона одного вида: {TILES_TITLES[self.tiles]}")
        return lines

    def game_options(self, game: str) -> dict:
        """The options a new game of `game` starts with under these settings (`rules.protocol.Game.new`)."""
        return {"one_per_kind": True} if game == "kingdom" and self.tiles == KIND else {}

    def button_labels(self) -> dict[str, str]:
        """Short labels of the /settings buttons (each press switches to the next usual value)."""
        remind = format_duration(self.remind_after, nominative=True) if self.remind_after else "не напоминать"
        limit = format_duration(self.time_limit, nominative=True) if self.time_limit else "без лимита"
        return {
            "remind": f"⏰ {remind}",
            "limit": f"⌛ {limit}",
            "timeout": "⏭ пропуск хода" if self.on_timeout == SKIP else "🤖 автопилот",
            "quiet": f"🌙 {self.quiet}" if self.quiet else "🌙 без тихих часов",
            "away": "✈️ в отъезде: ждём" if self.on_away == WAIT else "✈️ в отъезде: автопилот",
        }


def lobby_line(expires: int | None) -> str:
    """How long a lobby nobody began keeps its table (`bot.table.seating.lobby`).

    >>> lobby_line(24 * HOUR), lobby_line(None)
    ('Набор, который никто не начал, закрывается через 1 день', 'Набор, который никто не начал, не закрывается')
    """
    return ("Набор, который никто не начал, " + (f"закрывается через {format_duration(expires)}" if expires
                                                  else "не закрывается"))


def field_of(word: str) -> str | None:
    """The setting a typed name means: «напоминание» -> "remind"; None if none."""
    wanted = " ".join(word.lower().replace("ё", "е").split())
    return next((name for name, words in FIELD_NAMES.items() if wanted in words), None)


def parse_command(args: str) -> tuple[str, str] | None:
    """`/settings <name> <value>` split as (setting, value text): the longest known name at the start.

    >>> parse_command("тихие часы с 23 до 8"), parse_command("лимит выкл"), parse_command("цвет синий")
    (('quiet', 'с 23 до 8'), ('limit', 'выкл'), None)
    """
    words = args.split()
    for size in range(min(4, len(words)), 0, -1):
        name = field_of(" ".join(words[:size]))
        if name is not None:
            return name, " ".join(words[size:])
    return None
