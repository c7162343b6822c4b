"""The table as the Mini App shows it, and a move made there. A part of `bot.table.service.Service`.

`page` is the JSON the page draws for one person: the board as SVG (`render.registry.BOARDS`) from the same view
the picture is drawn from, with that person's own secrets only; and, when it is their turn, every legal action
with the places on the board that choose it (`Game.targets`). `move` takes exactly the path of a pressed move
button (the chat's order, the version check, the board to the group, notes, timers, bots after the player) and
hands back what the front end delivers to the chat, with the fresh page.
"""

from __future__ import annotations

import asyncio
import html
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.replies.names import as_seated, shown
from bot.replies.reply import ButtonAnswer, Chat, Reply, User
from bot.storage import DATABASE_ERRORS
from bot.storage.base import ACTIVE, LOBBY, GameRow, write_failure
from bot.table.core import Table, stale
from bot.table.links import TOKEN
from bot.table.moves import Moves, own_score
from bot.table.turns import Turns
from render.common import PLAYER_COLOURS
from render.registry import BOARDS
from rules.protocol import Game

log = logging.getLogger(__name__)

NO_TABLE = "Такой партии нет. Откройте доску заново кнопкой «🗺 Открыть доску» под доской в чате."
NO_BOARD = "Эту игру пока можно играть только кнопками в чате."
MOVED_ON = "Доска уже изменилась, ход не записан. Вот она сейчас."
NO_SUCH_MOVE = "Такого хода сейчас нет. Вот доска, как она есть."
BOTS_FIRST = "Сначала походили боты: вот свежая доска."
BUSY = "Стол как раз менялся, ход не записан. Попробуйте ещё раз."
SORRY = "Что-то пошло не так, ход не записан. Попробуйте ещё раз."
TAG = re.compile(r"<[^>]+>")
_TOKEN = re.compile(TOKEN)

Once = Callable[..., Awaitable[Any]]  # `Service._once`: a handler run in the chat's order, its writes exactly once


@dataclass
class AppMove:
    """What a move made in the Mini App did: the replies for the chat of its table (`chat`; None when nothing was
    done there) and the page to show now (with a `message` when the move was refused or something else happened)."""

    chat: Chat | None
    replies: list[Reply] = field(default_factory=list)
    page: dict = field(default_factory=dict)


def as_text(text: str) -> str:
    """A message's HTML as the page shows it, plain text (names are escaped in the HTML, so no tag is a name's)."""
    return html.unescape(TAG.sub("", text))


def chat_of(row: GameRow) -> Chat:
    """The chat and topic of the game's table (a private chat's id is the user's own, positive)."""
    return Chat(row.chat_id, private=row.chat_id > 0, title=row.chat_title, topic=row.topic,
                topic_title=row.topic_title)


def colour(index: int) -> str:
    return "#{:02x}{:02x}{:02x}".format(*PLAYER_COLOURS[index % len(PLAYER_COLOURS)])


class AppView:
    def __init__(self, table: Table, turns: Turns, moves: Moves, once: Once):
        self.table, self.turns, self.moves, self.once = table, turns, moves, once

    async def find(self, token: str) -> GameRow | None:
        return await self.table.store.game_by_token(token) if _TOKEN.fullmatch(token or "") else None

    async def page(self, user: User, token: str) -> dict:
        """The page of the game with this token, as `user` may see it; {"ok": False, "message"} for no such game."""
        row = await self.find(token)
        if row is None:
            return {"ok": False, "message": NO_TABLE}
        return await self.page_of(row, as_seated(user, row))

    async def page_of(self, row: GameRow, user: User) -> dict:
        game = self.table.game(row)
        seat = row.seat_of(user.id)
        page: dict[str, Any] = {"ok": True, "token": row.token, "game": row.game, "title": game.title,
                                "version": row.version, "status": row.status, "seat": seat, "board": None,
                                "notice": None, "secret": None, "my_score": None, "actions": [], "message": None}
        colours = await self.table.colours.of(row)
        if row.status == LOBBY or row.state is None:
            page["turn"] = "Партия ещё не началась: идёт набор игроков."
            page["players"] = [{"name": shown(s.name), "colour": colour(c), "score": None, "to_move": False,
                                "you": s.seat == seat} for s, c in zip(row.seats, colours, strict=True)]
            return page
        _, state = self.table.state(row)
        current = game.current_seat(state) if row.status == ACTIVE else None
        if game.is_over(state):
            page["turn"] = as_text(self.table.final_text(row, game, state, notify=False))
        elif current is None:
            page["turn"] = as_text(stale(row))
        else:
            page["turn"] = as_text(await self.table.turn_lines(row, current))
        scores = {entry["seat"]: open_score(game, state, entry) for entry in game.scores(state)}
        page["players"] = [{"name": shown(s.name), "colour": colour(c), "score": scores.get(s.seat),
                            "to_move": s.seat == current, "you": s.seat == seat, "bot": s.bot or s.away}
                           for s, c in zip(row.seats, colours, strict=True)]
        own = seat is not None and not row.seats[seat].away  # a seat the autopilot plays has no owner here
        page["board"] = await self.board(row, game, state, seat if own else None)
        if page["board"] is None:
            page["notice"] = NO_BOARD
        if own:
            page["secret"] = game.secret(state, seat)
            page["my_score"] = own_score(game, state, seat)
        if own and current == seat:
            page["actions"] = [{"action": action, "label": game.label(state, action),
                                "taps": list(game.targets(state, action)),
                                "path": list(game.menu_path(state, action))}
                               for action in game.legal_actions(state)]
        return page

    async def board(self, row: GameRow, game: Game, state, seat: int | None) -> str | None:
        """The game's board as SVG from the view of `seat` (None: the public view), or None without a drawing."""
        draw = BOARDS.get(row.game)
        if draw is None:
            return None
        view = await self.table.colours.dress(row, game.view(state, seat))
        return await asyncio.to_thread(draw, view)  # drawing is pure and may take a while: not on the event loop

    async def move(self, user: User, token: str, version: int, action: str) -> AppMove:
        """`action` (canonical notation) chosen in the Mini App by `user` on the page of `version`: played as the
        move button of that board would play it. Refusals change nothing and say why on the fresh page."""
        row = await self.find(token)
        if row is None:
            return AppMove(None, page={"ok": False, "message": NO_TABLE})
        chat = chat_of(row)
        try:
            answer = await self.once(chat, None, lambda: self._move(chat, user, row.id, version, action),
                                     ButtonAnswer(toast=MOVED_ON), ButtonAnswer(toast=BUSY))
            then, answer.then = answer.then, None
            if then is not None:  # the bots move after the player (their board follows the player's move)
                try:
                    answer.replies = [*answer.replies, *await then()]
                except Exception:  # the move is recorded; the bots' turn is a timer that plays it (BOT_GRACE)
                    log.exception("the bots could not move after a Mini App move in chat %s", chat.id)
        except DATABASE_ERRORS as error:  # rolled back: the game is as it was
            log.exception("the database refused a Mini App move in chat %s", chat.id)
            answer = ButtonAnswer(toast=write_failure(error))
        except Exception:
            log.exception("a Mini App move %r failed in chat %s", action, chat.id)
            answer = ButtonAnswer(toast=SORRY)
        replies = [answer.edit, *answer.replies] if answer.edit is not None else answer.replies
        page = await self.page(user, token)
        page["message"] = as_text(answer.toast) if answer.toast else None
        return AppMove(chat, replies, page)

    async def _move(self, chat: Chat, user: User, game_id: int, version: int, action: str) -> ButtonAnswer:
        """In the chat's turn: the refusal, or the pressed button's answer."""
        row = await self.table.store.game(game_id)
        if row is None or row.status != ACTIVE:
            return ButtonAnswer(toast=stale(row) if row is not None else NO_TABLE)
        user = as_seated(user, row)
        game, state = self.table.state(row)
        refusal = self.moves.turn_refusal(game, state, row, user)
        if refusal is not None:
            return ButtonAnswer(toast=refusal)
        if row.version != version:
            return ButtonAnswer(toast=MOVED_ON)
        actions = game.legal_actions(state)
        if action not in actions:
            return ButtonAnswer(toast=NO_SUCH_MOVE)
        pending = await self.turns.bots_catch_up(chat, row)  # bot turns a crash left: played first
        if pending:
            return ButtonAnswer(toast=BOTS_FIRST, replies=pending)
        return await self.moves.move_button(chat, user, row, version, actions.index(action))


def open_score(game: Game, state, entry: dict) -> int:
    """A seat's score as everyone may see it: without the parts kept secret until the end (as /score shows it)."""
    if game.is_over(state) or not game.secret_score_parts:
        return entry["total"]
    return sum(v for k, v in entry["breakdown"].items() if k not in game.secret_score_parts)

