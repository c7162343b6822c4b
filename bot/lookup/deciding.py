"""The words that decide a yes/no answer (`FLIPS`: «не», «без», a count, «свой»/«чужой», «до»/«после», «только» …),
read from a question and from a written situation alike, and how two situations' words agree with a question's
(`agree`, `decides`). The situations themselves and the verdict are `bot.lookup.verdicts`'."""

from __future__ import annotations

import re

from bot.lookup.terms import lemma, normalise

NEGATIONS = frozenset({"не", "без"})
KINDS = frozenset({"локация"})  # a situation says this where a question names one (оазис, ферма)
# a question that says one of these and its situation does not asks the opposite («ходят против часовой?» is not
# «ходят по часовой?»)
TURNING = frozenset({"не", "без", "против"})
# and so does one of these: another's piece («домик соседа») is not one's own, an order («сначала рубить, потом
# ставить») is no question of whether at all
SAID = frozenset({"чужой", "до", "после"})
FIRST_WORDS = frozenset({"сначала", "сперва", "вначале"})  # what follows is done first
MORE = frozenset({"еще"})  # «могу ещё и покопать?» asks more than a situation without «ещё» or a second allows
# «…, или нет?» asks, it does not negate
ASKING_TAILS = re.compile(r"\b(?:или|либо)\s+(?:нет|не)\b|\bне\s+(?:так\s+)?ли\b")
NOT_ONLY = re.compile(r"\bне\s+только\b")
SAME_TURN = re.compile(r"\b(?:за|в)\s+(?:один|одни|1)\s+(?=ход)")  # «в один ход» is «за ход», not a count

# Words that flip an answer, as lemmas or as typed -> the feature they stand for.
FLIPS: dict[str, str] = {
    **dict.fromkeys("не нельзя низя нельзи".split(), "не"),
    **dict.fromkeys("без нет нету ноль 0".split(), "без"),
    **dict.fromkeys("два две двое двоих второй дважды 2 пара несколько".split(), "два"),
    **dict.fromkeys("оба обе".split(), "оба"),  # «ферма и оазис, оба?»: the question may name the two instead
    **dict.fromkeys("три трое троих 3 третий".split(), "три"),
    **dict.fromkeys("четыре 4 четвертый".split(), "четыре"),
    **dict.fromkeys("один одна 1 одиночный единственный".split(), "один"),
    **dict.fromkeys("свой свое своя свои своего свою своих мой мое моя мои моего мою моих собственный".split(), "свой"),
    **dict.fromkeys("чужой чужое чужая чужие чужого чужую чужих чужим соперник противник сосед".split(), "чужой"),
    # another player at the table by who they are to the one asking: «а брат хочет туда же свой»
    **dict.fromkeys("брат сестра жена муж друг подруга товарищ".split(), "чужой"),
    **dict.fromkeys("до перед сначала".split(), "до"),
    **dict.fromkeys("после потом затем".split(), "после"),
    **dict.fromkeys("сразу тот этот".split(), "сразу"),
    **dict.fromkeys("следующий".split(), "следующий"),
    **dict.fromkeys("должный должно обязать обязательно надо нужно требоваться".split(), "должен"),
    **dict.fromkeys("через сквозь насквозь мимо".split(), "через"),
    **dict.fromkeys("выше".split(), "выше"),
    **dict.fromkeys("ниже".split(), "ниже"),
    "против": "против",  # «против часовой» against «по часовой»
    "только": "только",
    "уже": "уже",
    "еще": "еще",
}


COUNTS = frozenset({"один", "два", "оба", "три", "четыре"})  # a count the question leaves unsaid may be implied
MANY = COUNTS - {"один", "оба"}  # but not a count above one that is the situation's point («на три гекса»)
PARTICLES = frozenset({"уже", "еще", "только"})  # a question may leave these unsaid («у меня уже есть кирка»)
# «можно другого стиля?» and «стиль должен совпадать?» ask the same with opposite answers: a situation answers only a
# question of its own mood
MOODS = frozenset({"должен"})
DECIDING = TURNING | MOODS | {"только", "уже", "выше", "ниже"}  # what a dispute's claim says its situation must


def flips(text: str) -> frozenset[str]:
    """The deciding words of a text, as their features (`FLIPS`)."""
    found = set()
    text = NOT_ONLY.sub(" ", text.lower().replace("ё", "е"))  # «не только в городах с книгами?»: «также»
    for word in normalise(SAME_TURN.sub("за ", ASKING_TAILS.sub(" ", text))):
        feature = FLIPS.get(word) or FLIPS.get(lemma(word))
        if feature is not None:
            found.add(feature)
    return frozenset(found)


def agree(asked: frozenset[str], nearest: frozenset[str], rival: frozenset[str]) -> bool:
    """Whether a question's deciding words agree with the nearest situation's against its rival's: no word that
    tells the two apart is the rival's alone in the question, and none but a count is the nearest's alone and
    missing from the question («у меня нет провианта» is not «у меня провиант»)."""
    for feature in nearest ^ rival:
        if feature in asked and feature not in nearest:
            return False
        if feature in nearest and feature not in asked and feature not in COUNTS | PARTICLES:
            return False
    return True


def decides(asked: frozenset[str], nearest: frozenset[str], rival: frozenset[str]) -> bool:
    """Whether the question says a deciding word that sides with the nearest situation against its rival: one of
    the nearest's own words, or none of the rival's own («с провиантом» against «без провианта», when the question
    negates nothing; «сквозь один город» against «сквозь два», when the question says a count)."""
    if (nearest - rival) & asked:
        return True
    return any(f not in asked and (f not in COUNTS or (f in MANY and asked & COUNTS))
               and (f not in NEGATIONS or not asked & NEGATIONS) for f in rival - nearest)
