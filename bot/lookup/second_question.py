"""A message that asks two things («… можно повесить второй флаг? и ещё муж спрашивает, правильно ли …»): two
people writing from one phone, or one player with a second thought. The first question is the one answered; the
second one's rule is offered beside it (`bot.lookup.answers.lookup`). Its words would otherwise pull the search
between two rules and the numbers of a sum between two cards.

>>> split_questions("лорды считаются за каждый сектор? и подскажите ещё, куда двигать фишку")
('лорды считаются за каждый сектор?', 'подскажите ещё, куда двигать фишку')
>>> split_questions("у меня карта с мостом, и ещё две с верхушками. можно сложить верхушку?")
('у меня карта с мостом, и ещё две с верхушками. можно сложить верхушку?', None)
"""

from __future__ import annotations

import re

# a second question announced as one: «а я ещё хочу узнать», «и второе», «ещё вопрос», wherever it stands
ANNOUNCED = re.compile(
    r"(?:^|[\s,.;!?)—–-])(?:(?:а|и)\s+я\s+(?:ещё|еще)\s+(?:хочу|хотел\w*|спрош\w*|спрашива\w*|узна\w*)|"
    r"(?:и|а)\s+(?:ещё|еще)\s+(?:один\s+)?вопрос|и\s+второе|второй\s+вопрос)\b", re.IGNORECASE)
# a second question after a first one ended with «?»: «…? и ещё …», «…? а жене интересно …», «…? муж спрашивает …»
AFTER_ONE = re.compile(
    r"(?:^|[\s,.;!?)—–-])(?:(?:и|а)\s+(?:ещё|еще)(?!\s+(?:раз|один|одн\w*|дв\w|тр\w|\d))|(?:и|а)\s+(?:заодно|также)|"
    r"и\s+(?:подскажите|скажите|объясните)|"
    r"а\s+(?:жене|мужу|ему|ей|другу|подруге|сыну|дочке)\s+(?:ещё\s+|еще\s+)?интересно|"
    r"(?:и\s+)?(?:ещё\s+|еще\s+)?(?:муж|жена|он|она|друг|подруга)\s+(?:ещё\s+|еще\s+)?спрашива\w*)\b", re.IGNORECASE)
AFTER_WORDS = 6  # and at most so many words after the first question's «?»: «…? я говорю что нет. ещё интересно …»
MIN_WORDS = 3  # a first question has at least this many words: «а я ещё хочу узнать …» alone asks one thing


def split_questions(text: str) -> tuple[str, str | None]:
    """The first question of a message and the second one, or the message and None when it asks one thing."""
    cuts = [m for m in ANNOUNCED.finditer(text)]
    cuts += [m for m in AFTER_ONE.finditer(text) if "?" in text[:m.start() + 1] and
             len(re.findall(r"\w+", text[text.rfind("?", 0, m.start() + 1):m.start()])) <= AFTER_WORDS]
    for m in sorted(cuts, key=lambda m: m.start()):
        first = text[:m.start() + 1].strip() if text[m.start()] in "?!." else text[:m.start()].strip()
        second = re.sub(r"^(?:и|а)\s+", "", text[m.start():].strip(" ,.;!?)—–-"))
        if len(re.findall(r"\w+", first)) >= MIN_WORDS and re.search(r"\w", second):
            return re.sub(r"\s+(?:и|а)(?:\s+(?:потом|ещё|еще))?$", "", first.rstrip(" ,;—–-")), second
    return text, None
