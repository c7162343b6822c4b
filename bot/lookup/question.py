"""A player's question as the rules search reads it (`read_question`): its intent phrases become light cues
(`INTENTS`), its words and synonym phrases the weighted content terms, with typos matched to the texts' words,
words of no text matched by meaning to the nearest one, and the weight of the words nothing could place kept for
the confidence."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from bot.lookup.index import Index, phrases
from bot.lookup.terms import INTENTS, NUMBER, is_noun, is_stop, known_word, lemma, lemmas, people

EXACT_WEIGHT = 0.25  # a word of a synonym group also looked for as itself ("поселение" is Kingdom Builder's word)
INTENT_WEIGHT = 0.25  # the texts' words that answer a question's wording, see `INTENTS`
GAMEWORD_WEIGHT = 0.5  # the word "игра" standing for a game's name in the question
FUZZY_WEIGHT = 0.7  # a word found only as a typo of a word of the texts
AUTOCORRECT_WEIGHT = 0.5  # a dictionary noun the texts do not use, one edit from one they do (a phone's swap)
NUMBER_WEIGHT = 0.5  # digits: "2 домика", "Д5"
# A word nothing could place counts for the confidence as the rarest term times UNKNOWN_NOUN_WEIGHT for a noun or a
# word no dictionary knows (the subject of a question the rules do not cover: "пицца", "фывапр"),
# UNKNOWN_OTHER_WEIGHT for other words ("срубить", "далеко": paraphrase, more often).
UNKNOWN_NOUN_WEIGHT = 1.5
UNKNOWN_OTHER_WEIGHT = 0.4
# A word nothing else could place, whose vector's nearest word of the texts (`Meaning.nearest`) is at least
# NEAREST_MIN close, is also searched as that word, as a cue of NEAREST_WEIGHT: it helps the ranking ("перевес" ->
# "преимущество") but still counts as unknown for the confidence, for a football club is close to a gem.
NEAREST_WEIGHT = 0.5
NEAREST_MIN = 0.5


@functools.cache
def _intents() -> dict[tuple[str, ...], tuple[str, ...]]:
    """`INTENTS` by the lemmas of their phrases (made on first use: the dictionary loads then)."""
    return {tuple(lemmas(phrase)): cues for phrase, cues in INTENTS.items()}


@dataclass
class Query:
    """A question as weighted terms: `content` (the subject; it decides the confidence), `cues` (intent)."""

    content: dict[str, float]
    cues: dict[str, float]
    pairs: list[tuple[str, str]]  # neighbouring words ("серый клиент", "карта местности")
    phrases: list[tuple[str, str]]  # neighbouring words with the question words ("как получить")
    unknown: float  # the words neither the texts nor a typo match could place, by UNKNOWN_*_WEIGHT
    # The question's nouns: how many the reference texts use (as a word, a synonym or by a typo), and how many
    # nothing could place ("пиццу", "ссылку"); a noun only the asked questions use is neither. See `off_topic`
    nouns_known: int = 0
    nouns_unknown: int = 0
    # how many of its words the texts or the synonyms place as written (not by a typo, not digits): a question
    # with none and a word nothing places is garbage that a typo match made look like a word («ывап ролд»)
    placed: int = 0

    @property
    def off_topic(self) -> bool:
        """Whether the question's subject is not the games': it names a thing the rules do not know and nothing
        the texts name ("скиньте ссылку на зум": only the verb is a word of the rules)."""
        return self.nouns_unknown > 0 and self.nouns_known == 0


# nouns every talk of games uses: they make no question the rules' («гости на игры, какую пиццу заказать?»)
GENERIC_NOUNS = frozenset({"игра", "партия", "вопрос", "правило"})


def read_question(
    index: Index,
    words: list[str],
    implied: int | None = None,
    nearest: Callable[[str], tuple[str, float] | None] | None = None,
) -> Query:
    """The question's terms and weights. First its intent phrases (`INTENTS`), which become cues; then its
    concepts: synonym groups (phrases too, stop words included: "о чем игра"), content words, typos matched to
    the texts' words; and the weight of the words nothing could place. `implied` is the position of the word
    "игра" put in place of a game's name: alone it is only a cue. The people of an argument at the table and
    their verbs (`terms.people`) are left out: the claim is what is searched, not who makes it."""
    synonyms = index.synonyms
    aside = people(words, lambda word: any(index.in_texts(t) for t in synonyms.word_terms(word)))
    word_lemmas = ["" if k in aside else lemma(w) for k, w in enumerate(words)]
    content: dict[str, float] = {}
    cues: dict[str, float] = {}
    unknown = 0.0
    nouns = [0, 0]  # the nouns the reference texts use, the nouns nothing could place
    placed = 0

    def add(to: dict[str, float], terms: list[str] | tuple[str, ...], weight: float) -> None:
        for term in terms:
            if term in index.idf:  # a synonym group none of whose members the texts use is no help
                to[term] = max(to.get(term, 0.0), weight)

    intents, rest = _intents_in(index, word_lemmas)
    for cue in intents:
        add(cues, [NUMBER] if cue == NUMBER else synonyms.word_terms(cue), INTENT_WEIGHT)
    for start, end, terms in synonyms.concepts(rest):
        word = words[start]
        # the game's name alone is only a cue, but a phrase it begins is the subject («когда валдора кончается»)
        if (start != implied or end - start > 1) and not is_stop(word) and any(is_noun(words[k]) for k in
                                                                               range(start, end)):
            typo = index.typo(word) if not any(t in index.idf for t in terms) else None
            nouns[0] += (end - start > 1 or lemma(word) not in GENERIC_NOUNS) and any(
                index.in_texts(t) for t in (synonyms.word_terms(typo) if typo else terms))
        if end - start > 1 or terms[0].startswith("syn"):
            placed += start != implied
            add(cues if implied is not None and (start, end) == (implied, implied + 1) else content, terms, 1.0)
            if end - start == 1:
                add(cues, [rest[start]], EXACT_WEIGHT)  # the word itself besides its synonyms
        elif start == implied:
            add(cues, terms, GAMEWORD_WEIGHT)
        elif is_stop(word) and not (len(word) == 1 and end < len(words) and words[end].isdigit()):
            continue  # but "б" in "Б3" is a coordinate
        elif word.isdigit():
            add(content, terms, NUMBER_WEIGHT)
        elif terms[0] in index.idf:
            placed += 1
            add(content, terms, 1.0)
        elif (typo := index.typo(word)) is not None:
            add(content, synonyms.word_terms(typo), FUZZY_WEIGHT)
        elif is_noun(word) and (swapped := index.typo(word, autocorrected=True)) is not None:
            add(content, synonyms.word_terms(swapped), AUTOCORRECT_WEIGHT)  # «что делает топот»
        else:
            unknown += UNKNOWN_NOUN_WEIGHT if is_noun(word) or not known_word(word) else UNKNOWN_OTHER_WEIGHT
            nouns[1] += is_noun(word)
            near = nearest(word) if nearest is not None and NEAREST_WEIGHT else None
            if near is not None and near[1] >= NEAREST_MIN:
                add(cues, synonyms.word_terms(near[0]), NEAREST_WEIGHT)
    kept = " ".join(w for k, w in enumerate(words) if k not in aside)
    pairs = index.pairs_of(kept)
    if NUMBER in cues:  # "сколько верхушек" looks for "9 верхушек"
        pairs |= {(NUMBER, synonyms.concept(term)) for term in rest if term}
    pairs = sorted(p for p in pairs if p in index.pairs)
    found = sorted(p for p in phrases(kept) if p in index.title_phrases)
    cues = {t: w for t, w in cues.items() if t not in content}
    return Query(content, cues, pairs, found, unknown, nouns[0], nouns[1], placed)


def _intents_in(index: Index, word_lemmas: list[str]) -> tuple[list[str], list[str]]:
    """The cues of the intent phrases found in a lemma sequence (longest first), and the sequence with the
    phrases' words blanked out. Words of a synonym phrase are left to it ("сколько угодно")."""
    rest = list(word_lemmas)
    taken = {k for start, end, _ in index.synonyms.concepts(rest) if end - start > 1 for k in range(start, end)}
    cues: list[str] = []
    for n in (2, 1):
        for i in range(len(rest) - n + 1):
            found = _intents().get(tuple(rest[i : i + n]))
            if found is not None and all(rest[i : i + n]) and not taken & set(range(i, i + n)):
                cues += found
                rest[i : i + n] = [""] * n
    return cues, rest
