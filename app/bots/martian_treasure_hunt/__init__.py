"""The Martian Treasure Hunt bot: the best destination by expected value, from the view alone."""
from .bot import MartianTreasureHuntBot

__all__ = ["MartianTreasureHuntBot"]
