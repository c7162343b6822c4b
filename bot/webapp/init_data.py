"""Telegram's `initData`: who opened the Mini App, signed by Telegram with the bot's token.

As Telegram's Mini App documentation says ("Validating data received via the Mini App"): the secret key is the
HMAC-SHA256 of the bot token under the key "WebAppData"; the data-check-string is every field but `hash`, as
`key=value`, sorted by key and joined by line feeds; `hash` is the hex HMAC-SHA256 of that string under the secret
key. A signature older than `MAX_AGE` is refused too: a leaked one would otherwise serve forever.

    visitor = checked(request_init_data, settings.token)  # or Forged, with a Russian message
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qsl

MAX_AGE = 24 * 3600.0  # seconds a signature is taken after Telegram made it
MAX_LENGTH = 8192  # an initData is a few hundred bytes; more is not Telegram's
REOPEN = "откройте доску заново кнопкой «🗺 Открыть доску» в чате."


class Forged(ValueError):
    """initData that is not Telegram's signature for this bot, or too old: the Russian message says what to do."""


@dataclass(frozen=True)
class Visitor:
    """The Telegram user who opened the page, and what the link that opened it carried (`start_param`)."""

    id: int
    first_name: str
    last_name: str = ""
    username: str = ""
    start_param: str = ""

    @property
    def name(self) -> str:
        return " ".join(filter(None, (self.first_name, self.last_name)))


def secret_key(token: str) -> bytes:
    return hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()


def data_check_string(fields: dict[str, str]) -> str:
    """Every field but `hash`, as key=value, sorted by key, one a line."""
    return "\n".join(f"{key}={value}" for key, value in sorted(fields.items()) if key != "hash")


def signature(fields: dict[str, str], token: str) -> str:
    """The hex HMAC-SHA256 that Telegram puts into `hash` for these fields."""
    return hmac.new(secret_key(token), data_check_string(fields).encode(), hashlib.sha256).hexdigest()


def checked(init_data: str, token: str, clock: Callable[[], float] = time.time) -> Visitor:
    """The visitor of a genuine, fresh `init_data` (the query string Telegram hands the page); Forged otherwise."""
    if not init_data:
        raise Forged(f"Нет подписи Telegram: {REOPEN[0].upper()}{REOPEN[1:]}")
    try:
        if len(init_data) > MAX_LENGTH:
            raise ValueError("too long")
        pairs = parse_qsl(init_data, keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise Forged(f"Подпись Telegram не читается: {REOPEN}") from None
    fields = dict(pairs)
    given = fields.get("hash", "")
    if len(fields) != len(pairs) or not hmac.compare_digest(given.encode(), signature(fields, token).encode()):
        raise Forged(f"Подпись Telegram не сходится: {REOPEN}")
    auth_date = fields.get("auth_date", "")
    if not (auth_date.isascii() and auth_date.isdigit()) or clock() - int(auth_date) > MAX_AGE:
        raise Forged(f"Подпись Telegram устарела (ей больше суток): {REOPEN}")
    try:
        user = json.loads(fields["user"])
        return Visitor(int(user["id"]), str(user.get("first_name", "")), str(user.get("last_name", "")),
                       str(user.get("username", "")), fields.get("start_param", ""))
    except (KeyError, ValueError, TypeError):
        raise Forged(f"В подписи Telegram нет пользователя: {REOPEN}") from None
