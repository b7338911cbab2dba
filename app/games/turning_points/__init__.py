"""Turning Points: lay pyramids pointing at the players; every piece pointed at turns clockwise, in chains."""
from .engine import TurningPoints

__all__ = ["TurningPoints"]
