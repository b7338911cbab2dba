"""Solitaire: the cell for the piece in hand with the best expected score (expectimax over the bag).

The view shows the piece in hand, the edges' colours and how many pieces of each colour are still in
the bag (the board tells as much); never their order. The value of a position with `counts` left in
the bag is the mean, over the colour drawn next (weighted by its count), of the best placement of that
piece, `depth` draws deep (as deep as the budget allows); below that a position is worth its pieces by
how many clockwise turns they are from pointing south (LEAF_WORTH: a piece pointing east is one turn
away). Positions are cached within one decision. Measured over 200 games: a mean of 10.2-10.3 points
(random placement: 4.1); LEAF_WORTH at 0 scored 9.4.
"""
from __future__ import annotations

from .position import Position

COLORS = ("red", "yellow", "green", "blue")
SOUTH = 2  # the solitaire player sits at the south edge (direction index on the square board)
LEAF_WORTH = (0.4, 0.6, 1.0, 0.0)  # a piece pointing N, E, S, W below the search: 2, 1, 0, 3 turns from S


def leaf_value(node: Position) -> float:
    counts = node.counts
    return sum(LEAF_WORTH[d] * counts[d] for d in range(4))


def choose_cell(pos: Position, codes: list[int], solitaire: dict, budget: int) -> int:
    """The index in `codes` (all the piece in hand's legal cells) with the best expected score."""
    values = cell_values(pos, codes, solitaire, budget)
    return max(range(len(codes)), key=lambda i: (values[i], -i))


def cell_values(pos: Position, codes: list[int], solitaire: dict, budget: int) -> list[float]:
    """The expected final score of each of `codes` (the piece in hand's legal cells), as deep as the budget
    allows (exact when it reaches the last piece)."""
    edges = solitaire["edges"]
    forced = {color: pos.board.dir_id[side] for side, color in edges.items()}
    counts = [solitaire["bag_colors"][color] for color in COLORS]
    counts[COLORS.index(solitaire["bag"][0])] -= 1  # the piece in hand is no longer in the bag
    ways = tuple(forced[color] for color in COLORS)
    depth = depth_for(pos.empty, counts, budget)
    search = Expectimax(ways)
    return [search.chance(pos.play(code), tuple(counts), depth) for code in codes]


def depth_for(empty: int, counts: list[int], budget: int) -> int:
    """The deepest number of later draws whose placements fit the budget (each draw multiplies the
    work by the colours left times the cells left)."""
    colors = sum(1 for count in counts if count)
    depth, work = 0, empty
    while depth < empty - 1:
        work *= max(1, colors) * max(1, empty - 1 - depth)
        if work > budget:
            break
        depth += 1
    return depth


class Expectimax:
    def __init__(self, ways: tuple[int, ...]) -> None:
        self.ways = ways  # forced direction index per colour
        self.cache: dict = {}

    def chance(self, node: Position, counts: tuple, depth: int) -> float:
        """Expected final score of `node` with `counts` pieces per colour left in the bag."""
        if node.empty == 0:
            return node.counts[SOUTH]
        if depth == 0:
            return leaf_value(node)
        key = (tuple(node.dirs), counts, depth)
        if key in self.cache:
            return self.cache[key]
        total = sum(counts)
        value = 0.0
        for color, count in enumerate(counts):
            if not count:
                continue
            left = counts[:color] + (count - 1,) + counts[color + 1:]
            best = max(self.chance(node.play(code), left, depth - 1) for code in node.codes(self.ways[color]))
            value += count / total * best
        self.cache[key] = value
        return value
