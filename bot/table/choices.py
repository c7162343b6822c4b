"""A player's hidden choices in inline mode (`@bot #<token>`, put there by a game's «choose privately» button):
the legal actions only their owner may see, as personal results that send the action's command into the group."""

from __future__ import annotations

from html import escape

from bot.replies.reply import Article, InlineAnswer, User
from bot.storage.base import ACTIVE
from bot.table.core import Table, stale
from bot.table.links import start_payload
from bot.table.topics import choice_text


async def private_choices(table: Table, user: User, token: str | None) -> InlineAnswer:
    """The legal actions that only their owner may see (`Game.private_choice`), as personal results:
    choosing one sends its command into the group, where it is played like a typed move. Only its players learn
    anything of a game (a guessed token not even whose it is); `token` None: an old button, by the game's id."""
    row = await table.store.game_by_token(token) if token is not None else None
    if row is None:
        note = "Эта кнопка устарела, свежая — под доской (/board)" if token is None else "Такой партии нет"
        return InlineAnswer([], personal=True, note=note)
    seat = row.seat_of(user.id)
    if seat is None:
        return InlineAnswer([], personal=True, note="Вы не играете в этой партии")
    start = start_payload(row.token)
    if row.status != ACTIVE:
        return InlineAnswer([], personal=True, note=stale(row).rstrip("."), start=start)
    game, state = table.state(row)
    current = game.current_seat(state)
    if current != seat:
        waiting = f"Сейчас ходит {row.seats[current].name}" if current is not None else "Партия окончена"
        return InlineAnswer([], personal=True, note=waiting, start=start)
    # the command is marked with its game: sent into another chat or topic, it is not played there
    articles = [Article(id=f"{row.id}-{row.version}-{i}", title=game.label(state, action),
                        description=game.command(state, action),
                        text=escape(choice_text(game.command(state, action), row.token)))
                for i, action in enumerate(game.legal_actions(state)) if game.private_choice(state, action)]
    return InlineAnswer(articles, personal=True)
