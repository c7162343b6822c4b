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
  locations, items and rules: "что делает топор" -> «Топор») and, lightly, by the share of the question the title
  makes up (`TITLE_SHARE_POWER`: a long question that names the oracle on its way to the tile it earns is about the
  tile, not the oracle); two neighbouring words of a title found side by side
  in the question, its question words too (`TITLE_PHRASE_WEIGHT`: "как получить мост" -> «Особые предметы: как
  получить», not «Очки за мост»); neighbouring question words found side by side in
  the text (`PAIR_WEIGHT`) and question terms found together in one sentence (`SENTENCE_WEIGHT`).
* Asked questions (`rules/<game>/asked.txt`, `bot.lookup.asked`): 20-24 questions per section that a player would
  type and whose answer is that section, written from the rulebooks and the sections (situations, where rules
  meet, setup facts, the games' and the players' words). A question close to one of them adds to its section
  (`ASKED_WEIGHT`), and their words are known words of the search ("стратегия" finds Валдора's tips).
* Meaning (`bot.lookup.meaning`, Russian word vectors from navec's file in the natasha wheel): a section's score
  grows with how close the question's mean word vector is to the nearest of its sentences and asked questions
  (`MEANING_WEIGHT`), and a word nothing else could place is also looked for, lightly, as the nearest word of the
  texts ("перевес" -> "преимущество"). Without the file (`bot.lookup.vectors.load_vectors`) the search goes by
  words alone.
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

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import rules
from bot.lookup import labelled, model, rerank
from bot.lookup.asked import AskedIndex, read_asked
from bot.lookup.index import Index
from bot.lookup.meaning import Meaning
from bot.lookup.question import Query, read_question
from bot.lookup.reference import GAME_NAMES, NAME_PREPOSITIONS, Section, parse_reference
from bot.lookup.synonyms import Synonyms, read_groups
from bot.lookup.terms import NUMBER, NUMERALS, WORD, lemma, normalise, stem, stems
from bot.lookup.vectors import load_vectors

RULES_FOLDER = Path(rules.__file__).resolve().parent
GAME_ORDER = ("valdora", "sylvan", "kingdom")  # the stable order of `RuleBook.games`; other folders follow by name

K1 = 2.0  # BM25 term saturation (the length normalisation is `index.B`)
TITLE_WEIGHT = 2.0  # a question term in a fully covered title, against one BM25 body match
TITLE_SHARE_POWER = 0.5  # the title score times (the question's weight in the title / its whole weight) ** this
TITLE_PHRASE_WEIGHT = 1.0  # two neighbouring words of a title side by side in the question, times the phrase's
# rarity among the titles; question words count here ("как получить" -> «Особые предметы: как получить»)
PAIR_WEIGHT = 0.5  # two neighbouring question words found side by side in a section, times the pair's rarity
SENTENCE_WEIGHT = 0.25  # the question terms found together in one sentence of a section (`RuleBook._together`)
GAME_AFFINITY = 1.0  # a section's score grows by up to this share with its game's evidence (`_game_evidence`)
# The questions players would ask whose answer is a section (`rules/<game>/asked.txt`): a section gains this times
# the question's closeness to the nearest of them (`AskedIndex.similar`: the shared weight times idf, times the
# shares of both questions it makes up). Chosen on the tune half and the older sets, where 1.5 to 3 did equally
# well (520-521 of 546 first, 11-12 more than without them); the middle of that range.
ASKED_WEIGHT = 2.0
# The meaning of the question (`bot.lookup.meaning`, from word vectors): a section's score is multiplied by 1 +
# MEANING_WEIGHT times how far the cosine of the question and the nearest of the section's sentences and asked
# questions is over MEANING_FLOOR. Chosen on all the question sets (804): 740 first against 736 without, 218 of
# the 258 questions of the three sets written last against 212; adding it instead of multiplying, or comparing
# only with the asked questions, did as well or worse, and more weight (3 and over) lost old questions.
MEANING_WEIGHT = 2.0
MEANING_FLOOR = 0.3

# The confidence (`RuleBook._confidence`): the question's content weight (term weight times idf) that the best
# section has, plus KNOWN_CREDIT of the weight that only other sections have (the rules' words, paraphrased),
# over the whole weight, where each word that nothing could place counts as the rarest term times
# `question.UNKNOWN_NOUN_WEIGHT` or `UNKNOWN_OTHER_WEIGHT`.
KNOWN_CREDIT = 0.5
# On tests/rules_questions*.json the nonsense scores at most 0.10 and the real questions at least 0.36; 0.2 sits
# in that gap, nearer the nonsense, so that chatty real questions with an unknown noun are still answered.
CONFIDENCE_THRESHOLD = 0.2
Parts = dict[str, dict[int, float]]  # a signal of the score -> section index -> its value (`RuleBook._score`)
# Words of a sum typed in a chat: with numbers alone they make no rule question ("сколько будет два плюс два")
ARITHMETIC = frozenset({"плюс", "минус", "умножить", "разделить", "делить", "равно", *NUMERALS})


@dataclass(frozen=True)
class Ranking:
    """The sections that match a question best, best first, their scores, and how sure the search is of the
    first one."""

    sections: list[Section]
    confidence: float  # 0..1: how much of the question the first section explains (`RuleBook._confidence`)
    scores: tuple[float, ...] = ()  # the sections' scores, in the same order

    @property
    def confident(self) -> bool:
        return bool(self.sections) and self.confidence >= CONFIDENCE_THRESHOLD


@dataclass(frozen=True)
class HandOrder:
    """A question's sections in the hand-weighted score's order, and what the score was made of."""

    query: Query  # the question as read
    words: list[str]  # its words, a named game's name replaced by "игра"
    game: str | None  # the game searched (None: all)
    scores: dict[int, float]  # section index -> score, for the sections matching anything
    parts: Parts  # the score's signals apart (`RuleBook._score`)
    order: list[int]  # the section indexes, best first
    asking: list[str] = field(default_factory=list)  # the words of the clause that asks (`asking_words`)


class RuleBook:
    """A read-only index of every game's rule reference, built once at start (`RuleBook.load()`)."""

    def __init__(
        self,
        games: dict[str, str],
        sections: list[Section],
        synonyms: list[list[str]],
        asked: dict[str, list[str]] | None = None,
    ) -> None:
        self.games = games
        self._list = list(sections)
        self._sections = {s.id: s for s in sections}
        self._by_game: dict[str, list[Section]] = {g: [] for g in games}
        for s in sections:
            self._by_game[s.game].append(s)
        numbers = {s.id: i for i, s in enumerate(self._list)}
        unknown = sorted(set(asked or {}) - set(numbers))
        if unknown:
            raise ValueError(f"asked questions of sections no reference has: {', '.join(unknown)}")
        extra = {numbers[sid]: questions for sid, questions in (asked or {}).items()}
        self.index = Index(sections, Synonyms(synonyms), extra)
        self.asked = AskedIndex(self.index, extra)
        vectors = load_vectors()
        self.meaning = Meaning(self.index, extra, vectors) if vectors is not None else None
        self.model = model.load() if self.meaning is not None else None  # trained with the vectors
        self.labelled = labelled.load() if self.meaning is not None else None  # their vectors are the meaning's
        # learned with the vectors, the model and the labelled questions
        self.reranker = rerank.load() if self.model is not None and self.labelled is not None else None
        self._build_game_names()

    @classmethod
    def load(cls, folder: Path = RULES_FOLDER) -> RuleBook:
        """The rule book of a rules folder. The book is read-only, so one built from the same texts is shared: a
        service made again (every test makes one) does not index the references and asked questions anew."""
        folder = Path(folder)
        names = [p.parent.name for p in folder.glob("*/reference.md")]
        order = [g for g in GAME_ORDER if g in names] + sorted(g for g in names if g not in GAME_ORDER)
        texts = {game: (folder / game / "reference.md").read_text(encoding="utf-8") for game in order}
        synonyms = read_groups(folder / "synonyms.txt")
        asked = read_asked(folder, order)
        key = (str(folder.resolve()), repr((texts, synonyms, asked)))
        if key not in _LOADED:
            games: dict[str, str] = {}
            sections: list[Section] = []
            for game, text in texts.items():
                games[game], found = parse_reference(game, text)
                sections += found
            _LOADED.clear()  # one book at a time: a folder whose texts changed replaces it
            _LOADED[key] = cls(games, sections, synonyms, asked)
        return _LOADED[key]

    def _build_game_names(self) -> None:
        # (stem sequence, game), longest first, so "kingdom builder" wins over "builder"
        names = [
            (tuple(stems(name)), game) for game, forms in GAME_NAMES.items() if game in self.games for name in forms
        ]
        names += [(tuple(stems(title)), game) for game, title in self.games.items()]
        names += [((game,), game) for game in self.games]
        # names of one length in a fixed order (a set's order changes with the process's hash seed), so that a text
        # naming two games is read the same way in every run (the trained model's texts too)
        self._game_names = sorted(set(names), key=lambda item: (-len(item[0]), item))

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
        hand = self.hand_order(query, game)
        best = hand.order
        if self.reranker is not None:  # the learned order of the first candidates (`bot.lookup.rerank`)
            best = self.reranker.order(self, hand)
        best = best[:limit]
        confidence = self._confidence(hand.query, best[0], hand.game) if best else 0.0
        return Ranking([self._list[i] for i in best], confidence, tuple(hand.scores[i] for i in best))

    def hand_order(self, query: str, game: str | None = None) -> HandOrder:
        """The sections in the hand-weighted score's order, with what the score was made of: what `rank`
        re-ranks."""
        named, start, end = self._game_mention(query)
        implied = None
        if named is not None:
            game = game or named
            implied = len(normalise(query[:start]))
            query = query[:start] + " игра " + query[end:]
        words = normalise(query)
        nearest = self.meaning.nearest if self.meaning is not None else None
        parsed = read_question(self.index, words, implied, nearest)
        parts: Parts = defaultdict(lambda: defaultdict(float))
        scores = self._score(parsed, game, words, parts)
        return HandOrder(parsed, words, game, scores, parts, sorted(scores, key=lambda i: (-scores[i], i)),
                         asking_words(query))

    def passage(self, query: str, section: Section) -> str:
        """The sentence (or list item) of a section that answers a question best: the most of the question's
        subject (weight times idf) in it, its intent cues counting lightly; the first one when none has any of it.
        A reply shows it in bold, inline mode as the description, so the answer is not the section's first lines.

        >>> book = RuleBook.load()
        >>> book.passage("сколько монет в начале", book.section("valdora.setup"))[:40]
        'Монеты в начале игры: у первого игрока 1'
        """
        named, start, end = self._game_mention(query)
        if named is not None:
            query = query[:start] + " " + query[end:]
        parsed = read_question(self.index, normalise(query))
        weights = {**parsed.cues, **parsed.content}
        pieces = passages(section.text)

        def score(k: int) -> tuple[float, int]:
            terms = set(self.index.terms(pieces[k]))
            pairs = self.index.pairs_of(pieces[k])
            found = sum(w * self.index.idf[t] for t, w in weights.items() if t in terms)
            return found + sum(self.index.rarity(self.index.pairs[p]) for p in parsed.pairs if p in pairs), -k

        return pieces[max(range(len(pieces)), key=score)] if pieces else ""

    def leaning(self, query: str) -> dict[str, float]:
        """Game -> the share of the question's subject that belongs to it (`_game_evidence`), all 0 when its
        words are no game's own: "топор" leans wholly to the Зодчие, "ничья" to no game."""
        parsed = read_question(self.index, normalise(query))
        evidence = self._game_evidence(parsed.content)
        total = sum(evidence.values())
        return {game: value / total if total else 0.0 for game, value in evidence.items()}

    def _score(
        self, query: Query, game: str | None, words: list[str] | None = None, parts: Parts | None = None
    ) -> dict[int, float]:
        """Section index -> BM25 of the body plus the title score, for the sections matching any term. `parts`,
        when given, gets each signal's share apart (signal -> section -> value: the sums before the meaning and the
        game multiply them, the meaning's cosine, the game's share of the evidence), for `bot.lookup.rerank`."""
        scores: dict[int, float] = defaultdict(float)
        part: Parts = defaultdict(lambda: defaultdict(float)) if parts is None else parts
        for term, weight in [*query.content.items(), *query.cues.items()]:
            idf = self.index.idf.get(term)
            if idf is None:
                continue
            for i, count in self.index.body.get(term, {}).items():
                tf = count / self.index.norm[i]
                value = weight * idf * tf * (K1 + 1) / (tf + K1)
                scores[i] += value
                part["bm25"][i] += value
        weights = {**query.cues, **query.content}
        mass = sum(w * self.index.idf[t] for t, w in weights.items() if t in self.index.idf)
        for i, covered in self._title_matches(weights).items():
            share = sum(self.index.idf[t] for t in covered) / self.index.title_mass[i]
            found = sum(weights[t] * self.index.idf[t] for t in covered)
            value = TITLE_WEIGHT * share * found * (found / mass) ** TITLE_SHARE_POWER
            scores[i] += value
            part["title"][i] += value
        for phrase in query.phrases:
            found = self.index.title_phrases[phrase]
            rarity = self.index.rarity(found)
            for i in found:
                scores[i] += TITLE_PHRASE_WEIGHT * rarity
                part["phrase"][i] += TITLE_PHRASE_WEIGHT * rarity
        for first, second in query.pairs:
            found = self.index.pairs[first, second]
            rarity = self.index.rarity(found)
            for i in found:
                scores[i] += PAIR_WEIGHT * rarity
                part["pair"][i] += PAIR_WEIGHT * rarity
        together = {**query.content, NUMBER: 1.0} if NUMBER in query.cues else query.content
        for i, weight in self._together(together).items():
            scores[i] += SENTENCE_WEIGHT * weight
            part["sentence"][i] += SENTENCE_WEIGHT * weight
        for i, closeness in self.asked.similar(query).items():
            scores[i] += ASKED_WEIGHT * closeness
            part["asked"][i] += ASKED_WEIGHT * closeness
        if self.meaning is not None and words is not None:
            for i, cosine in self.meaning.similar(words).items():
                part["cosine"][i] = cosine
                if i in scores and cosine > MEANING_FLOOR:
                    scores[i] *= 1 + MEANING_WEIGHT * (cosine - MEANING_FLOOR)
        if game is not None:
            scores = {i: score for i, score in scores.items() if self._list[i].game == game}
        else:
            evidence = self._game_evidence({**query.cues, **query.content})
            top = max(evidence.values(), default=0.0)
            if top > 0:
                scores = {i: v * (1 + GAME_AFFINITY * evidence[self._list[i].game] / top) for i, v in scores.items()}
                for i in scores:
                    part["affinity"][i] = evidence[self._list[i].game] / top
        return {i: score for i, score in scores.items() if score > 0}

    def _together(self, content: dict[str, float]) -> dict[int, float]:
        """Section index -> the weight of the query terms found together in its best sentence, when at least
        two are ("полистал книгу ... провиант взять" and «если вы хоть раз перелистнули книгу, провиант ... не
        взять»)."""
        sums: dict[tuple[int, int], float] = defaultdict(float)
        counts: Counter[tuple[int, int]] = Counter()
        for term, weight in content.items():
            for place in self.index.sentences.get(term, ()):
                sums[place] += weight * self.index.idf[term]
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
            counts = self.index.game_df.get(term, {})
            total = sum(counts.values())
            for game, count in counts.items():
                evidence[game] += weight * self.index.idf[term] * count / total
        return evidence

    def _title_matches(self, terms: dict[str, float]) -> dict[int, set[str]]:
        """Section index -> the query terms found in its title."""
        found: dict[int, set[str]] = defaultdict(set)
        for term in terms:
            for i in self.index.titled.get(term, ()):
                found[i].add(term)
        return found

    def _confidence(self, query: Query, best: int, game: str | None) -> float:
        """How sure the search is that the best section answers the question, 0..1 (see `KNOWN_CREDIT`); the
        credit for terms found elsewhere counts only the searched game's sections. None of the question's subject
        in the best section, a question of numbers and sums alone ("2+2", "два плюс два"), or one whose nouns the
        rules do not know while its other words are theirs (`Query.off_topic`: "кто пиццу заказывал скиньте
        ссылку"), or one of which no word is the rules' as written beside a word nothing places (`Query.placed`)
        gives 0."""
        total = here = elsewhere = 0.0
        for term, weight in query.content.items():
            mass = weight * self.index.idf[term]
            total += mass
            if best in self.index.body.get(term, {}) or term in self.index.title_terms[best] or self.asked.uses(
                best, term
            ):
                here += mass
            elif game is None or self.index.game_df[term][game]:
                elsewhere += mass
        if not here or query.off_topic or all(term.isdigit() or term in ARITHMETIC for term in query.content):
            return 0.0
        if query.unknown and not query.placed:  # only typo matches beside words nothing knows: «ывап ролд 123»
            return 0.0
        return (here + KNOWN_CREDIT * elsewhere) / (total + query.unknown * self.index.rarest)


_LOADED: dict[tuple[str, str], RuleBook] = {}  # `RuleBook.load`'s book, by its folder and texts


_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\n+")


def asking_words(text: str) -> list[str]:
    """The words of the sentence that asks: the last one with a question mark, else the last one. A story of the
    position told before the question («вчера Макс выставил все три разом, а я ему … так по одному их ставят?»)
    dilutes what the whole question's words say; its asking sentence says what it is about.

    >>> asking_words("Вчера поставил три домика в лес. Друг говорит нельзя. Так можно или нет?")
    ['так', 'можно', 'или', 'нет']
    """
    pieces = [p for p in _SENTENCE_END.split(text) if normalise(p)]
    asked = [p for p in pieces if "?" in p]
    return normalise((asked or pieces or [""])[-1])


def _tidy(text: str) -> str:
    """Spaces collapsed, none before punctuation, none and no stray punctuation at the ends."""
    return re.sub(r"\s+([?!.,:;])", r"\1", re.sub(r"\s+", " ", text)).strip(" ,.:;-")


_PASSAGE_END = re.compile(r"(?<=[.!?])\s+(?=[^a-zа-яё])|\n+")


def passages(text: str) -> list[str]:
    """A section's text cut into sentences and list items, each exactly as written (so it can be found in the
    text again); a colon ending a list's lead-in stays with it."""
    return [piece.strip() for piece in _PASSAGE_END.split(text) if piece.strip()]
