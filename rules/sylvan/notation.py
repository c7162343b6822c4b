"""Reading what players type, button labels and menu groups.

`parse` turns a typed text into the canonical legal action it means, or raises RuleError with a precise
Russian reason (see `refusals.py`). It understands the canonical notation (see `engine.py`) and the forms
people type: any case, ё or е, Latin tree names ("b3"), Russian verbs and word forms.

>>> from rules.sylvan.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first_seat": 0})
>>> state.step = "act"
>>> parse(state, "беру колоду"), parse(state, "Беру 2"), parse(state, "/take@SylvanBot 3")
('take колода', 'take 2', 'take 3')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rules.leftover import ignorable, not_understood
from rules.protocol import RuleError
from rules.reasons import gather
from rules.sylvan import refusals
from rules.sylvan.data import (
    CARDS,
    COLUMNS,
    LATIN_COLUMNS,
    STYLE_EMOJI,
    STYLE_NAMES,
    SYMBOL_EMOJI,
    SYMBOL_NAMES,
)
from rules.sylvan.engine import CARD_KEY, DECK, FACE_KEYS, ITEM_VERB, ITEM_VERBS, bridge_fame, legal_actions
from rules.sylvan.state import State
from rules.text import POLITE_WORDS as SHARED_POLITE
from rules.text import count, typed

MAX_BUTTONS = 24  # the bot's keyboards hold about this many buttons per level


def normalise(text: str) -> str:
    """Lower case, ё -> е, no leading "/" or "@botname", punctuation as spaces, single spaces.

    >>> normalise("  /Place@SylvanBot   на Б3! ")
    'place на б3'
    """
    text = text.strip().lower().replace("ё", "е").lstrip("/")
    text = re.sub(r"^(\S+?)@\S+", r"\1", text)
    text = re.sub(r"[,;.!?:«»\"'()]+", " ", text)
    return re.sub(r"\s+", " ", text).strip()


# --- words -----------------------------------------------------------------------------------------------------

PLAY_WORDS = {"play", "играю", "играть", "сыграть", "сыграю", "сыграй", "разыграть", "разыгрываю", "разыграю",
              "разыгрывать", "выкладываю", "выложить", "выкладывать"}
PLACE_WORDS = {"place", "build", "строю", "строить", "построить", "построю", "стройка", "ставлю", "ставить",
               "поставить", "поставлю", "размещаю", "разместить", "размещу", "кладу", "положить", "положу",
               "жилище", "дом", "домик"}
FLAG_STEMS = ("флаг", "флажок", "flag")
NEG_WORDS = {"без", "не", "нет", "no", "неа", "отказ", "отказываюсь", "nope"}
YES_WORDS = {"да", "yes", "ок", "ok", "ага", "конечно", "хочу"}
SET_WORDS = {"set", "набор", "наборы", "собираю", "собрать", "соберу", "получить", "получаю", "получу",
             "обменять", "меняю", "обмен", "комплект"}
TAKE_WORDS = {"take", "draw", "беру", "взять", "возьму", "брать", "тяну", "тянуть", "добор", "добрать",
              "добираю", "вытянуть", "вытягиваю"}
DECK_WORDS = {"deck", "колода", "колоды", "колоду", "колоде", "вслепую", "закрытую", "сверху", "верхнюю"}
REFRESH_WORDS = {"refresh", "обновить", "обновляю", "обновление", "обновлю", "заменить", "заменяю", "новые"}
OPEN_WORDS = {"открытые", "открытых", "открытки", "витрину", "витрина", "ряд"}
REDRAW_WORDS = {"redraw", "пересдача", "пересдать", "сбросить", "сбрасываю", "сброшу", "сброс", "мулиган",
                "mulligan", "руку", "рука"}
PASS_WORDS = {"pass", "пас", "пропуск", "пропускаю", "пропустить", "skip"}
END_WORDS = {"end", "конец", "готово", "закончить", "заканчиваю", "завершить", "завершаю", "все", "хватит",
             "done", "finish"}
ITEM_STEMS = {  # stems of the item words, also the verbs that use them
    "axe": ("топор", "axe", "рублю", "рубить", "срубить", "срубаю", "срублю", "руби", "рубим"),
    "hammer": ("молот", "hammer", "переношу", "перенести", "перенос", "перенесу"),
    "bridge": ("мост", "bridge"),
    "treetop": ("верхушк", "верхушек", "treetop", "top", "закрыть", "закрываю", "закрою", "крона", "крону"),
}
STYLE_STEMS = {"mushroom": ("гриб", "mush"), "flower": ("цвет", "flow"), "nut": ("орех", "nut"),
               "leaf": ("лист", "leaf")}
DUAL_STEMS = ("двойн", "двусимв", "dual", "оба", "обе")
ORDINALS = {"первую": 1, "первая": 1, "первой": 1, "1-ю": 1, "вторую": 2, "вторая": 2, "второй": 2, "2-ю": 2,
            "третью": 3, "третья": 3, "третьей": 3, "3-ю": 3, "left": 1, "middle": 2, "right": 3,
            "левую": 1, "среднюю": 2, "правую": 3}
FILLER = {"на", "в", "во", "с", "со", "из", "к", "и", "между", "->", "→", "—", "-", "карту", "карта", "карты",
          "дерево", "дерева", "деревья", "номер", "жетон", "тайл", "from", "to", "with", "and", "card", "мой",
          "мою", "моя", "свой", "свою", "открытую", "открытой", "открытая"}
# polite and filler words a typed move may carry: never a reason to refuse it
POLITE = SHARED_POLITE | {"а", "хорошо", "пусть", "будет", "ход", "ходу", "ходом", "попробую", "пробую", "ещё",
                          "еще", "уж", "же", "бы", "ли", "это", "эту", "этот", "эта", "раз", "хм", "хода", "думаю",
                          "наверное", "наверно", "го", "лучше", "выбираю", "выберу", "hi", "привет"}

# the verbs of each move, in the order a text with several is read
VERBS = (("play", PLAY_WORDS), ("place", PLACE_WORDS), ("set", SET_WORDS), ("take", TAKE_WORDS),
         ("refresh", REFRESH_WORDS), ("open", OPEN_WORDS), ("redraw", REDRAW_WORDS), ("pass", PASS_WORDS),
         ("end", END_WORDS))
TREE_RE = re.compile(r"(?<![a-zа-я0-9])([a-zа-я])-?([0-9]{1,2})(?![0-9])")


def item_word(word: str) -> str | None:
    found = {item for item, stems in ITEM_STEMS.items() if any(word.startswith(s) for s in stems)}
    return found.pop() if len(found) == 1 else None


def style_word(word: str) -> str | None:
    found = {style for style, stems in STYLE_STEMS.items() if any(word.startswith(s) for s in stems)}
    return found.pop() if len(found) == 1 else None


def tree_name(letter: str, number: str) -> str | None:
    """ "б", "3" -> "Б3"; Latin letters by transliteration ("b" -> "Б"); None for a letter outside А-Д."""
    column = LATIN_COLUMNS.get(letter) or (letter.upper() if letter.upper() in COLUMNS else None)
    return f"{column}{int(number)}" if column else None


# --- intents -------------------------------------------------------------------------------------------------


@dataclass
class Intent:
    """What a typed text asks for, before it is checked against the rules."""

    kind: str  # play, redraw, pass, place, flag, noflag, set, axe, hammer, bridge, top, take, refresh, end
    trees: list[str] = field(default_factory=list)  # tree names as typed and understood ("Б3")
    bad_trees: list[str] = field(default_factory=list)  # letter+number that names no column ("Е7")
    styles: list[str] = field(default_factory=list)
    symbols: list[str] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    deck: bool = False


def _words(norm: str) -> list[str]:
    """The words of a normalised text besides its trees («б3»), emoji and signs left out."""
    rest = TREE_RE.sub(" ", norm)
    return [w for w in re.split(r"[\s+/]+|(?<=[a-zа-я])-(?=[a-zа-я])", rest) if w and not ignorable(w)]


def _known(word: str) -> bool:
    """Whether `word` is one `read_intent` reads (a number, a verb, a style, an item…) or may pass over."""
    return bool(re.fullmatch(r"[0-9]{1,3}", word) or word in ORDINALS or word == "noflag"
                or any(word.startswith(s) for s in FLAG_STEMS + DUAL_STEMS) or style_word(word) or item_word(word)
                or word in NEG_WORDS | YES_WORDS | DECK_WORDS | FILLER | POLITE
                or any(word in vocabulary for _, vocabulary in VERBS))


def unread(norm: str) -> list[str]:
    """The words of a normalised text that name nothing a move of «Зодчие» takes («zzz» in «/take 2 zzz»).

    >>> unread("take 2 zzz 🙂"), unread("ставлю на б3 пожалуйста")
    (['zzz'], [])
    """
    return [w for w in _words(norm) if not _known(w)]


def read_intent(state: State, norm: str) -> Intent | None:
    """Understand a normalised text; None when it is not understood at all, or some word of it is not (see
    `unread`): better ask than guess."""
    trees: list[str] = []
    bad: list[str] = []
    for m in TREE_RE.finditer(norm):
        name = tree_name(m.group(1), m.group(2))
        if name is None:
            bad.append(f"{m.group(1).upper()}{m.group(2)}")
        else:
            trees.append(name)
    words = _words(norm)
    styles, symbols, numbers = [], [], []
    deck = dual = flag = neg = yes = False
    verbs: list[str] = []
    for w in words:
        if re.fullmatch(r"[0-9]{1,3}", w):
            numbers.append(int(w))
            continue
        if w in ORDINALS:
            numbers.append(ORDINALS[w])
            continue
        if w == "noflag":
            verbs.append("noflag")
            continue
        if any(w.startswith(s) for s in FLAG_STEMS):
            flag = True
            continue
        if w in NEG_WORDS:
            neg = True
            continue
        if w in YES_WORDS:
            yes = True
            continue
        if w in DECK_WORDS:
            deck = True
            continue
        if any(w.startswith(s) for s in DUAL_STEMS):
            dual = True
            continue
        style = style_word(w)
        if style:
            styles.append(style)
            continue
        item = item_word(w)
        if item:
            symbols.append(item)
            continue
        for kind, vocabulary in VERBS:
            if w in vocabulary:
                verbs.append(kind)
                break
        else:
            if w not in FILLER and w not in POLITE:
                return None  # a word we do not know: better ask than guess
    if dual:
        symbols = ["bridge", "treetop"]
    intent = Intent("", trees=trees, bad_trees=bad, styles=styles, symbols=symbols, numbers=numbers, deck=deck)
    intent.kind = _kind(state, intent, verbs, flag, neg, yes)
    return intent if intent.kind else None


def _kind(state: State, it: Intent, verbs: list[str], flag: bool, neg: bool, yes: bool) -> str:
    if "noflag" in verbs or (flag and neg) or (state.step == "flag" and neg and not verbs):
        return "noflag"
    if flag or (state.step == "flag" and yes and not verbs):
        return "flag"
    if "refresh" in verbs or ("redraw" in verbs and "open" in verbs):
        return "refresh"
    if "redraw" in verbs:
        return "redraw"
    if "pass" in verbs:
        return "pass"
    if "set" in verbs:
        return "set"
    if "take" in verbs:
        if it.symbols and not it.styles and not it.numbers and not it.deck:
            return "set"  # "беру мост": the item for a set of cards
        return "take"
    if "play" in verbs:
        return "play"
    if it.symbols and len(set(it.symbols)) == 1 and (it.trees or it.bad_trees or "place" in verbs):
        return ITEM_VERB[it.symbols[0]]  # "топор б3", "ставлю верхушку на б3", "мост б3 в3"
    if "place" in verbs:
        return "place"
    if "end" in verbs:
        return "end"
    if "open" in verbs:
        return ""
    # no verb: guess from what is named
    if it.styles:
        return "take" if state.step == "act" else "play"
    if it.symbols and len(set(it.symbols)) == 1 and not it.numbers:
        return ITEM_VERB[it.symbols[0]]
    if it.deck or (it.numbers and not it.trees):
        return "take"
    if it.trees or it.bad_trees:
        return "place"
    return ""


# --- parse -----------------------------------------------------------------------------------------------------


def parse(state: State, text: str) -> str:
    """The canonical legal action meant by `text`; RuleError (Russian, with a section) otherwise."""
    if state.step == "over":
        raise RuleError("Партия окончена — ходы больше не принимаются.", "sylvan.end")
    if not isinstance(text, str):
        raise RuleError("Пустая команда. " + refusals.hint(state), "sylvan.turn")
    legal = legal_actions(state)
    norm = normalise(text)
    if not norm:
        raise RuleError("Пустая команда. " + refusals.hint(state), "sylvan.turn")
    canonical = {normalise(a): a for a in legal}
    if norm in canonical:
        return canonical[norm]
    words = unread(norm)
    if words and len(norm.split(" ")) > 1:  # some words read, these not: name them
        raise not_understood(words, text, refusals.hint(state), "sylvan.turn")
    intent = read_intent(state, norm)
    if intent is None:
        raise RuleError(f"Не понимаю «{typed(text)}». " + refusals.hint(state), "sylvan.turn")
    return resolve(state, intent, legal)


def resolve(state: State, it: Intent, legal: list[str]) -> str:
    """An understood intent as a legal canonical action, or a RuleError saying why it is not allowed."""
    kind = it.kind
    if kind not in ITEM_VERBS and kind != "set":
        refusals.check_step(state, kind)  # an item or a set: the step is one of the reasons gathered below
    if it.bad_trees:
        refusals.unknown_tree(it.bad_trees[0])
    for name in it.trees:
        refusals.check_tree(state, name)
    if kind in ("flag", "noflag", "redraw", "pass", "refresh", "end"):
        if kind in legal:
            return kind
        refusals.explain(state, kind, [])
    if kind == "play":
        return _resolve_play(state, it, legal)
    if kind == "place":
        if not it.trees:
            places = [a for a in legal if a.startswith("place ")]
            if len(places) == 1:
                return places[0]
            refusals.need_trees(state, "place", 1)
        return _checked(state, legal, "place", it.trees[:1])
    if kind == "set":
        return _resolve_set(state, it, legal)
    if kind in ITEM_VERBS:
        need = 2 if kind in ("hammer", "bridge") else 1
        trees = it.trees[:need]
        if kind == "bridge" and len(set(trees)) == 2:
            order = list(state.trees)
            trees = sorted(trees, key=order.index)
        # every reason at once: too early (or too late) in the turn, no such item, and what the trees forbid
        gather(lambda: refusals.check_step(state, kind), lambda: refusals.check_item(state, kind),
               lambda: refusals.check_item_trees(state, kind, trees) if len(trees) == need else None)
        if len(trees) < need:
            refusals.need_trees(state, kind, need)
        return _checked(state, legal, kind, trees)
    if kind == "take":
        return _resolve_take(state, it, legal)
    raise RuleError("Так сейчас нельзя. " + refusals.hint(state), "sylvan.turn")


def _checked(state: State, legal: list[str], verb: str, args: list[str]) -> str:
    action = " ".join([verb, *args])
    if action in legal:
        return action
    refusals.explain(state, verb, args)
    raise AssertionError("unreachable")


def _faces(hand_or_cards: list[int], it: Intent) -> list[str]:
    """Face keys among `cards` that fit the named styles and symbols (exact symbols first)."""
    cards = [c for c in hand_or_cards if not it.styles or CARDS[c].style in it.styles]
    if it.symbols:
        wanted = set(it.symbols)
        exact = [c for c in cards if set(CARDS[c].symbols) == wanted]
        cards = exact or [c for c in cards if wanted <= set(CARDS[c].symbols)]
    return list(dict.fromkeys(CARD_KEY[c] for c in cards))


def _resolve_play(state: State, it: Intent, legal: list[str]) -> str:
    plays = [a for a in legal if a.startswith("play ")]
    if not it.styles and not it.symbols:
        if len(plays) == 1:
            return plays[0]
        refusals.name_the_card()
    keys = _faces(state.player().hand, it)
    if not keys:
        refusals.no_such_card(it.styles, it.symbols)
    if len(keys) > 1:
        fitting = [k for k in keys if f"play {k}" in legal]
        if len(fitting) == 1:
            return f"play {fitting[0]}"
        refusals.name_the_card()
    return _checked(state, legal, "play", keys[:1])


def _resolve_set(state: State, it: Intent, legal: list[str]) -> str:
    symbols = list(dict.fromkeys(it.symbols))
    gather(lambda: refusals.check_step(state, "set"),
           lambda: refusals.check_set(state, SYMBOL_NAMES[symbols[0]]) if len(symbols) == 1 else None)
    if len(symbols) != 1:
        sets = [a for a in legal if a.startswith("set ")]
        if not symbols and len(sets) == 1:
            return sets[0]
        refusals.name_the_set(state)
    return _checked(state, legal, "set", [SYMBOL_NAMES[symbols[0]]])


def _resolve_take(state: State, it: Intent, legal: list[str]) -> str:
    if it.deck:
        return _checked(state, legal, "take", [DECK])
    if it.numbers:
        n = it.numbers[0]
        if not 1 <= n <= len(state.face_up):
            refusals.bad_slot(n)
        return _checked(state, legal, "take", [str(n)])
    if it.styles or it.symbols:
        slots = [i + 1 for i, c in enumerate(state.face_up) if c is not None and _faces([c], it)]
        if not slots:
            refusals.no_such_face_up(state)
        return _checked(state, legal, "take", [str(slots[0])])
    refusals.take_what()
    raise AssertionError("unreachable")


# --- labels and menus ------------------------------------------------------------------------------------------


def face_label(style: str, symbols: tuple[str, ...]) -> str:
    """ "🍄 Грибной 🪓 топор", "🌰 Ореховый 🌉/🌲" (at most 24 characters)."""
    if len(symbols) == 1:
        mark = f"{SYMBOL_EMOJI[symbols[0]]} {SYMBOL_NAMES[symbols[0]]}"
    else:
        mark = "/".join(SYMBOL_EMOJI[s] for s in symbols)
    return f"{STYLE_EMOJI[style]} {STYLE_NAMES[style].capitalize()} {mark}"


def label(state: State, action: str) -> str:
    verb, *args = action.split(" ")
    if verb == "play":
        label = face_label(*FACE_KEYS[args[0]])
        alike = sum(1 for c in state.player().hand if CARD_KEY[c] == args[0]) if state.current is not None else 0
        if alike < 2:
            return label
        # one button stands for every such card of the hand: say how many cards («×2» would read as two
        # treetops), in words, within 24 characters: the symbols by their marks alone, then «шт.», if need be
        style, symbols = FACE_KEYS[args[0]]
        marks = f"{STYLE_EMOJI[style]} {STYLE_NAMES[style].capitalize()} {'/'.join(SYMBOL_EMOJI[s] for s in symbols)}"
        tries = [f"{label} ({count(alike, 'карта', 'карты', 'карт')})",
                 f"{marks} ({count(alike, 'карта', 'карты', 'карт')})", f"{marks} ({alike} шт.)"]
        return next((t for t in tries if len(t) <= 24), tries[-1])
    if verb == "place":
        return f"🏠 Строить на {args[0]}"
    if verb == "take":
        if args[0] in (DECK, "deck"):
            return "🂠 Из колоды"
        card = state.face_up[int(args[0]) - 1] if args[0].isdigit() and 0 < int(args[0]) <= 3 else None
        if card is None:
            return f"🃏 Открытую {args[0]}"
        c = CARDS[card]
        return f"{args[0]}) {STYLE_EMOJI[c.style]} {STYLE_NAMES[c.style].capitalize()} · " + \
            "".join(SYMBOL_EMOJI[s] for s in c.symbols)
    if verb == "set":
        symbol = next(s for s, n in SYMBOL_NAMES.items() if n == args[0])
        return f"{SYMBOL_EMOJI[symbol]} Набор → {args[0]}"
    if verb == "axe":
        return f"🪓 Снять жилище с {args[0]}"  # the top dwelling, not the tree
    if verb == "hammer":
        return f"🔨 {args[0]} → {args[1]}"
    if verb == "bridge":
        fame = bridge_fame(state, state.current, args[0], args[1]) if state.current is not None else 0
        return f"🌉 {args[0]} — {args[1]}" + (f" (+{fame})" if fame else "")
    if verb == "top":
        return f"🌲 Верхушка на {args[0]}"
    return {
        "redraw": "🔄 Сбросить руку",
        "pass": "⏭ Пропустить стройку",
        "flag": "🚩 Флаг (+5)",
        "noflag": "🏳 Без флага",
        "refresh": "♻️ Обновить открытые",
        "end": "✅ Закончить ход",
    }.get(verb, action)


def menu_path(state: State, action: str) -> tuple[str, ...]:
    verb, *args = action.split(" ")
    if verb == "play":
        return ("🂠 Сыграть карту",)
    if verb == "axe":
        return ("🪓 Топор",)
    if verb == "top":
        return ("🌲 Верхушка",)
    if verb == "hammer":
        return ("🔨 Молоток", f"С {args[0]}")
    if verb == "bridge":
        bridges = [a for a in legal_actions(state) if a.startswith("bridge ")]
        if len(bridges) > MAX_BUTTONS:
            return ("🌉 Мост", f"От {args[0]}")
        return ("🌉 Мост",)
    return ()


def targets(state: State, action: str) -> tuple[str, ...]:
    """The board places tapped to choose `action` in the Mini App (`rules.protocol.Game.targets`); the ids are
    those `render.sylvan.svg` puts on its shapes.

    A tree is its name («Б3»): where a dwelling goes, where the flag of the dwelling just built goes. An item is
    used by tapping the player's own item first, then its trees: the axe and a treetop both take one tree, the
    hammer and a bridge two, so the item says which («item:молоток», «Б3», «В3»: from, then to). A set of 3
    cards is its symbol («set:мост»), a face-up card its place («open:2»), a card of the hand its kind
    («card:грибной-топор»: equal cards are one move); the hand, items and sets are drawn in the seat's own view.
    The deck, a new hand, passing, declining the flag, refreshing the face-up cards and ending the turn have no
    place: ().

    >>> from rules.sylvan.state import new_game
    >>> state = new_game(["Аня", "Борис"], seed=1, options={"first_seat": 0})
    >>> targets(state, "place Б3"), targets(state, "hammer Б3 В3"), targets(state, "take 2"), targets(state, "end")
    (('Б3',), ('item:молоток', 'Б3', 'В3'), ('open:2',), ())
    """
    verb, *args = action.split(" ")
    if verb == "place":
        return (args[0],)
    if verb == "flag":
        return (state.turn.flag_tree,) if state.turn.flag_tree else ()
    if verb == "play":
        return (f"card:{args[0]}",)
    if verb == "take":
        return (f"open:{args[0]}",) if args[0].isdigit() else ()
    if verb == "set":
        return (f"set:{args[0]}",)
    if verb in ITEM_VERBS:
        return (f"item:{SYMBOL_NAMES[ITEM_VERBS[verb]]}", *args)
    return ()
