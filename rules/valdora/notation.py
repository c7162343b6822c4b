"""Reading what players type.

`parse` turns a typed text into the canonical legal action it means, or raises RuleError with a
friendly Russian explanation of why it is not allowed (see `refusals.py`). Players use the rulebook's
words: «взять провиант», «закупить провиант», «пополнить серебро», «купить контракт», «добыть рубин»; the
object of a verb decides the action as much as the verb («взять провиант» is provisions, «взять серебро» a
refill, «взять рубин» mining).

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1)
>>> parse(state, "иду д9"), parse(state, "/move Фиол"), parse(state, "/move с")
('move Д9', 'move Фиолетовый', 'move C')
"""

from __future__ import annotations

import re

from rules.protocol import RuleError
from rules.text import POLITE_WORDS as SHARED_POLITE
from rules.text import typed
from rules.valdora import hints, refusals, refusals_books
from rules.valdora.actions import (
    GEM_BY_WORD,
    KIND_BY_WORD,
    SIDES,
    gold_sources,
    here,
    kind_word,
    legal_actions,
    may_begin,
    mine_options,
)
from rules.valdora.board import MINE, ROAD, SPACES
from rules.valdora.books import visible
from rules.valdora.data import CONTRACT_FACES, GEM_NAMES, KIND_ORDER
from rules.valdora.intent import Intent
from rules.valdora.state import Book, State

# polite and filler words that never change what a move means: «давай /move д9, пожалуйста»
POLITE_WORDS = SHARED_POLITE


def normalise(text: str) -> str:
    """Lower case, ё -> е, no leading "/" or "@botname", no polite words or punctuation, single spaces.

    >>> normalise("  /Move@ValdoraBot   Жёлтый ")
    'move желтый'
    >>> normalise("Давай, /move Д9, пожалуйста!"), normalise("плиз конец")
    ('move д9', 'конец')
    """
    text = text.strip().lower().replace("ё", "е")
    text = re.sub(r"[,;!?.]+", " ", text)
    words = [w for w in text.split() if w not in POLITE_WORDS]
    text = " ".join(words).lstrip("/")
    text = re.sub(r"^(\S+?)@\S+", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


# --- words -------------------------------------------------------------------------------------------

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


# --- spaces --------------------------------------------------------------------------------------------

_SPACE_KEYS = {normalise(s.name): s.name for s in SPACES}
_OTHER_NAMES = {
    # the towns' Latin letters typed on a Russian keyboard (D as Д: a road is always Д and a number);
    # б and г: the towns' names before they followed the rulebook (Б was a catalogue, Г a contract book)
    "а": "A", "в": "B", "с": "C", "д": "D", "б": "B", "г": "D", "v": "B",
    "port": "Порт", "gavan": "Гавань", "harbour": "Гавань",
    "harbor": "Гавань", "pristan": "Пристань", "grey": "Серый", "gray": "Серый", "yellow": "Жёлтый",
    "white": "Белый", "purple": "Фиолетовый", "red": "Красный", "blue": "Синий", "green": "Зелёный",
}
TOWN_WORDS = {"город", "города", "городе", "town"}  # «иду в город с»
# Latin letters that look like Cyrillic ones, for names typed on a Latin keyboard layout by habit
_LOOKALIKE = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "k": "к", "m": "м",
                            "t": "т", "h": "н", "b": "в", "y": "у"})


PLACE_PREPOSITIONS = ("на", "в", "во", "к", "ко", "до", "у", "to")


def space_candidates(text: str) -> list[str]:
    """Space names meant by a typed text: exact names first, then Latin forms, then unique prefixes.

    >>> space_candidates("d5"), space_candidates("фиол"), space_candidates("д"), space_candidates("д1")
    (['Д5'], ['Фиолетовый'], ['D'], ['Д1'])
    >>> space_candidates("город с"), space_candidates("c"), space_candidates("в")
    (['C'], ['C'], ['B'])
    """
    key = "".join(w for w in normalise(text).split(" ") if w not in TOWN_WORDS)
    if not key:
        return []
    if key in _SPACE_KEYS:
        return [_SPACE_KEYS[key]]
    if key in _OTHER_NAMES:
        return [_OTHER_NAMES[key]]
    m = re.fullmatch(r"(?:d|д)(\d{1,2})", key)
    if m and "д" + m.group(1) in _SPACE_KEYS:
        return [_SPACE_KEYS["д" + m.group(1)]]
    m = re.fullmatch(r"(?:sh|s|w|m|ш)(\d)", key)
    if m and "ш" + m.group(1) in _SPACE_KEYS:
        return [_SPACE_KEYS["ш" + m.group(1)]]
    cyr = key.translate(_LOOKALIKE)
    if cyr in _SPACE_KEYS:
        return [_SPACE_KEYS[cyr]]
    prefixed = [name for k, name in _SPACE_KEYS.items() if k.startswith(key) or k.startswith(cyr)]
    if prefixed:
        return prefixed
    # house names are adjectives, typed in any case form: "к белому", "до зелёного"
    stem = _ADJECTIVE_ENDING.sub("", key)
    return [name for k, name in _SPACE_KEYS.items() if len(stem) >= 3 and _ADJECTIVE_ENDING.sub("", k) == stem]


_ADJECTIVE_ENDING = re.compile(r"(ому|ему|ого|его|ым|им|ом|ем|ый|ий|ой|ая|яя|ую|юю)$")


# --- intents -------------------------------------------------------------------------------------------


def read_intent(state: State, norm: str) -> Intent | None:
    """Understand a normalised text; None when it is not understood at all."""
    tokens = norm.split(" ")
    first, rest = tokens[0], tokens[1:]
    if state.phase == "move" and space_candidates(norm):
        return Intent("move", text=norm)
    if first in MOVE_WORDS and rest:
        if len(rest) > 1 and rest[0] in PLACE_PREPOSITIONS:
            rest = rest[1:]  # "иду на д9", "иду в порт", "иду к фиолетовому"
        return Intent("move", text=" ".join(rest))
    if first in ("move", "go", "иду", "идти", "ход") and not rest:
        return Intent("move", text="")
    if first in PASS_WORDS and state.phase == "move":
        return Intent("pass")
    if first in END_WORDS or first in PASS_WORDS:
        return Intent("end")
    if first in PROVISIONS_WORDS or any(provisions_word(t) for t in tokens):
        return Intent("provisions")  # «взять / купить / закупить / пополнить провиант»
    if first in REFILL_WORDS or (first in TAKE_WORDS | MINE_WORDS and any(t in SILVER_WORDS for t in rest)):
        return Intent("refill")  # «пополнить серебро», «взять монеты», «добыть серебро»
    if first in TAKE_WORDS and not rest and here(state).kind == MINE:
        return Intent("refill")  # «взять» on a silver mine: silver is all there is to take
    if first in TAKE_WORDS and state.book_at(state.player().position) and _names_a_card(rest):
        first = "купить"  # «взять контракт», «беру телегу» in a town with a book: a card of the book
    intent = None
    if first in FLIP_WORDS or first in NEXT_WORDS or first in BACK_WORDS:
        intent = Intent("flip", direction="next")
        for t in tokens:
            if t in BACK_WORDS:
                intent.direction = "back"
    elif first in BUY_WORDS:
        intent = Intent("buy")
    elif first in RETURN_WORDS:
        intent = Intent("return")
    elif first in DELIVER_WORDS:
        intent = Intent("deliver")
    elif first in MINE_WORDS:
        intent = Intent("mine")
    elif gem_word(first):
        intent = Intent("mine")
        rest = tokens
    else:
        if space_candidates(norm):
            return Intent("move", text=norm)
        return None
    _read_arguments(intent, rest)
    return intent


def _names_a_card(tokens: list[str]) -> bool:
    """Whether words after a generic «взять» name a card (a book kind, a contract colour, equipment) and no gem."""
    if any(gem_word(t) for t in tokens):
        return False
    return any(t in BOOK_WORDS or colour_word(t) or equipment_word(t) for t in tokens)


NUMBER_DIGITS = 3  # contracts and cards are counted in ones; a longer number is no number of ours


def _read_arguments(intent: Intent, tokens: list[str]) -> None:
    for token in tokens:
        parts = [p for p in re.split(r"[+]", token) if p]
        for part in parts:
            if part.isdecimal():  # "²" is a digit but no number; "١" and "２" are numbers int() reads
                if len(part) > NUMBER_DIGITS:
                    raise RuleError(f"Нет такого номера: «{typed(part, 12)}».", "valdora.turn")
                intent.number = int(part)
            elif intent.kind in ("buy", "return") and part in LEFT_WORDS:
                intent.side = "left"
            elif intent.kind in ("buy", "return") and part in RIGHT_WORDS:
                intent.side = "right"
            elif intent.kind == "buy" and part in BOOK_WORDS:
                intent.book = BOOK_WORDS[part]
            elif intent.kind == "buy" and colour_word(part):
                intent.client = colour_word(part)
            elif part in FILLER_WORDS:
                continue
            elif intent.kind == "mine" and intent.gem is None and gem_word(part):
                intent.gem = gem_word(part)
            elif equipment_word(part):
                intent.equipment.append(equipment_word(part))


# --- parse ---------------------------------------------------------------------------------------------


def parse(state: State, text: str) -> str:
    """The canonical legal action meant by `text`; RuleError (Russian, with a section) otherwise."""
    if state.phase == "over":
        raise RuleError("Игра уже закончилась — ходы больше не принимаются.", "valdora.end")
    legal = legal_actions(state)
    norm = normalise(text)
    if not norm:
        raise RuleError("Пустая команда. " + hints.examples(state, legal), "valdora.turn")
    canonical = {normalise(a): a for a in legal}
    if norm in canonical:
        return canonical[norm]
    intent = read_intent(state, norm)
    if intent is None:
        raise RuleError(f"Не понимаю «{typed(text)}». " + hints.examples(state, legal), "valdora.turn")
    return resolve(state, intent, legal)


def resolve(state: State, intent: Intent, legal: list[str]) -> str:
    """Turn an understood intent into a legal canonical action, or explain why there is none."""
    if state.phase == "move" and intent.kind not in ("move", "pass"):
        if intent.kind == "end" and legal == ["pass"]:
            return "pass"
        refusals.must_move_first(state, intent.kind)
    if state.phase == "act" and intent.kind == "move":
        refusals.already_moved(state)
    if intent.kind == "move":
        return _resolve_move(state, intent, legal)
    if intent.kind == "pass":
        if "pass" in legal:
            return "pass"
        refusals.cannot_pass(state, legal)
    if intent.kind == "end":
        return "end"
    if intent.kind in ("refill", "provisions"):
        if intent.kind in legal:
            return intent.kind
        refusals.explain(state, intent)
    if intent.kind == "flip":
        action = f"flip {intent.direction}"
        if action in legal:
            return action
        refusals.explain(state, intent)
    if intent.kind == "buy":
        return _resolve_buy(state, intent, legal)
    if intent.kind == "return":
        return _resolve_return(state, intent, legal)
    if intent.kind == "mine":
        return _resolve_mine(state, intent, legal)
    if intent.kind == "deliver":
        return _resolve_deliver(state, intent, legal)
    raise RuleError("Так сейчас нельзя. " + hints.examples(state, legal), "valdora.turn")


def _resolve_move(state: State, intent: Intent, legal: list[str]) -> str:
    names = space_candidates(intent.text)
    if not names:
        refusals.unknown_space(state, intent.text)
    if len(names) > 1:
        refusals.ambiguous_space(intent.text, names)
    action = f"move {names[0]}"
    if action in legal:
        return action
    refusals.cannot_move(state, names[0])
    raise AssertionError("unreachable")


def _resolve_buy(state: State, intent: Intent, legal: list[str]) -> str:
    player = state.player()
    book = state.book_at(player.position)
    if book is None or not may_begin(state, "buy"):
        refusals.explain(state, intent)  # not a town with a book, or another action begun
    sources, wanted = _split_equipment(state, book, intent.equipment)
    named = intent.book or ("equipment" if wanted else "contracts" if intent.client else None)
    if named is not None and named != book.kind:
        refusals_books.wrong_book(state, named)
    if wanted or intent.client:
        intent.side = _side_showing(state, book, intent, wanted[0] if wanted else None)
    intent.equipment = sources
    buys = [a for a in legal if a.startswith("buy ")]
    if intent.side is None:
        sides = {a.split(" ")[1] for a in buys}
        if len(sides) == 1:
            intent.side = sides.pop()
        else:
            refusals.explain(state, intent)
    plain = f"buy {intent.side}"
    if plain in legal:
        return plain
    options = [a for a in buys if a.startswith(plain + " ")]
    if options:
        if intent.equipment:
            wanted_action = f"{plain} {kind_word(intent.equipment[0])}"
            if wanted_action in legal:
                return wanted_action
        else:
            # default: pay with the gold on the pan first, then the cart, then the horse
            return f"{plain} {kind_word(gold_sources(player)[0])}"
    refusals.explain(state, intent)
    raise AssertionError("unreachable")


def _split_equipment(state: State, book: Book, kinds: list[str]) -> tuple[list[str], list[str]]:
    """Equipment named in a buy, split into what pays (the pan, or owned equipment carrying gold: «купить
    правую телегой») and the cards wanted («/buy долото»). Owned equipment without gold whose card is on an open
    page is a card wanted (and refused: one of each kind)."""
    player = state.player()
    faces = visible(book) if book.kind == "equipment" else (None, None)
    sources, wanted = [], []
    for kind in kinds:
        pays = kind == "pan" or (kind in player.equipment and (player.equipment[kind] == "gold"
                                                               or kind not in faces))
        (sources if pays else wanted).append(kind)
    return sources, wanted


def _side_showing(state: State, book: Book, intent: Intent, kind: str | None) -> str:
    """The side whose open page is the card named (equipment `kind`, or a contract of `intent.client`); refuses
    when no open page shows it or both do and the buy named no side."""

    def shows(face: object) -> bool:
        if face is None:
            return False
        return face == kind if book.kind == "equipment" else CONTRACT_FACES[face].client == intent.client

    faces = dict(zip(SIDES, visible(book), strict=True))
    if intent.side is not None:
        if not shows(faces[intent.side]):
            refusals_books.not_on_side(state, intent.side, kind, intent.client)
        return intent.side
    sides = [side for side in SIDES if shows(faces[side])]
    if not sides:
        refusals_books.not_visible(state, kind, intent.client)
    if len(sides) > 1:
        refusals_books.on_both_sides(state, kind, intent.client)
    return sides[0]


def _resolve_return(state: State, intent: Intent, legal: list[str]) -> str:
    if intent.number is not None and intent.side is not None:
        action = f"return {intent.number} {intent.side}"
        if action in legal:
            return action
    refusals.explain(state, intent)
    raise AssertionError("unreachable")


def _resolve_mine(state: State, intent: Intent, legal: list[str]) -> str:
    options = mine_options(state)
    if intent.gem is None:
        gems = {gem for gem, _ in options}
        if len(gems) == 1:
            intent.gem = gems.pop()
        else:
            refusals.explain(state, intent)
    fitting = [kind for gem, kind in options if gem == intent.gem]
    if intent.equipment:
        if intent.equipment[0] in fitting:
            return f"mine {GEM_NAMES[intent.gem]} {kind_word(intent.equipment[0])}"
    elif fitting:
        # default: the free equipment first in kind order (the tool or pan, then the cart, then the horse);
        # a gem is thrown off a cart or horse only when the player names it
        free = [kind for kind in fitting if state.player().equipment[kind] is None]
        if not free:
            refusals.only_by_dumping(state, intent.gem, fitting)
        return f"mine {GEM_NAMES[intent.gem]} {kind_word(min(free, key=KIND_ORDER.index))}"
    refusals.explain(state, intent)
    raise AssertionError("unreachable")


def _resolve_deliver(state: State, intent: Intent, legal: list[str]) -> str:
    delivers = [a for a in legal if a.startswith("deliver ")]
    if intent.number is None:
        numbers = {a.split(" ")[1] for a in delivers}
        if len(numbers) == 1:
            intent.number = int(numbers.pop())
        else:
            refusals.explain(state, intent)
    plain = f"deliver {intent.number}"
    if plain in legal:
        return plain
    options = [a for a in delivers if a.startswith(plain + " ")]
    if options:
        if intent.equipment:
            wanted = plain + " " + "+".join(kind_word(k) for k in intent.equipment)
            if wanted in legal:
                return wanted
            refusals.bad_sources(state, intent, options)
        # default: specialised tools and the pan first, then the cart, then the horse
        return min(options, key=lambda a: [KIND_ORDER.index(_kind_of(w)) for w in a.split(" ")[2].split("+")])
    refusals.explain(state, intent)
    raise AssertionError("unreachable")


def _kind_of(word: str) -> str:
    return next(k for k in KIND_ORDER if kind_word(k) == word)


# --- the Mini App's taps ------------------------------------------------------------------------------
# The ids of the things drawn on the board (render/valdora/layout.py draws the same strings as `data-target`):
# a space by its name, «page:A:left» an open page of a town's book, «equip:0:cart» a piece of a player's
# equipment, «contract:0:2» a player's second contract, «gem:Д5:ruby» the rubies on a road, «gem:discard:ruby»
# those in the discard (where a harbour's ships fetch gems from).


def targets(st: State, action: str) -> tuple[str, ...]:
    """The board places tapped to choose `action` in the Mini App (`rules.protocol.Game.targets`), in the order a
    player thinks of them, what is taken before where it goes: a space to move to; the page to buy, then the
    gold-laden equipment paying when there is a choice; the contract given back, then the page it goes on; the gem
    to mine, then the equipment it is loaded on (unless the gem fits only one); the contract to deliver, then the
    equipment paying its gems when there is a choice. Nothing for passing, flipping, refilling silver, buying
    provisions and ending the turn: those are buttons.

    >>> from rules.valdora.state import new_game
    >>> state = new_game(["Аня", "Борис", "Вера"], seed=1)
    >>> targets(state, "move Д9"), targets(state, "end")
    (('Д9',), ())
    """
    verb, *args = action.split(" ")
    seat = st.current
    if verb == "move":
        return (args[0],)
    if verb == "buy":
        paying = tuple(_equipment(seat, KIND_BY_WORD[word]) for word in args[1:])
        return (_page(st, args[0]), *paying)
    if verb == "return":
        return _contract(seat, int(args[0])), _page(st, args[1])
    if verb == "mine":
        gem, kind = GEM_BY_WORD[args[0]], KIND_BY_WORD[args[1]]
        place = here(st).name if here(st).kind == ROAD else "discard"
        taken = f"gem:{place}:{gem}"
        if [g for g, _ in mine_options(st)].count(gem) == 1:
            return (taken,)
        return taken, _equipment(seat, kind)
    if verb == "deliver":
        paying = tuple(_equipment(seat, KIND_BY_WORD[word]) for word in args[1].split("+")) if len(args) > 1 else ()
        return (_contract(seat, int(args[0])), *paying)
    return ()


def _page(st: State, side: str) -> str:
    book = st.book_at(st.player().position)
    return f"page:{book.town if book else '?'}:{side}"


def _equipment(seat: int | None, kind: str) -> str:
    return f"equip:{seat}:{kind}"


def _contract(seat: int | None, number: int) -> str:
    return f"contract:{seat}:{number}"
