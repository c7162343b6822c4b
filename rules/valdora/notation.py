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

from rules.leftover import not_understood
from rules.protocol import RuleError
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
from rules.valdora.board import HOUSE, MINE, ROAD
from rules.valdora.books import visible
from rules.valdora.data import COLOUR_NAMES_GEN, CONTRACT_FACES, GEM_NAMES, KIND_ORDER
from rules.valdora.intent import Intent
from rules.valdora.places import PLACE_PREPOSITIONS, TOWN_WORDS, normalise, space_candidates
from rules.valdora.places import POLITE_WORDS as POLITE_WORDS  # read by the position answers of /rules
from rules.valdora.state import Book, State
from rules.valdora.words import (
    BACK_WORDS,
    BOOK_OBJECTS,
    BOOK_WORDS,
    BUY_WORDS,
    DELIVER_WORDS,
    END_WORDS,
    FILLER_WORDS,
    FLIP_WORDS,
    LEFT_WORDS,
    MINE_WORDS,
    MOVE_WORDS,
    NEXT_WORDS,
    PASS_WORDS,
    PROVISIONS_VERBS,
    PROVISIONS_WORDS,
    REFILL_WORDS,
    RETURN_WORDS,
    RIGHT_WORDS,
    SILVER_WORDS,
    TAKE_WORDS,
    TURN_WORDS,
    colour_word,
    equipment_word,
    gem_word,
    provisions_word,
)

# --- intents -------------------------------------------------------------------------------------------


def read_intent(state: State, norm: str) -> Intent | None:
    """Understand a normalised text; None when it is not understood at all. Words the intent has no place for
    are kept in `Intent.unread` («/buy zzz», «/end Щ99»): `parse` refuses them rather than half-understand."""
    tokens = norm.split(" ")
    first, rest = tokens[0], tokens[1:]
    if state.phase == "move" and space_candidates(norm):
        return Intent("move", text=norm)
    if first in MOVE_WORDS and rest:
        if len(rest) > 1 and rest[0] in PLACE_PREPOSITIONS:
            rest = rest[1:]  # "иду на д9", "иду в порт", "иду к фиолетовому"
        return _move(" ".join(rest))
    if first in ("move", "go", "иду", "идти", "ход") and not rest:
        return Intent("move", text="")
    if first in PASS_WORDS and state.phase == "move":
        return _bare("pass", rest, PASS_WORDS | END_WORDS)
    if first in END_WORDS or first in PASS_WORDS:
        return _bare("end", rest, END_WORDS | PASS_WORDS)
    if first in PROVISIONS_WORDS or any(provisions_word(t) for t in tokens):
        # «взять / купить / закупить / пополнить провиант»
        return _bare("provisions", [t for t in tokens if not provisions_word(t)],
                     PROVISIONS_WORDS | PROVISIONS_VERBS | TOWN_WORDS)
    if first in REFILL_WORDS or (first in TAKE_WORDS | MINE_WORDS and any(t in SILVER_WORDS for t in rest)):
        # «пополнить серебро», «взять монеты», «добыть серебро»
        return _bare("refill", rest, REFILL_WORDS | SILVER_WORDS | TAKE_WORDS | MINE_WORDS)
    if first in TAKE_WORDS and not rest and here(state).kind == MINE:
        return Intent("refill")  # «взять» on a silver mine: silver is all there is to take
    if first in TAKE_WORDS and state.book_at(state.player().position) and _names_a_card(rest):
        first = "купить"  # «взять контракт», «беру телегу» in a town with a book: a card of the book
    if first in FLIP_WORDS or first in NEXT_WORDS or first in BACK_WORDS:
        intent = Intent("flip", direction="back" if any(t in BACK_WORDS for t in tokens) else "next")
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


def _move(text: str) -> Intent:
    """A move to the place `text` names. When it names none but some of its words are places («/move Д9 zzz»),
    the other words are what was not understood; otherwise the place itself is refused as unknown."""
    intent = Intent("move", text=text)
    if not space_candidates(text) and any(space_candidates(w) for w in text.split(" ")):
        intent.unread = [w for w in text.split(" ")
                         if not space_candidates(w) and w not in TOWN_WORDS and w not in PLACE_PREPOSITIONS]
    return intent


def _bare(kind: str, words: list[str], own: set[str]) -> Intent:
    """An action without arguments (end, pass, provisions, refill): any word beside its own is unread."""
    return Intent(kind, unread=[w for w in words if w not in own and w not in FILLER_WORDS and w not in TURN_WORDS])


def _names_a_card(tokens: list[str]) -> bool:
    """Whether words after a generic «взять» name a card (a book kind, a contract colour, equipment) and no gem."""
    if any(gem_word(t) for t in tokens):
        return False
    return any(t in BOOK_WORDS or colour_word(t) or equipment_word(t) for t in tokens)


NUMBER_DIGITS = 3  # contracts and cards are counted in ones; a longer number is no number of ours
# the words of each action that may come again among its arguments («купить контракт», «листать книгу назад»)
OWN_WORDS = {
    "flip": FLIP_WORDS | NEXT_WORDS | BACK_WORDS | BOOK_OBJECTS,
    "buy": BUY_WORDS | TAKE_WORDS | BOOK_OBJECTS,
    "return": RETURN_WORDS | BOOK_OBJECTS,
    "mine": MINE_WORDS | TAKE_WORDS,
    "deliver": DELIVER_WORDS,
}


def _read_arguments(intent: Intent, tokens: list[str]) -> None:
    """Fill the intent from the words after its verb; what no argument of its kind reads goes to `unread`."""
    kind = intent.kind
    for token in tokens:
        for part in (p for p in token.split("+") if p):
            if part.isdecimal() and kind in ("return", "deliver"):  # "²" is no number; "١", "２" are
                if len(part) > NUMBER_DIGITS:
                    raise RuleError(f"Нет такого номера: «{typed(part, 12)}».", "valdora.turn")
                if intent.number is not None and intent.number != int(part):
                    intent.unread.append(part)  # «сдать 1 2»: one contract at a time
                intent.number = int(part)
            elif kind in ("buy", "return") and part in LEFT_WORDS:
                intent.side = "left"
            elif kind in ("buy", "return") and part in RIGHT_WORDS:
                intent.side = "right"
            elif kind == "buy" and part in BOOK_WORDS:
                intent.book = BOOK_WORDS[part]
            elif kind in ("buy", "deliver") and colour_word(part):
                intent.client = colour_word(part)
            elif part in FILLER_WORDS or part in OWN_WORDS[kind]:
                continue
            elif kind == "mine" and gem_word(part):
                if intent.gem not in (None, gem_word(part)):
                    raise RuleError("За одно действие добывают один камень: назовите что-то одно — "
                                    f"{GEM_NAMES[intent.gem]} или {GEM_NAMES[gem_word(part)]}.", "valdora.mining")
                intent.gem = gem_word(part)
            elif kind in ("buy", "mine", "deliver") and equipment_word(part):
                intent.equipment.append(equipment_word(part))
            else:
                intent.unread.append(part)


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
    if intent.unread:
        raise not_understood(intent.unread, text, hints.examples(state, legal), "valdora.turn")
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
    space = here(state)
    if intent.client is not None and space.kind == HOUSE and space.client != intent.client:
        # «сдать красный» in the grey house: a house takes its own client's contracts only
        raise RuleError(f"Это дом {COLOUR_NAMES_GEN[space.client]} клиента, а контракт "
                        f"{COLOUR_NAMES_GEN[intent.client]} клиента сдают в его доме.", "valdora.contract-types")
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
