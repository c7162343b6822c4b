"""The form of a yes/no question: whether a player asks for a «Да» or a «Нет» («можно ли …», «могу …?», «… или нет»,
«мжн …») rather than how many, where or what, and which clause of a long message asks it. Read apart from the
situations a verdict is found among (`bot.lookup.verdicts`).

>>> asks_yes_no("у меня нет провианта, могу пройти через город?"), asks_yes_no("сколько стоит телега")
(True, False)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.lookup.terms import edit_distance, known_word, lemma, normalise

# A question asks for a yes or a no by these words (lemmas), phrases or a question mark, unless a question word opens
# one of its clauses («сколько», «куда мне идти», «…, что делать») or it offers a choice («на равнину или на луг»).
YES_NO_WORDS = frozenset("можно мочь смочь разрешить обязать обязательно должно должный нельзя норм норма".split())
# «можно» and «нельзя» as a hurried thumb types them, read as typed (the lemma of «низя» would be «низ»)
SHORT_YES_NO = frozenset("мжн мжно можн мона моно низя нельзи".split())
YES_NO_PHRASES = (" или нет ", " ли ", " так можно ", " считается ")
OPEN_WORDS = frozenset("кто что где куда когда какой как почему зачем откуда чей каков".split())
COUNT_WORDS = frozenset("сколько скока скоко скок почем почём".split())  # open wherever they stand
# before a question word at a clause's start: «а куда», «на какое дерево»
LEADS = frozenset("а и но ну так в во на с со к у о от до из по за при про для после".split())
INDEFINITE = frozenset("нибудь либо то будто раз".split())  # «кто-нибудь», «как будто», «как раз» ask nothing
INDEFINITE_BEFORE = frozenset("не ни кое или".split())  # «кое что», «…, или как» at a clause's end ask nothing


def asks_yes_no(question: str) -> bool:
    """Whether a question asks for a yes or a no by its form: «можно ли …», «могу …?», «… или нет», «это считается
    …?», or whose claim is right («вася говорит можно …, а петя нельзя. кто прав?», `argued`); not when it asks how
    many, where, who, what («сколько», «куда мне идти», «что делать») or offers a choice («за монеты или за
    золото»)."""
    words = normalise(NO_COUNT.sub(" ", question.lower()))
    counted = any(w in COUNT_WORDS or lemma(w) in COUNT_WORDS for w in words)
    if not words or counted:
        return False
    if argued(question) is not None:
        return True
    if _opens_a_clause(question):
        return False
    text = f" {' '.join(words)} "
    # «на равнину или на луг?» offers a choice; «…нельзя? или всё-таки можно?», «…, или нет», «…, или оба сразу
    # разрешено?» ask again
    for sentence in map(normalise, _SENTENCES.split(question)):
        if any(w == "или" and 0 < i < len(sentence) - 1 and sentence[i + 1] not in AGAIN
               and not any(map(_yes_no_word, sentence[i + 1:])) for i, w in enumerate(sentence)):
            return False
    return ("?" in question or any(_yes_no_word(w) for w in words)
            or any(p in text for p in YES_NO_PHRASES))


_SENTENCES = re.compile(r"(?<=[.!?])\s+")
# «сколько» that asks no number: «сколько угодно городов», «отдав сколько есть?»
NO_COUNT = re.compile(r"\b(?:сколько|скока|скоко)\s+(?:угодно|есть(?=\s*(?:[,.!?;)]|$)))")
AGAIN = frozenset("нет как все всетаки таки же".split())  # after «или»: the same question asked again
_CAN = "можно"


def _yes_no_word(word: str) -> bool:
    """A word that asks for a yes or a no (`YES_NO_WORDS`), or «можно» typed with a slip («мржно», «можнл»)."""
    return word in SHORT_YES_NO or lemma(word) in YES_NO_WORDS or (len(word) == len(_CAN) and not known_word(word)
                                           and edit_distance(word, _CAN, 1) <= 1)


@dataclass(frozen=True)
class Argument:
    """A dispute put to the bot: the first claim («можно за ход оба сыграть»), and the question up to its end, the
    story before it included, without the other side's claim nor «кто прав», its «нельзя» said as «можно» (a
    situation is asked with either; `denies` says which the claim said)."""
    claim: str
    told: str

    @property
    def denies(self) -> bool:
        return denies(self.claim)


# a «нельзя» or «не может/не надо …»: a claim (or a question) that denies what its positive twin allows
_DENIAL = re.compile(r"\b(?:нельзя|низя|нельзи)\b|\bне\s+(?=(?:мо[гжч]\w*|можно|надо|нужно|обязательно|обязан\w*|"
                     r"должн?\w*|разреш\w*|положено|считае?тся)\b)")


def denies(text: str) -> bool:
    """Whether a text denies what it is about: «нельзя строить на горе», «молотком не может …»."""
    return _DENIAL.search(text.lower().replace("ё", "е")) is not None


def affirmed(text: str) -> str:
    """A text with its denial turned positive: «нельзя строить на горе» -> «можно строить на горе»."""
    return _DENIAL.sub(lambda m: "" if m.group(0).startswith("не ") else "можно", text.lower().replace("ё", "е"))


# «кто прав?», «кто из нас прав», «прав ли он», «она права?»: whose claim holds
_WHO_IS_RIGHT = re.compile(r"\bкто\s+(?:же\s+|тут\s+|то\s+|из\s+\w+\s+)?прав(?!\w)|\bправ[аы]?\s+ли\b"
                           r"|\b(?:он|она|они|я|мы|ты)\s+прав[аы]?(?!\w)|\bправ[аы]?\s+(?:он|она|они|я|мы)\b")
# who says what: «говорит (что)», «считает», «уверена что», «по-моему»
_SAYS = re.compile(r"\b(?:говор|счита|дума|утвержда|уверя|уверен|сказал|орал|орет|кричит|кричал|заявля|настаива"
                   r"|доказыва|клян)\w*(?:\s*,)?(?:\s+что\b)?|\bпо[- ]?моему\b")
# where the first claim ends: the sentence, the other side («, а лена что …», «маша — только …»)
_CLAIM_END = re.compile(r"[.!?;]|,?\s+а\s|\s[—–-]\s|,\s*(?=кто\b)|,\s*(?:\w+\s+)?что\b")
CLAIM_LIMIT = 70  # characters of a claim quoted back


def argued(question: str) -> Argument | None:
    """The dispute a question puts (`Argument`), or None when it asks no «кто прав» or names no claim.

    >>> argued("вася говорит что можно строить на воде, а петя что нельзя. кто прав?").claim
    'можно строить на воде'
    """
    text = question.lower().replace("ё", "е")
    asked = _WHO_IS_RIGHT.search(text)
    says = _SAYS.search(text)
    if asked is None or says is None or says.start() > asked.start():
        return None
    ends = [m.start() for m in (_CLAIM_END.search(text, says.end()), _SAYS.search(text, says.end())) if m]
    stop = min([*ends, asked.start()])
    comma = text.rfind(",", says.end(), stop)
    if comma >= 0 and len(text[comma:stop].split()) <= 3 and stop < asked.start():  # «…, маша — …», «…, я говорю»
        stop = comma
    claim = question[says.end():stop].strip(" ,:—–-\"«»")
    if not normalise(claim):
        return None
    return Argument(claim, affirmed(question[:stop]))


def modal(text: str) -> bool:
    """Whether a text says «можно», «нельзя», «должен» or the like (`YES_NO_WORDS`): a claim a rule settles."""
    return any(_yes_no_word(w) for w in normalise(text))


def asking_clause(question: str) -> str:
    """The part of a question that asks, without the story told before it: from the last clause that has a yes/no
    word (`YES_NO_WORDS`) in the last sentence that has one, or the last sentence when none has («у меня три домика
    в ряд и таверна. рита говорит нельзя. а с другого конца можно?» -> «а с другого конца можно?»)."""
    sentences = [s for s in re.split(r"(?<=[.!?;])\s+", question.strip()) if normalise(s)]
    if not sentences:
        return question
    def asks(text: str) -> bool:
        return any(_yes_no_word(w) for w in normalise(text))
    sentence = next((s for s in reversed(sentences) if asks(s)), sentences[-1])
    clauses = re.split(r",\s*", sentence)
    start = next((i for i in range(len(clauses) - 1, -1, -1) if asks(clauses[i])), 0)
    return ", ".join(clauses[start:])


def _opens_a_clause(question: str) -> bool:
    """Whether a question word (`OPEN_WORDS`) opens a clause of the question, after at most a conjunction or a
    preposition («а куда теперь», «…, на какое дерево»), and is not «кто-нибудь» or «только что»; or ends it
    («колода кончилась, дальше что?», «а потом куда»). A clause in the middle of its sentence, or beside a clause of
    its sentence that asks for a yes or a no, tells the story, it does not ask: «на доме клиента, куда я хочу пойти,
    стоят двое. могу там встать?», «того же стиля, что и моё», «где стоят двое, можно встать?»; and so does a
    sentence ended by a full stop in a question that asks with a question mark («остановился на дороге, где лежат 2
    золота. могу взять оба?»)."""
    asked = "?" in question
    for sentence in _SENTENCES.split(question.lower().replace("ё", "е")):
        if asked and not sentence.rstrip().endswith("?"):
            continue
        clauses = [c for c in re.split(r"[,;:()—-]+\s|[,;:()]+|[.!?]+", sentence) if normalise(c)]
        for i, clause in enumerate(clauses):
            others = [c for j, c in enumerate(clauses) if j != i]
            if 0 < i < len(clauses) - 1 or any(_yes_no_word(w) for c in others for w in normalise(c)):
                continue
            if _opens(normalise(clause)):
                return True
    return False


def _opens(words: list[str]) -> bool:
    """Whether a clause's words open or end with a question word (see `_opens_a_clause`)."""
    if len(words) > 1 and words[-1] in OPEN_WORDS and words[-2] not in INDEFINITE_BEFORE:
        return True
    start = 0
    while start < len(words) - 1 and words[start] in LEADS:
        start += 1
    if start < len(words) and lemma(words[start]) in OPEN_WORDS | {"какой"}:
        following = words[start + 1] if start + 1 < len(words) else ""
        return following not in INDEFINITE
    return False
