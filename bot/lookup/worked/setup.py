"""Set-up questions: a component and, often, a number of players («сколько деревьев на троих?», «сколько монет у
каждого в начале на пятерых?»). Each game lists its facts with the words that name them; the answer is a table
read from the game's data for the number asked, or for every number of players when none is named."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.lookup.worked.reading import Word, has, matches

# The question is about the start or the box: «в начале», «у каждого», «раздают», «убирают», «в коробке»
MARKERS = ("начал", "старт", "каждого", "каждому", "каждый", "каждую", "каждой", "разда", "выда", "убира", "убрат",
           "убир", "коробк", "комплект", "состав", "всего", "подготов", "игре", "рук", "колод", "стопк", "открыва",
           "открыт", "клад", "полож", "выклад", "собира", "запас", "книг", "книжк", "каталог", "поле", "поля", "раунд",
           "бесконеч", "неограничен",  # «плюс десяток бесконечно, сколько их на самом деле?»: how many in the box
           "стопок", "игрой")  # «на сколько стопок их раскладывают перед игрой»
# the start and the box themselves, not the board or a hand that any rule may mention
START = ("начал", "старт", "каждого", "каждому", "каждый", "каждую", "каждой", "разда", "выда", "убира", "убрат",
         "убир", "коробк", "комплект", "состав", "всего", "подготов")
_GIVEN = ("есть", "положен", "дают", "дали", "выдают", "получа")  # «инструменты вообще есть с начала?»
# and it asks how many or which: «сколько», «каких», «по сколько»
QUANTITY = ("сколько", "скольк", "скока", "скоко", "скок", "каких", "какие", "какого", "каким")
# Moves, scores and prices are not set-up: «сколько поселений строить за ход», «сколько очков за флаг», «сколько
# денег отдать за погрузку»
NOT_SETUP = ("ход", "очк", "слав", "золот", "стоит", "плат", "можно", "нельзя", "отда", "потрат", "трат")
_SCORES = ("очк", "слав", "золот")
# what a thing brings («сколько мне за него дадут»): a score, not what is dealt («сколько карт дают каждому»)
_YIELDS = ("дадут", "даст", "дает", "дают", "получ", "принес", "принос", "начисл")
PLAYER_WORDS = {2: "двоих", 3: "троих", 4: "четверых", 5: "пятерых"}


@dataclass(frozen=True)
class Fact:
    """A set-up fact: the words that name it, the words the question must hold besides (`needs`, any of them), its
    section, and the lines for a number of players (None: every number) and whether each seat is asked about."""

    id: str
    sections: tuple[str, ...]  # the first is shown unless the search finds one of the others
    names: tuple[str, ...]
    lines: Callable[[int | None, list[Word]], list[str]]  # for a number of players (None: every) and the question
    needs: tuple[str, ...] = ()
    # the sections for what the question stresses («каждому»: the set-up; «впятером можно»: the numbers of players)
    sections_for: Callable[[int | None, list[Word]], tuple[str, ...]] | None = None
    asked: bool = False  # named only as the thing «сколько» asks for («сколько раундов»), not anywhere around

    def sections_of(self, players: int | None, words: list[Word]) -> tuple[str, ...]:
        return self.sections_for(players, words) if self.sections_for else self.sections


# a component, not a score or a move: «фишка золота» (the score marker), «можно сыграть впятером»
_MARKER = ("фишк", "фишек", "маркер", "жетон")
_PLAY = ("сыгра", "игра", "поигра")


_ANY = ("угодно", "хочешь", "хотите", "влезет", "душе")  # «сколько угодно раз»: any number, nothing asked


def _asking_sentence(words: list[Word]) -> int | None:
    """The last sentence that asks how many («сколько карт раздают? я думала по три»: the first), None if none."""
    asking = [w.sentence for i, w in enumerate(words) if matches(w, QUANTITY[:5])
              and not (i + 1 < len(words) and words[i + 1].text in _ANY)]
    return max(asking, default=None)


def _not_setup(words: list[Word]) -> bool:
    """A score, a move or a price said up to the sentence that asks how many («сколько карт дают в начале? я думала
    по три, как домиков за ход»: the aside after it is no move asked about)."""
    last = _asking_sentence(words)
    for i, w in enumerate(words):
        if last is not None and w.sentence > last:
            continue
        if w.text.startswith("ход") and i and words[i - 1].text == "по":
            continue  # «я третий по ходу»: a seat, not a move
        if matches(w, _YIELDS) and any(v.text == "за" for v in words if v.clause == w.clause):
            return True  # «сколько мне за него дадут»
        if not matches(w, NOT_SETUP):
            continue
        if w.text.startswith("золот") and i and matches(words[i - 1], _MARKER):
            continue
        if matches(w, _SCORES) and i > 1 and words[i - 1].value is not None and words[i - 2].text in ("по", "на"):
            continue  # «карточек по 10 очков»: the card's printed value describes it
        if w.text == "можно" and any(matches(v, _PLAY) or v.players for v in words[i + 1: i + 4]):
            continue  # «можно сыграть впятером», «можно в валдору вдвоём»
        return True
    return False


def asks_setup(words: list[Word], players: int | None, disputed: bool = False) -> bool:
    """A set-up question: how many of a component, for a number of players or at the start, in the box; or a figure
    someone claims of it (`disputed`: «коля говорит что плюс десяток бесконечно. сколько их на самом деле?»)."""
    if _not_setup(words):
        return False
    if has(words, *QUANTITY) or disputed and has(words, *START):  # «женя говорит что раздают по 3 карты, а я
        return players is not None or has(words, *MARKERS)  # помню что одну. кто прав»
    if has(words, *_GIVEN) and has(words, "начал", "старт"):  # «инструменты вообще есть какие-то с начала?»
        return True
    return players is not None and has(words, *MARKERS)  # «стартовые монеты впятером»


_SKIPPED = {"ADJF", "ADJS", "PRTF", "PRTS", "ADVB", "PRCL", "NPRO"}  # between «сколько» and the thing asked
# «сколько штук домиков», «сколько тайлов мостов»: the next word says which
_GENERIC = ("штук", "шт", "карточ", "фишк", "тайл", "жетон", "всего")


def asked_words(words: list[Word]) -> list[Word]:
    """What «сколько» asks for: the words just after it up to its noun, past adjectives and «всего» («сколько всего
    бонусных карточек», «сколько раундов»); none when a preposition or a verb comes first («сколько у каждого»)."""
    from bot.replies.words import morph

    at = next((i for i, w in enumerate(words) if matches(w, QUANTITY[:5])), None)
    out: list[Word] = []
    for w in words[at + 1: at + 5] if at is not None else ():
        if w.clause != words[at].clause or w.value is not None:
            break
        parse = morph().parse(w.text)[0]
        pos = parse.tag.POS if parse.is_known else "NOUN"
        if pos not in _SKIPPED and pos != "NOUN" and not matches(w, _GENERIC):
            break
        out.append(w)
        if pos == "NOUN" and not matches(w, _GENERIC):
            return out
    return out if any(matches(w, _GENERIC[:-1]) for w in out) else []


_PASSED = {"VERB", "INFN", "ADVB", "PRCL", "PRED", "ADJS", "CONJ"}  # «сколько в коробке должно быть …»


def asked_later(words: list[Word]) -> list[Word]:
    """What «сколько» asks for when a place or a verb comes first («сколько в коробке должно быть бонусных
    карточек»): the first noun of its clause past a preposition's noun and the verbs, with the adjectives before it
    (and the noun after a generic one: «карточек мостов»)."""
    from bot.replies.words import morph

    at = next((i for i, w in enumerate(words) if matches(w, QUANTITY[:5])), None)
    out: list[Word] = []
    skip_noun = False
    for w in words[at + 1:] if at is not None else ():
        if w.clause != words[at].clause or w.value is not None:
            break
        if w.text == "за":  # «сколько всего за деревья»: a score, not a count
            break
        if w.text in ("всего", "вообще", "же"):
            continue
        parse = morph().parse(w.text)[0]
        pos = parse.tag.POS if parse.is_known else "NOUN"
        if pos == "PREP":
            skip_noun = not out
            continue
        if pos == "NOUN" and skip_noun:
            skip_noun = False
            continue
        if pos in _PASSED and not out:
            continue
        if pos not in {"ADJF", "PRTF", "NOUN"}:
            break
        out.append(w)
        if pos == "NOUN" and not matches(w, _GENERIC):
            break
    return out if any(pos_noun(w) for w in out) else []


def pos_noun(word: Word) -> bool:
    from bot.replies.words import morph

    parse = morph().parse(word.text)[0]
    return not parse.is_known or parse.tag.POS == "NOUN"


def find_fact(words: list[Word], facts: tuple[Fact, ...]) -> Fact | None:
    """The fact the question asks for: the one the noun after «сколько» names («на каждый раунд сколько домиков»:
    the dwellings), else the first it names (by the first of its words that names one; a fact that needs more words
    wins over one that does not)."""
    asked = asked_words(words)
    # «сколько карточек мастеров»: the thing named after the generic word first
    asked = [w for w in asked if not matches(w, _GENERIC)] + [w for w in asked if matches(w, _GENERIC)]
    for k, word in enumerate(asked + words):
        named = [f for f in facts if matches(word, f.names, fuzzy=True) and (not f.needs or has(words, *f.needs))
                 and (k < len(asked) or not f.asked)]
        if named:
            return next((f for f in named if f.needs), named[0])
    return None


def also_named(words: list[Word], facts: tuple[Fact, ...], first: Fact) -> list[Fact]:
    """The other facts a question names beside the first («у каждого скока домиков и карт в руку»), in order."""
    named: list[Fact] = []
    last = _asking_sentence(words)  # not the asides after the question
    others = [f for f in facts if f.id != first.id and not set(f.names) & set(first.names)  # not a variant of it
              and (not f.needs or has(words, *f.needs)) and not f.asked]
    for i, word in enumerate(words):
        if last is not None and word.sentence > last:
            continue
        if i > 1 and words[i - 1].text in ("на", "за") and words[i - 2].value is not None:
            continue  # «жетонов по 2 на гекс»: a rate that describes the count asked, not another count
        named += [f for f in others if f not in named and matches(word, f.names, fuzzy=True)]
    return named


def players_head(players: int | None) -> str:
    """«На троих: » before a count that is the same for any number of players; "" when no number was asked."""
    return f"На {PLAYER_WORDS[players]}: " if players else ""


def for_players(players: int | None, allowed: range, line: Callable[[int], str]) -> list[str]:
    """One line for the number asked, or one per number of players the game allows."""
    return [line(n) for n in ([players] if players is not None else allowed)]


_TOGETHER = {1: "одному", 2: "вдвоём", 3: "втроём", 4: "вчетвером", 5: "впятером", 6: "вшестером"}
_PLAYING = ("сыгра", "поигра", "играть", "играем", "играют", "играет", "рассчитан", "сядем", "садимся")
# «в валдору вдвоём можно?», «вдвоём можно? на скольких она вообще»: that and little else
_SHORT = ("можно", "можна", "нельзя", "получится", "реально", "норм", "пойдет", "подойдет")


def seats_line(words: list[Word], players: int | None, allowed: range) -> str | None:
    """Whether a game is played by a number of players («в валдору вдвоём можно?», «впятером в кингдом сыграем?»):
    the range it allows, and whether the number asked is in it; None for a question that asks nothing of that."""
    tables = [i for i, w in enumerate(words) if w.players is not None and w.players > 1]
    ranged = len({words[i].players for i in tables}) > 1  # «на троих-пятерых? вдвоём же нельзя»: the range asked
    asks = has(words, *_PLAYING) or has(words, *_SHORT) and (len(words) <= 7 or ranged and len(words) <= 14)
    modal = [i for i in tables if any(matches(w, _SHORT) for w in words if w.clause == words[i].clause)]
    players = words[modal[0]].players if ranged and modal else players  # the number the «можно»/«нельзя» is of
    if players is None or not asks or has(words, "ход", "очк", "слав", "золот", "стоит", "плат", "карт", "брат",
                                          "стоя", "клетк", "гекс", "мест", "дерев"):  # «стоять вдвоём на клетке»
        return None
    low, high = allowed.start, allowed.stop - 1
    together = _TOGETHER.get(players, f"на {players} игроков")
    if players in allowed:
        return f"<b>Можно {together}</b>: играют от {low} до {high}"
    return f"<b>{together.capitalize()} не сыграть</b>: играют от {low} до {high}"
