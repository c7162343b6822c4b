"""What a table does, without a transport: `service.Service` (the one entry point of every front end) and its
parts — the lobby and moves (`service`), turns over days, timers and votes (`turns`), undo (`undo`), finished
games (`history`), a chat's settings (`settings_menu`, `chat_settings`, `clock`), keyboards (`menus`, `buttons`)
and the words of its messages (`texts`, `words`, `replies`)."""
