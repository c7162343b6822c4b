"""What the stronger bot levels (`rules.levels`) need from Valdora: a state resampled from what one seat may
know (`determinize`) and a seat's standing in points (`standing`).

All of Valdora's randomness is drawn at setup, so what a seat cannot see is only where the cards of the books
lie: every page but the two open ones of each book (the cards under them, and the backs of the open pages),
and the faces of the contracts the other seats delivered face down. `determinize` gathers, for each kind of
book, every card of the books of that kind (and, for contracts, a card for each contract another seat
delivered), in a fixed order (sorted: their order is what is hidden), shuffles them with `rng` and lays them
back: first, on each open page, a card showing that page (the page the seat sees stays), then the rest
in the same stack sizes; a delivered contract gets one face of a card. The result depends only on what the
seat can see and on `rng`.

A card on the right stack lies as dealt ([up, down]); one on the left stack was turned over on its way
there ([down, up]): the pool holds every card as the right stack would.

>>> from rules.valdora.state import new_game
>>> from rules.valdora.view import view
>>> state = new_game(["Аня", "Борис", "Вера"], seed=3, options={"first_seat": 0})
>>> other = determinize(state, 0, random.Random(1))
>>> view(other, 0) == view(state, 0), other.books[0].right == state.books[0].right
(True, False)
"""

from __future__ import annotations

import random

from rules.valdora.autopilot import clone, estimate
from rules.valdora.books import visible
from rules.valdora.data import CONTRACT_CARDS
from rules.valdora.scoring import final_scores
from rules.valdora.state import Book, State

PARTNER = {a: b for card in CONTRACT_CARDS for a, b in (card, card[::-1])}  # a contract face -> its card's other face
ATTEMPTS = 20  # shuffles tried before the open pages keep their own cards


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` in which everything `seat` cannot see is drawn anew by `rng` (see the module)."""
    copy = clone(state)
    for kind in ("equipment", "contracts"):
        books = [book for book in copy.books if book.kind == kind]
        delivered = [p for s, p in enumerate(copy.players) if s != seat] if kind == "contracts" else []
        _redeal(books, delivered, rng)
    return copy


def _redeal(books: list[Book], delivered: list, rng: random.Random) -> None:
    pool = [(c[0], c[1]) for b in books for c in b.right] + [(c[1], c[0]) for b in books for c in b.left]
    pool += [(face, PARTNER[face]) for p in delivered for face in p.delivered]
    pool.sort()
    tops = _open_pages(books, pool, rng)
    rest = list(pool)
    for card in tops.values():
        rest.remove(card)
    rng.shuffle(rest)
    for i, book in enumerate(books):
        right = [list(rest.pop()) for _ in book.right[1:]]
        left = [list(rest.pop())[::-1] for _ in book.left[1:]]
        if book.right:
            right.append(list(tops[(i, "right")]))
        if book.left:
            left.append(list(tops[(i, "left")])[::-1])
        book.right, book.left = right, left
    for p in delivered:
        p.delivered = [rest.pop()[rng.randrange(2)] for _ in p.delivered]


def _open_pages(books: list[Book], pool: list[tuple], rng: random.Random) -> dict[tuple[int, str], tuple]:
    """For each open page, a card of the pool showing it (right-stack orientation); the open pages' own cards
    when no shuffle finds one for every page (never with the real books: they always have some)."""
    wanted = []
    for i, book in enumerate(books):
        left, right = visible(book)
        if book.right:
            wanted.append(((i, "right"), 0, right))
        if book.left:
            wanted.append(((i, "left"), 1, left))
    for _ in range(ATTEMPTS):
        order = list(pool)
        rng.shuffle(order)
        tops: dict[tuple[int, str], tuple] = {}
        for key, side, face in wanted:
            card = next((c for c in order if c[side] == face), None)
            if card is None:
                break
            order.remove(card)
            tops[key] = card
        else:
            return tops
    own = {}
    for key, _, _ in wanted:
        i, side = key
        card = books[i].right[-1] if side == "right" else books[i].left[-1][::-1]
        own[key] = (card[0], card[1])
    return own


def standing(state: State, seat: int) -> float:
    """The seat's final points once the game is over; before that the autopilot's estimate of its prospects
    (`autopilot.estimate`), in points."""
    if state.phase == "over":
        return float(final_scores(state)[seat]["total"])
    return estimate(state, seat)
