"""Rule-reference answers: a found section with buttons to the next best matches and its neighbours,
a game's table of contents, and inline-mode articles. Texts fit Telegram's limits: a section is
under 1000 characters, a contents list well under 4096, at most 50 inline results."""

from __future__ import annotations

from html import escape

from bot import buttons
from bot.replies import Article, Button, Reply
from bot.rulebook import RuleBook, Section
from rules.registry import GAMES
from rules.text import typed

ALTERNATIVES = 3  # next best matches offered as buttons
INLINE_RESULTS = 10  # Telegram allows up to 50; ten already scroll far on a phone
QUOTED = 100  # characters of a question quoted back when nothing is found (a pasted page is not repeated)
COMMAND_PREFIX = "r_"  # "/r_valdora_one_action" opens section "valdora.one-action"


def section_command(section_id: str) -> str:
    """A command that can be tapped in a message: dots and hyphens are not allowed in commands.

    >>> section_command("valdora.one-action")
    '/r_valdora_one_action'
    """
    return "/" + COMMAND_PREFIX + section_id.replace(".", "_", 1).replace("-", "_")


def section_from_command(name: str) -> str | None:
    """The section id of a tapped `/r_...` command (game ids and slugs have no underscores).

    >>> section_from_command("r_valdora_one_action")
    'valdora.one-action'
    """
    if not name.startswith(COMMAND_PREFIX) or "_" not in name[len(COMMAND_PREFIX):]:
        return None
    game, slug = name[len(COMMAND_PREFIX):].split("_", 1)
    return f"{game}.{slug.replace('_', '-')}"


def lookup(book: RuleBook, question: str, current: str | None = None) -> tuple[str | None, str, list[Section]]:
    """The game a question is about (named in it, else `current`), its words without the game's name, and
    the best sections, best first (room for the alternatives); none when the search is not confident of any
    (see `not_found_reply`). What `current` lacks is searched in all games.

    >>> game, words, found = lookup(RuleBook.load(), "валдора провиант")
    >>> game, words, found[0].id
    ('valdora', 'провиант', 'valdora.provisions')
    """
    named, words = book.split_game(question)
    if not words.strip():
        return named or current, words, []
    limit = 1 + ALTERNATIVES
    found = book.search(question, named or current, limit=limit)  # the game's name counts too: "когда кончается …"
    if not found and named is None and current is not None:
        found = book.search(question, None, limit=limit)
    return named or current, words, found


def section_text(section: Section) -> str:
    return f"📖 <b>{escape(section.title)}</b> · {escape(section.game_title)}\n\n{escape(section.text)}"


def section_reply(book: RuleBook, section: Section, alternatives: list[Section] = ()) -> Reply:
    """The section, then buttons: other likely answers, the neighbouring sections, the contents."""
    rows = [[Button(f"🔎 {s.title}", f"{buttons.RULE_PAGE}:{s.id}")] for s in alternatives[:ALTERNATIVES]]
    previous, following = book.neighbours(section.id)
    around = []
    if previous:
        around.append(Button(f"◀ {previous.title}", f"{buttons.RULE_PAGE}:{previous.id}"))
    if following:
        around.append(Button(f"{following.title} ▶", f"{buttons.RULE_PAGE}:{following.id}"))
    if around:
        rows.append(around)
    rows.append([Button("📚 Все разделы", f"{buttons.RULE_LIST}:{section.game}")])
    return Reply(section_text(section), buttons=rows)


def contents_reply(book: RuleBook, game: str) -> Reply:
    lines = [f"📚 <b>Правила: {escape(book.games[game])}</b>", "Нажмите на раздел или спросите: /rules вопрос", ""]
    return Reply("\n".join(lines + _contents(book, game)))


def choose_game_reply(book: RuleBook) -> Reply:
    return Reply("По какой игре показать правила? Или спросите сразу: <code>/rules сколько стоит листать книгу</code>",
                 buttons=_game_keyboard(book.games))


def not_found_reply(query: str, book: RuleBook | None = None, game: str | None = None) -> Reply:
    """The honest answer when the search is not sure of any section: what was not found, then a way on. With
    the book and the game the question is about, that game's contents; otherwise a choice of game whose
    contents to open (from the book, or the games the bot knows)."""
    text = f"Не нашёл в правилах ничего про «{escape(typed(query, QUOTED))}». Попробуйте другими словами"
    if book is not None and game in book.games:
        heading = f"📚 <b>Правила: {escape(book.games[game])}</b>"
        return Reply("\n".join([f"{text} или выберите раздел:", "", heading] + _contents(book, game)))
    games = book.games if book is not None else {name: known.title for name, known in GAMES.items()}
    return Reply(f"{text} или откройте оглавление: /rules", buttons=_game_keyboard(games))


def _contents(book: RuleBook, game: str) -> list[str]:
    """A game's sections, one line each, with the command that opens it."""
    return [f"{section_command(s.id)} — {escape(s.title)}" for s in book.sections(game)]


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
    return [
        Article(id=s.id, title=f"{s.game_title}: {s.title}", description=_shorten(s.text, 100), text=section_text(s))
        for s in found
    ]


def _shorten(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
