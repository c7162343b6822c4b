"""Keyboards of legal actions that fit a phone: a game puts each action into nested groups
(`Game.menu_path`), and one level of that tree is shown at a time.

A level lists, in the order of the actions, the actions whose path ends there and one entry per group
one step deeper. A group holding a single action is shown as that action, and a level made of a single
group opens it at once, so that nobody taps through a menu with one choice.

>>> paths = [("Ряд 1",), ("Ряд 1",), ("Ряд 2",), ()]
>>> prefix, entries = level(paths, ())
>>> prefix, [(e.label, e.index, e.depth) for e in entries]
((), [('Ряд 1', 0, 1), (None, 2, 0), (None, 3, 0)])
>>> [(e.label, e.index) for e in level(paths, ("Ряд 1",))[1]]
[(None, 0), (None, 1)]
>>> level([("Гавань", "из K1"), ("Гавань", "из K1")], ("Гавань",))[0]
('Гавань', 'из K1')
>>> [(e.label, e.index) for e in level([("рука",), ("рука",)], (), sealed="рука")[1]]
[('рука', 0)]
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    """One button of a level: an action (label None: the game's own label of action `index`) or a group
    (its label; `index` is its first action and `depth` the length of its path, which is how a button
    names the group in a few bytes)."""

    label: str | None
    index: int
    depth: int


def level(paths: list[tuple[str, ...]], prefix: tuple[str, ...],
          sealed: str | None = None) -> tuple[tuple[str, ...], list[Entry]]:
    """The entries under `prefix`, and the prefix they are really under: a level of one group is replaced
    by that group's own level. A group labelled `sealed` stays a group even alone or with one action (the
    bot's button for hidden choices, which opens elsewhere)."""
    depth = len(prefix)
    entries: list[Entry] = []
    members: dict[str, list[int]] = {}
    for index, path in enumerate(paths):
        if tuple(path[:depth]) != prefix:
            continue
        if len(path) == depth:
            entries.append(Entry(None, index, depth))
            continue
        group = path[depth]
        if group not in members:
            members[group] = []
            entries.append(Entry(group, index, depth + 1))
        members[group].append(index)
    shown = [Entry(None, members[e.label][0], depth) if e.label and e.label != sealed and len(members[e.label]) == 1
             else e for e in entries]
    if len(shown) == 1 and shown[0].label is not None and shown[0].label != sealed:
        return level(paths, prefix + (shown[0].label,), sealed)
    return prefix, shown


def parent(paths: list[tuple[str, ...]], prefix: tuple[str, ...], sealed: str | None = None) -> tuple[str, ...]:
    """Where "back" leads from the level at `prefix`: the nearest level above that is shown as itself
    (not passed through because it held a single group)."""
    up = prefix[:-1]
    while up and level(paths, up, sealed)[0] != up:
        up = up[:-1]
    return up


def prefix_of(paths: list[tuple[str, ...]], index: int, depth: int) -> tuple[str, ...] | None:
    """The group a button names by (first action, depth); None when that no longer exists."""
    if not 0 <= index < len(paths) or depth > len(paths[index]):
        return None
    return tuple(paths[index][:depth])
