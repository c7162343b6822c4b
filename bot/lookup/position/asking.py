"""What shape a question about the asker's own position has, and which words of it name the move or the thing.

Only a few shapes are read, each with a first-person mark («мне», «я», «у меня», «сейчас»), because a question
without one («можно ли строить на воде?») is a question about the rules, which the search answers better than
a position does; a «Да» to a question that was not about the position would be worse than the rule itself.

>>> asked("Можно мне сейчас пройти через город?")
Asked(kind='can', rest='пройти через город')
>>> asked("почему я не могу построить на K12?")
Asked(kind='why', rest='построить на k12')
>>> asked("что даст мне таверна?"), asked("кто сейчас ведёт?").kind
(Asked(kind='give', rest='таверна'), 'lead')
>>> asked("можно ли строить на воде?") is None, asked("что даёт таверна") is None
(True, True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CAN, WHY, GIVE, SCORE, LEAD = "can", "why", "give", "score", "lead"


@dataclass(frozen=True)
class Asked:
    kind: str  # CAN, WHY, GIVE, SCORE (her own score) or LEAD (who leads)
    rest: str  # the words that name the move or the thing, normalised («построить на k12»); "" for SCORE, LEAD


def plain(text: str) -> str:
    """Lower case, ё -> е, punctuation (but the hyphen of «грибной-топор») as spaces, single spaces."""
    text = text.lower().replace("ё", "е")
    text = re.sub(r"[?!.,;:«»\"'()…]+", " ", text)
    return " ".join(text.split())


# words that may stand before the move in «можно мне сейчас …», «а могу ли я уже …»; the head must hold a verb of
# being allowed and a mark of the asker or of now
_HEAD_WORDS = frozenset("а и ну можно могу смогу можем ли мне я сейчас теперь уже еще ещё в этом ходу этот ход "
                        "вообще разве".split())
_ALLOWED = frozenset("можно могу смогу можем".split())
_MINE = frozenset("мне я сейчас теперь могу смогу можем".split())
_TAIL = re.compile(r"(?: (?:сейчас|теперь|в этом ходу|в этот ход|или нет|ли))+$")
_WHY = re.compile(r"^(?:а )?почему (?:я|мне|у меня) (?:сейчас |теперь )?(?:не могу|нельзя|не получается|не выходит|"
                  r"не дают|не дает|бот не дает(?: мне)?) (.+)$")
_WHY_NOW = re.compile(r"^(?:а )?почему (?:сейчас|теперь) (?:мне |я )?(?:не могу|нельзя) (.+)$")
_GIVE = re.compile(r"^(?:а )?(?:что|сколько(?: очков| золота| славы)?) (?:мне )?(?:даст|дает|принесет|будет) мне (.+)$"
                   r"|^(?:а )?(?:что|сколько(?: очков| золота| славы)?) мне (?:даст|дает|принесет) (.+)$"
                   r"|^(?:а )?что я получу (?:за|от) (.+)$")
_SCORE = (re.compile(r"^(?:а )?сколько (?:у меня|мне)(?: сейчас| теперь)?(?: будет)? (?:очков|очка|золота|славы|"
                     r"очков славы)(?: сейчас| теперь)?(?: если (?:игра|партия) (?:кончится|закончится|завершится)"
                     r"(?: сейчас| прямо сейчас)?)?$"),
          re.compile(r"^(?:а )?сколько (?:очков|золота|славы) (?:у меня|мне)(?: сейчас| теперь)?(?: будет)?"
                     r"(?: если (?:игра|партия) (?:кончится|закончится|завершится)(?: сейчас| прямо сейчас)?)?$"),
          re.compile(r"^(?:а )?какой (?:у меня|мой) (?:сейчас )?сч[её]т(?: сейчас)?$"))
_LEAD = re.compile(r"^(?:а )?кто (?:сейчас |теперь )?(?:ведет|лидирует|выигрывает|впереди|побеждает)"
                     r"(?: сейчас| теперь| по очкам)?$")


def asked(question: str) -> Asked | None:
    """The shape of a question about the asker's position, or None when it is not one (the search answers it)."""
    text = plain(question)
    if not text:
        return None
    if any(pattern.match(text) for pattern in _SCORE):
        return Asked(SCORE, "")
    if _LEAD.match(text):
        return Asked(LEAD, "")
    if (m := _WHY.match(text) or _WHY_NOW.match(text)) is not None:
        return _with_rest(WHY, m.group(1))
    if (m := _GIVE.match(text)) is not None:
        return _with_rest(GIVE, next(g for g in m.groups() if g))
    words = text.split(" ")
    head = 0
    while head < len(words) and words[head] in _HEAD_WORDS:
        head += 1
    said = set(words[:head])
    if head < len(words) and said & _ALLOWED and said & _MINE:
        return _with_rest(CAN, " ".join(words[head:]))
    return None


def _with_rest(kind: str, rest: str) -> Asked | None:
    rest = _TAIL.sub("", " " + rest).strip()
    return Asked(kind, rest) if rest else None
