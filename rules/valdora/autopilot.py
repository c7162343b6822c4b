"""The autopilot of Valdora (a sensible action for a seat whose player is away) and `reveals` (which actions
show something hidden).

What is hidden in Valdora: all randomness is drawn at setup (`state.new_game`: the gem bag and the four
shuffled books), so the only hidden things are the pages of the books that are not open (cards under the
two top pages, and the back of every page) and the delivered contracts lying face down under the
adventurer cards until the end. `reveals` is True for exactly the actions after which the public view
shows one of them:

* `flip next` / `flip back` always: the turned page shows its back, and the page under it comes up;
* `buy left` / `buy right` when a card lies under the bought one: that card's page comes up (buying the
  last card of a side uncovers nothing);
* an action that ends the game (the last turn's `end`, `pass`, or a last step after which the engine
  ends the turn by itself) while some contract lies delivered face down: the final scoring shows it. With
  nothing delivered, the end of the game shows nothing hidden.

Moving, mining (road piles and the discard are open), delivering, refilling, provisions, returning a
contract (it goes onto the book face up) and an ordinary end of turn show nothing.

The estimate (`estimate`) of a seat's prospects, in victory points, is what a player weighs: the points
it would score if the game ended now, plus what it holds towards more points later:

* the score now (`scoring.breakdown`: delivered contracts, masters, workshops, bonuses, gems), plus a
  hundredth of a point per coin (coins break ties). In the final round this is all: the seat has no
  turn after this one, so a gem loaded on the cart for 2 coins is worth its point.
* before that, its holdings, times a scale that falls as the end nears (`horizon`: 1 while at least
  `HORIZON` masters are left outside the biggest stack, 0 when one colour is left):
  - coins, the first ones worth more than the last (`COIN_VALUES`): they pay for contracts, flips,
    cart and horse loads, meetings and grey contracts;
  - each held contract: what delivering it would bring (its points, 10 for a new master colour, the
    step towards or onto a workshop, a bonus card for an owned workshop) net of what it costs (the
    gems' points, the coins' worth), times how close it is: `READY` when its gems or coins are in
    hand (a little less per extra move to its house), else `OPEN_BASE` plus `OPEN_PROGRESS` times the
    share of it in hand (a missing gem that free equipment could hold counts a third), and almost
    nothing (`STUCK`) while a gem it wants is nowhere to be mined. Contracts claim gems, coins and new
    master colours in hand order, so two contracts never count the same gem or the same new colour.
    As a held contract counts at most `READY` of its net worth, delivering it always gains;
  - masters towards a workshop still in the reserve (`WORKSHOP_HOPE`), bought equipment, spare gems
    (gold most: it buys equipment), provisions.

The autopilot (`choose`) tries every legal action on a copy of the state (`clone`) and takes the best by
the seat's prospects after it: the estimate, and while the seat is still in its action phase the best it
can add this turn by greedily going on with actions that reveal nothing (`prospects`); so a move is
judged by what can be done where it leads. A revealing action is never looked through: a flip is worth
the estimate after paying for it plus the average gain of buying a page of the whole deck composition
(`page_gain`), a revealing buy just what it visibly takes. So the choice depends only on what the seat
may know (the open pages, its own delivered contracts), never on hidden pages or other seats' delivered
contracts. The scale of the holdings is fixed for one choice (`Judge`): otherwise each delivery, bringing
the end closer, would devalue everything else the seat holds, and near the end no one would deliver.
Ties go to the first action in `legal_actions` order; in the action phase `end` wins unless something
beats it. A turn is bounded by the engine itself: one move, then one action whose every step uses
something up (coins for flips after the first, for contracts and for cart and horse loads, gold for equipment,
a free tool, a held contract).

>>> from rules.valdora.state import new_game
>>> state = new_game(["Аня", "Борис", "Вера"], seed=1, options={"first_seat": 0})
>>> choose(state) in legal_actions(state)
True
>>> reveals(state, "move Д9")
False
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from rules.protocol import SKIP
from rules.valdora.actions import legal_actions
from rules.valdora.board import SPACES
from rules.valdora.books import stack
from rules.valdora.data import (
    BONUS_POINTS,
    CONTRACT_FACES,
    CONTRACT_PRICE,
    EQUIPMENT_CARDS,
    EQUIPMENT_GEM,
    GEM_ORDER,
    GEM_POINTS,
    KIND_ORDER,
    MASTER_COLOUR_POINTS,
    MAX_CONTRACTS,
    WORKSHOP_BY_COLOUR,
    Contract,
    next_master_colour,
)
from rules.valdora.engine import execute, skip
from rules.valdora.movement import routes
from rules.valdora.scoring import breakdown
from rules.valdora.state import Book, Player, State, Turn

COIN_VALUES = (2.0, 1.6, 1.3, 1.1, 0.9, 0.7)  # the worth of the 1st, 2nd, ... 6th coin held
TIE_COIN = 0.01  # coins only break ties at the end
PROVISIONS = 0.8
TOOL_VALUE = 2.5  # a tool (pickaxe, chisel, hammer, shovel): free loads of one gem
NEEDED_TOOL = 0.5  # extra for a tool whose gem a held contract wants
CART_VALUE = {"cart": 3.0, "horse": 2.5}  # carry any gem, for coins
SPARE_GOLD = 0.6  # gold not wanted by a held contract still buys equipment
SPARE_GEM = 0.2  # another gem not wanted by a held contract
READY = 0.55  # share of a contract's worth counted when it can be delivered now
READY_STEP = 0.05  # ... less this much per extra move to its house
OPEN_BASE = 0.15  # share of a contract's worth counted when nothing for it is in hand
OPEN_PROGRESS = 0.3  # ... plus this times the share of its needs in hand
HOLDABLE = 1 / 3  # a missing gem some free equipment could hold counts this much of a gem in hand
STUCK = 0.03  # share of a contract's worth counted when a gem it wants is nowhere to be mined now
WORKSHOP_HOPE = 0.5  # masters towards a free workshop: this share of its points per share of the need
HORIZON = 8  # masters outside the biggest stack at which holdings start losing their worth
MAX_GREEDY_STEPS = 12  # steps of one turn's action tried ahead (more than any real turn needs)
EPSILON = 1e-9

FACE_GEMS = tuple(tuple(contract.gems()) for contract in CONTRACT_FACES)  # the gems each contract face wants
HOUSES = {space.client: space.name for space in SPACES if space.client}
# every page a book of each kind is made of: a flipped page is valued as an average one of these
PAGES = {
    "contracts": tuple(range(len(CONTRACT_FACES))),
    "equipment": tuple(face for card in EQUIPMENT_CARDS for face in card),
}


# --- reveals -----------------------------------------------------------------------------------------------


def reveals(state: State, action: str) -> bool:
    """Whether the legal `action` shows a hidden page or the face-down delivered contracts (see above)."""
    return revealed(state, action) is not None


def revealed(state: State, action: str) -> str | None:
    """What the legal `action` (or `SKIP`, the turn skipped) shows, for a refused undo: a page of a book, or
    the delivered contracts at the final scoring; None when nothing (see `reveals`)."""
    if action != SKIP and uncovers(state, action):
        return ("перевернули страницу книги" if action.startswith("flip")
                else "открылась страница книги под купленной картой")
    if any(p.delivered for p in state.players) and ends_game(state, action):
        return "в конце партии открыли сданные заказы"
    return None


def uncovers(state: State, action: str) -> bool:
    """Whether the legal `action` brings up a hidden page: every flip, a buy with a card under the page."""
    verb, *args = action.split(" ")
    if verb == "flip":
        return True
    if verb == "buy":
        book = state.book_at(state.player().position)
        return book is not None and len(stack(book, args[0])) > 1
    return False


def ends_game(state: State, action: str) -> bool:
    """Whether the legal `action` (or `SKIP`) ends the game (only in the last turn of the final round)."""
    n = len(state.players)
    if not state.final_round or state.current != (state.first_seat - 1) % n:
        return False
    after = clone(state)
    skip(after) if action == SKIP else execute(after, action)
    return after.phase == "over"


# --- copying -----------------------------------------------------------------------------------------------


def clone(state: State) -> State:
    """An independent copy to try actions on. Cards (two-item lists) are shared: the engine never changes
    a card, it only moves cards between lists."""
    return replace(
        state,
        players=[Player(p.name, p.coins, p.position, p.provisions, dict(p.equipment), list(p.contracts),
                        list(p.delivered), dict(p.masters), list(p.workshops), p.bonuses)
                 for p in state.players],
        turn=Turn(state.turn.flips, state.turn.action, state.turn.mined),
        roads={name: dict(pile) for name, pile in state.roads.items()},
        discard=dict(state.discard),
        books=[Book(b.town, b.kind, list(b.left), list(b.right)) for b in state.books],
        masters=dict(state.masters),
        workshops=dict(state.workshops),
    )


# --- the estimate ------------------------------------------------------------------------------------------


def horizon(state: State) -> float:
    """1 while the end is far, falling to 0 when masters of only one colour are left (the last round)."""
    stacks = sorted(state.masters.values())
    return min(1.0, sum(stacks[:-1]) / HORIZON)


def estimate(state: State, seat: int, scale: float | None = None) -> float:
    """The seat's prospects in points: its score now plus its holdings times `scale` (by default the
    state's `horizon`; see the module docstring)."""
    return player_value(state, state.players[seat], horizon(state) if scale is None else scale)


def player_value(state: State, player: Player, scale: float) -> float:
    points = sum(breakdown(player).values()) + TIE_COIN * player.coins
    if state.phase == "over" or state.final_round or scale <= 0:
        return points  # no turn after this one: only points count
    return points + scale * holdings(state, player)


def holdings(state: State, player: Player) -> float:
    """What the seat's coins, contracts, masters on the way to a workshop, equipment, spare gems and
    provisions are worth on the way."""
    value = sum(COIN_VALUES[:player.coins]) + (PROVISIONS if player.provisions else 0.0)
    spare, contracts = contracts_value(state, player)
    value += contracts
    value += sum(workshop_hope(state, colour, n) for colour, n in player.masters.items())
    wanted = {gem for card in player.contracts for gem in FACE_GEMS[card[0]]}
    for kind in player.equipment:
        if kind in CART_VALUE:
            value += CART_VALUE[kind]
        elif kind != "pan":
            value += TOOL_VALUE + (NEEDED_TOOL if EQUIPMENT_GEM[kind] in wanted else 0.0)
    for gem, n in spare.items():
        value += n * (SPARE_GOLD if gem == "gold" else SPARE_GEM)
    return value


def workshop_hope(state: State, colour: str, have: int) -> float:
    """What `have` masters of a colour are worth towards its workshop while it is in the reserve: half
    its points times the share of the masters it needs, as long as enough masters are left to get it."""
    workshop = WORKSHOP_BY_COLOUR[colour]
    if state.workshops[colour] is not None or have <= 0 or have >= workshop.need:
        return 0.0
    if state.masters[colour] < workshop.need - have:
        return 0.0
    return WORKSHOP_HOPE * workshop.points * have / workshop.need


def contracts_value(state: State, player: Player) -> tuple[Counter, float]:
    """The weighted worth of the held contracts, and the gems left over once they took what they want.
    Contracts are taken in hand order: an earlier one claims gems, coins and a new master colour first."""
    pool = Counter(gem for gem in player.equipment.values() if gem is not None)
    free = [k for k in KIND_ORDER if k in player.equipment and player.equipment[k] is None]
    coins = player.coins
    masters = dict(player.masters)  # as they would be once the earlier contracts are delivered
    total = 0.0
    for card in player.contracts:
        contract, wants = CONTRACT_FACES[card[0]], FACE_GEMS[card[0]]
        need = contract.coins()
        if need:
            paid = min(coins, need)
            share = paid / need
            payment = sum(COIN_VALUES[coins - paid:coins]) + (need - paid) * COIN_VALUES[0]
            coins -= paid
        else:
            share = gems_share(state, wants, pool, free)
            payment = GEM_POINTS * len(wants)
        if share >= 1.0:
            weight = max(OPEN_BASE, READY - READY_STEP * (moves_to(player, contract.client) - 1))
        else:
            weight = OPEN_BASE + OPEN_PROGRESS * share if share >= 0 else STUCK
        colour = next_master_colour(state.masters, contract.client)
        total += weight * max(0.0, delivery_worth(state, player, contract, colour, masters) - payment)
        if colour is not None:
            masters[colour] = masters.get(colour, 0) + 1
    return pool, total


def gems_share(state: State, wants: tuple[str, ...], pool: Counter, free: list[str]) -> float:
    """The share of a contract's wanted gems in hand (taken from `pool`), a missing gem that free equipment
    could hold counting `HOLDABLE`; -1 when a missing gem is nowhere to be mined."""
    have = 0.0
    for gem in wants:
        if pool[gem] > 0:
            pool[gem] -= 1
            have += 1
        elif not mineable(state, gem):
            return -1.0
        elif any(EQUIPMENT_GEM[k] in (gem, None) for k in free):
            have += HOLDABLE
    return have / len(wants)


def mineable(state: State, gem: str) -> bool:
    """Whether some road or the discard (for the harbours) still has the gem."""
    return state.discard[gem] > 0 or any(pile[gem] > 0 for pile in state.roads.values())


def delivery_worth(state: State, player: Player, contract: Contract, colour: str | None,
                   masters: dict[str, int]) -> float:
    """Points that delivering the contract would bring (before paying for it), for a player who has these
    masters: its points, a bonus card, 10 for a new master colour (the master it brings is of `colour`),
    the step towards a workshop."""
    worth = float(contract.points)
    if contract.client in player.workshops and state.bonuses_left > 0:
        worth += BONUS_POINTS
    if colour is None:
        return worth
    have = masters.get(colour, 0)
    if have == 0:
        worth += MASTER_COLOUR_POINTS
    workshop = WORKSHOP_BY_COLOUR[colour]
    if state.workshops[colour] is None and have + 1 == workshop.need:
        worth += workshop.points
    worth += workshop_hope(state, colour, have + 1) - workshop_hope(state, colour, have)
    return worth


def moves_to(player: Player, client: str) -> int:
    """Moves the pawn needs to reach the client's house (a town on the way is a stop, unless provisions
    carry it through one); 2 when it stands there already, as it must leave first."""
    house = HOUSES[client]
    if player.position == house:
        return 2
    towns = len(routes(player.position)[house].towns)
    if player.provisions and towns:
        towns -= 1
    return towns + 1


def page_gain(state: State, judge: Judge, kind: str) -> float:
    """The average gain of buying one page of a book of `kind`, over the whole deck composition (the seat
    may not know which page comes up); a page not worth buying counts 0. Remembered per situation."""
    player = state.players[judge.seat]
    key = (kind, situation(state, player))
    if key not in judge.pages:
        base = player_value(state, player, judge.scale)
        gains: dict[object, float] = {}
        total = 0.0
        for face in PAGES[kind]:
            same = CONTRACT_FACES[face] if kind == "contracts" else face
            if same not in gains:
                bought = bought_page(player, kind, face)
                gains[same] = 0.0 if bought is None else max(0.0, player_value(state, bought, judge.scale) - base)
            total += gains[same]
        judge.pages[key] = total / len(PAGES[kind])
    return judge.pages[key]


def situation(state: State, player: Player) -> tuple:
    """Everything `player_value` reads, as a key: the player and the shared supplies, not the books."""
    return (player.coins, player.position, player.provisions, tuple(player.equipment.items()),
            tuple(card[0] for card in player.contracts), tuple(player.delivered), tuple(player.masters.items()),
            tuple(player.workshops), player.bonuses, tuple(state.masters.values()),
            tuple(state.workshops.values()), state.bonuses_left, state.final_round, state.phase == "over",
            tuple(mineable(state, gem) for gem in GEM_ORDER))


def bought_page(player: Player, kind: str, face: int | str) -> Player | None:
    """The player as it would be after buying the page, or None when it cannot be bought."""
    if kind == "contracts":
        if len(player.contracts) >= MAX_CONTRACTS or player.coins < CONTRACT_PRICE:
            return None
        return replace(player, coins=player.coins - CONTRACT_PRICE, contracts=[*player.contracts, [face, face]])
    gold = [k for k in KIND_ORDER if player.equipment.get(k) == "gold"]
    if face in player.equipment or not gold:
        return None
    equipment = {**player.equipment, gold[0]: None, face: None}
    return replace(player, equipment=equipment)


# --- choosing ----------------------------------------------------------------------------------------------


@dataclass
class Judge:
    """One choice of the autopilot: the seat it plays for, the horizon fixed at the start (so that the
    seat's own deliveries in this turn do not count against it) and the page gains worked out so far."""

    seat: int
    scale: float
    pages: dict[tuple, float] = field(default_factory=dict)


def step_value(state: State, action: str, judge: Judge) -> tuple[float, State | None]:
    """The estimate right after a legal action, and the state to go on from (None after a revealing one,
    which is valued by what is public only)."""
    after = clone(state)
    execute(after, action)
    value = estimate(after, judge.seat, judge.scale)
    if action.startswith("flip"):
        return value + page_gain(after, judge, state.book_at(state.player().position).kind), None
    if uncovers(state, action):
        return value, None
    return value, after  # a game-ending step needs no look further: the game is over


def prospects(state: State, judge: Judge) -> float:
    """The estimate, plus the best the seat can still add this turn by greedily taking the step that
    raises the estimate most (`end` when none does)."""
    best = estimate(state, judge.seat, judge.scale)
    for _ in range(MAX_GREEDY_STEPS):
        if state is None or state.phase != "act" or state.current != judge.seat:
            break
        step_best, follow = best, None
        for action in legal_actions(state):
            if action == "end":
                continue
            value, after = step_value(state, action, judge)
            if value > step_best + EPSILON:
                step_best, follow = value, after
        if step_best <= best + EPSILON:
            break
        best, state = step_best, follow
    return best


def action_value(state: State, action: str, judge: Judge) -> float:
    """The seat's prospects after the legal action (see `step_value` and `prospects`)."""
    value, after = step_value(state, action, judge)
    return value if after is None else prospects(after, judge)


def choose(state: State) -> str:
    """The autopilot's action for the current seat (see the module docstring)."""
    legal = legal_actions(state)
    if len(legal) == 1:
        return legal[0]
    judge = Judge(state.current, horizon(state))
    best_action, best_value = legal[0], float("-inf")
    for action in legal:
        if action == "end":
            continue
        value = action_value(state, action, judge)
        if value > best_value + EPSILON:
            best_action, best_value = action, value
    if state.phase == "act" and best_value <= action_value(state, "end", judge) + EPSILON:
        return "end"
    return best_action
