"""A move typed as plain text in a group («строю K12», «построй C8, пожалуйста!», «беру колоду»): taken only from
the player to move, and only when the text is unambiguously one of their legal moves. Ordinary talk («ок», «да»,
«всё», «беру», «я пас?») is never a move, however leniently a game's `parse` reads it: every word of the text must
be a move verb, a little word such as «в», or a word of the very action `parse` found (its command or its button),
and without a verb the text must name the action itself (a cell such as «K12», or two words of its button).
"""

from __future__ import annotations

import logging
import re

from rules.protocol import Game, RuleError
from rules.text import POLITE_WORDS

log = logging.getLogger(__name__)

WORD = re.compile(r"[0-9a-zа-я]+(?:-[0-9a-zа-я]+)*")
CELL = re.compile(r"[a-zа-я]{1,2}[0-9]{1,2}")
# Cyrillic letters that look like Latin ones: «К12» typed on a Russian keyboard is the cell K12
LOOKALIKES = str.maketrans("авсекмнорстух", "abcekmhopctyx")
MAX_WORDS = 6  # a longer text is a sentence of the chat, not a move
MAX_LENGTH = 80
MOVE_VERBS = frozenset("""
строю построю построй стройте строим строить ставлю поставлю поставь ставить беру возьму бери возьми взять берем
иду пойду иди идем двигаюсь хожу играю сыграю сыграй играть кладу положу положи покупаю куплю купи купить
добываю добуду добыть сдаю сдам сдать рублю срублю срубить переношу перенесу перенести листаю пролистаю листать
возвращаю верну вернуть пополняю пополню пополнить заканчиваю закончу закончить завершаю обновляю обновлю обновить
меняю обменяю обменять прикрепляю
""".split())
FILLERS = frozenset("в во на из с со к ко до за и".split())
# a number of a move's command as its ordinal, in the form that `same_word` matches to any other («вторую», «второй»)
ORDINALS = {str(number): word for number, word in
            enumerate("первый второй третий четвертый пятый шестой седьмой восьмой девятый".split(), 1)}


def words(text: str) -> list[str]:
    """The words of `text`, lower case, «ё» as «е», a cell written in Cyrillic look-alikes as its Latin twin.

    >>> words("Строю К12, пожалуйста!")
    ['строю', 'k12', 'пожалуйста']
    """
    found = WORD.findall(text.lower().replace("ё", "е"))
    return [word.translate(LOOKALIKES) if CELL.fullmatch(word) else word for word in found]


def same_word(said: str, known: str) -> bool:
    """`said` is `known` in another form («колоду» for «колода», «хода» for «ход»); numbers and cells exactly.

    >>> same_word("колоду", "колода"), same_word("ход", "хода"), same_word("k1", "k12"), same_word("да", "дай")
    (True, True, False, False)
    """
    if said == known:
        return True
    if any(char.isdigit() for char in said + known):
        return False
    prefix = next((i for i, (a, b) in enumerate(zip(said, known, strict=False)) if a != b), min(len(said), len(known)))
    return prefix >= max(3, max(len(said), len(known)) - 2)


def plain_move(game: Game, state, text: str) -> str | None:
    """The legal action of the player to move that `text` unambiguously means; None for anything else."""
    if "?" in text or "\n" in text or len(text) > MAX_LENGTH:
        return None
    said = [word for word in words(text) if word not in POLITE_WORDS]
    if not said or len(said) > MAX_WORDS:
        return None
    try:
        action = game.parse(state, text)
    except RuleError:
        return None
    except Exception:  # a game's parse must not break the chat's talk
        log.exception("parse %r failed", text)
        return None
    if action not in game.legal_actions(state):
        return None
    command = game.command(state, action).split(maxsplit=1)
    named_by = words(command[1] if len(command) > 1 else "") + words(game.label(state, action))
    # «цветочный-мост+верхушка» is also «цветочный мост+верхушка»: each part of a hyphenated word counts alone;
    # a number is also its ordinal («take 2»: «беру вторую»)
    known = {part for word in named_by for part in (word, *word.split("-"), ORDINALS.get(word, word))}
    named = [word for word in said if word not in MOVE_VERBS and word not in FILLERS]
    if not named or not all(any(same_word(word, k) for k in known) for word in named):
        return None
    verb = any(word in MOVE_VERBS for word in said)
    if not verb and not (len(named) >= 2 or CELL.fullmatch(named[0])):
        return None
    return action


# how a move of each command reads in words («играю …», «строю K12»): the examples `said_example` offers
SAID = {"play": "играю", "build": "строю", "place": "ставлю", "move": "иду на", "take": "беру", "buy": "покупаю",
        "mine": "добываю", "deliver": "сдаю", "set": "меняю", "axe": "рублю", "hammer": "переношу"}
EXAMPLES_TRIED = 12  # legal actions looked at for an example: a turn of Kingdom Builder has dozens


def said_example(game: Game, state) -> str | None:
    """A legal move of the player to move as one would type it in words («играю грибной мост+верхушка», «строю
    K12»), checked: `plain_move` reads it back as that very move, so an example offered is one that works. None
    when no move of this turn reads so (the buttons and commands remain)."""
    for action in game.legal_actions(state)[:EXAMPLES_TRIED]:
        name, _, argument = game.command(state, action).lstrip("/").partition(" ")
        verb = SAID.get(name)
        if verb is None or not argument:
            continue
        said = f"{verb} {argument.replace('-', ' ')}"
        if plain_move(game, state, said) == action:
            return said
    return None
