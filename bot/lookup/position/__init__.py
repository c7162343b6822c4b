"""Rule questions about the asker's own position in the game on the table («можно мне сейчас …?», «почему я не
могу …?», «сколько у меня очков?», «что даст мне …?»), answered by the game's engine with the rule cited: the
shapes of such questions (`asking`), the answers (`core`), and one small module per game (`valdora`, `sylvan`,
`kingdom`) saying what its notation reads and what is hidden.
"""

from __future__ import annotations

from typing import Any

from bot.lookup.position import kingdom, sylvan, valdora
from bot.lookup.position.asking import asked
from bot.lookup.position.core import answer, reply_text
from bot.lookup.position.talk import Talk
from bot.lookup.rulebook import RuleBook
from bot.replies.reply import Reply
from rules.protocol import Game

TALKS: dict[str, Talk] = {"valdora": valdora.TALK, "sylvan": sylvan.TALK, "kingdom": kingdom.TALK}


def position_reply(book: RuleBook, game: Game, state: Any, seat: int, names: list[str], question: str,
                   user_id: int) -> Reply | None:
    """The answer from the table to a seated player's question about her own position, or None when the question
    is not one (the rule search answers it). An answer that uses her hidden things is meant for her alone
    (`Reply.only_for`: the service sends it privately, or as a reply that goes away)."""
    shape = asked(question)
    talk = TALKS.get(game.name)
    if shape is None or talk is None:
        return None
    found = answer(game, talk, state, seat, names, shape)
    if found is None:
        return None
    return Reply(reply_text(book, found), only_for=user_id if found.private else None)
