"""The renderer of each game, by the game's ASCII id: `RENDERERS[name](view) -> PNG bytes`."""

from collections.abc import Callable

from render import kingdom, sylvan, valdora

RENDERERS: dict[str, Callable[[dict], bytes]] = {
    "valdora": valdora.draw,
    "kingdom": kingdom.draw,
    "sylvan": sylvan.draw,
}

# The board for the Mini App, drawn from the same view as the picture: `BOARDS[name](view) -> SVG` (an `<svg>`
# element as text, scalable to the phone's width), whose tappable shapes carry `data-target` with the ids that
# `Game.targets` names. A game missing here is played from the chat's buttons only.
BOARDS: dict[str, Callable[[dict], str]] = {
    "valdora": valdora.board,
    "kingdom": kingdom.board,
    "sylvan": sylvan.board,
}

# A game that scores in rounds draws the table of the round just scored: `ROUND_RENDERERS[name](view) -> PNG`.
ROUND_RENDERERS: dict[str, Callable[[dict], bytes]] = {"sylvan": sylvan.render_round}
