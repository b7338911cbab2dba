"""Nim, a test-only game: the shell must serve any game of the engine contract, not only ours.

Two players take turns removing 1..3 stones from one heap; whoever takes the last stone wins (with
`misere`, loses). Registered into GAMES and BOTS only by the `nim` fixture of the tests that use it.
"""
from __future__ import annotations

from app.games.base import Chance, Game, IllegalMove, InvalidMove, Step, derive_secret

MAX_TAKE = 3  # stones per move, at most


class Nim(Game):
    name = "nim"
    title = "Nim"
    pitch = "Take one to three stones; whoever takes the last one wins."
    min_players = 2
    max_players = 2
    cooperative = False
    client = "js/games/nim.js"
    css = "css/games/nim.css"
    rules_template = "rules/nim.html"
    bot = "nim:NimBot"
    max_plies = 48  # each move takes a stone; the most stones: heaps of 9, 11, 13 and 15
    simultaneous = False
    chance = True  # the first seat
    hidden_information = False

    def option_specs(self, players: int) -> list[dict]:
        return [
            {"name": "heaps", "type": "int", "default": 3, "min": 1, "max": 4, "label": "Number of heaps"},
            {"name": "layout", "type": "choice", "default": "small", "choices": ["small", "large"],
             "label": "Heap sizes"},
            {"name": "stones", "type": "int", "depends_on": "layout", "label": "Stones in the first heap",
             "choices_by": {"small": [3, 4, 5], "large": [7, 9]}, "default_by": {"small": 3, "large": 7}},
            {"name": "misere", "type": "bool", "default": False, "label": "Whoever takes the last stone loses"},
        ]

    def setup(self, players: int = 2, options: dict | None = None, seed=0) -> dict:
        options = self.check_options(players, options)
        secret = derive_secret(self.name, seed)
        first = Chance(secret, "first").randbelow(players)
        heaps = [options["stones"] + 2 * i for i in range(options["heaps"])]
        return {"game": self.name, "players": players, "options": options, "heaps": heaps, "to_act": [first],
                "secret": secret, "winner": None}

    def to_act(self, doc: dict) -> list[int]:
        return [] if doc.get("winner") is not None else list(doc["to_act"])

    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        if seat not in self.to_act(doc):
            return []
        return [{"heap": i, "take": n}
                for i, size in enumerate(doc["heaps"]) for n in range(1, min(size, MAX_TAKE) + 1)]

    def apply(self, doc: dict, seat: int, move) -> Step:
        if seat not in self.to_act(doc):
            raise IllegalMove(f"It is not seat {seat!r}'s turn.")
        if not (isinstance(move, dict) and set(move) == {"heap", "take"}
                and all(type(move[k]) is int for k in move)):
            raise InvalidMove(f"{str(move)[:60]} is not a Nim move: a dict with a heap and a number to take.")
        if move not in self.legal_moves(doc, seat):
            raise IllegalMove(f"{str(move)[:60]} is not a legal Nim move: take 1 to {MAX_TAKE} stones from a heap.")
        heaps = list(doc["heaps"])
        heaps[move["heap"]] -= move["take"]
        other = 1 - seat
        new = dict(doc, heaps=heaps, to_act=[other])
        events = [{"type": "take", "seat": seat, **move, "text": f"takes {move['take']} from heap {move['heap'] + 1}"}]
        if not any(heaps):
            new["winner"] = other if doc["options"]["misere"] else seat
            new["to_act"] = []
            events.append({"type": "end", "winner": new["winner"], "text": "takes the last stone"})
        return Step(new, events)

    def view(self, doc: dict, seat: int | None) -> dict:
        return {key: value for key, value in doc.items() if key != "secret"}

    def result(self, doc: dict) -> dict | None:
        if doc.get("winner") is None:
            return None
        return {"outcome": "finished", "reason": "last_stone", "scores": None, "winners": [doc["winner"]]}


class NimBot:
    name = "nim"

    def choose(self, view: dict, seat: int, legal_moves: list, seconds: float | None = None) -> dict:
        """The winning move of normal Nim when there is one (xor of the heaps to zero), else the first."""
        total = 0
        for size in view["heaps"]:
            total ^= size
        for move in legal_moves:
            if total and (view["heaps"][move["heap"]] - move["take"]) ^ view["heaps"][move["heap"]] == total:
                return move
        return legal_moves[0]
