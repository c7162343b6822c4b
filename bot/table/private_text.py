"""Plain text in a private chat that holds a table (a game against bots, `/new` in private): read as a group reads
text addressed to the bot, since everything written here is addressed to it. A move in words has already been tried
the group's way (`typed.plain_move` through `Service._typed_move`); what is left is, in this order:

- a question about one's own cards («какие у меня карты?»): the hand, as the group's «🂠 Моя рука» button shows it —
  this chat is the player's own, nothing in it is hidden from her;
- a move that the game reads but refuses now («беру вторую» before a card is played): the game's own refusal, from
  the very path a typed command takes (`Moves.play`), and nothing changes;
- anything else is a question, answered as «@bot …» in a group is (`Service._rules`: her position, else the rules of
  this table's game);
- what the rules do not answer either gets an honest «не понял» with what one can do here: a move in words (an
  example that works now), /board, /moves, /rules.

A private chat without a table keeps the hint of how to start one (`guide.private_hint`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from bot.lookup import answers
from bot.replies.reply import Chat, Reply, User
from bot.storage.base import ACTIVE, GameRow
from bot.table.core import Table
from bot.table.guide import private_hint
from bot.table.moves import Moves
from bot.table.typed import MOVE_VERBS, said_example, words
from rules.protocol import RuleError
from rules.text import POLITE_WORDS, typed

QUOTED = 60  # characters of a text quoted back in «не понял»
# the start of the rule search's «не нашёл»: its own words, so that a change of them is followed here
NOT_FOUND = answers.not_found_reply("").text.split("«", 1)[0]
# «какие у меня карты», «что у меня в руке», «покажи мои карты», «моя карта»: the asker's own hidden things
_ASKER = r"(?:у меня|мне|мои|моя|мою|мой)"
_HAND = r"(?:карты|карта|карту|рука|руку|в руке|на руке)"
OWN_HAND = re.compile(rf"^(?:а |ну )?(?:(?:какие|какая|что|что за|покажи|покажите|напомни|напомните) )?"
                      rf"(?:(?:{_ASKER} (?:сейчас )?{_HAND})|(?:{_HAND} {_ASKER}))(?: сейчас)?$")
PUNCTUATION = re.compile(r"[?!.,;:«»\"'()…]+")


def asks_own_hand(text: str) -> bool:
    """Whether `text` asks to see one's own cards, and nothing else.

    >>> [asks_own_hand(t) for t in ("Какие у меня карты?", "что у меня в руке", "покажи мои карты", "Моя карта?")]
    [True, True, True, True]
    >>> [asks_own_hand(t) for t in ("какие карты бывают?", "можно мне сыграть карту?", "сколько карт в руке")]
    [False, False, False]
    """
    plain = " ".join(PUNCTUATION.sub(" ", text.lower().replace("ё", "е")).split())
    return OWN_HAND.match(plain) is not None


def reads_as_move(text: str) -> bool:
    """Whether `text` is said as a move: it opens with a move's verb («беру вторую», «играю …») and asks nothing."""
    said = [word for word in words(text) if word not in POLITE_WORDS]
    return "?" not in text and bool(said) and said[0] in MOVE_VERBS


class PrivateText:
    """What the player reads after typing a text at her own table in private (see the module's docstring)."""

    def __init__(self, table: Table, moves: Moves, rules: Callable[[GameRow | None, str, User], Reply]):
        self.table, self.moves, self.rules = table, moves, rules

    async def reply(self, chat: Chat, user: User, text: str) -> list[Reply]:
        row = await self.table.store.open_game(chat.id, chat.topic)
        if row is None:
            return [Reply(private_hint(self.table.games.values()))]
        seat = row.seat_of(user.id)
        if row.status == ACTIVE and seat is not None:
            game, state = self.table.state(row)
            if game.secret_button and asks_own_hand(text):
                return [Reply(escape(self.moves.secret(row, user).toast))]
            if reads_as_move(text) and game.current_seat(state) == seat and refused(game, state, text):
                return (await self.moves.play(chat, user, row, text))[0]  # the refusal a command gets: nothing changes
        answer = self.rules(row, text, user)
        return [not_understood(self.table, row, user, text) if answer.text.startswith(NOT_FOUND) else answer]


def refused(game, state, text: str) -> bool:
    """Whether the game reads `text` and refuses it now (RuleError): its reason is then the answer."""
    try:
        game.parse(state, text)
    except RuleError:
        return True
    except Exception:  # a game's parse failing on odd input: the text is answered as a question instead
        return False
    return False


def not_understood(table: Table, row: GameRow, user: User, text: str) -> Reply:
    """The honest «не понял», with what one can do at this table now: a move in words that works (or a command),
    the board, the moves, a rule question."""
    said = f"Не понял «{escape(typed(text, QUOTED))}»."
    rules = "Вопрос по правилам — просто напишите его (или <code>/rules вопрос</code>)."
    if row.status != ACTIVE:
        title = escape(table.game(row).title)
        return Reply(f"{said} Партия «{title}» ещё не началась: посадить бота — /addbot, начать — /begin. {rules}")
    game, state = table.state(row)
    mine = row.seat_of(user.id) is not None and game.current_seat(state) == row.seat_of(user.id)
    example = said_example(game, state) if mine else None
    actions = game.legal_actions(state) if mine else []
    if example is not None:
        move = f"Ход можно написать словами — например, «{escape(example)}» — или сделать кнопкой под доской (/board)"
    elif actions:
        move = (f"Ход можно сделать кнопкой под доской (/board) или командой — например, "
                f"<code>{escape(game.command(state, actions[0]))}</code>")
    else:
        move = "Доска — /board"
    return Reply(f"{said} {move}; все ходы — /moves. {rules}")
