"""Playing a legal action: changing the state and telling what happened, including turn passing,
automatic turn end and the end of the game.

`execute` expects an action from `legal_actions` (the caller checks); it never fails half-way.

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1, options={"first_seat": 0})
>>> [e.text for e in execute(state, "move Д9")]
['Аня идёт на Д9.']

Event sentences are in the present tense and the active voice, with the player's name as the subject
(«Аня берёт провиант», «Аня заканчивает ход»): they never need the player's gender or a case of the name. Every
action gives at least one such sentence besides the «Ходит Борис.» of a new turn (kind "turn", which the bot
leaves out of the log); a turn that the engine ends by itself (nothing but "end" left) says why, kind "auto_end":
«Больше здесь делать нечего — ход окончен.» (who moves next is told once, by the board's «Ходит Борис.»)
"""

from __future__ import annotations

from rules.protocol import Event
from rules.text import coins, coins_acc, join_names, points
from rules.valdora import books
from rules.valdora.actions import (
    GEM_BY_WORD,
    KIND_BY_WORD,
    SIDE_NAMES,
    contract_of,
    flip_cost,
    gold_sources,
    legal_actions,
    mine_source,
    moves,
    payment_choices,
    real_actions,
)
from rules.valdora.board import ROAD, SPACE_BY_NAME, at, to
from rules.valdora.data import (
    BONUS_POINTS,
    COLOUR_NAMES_DAT,
    COLOUR_NAMES_FEM,
    COLOUR_NAMES_FEM_ACC,
    COLOUR_NAMES_GEN,
    COLOUR_NAMES_PL_GEN,
    CONTRACT_FACES,
    CONTRACT_PRICE,
    EQUIPMENT_ACC,
    EQUIPMENT_COST,
    EQUIPMENT_GEN,
    GEM_NAMES,
    KIND_ORDER,
    MAX_COINS,
    WORKSHOP_BY_COLOUR,
    Contract,
    next_master_colour,
)
from rules.valdora.movement import routes
from rules.valdora.rule_errors import cap
from rules.valdora.scoring import final_scores, winners
from rules.valdora.state import State, Turn


def describe_contract(contract: Contract) -> str:
    """ "контракт серого клиента (заказ: 2 монеты, награда 3 очка)", "контракт красного клиента (заказ: рубин,
    награда 5 очков)": the object of a sentence ("Аня покупает …"). What the client orders (paid when the
    contract is delivered) and the points it brings are named as such, never confused with its price."""
    if contract.coins():
        wants = coins(contract.coins())
    else:
        wants = join_names([GEM_NAMES[g] for g in contract.gems()])
    return f"контракт {COLOUR_NAMES_GEN[contract.client]} клиента (заказ: {wants}, награда {points(contract.points)})"


def is_legal(state: State, action: str) -> bool:
    """Whether `action` is a canonical legal action of the current player now."""
    return action in legal_actions(state)


def execute(state: State, action: str) -> list[Event]:
    """Apply a legal canonical action of the current player."""
    verb, *args = action.split(" ")
    handler = _HANDLERS[verb]
    events = handler(state, args)
    state.actions += 1
    if state.phase == "act" and not real_actions(state):
        # nothing but "end" is left: end the turn without making the player press a useless button, and say why
        acted, seat, where = state.turn.action is not None, state.current, state.player().position
        events += _with_reason(end_turn(state), acted, seat, where)
    return events


def _with_reason(events: list[Event], acted: bool, seat: int, where: str) -> list[Event]:
    """The events of a turn ended by the engine (nothing but "end" was left), after an event that says why:
    «Больше здесь делать нечего — ход окончен.» The next player is not named here: the turn event names them, and
    the board says «Ходит Борис.» under it (twice in a row would be once too many)."""
    reason = "Больше здесь делать нечего" if acted else f"{cap(at(where))} делать нечего"
    turn = next((e for e in events if e.kind == "turn"), None)
    if turn is not None:
        text = f"{reason} — ход окончен."
    else:
        text = f"{reason} — на этом партия заканчивается."
    return [Event(text, "auto_end", {"seat": seat}), *events]


def _move(state: State, args: list[str]) -> list[Event]:
    dest = " ".join(args)
    player = state.player()
    option = next(o for o in moves(state) if o.dest == dest)
    deeds = [f"идёт {to(dest)}"]
    if option.spends_provisions:
        player.provisions = False
        deeds[0] += f" через город {routes(player.position)[dest].towns[0]}"
        deeds.append("тратит провиант")
    player.position = dest
    if option.payees:
        deeds.append(f"платит за встречу {coins_acc(len(option.payees))}")
    text = f"{player.name} {join_names(deeds)}."
    received, full = [], []
    for seat in option.payees:
        other = state.players[seat]
        player.coins -= 1
        if other.coins >= MAX_COINS:
            state.bank += 1  # rulebook: a coin that would be a seventh goes to the bank
            full.append(other.name)
        else:
            other.coins += 1
            received.append(other.name)
    if len(received) == 1:
        text += f" {received[0]} получает монету."
    elif received:
        text += f" {join_names(received)} получают по монете."
    if len(full) == 1:  # a name in the nominative and a verb in the present tense: no gender, no case needed
        text += f" {full[0]} уже держит {coins_acc(MAX_COINS)}, эта монета уходит в банк."
    elif full:
        text += f" {join_names(full)} уже держат по {coins_acc(MAX_COINS)}, эти монеты уходят в банк."
    state.phase = "act"
    state.turn = Turn()
    return [Event(text, "move", {"seat": state.current, "to": dest, "payees": list(option.payees)})]


def _pass(state: State, args: list[str]) -> list[Event]:
    # house rule: with no legal destination at all the player sits the turn out
    player = state.player()
    events = [Event(f"{player.name} пропускает ход: сходить некуда.", "pass", {"seat": state.current})]
    return events + end_turn(state)


def _flip(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    book = state.book_at(player.position)
    cost = flip_cost(state)
    player.coins -= cost
    state.bank += cost
    if args[0] == "next":
        books.flip_next(book)
    else:
        books.flip_back(book)
    state.turn.flips += 1
    state.turn.action = "buy"
    way = "вперёд" if args[0] == "next" else "назад"
    price = f"за {coins_acc(cost)}" if cost else "бесплатно"
    return [Event(f"{player.name} листает книгу в городе {book.town} {way} ({price}).", "flip",
                  {"seat": state.current, "town": book.town, "direction": args[0], "cost": cost})]


def _buy(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    book = state.book_at(player.position)
    side = args[0]
    face = books.visible(book)[0 if side == "left" else 1]
    state.turn.action = "buy"
    if book.kind == "equipment":
        source = KIND_BY_WORD[args[1]] if len(args) > 1 else gold_sources(player)[0]
        player.equipment[source] = None
        state.discard["gold"] += 1
        books.take(book, side)
        player.equipment[face] = None
        player.equipment = {k: player.equipment[k] for k in KIND_ORDER if k in player.equipment}
        text = f"{player.name} покупает {EQUIPMENT_ACC[face]} {SIDE_NAMES[side]} за золото с {EQUIPMENT_GEN[source]}."
        return [Event(text, "buy", {"seat": state.current, "town": book.town, "equipment": face})]
    card = books.take(book, side)
    player.coins -= CONTRACT_PRICE
    state.bank += CONTRACT_PRICE
    player.contracts.append(card)
    text = (f"{player.name} покупает {SIDE_NAMES[side]} за {coins_acc(CONTRACT_PRICE)} "
            f"{describe_contract(CONTRACT_FACES[face])}.")
    return [Event(text, "buy", {"seat": state.current, "town": book.town, "contract": face})]


def _return(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    book = state.book_at(player.position)
    n, side = int(args[0]), args[1]
    card = player.contracts.pop(n - 1)
    books.put(book, side, card)
    state.turn.action = "buy"
    where = "на левую сторону" if side == "left" else "на правую сторону"
    text = f"{player.name} возвращает {describe_contract(contract_of(card))} в книгу, {where}."
    return [Event(text, "return", {"seat": state.current, "town": book.town, "contract": card[0]})]


def _mine(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    gem, kind = GEM_BY_WORD[args[0]], KIND_BY_WORD[args[1]]
    pile = mine_source(state)
    text = f"{player.name} "
    dumped = player.equipment[kind]
    if dumped is not None:
        # rulebook: a gem on a cart or horse may be dumped to the discard to load another, paying again
        state.discard[dumped] += 1
        text += f"выбрасывает {GEM_NAMES[dumped]} с {EQUIPMENT_GEN[kind]} в сброс, "
    pile[gem] -= 1
    player.equipment[kind] = gem
    cost = EQUIPMENT_COST[kind]
    player.coins -= cost
    state.bank += cost
    state.turn.action = "mine"
    state.turn.mined += 1
    if SPACE_BY_NAME[player.position].kind == ROAD:
        text += f"добывает {GEM_NAMES[gem]} на {player.position}"
    else:
        text += f"берёт {GEM_NAMES[gem]} из сброса"
    text += f" и кладёт его на {EQUIPMENT_ACC[kind]}"
    if cost:
        text += f" за {coins_acc(cost)}"
    return [Event(text + ".", "mine", {"seat": state.current, "gem": gem, "equipment": kind, "cost": cost,
                                       "dumped": dumped})]


def _deliver(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    n = int(args[0])
    card = player.contracts[n - 1]
    contract = contract_of(card)
    if len(args) > 1:
        sources = tuple(KIND_BY_WORD[w] for w in args[1].split("+"))
    else:
        sources = payment_choices(player, contract)[0]
    for kind in sources:
        state.discard[player.equipment[kind]] += 1
        player.equipment[kind] = None
    player.coins -= contract.coins()
    state.bank += contract.coins()
    player.contracts.pop(n - 1)
    player.delivered.append(card[0])
    state.turn.action = "deliver"
    paid = coins_acc(contract.coins()) if contract.coins() else " + ".join(
        f"{GEM_NAMES[gem]} с {EQUIPMENT_GEN[k]}" for gem, k in zip(contract.gems(), sources, strict=True))
    events = [Event(f"{player.name} сдаёт контракт {COLOUR_NAMES_DAT[contract.client]} клиенту и отдаёт "
                    f"{paid}.", "deliver",
                    {"seat": state.current, "client": contract.client, "sources": list(sources)})]
    seat = state.current
    # (1) a workshop of the client's colour already owned earns a bonus card (rulebook)
    if contract.client in player.workshops and state.bonuses_left > 0:
        state.bonuses_left -= 1
        player.bonuses += 1
        events.append(Event(f"{player.name} получает бонус +{BONUS_POINTS}: своя "
                            f"{COLOUR_NAMES_FEM[contract.client]} мастерская.", "bonus", {"seat": seat}))
    # (2) a master of the client's colour, else the next colour clockwise (rulebook)
    colour = next_master_colour(state.masters, contract.client)
    if colour is None:
        events.append(Event("Мастеров больше нет — за этот контракт мастер не полагается.", "master",
                            {"seat": seat}))
        return events
    state.masters[colour] -= 1
    player.masters[colour] = player.masters.get(colour, 0) + 1
    note = "" if colour == contract.client else f" ({COLOUR_NAMES_PL_GEN[contract.client]} мастеров уже нет)"
    events.append(Event(f"{player.name} нанимает {COLOUR_NAMES_GEN[colour]} мастера{note}.", "master",
                        {"seat": seat, "colour": colour}))
    # (3) the first to reach a workshop's threshold takes it from the reserve (rulebook)
    workshop = WORKSHOP_BY_COLOUR[colour]
    if state.workshops[colour] is None and player.masters[colour] >= workshop.need:
        state.workshops[colour] = seat
        player.workshops.append(colour)
        events.append(Event(f"{player.name} открывает {COLOUR_NAMES_FEM_ACC[colour]} мастерскую "
                            f"({points(workshop.points)}).", "workshop", {"seat": seat, "colour": colour}))
    if not state.final_round and sum(1 for c in state.masters.values() if c > 0) <= 1:
        state.final_round = True
        events.append(Event("У поля мастеров остаётся не больше одного цвета — идёт последний круг.", "final",
                            {"seat": seat}))
    return events


def _refill(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    taken = min(MAX_COINS - player.coins, state.bank)
    player.coins += taken
    state.bank -= taken
    state.turn.action = "refill"
    return [Event(f"{player.name} пополняет серебро: +{coins(taken)}, теперь {coins(player.coins)}.", "refill",
                  {"seat": state.current, "coins": taken})]


def _provisions(state: State, args: list[str]) -> list[Event]:
    player = state.player()
    player.provisions = True
    state.turn.action = "provisions"
    return [Event(f"{player.name} берёт провиант.", "provisions", {"seat": state.current})]


def _end(state: State, args: list[str]) -> list[Event]:
    seat = state.current
    done = f"{state.player().name} заканчивает ход."
    return [Event(done, "end_turn", {"seat": seat}), *end_turn(state)]


def skip(state: State) -> list[Event]:
    """End the current turn at once, as `end` (or `pass`, before the move) would end it now: our house rule
    for an absent player. A pawn that has not moved stays where it is, and no action is taken (or the one
    begun is not carried on); the turn passes clockwise, and the final round's last turn ends the game.
    Nothing is drawn at a Valdora turn's end, so a skip needs no randomness."""
    player = state.player()
    if state.phase == "move":
        lost = ": фишка остаётся на месте, действия в этот ход нет"
    elif state.turn.action is None:
        lost = ": действия в этот ход нет"
    else:
        lost = ""
    events = [Event(f"{player.name} пропускает ход{lost}.", "skip", {"seat": state.current})]
    state.actions += 1
    return events + end_turn(state)


def end_turn(state: State) -> list[Event]:
    """Pass the turn clockwise, or end the game after the final round's last turn."""
    n = len(state.players)
    last_of_round = state.current == (state.first_seat - 1) % n
    if state.final_round and last_of_round:
        state.phase = "over"
        state.current = None
        state.turn = Turn()
        return [game_over_event(state)]
    state.current = (state.current + 1) % n
    if state.current == state.first_seat:
        state.round += 1
    state.phase = "move"
    state.turn = Turn()
    return [Event(f"Ходит {state.player().name}.", "turn",
                  {"seat": state.current, "round": state.round})]


def game_over_event(state: State) -> Event:
    scores = final_scores(state)
    best = winners(state)
    by_seat = {s["seat"]: s for s in scores}
    table = "; ".join(f"{s['name']} — {s['total']}" for s in sorted(scores, key=lambda s: -s["total"]))
    if len(best) == 1:
        head = f"Конец игры! Побеждает {by_seat[best[0]]['name']}."
    else:
        head = "Конец игры: ничья, победу делят " + join_names([by_seat[s]["name"] for s in best]) + "."
    return Event(f"{head} Очки: {table}.", "end", {"winners": best})


_HANDLERS = {
    "move": _move, "pass": _pass, "flip": _flip, "buy": _buy, "return": _return, "mine": _mine,
    "deliver": _deliver, "refill": _refill, "provisions": _provisions, "end": _end,
}
