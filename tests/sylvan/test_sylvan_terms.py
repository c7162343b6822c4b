"""«Зодчие»: one term per idea, the rulebook's: **преимущество** on a tree, **превосходство** in an area. The
reference, the picture's words, the game's texts and the README use them and no other («главенство»,
«контроль», «главный на дереве»); the rule lookup still understands the other words."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import render.sylvan
import rules.sylvan
from bot.lookup.rulebook import RuleBook

ROOT = Path(rules.sylvan.__file__).parents[2]
OTHER_WORDS = re.compile(r"главенств|главн\w+ на|контрол|доминир|лидерств", re.I)
# «преимущество» belongs to a tree, «превосходство» to an area: never the other way round
WRONG_PLACE = re.compile(r"превосходств\w* на дерев|преимуществ\w* в област", re.I)


def string_constants(path: Path) -> list[str]:
    """Every string literal of a module (f-strings by their constant parts)."""
    return [node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def player_texts() -> dict[str, str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## «Зодчие Волшебной Долины»")
    texts = {"reference.md": (Path(rules.sylvan.__file__).parent / "reference.md").read_text(encoding="utf-8"),
             "README": readme[start:readme.index("\n## ", start + 1)]}
    for package in (rules.sylvan, render.sylvan):
        for path in Path(package.__file__).parent.glob("*.py"):
            russian = [s for s in string_constants(path) if re.search("[а-яё]", s, re.I)]
            texts[str(path.relative_to(ROOT))] = "\n".join(russian)
    return texts


@pytest.mark.parametrize("where", sorted(player_texts()))
def test_one_term_per_idea_the_rulebooks(where):
    text = re.sub(r"«[^»]*»", "", player_texts()[where])  # «главенство» in quotes: the other word named as such
    assert not OTHER_WORDS.findall(text), OTHER_WORDS.findall(text)
    assert not WRONG_PLACE.findall(text), WRONG_PLACE.findall(text)


def test_the_reference_uses_both_terms_in_their_places():
    text = player_texts()["reference.md"]
    assert "Преимущество на дереве" in text and "Превосходство в области" in text
    assert "преимущество на деревьях и превосходство в областях" in text  # the overview names both


@pytest.mark.parametrize(("question", "section"), [
    ("зодчие главенство на дереве", "sylvan.advantage"),
    ("зодчие кто главный на дереве", "sylvan.advantage"),
    ("зодчие контроль дерева", "sylvan.advantage"),
    ("зодчие доминирование в области", "sylvan.regions"),
])
def test_the_lookup_understands_the_other_words(question, section):
    found = [s.id for s in RuleBook.load().search(question)[:2]]
    assert section in found, found
