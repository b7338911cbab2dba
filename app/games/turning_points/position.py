"""The fast internal position of Turning Points, the one generator of legal placements and the chain.

A placement is one int, ``cell * deg + dir``. ``dirs[cell]`` is the direction index of the piece on a
cell (-1: empty); ``colors[cell]`` its colour in solitaire (None otherwise). Everything here trusts its
input; the checked entry points live in engine.py. Bots and the bench may call ``legal_codes``,
``chain_of``, ``apply_unchecked`` and ``scores`` without checks.
"""
from __future__ import annotations

from .board import Board

EMPTY = -1
COLORS = ("red", "yellow", "green", "blue")  # the solitaire's four colours
BAG_PER_COLOR = 4  # solitaire: one large piece of each colour marks an edge; the other four go in the bag


class ChainTooLong(RuntimeError):
    """A chain ran past its board's proven bound (board.chain_bound): an engine bug, never a position."""


class State:
    """One Turning Points position. `to_act` is -1 once the board is full.

    Solitaire: `edges[d]` is the colour of the board edge in direction d (N E S W), `bag` the colours
    still to draw, bag[0] the piece to place now; outside solitaire `edges` is None and `bag` empty.
    """

    __slots__ = ("board", "players", "sides", "dirs", "colors", "empty", "to_act", "edges", "bag", "secret")

    def __init__(self, board: Board, players: int, sides: tuple[int, ...], secret: str = "") -> None:
        self.board = board
        self.players = players
        self.sides = sides  # direction index of each seat's side
        self.dirs = [EMPTY] * len(board)
        self.colors: list[str | None] = [None] * len(board)
        self.empty = len(board)  # how many cells are empty
        self.to_act = 0
        self.edges: tuple[str, ...] | None = None
        self.bag: list[str] = []
        self.secret = secret

    def copy(self) -> "State":
        new = State.__new__(State)
        new.board, new.players, new.sides, new.secret = self.board, self.players, self.sides, self.secret
        new.dirs, new.colors, new.empty, new.to_act = self.dirs[:], self.colors[:], self.empty, self.to_act
        new.edges, new.bag = self.edges, self.bag[:]
        return new

    @property
    def solitaire(self) -> bool:
        return self.edges is not None

    @property
    def over(self) -> bool:
        return self.empty == 0

    def forced_dir(self) -> int:
        """Solitaire: the direction the piece in hand must point (toward the edge of its colour); else -1."""
        if self.edges is None or not self.bag:
            return -1
        return self.edges.index(self.bag[0])


def legal_codes(st: State) -> list[int]:
    """Every placement for the seat to act, in reading order of the cells, then clockwise from N."""
    return placements(st.board.deg, st.dirs, st.forced_dir()) if st.empty else []


def placements(deg: int, dirs, forced: int) -> list[int]:
    """The codes of every placement on the empty cells of `dirs`: any direction, or only `forced` (>= 0)."""
    if forced >= 0:
        return [cell * deg + forced for cell, d in enumerate(dirs) if d == EMPTY]
    return [cell * deg + d for cell, here in enumerate(dirs) if here == EMPTY for d in range(deg)]


def chain_of(board: Board, dirs: list[int], cell: int) -> list[tuple[int, int, int]]:
    """Run the chain from the piece on `cell` (already placed), turning pieces in `dirs` in place.

    Returns (cell turned, its new direction, the cell whose piece pointed at it) per turn, in order.
    While the current piece points at an occupied cell, that cell's piece turns one notch clockwise
    and becomes the current piece; the chain stops at an empty cell or the edge.
    """
    deg, nxt, bound = board.deg, board.nxt, board.bound
    turns: list[tuple[int, int, int]] = []
    current = cell
    while True:
        target = nxt[current * deg + dirs[current]]
        if target < 0 or dirs[target] == EMPTY:
            return turns
        new = dirs[target] + 1
        if new == deg:
            new = 0
        dirs[target] = new
        turns.append((target, new, current))
        current = target
        if len(turns) > bound:
            raise ChainTooLong(f"A chain from cell {board.cells[cell]} passed {bound} turns on the "
                               f"{board.describe()}; chain_bound proves no chain can.")


def apply_unchecked(st: State, code: int) -> list[tuple[int, int, int]]:
    """Place the piece of `code` for the seat to act, run its chain, pass the turn; returns the turns."""
    deg = st.board.deg
    cell, d = divmod(code, deg)
    st.dirs[cell] = d
    if st.edges is not None and st.bag:
        st.colors[cell] = st.bag.pop(0)
    st.empty -= 1
    turns = chain_of(st.board, st.dirs, cell)
    st.to_act = -1 if st.empty == 0 else (st.to_act + 1) % st.players
    return turns


def direction_counts(board: Board, dirs: list[int]) -> list[int]:
    """How many pieces point in each direction."""
    counts = [0] * board.deg
    for d in dirs:
        if d >= 0:
            counts[d] += 1
    return counts


def scores(st: State) -> list[int]:
    """One point per piece pointing toward each seat's side."""
    counts = direction_counts(st.board, st.dirs)
    return [counts[side] for side in st.sides]


def winners(points: list[int]) -> list[int]:
    """The seats with the highest score (ties share)."""
    best = max(points)
    return [seat for seat, value in enumerate(points) if value == best]
