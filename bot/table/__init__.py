"""What a table does, without a transport: `service.Service` (the one entry point of every front end) composed
of parts that are each handed what they need. At the top: the core (`core.Table`: store, games, clock,
pictures, the board and its menu), moves and looking (`moves`), turns over days and timers (`turns`), finished
games (`history`), keyboards (`menus`, `buttons`) and the words of its messages (`texts`, `words`, `replies`).
Rooms by concern: `seating` (lobby, rematch, robots), `timing` (clock, zones, settings, away) and `voting`
(votes, undo, rewind). Imports go one way: nothing imports a module that imports it back."""
