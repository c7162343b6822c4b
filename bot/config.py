"""Settings from the environment, with a `.env` file in the working directory filling the gaps."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bot.table.timing.settings import ChatSettings

DEFAULT_API_URL = "https://api.telegram.org"
MAX_RENDER_WORKERS = 64
MAX_BOT_PROCESSES = 30  # one message a second each, at most
WEBHOOK_SECRET = re.compile(r"[A-Za-z0-9_-]{1,256}")  # what setWebhook's secret_token may be
SHORT_NAME = re.compile(r"[A-Za-z0-9_]{3,30}")  # what @BotFather accepts as a Mini App's short name


def parse_render_workers(text: str) -> int:
    """RENDER_WORKERS: how many processes draw the pictures; empty means one per core, 0 none (the bot's own
    process draws them). ValueError (Russian, naming the variable) for anything else.

    >>> parse_render_workers("3"), parse_render_workers(" 0 ")
    (3, 0)
    """
    text = text.strip()
    if not text:
        return os.cpu_count() or 1
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_RENDER_WORKERS:
        raise ValueError(f"RENDER_WORKERS={text}: нужно число процессов, которые рисуют картинки, от 0 до "
                         f"{MAX_RENDER_WORKERS}; 0 — рисовать в самом боте, пусто — по процессу на каждое ядро.")
    return int(text)


def parse_bot_processes(text: str) -> int:
    """BOT_PROCESSES: how many bot processes share the token (webhook mode behind one proxy), so that together
    they keep Telegram's limit of about 30 messages a second for the bot. ValueError (Russian) if unreadable.

    >>> parse_bot_processes(""), parse_bot_processes("3")
    (1, 3)
    """
    text = text.strip() or "1"
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_BOT_PROCESSES:
        raise ValueError(f"BOT_PROCESSES={text}: нужно число процессов бота с этим токеном, от 1 до "
                         f"{MAX_BOT_PROCESSES}; каждый отправляет не больше 30 сообщений в секунду, делённых на "
                         "это число.")
    return int(text)


def parse_webhook_secret(text: str, webhook_url: str, bot_processes: int) -> str:
    """TELEGRAM_WEBHOOK_SECRET: what Telegram's setWebhook accepts (1-256 of A-Z a-z 0-9 _ -). Empty is allowed
    for one process (it makes up its own secret), not for several behind one proxy: each would make up another.

    >>> parse_webhook_secret(" s3cret-Token_1 ", "https://bot.example.org/hook", 2)
    's3cret-Token_1'
    """
    text = text.strip()
    if text and not WEBHOOK_SECRET.fullmatch(text):
        raise ValueError("TELEGRAM_WEBHOOK_SECRET: Telegram принимает секрет только из латинских букв, цифр, _ и -, "
                         "от 1 до 256 символов.")
    if not text and webhook_url and bot_processes > 1:
        raise ValueError(f"TELEGRAM_WEBHOOK_SECRET не задан, а процессов бота за прокси {bot_processes} "
                         "(BOT_PROCESSES): каждый придумал бы свой секрет и отклонял бы запросы с чужим. Задайте "
                         "всем процессам один и тот же TELEGRAM_WEBHOOK_SECRET (латинские буквы, цифры, _ и -, до "
                         "256 символов).")
    return text


def parse_webapp_url(text: str) -> str:
    """WEBAPP_URL: the public address of the Mini App's page (https; http only for a test on this machine), without
    a trailing slash; empty: no Mini App. ValueError (Russian) for anything else.

    >>> parse_webapp_url(" https://bot.example.com/app/ "), parse_webapp_url("")
    ('https://bot.example.com/app', '')
    """
    text = text.strip().rstrip("/")
    if not text:
        return ""
    parts = urlsplit(text)
    local = parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost")
    if not (parts.scheme == "https" or local) or not parts.hostname or parts.query or parts.fragment:
        raise ValueError(f"WEBAPP_URL={text}: нужен публичный адрес страницы мини-приложения по HTTPS, например "
                         "https://bot.example.com/app (без ? и #); пусто — без мини-приложения.")
    return text


def parse_short_name(text: str) -> str:
    """WEBAPP_SHORT_NAME: the short name given to @BotFather's /newapp (empty: the bot's main Mini App).

    >>> parse_short_name(" board ")
    'board'
    """
    text = text.strip()
    if text and not SHORT_NAME.fullmatch(text):
        raise ValueError(f"WEBAPP_SHORT_NAME={text}: короткое имя мини-приложения из /newapp у @BotFather — "
                         "латинские буквы, цифры и _, от 3 до 30 символов; пусто — главное мини-приложение бота.")
    return text


def read_env_file(path: Path) -> dict[str, str]:
    """KEY=VALUE lines; blank lines and # comments skipped; optional quotes stripped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, value = line.split("=", 1)
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


@dataclass(frozen=True)
class Settings:
    token: str
    api_url: str
    database_path: str
    log_level: str
    webhook_url: str  # empty: long polling
    webhook_port: int
    database_url: str = ""  # postgresql://…: PostgreSQL instead of the SQLite file at database_path
    webhook_secret: str = ""  # Telegram sends it with every webhook request; others are refused. Empty: made up
    webhook_listen: str = "0.0.0.0"  # the address the webhook server listens on (behind a reverse proxy)
    # every chat's settings until it changes them (/settings): TURN_REMINDER_AFTER, TURN_TIME_LIMIT,
    # TURN_TIMEOUT, QUIET_HOURS, TIMEZONE, AWAY_TURN
    chat_defaults: ChatSettings = field(default_factory=ChatSettings)
    # processes that draw the pictures; 0: the bot's own process. `load` makes an unset RENDER_WORKERS one per core
    render_workers: int = 0
    bot_processes: int = 1  # processes sharing the token: each keeps its share of the bot's flood limit
    # the Mini App: the public address of its page (empty: no Mini App, no server, no buttons), where its server
    # listens (behind the proxy that serves WEBAPP_URL) and its @BotFather short name (empty: the main Mini App)
    webapp_url: str = ""
    webapp_listen: str = "127.0.0.1"
    webapp_port: int = 8081
    webapp_short_name: str = ""

    @classmethod
    def load(cls, env: dict[str, str] | None = None, env_file: Path = Path(".env")) -> Settings:
        """ValueError (Russian, naming the variable) for a chat default, RENDER_WORKERS, BOT_PROCESSES,
        TELEGRAM_WEBHOOK_SECRET, WEBAPP_URL or WEBAPP_SHORT_NAME that cannot be read (or a secret missing where several
        processes must share it)."""
        merged = read_env_file(env_file)
        merged.update(os.environ if env is None else env)
        webhook_url = merged.get("TELEGRAM_WEBHOOK_URL", "").strip()
        bot_processes = parse_bot_processes(merged.get("BOT_PROCESSES", ""))
        return cls(
            token=merged.get("TELEGRAM_BOT_TOKEN", "").strip(),
            api_url=(merged.get("TELEGRAM_API_URL") or DEFAULT_API_URL).rstrip("/"),
            database_path=merged.get("DATABASE_PATH") or "referee.db",
            database_url=merged.get("DATABASE_URL", "").strip(),
            log_level=(merged.get("LOG_LEVEL") or "INFO").upper(),
            webhook_url=webhook_url,
            webhook_port=int(merged.get("TELEGRAM_WEBHOOK_PORT") or 8443),
            webhook_secret=parse_webhook_secret(merged.get("TELEGRAM_WEBHOOK_SECRET", ""), webhook_url, bot_processes),
            webhook_listen=(merged.get("TELEGRAM_WEBHOOK_LISTEN") or "0.0.0.0").strip(),
            chat_defaults=ChatSettings.from_env(merged),
            render_workers=parse_render_workers(merged.get("RENDER_WORKERS", "")),
            bot_processes=bot_processes,
            webapp_url=parse_webapp_url(merged.get("WEBAPP_URL", "")),
            webapp_listen=(merged.get("WEBAPP_LISTEN") or "127.0.0.1").strip(),
            webapp_port=int(merged.get("WEBAPP_PORT") or 8081),
            webapp_short_name=parse_short_name(merged.get("WEBAPP_SHORT_NAME", "")),
        )

    @property
    def database(self) -> str:
        """What to open: DATABASE_URL when set, else the SQLite file DATABASE_PATH."""
        return self.database_url or self.database_path

    @property
    def webapp_path(self) -> str:
        """The path the Mini App's server serves at: that of WEBAPP_URL ("/app"; "" at the root)."""
        return urlsplit(self.webapp_url).path.rstrip("/")
