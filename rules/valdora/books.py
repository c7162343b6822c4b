"""Books of two-sided cards: flipping pages, the two visible pages, taking and returning cards.

A book is two stacks (left, right) of cards [up, down], bottom first. Flipping forwards takes the top
card of the right stack, turns it over and lays it on the left stack, like turning a page.

>>> from rules.valdora.state import Book
>>> book = Book("А", "equipment", [], [["cart", "horse"], ["ruby", "sapphire"]])
>>> visible(book)
(None, 'ruby')
>>> flip_next(book); visible(book)
('sapphire', 'cart')
>>> flip_next(book); visible(book)
('horse', None)
"""

from __future__ import annotations

from typing import Any

from rules.valdora.state import Book


def visible(book: Book) -> tuple[Any, Any]:
    """The (left page, right page) faces; None where a stack is empty."""
    left = book.left[-1][0] if book.left else None
    right = book.right[-1][0] if book.right else None
    return left, right


def flip_next(book: Book) -> None:
    """Turn a page forwards: right top card, turned over, onto the left stack."""
    up, down = book.right.pop()
    book.left.append([down, up])


def flip_back(book: Book) -> None:
    """Turn a page backwards: left top card, turned over, onto the right stack."""
    up, down = book.left.pop()
    book.right.append([down, up])


def stack(book: Book, side: str) -> list[list[Any]]:
    return book.left if side == "left" else book.right


def take(book: Book, side: str) -> list[Any]:
    """Take the whole top card of a side (the buyer owns its up face)."""
    return stack(book, side).pop()


def put(book: Book, side: str, card: list[Any]) -> None:
    """Lay a card on top of a side with its first face up (a returned contract shows the held face)."""
    stack(book, side).append(list(card))
