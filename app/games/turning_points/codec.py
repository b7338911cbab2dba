"""Documents <-> internal State for Turning Points (field list in ENGINE.md), results and verdicts.

A hand-built document needs only "game", "players", "to_act", "board" and "cells" ("options", "sides",
"secret" and "solitaire" take their defaults: the board's own options, the ruled sides, "" and None).
The engine also stores "result" (None while playing) so that `to_act` and `result` are O(1).
"""
from __future__ import annotations

from .board import DEFAULT_BOARD, SIZES, Board, board_of, default_size, seat_sides
from .position import COLORS, EMPTY, State, scores, winners

GAME = "turning-points"
SOLITAIRE_SIDE = "S"  # the solitaire player sits at the south edge
# Solitaire verdicts by score (RULES.md fills the sheet's gap at 12): (highest score, words).
VERDICTS = ((3, "You're sitting on the wrong side of the table"), (7, "You're not even trying, are you?"),
            (11, "Not bad, but you can do better"), (15, "Excellent!"), (16, "Admit it! You cheated!"))


def verdict(score: int) -> str:
    return next(words for top, words in VERDICTS if score <= top)


def _board(doc: dict) -> Board:
    """The board of a document: its "board" field, else its options, else the ruled default."""
    players = doc.get("players")
    options = doc.get("options") or {}
    spec = doc.get("board")
    if spec is None:
        shape = options.get("shape", DEFAULT_BOARD.get(players, ("square", 4))[0])
        spec = {"shape": shape, "size": options.get("size", default_size(players, shape)
                                                      if players in DEFAULT_BOARD and shape in SIZES else 4)}
    if not isinstance(spec, dict) or not isinstance(spec.get("size"), int) or spec.get("shape") not in SIZES:
        raise ValueError(f"The board must be like {{'shape': 'square', 'size': 4}}, not {spec!r}.")
    board = board_of(spec["shape"], spec["size"])
    for key in ("shape", "size"):
        if key in options and options[key] != spec[key]:
            raise ValueError(f"The options say {key} {options[key]!r} but the board has {spec[key]!r}.")
    return board


def _sides(doc: dict, board: Board, players: int) -> tuple[int, ...]:
    names = doc.get("sides")
    if names is None:
        names = SOLITAIRE_SIDE if players == 1 else seat_sides(board.shape, players)
        names = (names,) if isinstance(names, str) else names
    if not isinstance(names, (list, tuple)) or len(names) != players:
        raise ValueError(f"'sides' must list one side per seat ({players}), not {names!r}.")
    if any(name not in board.dir_id for name in names) or len(set(names)) != players:
        raise ValueError(f"{list(names)!r} are not {players} different sides of a {board.shape} board "
                         f"({', '.join(board.dirs)}).")
    return tuple(board.dir_id[name] for name in names)


def _solitaire(st: State, spec, board: Board) -> None:
    if spec is None:
        return
    edges = spec.get("edges") if isinstance(spec, dict) else None
    if board.shape != "square" or not isinstance(edges, dict) or set(edges) != set(board.dirs):
        raise ValueError(f"A solitaire needs a square board and one colour per edge N E S W, not {spec!r}.")
    if sorted(map(str, edges.values())) != sorted(COLORS):
        raise ValueError(f"The solitaire edges must be {', '.join(COLORS)} once each, not {edges!r}.")
    bag = spec.get("bag", [])
    if not isinstance(bag, list) or any(color not in COLORS for color in bag):
        raise ValueError(f"The solitaire bag lists colours ({', '.join(COLORS)}), not {bag!r}.")
    if len(bag) < st.empty:
        raise ValueError(f"The solitaire bag holds {len(bag)} pieces for {st.empty} empty cells.")
    st.edges = tuple(edges[name] for name in board.dirs)
    st.bag = list(bag)


def from_doc(doc: dict) -> State:
    """The State of a document; ValueError if the document is not a Turning Points position."""
    if not isinstance(doc, dict) or doc.get("game", GAME) != GAME:
        raise ValueError("This is not a Turning Points document.")
    players = doc.get("players", len(doc.get("sides") or ()) or None)
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 6:
        raise ValueError(f"Turning Points takes 1 to 6 players, not {players!r}.")
    board = _board(doc)
    st = State(board, players, _sides(doc, board, players), doc.get("secret", ""))
    cells = doc.get("cells", {})
    if not isinstance(cells, dict):
        raise ValueError(f"'cells' must map cells to pieces, not {cells!r}.")
    for name, piece in cells.items():
        cell = board.cell_id.get(name)
        if cell is None:
            raise ValueError(f"{name!r} is not a cell of the {board.describe()}.")
        if not isinstance(piece, dict) or piece.get("dir") not in board.dir_id:
            raise ValueError(f"The piece on {name} must be like {{'dir': '{board.dirs[0]}'}}, not {piece!r}.")
        st.dirs[cell] = board.dir_id[piece["dir"]]
        st.colors[cell] = piece.get("color")
    st.empty = st.dirs.count(EMPTY)
    _solitaire(st, doc.get("solitaire"), board)
    to_act = doc.get("to_act", [])
    if st.empty == 0:
        st.to_act = -1
    elif not to_act or not isinstance(to_act, list) or to_act[0] not in range(players) or to_act[0] is True:
        raise ValueError(f"to_act must name the seat to play while {st.empty} cells are empty, not {to_act!r}.")
    else:
        st.to_act = to_act[0]
    return st


def options_of(st: State) -> dict:
    return {"shape": st.board.shape, "size": st.board.size}


def result_of(st: State) -> dict | None:
    """None while a cell is empty; else finished by "board_full" (solitaire adds the "verdict")."""
    if st.empty:
        return None
    points = scores(st)
    result = {"outcome": "finished", "reason": "board_full", "scores": points, "winners": winners(points)}
    if st.solitaire:
        result["verdict"] = verdict(points[0])
    return result


def cells_of(st: State) -> dict:
    board, dirs, colors = st.board, st.dirs, st.colors
    cells = {}
    for cell, d in enumerate(dirs):
        if d != EMPTY:
            cells[board.cells[cell]] = {"dir": board.dirs[d]} if colors[cell] is None else \
                {"dir": board.dirs[d], "color": colors[cell]}
    return cells


def solitaire_of(st: State) -> dict | None:
    if st.edges is None:
        return None
    return {"edges": dict(zip(st.board.dirs, st.edges)), "bag": list(st.bag)}


def to_doc(st: State) -> dict:
    board = st.board
    return {
        "game": GAME,
        "players": st.players,
        "options": options_of(st),
        "to_act": [] if st.to_act < 0 else [st.to_act],
        "secret": st.secret,
        "board": {"shape": board.shape, "size": board.size},
        "sides": [board.dirs[side] for side in st.sides],
        "cells": cells_of(st),
        "solitaire": solitaire_of(st),
        "result": result_of(st),
    }
