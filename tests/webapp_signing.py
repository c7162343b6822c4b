"""initData as Telegram signs it for a Mini App (`bot.webapp.init_data`), for the tests to open the page as a user."""

from __future__ import annotations

import json
import time
from urllib.parse import urlencode

from bot.webapp.init_data import signature

TOKEN = "123:TEST"  # the test bot's token (tests/polling.py, tests/e2e_harness.py)


def sign(user_id: int, first_name: str, *, start_param: str = "", token: str = TOKEN,
         auth_date: float | None = None, **extra: str) -> str:
    """The initData query string Telegram would hand the page of this user."""
    user = {"id": user_id, "first_name": first_name, "language_code": "ru"}
    fields = {"query_id": "AAE-test", "user": json.dumps(user, ensure_ascii=False, separators=(",", ":")),
              "auth_date": str(int(time.time() if auth_date is None else auth_date)), **extra}
    if start_param:
        fields["start_param"] = start_param
    fields["hash"] = signature(fields, token)
    return urlencode(fields)
