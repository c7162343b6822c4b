"""Commands to show in hints. A group chat passes the bot only commands, so every hint names one that a
player can send as it stands (`/move Д5`, `/buy левую`, `/end`), with Russian arguments, never the internal
notation (`buy left`) or plain words (`д5`).

>>> command("flip next"), command("buy right телега"), command("return 2 left"), command("move Д5")
('/flip вперёд', '/buy правую телега', '/return 2 влево', '/move Д5')
"""

from __future__ import annotations

from rules.text import join_names
from rules.valdora.state import State

DIRECTION_WORDS = {"next": "вперёд", "back": "назад"}  # /flip вперёд
PAGE_WORDS = {"left": "левую", "right": "правую"}  # /buy левую (страницу)
RETURN_WORDS = {"left": "влево", "right": "вправо"}  # /return 2 влево
EXAMPLES = 4  # commands shown besides /end


def command(action: str) -> str:
    """The command that plays a legal canonical action, as a player would send it."""
    verb, *args = action.split(" ")
    if verb == "pass":
        return "/end"  # with nowhere to go, ending the turn is passing it
    if verb == "flip":
        args = [DIRECTION_WORDS[args[0]]]
    elif verb == "buy":
        args = [PAGE_WORDS[args[0]], *args[1:]]
    elif verb == "return":
        args = [args[0], RETURN_WORDS[args[1]]]
    return " ".join(["/" + verb, *args])


def either(actions: list[str]) -> str:
    """ "/buy левую или /buy правую"."""
    names = [command(a) for a in actions]
    return ", ".join(names[:-1]) + " или " + names[-1] if len(names) > 1 else join_names(names)


def examples(state: State, legal: list[str]) -> str:
    """A sentence with a few commands that may be sent now: one of each kind of step, and /end."""
    if state.phase == "move":
        moves = [a for a in legal if a.startswith("move ")][:3] or legal[:1]
        return f"Сейчас нужно сходить: например {either(moves)}."
    shown, verbs = [], set()
    for action in legal:
        verb = action.split(" ")[0]
        if verb != "end" and verb not in verbs and len(shown) < EXAMPLES:
            verbs.add(verb)
            shown.append(command(action))
    if "end" in legal:
        shown.append(command("end"))
    return "Сейчас можно: " + ", ".join(shown) + "."
