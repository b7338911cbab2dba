"""The Dash bot: draws, sets a built-in dare for an opponent, and always does its own dares."""
from .bot import DashBot

__all__ = ["DashBot"]
