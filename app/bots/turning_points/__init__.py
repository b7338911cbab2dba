"""The Turning Points bot ("turning-points"): looks ahead over chain reactions (search.py), at two levels:
`strong` (strong.py, the default: a deeper search) and `standard` (search.py: the bot as it was before)."""
from .search import TurningPointsBot
from .strong import StrongTurningPointsBot

# The bot's levels, strongest first: the first is the one a table seats by default (app.bots.LEVELS).
LEVELS = {"strong": StrongTurningPointsBot, "standard": TurningPointsBot}

__all__ = ["LEVELS", "StrongTurningPointsBot", "TurningPointsBot"]
