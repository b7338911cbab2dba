"""Nim's position: the heaps and whose turn it is; its one move generator and the rule that plays a move
on it in place, unchecked (the engine checks every move first).

Two players take turns removing 1 to 3 stones from one heap; whoever takes the last stone wins (with the
`misere` option, loses)."""
from __future__ import annotations

from dataclasses import dataclass, field

MAX_TAKE = 3  # stones a move takes, at most


@dataclass
class State:
    players: int
    options: dict
    secret: str
    heaps: list[int]
    to_act: int  # the seat to act; -1 once the game is over
    winner: int | None = None
    events: list[dict] = field(default_factory=list)  # what the last play did

    def moves(self) -> list[dict]:
        """Every legal move of the seat to act, in a stable order: by heap, then by stones taken."""
        if self.to_act < 0:
            return []
        return [{"heap": i, "take": n} for i, size in enumerate(self.heaps) for n in range(1, min(size, MAX_TAKE) + 1)]

    def play(self, heap: int, take: int) -> None:
        """Take `take` stones from heap `heap` for the seat to act (a legal move), and pass the turn."""
        seat = self.to_act
        self.heaps[heap] -= take
        self.events = [{"type": "take", "seat": seat, "heap": heap, "take": take, "left": self.heaps[heap]}]
        if any(self.heaps):
            self.to_act = (seat + 1) % self.players
            return
        self.winner = (seat + 1) % self.players if self.options["misere"] else seat
        self.to_act = -1
        self.events.append({"type": "end", "seat": seat, "winner": self.winner})
