"""The games' rule references as the search reads them: `rules/<game>/reference.md` parsed into sections (a
`## Title {#game.id}` heading and its text), and the names players give the games in a question."""

from __future__ import annotations

import re
from dataclasses import dataclass

HEADING = re.compile(r"^##\s+(.+?)\s*\{#([a-z0-9_-]+)\.([a-z0-9_.-]+)\}\s*$")


# Game names and their common forms, as sequences of normalised words (stemmed forms are handled by matching stems).
GAME_NAMES: dict[str, tuple[str, ...]] = {
    "valdora": ("валдора", "вальдора", "valdora"),
    "sylvan": (
        "зодчие волшебной долины",
        "builders of sylvan dale",
        "sylvan dale",
        "сильван дейл",
        "sylvan",
        "сильван",
        "звд",
        "вд",
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


NAME_PREPOSITIONS = frozenset({"в", "во", "для", "про", "у", "in", "for", "of"})

# Other board games a player compares with («в каркассоне всегда младший ходит, а тут?»): their names, with the
# preposition before and the case ending after
OTHER_GAMES = re.compile(
    r"(?:\b(?:или\s+)?(?:это\s+)?(?:ну\s+)?(?:прям\s+)?(?:как|типа)\s+)?(?:\b(?:в|во|из|про)\s+)?\b(?:каркас+он|carcas+on+e|колонизатор|катан|catan|тикет\w*\s+ту\s+райд|"
    r"ticket\s+to\s+ride|монопол|манчкин|munchkin|диксит|dixit|имаджинариум|азул|azul|вингспан|wingspan|"
    r"спл[еэ]ндор|splendor|агрикол|каменн\w*\s+век)\w*", re.IGNORECASE)


def without_other_games(text: str) -> str:
    """A question without the names of other board games it compares with: their words tell nothing of these rules
    and, unknown to them, make the search doubt («маршрут как в тикет ту райд»)."""
    kept = re.sub(r"\s{2,}", " ", OTHER_GAMES.sub(" ", text)).strip()
    return kept if re.search(r"\w", kept) else text


@dataclass(frozen=True)
class Section:
    id: str  # "valdora.movement"
    game: str  # "valdora"
    game_title: str  # "Валдора"
    title: str  # "Движение"
    text: str


def parse_reference(game: str, text: str) -> tuple[str, list[Section]]:
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
        heading = HEADING.match(line)
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
