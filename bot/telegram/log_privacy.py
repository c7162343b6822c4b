"""What the log never holds, at any level: the bot's token, the webhook's secret, and what players were sent or
wrote in private (hidden cards among it).

python-telegram-bot and httpx write the token into every request URL they log (`/bot<token>/sendMessage`), and
at DEBUG python-telegram-bot logs each update it gets and the parameters of each request it makes (so private
messages, hidden hands and the webhook's secret in `setWebhook`); httpcore and hpack log the bytes on the wire,
aiosqlite every statement with its values (a game's state: its decks in order and every hand).
`LogPrivacy` sits on the handlers of the root logger: it drops those libraries' DEBUG records (the INFO line of
each request stays, its URL without the token) and writes `***` for the token's secret part and for the secret
wherever they still appear, in the message, its arguments and a traceback.

    install(settings.token, settings.webhook_secret)  # after logging.basicConfig
    hide(generated_secret)  # a secret made later (a webhook secret generated at start)
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable
from urllib.parse import quote

HIDDEN = "***"
# libraries whose DEBUG records are dumps of updates, requests and answers, headers and bytes, and (aiosqlite)
# of every statement with its values: a game's state is the order of its decks and every hidden hand
PAYLOAD_LOGGERS = ("telegram", "httpx", "httpcore", "hpack", "h11", "h2", "aiosqlite")
SHORTEST = 4  # a shorter value would blank out ordinary words: such a token is no real one
# a secret named as such in a request or a header, whatever its value (one not told to `hide` too)
NAMED_SECRET = re.compile(r"(?i)(secret[_-]token(?:b?['\"])?\s*[:=,]\s*(?:b?['\"])?)[A-Za-z0-9_-]+")


def secret_parts(token: str) -> list[str]:
    """What of a bot token must not be seen: the part after the colon (its number is the bot's public id), in
    every form a URL may give it.

    >>> secret_parts("123456:AAH-x_y"), secret_parts("")
    (['AAH-x_y'], [])
    """
    secret = token.partition(":")[2] or token
    return sorted({secret, quote(secret, safe="")}, key=len, reverse=True) if secret else []


class LogPrivacy(logging.Filter):
    """A handler's filter: drops the payload dumps, hides the token and the secrets in what is left."""

    def __init__(self, values: Iterable[str] = ()):
        super().__init__()
        self.values: list[str] = []
        for value in values:
            self.hide(value)

    def hide(self, value: str) -> None:
        """From now on `value` is written as *** wherever it appears."""
        if value and len(value) >= SHORTEST and value not in self.values:
            self.values = sorted([*self.values, value], key=len, reverse=True)  # a longer one first

    def clean(self, text: str) -> str:
        for value in self.values:
            if value in text:
                text = text.replace(value, HIDDEN)
        return NAMED_SECRET.sub(lambda match: match[1] + HIDDEN, text)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.INFO and record.name.split(".", 1)[0] in PAYLOAD_LOGGERS:
            return False
        try:
            message = record.getMessage()
        except Exception:  # arguments that do not fit the message: logging reports that itself, with them hidden
            message = f"{record.msg} {record.args}"
        record.msg, record.args = self.clean(message), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self.clean(record.stack_info)
        return True


def configure(level: str, token: str = "", *secrets: str) -> None:
    """The log on stderr at `level` (LOG_LEVEL), without `token` and `secrets` (`install`). httpx logs every
    request (each long poll) at INFO: below DEBUG only its warnings are kept."""
    logging.basicConfig(
        stream=sys.stderr,
        level=getattr(logging, level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        force=True,
    )
    if logging.getLogger().level > logging.DEBUG:
        logging.getLogger("httpx").setLevel(logging.WARNING)
    install(token, *secrets)


def installed() -> list[LogPrivacy]:
    """The filters on the root logger's handlers."""
    return [f for handler in logging.getLogger().handlers for f in handler.filters if isinstance(f, LogPrivacy)]


def install(token: str, *secrets: str) -> LogPrivacy:
    """Put one filter on every handler of the root logger (those `logging.basicConfig` made) that hides `token`
    and `secrets`; a handler that has one keeps it (the values are added to it)."""
    privacy = next(iter(installed()), None) or LogPrivacy()
    for value in (*secret_parts(token), *secrets):
        privacy.hide(value)
    for handler in logging.getLogger().handlers:
        if privacy not in handler.filters:
            handler.addFilter(privacy)
    return privacy


def hide(value: str) -> None:
    """A secret learnt after the start (a webhook secret the bot generated): hidden from now on."""
    for privacy in installed():
        privacy.hide(value)
