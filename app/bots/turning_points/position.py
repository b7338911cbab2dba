"""The bot's position: rebuilt from a view (never a doc), and played forward without checks.

`Position` keeps the direction of every cell and how many pieces point each way, so a placement's value
is read from its chain alone. It uses the engine's own chain (state.chain_of): the bot never re-reads
the rules.
"""
from __future__ import annotations

from app.games.turning_points.board import Board, board_of
from app.games.turning_points.position import EMPTY, chain_of


class Position:
    __slots__ = ("board", "dirs", "counts", "empty", "to_act", "players", "sides")

    def __init__(self, board: Board, dirs: list[int], counts: list[int], empty: int, to_act: int,
                 players: int, sides: tuple[int, ...]) -> None:
        self.board, self.dirs, self.counts, self.empty = board, dirs, counts, empty
        self.to_act, self.players, self.sides = to_act, players, sides

    @classmethod
    def from_view(cls, view: dict, seat: int) -> "Position":
        spec = view["board"]
        board = board_of(spec["shape"], spec["size"])
        dirs = [EMPTY] * len(board)
        counts = [0] * board.deg
        for name, piece in view["cells"].items():
            d = board.dir_id[piece["dir"]]
            dirs[board.cell_id[name]] = d
            counts[d] += 1
        sides = tuple(board.dir_id[side] for side in view["sides"])
        return cls(board, dirs, counts, dirs.count(EMPTY), seat, len(sides), sides)

    def code_of(self, move: dict) -> int:
        return self.board.cell_id[move["cell"]] * self.board.deg + self.board.dir_id[move["dir"]]

    def codes(self, forced: int = -1) -> list[int]:
        deg = self.board.deg
        ways = (forced,) if forced >= 0 else range(deg)
        return [cell * deg + d for cell, here in enumerate(self.dirs) if here == EMPTY for d in ways]

    def play(self, code: int) -> "Position":
        """The position after the seat to act places `code` and its chain runs; the turn passes left."""
        board = self.board
        deg = board.deg
        cell, d = divmod(code, deg)
        dirs = self.dirs[:]
        dirs[cell] = d
        counts = self.counts[:]
        counts[d] += 1
        for _, new, _ in chain_of(board, dirs, cell):
            counts[new - 1 if new else deg - 1] -= 1
            counts[new] += 1
        return Position(board, dirs, counts, self.empty - 1, (self.to_act + 1) % self.players, self.players,
                        self.sides)

    def scores(self) -> list[int]:
        return [self.counts[side] for side in self.sides]

    def margin(self, seat: int) -> int:
        """Seat's score minus the best other seat's (a lead when positive): what the bot maximises."""
        counts, sides = self.counts, self.sides
        mine = counts[sides[seat]]
        return mine - max(counts[side] for other, side in enumerate(sides) if other != seat)
