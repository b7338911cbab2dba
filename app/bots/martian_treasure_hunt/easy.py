"""The easy level of the Martian Treasure Hunt bot: it takes the biggest capture its roll allows and
otherwise walks toward the nearest pyramids, never asking what its move leaves in reach of the other seats
(the standard level, bot.py, weighs that too). A newcomer can beat it; it still beats random play. It sees
only the view."""
from __future__ import annotations

from typing import Any

from app.games.martian_treasure_hunt.codec import from_doc

from .bot import MartianTreasureHuntBot
from .evaluate import PULL, gain, moved, pull


class EasyMartianTreasureHuntBot(MartianTreasureHuntBot):
    """The easy level (see the module docstring); its arrangement and words are the standard level's."""

    level = "easy"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if not isinstance(view, dict) or view.get("game") != "martian-treasure-hunt":
            raise ValueError("The Martian Treasure Hunt bot plays only Martian Treasure Hunt views; "
                             "ask app.bots.bot_for_game for the bot of another game.")
        if view.get("phase") == "arrange":
            return self.arrangement(view, seat, legal_moves)
        st = from_doc(view)
        if st.dice is None or st.to_act != seat or len(legal_moves) == 1:
            return legal_moves[0]
        coin = seat * 6 + st.dice[0]
        index = st.geo.index
        best, best_value = legal_moves[0], float("-inf")
        for move in legal_moves:
            dest = index[move["to"]]
            value = gain(st, dest, seat, seat) + PULL * pull(moved(st, coin, dest), seat)
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best
