"""Search over the rule reference texts (`rules/<game>/reference.md`) for the questions players type in a chat.

How a lookup works:

* Words: lower case, "ё" -> "е", everything that is not a letter or a digit becomes a space, and each word is
  reduced to its dictionary form by pymorphy3 ("мосты", "моста", "мостом" -> "мост"; reflexive verbs lose "-ся":
  "считается" -> "считать"), so words that merely share a stem stay apart ("ходить" is not "ход", "рядом" is not
  "ряд"). Words the dictionary does not know (slang, "гексов", "Валдору") are stemmed by the Russian Snowball
  stemmer, Latin words by the English one.
* Synonyms (`rules/synonyms.txt`, one group per line): a query word or phrase that is a member of a group is
  searched as the group, and, lightly, as itself (`EXACT_WEIGHT`: "поселение" is Kingdom Builder's word, "жилище"
  that of the Зодчие). Every occurrence of a member in the texts also yields a `syn<N>` term, so a group counts
  as one term however many of its members a section uses.
* Question words: stop words ("как", "что", "можно", ...) say nothing about the subject and are not searched.
  The intent of a question's wording (`INTENTS`: "когда", "сколько", "можно ли", "сколько стоит", "что делает",
  "какие бывают", ...) only adds light cues towards the sections that answer that kind of question, and
  "сколько X" also looks for "<number> X" in the texts ("сколько верхушек" -> "9 верхушек") and counts a number
  as one of the question's words in a sentence ("сколько домиков за ход" -> «в свой ход ... 3 поселения»).
* Ranking, per section: BM25 over the body; a title score, where each question term in the section's title
  counts `TITLE_WEIGHT` times, scaled by the share of the title the question covers (titles name the cards,
  locations, items and rules: "что делает топор" -> «Топор»); two neighbouring words of a title found side by side
  in the question, its question words too (`TITLE_PHRASE_WEIGHT`: "как получить мост" -> «Особые предметы: как
  получить», not «Очки за мост»); neighbouring question words found side by side in
  the text (`PAIR_WEIGHT`) and question terms found together in one sentence (`SENTENCE_WEIGHT`).
* Games: a game named in the query ("валдора провиант", "когда кончается kingdom builder") restricts the search
  to that game (`RuleBook.split_game`), its name counting as the word "игра". Otherwise all games are searched,
  and each game's sections gain with how much the question's words belong to that game (`GAME_AFFINITY`).
* Typos and partial words: a word that is neither in the dictionary nor in the texts is matched to the closest
  word of the texts within one edit (two for words longer than five letters), at `FUZZY_WEIGHT`:
  "праовиант" -> "провиант", "тапор" -> "топор".
* Confidence (`Ranking.confidence`): how much of the question the best section explains. Below
  `CONFIDENCE_THRESHOLD` the search answers nothing, so that the bot says it found nothing instead of answering
  "фывапр" with a random section.

>>> book = RuleBook.load()
>>> list(book.games)
['valdora', 'sylvan', 'kingdom']
>>> book.split_game("валдора провиант")
('valdora', 'провиант')
>>> book.search("праовиант")[0].id
'valdora.provisions'
>>> book.search("фывапр")
[]
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

import rules
from bot.lookup.reference import GAME_NAMES, NAME_PREPOSITIONS, Section, parse_reference
from bot.lookup.terms import (
    CYRILLIC,
    INTENTS,
    NUMBER,
    NUMERALS,
    PREPOSITIONS,
    STOP_WORDS,
    WORD,
    edit_distance,
    is_noun,
    is_stop,
    known_word,
    lemma,
    lemmas,
    normalise,
    padded_trigrams,
    stem,
    stems,
)

RULES_FOLDER = Path(rules.__file__).resolve().parent
GAME_ORDER = ("valdora", "sylvan", "kingdom")  # the stable order of `RuleBook.games`; other folders follow by name

K1, B = 2.0, 0.75  # BM25 term saturation and length normalisation of the section bodies
TITLE_WEIGHT = 2.0  # a question term in a fully covered title, against one BM25 body match
TITLE_PHRASE_WEIGHT = 1.0  # two neighbouring words of a title side by side in the question, times the phrase's
# rarity among the titles; question words count here ("как получить" -> «Особые предметы: как получить»)
PAIR_WEIGHT = 0.5  # two neighbouring question words found side by side in a section, times the pair's rarity
SENTENCE_WEIGHT = 0.25  # the question terms found together in one sentence of a section (`RuleBook._together`)
GAME_AFFINITY = 1.0  # a section's score grows by up to this share with its game's evidence (`_game_evidence`)
EXACT_WEIGHT = 0.25  # a word of a synonym group also looked for as itself ("поселение" is Kingdom Builder's word)
INTENT_WEIGHT = 0.25  # the texts' words that answer a question's wording, see `INTENTS`
GAMEWORD_WEIGHT = 0.5  # the word "игра" standing for a game's name in the question
FUZZY_WEIGHT = 0.7  # a word found only as a typo of a word of the texts
NUMBER_WEIGHT = 0.5  # digits: "2 домика", "Д5"

# The confidence (`RuleBook._confidence`): the question's content weight (term weight times idf) that the best
# section has, plus KNOWN_CREDIT of the weight that only other sections have (the rules' words, paraphrased),
# over the whole weight, where each word that nothing could place counts as the rarest term times
# UNKNOWN_NOUN_WEIGHT for a noun or a word no dictionary knows (the subject of a question the rules do not cover:
# "пицца", "фывапр"), UNKNOWN_OTHER_WEIGHT for other words ("срубить", "далеко": paraphrase, more often).
KNOWN_CREDIT = 0.5
UNKNOWN_NOUN_WEIGHT = 1.5
UNKNOWN_OTHER_WEIGHT = 0.4
# On tests/rules_questions*.json the nonsense scores at most 0.10 and the real questions at least 0.36; 0.2 sits
# in that gap, nearer the nonsense, so that chatty real questions with an unknown noun are still answered.
CONFIDENCE_THRESHOLD = 0.2

TITLE_IGNORED = frozenset({"игра"})  # every section is about the game: «Состав игры» is about «состав»

_SENTENCE = re.compile(r"[.!?;\n•]+\s*")


@dataclass(frozen=True)
class Ranking:
    """The sections that match a question best, best first, and how sure the search is of the first one."""

    sections: list[Section]
    confidence: float  # 0..1: how much of the question the first section explains (`RuleBook._confidence`)

    @property
    def confident(self) -> bool:
        return bool(self.sections) and self.confidence >= CONFIDENCE_THRESHOLD


@dataclass
class _Query:
    """A question as weighted terms: `content` (the subject; it decides the confidence), `cues` (intent)."""

    content: dict[str, float]
    cues: dict[str, float]
    pairs: list[tuple[str, str]]  # neighbouring words ("серый клиент", "карта местности")
    phrases: list[tuple[str, str]]  # neighbouring words with the question words ("как получить")
    unknown: float  # the words neither the texts nor a typo match could place, by UNKNOWN_*_WEIGHT


class RuleBook:
    """A read-only index of every game's rule reference, built once at start (`RuleBook.load()`)."""

    def __init__(self, games: dict[str, str], sections: list[Section], synonyms: list[list[str]]) -> None:
        self.games = games
        self._list = list(sections)
        self._sections = {s.id: s for s in sections}
        self._by_game: dict[str, list[Section]] = {g: [] for g in games}
        for s in sections:
            self._by_game[s.game].append(s)
        self._build_synonyms(synonyms)
        self._intents = {tuple(lemmas(phrase)): cues for phrase, cues in INTENTS.items()}
        self._build_game_names()
        self._build_index(sections, synonyms)

    # ---- loading ---------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path = RULES_FOLDER) -> RuleBook:
        folder = Path(folder)
        names = [p.parent.name for p in folder.glob("*/reference.md")]
        order = [g for g in GAME_ORDER if g in names] + sorted(g for g in names if g not in GAME_ORDER)
        games: dict[str, str] = {}
        sections: list[Section] = []
        for game in order:
            title, found = parse_reference(game, (folder / game / "reference.md").read_text(encoding="utf-8"))
            games[game] = title
            sections += found
        synonyms_file = folder / "synonyms.txt"
        synonyms = []
        if synonyms_file.exists():
            for line in synonyms_file.read_text(encoding="utf-8").splitlines():
                if line.strip() and not line.lstrip().startswith("#"):
                    synonyms.append([m.strip() for m in line.split(",") if m.strip()])
        return cls(games, sections, synonyms)

    def _build_synonyms(self, groups: list[list[str]]) -> None:
        # lemma sequence of a member ("мост" -> ("мост",), "конец игры" -> ("конец", "игра")) -> its groups' numbers
        self._group_of: dict[tuple[str, ...], set[int]] = {}
        for index, members in enumerate(groups):
            for member in members:
                seq = tuple(lemmas(member))
                if seq:
                    self._group_of.setdefault(seq, set()).add(index)
        self._longest: dict[str, int] = {}  # a lemma -> the longest member starting with it
        for seq in self._group_of:
            self._longest[seq[0]] = max(self._longest.get(seq[0], 0), len(seq))

    def _build_game_names(self) -> None:
        # (stem sequence, game), longest first, so "kingdom builder" wins over "builder"
        names = [
            (tuple(stems(name)), game) for game, forms in GAME_NAMES.items() if game in self.games for name in forms
        ]
        names += [(tuple(stems(title)), game) for game, title in self.games.items()]
        names += [((game,), game) for game in self.games]
        self._game_names = sorted(set(names), key=lambda item: -len(item[0]))

    def _build_index(self, sections: list[Section], synonyms: list[list[str]]) -> None:
        """Term counts of the bodies, title concepts, neighbouring words, sentences, idf, and the words of the
        texts for typo matching."""
        self._body: dict[str, dict[int, int]] = defaultdict(dict)  # term -> section -> count
        self._pairs: dict[tuple[str, str], set[int]] = defaultdict(set)
        self._sentences: dict[str, list[tuple[int, int]]] = defaultdict(list)  # term -> (section, sentence)
        self._title_terms: list[frozenset[str]] = []
        self._title_phrases: dict[tuple[str, str], set[int]] = defaultdict(set)
        self._titled: dict[str, list[int]] = defaultdict(list)
        documents: dict[str, set[int]] = defaultdict(set)  # term -> the sections using it, title or body
        lengths = []
        for i, s in enumerate(sections):
            body = self._terms(s.text)
            for term, count in Counter(body).items():
                self._body[term][i] = count
            for term in {*body, *self._terms(s.title)}:
                documents[term].add(i)
            lengths.append(len(body))
            for pair in self._pairs_of(s.title + "\n" + s.text):
                self._pairs[pair].add(i)
            for k, sentence in enumerate(_SENTENCE.split(s.text)):
                for term in set(self._terms(sentence)):
                    self._sentences[term].append((i, k))
            self._title_terms.append(self._title_concepts(s.title))
            for phrase in _phrases(s.title):
                self._title_phrases[phrase].add(i)
            for term in self._title_terms[i]:
                self._titled[term].append(i)
        self._build_statistics(sections, documents, lengths)
        self._build_typos(sections, synonyms)

    def _title_concepts(self, title: str) -> frozenset[str]:
        """What a title is about: its words' concepts (synonym groups, else lemmas), stop words and "игра" left
        out ("Состав игры" -> the group of "состав")."""
        words = [lemma(w) for w in normalise(title) if not is_stop(w)]
        return frozenset({t for _, _, terms in self._concepts(words) for t in terms} - TITLE_IGNORED)

    def _build_statistics(self, sections: list[Section], documents: dict[str, set[int]], lengths: list[int]) -> None:
        """BM25's length norms, idf, and for each term how many sections of each game use it."""
        average = sum(lengths) / len(lengths) if lengths else 1.0
        self._norm = [1 - B + B * n / average for n in lengths]
        n = len(sections)
        self._idf = {term: math.log(1 + (n - len(d) + 0.5) / (len(d) + 0.5)) for term, d in documents.items()}
        self._rarest = math.log(1 + (n + 0.5) / 0.5)
        self._title_mass = [sum(self._idf[t] for t in terms) for terms in self._title_terms]
        self._game_df = {term: Counter(sections[i].game for i in found) for term, found in documents.items()}

    def _build_typos(self, sections: list[Section], synonyms: list[list[str]]) -> None:
        """The Cyrillic words of the texts and of the synonym groups (word -> how often the texts use it), and
        their trigrams, for `_typo`."""
        surface: Counter[str] = Counter()
        for s in sections:
            surface.update(normalise(s.title + " " + s.text))
        for members in synonyms:
            for member in members:
                surface.update(w for w in normalise(member) if w not in surface)
        self._surface = {w: count for w, count in surface.items() if len(w) >= 3 and CYRILLIC.search(w)}
        self._trigram_words: dict[str, list[str]] = defaultdict(list)
        for word in self._surface:
            for gram in padded_trigrams(word):
                self._trigram_words[gram].append(word)

    def _concept(self, term: str) -> str:
        """A lemma as one concept: its (first) synonym group, else itself."""
        groups = self._group_of.get((term,))
        return f"syn{min(groups)}" if groups else term

    def _pairs_of(self, text: str) -> set[tuple[str, str]]:
        """The concepts of neighbouring words of a text, stop words left out ("карты местности" -> карта,
        местность), numbers as NUMBER ("9 верхушек" -> NUMBER, верхушка)."""
        words = [lemma(w) for w in normalise(text) if not is_stop(w)]
        words = [NUMBER if w.isdigit() or w in NUMERALS else self._concept(w) for w in words]
        return set(zip(words, words[1:], strict=False))

    def _terms(self, text: str) -> list[str]:
        """The terms a text is indexed under: its lemmas, a `syn<N>` per synonym group occurrence, a NUMBER per
        number."""
        words = lemmas(text)
        return words + [f"syn{g}" for g in self._group_hits(words)] + [NUMBER for w in words if w.isdigit()]

    # ---- sections --------------------------------------------------------------------------------------------

    def section(self, section_id: str) -> Section | None:
        return self._sections.get(section_id)

    def sections(self, game: str) -> list[Section]:
        return list(self._by_game.get(game, []))

    def neighbours(self, section_id: str) -> tuple[Section | None, Section | None]:
        s = self._sections.get(section_id)
        if s is None:
            return None, None
        same = self._by_game[s.game]
        i = same.index(s)
        return (same[i - 1] if i > 0 else None), (same[i + 1] if i + 1 < len(same) else None)

    # ---- search ----------------------------------------------------------------------------------------------

    def split_game(self, query: str) -> tuple[str | None, str]:
        """The game named anywhere in the query, and the query without that name (and a preposition before it)."""
        game, start, end = self._game_mention(query)
        if game is None:
            return None, query
        return game, _tidy(query[:start] + " " + query[end:])

    def _game_mention(self, query: str) -> tuple[str | None, int, int]:
        """The game named in the query and where its name (with a preposition before it) starts and ends. A word
        matches a name's word by its stem or by its lemma's stem ("кингдоме", "валдору", "зодчих")."""
        lowered = query.lower().replace("ё", "е")
        words = list(WORD.finditer(lowered))
        forms = [{stem(m.group()), stem(lemma(m.group()))} for m in words]
        for seq, game in self._game_names:
            n = len(seq)
            for i in range(len(words) - n + 1):
                if all(seq[k] in forms[i + k] for k in range(n)):
                    start = i - 1 if i > 0 and words[i - 1].group() in NAME_PREPOSITIONS else i
                    return game, words[start].start(), words[i + n - 1].end()
        return None, 0, 0

    def search(self, query: str, game: str | None = None, limit: int = 5) -> list[Section]:
        """The best matching sections, best first; [] when the search is not confident of any (`rank`). A game
        named in the query restricts the search when `game` is None."""
        ranking = self.rank(query, game, limit)
        return ranking.sections if ranking.confident else []

    def rank(self, query: str, game: str | None = None, limit: int = 5) -> Ranking:
        """The best matching sections however weak, and the confidence in the first one. A game named in the
        query restricts the search when `game` is None, and its name is searched as the word "игра" ("когда
        кончается валдора" asks when the game ends)."""
        named, start, end = self._game_mention(query)
        implied = None
        if named is not None:
            game = game or named
            implied = len(normalise(query[:start]))
            query = query[:start] + " игра " + query[end:]
        parsed = self._parse_query(normalise(query), implied)
        scores = self._score(parsed, game)
        best = sorted(scores, key=lambda i: (-scores[i], i))[:limit]
        confidence = self._confidence(parsed, best[0], game) if best else 0.0
        return Ranking([self._list[i] for i in best], confidence)

    def leaning(self, query: str) -> dict[str, float]:
        """Game -> the share of the question's subject that belongs to it (`_game_evidence`), all 0 when its
        words are no game's own: "топор" leans wholly to the Зодчие, "ничья" to no game."""
        parsed = self._parse_query(normalise(query))
        evidence = self._game_evidence(parsed.content)
        total = sum(evidence.values())
        return {game: value / total if total else 0.0 for game, value in evidence.items()}

    def _parse_query(self, words: list[str], implied: int | None = None) -> _Query:
        """The question's terms and weights. First its intent phrases (`INTENTS`), which become cues; then its
        concepts: synonym groups (phrases too, stop words included: "о чем игра"), content words, typos matched to
        the texts' words; and the weight of the words nothing could place. `implied` is the position of the word
        "игра" put in place of a game's name: alone it is only a cue."""
        word_lemmas = [lemma(w) for w in words]
        content: dict[str, float] = {}
        cues: dict[str, float] = {}
        unknown = 0.0

        def add(to: dict[str, float], terms: list[str] | tuple[str, ...], weight: float) -> None:
            for term in terms:
                if term in self._idf:  # a synonym group none of whose members the texts use is no help
                    to[term] = max(to.get(term, 0.0), weight)

        intents, rest = self._intents_in(word_lemmas)
        for cue in intents:
            add(cues, [NUMBER] if cue == NUMBER else self._word_terms(cue), INTENT_WEIGHT)
        for start, end, terms in self._concepts(rest):
            word = words[start]
            if end - start > 1 or terms[0].startswith("syn"):
                add(cues if implied is not None and (start, end) == (implied, implied + 1) else content, terms, 1.0)
                if end - start == 1:
                    add(cues, [rest[start]], EXACT_WEIGHT)  # the word itself besides its synonyms
            elif start == implied:
                add(cues, terms, GAMEWORD_WEIGHT)
            elif is_stop(word) and not (len(word) == 1 and end < len(words) and words[end].isdigit()):
                continue  # but "б" in "Б3" is a coordinate
            elif word.isdigit():
                add(content, terms, NUMBER_WEIGHT)
            elif terms[0] in self._idf:
                add(content, terms, 1.0)
            elif (typo := self._typo(word)) is not None:
                add(content, self._word_terms(typo), FUZZY_WEIGHT)
            else:
                unknown += UNKNOWN_NOUN_WEIGHT if is_noun(word) or not known_word(word) else UNKNOWN_OTHER_WEIGHT
        pairs = self._pairs_of(" ".join(words))
        if NUMBER in cues:  # "сколько верхушек" looks for "9 верхушек"
            pairs |= {(NUMBER, self._concept(term)) for term in rest if term}
        pairs = sorted(p for p in pairs if p in self._pairs)
        phrases = sorted(p for p in _phrases(" ".join(words)) if p in self._title_phrases)
        return _Query(content, {t: w for t, w in cues.items() if t not in content}, pairs, phrases, unknown)

    def _intents_in(self, word_lemmas: list[str]) -> tuple[list[str], list[str]]:
        """The cues of the intent phrases found in a lemma sequence (longest first), and the sequence with the
        phrases' words blanked out. Words of a synonym phrase are left to it ("сколько угодно")."""
        rest = list(word_lemmas)
        taken = {k for start, end, _ in self._concepts(rest) if end - start > 1 for k in range(start, end)}
        cues: list[str] = []
        for n in (2, 1):
            for i in range(len(rest) - n + 1):
                found = self._intents.get(tuple(rest[i : i + n]))
                if found is not None and all(rest[i : i + n]) and not taken & set(range(i, i + n)):
                    cues += found
                    rest[i : i + n] = [""] * n
        return cues, rest

    def _concepts(self, word_lemmas: list[str]) -> list[tuple[int, int, list[str]]]:
        """(start, end, terms) for each concept of a lemma sequence, left to right: the longest synonym phrase
        starting at a word (its group terms), else the word's lemma. Blank words are skipped."""
        found: list[tuple[int, int, list[str]]] = []
        i = 0
        while i < len(word_lemmas):
            if not word_lemmas[i]:
                i += 1
                continue
            n = self._phrase_at(word_lemmas, i)
            if n and not any(k + self._phrase_at(word_lemmas, k) > i + n for k in range(i + 1, i + n)):
                groups = self._group_of[tuple(word_lemmas[i : i + n])]
                found.append((i, i + n, [f"syn{g}" for g in sorted(groups)]))
                i += n
            else:  # no phrase here, or a longer one starts inside it ("кто ходит первым": "ходить первым")
                found.append((i, i + 1, [word_lemmas[i]]))
                i += 1
        return found

    def _phrase_at(self, word_lemmas: list[str], i: int) -> int:
        """The number of words of the longest synonym member starting at a word, 0 if none."""
        if not word_lemmas[i]:
            return 0
        for n in range(min(self._longest.get(word_lemmas[i], 0), len(word_lemmas) - i), 0, -1):
            if tuple(word_lemmas[i : i + n]) in self._group_of:
                return n
        return 0

    def _word_terms(self, word: str) -> list[str]:
        """The terms one word of the texts is searched under: its synonym groups, or its lemma."""
        term = lemma(word)
        groups = self._group_of.get((term,), ())
        return [f"syn{g}" for g in groups] if groups else [term]

    @functools.lru_cache(maxsize=4096)  # noqa: B019 - the book lives as long as the process
    def _typo(self, word: str) -> str | None:
        """The word of the texts a word not in the dictionary most likely misspells: within one edit (two for
        words over five letters), the fewest edits and then the most used word winning; None if none is close."""
        if len(word) < 4 or not CYRILLIC.search(word) or known_word(word):
            return None
        limit = 1 if len(word) <= 5 else 2
        candidates = {w for gram in padded_trigrams(word) for w in self._trigram_words.get(gram, ())}
        best: tuple[int, int, str] | None = None
        for candidate in candidates:
            distance = edit_distance(word, candidate, limit)
            if distance <= limit:
                key = (distance, -self._surface[candidate], candidate)
                best = key if best is None or key < best else best
        return best[2] if best else None

    def _score(self, query: _Query, game: str | None) -> dict[int, float]:
        """Section index -> BM25 of the body plus the title score, for the sections matching any term."""
        scores: dict[int, float] = defaultdict(float)
        for term, weight in [*query.content.items(), *query.cues.items()]:
            idf = self._idf.get(term)
            if idf is None:
                continue
            for i, count in self._body.get(term, {}).items():
                tf = count / self._norm[i]
                scores[i] += weight * idf * tf * (K1 + 1) / (tf + K1)
        weights = {**query.cues, **query.content}
        for i, covered in self._title_matches(weights).items():
            share = sum(self._idf[t] for t in covered) / self._title_mass[i]
            scores[i] += TITLE_WEIGHT * share * sum(weights[t] * self._idf[t] for t in covered)
        for phrase in query.phrases:
            found = self._title_phrases[phrase]
            rarity = math.log(1 + (len(self._list) - len(found) + 0.5) / (len(found) + 0.5))
            for i in found:
                scores[i] += TITLE_PHRASE_WEIGHT * rarity
        for first, second in query.pairs:
            found = self._pairs[first, second]
            rarity = math.log(1 + (len(self._list) - len(found) + 0.5) / (len(found) + 0.5))
            for i in found:
                scores[i] += PAIR_WEIGHT * rarity
        together = {**query.content, NUMBER: 1.0} if NUMBER in query.cues else query.content
        for i, weight in self._together(together).items():
            scores[i] += SENTENCE_WEIGHT * weight
        if game is not None:
            scores = {i: score for i, score in scores.items() if self._list[i].game == game}
        else:
            evidence = self._game_evidence({**query.cues, **query.content})
            top = max(evidence.values(), default=0.0)
            if top > 0:
                scores = {i: v * (1 + GAME_AFFINITY * evidence[self._list[i].game] / top) for i, v in scores.items()}
        return {i: score for i, score in scores.items() if score > 0}

    def _together(self, content: dict[str, float]) -> dict[int, float]:
        """Section index -> the weight of the query terms found together in its best sentence, when at least
        two are ("полистал книгу ... провиант взять" and «если вы хоть раз перелистнули книгу, провиант ... не
        взять»)."""
        sums: dict[tuple[int, int], float] = defaultdict(float)
        counts: Counter[tuple[int, int]] = Counter()
        for term, weight in content.items():
            for place in self._sentences.get(term, ()):
                sums[place] += weight * self._idf[term]
                counts[place] += 1
        best: dict[int, float] = {}
        for (i, k), total in sums.items():
            if counts[i, k] >= 2:
                best[i] = max(best.get(i, 0.0), total)
        return best

    def _game_evidence(self, content: dict[str, float]) -> dict[str, float]:
        """Game -> how much the question's terms point to it: each term's weight times idf, shared among the
        games in proportion to the sections of each that use it ("дерево" is all Зодчие's)."""
        evidence = dict.fromkeys(self.games, 0.0)
        for term, weight in content.items():
            counts = self._game_df.get(term, {})
            total = sum(counts.values())
            for game, count in counts.items():
                evidence[game] += weight * self._idf[term] * count / total
        return evidence

    def _title_matches(self, terms: dict[str, float]) -> dict[int, set[str]]:
        """Section index -> the query terms found in its title."""
        found: dict[int, set[str]] = defaultdict(set)
        for term in terms:
            for i in self._titled.get(term, ()):
                found[i].add(term)
        return found

    def _confidence(self, query: _Query, best: int, game: str | None) -> float:
        """How sure the search is that the best section answers the question, 0..1 (see `KNOWN_CREDIT`); the
        credit for terms found elsewhere counts only the searched game's sections. None of the question's subject
        in the best section, or a question of numbers alone ("2+2"), gives 0."""
        total = here = elsewhere = 0.0
        for term, weight in query.content.items():
            mass = weight * self._idf[term]
            total += mass
            if best in self._body.get(term, {}) or term in self._title_terms[best]:
                here += mass
            elif game is None or self._game_df[term][game]:
                elsewhere += mass
        if not here or all(term.isdigit() for term in query.content):
            return 0.0
        return (here + KNOWN_CREDIT * elsewhere) / (total + query.unknown * self._rarest)

    def _group_hits(self, words: list[str]) -> list[int]:
        """The synonym groups found in a lemma sequence, once per occurrence (single words and phrases)."""
        hits: list[int] = []
        for i in range(len(words)):
            for n in range(1, min(self._longest.get(words[i], 0), len(words) - i) + 1):
                hits += self._group_of.get(tuple(words[i : i + n]), ())
        return hits


def _phrases(text: str) -> set[tuple[str, str]]:
    """The lemmas of neighbouring words of a text, prepositions left out but question words kept ("как
    получить"; "очки за деревья" -> очко, дерево), and no two question words side by side."""
    words = [w for w in lemmas(text) if w not in PREPOSITIONS]
    return {(a, b) for a, b in zip(words, words[1:], strict=False) if not (a in STOP_WORDS and b in STOP_WORDS)}


def _tidy(text: str) -> str:
    """Spaces collapsed, none before punctuation, none and no stray punctuation at the ends."""
    return re.sub(r"\s+([?!.,:;])", r"\1", re.sub(r"\s+", " ", text)).strip(" ,.:;-")


