"""What a t.me start link and a personal inline query carry to name a table: the public token of its game (random,
stored with the game: `bot.storage.base.new_token`), never a game id or a chat id. Game ids are counted one by one
and chat ids can be read off public groups, so either would let a stranger walk through other chats' tables.

>>> start_payload("Ab3_-xYz0Q9w"), link_token("tAb3_-xYz0Q9w"), link_token("g-1001234_7")
('tAb3_-xYz0Q9w', 'Ab3_-xYz0Q9w', None)
>>> is_old_link("g-1001234_7"), is_old_link("g-1001234"), is_old_link("tAb3_-xYz0Q9w")
(True, True, False)
>>> choice_query("Ab3_-xYz0Q9w"), query_token("#Ab3_-xYz0Q9w"), query_token("#7"), query_token("провиант")
('#Ab3_-xYz0Q9w', 'Ab3_-xYz0Q9w', None, None)
>>> is_old_query("#7"), is_old_query("# 7"), is_old_query("#Ab3_-xYz0Q9w")
(True, False, False)
"""

from __future__ import annotations

import re

TOKEN = r"[A-Za-z0-9_-]{8,32}"  # new tokens are 12 characters; those given to older games at the upgrade, 16
CHAT_OPENED = "hi"  # a start link from a group where no game is open: it only opens the private chat
_LINK = re.compile(rf"t({TOKEN})")
_OLD_LINK = re.compile(r"g-?[0-9]{1,19}(?:_[0-9]{1,12})?")  # g<chat id>_<topic>, given out before tokens
_QUERY = re.compile(rf"#({TOKEN})")
_OLD_QUERY = re.compile(r"#[0-9]{1,12}")  # #<game id>, the old buttons' inline query


def start_payload(token: str) -> str:
    """The start parameter of a link to the table of the game with this token (Telegram allows A-Z, a-z, 0-9, _
    and - there, up to 64 characters)."""
    return f"t{token}"


def link_token(payload: str) -> str | None:
    """The game token a start parameter names; None if it names none."""
    match = _LINK.fullmatch(payload)
    return match[1] if match else None


def is_old_link(payload: str) -> bool:
    """A start parameter of the links given out before tokens (a chat id and a topic): no longer followed."""
    return _OLD_LINK.fullmatch(payload) is not None


def choice_query(token: str) -> str:
    """The inline query of the button that opens a player's hidden choices in the game with this token."""
    return f"#{token}"


def query_token(query: str) -> str | None:
    """The game token of an inline query for hidden choices; None for any other query (a rules search)."""
    match = _QUERY.fullmatch(query.strip())
    return match[1] if match else None


def is_old_query(query: str) -> bool:
    """The inline query of an old button that named its game by id (unless a token happens to be all digits:
    the caller asks for a game with that token first)."""
    return _OLD_QUERY.fullmatch(query.strip()) is not None
