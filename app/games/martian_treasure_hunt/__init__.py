"""Martian Treasure Hunt: dice-driven chess coins race to capture the pyramids on a Martian board."""
from .engine import MartianTreasureHunt

__all__ = ["MartianTreasureHunt"]
