"""Words as the rules search sees them: normalised, reduced to their dictionary form (pymorphy3) or stem
(Snowball), stop words and prepositions, and the edit distance that catches typos (`bot.lookup.rulebook` builds its
index and reads questions with these)."""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from collections.abc import Callable

import snowballstemmer

from bot.replies.words import morph

# Dropped from queries (compared after lower case and ё -> е). Question words, pronouns, prepositions, particles,
# chat slang and the courtesy of a formal question («Добрый вечер. Уточните, пожалуйста, …») that say nothing about
# which rule is meant.
STOP_WORDS = frozenset(
    """
а и или но да ни же ли ль бы б то это этот эта эти тот та те там тут здесь вот ну уж уже еще ещё тоже также
в во на с со к ко у о об обо от до из по за при про для без над под через между перед после
как какой какая какое какие каким какую каких что чего чем чему че чё чо шо кто кого кому где куда откуда когда
зачем почему сколько скока скоко скок столько много мало почем почём
можно нельзя мона низя надо нужно можем могу может могут
я ты он она оно мы вы они мне меня мой моя мое мои тебе тебя твой свой своя свое свои его ее её их им ним нее
ему него нему ей ней нам вам нас вас ими ними себя себе сам сама сами нем нём весь все всё всего всех всем
есть было был была были будет будут быть
так также вообще ваще вобще просто именно типа короче плиз пожалуйста пж спс спасибо если тогда чтобы либо ведь
разве неужели пусть такой такая такое такие
привет здравствуйте ребят ребята народ люди чел чувак братан бро бот бота боту подскажите подскажи скажите скажи
вопрос вопросик блин млин капец жесть кстати кароче кароч ой эй эм ээ хм ммм ок окей оке ладно слушай слушайте
смотри смотрите слышь чет чето нибудь вроде типо друзья плз пжлст ага угу неа реально собственно случайно
помогите помоги объясните объясни поясните поясни напомните напомни расскажи расскажите знает знаете хелп
понял поняла понятно непонятно сорри извините чат чатик тока токо чтоли норм
говорить сказать уверять утверждать заявлять настаивать доказывать помнить вспомнить думать подумать прав правда
неправда правильно неправильно верно неверно мол дескать якобы будто кажется казать уверенный уверен уверена спор
поспорить спорим насчитать ошибать ошибается дело законно незаконно честно нечестно иначе сомневать сомневаюсь
когото чтото гдето ктото както когдато куданибудь чтонибудь ктонибудь
добрый доброе доброго вечер утро денек здрасте здрасьте уточните уточнить уточни будьте любезны благодарю заранее
a an the of to in on at for by with is are be do does did can could what how when where which who why
""".split()
)

PREPOSITIONS = frozenset(
    "в во на с со к ко у о об обо от до из по за при про для без над под через между перед после".split()
)
NUMERALS = frozenset("один два три четыре пять шесть семь восемь девять десять".split())

WORD = re.compile(r"[0-9]+|[a-zа-я]+")
CYRILLIC = re.compile(r"[а-я]")

_RU = snowballstemmer.stemmer("russian")
_EN = snowballstemmer.stemmer("english")


def normalise(text: str) -> list[str]:
    """Lower-cased words, "ё" -> "е", punctuation dropped, letters and digits apart ("Д5" -> "д", "5"); not stemmed."""
    return WORD.findall(text.lower().replace("ё", "е"))


@functools.lru_cache(maxsize=16384)  # bounded: a bot that runs for weeks reads ever new words
def stem(word: str) -> str:
    """One normalised word's stem: Russian Snowball for Cyrillic, English Snowball for Latin, digits as they are."""
    if CYRILLIC.search(word):
        return _RU.stemWord(word)
    if word.isascii() and word.isalpha():
        return _EN.stemWord(word)
    return word


def stems(text: str) -> list[str]:
    return [stem(w) for w in normalise(text)]


_VERB_FORMS = frozenset({"VERB", "INFN", "PRTF", "PRTS", "GRND"})


@functools.lru_cache(maxsize=16384)  # bounded: a bot that runs for weeks reads ever new words
def lemma(word: str) -> str:
    """One normalised word's dictionary form ("мостом" -> "мост", "берёт" -> "брать"), reflexive verbs without
    "-ся" ("считается" -> "считать"); the stem for words the dictionary does not know and for Latin words;
    single letters and digits as they are."""
    if len(word) < 2 or not CYRILLIC.search(word):
        return stem(word)
    parses = morph().parse(word)
    if not parses[0].is_known:
        return stem(word)
    support: dict[str, float] = defaultdict(float)  # a dictionary form -> the summed score of its readings
    for parse in parses:
        support[parse.normal_form] += parse.score
    form = min(support, key=lambda f: (-round(support[f], 6), len(f), f))
    parse = next(p for p in parses if p.normal_form == form)
    form = form.replace("ё", "е")
    if parse.tag.POS in _VERB_FORMS and form.endswith(("ся", "сь")) and len(form) > 4:
        form = form[:-2]
    return form


def is_stop(word: str) -> bool:
    """Whether a normalised word is a stop word, as typed or by its lemma ("ему" -> "он", "чувака" -> "чувак")."""
    return word in STOP_WORDS or lemma(word) in STOP_WORDS


@functools.lru_cache(maxsize=16384)  # bounded: a bot that runs for weeks reads ever new words
def is_noun(word: str) -> bool:
    """Whether a word's likeliest reading is a common noun (the subject of a question rather than its wording)."""
    parse = morph().parse(word)[0]
    return parse.tag.POS == "NOUN" and "Name" not in parse.tag


@functools.lru_cache(maxsize=16384)  # bounded: a bot that runs for weeks reads ever new words
def known_word(word: str) -> bool:
    """Whether the dictionary knows a Cyrillic word (so it is not a typo)."""
    return morph().word_is_known(word)


# The verbs of saying and thinking that also count the score («считать»), dropped only where they tell an
# argument: after a person's name («петя считает …»), or after a pronoun with a claim following («а я считаю что
# …»). The plain ones («говорит», «помню», «насчитала») are stop words.
SPEECH_VERBS = frozenset("считать посчитать".split())
CLAIM_WORDS = frozenset("что будто якобы мол".split())
PRONOUNS = frozenset("я ты он она мы вы они".split())
NAME_SHARE = 0.25  # a word whose readings as a first name weigh this much is a person's name (see `people`)
# The people at a table named by who they are to the player («спорим с сыном», «дочка хочет флаг»), as names are
KIN = frozenset(
    "сын дочь дочка сынок сынишка ребенок дети внук внучка муж жена брат сестра мама папа друг подруга приятель "
    "приятельница бабушка дедушка племянник племянница товарищ коллега".split()
)
SAYING = frozenset(
    "говорить сказать уверять утверждать заявлять настаивать доказывать думать помнить насчитать".split()
)


@functools.lru_cache(maxsize=16384)  # bounded: a bot that runs for weeks reads ever new words
def _names(word: str) -> dict[str, float]:
    """A word's readings as a first name (pymorphy3's `Name` tag): the name's dictionary form -> their weight."""
    found: dict[str, float] = defaultdict(float)
    if len(word) >= 3 and CYRILLIC.search(word):
        for parse in morph().parse(word):
            if "Name" in parse.tag and parse.is_known:  # a guess for an unknown word is no name («провиан»)
                found[parse.normal_form.replace("ё", "е")] += parse.score
    return dict(found)


def people(words: list[str], known: Callable[[str], bool]) -> set[int]:
    """The positions of a question's words that tell who argues, not what about: people's first names and the
    counting verbs they claim with («витя считает …», «а я считаю что …»), and the family and friends a player
    names them by (`KIN`: «спорим с сыном», «дочка говорит»). A name is a word read mostly as a
    first name, unless the texts use it (`known`: «ферма», «рубин» are names too); any reading as a name will do
    before a verb of saying («слава говорит» is Слава, not fame), and a name once found is found in its other
    forms («флаг кости … костя говорит»)."""
    found: set[int] = set()
    names: set[str] = set()
    for k, word in enumerate(words):
        readings = _names(word)
        if not readings:
            continue
        speaks = k + 1 < len(words) and lemma(words[k + 1]) in SAYING | SPEECH_VERBS
        if speaks or (sum(readings.values()) >= NAME_SHARE and not known(word)):
            found.add(k)
            names.update(readings)
    found |= {k for k, word in enumerate(words) if names & _names(word).keys() and not known(word)}
    found |= {k for k, word in enumerate(words) if lemma(word) in KIN and not known(word)}
    for k, word in enumerate(words[1:], 1):
        claim = k + 1 < len(words) and words[k + 1] in CLAIM_WORDS
        if lemma(word) in SPEECH_VERBS and (k - 1 in found or (words[k - 1] in PRONOUNS and claim)):
            found.add(k)
    return found


def lemmas(text: str) -> list[str]:
    return [lemma(w) for w in normalise(text)]


def padded_trigrams(word: str) -> set[str]:
    padded = f"^{word}$"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def edit_distance(a: str, b: str, limit: int) -> int:
    """Levenshtein distance with adjacent transpositions, or `limit + 1` once it is certainly over `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > limit:
            return limit + 1
        previous2, previous = previous, row
    return previous[-1]


NUMBER = "<число>"  # the term every number in the texts yields

# A question's wording (as typed; compared by lemmas) -> the words of the texts that answer that kind of question.
# These words are not the question's subject: they are not searched as content, only as light cues
# (`INTENT_WEIGHT`), and they do not count in the confidence. Generic verbs ("что делает топор", "как работает",
# "что даёт") look only for themselves.
INTENTS: dict[str, tuple[str, ...]] = {
    "когда": ("когда",),
    "сколько": (NUMBER,),
    "скока": (NUMBER,),
    "скоко": (NUMBER,),
    "можно": ("можно", "нельзя"),
    "мона": ("можно", "нельзя"),
    "нельзя": ("можно", "нельзя"),
    "кто": ("кто",),
    "где": ("где",),
    "куда": ("куда",),
    "сколько всего": (NUMBER, "состав"),
    "сколько стоит": (NUMBER, "цена", "монета", "золото"),
    "скока стоит": (NUMBER, "цена", "монета", "золото"),
    "почем": (NUMBER, "цена", "монета", "золото"),
    "какие бывают": ("вид", "тип"),
    "в игре": ("состав",),
    "делать": ("делать",),
    "сделать": ("сделать",),
    "работать": ("работать",),
    "давать": ("давать",),
    "значить": ("значить",),
    "означать": ("означать",),
    "происходить": ("происходить",),
    "бывать": ("бывать",),
}
