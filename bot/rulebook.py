"""Full-text search over the rule reference texts (`rules/<game>/reference.md`).

How a lookup works:

* Normalisation, the same at index and query time: lower case, "ё" -> "е", everything that is not a letter or a
  digit becomes a space, and each word is stemmed (Russian Snowball stemmer for Cyrillic words, English for Latin
  ones), so "мосты", "моста", "мостом" all become "мост".
* Ranking: an in-memory SQLite FTS5 table (title, body) ranked by BM25; a title match weighs `TITLE_WEIGHT` times a
  body match. The query is an OR of its words (players ask in full sentences, most words of which are nowhere in the
  rules); stop words ("как", "что", "можно", ...) are dropped.
* Synonyms (`rules/synonyms.txt`, one group per line): a query word whose stem is a member of a group is expanded to
  the whole group, OR-ed. To keep a group from counting once per member in BM25, every occurrence of a member in the
  indexed text also gets a `syn<N>` token, and the query asks for that token: the group is one term.
* Typos and partial words: a second FTS5 table with the trigram tokenizer holds the normalised, unstemmed text.
  Each query word the stemmed index does not know is split into trigrams, and those trigrams are OR-ed into a
  second BM25 query; its normalised score is added to the stemmed one with weight `TRIGRAM_WEIGHT` (and alone it
  decides when the stemmed search finds nothing), so "праовиант" still finds "провиант".
* A game named in the query ("валдора провиант", "что в коробке кб") restricts the search to that game
  (`RuleBook.split_game`); otherwise BM25 over all sections picks the game.

>>> book = RuleBook.load()
>>> list(book.games)
['valdora', 'sylvan', 'kingdom']
>>> book.split_game("валдора провиант")
('valdora', 'провиант')
>>> book.search("праовиант")[0].id
'valdora.provisions'
"""

from __future__ import annotations

import functools
import re
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import snowballstemmer

import rules

RULES_FOLDER = Path(rules.__file__).resolve().parent
GAME_ORDER = ("valdora", "sylvan", "kingdom")  # the stable order of `RuleBook.games`; other folders follow by name

TITLE_WEIGHT = 8.0
TRIGRAM_WEIGHT = 0.5

# Dropped from queries (compared after lower case and ё -> е). Question words, pronouns, prepositions, particles and
# chat slang that say nothing about which rule is meant.
STOP_WORDS = frozenset(
    """
а и или но да ни же ли ль бы б то это этот эта эти тот та те там тут здесь вот ну уж уже еще ещё тоже также
в во на с со к ко у о об обо от до из по за при про для без над под через между перед после
как какой какая какое какие каким какую каких что чего чем чему че чё чо шо кто кого кому где куда откуда когда
зачем почему сколько скока скоко скок столько много мало
можно нельзя мона надо нужно можем могу может могут
я ты он она оно мы вы они мне меня мой моя мое мои тебе тебя твой свой своя свое свои его ее её их им ним нее
есть было был была были будет будут быть
так также вообще ваще вобще просто именно типа короче плиз пожалуйста
a an the of to in on at for by with is are be do does did can could what how when where which who why
""".split()
)

_WORD = re.compile(r"[0-9]+|[a-zа-я]+")
_CYRILLIC = re.compile(r"[а-я]")
_HEADING = re.compile(r"^##\s+(.+?)\s*\{#([a-z0-9_-]+)\.([a-z0-9_.-]+)\}\s*$")

# Game names and their common forms, as sequences of normalised words (stemmed forms are handled by matching stems).
_GAME_NAMES: dict[str, tuple[str, ...]] = {
    "valdora": ("валдора", "valdora"),
    "sylvan": (
        "зодчие волшебной долины",
        "builders of sylvan dale",
        "sylvan dale",
        "sylvan",
        "builders",
        "зодчие",
        "волшебная долина",
        "долина",
    ),
    "kingdom": (
        "kingdom builder",
        "кингдом билдер",
        "кингдом",
        "kingdom",
        "кб",
        "kb",
        "создатель королевства",
        "билдер",
    ),
}
_NAME_PREPOSITIONS = frozenset({"в", "во", "для", "про", "у", "in", "for", "of"})


@dataclass(frozen=True)
class Section:
    id: str  # "valdora.movement"
    game: str  # "valdora"
    game_title: str  # "Валдора"
    title: str  # "Движение"
    text: str


_RU = snowballstemmer.stemmer("russian")
_EN = snowballstemmer.stemmer("english")


def normalise(text: str) -> list[str]:
    """Lower-cased words, "ё" -> "е", punctuation dropped, letters and digits apart ("Д5" -> "д", "5"); not stemmed."""
    return _WORD.findall(text.lower().replace("ё", "е"))


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """One normalised word's stem: Russian Snowball for Cyrillic, English Snowball for Latin, digits as they are."""
    if _CYRILLIC.search(word):
        return _RU.stemWord(word)
    if word.isascii() and word.isalpha():
        return _EN.stemWord(word)
    return word


def stems(text: str) -> list[str]:
    return [stem(w) for w in normalise(text)]


def _quote(words: tuple[str, ...] | list[str]) -> str:
    return '"' + " ".join(words) + '"'  # words are [0-9a-zа-я]+ only, so no escaping is needed


def _trigrams(word: str) -> list[str]:
    return [word[i : i + 3] for i in range(len(word) - 2)]


class RuleBook:
    """A read-only index of every game's rule reference, built once at start (`RuleBook.load()`)."""

    def __init__(self, games: dict[str, str], sections: list[Section], synonyms: list[list[str]]) -> None:
        self.games = games
        self._sections = {s.id: s for s in sections}
        self._by_game: dict[str, list[Section]] = {g: [] for g in games}
        for s in sections:
            self._by_game[s.game].append(s)
        self._by_rowid = dict(enumerate(sections, 1))
        self._rowid = {s.id: rowid for rowid, s in self._by_rowid.items()}
        self._build_synonyms(synonyms)
        self._build_game_names()
        self._build_index(sections)

    # ---- loading ---------------------------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path = RULES_FOLDER) -> RuleBook:
        folder = Path(folder)
        names = [p.parent.name for p in folder.glob("*/reference.md")]
        order = [g for g in GAME_ORDER if g in names] + sorted(g for g in names if g not in GAME_ORDER)
        games: dict[str, str] = {}
        sections: list[Section] = []
        for game in order:
            title, found = _parse_reference(game, (folder / game / "reference.md").read_text(encoding="utf-8"))
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
        # stem sequence of a member ("мост" -> ("мост",), "конец игры" -> ("конец", "игр")) -> its groups' numbers
        self._group_of: dict[tuple[str, ...], set[int]] = {}
        for index, members in enumerate(groups):
            for member in members:
                seq = tuple(stems(member))
                if seq:
                    self._group_of.setdefault(seq, set()).add(index)
        self._group_of_stem = {seq[0]: found for seq, found in self._group_of.items() if len(seq) == 1}
        self._longest_phrase = max((len(seq) for seq in self._group_of), default=1)

    def _build_game_names(self) -> None:
        # (stem sequence, game), longest first, so "kingdom builder" wins over "builder"
        names = [
            (tuple(stems(name)), game) for game, forms in _GAME_NAMES.items() if game in self.games for name in forms
        ]
        names += [(tuple(stems(title)), game) for game, title in self.games.items()]
        names += [((game,), game) for game in self.games]
        self._game_names = sorted(set(names), key=lambda item: -len(item[0]))

    def _build_index(self, sections: list[Section]) -> None:
        db = sqlite3.connect(":memory:", check_same_thread=False)
        db.execute(
            "CREATE VIRTUAL TABLE stem USING fts5(title, body, game UNINDEXED, "
            "tokenize='unicode61 remove_diacritics 0')"
        )
        db.execute("CREATE VIRTUAL TABLE tri USING fts5(title, body, game UNINDEXED, tokenize='trigram')")
        db.execute("CREATE VIRTUAL TABLE vocab USING fts5vocab(stem, 'row')")
        for s in sections:
            rowid = self._rowid[s.id]
            db.execute(
                "INSERT INTO stem(rowid, title, body, game) VALUES (?, ?, ?, ?)",
                (rowid, self._indexed(s.title), self._indexed(s.text), s.game),
            )
            db.execute(
                "INSERT INTO tri(rowid, title, body, game) VALUES (?, ?, ?, ?)",
                (rowid, " ".join(normalise(s.title)), " ".join(normalise(s.text)), s.game),
            )
        self._vocabulary = frozenset(term for (term,) in db.execute("SELECT term FROM vocab"))
        db.execute("DROP TABLE vocab")
        self._db = db

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
        lowered = query.lower().replace("ё", "е")
        words = list(_WORD.finditer(lowered))
        word_stems = [stem(m.group()) for m in words]
        for seq, game in self._game_names:
            n = len(seq)
            for i in range(len(words) - n + 1):
                if tuple(word_stems[i : i + n]) == seq:
                    start = i - 1 if i > 0 and words[i - 1].group() in _NAME_PREPOSITIONS else i
                    rest = query[: words[start].start()] + " " + query[words[i + n - 1].end() :]
                    rest = re.sub(r"\s+([?!.,:;])", r"\1", re.sub(r"\s+", " ", rest)).strip(" ,.:;-")
                    return game, rest
        return None, query

    def search(self, query: str, game: str | None = None, limit: int = 5) -> list[Section]:
        """The best matching sections, best first. A game named in the query restricts the search when `game` is
        None. [] only when nothing at all matches."""
        named, rest = self.split_game(query)
        if game is None:
            game = named
        if named is not None and normalise(rest):
            query = rest
        words = normalise(query)
        kept = [w for w in words if w not in STOP_WORDS] or words
        if not kept:
            return []
        scores = self._run("stem", self._match(kept, words), game)
        # words the stemmed index cannot place (typos, partial words) are looked up by their trigrams
        unknown = [w for w in kept if len(w) >= 3 and stem(w) not in self._vocabulary]
        if unknown or not scores:
            grams = sorted({g for w in (unknown or kept) for g in _trigrams(w)})
            if grams:
                weight = TRIGRAM_WEIGHT if scores else 1.0
                for rowid, score in self._run("tri", " OR ".join(_quote([g]) for g in grams), game).items():
                    scores[rowid] = scores.get(rowid, 0.0) + weight * score
        best = sorted(scores, key=lambda rowid: (-scores[rowid], rowid))[:limit]
        return [self._by_rowid[rowid] for rowid in best]

    def _group_hits(self, word_stems: list[str]) -> list[int]:
        """The synonym groups found in a stem sequence, once per occurrence (single words and phrases)."""
        hits: list[int] = []
        for i in range(len(word_stems)):
            for n in range(1, min(self._longest_phrase, len(word_stems) - i) + 1):
                hits += self._group_of.get(tuple(word_stems[i : i + n]), ())
        return hits

    def _indexed(self, text: str) -> str:
        """A column's text as indexed: the stems, then one `syn<N>` token per occurrence of a synonym group."""
        word_stems = stems(text)
        return " ".join(word_stems + [f"syn{g}" for g in self._group_hits(word_stems)])

    def _match(self, words: list[str], all_words: list[str]) -> str:
        """The FTS5 query: an OR of the stems of the query words; a word belonging to synonym groups is replaced by
        their group tokens (so the group counts as one term however many members a section uses). Multi-word
        members are also looked for among the stop words ("о чем игра")."""
        word_stems = [stem(w) for w in words]
        groups = set(self._group_hits(word_stems)) | set(self._group_hits([stem(w) for w in all_words]))
        terms = {s for s in word_stems if s not in self._group_of_stem} | {f"syn{g}" for g in groups}
        return " OR ".join(sorted(_quote([t]) for t in terms))

    def _run(self, table: str, match: str, game: str | None) -> dict[int, float]:
        """rowid -> score in (0, 1], the best match scoring 1 (bm25 is negative: lower is better)."""
        sql = f"SELECT rowid, bm25({table}, ?, 1.0, 0.0) FROM {table} WHERE {table} MATCH ?"
        args: list = [TITLE_WEIGHT, match]
        if game is not None:
            sql += " AND game = ?"
            args.append(game)
        rows = self._db.execute(sql, args).fetchall()
        if not rows:
            return {}
        best = min(score for _, score in rows)
        return {rowid: score / best for rowid, score in rows} if best < 0 else {rowid: 1.0 for rowid, _ in rows}


def _parse_reference(game: str, text: str) -> tuple[str, list[Section]]:
    """The game title and its sections from one reference.md."""
    title = game
    sections: list[Section] = []
    current: tuple[str, str] | None = None
    body: list[str] = []

    def flush() -> None:
        if current is not None:
            sections.append(Section(current[0], game, title, current[1], "\n".join(body).strip()))

    for line in text.splitlines():
        if line.startswith("# "):
            title = line[2:].strip()
            continue
        heading = _HEADING.match(line)
        if heading:
            flush()
            if heading.group(2) != game:
                raise ValueError(f"section {heading.group(2)}.{heading.group(3)} in the {game} reference")
            current = (f"{game}.{heading.group(3)}", heading.group(1))
            body = []
        elif current is not None:
            body.append(line)
    flush()
    return title, sections
