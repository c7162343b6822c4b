"""Who sits at a table: the lobby, /begin and /abort (`lobby`), a rematch of the same players (`rematch`) and
bot players with their levels (`robots`)."""
