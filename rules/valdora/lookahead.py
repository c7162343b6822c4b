"""What the stronger bot levels (`rules.levels`) need from Valdora: a state resampled from what one seat may
know (`determinize`) and a seat's standing in points (`standing`).

All of Valdora's randomness is drawn at setup, so what a seat cannot see is only where the cards of the books
lie: every page but the two open ones of each book (the cards under them, and the backs of the open pages),
and the faces of the contracts the other seats delivered face down. `determinize` takes each book's cards
in a fixed order (sorted: their order is what is hidden), shuffles them with `rng` and lays them back: first,
on each open page, a card showing that page (the page the seat sees stays), then the rest in the same stack
sizes. Each contract another seat delivered becomes a face of a card drawn from those under the open pages
of the contract books (the contracts the seat has not seen; a copy may be drawn twice). The result depends
only on what the seat can see and on `rng`.

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
from rules.valdora.scoring import final_scores
from rules.valdora.state import Book, State

ATTEMPTS = 20  # shuffles tried before the open pages keep their own cards


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy of `state` in which everything `seat` cannot see is drawn anew by `rng` (see the module)."""
    copy = clone(state)
    under = {book.town: _redeal(book, rng) for book in copy.books}
    unseen = sorted(card for book in copy.books if book.kind == "contracts" for card in under[book.town])
    for s, player in enumerate(copy.players):
        if s != seat and player.delivered:
            player.delivered = [rng.choice(unseen)[rng.randrange(2)] if unseen else face for face in player.delivered]
    return copy


def _redeal(book: Book, rng: random.Random) -> list[tuple]:
    """Shuffle the book's cards, an open page still showing on each side; return the cards under the pages."""
    pool = sorted([(c[0], c[1]) for c in book.right] + [(c[1], c[0]) for c in book.left])
    tops = _open_pages(book, pool, rng)
    rest = list(pool)
    for card in tops.values():
        rest.remove(card)
    rng.shuffle(rest)
    under = list(rest)
    right = [list(rest.pop()) for _ in book.right[1:]]
    left = [list(rest.pop())[::-1] for _ in book.left[1:]]
    if book.right:
        right.append(list(tops["right"]))
    if book.left:
        left.append(list(tops["left"])[::-1])
    book.right, book.left = right, left
    return under


def _open_pages(book: Book, pool: list[tuple], rng: random.Random) -> dict[str, tuple]:
    """For each open page, a card of the pool showing it (right-stack orientation); the open pages' own cards
    when no shuffle finds one for both (never seen: a book always has them)."""
    left, right = visible(book)
    wanted = [(side, index, face) for side, index, face, cards in (("right", 0, right, book.right),
                                                                 ("left", 1, left, book.left)) if cards]
    for _ in range(ATTEMPTS):
        order = list(pool)
        rng.shuffle(order)
        tops: dict[str, tuple] = {}
        for side, index, face in wanted:
            card = next((c for c in order if c[index] == face), None)
            if card is None:
                break
            order.remove(card)
            tops[side] = card
        else:
            return tops
    own = {"right": tuple(book.right[-1]) if book.right else None,
           "left": tuple(book.left[-1][::-1]) if book.left else None}
    return {side: own[side] for side, _, _ in wanted}


def standing(state: State, seat: int) -> float:
    """The seat's final points once the game is over; before that the autopilot's estimate of its prospects
    (`autopilot.estimate`), in points."""
    if state.phase == "over":
        return float(final_scores(state)[seat]["total"])
    return estimate(state, seat)
