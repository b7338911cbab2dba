"""The easy level of the Martian Treasure Hunt bot: it takes the biggest capture its roll allows and
otherwise walks toward the nearest pyramids, never asking what its move leaves in reach of the other seats
(the standard level, bot.py, weighs that too). A newcomer can beat it; it still beats random play. It sees
only the view."""
from __future__ import annotations

from typing import Any

from .bot import MartianTreasureHuntBot
from .evaluate import PULL, gain, moved, pull


class EasyMartianTreasureHuntBot(MartianTreasureHuntBot):
    """The easy level (see the module docstring); its arrangement and words are the standard level's."""

    level = "easy"

    @staticmethod
    def value(st: Any, seat: int, coin: int, dest: int) -> float:
        """The biggest capture in reach, else toward the pyramids: blind to what the move leaves open."""
        return gain(st, dest, seat, seat) + PULL * pull(moved(st, coin, dest), seat)
