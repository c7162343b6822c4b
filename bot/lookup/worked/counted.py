"""What each number of a question counts. A number quantifies the noun after it («4 закрытых контракта», «двух
цветов», «6 отдельных кучек»: a count of those things), or, with no noun after it, gives a value of the noun before
it («контракт на 7», «деревья высотой 3 и 5», «по секторам у меня 5 8 3 и 10»); «по 6» is a number for each.
Nouns become a game's concepts through its vocabulary: the names of its components and what players call them
(домик, хата = поселение; кучка = группа; лопата, кирка = снаряжение), so a calculator asks for «a count of
groups» or «a value of a contract» and never takes a number that counts something else."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from bot.lookup.worked.reading import UNKNOWN, Word, matches

Vocabulary = dict[str, tuple[str, ...]]  # concept -> stems of the words that name it (see `reading.matches`)
GENERIC = ("карт", "карточк", "штук", "шт", "фишк", "жетон", "плитк")  # «3 карты бонуса»: the next word says which
_SKIPPED = {"ADJF", "ADJS", "PRTF", "PRTS", "ADVB", "NUMR", "PRCL", "NPRO"}  # between a number and its noun
_LINKS = ("и", "или", "да")  # «5 8 и 12»: one list
_BEFORE = 4  # words back to the noun a value belongs to
_BACK = ("ней", "нем", "нём", "них", "которой", "котором", "которых")  # «на ней 6»: the thing just named
# what is printed on a thing: «на ней написано 12», «на карточке нарисовано 15»
_WRITTEN = ("написан", "нарисован", "напечатан", "указан", "стоит", "значит")
_MEASURE = ("высот", "размер", "величин", "ценност", "стоимост")  # what a thing measures: «одно высотой 5»
_NEXT = ("втор", "друг", "трет")  # the next of things named one by one
_ORDINAL_NEXT = ("второй", "другой", "третий", "четвертый", "последний")
_THEM = ("них", "этих", "которых", "тех")  # «3 из них мои»: a share of what was counted, not a count of its own
_PIECES = ("штук", "шт")
_AMOUNT = ("количеств", "число", "числ")  # «какое-то количество»: a number not known
SCORE_NOUNS = ("очко", "балл", "слава", "золото", "уровень")  # «контракт на 7 очков»: still the contract's value


@dataclass(frozen=True)
class Number:
    """A number of a question and what it says: `counts` the concept it quantifies, `of` the concept it gives a
    value of (when it quantifies none), `prep` the word before it or its list («на», «по», «в»)."""

    at: int
    value: int
    clause: int
    counts: str | None
    of: str | None
    prep: str | None
    noun: str | None  # the lemma of the noun it quantifies, known to the vocabulary or not
    unknown: bool = False  # «сколько-то», «несколько»: a count the player does not know (value 0)

    @property
    def each(self) -> bool:
        return self.prep == "по"


@functools.lru_cache(maxsize=4096)  # a long-running bot reads ever new words
def pos_of(text: str) -> str | None:
    from bot.replies.words import morph

    parse = morph().parse(text)[0]
    return parse.tag.POS if parse.is_known else "NOUN"  # slang and typos are mostly nouns («снаряга»)


def concept(word: Word, vocabulary: Vocabulary) -> str | None:
    return next((name for name, stems in vocabulary.items() if matches(word, stems, fuzzy=True)), None)


def _pronoun(words: list[Word], i: int) -> bool:
    """«один из них», «одно 4 уровня, другое 6»: «one of them», no count; «3 из них мои», «из них 2 моих»: a share
    of a count said before, not a thing of its own."""
    nxt = words[i + 1] if i + 1 < len(words) else None
    share = nxt is not None and nxt.text == "из" and i + 2 < len(words) and words[i + 2].text in _THEM or (
        i > 1 and words[i - 2].text == "из" and words[i - 1].text in _THEM)
    someone = nxt is not None and pos_of(nxt.text) == "VERB"  # «один перевернул, другой забыл»: someone
    if words[i].value != 1 or words[i].text.isdigit():
        return share
    # «одно три уровня», «одна на 15, вторая на 20»: one of the things, the number after it is its value
    valued = nxt is not None and (nxt.value is not None or nxt.text == "на" and i + 2 < len(words) and words[
        i + 2].value is not None and words[i + 2].clause == words[i].clause)
    # «на одном …, на другом …, и ещё одно, где …»: the last of things named one by one
    last = (nxt is None or nxt.clause != words[i].clause) and i > 0 and words[i - 1].text == "еще" and any(
        w.text.startswith("друг") for w in words[:i] if w.sentence == words[i].sentence)
    # «одно высотой пять, второе четыре, третье шесть»: the first of things named one by one, by what they measure
    first = nxt is not None and matches(nxt, _MEASURE) and any(
        matches(w, _NEXT) for w in words[i + 2:] if w.sentence == words[i].sentence)
    return share or nxt is not None and (nxt.text == "из" or someone) or valued or last or first


def _lists(words: list[Word]) -> list[list[int]]:
    """Runs of numbers read as one list: «5 8 и 12», «3, 4 и 10» (a comma is no word); a number word after digits
    starts a new one («контракты 3 4 6 10 и один камень»), and so does a comma before a number with its own noun and
    no «и» in the list («мастерская на 12, 2 плитки бонуса»)."""
    runs: list[list[int]] = []
    i = 0
    while i < len(words):
        if words[i].value is None or words[i].players is not None or _pronoun(words, i):
            i += 1
            continue
        run = [i]
        j = i + 1
        while j < len(words):
            if words[j].text in _LINKS and words[j].clause != words[run[-1]].clause:
                break  # «на ней 12, и 3 бонуса»: a comma before «и» ends the list, the next number is another thing
            if words[j].clause != words[run[-1]].clause and any(words[k].text in _LINKS for k in range(run[0], j)):
                break  # «контракты 5 и 6, 2 бонуса»: a list closed by «и» ends at the comma
            nxt = j + 1 if words[j].text in _LINKS else j
            if nxt < len(words) and words[nxt].value is not None and words[nxt].players is None and not (
                    words[run[-1]].text.isdigit() and not words[nxt].text.isdigit()):
                run.append(nxt)
                j = nxt + 1
            else:
                break
        runs.extend(_split(words, run))
        i = run[-1] + 1
    return runs


def _split(words: list[Word], run: list[int]) -> list[list[int]]:
    """A list across a comma with no «и»/«или» whose last number has a noun of its own that is not a score is two
    things said one after the other («на 12, 2 плитки»); «11, 9, 6 и 10 домиков» stays one list."""
    last = run[-1]
    linked = any(words[j].text in _LINKS for j in range(run[0], last))
    after = words[last + 1] if last + 1 < len(words) else None
    if linked or after is None or after.clause != words[last].clause or after.value is not None:
        return [run]
    if pos_of(after.text) != "NOUN" or after.lemma in SCORE_NOUNS:
        return [run]
    parts: list[list[int]] = [[run[0]]]
    for a, b in zip(run, run[1:], strict=False):
        if words[a].clause != words[b].clause:
            parts.append([])
        parts[-1].append(b)
    return parts


def _noun_after(words: list[Word], last: int, vocabulary: Vocabulary) -> tuple[str | None, str | None]:
    """The concept and lemma of the noun a list counts: the first noun after it in its clause, past adjectives
    («4 закрытых контракта»); a generic noun hands over to the next word («3 карты бонуса») or an adjective before
    it («2 бонусные карты»)."""
    seen: list[Word] = []
    for j in range(last + 1, min(last + 5, len(words))):
        w = words[j]
        if w.clause != words[last].clause or w.value is not None or w.text == "плюс":  # «3 и 5 + область»: next thing
            return None, None
        if j == last + 1 and w.lemma in _ORDINAL_NEXT:  # «одно высотой шесть второе четыре»: the next thing
            return None, None
        pos = pos_of(w.text)
        if pos == "NOUN" and not _agrees(words[last], w):  # «контракты на четыре и семь мастера двух цветов»
            return None, None
        if pos == "NOUN":
            if matches(w, GENERIC):
                nxt = words[j + 1] if j + 1 < len(words) and words[j + 1].clause == w.clause else None
                for other in [*seen, *([nxt] if nxt else [])]:
                    found = concept(other, vocabulary)
                    if found:
                        return found, w.lemma
                if matches(w, _PIECES) and not (last and words[last - 1].text == "из"):  # «группа из 17 штук»: size
                    return _pieces_of(words, last, vocabulary), None  # «контракты: сдал три штуки»: a count of them
                if matches(w, _PIECES):
                    return None, None
            return concept(w, vocabulary), w.lemma
        if pos not in _SKIPPED:
            return None, None
        seen.append(w)
    return None, None


@functools.lru_cache(maxsize=4096)  # a long-running bot reads ever new words
def _plural_genitive(noun: str) -> bool | None:
    """Whether a known noun can be in the genitive plural («мастеров», «домиков») or has no plural («славы»); None
    for unknown words."""
    from bot.replies.words import morph

    parses = [p for p in morph().parse(noun) if p.is_known and p.tag.POS == "NOUN"]
    if not parses:
        return None
    return any({"gent", "plur"} <= set(p.tag.grammemes) or "Fixd" in p.tag or "Sgtm" in p.tag for p in parses)


def _agrees(number: Word, noun: Word) -> bool:
    """Whether a noun can be what a number word in the nominative counts: «семь мастеров», not «семь мастера» (the
    next thing, said without a comma); only numbers that take the genitive plural are checked (5-20, tens), and
    digits and numbers in other cases are taken as written."""
    value = number.value
    if number.text.isdigit() or " " in number.text or value is None or not (
            5 <= value % 100 <= 20 or value % 10 in (0, 5, 6, 7, 8, 9)):
        return True
    from bot.replies.words import morph

    if not any({"nomn", "accs"} & set(p.tag.grammemes) for p in morph().parse(number.text) if p.tag.POS == "NUMR"):
        return True
    return noun.lemma in SCORE_NOUNS or _plural_genitive(noun.text) is not False


def _pieces_of(words: list[Word], last: int, vocabulary: Vocabulary) -> str | None:
    """What «N штук» counts: the nearest thing the game names since the last number in the sentence that is not
    after a preposition («камушки на инструментах, 5 штук»: gems; «кучка домиков у сына 15 штук»: settlements;
    «контракты: сдал три штуки»: contracts)."""
    since = next((k + 1 for k in range(last - 1, -1, -1) if words[k].value is not None
                  or words[k].sentence != words[last].sentence), 0)
    return next((c for k in range(last - 1, since - 1, -1) for c in [concept(words[k], vocabulary)]
                 if c and not (k and pos_of(words[k - 1].text) == "PREP")), None)


def _noun_before(words: list[Word], first: int, vocabulary: Vocabulary, across: bool = False) -> str | None:
    """The concept of the noun before a list in its clause («контракт закрытый на 7», «высотой 5»); `across`: in
    the clause before too (what «на ней» points back to)."""
    for w in reversed(words[max(0, first - _BEFORE): first]):
        if w.clause != words[first].clause and not across:
            return None
        found = concept(w, vocabulary)
        if found:
            return found
    return None


def _counted_apart(words: list[Word], run: list[int], vocabulary: Vocabulary) -> list[tuple[list[int], str | None]]:
    """«мастерская на 15 и два бонуса»: a value after «на» and a count of another thing after «и» are two things,
    not one list: the value, of the thing named before it, and the count; «контракты на 4, 6 и 9 очков» stays one."""
    if len(run) < 2 or run[0] == 0 or words[run[0] - 1].text != "на":
        return [(run, None)]
    after, noun = _noun_after(words, run[-1], vocabulary)
    before = next((c for w in reversed(words[:run[0]]) if w.sentence == words[run[0]].sentence
                   for c in [concept(w, vocabulary)] if c), None)  # «мастерские одна на 10, другая на 15»
    if after is None or before is None or after == before or noun in SCORE_NOUNS:
        return [(run, None)]
    return [(run[:-1], before), (run[-1:], None)]


def read_numbers(words: list[Word], vocabulary: Vocabulary, unknown: bool = False) -> list[Number]:
    """Every number of a question (not a number of players) with what it counts or gives a value of; `unknown`: the
    counts the player says without knowing them too («сколько-то у озера»)."""
    out: list[Number] = []
    for run, valued in [part for whole in _lists(words) for part in _counted_apart(words, whole, vocabulary)]:
        counts, noun = _noun_after(words, run[-1], vocabulary)
        if run[0] and words[run[0] - 1].lemma in _ORDINAL_NEXT and counts is None and noun not in SCORE_NOUNS:
            counts = noun = None  # «одно три уровня другое четыре превосходства нет»: the other's value, unpunctuated
        # a number of something the game's words do not name («в одной стопке») gives no value of the noun before
        of = None if counts or noun and noun not in SCORE_NOUNS else valued or _noun_before(words, run[0], vocabulary)
        start = run[0] - 1 if run[0] and matches(words[run[0] - 1], _WRITTEN) else run[0]  # «на ней написано 12»
        prep = words[start - 1].text if start else None
        if prep in _BACK and start > 1 and words[start - 2].text == "на":  # «мастерская (на ней 6)»: printed on it
            prep = "на"
            of = of or _noun_before(words, start - 2, vocabulary, across=True)
        for i in run:
            out.append(Number(i, words[i].value or 0, words[i].clause, counts, of, prep, noun))
    for i, w in enumerate(words if unknown else ()):  # «и сколько-то у озера»: goes where a number would
        if matches(w, UNKNOWN) or w.lemma == "некий" and i + 1 < len(words) and matches(words[i + 1], _AMOUNT):
            counts, noun = _noun_after(words, i + (w.lemma == "некий"), vocabulary)
            out.append(Number(i, 0, w.clause, counts, None, words[i - 1].text if i else None, noun, unknown=True))
    return sorted(out, key=lambda n: n.at)


def near(words: list[Word], number: Number, stems: tuple[str, ...], span: int = 4) -> bool:
    """A word of `stems` in the number's clause within `span` words of it («в лучшем ряду 6 домов»)."""
    return any(matches(w, stems) for w in words[max(0, number.at - span): number.at + span + 1]
               if w.clause == number.clause)


def in_clause(words: list[Word], number: Number, stems: tuple[str, ...]) -> bool:
    return any(matches(w, stems) for w in words if w.clause == number.clause)
