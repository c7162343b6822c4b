"""What a table does, without a transport: `service.Service` (the one entry point of every front end) composed
of parts that are each handed what they need: the core (`core.Table`: store, games, clock, pictures, the board
and its menu), the lobby and /abort (`lobby`), moves and looking (`moves`), turns over days and timers (`turns`),
votes (`votes`), undo (`undo`), finished games (`history`) and a chat's settings (`settings_menu`, with
`chat_settings` and `clock`); keyboards (`menus`, `buttons`) and the words of its messages (`texts`, `words`,
`replies`)."""
