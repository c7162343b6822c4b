"""Why an understood action is not allowed: each function raises RuleError with a precise Russian reason and
the rule-reference section it comes from.

No refusal names a card of the player's hand: a refusal may be shown in the group.

>>> from rules.sylvan.state import new_game
>>> state = new_game(["Аня", "Борис"], seed=1, options={"first_seat": 0})
>>> try:
...     check_step(state, "take")
... except RuleError as err:
...     print(err.section, err.message)
sylvan.draw Новую карту берут в конце хода: после стройки жилища (или её пропуска).
"""

from __future__ import annotations

from typing import NoReturn

from rules.protocol import RuleError
from rules.reasons import gather
from rules.sylvan.data import (
    CARDS,
    FLAGS_PER_PLAYER,
    MAX_HEIGHT,
    SIDES,
    STYLE_NAMES,
    STYLE_NEUT,
    SYMBOL_ACC,
    SYMBOL_EMOJI,
    SYMBOL_NAMES,
    adjacent,
    spot_position,
)
from rules.sylvan.engine import (
    CARD_KEY,
    DECK,
    FACE_KEYS,
    ITEM_VERBS,
    SYMBOL_BY_NAME,
    TAKE_DECK,
    has_bridge,
    legal_actions,
    open_styles,
    same_style,
    symbol_count,
)
from rules.sylvan.state import State
from rules.text import count

ITEM_GEN = {"axe": "топора", "hammer": "молотка", "bridge": "моста", "treetop": "верхушки"}
ITEM_GEN_PL = {"axe": "топоров", "hammer": "молотков", "bridge": "мостов", "treetop": "верхушек"}
STYLE_GEN = {"mushroom": "грибного", "flower": "цветочного", "nut": "орехового", "leaf": "лиственного"}
STYLE_GEN_PL = {"mushroom": "грибных", "flower": "цветочных", "nut": "ореховых", "leaf": "лиственных"}
ITEM_ORDER = ("axe", "hammer", "bridge", "top")
TREE_SECTIONS = {"place": "sylvan.place", "axe": "sylvan.axe", "hammer": "sylvan.hammer", "bridge": "sylvan.bridge",
                 "top": "sylvan.treetop"}


def refuse(message: str, section: str) -> NoReturn:
    raise RuleError(message, section)


def hint(state: State) -> str:
    """What can be done now, as commands the player can send (each of them legal now, or a model of one);
    never names a card of the hand."""
    if state.step == "over" or state.current is None:
        return "Партия окончена."
    name = state.player().name
    legal = legal_actions(state)
    if state.step == "play":
        if any(a.startswith("play ") for a in legal):
            return (f"Сейчас ходит {name}: сыграйте карту из руки, например «/play грибной-топор» "
                    "(свои карты — по кнопке «🂠 Моя рука»).")
        options = []
        if "redraw" in legal:
            options.append("«/redraw» — показать руку, сбросить её и взять 3 карты")
        if "pass" in legal:
            options.append("«/pass» — пропустить стройку")
        return f"Сейчас ходит {name}: подходящих карт нет; " + " или ".join(options) + "."
    if state.step == "place":
        trees = [a.split(" ")[1] for a in legal]
        return (f"Поставьте жилище на {'одно из деревьев: ' if len(trees) > 1 else ''}{', '.join(trees)} "
                f"(например, «/place {trees[0]}» или «строю на {trees[0]}»).")
    if state.step == "flag":
        return "«/flag» — прикрепить флаг (+5 славы) или «/noflag» — не прикреплять."
    takes = []
    if TAKE_DECK in legal:
        takes.append("«/take колода» (или «беру колоду»)")
    slots = [a for a in legal if a.startswith("take ") and a != TAKE_DECK]
    if slots:
        takes.append("открытую — " + ", ".join(f"«/{a}»" for a in slots))
    text = "Возьмите карту: " + " или ".join(takes) if takes else "Брать карту неоткуда: «/end» — закончить ход"
    before = [f"«/{a}»" for a in legal if a.startswith("set ")]
    for verb in ITEM_ORDER:
        first = next((a for a in legal if a.split(" ")[0] == verb), None)
        if first is not None:
            before.append(f"«/{first}»")
    if "refresh" in legal:
        before.append("«/refresh» — обновить открытые карты")
    if before:
        text += "; до этого можно: " + ", ".join(before)
    return text + "."


# --- the step of the turn -------------------------------------------------------------------------------------


def flag_first() -> NoReturn:
    refuse("Сначала решите с флагом: «/flag» — прикрепить (+5 славы), «/noflag» — не прикреплять.", "sylvan.flags")


def check_step(state: State, kind: str) -> None:
    """Refuse an action that belongs to another step of the turn."""
    step = state.step
    if step == "over":
        refuse("Партия окончена — ходы больше не принимаются.", "sylvan.end")
    if kind in ("play", "redraw", "pass") and step != "play":
        if kind == "play":
            refuse("Карта в этот ход уже сыграна: за ход разыгрывают одну карту.", "sylvan.turn")
        if kind == "redraw":
            refuse("Сбросить руку можно только в начале хода, вместо розыгрыша карты.", "sylvan.no-fit")
        refuse("Пропустить стройку можно только в начале хода, когда строить нечем.", "sylvan.no-fit")
    if kind == "place" and step != "place":
        if step == "play":
            refuse("Сначала сыграйте карту из руки: её стиль решает, на какое дерево строить.", "sylvan.play-card")
        if step == "flag":
            flag_first()
        if state.turn.skipped:
            refuse("В этот ход стройка пропущена: строить нечем.", "sylvan.no-fit")
        refuse("Жилище в этот ход уже поставлено: за ход ставят одно.", "sylvan.turn")
    if kind in ("flag", "noflag") and step != "flag":
        explain_flag(state)
    if kind in ("set", "axe", "hammer", "bridge", "top", "take", "refresh", "end") and step != "act":
        if step == "flag":
            flag_first()
        if kind == "set":
            refuse("Наборы карт меняют на предметы после того, как поставлено жилище.", "sylvan.items")
        if kind in ("take", "end"):
            refuse("Новую карту берут в конце хода: после стройки жилища (или её пропуска).", "sylvan.draw")
        if kind == "refresh":
            refuse("Открытые карты обновляют, когда добирают карту — в конце хода.", "sylvan.refresh")
        refuse("Особый предмет применяют только после того, как поставлено жилище.", "sylvan.item-timing")


def explain_flag(state: State) -> NoReturn:
    """Why there is no flag to attach now."""
    turn = state.turn
    if state.step in ("play", "place"):
        refuse("Флаг прикрепляют к жилищу, которое вы только что поставили: сначала сыграйте карту и постройте.",
               "sylvan.flags")
    if turn.built is None:
        refuse("В этот ход вы ничего не построили — флаг прикрепить не к чему.", "sylvan.flags")
    seat = state.current
    assert seat is not None
    tree = state.trees[turn.built]
    if tree.has_flag(seat):
        refuse(f"У вас уже есть флаг на {tree.name}: на одно дерево каждый ставит только один свой флаг.",
               "sylvan.flag-limit")
    if state.players[seat].flags_left <= 0:
        refuse(f"Флаги кончились: все {FLAGS_PER_PLAYER} ваших флагов уже на поле.", "sylvan.supply")
    style = turn.built_style
    if style and tree.tiles and tree.tiles[-1][1] == style:
        before = same_style(tree, style) - 1
        if before < 2:
            refuse(f"Флаг можно прикрепить, только если на дереве уже было 2 или больше {STYLE_GEN_PL[style]} "
                   f"жилищ (с основанием), а на {tree.name} было {before}.", "sylvan.flags")
    refuse("Флаг прикрепляют сразу, когда ставят жилище; теперь уже поздно.", "sylvan.flags")


# --- trees, cards, items -------------------------------------------------------------------------------------


def unknown_tree(name: str) -> NoReturn:
    refuse(f"Дерева {name} нет на поле: деревья называются буквой А–Д и номером ряда, например Б3.",
           "sylvan.board")


def check_tree(state: State, name: str) -> None:
    if name in state.trees:
        return
    if name in SIDES[state.side].spots:
        refuse(f"На {name} нет дерева: вдвоём отметки светлой поляны остаются пустыми.", "sylvan.players")
    unknown_tree(name)


def need_trees(state: State, verb: str, n: int) -> NoReturn:
    """Trees missing from the command: an example that is allowed now (the trees are public), or, when there is
    none, that there is nowhere to do it now."""
    what = "дерево" if n == 1 else "два дерева"
    options = [a for a in legal_actions(state) if a.split(" ")[0] == verb]
    if not options:
        refuse(f"Сейчас так сходить некуда: {'ни одно дерево не подходит' if n == 1 else 'подходящих пар деревьев нет'}"
               f". " + hint(state), TREE_SECTIONS[verb])
    trees = options[0].split(" ")[1:]
    also = f" или «строю на {trees[0]}»" if verb == "place" else ""
    refuse(f"Укажите {what}: например, «/{options[0]}»{also}.", TREE_SECTIONS[verb])


def check_item(state: State, verb: str) -> None:
    item = ITEM_VERBS[verb]
    used = state.turn.item
    if used is not None:
        refuse(f"За ход можно применить только один особый предмет, а вы уже применили {SYMBOL_ACC[used]}.",
               "sylvan.item-timing")
    if not state.player().items[item]:
        pronoun = "её" if item == "treetop" else "его"
        refuse(f"У вас нет {ITEM_GEN[item]}: {pronoun} дают за набор из 3 разыгранных карт с символом "
               f"{SYMBOL_EMOJI[item]}.", "sylvan.items")


def name_the_card() -> NoReturn:
    refuse("Назовите карту точнее — стиль и символ, например «/play грибной-топор» или «играю грибной топор».",
           "sylvan.play-card")


def no_such_card(styles: list[str], symbols: list[str]) -> NoReturn:
    parts = [STYLE_NAMES[s] for s in dict.fromkeys(styles)] + [SYMBOL_NAMES[s] for s in dict.fromkeys(symbols)]
    refuse(f"У вас в руке нет такой карты ({' '.join(parts)}).", "sylvan.play-card")


def name_the_set(state: State) -> NoReturn:
    sets = [f"«/{a}»" for a in legal_actions(state) if a.startswith("set ")]  # only those allowed now
    if not sets:
        refuse("Сейчас набор не собрать: нужны 3 разыгранные карты с одним символом, а предмет — в запасе.",
               "sylvan.items")
    listed = ", ".join(sets[:-1]) + " или " + sets[-1] if len(sets) > 1 else sets[0]
    refuse(f"Какой набор? Назовите один символ: {listed}.", "sylvan.items")


def bad_slot(n: int) -> NoReturn:
    refuse("Открытых карт три: «/take 1», «/take 2» или «/take 3» (или «/take колода» — из колоды).", "sylvan.draw")


def no_such_face_up(state: State) -> NoReturn:
    shown = ", ".join(f"{i + 1}) {_card(c)}" for i, c in enumerate(state.face_up) if c is not None)
    refuse(f"Среди открытых карт такой нет. Открыты: {shown or 'ничего'}.", "sylvan.draw")


def take_what() -> NoReturn:
    refuse("Откуда брать карту: «/take колода» — из колоды или «/take 1»…«/take 3» — открытую.", "sylvan.draw")


def _card(card: int) -> str:
    return CARD_KEY[card]  # by the name it is played by: «грибной-топор»


def _closed(state: State, name: str) -> None:
    tree = state.trees[name]
    if tree.treetop:
        refuse(f"{name} закрыто верхушкой: на него больше не строят, а ни верхушку, ни жилища под ней не убрать "
               "и не перенести.", "sylvan.treetop")


def _full(state: State, name: str) -> None:
    tree = state.trees[name]
    if tree.height >= MAX_HEIGHT:
        refuse(f"На {name} уже {MAX_HEIGHT} уровней — выше деревья не растут.", "sylvan.trees")


def check_set(state: State, symbol_name: str) -> None:
    """Refuse a set of 3 cards that the player has not got, or whose item the supply has run out of (whatever
    the step of the turn)."""
    seat = state.current
    assert seat is not None
    symbol = SYMBOL_BY_NAME[symbol_name]
    have = symbol_count(state, seat, symbol)
    if have < 3:
        refuse(f"Для набора нужны 3 разыгранные карты с символом {SYMBOL_EMOJI[symbol]} ({SYMBOL_NAMES[symbol]}), "
               f"а у вас {count(have, 'такая', 'такие', 'таких') if have else 'ни одной'}.", "sylvan.items")
    if state.supply[symbol] <= 0:
        refuse(f"В запасе не осталось {ITEM_GEN_PL[symbol]}: набор подождёт, карты остаются перед вами.",
               "sylvan.supply")


def check_item_trees(state: State, verb: str, args: list[str]) -> None:
    """Refuse an item used on trees it cannot be used on (whatever the step of the turn and whether the player
    has the item: those are told besides)."""
    seat = state.current
    assert seat is not None
    if verb == "axe":
        name = args[0]
        _closed(state, name)
        if not state.trees[name].tiles:
            refuse(f"На {name} только основание — основание топором не срубить.", "sylvan.axe")
    if verb == "hammer":
        src, dst = args
        if src == dst:
            refuse("Молоток переносит жилище на другое дерево, а не на то же самое.", "sylvan.hammer")
        _closed(state, src)
        source = state.trees[src]
        if not source.tiles:
            refuse(f"На {src} нет жилищ — переносить нечего.", "sylvan.hammer")
        if source.tiles[-1][0] != seat:
            owner = state.players[source.tiles[-1][0]].name
            refuse(f"Верхнее жилище {src} — не ваше ({owner}): молотком переносят только своё жилище "
                   "с верхнего уровня.", "sylvan.hammer")
        _closed(state, dst)
        _full(state, dst)
    if verb == "bridge":
        a, b = args
        if a == b:
            refuse("Мост соединяет два разных соседних дерева.", "sylvan.bridge")
        if not adjacent(a, b):
            (ca, ra), (cb, rb) = spot_position(a), spot_position(b)
            if abs(ca - cb) == 1 and abs(ra - rb) == 1:
                refuse(f"{a} и {b} стоят по диагонали, а по диагонали деревья соседями не считаются.",
                       "sylvan.bridge")
            refuse(f"{a} и {b} не соседи: мост соединяет только деревья, стоящие рядом в ряду или в столбце.",
                   "sylvan.bridge")
        if has_bridge(state, seat, a, b):
            refuse(f"У вас уже есть мост между {a} и {b}: между одной парой деревьев — только один ваш мост.",
                   "sylvan.bridge")
        if state.players[seat].flags_left <= 0:
            refuse("У вас не осталось флагов, а на мост нужно прикрепить свой флаг.", "sylvan.supply")
    if verb == "top":
        if state.trees[args[0]].treetop:
            refuse(f"На {args[0]} уже стоит верхушка.", "sylvan.treetop")


def _same_style(state: State, name: str) -> None:
    card = state.turn.card
    tree = state.trees[name]
    if card is not None and tree.top_style != CARDS[card].style:
        want, top = CARDS[card].style, tree.top_style
        refuse(f"Верхнее жилище {name} — {STYLE_NEUT[top]}, а на сыгранной карте — {STYLE_NAMES[want]} стиль: "
               "строить можно только на дерево, где верхнее жилище того же стиля, что на карте.", "sylvan.place")


def explain(state: State, verb: str, args: list[str]) -> NoReturn:
    """The reason an action of the current step is illegal (its step and trees are already checked)."""
    seat = state.current
    assert seat is not None
    player = state.players[seat]
    legal = legal_actions(state)
    if verb == "play":
        style, _ = FACE_KEYS[args[0]]
        if all(CARD_KEY[c] != args[0] for c in player.hand):
            refuse("У вас в руке нет такой карты.", "sylvan.play-card")
        refuse(f"Ни на одном дереве (без верхушки и ниже {MAX_HEIGHT} уровней) нет верхнего "
               f"{STYLE_GEN[style]} жилища — эту карту сейчас не сыграть.", "sylvan.place")
    if verb == "redraw":
        if any(a.startswith("play ") for a in legal):
            refuse("Сбросить руку можно, только если ни одна карта в ней не подходит ни к одному дереву.",
                   "sylvan.no-fit")
        if not open_styles(state):
            refuse("Ни на одно дерево больше не построить, новые карты не помогут: пропустите стройку — «/pass».",
                   "sylvan.no-fit")
        refuse("Ни в руке, ни в колоде, ни в сбросе карт не осталось — сбрасывать и брать нечего: пропустите "
               "стройку — «/pass».", "sylvan.no-fit")
    if verb == "pass":
        if any(a.startswith("play ") for a in legal):
            refuse("Строить обязательно, а у вас есть карта, подходящая к дереву.", "sylvan.place")
        refuse("Сначала покажите руку, сбросьте её и возьмите 3 карты — «/redraw»; пропустить стройку можно, "
               "если и новые карты не подойдут.", "sylvan.no-fit")
    if verb == "place":  # every reason at once: closed, full, another style on top
        name = args[0]
        gather(lambda: _closed(state, name), lambda: _full(state, name), lambda: _same_style(state, name))
    if verb == "set":
        check_set(state, args[0])
    if verb in ITEM_VERBS:
        check_item_trees(state, verb, args)
    if verb == "take":
        if args[0] in (DECK, "deck"):
            if "end" in legal:
                refuse("Колода и сброс пусты, открытых карт тоже нет — закончите ход: «/end».", "sylvan.deck")
            refuse("Колода и сброс пусты — возьмите открытую карту.", "sylvan.deck")
        refuse(f"Открытой карты на месте {args[0]} сейчас нет: место пустует, пока в колоде или сбросе не появятся "
               "карты.", "sylvan.deck")
    if verb == "refresh":
        refuse("Обновить открытые карты можно, только если у всех трёх один стиль жилища или общий символ.",
               "sylvan.refresh")
    if verb == "end":
        refuse("Ход заканчивается тем, что вы берёте карту: «/take колода» или открытую — «/take 1»…«/take 3».",
               "sylvan.draw")
    if verb in ("flag", "noflag"):
        explain_flag(state)
    refuse("Так сейчас нельзя. " + hint(state), "sylvan.turn")
