"""Rule-reference answers: a found section with buttons to the next best matches and its neighbours,
a game's table of contents, and inline-mode articles. Texts fit Telegram's limits: a section is
under 1000 characters, a contents list well under 4096, at most 50 inline results."""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape

from bot.lookup.latin import from_latin
from bot.lookup.reference import Section, without_other_games
from bot.lookup.rulebook import RuleBook
from bot.lookup.second_question import split_questions
from bot.lookup.verdicts import verdict
from bot.lookup.worked import Worked, seating, worked
from bot.replies import buttons
from bot.replies.lines import shortened_text
from bot.replies.reply import Article, Button, Reply
from rules.registry import GAMES
from rules.text import typed

ALTERNATIVES = 3  # next best matches offered as buttons
# A question fits two games (`other_game`) when the second game's best section scores at least this share of the
# first one's and the question's words lean to it at least this share as much: on the question sets (the holdout
# aside) these pick «что даёт гавань», «когда конец партии», «что уходит в сброс», «пропуск хода если игрок не
# отвечает», and not «монеты в конце дают очки?» (Валдора's coins), «ничья в области как делят очки» (the Зодчие's)
TWO_GAMES_SHARE = 0.69
TWO_GAMES_LEANING = 0.45
# a game's name in a suggested question («в Валдоре», «в Зодчих»)
QUESTION_NAMES = {"valdora": "Валдоре", "sylvan": "Зодчих", "kingdom": "Kingdom Builder"}
INLINE_RESULTS = 10  # Telegram allows up to 50; ten already scroll far on a phone
QUOTED = 100  # characters of a question quoted back when nothing is found (a pasted page is not repeated)
COMMAND_PREFIX = "r_"  # "/r_valdora_telega_i_loshad" opens section "valdora.cart-horse"
# A game's word in its section commands: Russian players read no English there (Kingdom Builder's name is its own)
COMMAND_GAMES = {"valdora": "valdora", "sylvan": "zodchie", "kingdom": "kingdom"}
COMMAND_LENGTH = 32  # Telegram's longest command, without the slash
_LATIN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя", [
    "a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s", "t", "u", "f",
    "h", "ts", "ch", "sh", "sch", "", "y", "", "e", "yu", "ya"], strict=True))


# little words (и, в, на, за, ...) left out of a title that is too long for a command
_LINKS = frozenset("i v na za po k s o pri dlya ih kak kakoy chto".split())


def transliterate(word: str) -> str:
    """A Russian word in Latin letters, the way a Russian player would type it ("жетон" -> "zheton")."""
    return "".join(_LATIN.get(c, c) for c in word.lower())


def _slugs(book: RuleBook, game: str) -> dict[str, str]:
    """A game's command slugs: the section's title transliterated (its words in parentheses left out), cut at a
    whole word to fit Telegram's limit, a number added if two titles would share a slug -> section id."""
    cached = _SLUGS.get((id(book), game))
    if cached is not None:
        return cached
    room = COMMAND_LENGTH - len(COMMAND_PREFIX + COMMAND_GAMES.get(game, game) + "_")
    slugs: dict[str, str] = {}
    for s in book.sections(game):
        words = [transliterate(w) for w in re.findall(r"[0-9a-zа-яё]+", re.sub(r"\(.*?\)", " ", s.title.lower()))]
        if len("_".join(words)) > room:  # too long: the little words go first ("nichya_prevoshodstvo")
            words = [w for w in words if w not in _LINKS]
        slug = ""
        for word in words:
            if len(slug) + len(word) + bool(slug) > room:
                break
            slug = f"{slug}_{word}" if slug else word
        slug = slug or "razdel"
        base, n = slug, 2
        while slug in slugs:
            slug, n = f"{base[: room - 1 - len(str(n))]}_{n}", n + 1
        slugs[slug] = s.id
    _SLUGS[id(book), game] = slugs
    return slugs


_SLUGS: dict[tuple[int, str], dict[str, str]] = {}


def section_command(book: RuleBook, section_id: str) -> str:
    """A command that can be tapped in a message, Latin letters, digits and underscores only: the game and the
    section's title in Latin letters.

    >>> section_command(RuleBook.load(), "valdora.cart-horse")
    '/r_valdora_telega_i_loshad'
    """
    section = book.section(section_id)
    game = section.game if section else section_id.split(".")[0]
    slug = next((slug for slug, sid in _slugs(book, game).items() if sid == section_id), None)
    if slug is None:  # not a section of the book: the id's own words
        return "/" + COMMAND_PREFIX + section_id.replace(".", "_", 1).replace("-", "_")
    return f"/{COMMAND_PREFIX}{COMMAND_GAMES.get(game, game)}_{slug}"


def section_from_command(name: str) -> str | None:
    """The section a tapped `/r_...` command names, as "game.words" (see `find_section`), or None when the
    name is not such a command. Game ids and the words of old commands (section ids) have no underscores.

    >>> section_from_command("r_valdora_one_action")
    'valdora.one-action'
    """
    if not name.startswith(COMMAND_PREFIX) or "_" not in name[len(COMMAND_PREFIX):]:
        return None
    game, slug = name[len(COMMAND_PREFIX):].split("_", 1)
    return f"{game}.{slug.replace('_', '-')}"


def find_section(book: RuleBook, name: str) -> Section | None:
    """The section a command names (`section_from_command`): by its title in Latin letters
    ("zodchie.topor"), or by its id, as the commands of the first versions did ("valdora.one-action")."""
    section = book.section(name)
    if section is not None or "." not in name:
        return section
    word, slug = name.split(".", 1)
    game = next((g for g, w in COMMAND_GAMES.items() if w == word), word)
    found = _slugs(book, game).get(slug.replace("-", "_")) if game in book.games else None
    return book.section(found) if found else None


def lookup(book: RuleBook, question: str, current: str | None = None) -> tuple[str | None, str, list[Section]]:
    """The game a question is about, its words without the game's name, and the best sections, best first (room
    for the alternatives); none when the search is not confident of any (see `not_found_reply`).

    The game is the one the question names, else `current` (the game running in the chat). A question that
    does not name a game is answered from `current`; only when `current`'s rules have no confident answer and
    the question's own words belong to another game more than to `current` ("что делает топор" in a game of
    Валдора: the axe is the Зодчие's) does the answer come from that game.

    >>> game, words, found = lookup(RuleBook.load(), "валдора провиант")
    >>> game, words, found[0].id
    ('valdora', 'провиант', 'valdora.provisions')
    """
    question = read(book, question)
    first = searched(book, question)  # «…? а я ещё хочу узнать …»: the first is answered (the second's rule is
    if first != question:  # offered beside it, `second_answer`), unless nothing answers it alone
        game, words, found = lookup(book, first, current)
        if found:
            return game, words, found
    named, words = book.split_game(question)
    if not words.strip():
        return named or current, words, []
    limit = 1 + ALTERNATIVES
    seats = seating(words).games if named is None and current is None else None  # «играем впятером»: Валдора's
    if seats is not None and len(seats) == 1:
        named = next(iter(seats))
    if seats is not None and len(seats) > 1:
        found = [s for s in book.search(question, None, limit=3 * limit) if s.game in seats][:limit]
    else:  # the game's name counts too: "когда кончается …"
        found = book.search(question, named or current, limit=limit)
    if not found and named is None and current is not None:
        elsewhere = book.search(question, None, limit=limit)
        leaning = book.leaning(question)
        if elsewhere and leaning.get(elsewhere[0].game, 0.0) > leaning.get(current, 0.0):
            found = [s for s in elsewhere if s.game == elsewhere[0].game]
    return named or current, words, found


def read(book: RuleBook, question: str) -> str:
    """A question as the search reads it: without the other board games it compares with («в каркассоне младший
    ходит первым, а тут?»: not these rules' words), English words and Russian typed in Latin letters read in our
    words and letters (`bot.lookup.latin`), a word dictated in two halves joined («прево сходство»)."""
    return book.index.rejoined(from_latin(without_other_games(question)))


def searched(book: RuleBook, question: str) -> str:
    """What the search looks for first: the question read (`read`), and of two questions in one message the first
    (`bot.lookup.second_question`). The trainers of the models read the question sets the same way."""
    return split_questions(read(book, question))[0]


def second_answer(book: RuleBook, question: str, game: str | None) -> Section | None:
    """The rule a message's second question asks («…? а я ещё хочу узнать, кто начинает»), in the game of its
    first; None when it asks one thing or the search is not sure of the second."""
    second = split_questions(read(book, question))[1]
    found = lookup(book, second, game)[2] if second is not None else []
    return found[0] if found else None


def other_games(book: RuleBook, question: str, current: str | None, found: list[Section]) -> list[Section]:
    """The answers of other games when the question fits several about equally: no game named, none running in
    the chat, and for each other game its best section scores at least `TWO_GAMES_SHARE` of the first answer's and
    the question's words lean to that game at least `TWO_GAMES_LEANING` as much as to the first answer's ("что
    даёт гавань": Валдора and Kingdom Builder both have a harbour). Empty when one game's answer is the answer."""
    if current is not None or not found or book.split_game(question)[0] is not None:
        return []
    seats = seating(question)
    if seats.asked:  # «можно играть вдвоём?»: how many each game seats
        return [s for game in book.games if game != found[0].game for s in [book.section(f"{game}.players")] if s]
    ranking = book.rank(question, None, limit=3 * (1 + ALTERNATIVES))
    if not ranking.confident or ranking.sections[0].id != found[0].id:
        return []
    leaning = book.leaning(question)
    first = found[0].game
    best: dict[str, tuple[Section, float]] = {}
    for section, score in zip(ranking.sections, ranking.scores, strict=True):
        if section.game != first and section.game not in best:
            best[section.game] = (section, score)
    return [section for game, (section, score) in best.items() if seats.games is None or game in seats.games
            if score >= TWO_GAMES_SHARE * ranking.scores[0] and leaning[game] >= TWO_GAMES_LEANING * leaning[first]]


def question_reply(book: RuleBook, question: str, current: str | None = None,
                   notes: dict[str, str] | None = None) -> Reply:
    """The answer to /rules with a question, as `lookup` finds it: the game's contents (or a choice of game) for a
    game's name alone, an honest «не нашёл», each game's answer when the question fits several (`other_games`),
    or the best section with the passage that answers in bold, after «Да.» or «Нет.» when the question asks for
    one and a written situation is clearly it (`bot.lookup.verdicts`). `notes` (section id -> a sentence: how the table
    in the chat plays a rule read two ways, `rules.protocol.Game.rule_notes`) follow their section."""
    question = without_other_games(question)
    game, words, found = lookup(book, question, current)
    if not words.strip():
        return contents_reply(book, game) if game else choose_game_reply(book)
    computed = worked(game or (found[0].game if found else None), words)
    if not found:
        section = book.section(computed.section) if computed else None
        if computed is None or section is None:
            return not_found_reply(words, book, game)
        return with_worked(computed, section_reply(book, section))
    others = other_games(book, question, current, found)
    if others:  # each game's answer, and its count when the question asks one («вдвоём у каждого скока домиков»)
        each = [(s, worked(s.game, words)) for s in [found[0], *others]]
        shown = [book.section(c.section) or s if c else s for s, c in each]  # the section of the count itself
        return games_reply(book, question, shown, found[1:], [(s.game_title, c) for s, c in each if c])
    lead = book.section(computed.section) if computed and found[0].id not in computed.sections else None
    if lead is not None:  # the sum's or count's own section, the search's answers as the alternatives
        found = [lead, *(s for s in found if s.id != lead.id)][:len(found)]
    also = second_answer(book, question, found[0].game)
    also = None if also is None or also.id == found[0].id else also
    reply = section_reply(book, found[0], found[1:], book.passage(question, found[0]), also)
    note = (notes or {}).get(found[0].id)
    if note:
        reply = replace(reply, text=f"{reply.text}\n\n📌 {escape(note)}")
    reply = with_worked(computed, reply) if computed else reply
    # «Да.» or «Нет.» first for a yes/no question about a situation; a claimed figure has its own from the sum
    said = None if computed and computed.claimed else verdict(book, words, found)
    return replace(reply, text=f"{said.text}\n\n{reply.text}") if said else reply


def with_worked(computed: Worked, reply: Reply) -> Reply:
    """A reply with the computed lines (a sum, a set-up count) before the section: the number first, then the rule."""
    return replace(reply, text=computed.text + "\n\n" + reply.text)


_DATIVE = {2: "двум", 3: "трём"}  # «подходит к двум играм»


def games_reply(book: RuleBook, question: str, answers: list[Section], alternatives: list[Section] = (),
                computed: list[tuple[str, Worked]] = ()) -> Reply:
    """Several games' answers to one question, each game's computed lines first (its title, then the count or sum),
    each section with the passage that answers in bold, how to ask about one game, and buttons: the other likely
    answers, each game's contents."""
    names = [s.game_title for s in answers]
    games = ", ".join(names[:-1]) + " и " + names[-1]
    first = answers[0]
    example = f"/rules {typed(question, QUOTED)} в {QUESTION_NAMES.get(first.game, first.game_title)}"
    text = "\n\n".join([
        f"Вопрос подходит к {_DATIVE.get(len(answers), len(answers))} играм — {escape(games)}. Вот ответ для каждой.",
        *(f"{escape(title)}: {c.text}" for title, c in computed),
        *(section_text(s, book.passage(question, s)) for s in answers),
        f"Чтобы спросить про одну игру, назовите её: <code>{escape(example)}</code>",
    ])
    shown = {s.id for s in answers}
    others = [s for s in alternatives if s.id not in shown][:ALTERNATIVES]
    rows = [[Button(f"🔎 {s.title} · {s.game_title}", f"{buttons.RULE_PAGE}:{s.id}")] for s in others]
    rows += [[Button(f"📚 Все разделы: {s.game_title}", f"{buttons.RULE_LIST}:{s.game}")] for s in answers]
    return Reply(text, buttons=rows)


def section_text(section: Section, passage: str = "") -> str:
    """A section as a reply shows it: its title and game, and its text with `passage` (a sentence of it: the one
    that answers the question) in bold."""
    head = f"📖 <b>{escape(section.title)}</b> · {escape(section.game_title)}\n\n"
    at = section.text.find(passage) if passage else -1
    if at < 0:
        return head + escape(section.text)
    end = at + len(passage)
    return head + escape(section.text[:at]) + f"<b>{escape(passage)}</b>" + escape(section.text[end:])


def section_reply(book: RuleBook, section: Section, alternatives: list[Section] = (), passage: str = "",
                  second: Section | None = None) -> Reply:
    """The section (`passage` of it in bold), then buttons: the answer to the message's second question (`second`,
    said in a line too), other likely answers, the neighbouring sections, the contents. No two buttons open the
    same section, and none opens the section shown: a likely answer that is also a neighbour keeps only its place
    among the neighbours."""
    previous, following = (None if s is not None and second is not None and s.id == second.id else s
                           for s in book.neighbours(section.id))
    taken = {section.id} | {s.id for s in (previous, following) if s is not None}
    text = section_text(section, passage)
    if second is not None:  # its own button first, not a neighbour's
        text += f"\n\n❓ На второй вопрос отвечает раздел «{escape(second.title)}» — кнопка ниже."
        alternatives = [second, *(s for s in alternatives if s.id != second.id)]
    others: list[Section] = []
    for s in alternatives:
        if s.id not in taken and len(others) < ALTERNATIVES:
            others.append(s)
            taken.add(s.id)
    rows = [[Button(f"{'❓' if second is not None and s.id == second.id else '🔎'} {s.title}",
                    f"{buttons.RULE_PAGE}:{s.id}")] for s in others]
    around = []
    if previous:
        around.append(Button(f"◀ {previous.title}", f"{buttons.RULE_PAGE}:{previous.id}"))
    if following:
        around.append(Button(f"{following.title} ▶", f"{buttons.RULE_PAGE}:{following.id}"))
    if around:
        rows.append(around)
    rows.append([Button("📚 Все разделы", f"{buttons.RULE_LIST}:{section.game}")])
    return Reply(text, buttons=rows)


def contents_reply(book: RuleBook, game: str) -> Reply:
    lines = [f"📚 <b>Правила: {escape(book.games[game])}</b>", "Нажмите на раздел или спросите: /rules вопрос", ""]
    return Reply("\n".join(lines + _contents(book, game)))


def choose_game_reply(book: RuleBook) -> Reply:
    return Reply("По какой игре показать правила? Или спросите сразу: <code>/rules сколько стоит листать книгу</code>",
                 buttons=_game_keyboard(book.games))


def not_found_reply(query: str, book: RuleBook | None = None, game: str | None = None) -> Reply:
    """The honest answer when the search is not sure of any section: a short line of what was not found, and
    a button to the contents of the game the question is about (it opens in place of this message), or a
    choice of game (from the book, or the games the bot knows). The contents are not posted unasked: a group
    does not need forty lines for a typo."""
    text = f"Не нашёл в правилах ничего про «{escape(typed(query, QUOTED))}». Попробуйте другими словами"
    if book is not None and game in book.games:
        return Reply(f"{text} или откройте оглавление.",
                     buttons=[[Button(f"📚 Все разделы: {book.games[game]}", f"{buttons.RULE_LIST}:{game}")]])
    games = book.games if book is not None else {name: known.title for name, known in GAMES.items()}
    return Reply(f"{text} или откройте оглавление: /rules", buttons=_game_keyboard(games))


def _contents(book: RuleBook, game: str) -> list[str]:
    """A game's sections, one line each, with the command that opens it."""
    return [f"{section_command(book, s.id)} — {escape(s.title)}" for s in book.sections(game)]


def _game_keyboard(games: dict[str, str]) -> list[list[Button]]:
    """One button per game (id -> title) that lists its sections."""
    return [[Button(f"📚 {title}", f"{buttons.RULE_LIST}:{game}")] for game, title in games.items()]


def articles(book: RuleBook, query: str) -> list[Article]:
    """Inline-mode results: the best matches, or each game's overview for an empty query."""
    game, words = book.split_game(query)
    if words.strip():
        found = book.search(query, game, limit=INLINE_RESULTS)
    else:
        games = [game] if game else list(book.games)
        found = [book.sections(g)[0] for g in games]
    articles = []
    for s in found:
        passage = book.passage(query, s) if words.strip() else ""
        articles.append(Article(id=s.id, title=f"{s.game_title}: {s.title}",
                                description=_shorten(passage or s.text, 100), text=section_text(s, passage)))
    return articles


def _shorten(text: str, limit: int) -> str:
    """A preview of a section: cut after a whole word."""
    return shortened_text(text, limit)
