"""Reading what players type, and short button labels.

`parse` turns a typed text into the canonical legal action it means, or raises RuleError with a
friendly Russian explanation of why it is not allowed (see `refusals.py`).

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1)
>>> parse(state, "иду д9"), parse(state, "/move Фиол")
('move Д9', 'move Фиолетовый')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.protocol import RuleError
from rules.text import coins, typed
from rules.valdora import refusals
from rules.valdora.actions import (
    flip_cost,
    gold_sources,
    kind_word,
    legal_actions,
    mine_options,
    moves,
)
from rules.valdora.board import SPACES
from rules.valdora.books import visible
from rules.valdora.data import (
    COLOUR_EMOJI,
    CONTRACT_FACES,
    EQUIPMENT_COST,
    EQUIPMENT_NAMES,
    GEM_EMOJI,
    GEM_NAMES,
    KIND_ORDER,
)
from rules.valdora.movement import MoveOption
from rules.valdora.state import State


def normalise(text: str) -> str:
    """Lower case, ё -> е, no leading "/" or "@botname", single spaces.

    >>> normalise("  /Move@ValdoraBot   Жёлтый ")
    'move желтый'
    """
    text = text.strip().lower().replace("ё", "е").lstrip("/")
    text = re.sub(r"^(\S+?)@\S+", r"\1", text)
    text = re.sub(r"[,;]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


# --- words -------------------------------------------------------------------------------------------

MOVE_WORDS = {"move", "go", "иду", "идти", "ход", "хожу", "пойти", "пойду", "иди", "перейти", "двигаться",
              "шаг", "на", "в", "во", "к", "ко", "до"}
PASS_WORDS = {"pass", "пропуск", "пропустить", "пас"}
FLIP_WORDS = {"flip", "листать", "листаю", "листай", "пролистать", "перелистнуть", "перелистать",
              "перевернуть", "переворот", "страница", "лист"}
BUY_WORDS = {"buy", "купить", "куплю", "покупаю", "покупка", "купи", "покупать"}
RETURN_WORDS = {"return", "вернуть", "верну", "возврат", "возвращаю"}
MINE_WORDS = {"mine", "добыть", "добываю", "добыча", "копать", "копаю", "выкопать", "взять", "беру",
              "take", "dig", "добывать"}
DELIVER_WORDS = {"deliver", "сдать", "сдаю", "доставить", "доставка", "доставляю", "выполнить", "выполняю",
                 "завершить", "сдача"}
REFILL_WORDS = {"refill", "серебро", "пополнить", "пополнение", "пополняю", "монеты", "silver"}
PROVISIONS_WORDS = {"provisions", "provision", "провиант", "еда", "провизия", "food", "поесть"}
END_WORDS = {"end", "конец", "все", "хватит", "готово", "done", "закончить", "стоп", "дальше"}
NEXT_WORDS = {"next", "вперед", "вперёд", "forward", "fwd"}
BACK_WORDS = {"back", "назад", "обратно", "prev"}
LEFT_WORDS = {"left", "l", "левую", "левая", "левый", "лево", "слева", "влево", "налево", "левой", "л"}
RIGHT_WORDS = {"right", "r", "правую", "правая", "правый", "право", "справа", "вправо", "направо", "правой",
               "п"}
FILLER_WORDS = {"на", "в", "во", "с", "со", "->", "→", "контракт", "контракта", "номер", "страницу", "карту",
                "хода"}

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


def equipment_word(token: str) -> str | None:
    """ "телегу" -> "cart"; None if the token names no equipment."""
    found = [kind for kind, stems in KIND_STEMS.items() if _match(token, stems)]
    return found[0] if len(found) == 1 else None


# --- spaces --------------------------------------------------------------------------------------------

_SPACE_KEYS = {normalise(s.name): s.name for s in SPACES}
_LATIN_SPACES = {
    "port": "Порт", "a": "А", "b": "Б", "v": "В", "g": "Г", "gavan": "Гавань", "harbour": "Гавань",
    "harbor": "Гавань", "pristan": "Пристань", "grey": "Серый", "gray": "Серый", "yellow": "Жёлтый",
    "white": "Белый", "purple": "Фиолетовый", "red": "Красный", "blue": "Синий", "green": "Зелёный",
}
# Latin letters that look like Cyrillic ones, for names typed on a Latin keyboard layout by habit
_LOOKALIKE = str.maketrans({"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "k": "к", "m": "м",
                            "t": "т", "h": "н", "b": "в", "y": "у"})


PLACE_PREPOSITIONS = ("на", "в", "во", "к", "ко", "до", "у", "to")


def space_candidates(text: str) -> list[str]:
    """Space names meant by a typed text: exact names first, then Latin forms, then unique prefixes.

    >>> space_candidates("d5"), space_candidates("фиол"), space_candidates("г"), space_candidates("д1")
    (['Д5'], ['Фиолетовый'], ['Г'], ['Д1'])
    """
    key = normalise(text).replace(" ", "")
    if not key:
        return []
    if key in _SPACE_KEYS:
        return [_SPACE_KEYS[key]]
    if key in _LATIN_SPACES:
        return [_LATIN_SPACES[key]]
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


@dataclass
class Intent:
    """What a typed text asks for, before checking it against the rules."""

    kind: str  # move, pass, flip, buy, return, mine, deliver, refill, provisions, end
    text: str = ""  # the raw argument (move: the typed place)
    side: str | None = None
    direction: str | None = None
    number: int | None = None
    gem: str | None = None
    equipment: list[str] = field(default_factory=list)


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
    if first in PROVISIONS_WORDS:
        return Intent("provisions")
    if first in REFILL_WORDS:
        return Intent("refill")
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
        raise RuleError("Пустая команда. " + refusals.examples(state, legal), "valdora.turn")
    canonical = {normalise(a): a for a in legal}
    if norm in canonical:
        return canonical[norm]
    intent = read_intent(state, norm)
    if intent is None:
        raise RuleError(f"Не понимаю «{typed(text)}». " + refusals.examples(state, legal), "valdora.turn")
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
    raise RuleError("Так сейчас нельзя. " + refusals.examples(state, legal), "valdora.turn")


def _resolve_move(state: State, intent: Intent, legal: list[str]) -> str:
    names = space_candidates(intent.text)
    if not names:
        refusals.unknown_space(intent.text)
    if len(names) > 1:
        refusals.ambiguous_space(intent.text, names)
    action = f"move {names[0]}"
    if action in legal:
        return action
    refusals.cannot_move(state, names[0])
    raise AssertionError("unreachable")


def _resolve_buy(state: State, intent: Intent, legal: list[str]) -> str:
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
            wanted = f"{plain} {kind_word(intent.equipment[0])}"
            if wanted in legal:
                return wanted
        else:
            # default: pay with the gold on the pan first, then the cart, then the horse
            return f"{plain} {kind_word(gold_sources(state.player())[0])}"
    refusals.explain(state, intent)
    raise AssertionError("unreachable")


def _resolve_return(state: State, intent: Intent, legal: list[str]) -> str:
    if intent.number is not None and intent.side is not None:
        action = f"return {intent.number} {intent.side}"
        if action in legal:
            return action
    refusals.explain(state, intent)
    raise AssertionError("unreachable")


# default equipment for a gem: the matching tool or pan, an empty cart, an empty horse, then dumping
def _mine_preference(state: State, kind: str) -> tuple[int, int]:
    loaded = state.player().equipment.get(kind) is not None
    return (1 if loaded else 0, KIND_ORDER.index(kind))


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
        kind = min(fitting, key=lambda k: _mine_preference(state, k))
        return f"mine {GEM_NAMES[intent.gem]} {kind_word(kind)}"
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


# --- labels --------------------------------------------------------------------------------------------


def contract_icons(face: int) -> str:
    """ "🔴 рубин", "⚪ 2 монеты", "⬜ 🔴🔵🟡"."""
    contract = CONTRACT_FACES[face]
    icon = COLOUR_EMOJI[contract.client]
    if contract.coins():
        return f"{icon} {coins(contract.coins())}"
    gems = contract.gems()
    if len(gems) == 1:
        return f"{icon} {GEM_NAMES[gems[0]]}"
    return f"{icon} " + "".join(GEM_EMOJI[g] for g in gems)


def label(state: State, action: str, option: MoveOption | None = None) -> str:
    """A short Russian button text for a legal action (under ~30 characters)."""
    verb, *args = action.split(" ")
    player = state.player() if state.current is not None else None
    if verb == "move":
        dest = " ".join(args)
        opt = option or next((o for o in moves(state) if o.dest == dest), None)
        text = f"➡️ {dest}"
        if opt and opt.spends_provisions:
            text += " 🍞"  # the provisions get spent on the way
        if opt and opt.payees:
            text += f" −{coins(len(opt.payees))}"  # meeting other pawns costs a coin each
        return text
    if verb == "pass":
        return "⏭ Пропустить ход"
    if verb == "flip":
        cost = flip_cost(state)
        way = "вперёд" if args[0] == "next" else "назад"
        return f"📖 Листать {way} ({coins(cost) if cost else 'бесплатно'})"
    if verb == "buy":
        book = state.book_at(player.position)
        face = visible(book)[0 if args[0] == "left" else 1]
        where = "слева" if args[0] == "left" else "справа"
        if book.kind == "equipment":
            if len(args) > 1:  # which card pays the gold
                return f"🛒 {where.capitalize()}: {EQUIPMENT_NAMES[face]} (🟡 {args[1]})"
            return f"🛒 Купить {where}: {EQUIPMENT_NAMES[face]}"
        return f"🛒 Купить {where}: {contract_icons(face)}"
    if verb == "return":
        return f"↩️ Вернуть {args[0]} {'влево' if args[1] == 'left' else 'вправо'}"
    if verb == "mine":
        gem, kind_name = args
        kind = _kind_of(kind_name)
        text = f"⛏ {gem.capitalize()} → {kind_name}"
        cost = EQUIPMENT_COST[kind]
        if cost:
            text += f" ({coins(cost)})"
        return text
    if verb == "deliver":
        n = int(args[0])
        text = f"📜 Сдать контракт {n}"
        if n <= len(player.contracts):
            text += f": {contract_icons(player.contracts[n - 1][0])}"
        if len(args) > 1:
            text = f"📜 Сдать {n}: {args[1]}"
        return text
    if verb == "refill":
        return "💰 Пополнить серебро"
    if verb == "provisions":
        return "🍞 Провиант"
    if verb == "end":
        return "✅ Конец хода"
    return action

