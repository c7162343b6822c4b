"""A question read for a calculation: its words in order, each with its dictionary form, the number it says (digits
or a Russian number word in any case: «семь», «двух», «десятку», typos of them too) and the number of players it
names («втроём», «на пятерых», «на 4 игроков»), and the clause it stands in (split at punctuation), so that a
number goes with the thing named next to it («контракты на 4 и 10, мастера двух цветов»)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from bot.lookup.terms import edit_distance, known_word, lemma

_NUMBERS = {
    "ноль": 0, "один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8,
    "девять": 9, "десять": 10, "одиннадцать": 11, "двенадцать": 12, "тринадцать": 13, "четырнадцать": 14,
    "пятнадцать": 15, "шестнадцать": 16, "семнадцать": 17, "восемнадцать": 18, "девятнадцать": 19,
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70,
    "восемьдесят": 80, "девяносто": 90, "сто": 100, "двести": 200, "триста": 300, "четыреста": 400,
    "двойка": 2, "тройка": 3, "четверка": 4, "пятерка": 5, "шестерка": 6, "семерка": 7, "десятка": 10, "десяток": 10,
    "дважды": 2, "трижды": 3, "четырежды": 4,  # times: «дважды гружу телегу»
}
_COLLECTIVE = {"двое": 2, "трое": 3, "четверо": 4, "пятеро": 5, "шестеро": 6}  # «на троих»: players
_TOGETHER = {"вдвоем": 2, "втроем": 3, "вчетвером": 4, "впятером": 5, "вшестером": 6}
_ONLY = ("одни", "одних", "одним", "одними")  # «остались одни серые»: only, not a number
_PEOPLE = ("игрок", "человек", "чел", "участник", "игроков")
_TOKEN = re.compile(r"\d+|[a-zа-я]+|[,;.!?()]")  # a colon and a dash keep the clause: «шахтёры: 7 у гор», «группа — 19»
# An ordinal in digits («1-е место», «во 2-м ряду», «3й»): a place or a row, said as the word, not a count; «2х»
# («на 2х деревьях») is the cardinal's case ending and stays a number, and so does a level («дерево 4-го уровня»)
_ENDING = r"\b(\d{1,2})\s?-?(?:ое|ой|ый|ий|ая|ую|ом|ем|ым|ого|ому|го|му|е|й|я|м)\b"
_LEVEL = re.compile(_ENDING + r"(?=\s*(?:уров|этаж|ярус|высот))")
_ORDINAL = re.compile(_ENDING)
_MARKER = re.compile(r"(?<![\w(])\d{1,2}\)")  # an item's number in a numbered list: «1) раундов сколько 2) …»
_ORDINALS = ("первый", "второй", "третий", "четвертый", "пятый", "шестой", "седьмой", "восьмой", "девятый", "десятый")
# «сколько-то», «скок-то», «несколько»: a number the player does not know (`UNKNOWN`); «какие-то», «что-нибудь»:
# indefinite, asking nothing
# two players said as a duel: «дуэль 1 на 1», «один на один», «тет-а-тет»
_DUEL = re.compile(r"\b(?:1|один)\s+на\s+(?:1|один)\b|\bдуэл\w*|\bтет-?а-?тет\b")
_SOME_COUNT = re.compile(r"\b(?:скольк|скок|скоко|скока)[а-я]*-(?:то|нибудь|либо)\b")
_INDEFINITE = re.compile(r"\b(?:как|что|чт|кто|где|куда|когда|чей|чь)[а-я]*-(?:то|нибудь|либо)\b")
UNKNOWN = ("несколько", "нескольк")


@dataclass(frozen=True)
class Word:
    text: str  # lower case, «ё» as «е»
    lemma: str
    value: int | None  # the number the word says
    players: int | None  # the number of players it names
    clause: int
    sentence: int = 0  # a new one after «.», «?», «!»: what someone says runs to its end («юля говорит, что …»)


@functools.cache
def _forms() -> dict[str, int]:
    """Every inflected form of the number words -> its value, for typos («пятирых», «сем»)."""
    from bot.replies.words import morph

    forms: dict[str, int] = {}
    for word, value in {**_NUMBERS, **_COLLECTIVE}.items():
        for parse in morph().parse(word)[:1]:
            for form in parse.lexeme:
                forms.setdefault(form.word.replace("ё", "е"), value)
    return forms


def _number(text: str) -> tuple[int | None, bool]:
    """The value a word says and whether it counts people (a collective numeral); (None, False) for other words."""
    if text.isdigit():
        return int(text), False
    base = lemma(text).replace("ё", "е")
    if base in _COLLECTIVE:
        return _COLLECTIVE[base], True
    if base in _NUMBERS:
        return _NUMBERS[base], False
    if len(text) >= 5 and not known_word(text):  # a typo of a number word
        for form, value in _forms().items():
            if abs(len(form) - len(text)) <= 1 and edit_distance(form, text, 1) <= 1:
                return value, lemma(form).replace("ё", "е") in _COLLECTIVE
    return None, False


def read(text: str) -> list[Word]:
    """The words of a question with their numbers; compound numbers («двадцать пять») become one word."""
    words: list[Word] = []
    clause = sentence = 0
    text = text.replace("+", " плюс ")  # «+10»: said «плюс 10» (Валдора's bonus cards); «высотой 3 + область»
    text = _SOME_COUNT.sub("несколько", _INDEFINITE.sub("некий", text.lower().replace("ё", "е")))
    text = _LEVEL.sub(r"\1", _DUEL.sub("вдвоем", text))
    if len(_MARKER.findall(text)) > 1:  # «1) … 2) …»: a list, not numbers
        text = _MARKER.sub(";", text)
    text = _ORDINAL.sub(lambda m: _ORDINALS[int(m.group(1)) - 1] if 0 < int(m.group(1)) <= len(_ORDINALS) else
                        m.group(1), text)
    for token in _TOKEN.findall(text):
        if not token[0].isalnum():
            clause += 1
            sentence += token in ".!?"
            continue
        if token == "а" and words:  # «в двух первый, а в одном второй»
            clause += 1
        value, people = (None, False) if token in _ONLY else _number(token)
        if value == 1 and words and (words[-1].text == "ни" or len(words) > 1 and words[-2].text == "ни" and words[
                -1].text in ("на", "в", "во", "у", "с", "из")):  # «мастерских ни одной», «ни на одном»: none
            value = None
        if token in _TOGETHER:
            words.append(Word(token, token, _TOGETHER[token], _TOGETHER[token], clause, sentence))
            continue
        last = words[-1] if words else None
        if (value is not None and not people and last is not None and last.value is not None
                and _joins(last, token, value) and last.clause == clause):
            words[-1] = Word(last.text + " " + token, last.lemma, last.value + value, None, clause, sentence)
            continue
        words.append(Word(token, lemma(token).replace("ё", "е"), value, value if people else None, clause,
                          sentence))
    return [_with_people(words, i) for i in range(len(words))]


def _joins(last: Word, token: str, value: int) -> bool:
    """Whether a number word goes on the number before it: «двадцать пять», «сто один», «двести сорок»; tens and
    hundreds in words only take a smaller number in words («сто 5» is two)."""
    if last.value is None:
        return False
    if last.value % 100 == 0 and 100 <= last.value < 1000 and not last.text.isdigit():
        return value < 100 and not token.isdigit()
    tens = last.value % 100
    return last.value % 10 == 0 and tens >= 20 and (last.value < 100 or not last.text.isdigit()) and value < 10


def _with_people(words: list[Word], i: int) -> Word:
    """A number followed by «игрок(а/ов)», «человек»: a number of players."""
    word = words[i]
    if word.value is not None and word.players is None and i + 1 < len(words) and words[i + 1].text.startswith(
            _PEOPLE):
        return replace(word, players=word.value)
    return word


def players(words: list[Word], allowed: tuple[int, int], loose: bool = False) -> int | None:
    """The number of players a question names; `loose` also takes «на 3», «для 4» (a set-up question)."""
    low, high = allowed
    for i, word in enumerate(words):
        if word.players is not None and word.players > 1:  # «на одного игрока»: each, not a game for one
            return word.players
        if loose and word.value is not None and i and words[i - 1].text in ("на", "для") and 2 <= word.value <= 6:
            nxt = words[i + 1] if i + 1 < len(words) else None
            if nxt is None or nxt.value is None:
                return word.value
    return None


def numbers(words: list[Word]) -> list[int]:
    """The positions of the words that say a number that is not a number of players."""
    return [i for i, w in enumerate(words) if w.value is not None and w.players is None]


def has(words: list[Word], *stems: str) -> bool:
    """Whether a word starts with one of `stems` («=гора»: the dictionary form exactly)."""
    return any(matches(w, stems) for w in words)


def matches(word: Word, stems: tuple[str, ...], fuzzy: bool = False) -> bool:
    """`word` starts with one of `stems` («=гора»: its dictionary form is that); `fuzzy`: a stem of 5 letters or more
    also with one typo («рыцыри»)."""
    return any(word.lemma == s[1:] if s.startswith("=") else word.text.startswith(s) or (
        fuzzy and len(s) >= 5 and len(word.text) > len(s) and edit_distance(word.text[:len(s)], s, 1) <= 1)
        for s in stems)
