"""The Martian Treasure Hunt bot: the best destination by expected value, from the view alone, at two levels:
`strong` (strong.py, the default: the next seat's roll played out) and `standard` (bot.py: the bot as it was
before)."""
from .bot import MartianTreasureHuntBot
from .strong import StrongMartianTreasureHuntBot

# The bot's levels, strongest first: the first is the one a table seats by default (app.bots.LEVELS).
LEVELS = {"strong": StrongMartianTreasureHuntBot, "standard": MartianTreasureHuntBot}

__all__ = ["LEVELS", "MartianTreasureHuntBot", "StrongMartianTreasureHuntBot"]
