"""Turning Points (Joseph Kisenwether): the game object of the engine contract (ENGINE.md, RULES.md).

Checked entry points take and return JSON documents; the fast internal State lives in position.py. The
`move_targets` previews (every placement's chain and the scores after it) are computed once per position
(`chains`, cached): the server builds them for every state message it sends.
"""
from __future__ import annotations

from functools import lru_cache

from ..base import N_, Chance, Game, IllegalMove, InvalidMove, Phrase, Step, derive_secret, one_seat_to_act, twin_secret
from . import stats as figures
from . import view as views
from .board import DEFAULT_BOARD, DIRECTION_WORD, SIZES, Board, board_of, default_size, seat_sides
from .codec import from_doc, result_of, to_doc
from .position import (BAG_PER_COLOR, COLORS, EMPTY, State, apply_unchecked, chain_of, direction_counts, legal_codes,
                    placements)

MOVE_KEYS = ("cell", "dir")
SHAPE_LABEL = {"square": "Square", "hex": "Hexagon"}  # how the home page names the shapes


class TurningPoints(Game):
    name = "turning-points"
    title = "Turning Points"
    min_players = 1
    max_players = 6
    pitch = ("Lay pyramids pointing at the players; each one you point at turns, and the turns run on in "
             "chains. Most pieces pointing your way when the board is full wins.")
    cooperative = False
    client = "js/games/turning_points/index.js"
    css = "js/games/turning_points/turning_points.css"
    rules_template = "turning_points/rules/turning_points.html"
    order = 40  # on the home page's shelf
    bot = "turning_points:TurningPointsBot"
    # One placement fills one empty cell and the game ends when none is left: at most one ply per cell of
    # the largest board, the 8x8 square (64; a hexagon of side 5 has 61).
    max_plies = 64
    simultaneous = False
    chance = True  # the first seat; in solitaire the edges' colours and the bag's order
    hidden_information = False  # the bag's order is hidden from everyone alike: chance
    deal_options = ("shape", "size")  # the board; its other options are house rules
    daily_seats = (1,)  # the solitaire
    takeback_reasons = {
        **Game.takeback_reasons,
        "next_piece": N_("That placement showed the bag's next piece: it cannot be taken back."),
    }

    def option_specs(self, players: int) -> list[dict]:
        """Shape and size; the shapes that seat `players` (a square has four sides; one player: the
        solitaire's 4x4); sizes by shape; the ruled board by default, the other shape at the size
        nearest in cells."""
        if players == 1:
            shapes, sizes = ["square"], {"square": [4]}
        else:
            shapes = [shape for shape in ("square", "hex") if players in _seated(shape)]
            sizes = {shape: list(SIZES[shape]) for shape in shapes}
        ruled = DEFAULT_BOARD.get(players, ("hex", 4))
        return [
            {"name": "shape", "type": "choice", "choices": shapes, "default": ruled[0], "label": "Board shape",
             "choice_labels": {shape: SHAPE_LABEL[shape] for shape in shapes}},
            {"name": "size", "type": "choice", "depends_on": "shape", "choices_by": sizes,
             "default_by": {shape: default_size(players, shape) for shape in shapes}, "default": ruled[1],
             "label": "Board size (cells along a side)"},
        ]

    # --- the contract -------------------------------------------------------------------------------
    def setup(self, players: int = 1, options: dict | None = None, seed=0) -> dict:
        options = self.check_options(players, options)
        return to_doc(self.new_state(players, options, seed))

    def new_state(self, players: int, options: dict, seed) -> State:
        """The initial State for `seed` (options already checked): the first seat, and in solitaire the
        edge colours and the bag's order, all drawn from the secret."""
        secret = derive_secret(self.name, seed)
        board = board_of(options["shape"], options["size"])
        sides = ("S",) if players == 1 else seat_sides(board.shape, players)
        st = State(board, players, tuple(board.dir_id[side] for side in sides), secret)
        chance = Chance(secret, "setup")
        st.to_act = chance.randbelow(players)
        if players == 1:
            st.edges = tuple(chance.shuffle(list(COLORS)))
            st.bag = chance.shuffle([color for color in COLORS for _ in range(BAG_PER_COLOR)])
        return st

    def to_act(self, doc: dict) -> list[int]:
        return one_seat_to_act(doc, from_doc)

    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        """Placements by cell in reading order (north row first, west to east), then clockwise from N;
        in solitaire only the forced direction."""
        st = from_doc(doc)
        if st.to_act < 0 or seat != st.to_act:
            return []
        cells, ways, deg = st.board.cells, st.board.dirs, st.board.deg
        return [{"cell": cells[code // deg], "dir": ways[code % deg]} for code in legal_codes(st)]

    def apply(self, doc: dict, seat: int, move: dict) -> Step:
        st = from_doc(doc)
        code = self._checked_code(st, seat, move)
        after = st.copy()
        turns = apply_unchecked(after, code)
        return Step(to_doc(after), views.play_events(st, after, seat, code, turns))

    def view(self, doc: dict, seat: int | None) -> dict:
        return views.view(from_doc(doc), seat)

    def yardstick_plays(self, players: int, plays: int) -> int:
        return 1 if players == 1 else 0  # the solitaire only, once: its bot has no chance to vary

    def result(self, doc: dict) -> dict | None:
        if doc.get("result") is not None:
            result = dict(doc["result"])
            result["scores"], result["winners"] = list(result["scores"]), list(result["winners"])
            return result
        return result_of(from_doc(doc))

    # --- extras: previews, texts --------------------------------------------------------------------
    def move_targets(self, doc: dict, moves: list) -> list:
        """For each legal placement: {"cell", "dir", "chain": [{"cell", "dir"}, ...] (each turn, in order,
        with the turned piece's new direction), "scores": [per seat after the move]}."""
        st = from_doc(doc)
        if st.to_act < 0:
            return [None] * len(moves)
        found = {(cell, way): (chain, points) for cell, way, (chain, points) in chains(*_key(st))}
        targets = []
        for move in moves:
            hit = found.get((move.get("cell"), move.get("dir"))) if isinstance(move, dict) else None
            targets.append(None if hit is None else {
                "cell": move["cell"], "dir": move["dir"],
                "chain": [{"cell": cell, "dir": way} for cell, way in hit[0]], "scores": list(hit[1])})
        return targets

    def hidden_twin(self, doc: dict, viewer: int | None, seed) -> dict:
        """`doc` with another secret and, in solitaire, the bag behind the piece to place now in another
        order (a view shows that piece and how many of each colour remain), for every viewer alike
        (base.Game.hidden_twin)."""
        secret = twin_secret(self.name, doc, seed)
        solitaire = doc.get("solitaire")
        if not solitaire:
            return dict(doc, secret=secret)
        bag = list(solitaire.get("bag") or [])
        bag = bag[:1] + Chance(secret, "twin").shuffle(bag[1:])
        return dict(doc, secret=secret, solitaire=dict(solitaire, bag=bag))

    def takeback_refusal(self, doc: dict, seat: int, move: dict, events: list) -> str | None:
        """With two or more players nothing is left to chance after the first seat: every placement may be
        taken back. In the solitaire each placement shows the bag's next piece."""
        return "next_piece" if doc.get("solitaire") else None

    def render_text(self, doc: dict) -> str:
        return views.render_text(from_doc(doc))

    def stats(self, tables: list[dict]) -> dict:
        return figures.summarize(tables)

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        """'1,2 pointing east' for a well-formed move (the move need not be legal): a Phrase."""
        way = _way(move["dir"]) if move["dir"] in DIRECTION_WORD else str(move["dir"])
        return Phrase(N_("{cell} pointing {dir}"), cell=str(move["cell"]), dir=way)

    # --- checking -----------------------------------------------------------------------------------
    def _checked_code(self, st: State, seat, move) -> int:
        """The code of `move` if it is legal for `seat` now; InvalidMove if it is no placement on this board,
        IllegalMove with the reason if the rules refuse it."""
        board = st.board
        _check_shape(move, board)
        if st.to_act < 0:
            raise IllegalMove(N_("The game is over: the board is full."))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.players:
            raise IllegalMove(N_("There is no seat {seat} at this {n}-player table."), seat=repr(seat), n=st.players)
        if seat != st.to_act:
            raise IllegalMove(N_("It is seat {to_act}'s turn, not seat {seat}'s."), to_act=st.to_act, seat=seat)
        cell, d = board.cell_id[move["cell"]], board.dir_id[move["dir"]]
        if st.dirs[cell] != EMPTY:
            raise IllegalMove(N_("Cell {cell} is taken: its piece points {dir}. Place on an empty cell."),
                              cell=move["cell"], dir=_way(board.dirs[st.dirs[cell]]))
        forced = st.forced_dir()
        if forced >= 0 and d != forced:
            edge = board.dirs[forced]
            raise IllegalMove(FORCED[st.bag[0]], edge=edge, side=_way(edge), dir=_way(move["dir"]))
        code = cell * board.deg + d
        if code not in legal_codes(st):  # the generator is the one source of legality
            raise IllegalMove(N_("Placing on {cell} pointing {dir} is not legal now."), cell=move["cell"],
                              dir=_way(move["dir"]))
        return code


def _seated(shape: str) -> set[int]:
    return {players for players in range(2, 7) if _seats(shape, players)}


def _seats(shape: str, players: int) -> bool:
    try:
        seat_sides(shape, players)
    except ValueError:
        return False
    return True


def _check_shape(move, board: Board) -> None:
    """InvalidMove unless `move` is a placement on this board: a dict of a cell of the board and one of its
    directions, as text."""
    example = f'{{"cell": "{board.cells[0]}", "dir": "{board.dirs[1]}"}}'
    if not isinstance(move, dict) or set(move) != set(MOVE_KEYS):
        raise InvalidMove(
            N_("A Turning Points move is a dict with a cell and a direction, like {example}, not {move}."),
            example=example, move=str(move)[:80])
    cell, way = move["cell"], move["dir"]
    if not isinstance(cell, str) or not isinstance(way, str):
        raise InvalidMove(N_("A move names its cell and direction as text, like {example}, not {move}."),
                          example=example, move=str(move)[:80])
    if cell not in board.cell_id:
        raise InvalidMove(
            N_('{cell} is not a cell of the {board} (cells are x east and y north, "0,0" to "{max},{max}").')
            if board.shape == "square" else
            N_("{cell} is not a cell of the {board} (cells are axial q,r with |q|, |r| and |q+r| at most {max})."),
            cell=repr(cell[:20]), board=board.describe(), max=board.size - 1)
    if way not in board.dir_id:
        raise InvalidMove(N_("{way} is not a direction on a square board; point a piece N, E, S or W.")
                          if board.shape == "square" else
                          N_("{way} is not a direction on a hex board; point a piece N, NE, SE, S, SW or NW."),
                          way=repr(way[:20]))


# The solitaire's forced direction refused, by the colour of the piece (each a sentence to translate).
FORCED = {"red": N_("The red piece must point toward the red edge ({edge}, {side}), not {dir}."),
          "yellow": N_("The yellow piece must point toward the yellow edge ({edge}, {side}), not {dir}."),
          "green": N_("The green piece must point toward the green edge ({edge}, {side}), not {dir}."),
          "blue": N_("The blue piece must point toward the blue edge ({edge}, {side}), not {dir}.")}


def _way(direction: str) -> Phrase:
    """A direction in words ("north"), said in the reader's language."""
    return Phrase(DIRECTION_WORD[direction])


def _key(st: State) -> tuple:
    return st.board, tuple(st.dirs), st.forced_dir(), st.sides


@lru_cache(maxsize=512)
def chains(board: Board, dirs: tuple, forced: int, sides: tuple) -> tuple:
    """Every legal placement of the position as (cell name, direction, (chain, scores after)), in the
    order of `legal_moves`. Pure and cached: the server asks for the same position once per message."""
    names, ways = board.cells, board.dirs
    out = []
    for code in placements(board.deg, dirs, forced):
        cell, d = divmod(code, board.deg)
        work = list(dirs)
        work[cell] = d
        turns = chain_of(board, work, cell)
        counts = direction_counts(board, work)
        out.append((names[cell], ways[d], (tuple((names[t], ways[n]) for t, n, _ in turns),
                                           tuple(counts[side] for side in sides))))
    return tuple(out)
