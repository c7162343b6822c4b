"""A count is in the case its place asks for: after a colon or alone on a button the nominative («Время на ход:
1 минута 20 секунд», «⌛ 1 минута»), after «за», «через» the accusative («за 1 монету», «через 1 минуту»), after
«из», «до», «без», «для», «от», «после», «кроме» the genitive («до 14 дней»), after «по» the dative for one
(«по 1 очку»). Checked with the morphology dictionary over every text of a whole game of each game (replies,
captions, buttons, private notes, toasts) and over the settings, whose durations are the usual offenders."""

from __future__ import annotations

import functools
import re

import pymorphy3
import pytest

from bot.table.timing.clock import HOUR, MINUTE
from bot.table.timing.scopes import short_value
from bot.table.timing.settings import ChatSettings
from rules.registry import GAMES
from rules.sylvan.view import STYLE_SHORT
from tests.test_transcripts import _readable, _transcript_of

GOVERNS = {"за": "accs", "через": "accs", "из": "gent", "до": "gent", "без": "gent", "для": "gent", "от": "gent",
           "после": "gent", "кроме": "gent", "около": "gent", "по": "по", ":": "nomn"}
MONTHS = {"январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь",
          "декабрь"}
MASS = {"золота"}  # gold is counted as a mass, in the genitive whatever the number: «35 золота» (the rulebook's)
# abbreviations a count may stand before («2 орех.»: two nut-style dwellings in a private hand), not nouns
ABBREVIATIONS = set(STYLE_SHORT.values())
COUNT = re.compile(r"(?:(?<![\w-])(за|через|из|до|без|для|от|после|кроме|около|по)|(:))\s+(\d+)\s+([а-яё]+\.?)",
                   re.IGNORECASE)


@functools.cache
def morph() -> pymorphy3.MorphAnalyzer:
    return pymorphy3.MorphAnalyzer()


def wanted(number: int, governed: str) -> set[tuple[str, str]]:
    """The (case, number) a noun may take after `number` in a place that governs `governed`."""
    one = number % 10 == 1 and number % 100 != 11
    few = 2 <= number % 10 <= 4 and not 12 <= number % 100 <= 14
    if governed == "gent":
        return {("gent", "sing")} if one else {("gent", "plur")}
    if governed == "по":  # «по 1 очку», «по 2 очка», «по 5 очков»
        governed = "datv" if one else "accs"
    if one:
        return {(governed, "sing")}
    return {("gent", "sing")} if few else {("gent", "plur")}


def miscounted(text: str) -> list[str]:
    """The counts of a text whose noun is not in the case and number its place asks for."""
    bad = []
    for preposition, colon, digits, word in COUNT.findall(text):
        if word in ABBREVIATIONS:
            continue
        word = word.rstrip(".")
        parses = [p for p in morph().parse(word.lower()) if p.score > 0.01]
        if not any(p.tag.POS == "NOUN" for p in parses) or any(p.tag.POS in ("ADJF", "PRTF") for p in parses):
            continue  # an adjective or a word that is no noun («2 из 3 разыгранных карт»): not a counted noun
        if any({"Mnth"} <= set(p.tag.grammemes) or p.normal_form in MONTHS for p in parses):
            continue  # a date: «до 3 июня»
        need = wanted(int(digits), GOVERNS[(preposition or colon).lower()])
        if word.lower() in MASS:
            need |= {("gent", "sing")}
        if not any((p.tag.case, p.tag.number) in need for p in parses if p.tag.POS == "NOUN"):
            bad.append(f"{preposition or colon} {digits} {word}")
    return bad


@pytest.mark.parametrize(("text", "bad"), [
    ("Время на ход: 1 минуту 20 секунд", [": 1 минуту"]),
    ("Время на ход: 1 минута 20 секунд", []),
    ("📜 Сдать ⚪ за 1 монета", ["за 1 монета"]),
    ("Сдать за 1 монету, за 2 монеты, за 5 монет", []),
    ("через 21 час, через 1 минуту, до 14 дней, из 3 карт, по 1 очку, по 2 очка", []),
    ("до 14 дня, по 1 очко", ["до 14 дня", "по 1 очко"]),
    ("нужны 3 из 3 разыгранных карт; 23:00–08:00; до 3 июня; Аня: 35 золота; стопка: 3 орех., гриб.", []),
    ("Итог: 3 монета.", [": 3 монета"]),
])
def test_the_check_finds_what_it_is_meant_to(text, bad):
    assert miscounted(text) == bad


@pytest.mark.parametrize("name", GAMES)
def test_every_count_of_a_whole_game_is_in_its_case(name):
    texts, _ = _transcript_of(name)
    assert len(texts) > 500  # a whole game
    bad = sorted({(where, word) for where, text in texts for word in miscounted(_readable(text))})
    assert not bad, bad[:10]


@pytest.mark.parametrize("seconds", [80, 61, 21 * MINUTE + 1, 2 * HOUR + 22 * MINUTE, 25 * HOUR])
def test_durations_after_a_colon_and_on_buttons_are_nominative(seconds):
    settings = ChatSettings(remind_after=seconds, time_limit=seconds)
    texts = [*settings.lines(), *settings.button_labels().values(), "в чате: " + short_value(settings, "limit")]
    assert not [bad for text in texts for bad in miscounted(text.replace("⌛", ":").replace("⏰", ":"))], texts
    if seconds == 80:
        assert "⌛ Время на ход: 1 минута 20 секунд" in settings.lines()
        assert settings.button_labels()["limit"] == "⌛ 1 минута 20 секунд"
        assert "⏰ Напомнить игроку о ходе: через 1 минуту 20 секунд" in settings.lines()
