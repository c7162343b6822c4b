"""The rules lookup: the search over the games' reference texts (`rulebook`) and the replies it makes
(`answers`: a section with its buttons, the contents, «не нашёл»)."""
