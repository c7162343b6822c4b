"""Kingdom Builder's terrains are called what the box calls them: the translated rulebook and the Russian
terrain cards say «равнина» for the green grass (the farm builds there) and «луг» for the yellow flowers.
Every terrain word a player reads (the texts of a whole game, the rule reference, the picture) is the box's,
with its colour where a player is told a terrain; the words an earlier version used are still understood."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kb_positions import fresh, h, turn

import rules.kingdom
from render import kingdom as kingdom_picture
from rules.kingdom import GAME
from rules.kingdom.board import CANYON, DESERT, FLOWERS, FOREST, GRASS
from rules.kingdom.data import TERRAIN_COLOURS, TERRAIN_NAMES, terrain_told
from rules.kingdom.notation import terrain_word
from rules.protocol import RuleError
from tests.test_transcripts import _readable, _transcript_of

BOX = {GRASS: "равнина", FLOWERS: "луг", CANYON: "каньон", DESERT: "пустыня", FOREST: "лес"}
BY_NAME = {name: letter for letter, name in TERRAIN_NAMES.items()}
# «цветочное поле», «цветочном поле», «цветочные поля»: the earlier name of the flowers, never said any more
OLD_WORDS = re.compile(r"цветочн\w*\s+пол", re.I)
# a terrain told with its colour: «луг (жёлтый)»
TOLD = re.compile(r"\b(" + "|".join(TERRAIN_NAMES.values()) + r") \(([^()]+)\)")
REVEAL = re.compile(r"карт\w* местности[:—\s]+(\w+)( \(|…|)")  # «…»: a digest cut the line there


def test_the_names_are_the_boxs():
    assert {letter: TERRAIN_NAMES[letter] for letter in BOX} == BOX
    assert terrain_told(GRASS) == "равнина (светло-зелёная)" and terrain_told(FLOWERS) == "луг (жёлтый)"
    assert {letter: kingdom_picture.terrain_name(letter) for letter in BOX} == BOX  # the picture's chips


def told_wrong(text: str) -> list[str]:
    """The terrain words of a text that are not the box's: the old name of the flowers, a terrain told with
    another terrain's colour, a terrain card told without its colour."""
    bad = [m.group(0) for m in OLD_WORDS.finditer(re.sub(r"«[^»]*»", "", text))]  # «…»: the old word as such
    for name, colour in TOLD.findall(text):
        letter = BY_NAME[name]  # the colour, or the colour and what grows there: «равнина (светло-зелёная трава)»
        if letter in TERRAIN_COLOURS and colour.split(" ")[0][:-2] != TERRAIN_COLOURS[letter][:-2]:
            bad.append(f"{name} ({colour})")
    for name, paren in REVEAL.findall(text):
        if name in BY_NAME and not paren:
            bad.append(f"карта местности: {name} — без цвета")
    return bad


def test_terrain_words():
    assert [terrain_word(w) for w in ("лугу", "лужок", "цветочное", "равнине", "травка", "лесу", "поле")] == [
        FLOWERS, FLOWERS, FLOWERS, GRASS, GRASS, FOREST, None]


def test_the_check_finds_what_it_is_meant_to():
    assert told_wrong("Аня открывает карту местности: луг (жёлтый). Ваша карта — равнина (светло-зелёная).") == []
    assert told_wrong("Аня открывает карту местности: цветочное поле.")
    assert told_wrong("Ваша карта — луг (светло-зелёный).") == ["луг (светло-зелёный)"]
    assert told_wrong("луг (жёлтые цветы), раньше «цветочное поле»; Борис открывает карту местности: лес…") == []
    assert told_wrong("Ваша карта местности: равнина. Её увидят все") == ["карта местности: равнина — без цвета"]


def test_every_terrain_word_of_a_whole_game_is_the_boxs():
    texts, _ = _transcript_of("kingdom")
    joined = "\n".join(_readable(text) for _, text in texts)
    assert "открывает карту местности: " in joined and "Ваша карта местности" in joined  # a whole game
    bad = [(where, word) for where, text in texts for word in told_wrong(_readable(text))]
    assert not bad, bad[:10]
    told = {name for name, _ in TOLD.findall(joined)}
    assert {"равнина", "луг"} <= told, told  # both were revealed, by the box's names


def test_the_reference_names_the_terrains_as_the_box_does():
    text = (Path(rules.kingdom.__file__).parent / "reference.md").read_text(encoding="utf-8")
    assert "равнина (светло-зелёная трава), луг (жёлтые цветы)" in text
    farm = text[text.index("{#kingdom.farm}"):]
    assert farm[:farm.index("\n## ")].count("на равнине") == 1  # the farm builds on the green grass
    unquoted = re.sub(r"«[^»]*»", "", text)  # the old words are named once, in quotes, as the old words
    assert not OLD_WORDS.search(unquoted) and not re.search(r"\bлуг\w* \(зел", unquoted)


@pytest.mark.parametrize(("typed", "terrain"), [
    ("строю на лугу {hex}", FLOWERS), ("{hex} цветочное поле", FLOWERS), ("ставлю {hex} на цветы", FLOWERS),
    ("строю на равнине {hex}", GRASS), ("{hex} трава", GRASS), ("строю в лесу {hex}", FOREST),
    ("/build {hex} пустыня", DESERT), ("каньон {hex}", CANYON),
])
def test_a_move_may_name_its_terrain_in_the_boxs_words_or_the_old_ones(typed, terrain):
    state = turn(fresh(), 0, terrain)
    target = GAME.legal_actions(state)[0].split(" ")[1]
    assert GAME.parse(state, typed.format(hex=target)) == f"build {target}"


def test_a_move_naming_another_terrain_than_its_hex_is_refused_and_explained():
    state = turn(fresh(), 0, GRASS)
    target = GAME.legal_actions(state)[0].split(" ")[1]
    assert state.layout.terrain[h(target)] == GRASS
    with pytest.raises(RuleError) as error:
        GAME.parse(state, f"строю на лугу {target}")  # «луг» in the old sense: the green grass
    assert error.value.message == (f"{target} — равнина (светло-зелёная), не луг (жёлтый). Как на картах из "
                                   "коробки: луг — жёлтые цветы, а зелёная трава — равнина. Ход не сделан: "
                                   "проверьте гекс.")
    assert error.value.section == "kingdom.terrain"
    with pytest.raises(RuleError) as error:
        GAME.parse(state, f"строю {target} в лесу")
    assert error.value.message.startswith(f"{target} — равнина (светло-зелёная), не лес (тёмно-зелёный).")
    assert "Как на картах" not in error.value.message
