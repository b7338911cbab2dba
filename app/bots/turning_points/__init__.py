"""The Turning Points bot ("turning-points"): looks ahead over chain reactions (search.py)."""
from .search import TurningPointsBot

__all__ = ["TurningPointsBot"]
