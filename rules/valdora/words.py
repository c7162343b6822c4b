"""The words a typed Валдора move is made of: verbs, objects, sides, colours, gems and equipment, and the
little words that may stand beside them. `notation` reads a move with them; the position answers of `/rules`
(`bot.lookup.position.valdora`) ask whether a question's words are all words of a move.

>>> gem_word("рубины"), equipment_word("телегу"), provisions_word("провизию")
('ruby', 'cart', True)
"""

from __future__ import annotations

import re

MOVE_WORDS = {"move", "go", "иду", "идти", "ход", "хожу", "пойти", "пойду", "иди", "перейти", "двигаться",
              "шаг", "на", "в", "во", "к", "ко", "до"}
PASS_WORDS = {"pass", "пропуск", "пропустить", "пас"}
FLIP_WORDS = {"flip", "листать", "листаю", "листай", "пролистать", "перелистнуть", "перелистать",
              "перевернуть", "переворот", "страница", "лист"}
BUY_WORDS = {"buy", "купить", "куплю", "покупаю", "покупка", "купи", "покупать", "закупить", "закупаю", "закуплю",
             "закупка", "приобрести", "приобретаю"}
RETURN_WORDS = {"return", "вернуть", "верну", "возврат", "возвращаю"}
MINE_WORDS = {"mine", "добыть", "добываю", "добыча", "копать", "копаю", "выкопать", "взять", "беру",
              "take", "dig", "добывать"}
DELIVER_WORDS = {"deliver", "сдать", "сдаю", "доставить", "доставка", "доставляю", "выполнить", "выполняю",
                 "завершить", "сдача"}
# verbs whose object decides the action: «взять провиант», «взять серебро», «взять рубин», «взять телегу»
TAKE_WORDS = {"взять", "беру", "возьму", "брать", "take", "get", "набрать", "набираю", "добрать", "добираю",
              "получить", "получаю"}
REFILL_WORDS = {"refill", "серебро", "пополнить", "пополнение", "пополняю", "монеты", "silver"}
SILVER_WORDS = {"серебро", "серебра", "серебром", "монеты", "монет", "монетки", "деньги", "денег", "silver",
                "coins", "money"}
PROVISIONS_WORDS = {"provisions", "provision", "провиант", "еда", "провизия", "food", "поесть"}
PROVISIONS_STEMS = ("провиант", "провизи", "provision")  # in any form, anywhere in the text
END_WORDS = {"end", "конец", "все", "хватит", "готово", "done", "закончить", "стоп", "дальше"}
NEXT_WORDS = {"next", "вперед", "вперёд", "forward", "fwd"}
BACK_WORDS = {"back", "назад", "обратно", "prev"}
LEFT_WORDS = {"left", "l", "левую", "левая", "левый", "лево", "слева", "влево", "налево", "левой", "л"}
RIGHT_WORDS = {"right", "r", "правую", "правая", "правый", "право", "справа", "вправо", "направо", "правой",
               "п"}
TURN_WORDS = {"ход", "хода", "ходу"}  # «конец хода», «пропустить ход»
# what a flip, a buy or a return may name besides its own words: «листать книгу», «купить левую страницу»
BOOK_OBJECTS = {"книга", "книгу", "книги", "книге", "страница", "страницу", "страницы", "каталог", "каталога"}
# the verbs «провиант» goes with: «взять», «купить», «закупить», «пополнить провиант»
PROVISIONS_VERBS = TAKE_WORDS | BUY_WORDS | MINE_WORDS | {"пополнить", "пополнение", "пополняю"}
FILLER_WORDS = {"на", "в", "во", "с", "со", "за", "->", "→", "контракт", "контракта", "номер", "страницу",
                "карту", "хода"}
# what a buy names: the kind of book (a buy of the wrong kind is refused by the rule, not made of the other kind)
BOOK_WORDS = {
    **dict.fromkeys(("контракт", "контракты", "контракта", "контрактов", "contract", "contracts"), "contracts"),
    **dict.fromkeys(("снаряжение", "снаряжения", "снаряжением", "инструмент", "инструменты", "инструмента",
                     "equipment", "tool"), "equipment"),
}
# a contract named by its client's colour, in any case form: «купить красный», «беру серую»
COLOUR_STEMS = {"сер": "grey", "желт": "yellow", "бел": "white", "фиолетов": "purple", "красн": "red",
                "син": "blue", "зелен": "green"}
_COLOUR_WORD = re.compile(f"({'|'.join(COLOUR_STEMS)})(ый|ий|ой|ая|яя|ую|юю|ого|его|ому|ему|ые|ие|ых|их)")
_LATIN_COLOURS = {"grey": "grey", "gray": "grey", "yellow": "yellow", "white": "white", "purple": "purple",
                  "red": "red", "blue": "blue", "green": "green"}

GEM_STEMS = {
    "ruby": ("рубин", "ruby"), "sapphire": ("сапфир", "sapphire"), "amethyst": ("аметист", "amethyst"),
    "emerald": ("изумруд", "emerald"), "gold": ("золот", "gold"),
}
KIND_STEMS = {"pan": ("лот", "pan"), "ruby": ("кирк", "pick"), "sapphire": ("долот", "chisel"),
              "amethyst": ("молот", "hammer"), "emerald": ("лопат", "shovel", "spade"),
              "cart": ("телег", "тачк", "cart"), "horse": ("лошад", "конь", "коня", "осел", "осл", "horse")}


def _match(token: str, stems: tuple[str, ...]) -> bool:
    return any(token.startswith(s) or (len(token) >= 3 and s.startswith(token)) for s in stems)


def gem_word(token: str) -> str | None:
    """ "рубины" -> "ruby"; None if the token names no gem."""
    found = [gem for gem, stems in GEM_STEMS.items() if _match(token, stems)]
    return found[0] if len(found) == 1 else None


def colour_word(token: str) -> str | None:
    """ "красный", "серую", "red" -> the client colour; None if the token names no colour.

    >>> colour_word("красный"), colour_word("серую"), colour_word("серебро")
    ('red', 'grey', None)
    """
    m = _COLOUR_WORD.fullmatch(token)
    return COLOUR_STEMS[m.group(1)] if m else _LATIN_COLOURS.get(token)


def provisions_word(token: str) -> bool:
    return token.startswith(PROVISIONS_STEMS)


def equipment_word(token: str) -> str | None:
    """ "телегу" -> "cart"; None if the token names no equipment."""
    found = [kind for kind, stems in KIND_STEMS.items() if _match(token, stems)]
    return found[0] if len(found) == 1 else None
