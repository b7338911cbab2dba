"""The Martian Treasure Hunt bot: the best destination by expected value, from the view alone, at two levels:
`standard` (bot.py, the default) and `easy` (easy.py: the biggest capture in reach, blind to what its move
leaves to the other seats)."""
from .bot import MartianTreasureHuntBot
from .easy import EasyMartianTreasureHuntBot

# The bot's levels, strongest first: the first is the one a table seats by default (app.bots.LEVELS).
LEVELS = {"standard": MartianTreasureHuntBot, "easy": EasyMartianTreasureHuntBot}

__all__ = ["LEVELS", "EasyMartianTreasureHuntBot", "MartianTreasureHuntBot"]
