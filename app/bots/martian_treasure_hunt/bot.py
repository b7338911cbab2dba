"""MartianTreasureHuntBot: arranges its coins in reading order from its own seat, then on each roll moves
to the destination with the best expected value (evaluate.py). It sees only the view."""
from __future__ import annotations

from typing import Any

from app.games.martian_treasure_hunt.codec import from_doc

from .evaluate import score_destination

# Every coin is rolled as often and moves in every way as often as any other, so no order of the coins
# is stronger than another: the bot lays them out 0..5 from its own left to its right, as a person would.
READING_ORDER = {"S": [0, 1, 2, 3, 4, 5], "E": [0, 1, 2, 3, 4, 5],  # home rows run west->east / south->north
                 "N": [5, 4, 3, 2, 1, 0], "W": [5, 4, 3, 2, 1, 0]}


class MartianTreasureHuntBot:
    name = "martian-treasure-hunt"

    def choose(self, view: Any, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        if not legal_moves:
            raise ValueError(f"Seat {seat} has no legal move to choose from.")
        if not isinstance(view, dict) or view.get("game") != "martian-treasure-hunt":
            raise ValueError("The Martian Treasure Hunt bot plays only Martian Treasure Hunt views; "
                             "ask app.bots.bot_for_game for the bot of another game.")
        if view.get("phase") == "arrange":
            return self.arrangement(view, seat, legal_moves)
        st = from_doc(view)
        if st.dice is None or st.to_act != seat:
            return legal_moves[0]
        coin = seat * 6 + st.dice[0]
        index = st.geo.index
        best, best_value = legal_moves[0], float("-inf")
        for move in legal_moves:
            value = self.value(st, seat, coin, index[move["to"]])
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best

    @staticmethod
    def value(st: Any, seat: int, coin: int, dest: int) -> float:
        """How good moving `coin` to `dest` is for `seat` (the levels differ only here)."""
        return score_destination(st, seat, coin, dest)

    @staticmethod
    def arrangement(view: dict, seat: int, legal_moves: list) -> dict:
        want = READING_ORDER[view["sides"][seat]]
        return next((m for m in legal_moves if m.get("order") == want), legal_moves[0])
