"""The Mini App: a third front end over `Service` (the board as a page a player taps), served by the bot process."""
