"""What each seat may see of a Turning Points game, the events of a play in words, and the text board."""
from __future__ import annotations

from .board import DIRECTION_WORD
from .codec import cells_of, options_of, result_of
from .position import COLORS, EMPTY, State, scores

ARROW = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}
COLOR_LETTER = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}


def view(st: State, seat: int | None) -> dict:
    """The position without the secret; in solitaire the bag shows only the piece to place now, plus how
    many pieces of each colour remain (which the board already tells). `seat` is the viewer."""
    board = st.board
    solitaire = None
    if st.edges is not None:
        solitaire = {"edges": dict(zip(board.dirs, st.edges)), "bag": st.bag[:1], "bag_count": len(st.bag),
                     "bag_colors": {color: st.bag.count(color) for color in COLORS},
                     "forced": board.dirs[st.forced_dir()] if st.bag else None}
    return {
        "game": "turning-points",
        "players": st.players,
        "options": options_of(st),
        "to_act": [] if st.to_act < 0 else [st.to_act],
        "seat": seat,
        "board": {"shape": board.shape, "size": board.size},
        "sides": [board.dirs[side] for side in st.sides],
        "cells": cells_of(st),
        "empty": st.empty,
        "scores": scores(st),
        "solitaire": solitaire,
        "bag_count": None if solitaire is None else len(st.bag),
        "result": result_of(st),
    }


def play_events(before: State, after: State, seat: int, code: int, turns: list) -> list[dict]:
    """The events of one placement: the place (the seat it points at, how many pieces turned, the scores
    after), one `turn` per turned piece in order, then (solitaire) the next piece shown, and the end once
    the board is full. Nothing in them is hidden."""
    board = before.board
    cell, d = divmod(code, board.deg)
    name, way = board.cells[cell], board.dirs[d]
    color = before.bag[0] if before.solitaire and before.bag else None
    piece = f"the {color} piece" if color else "a piece"
    toward = before.sides.index(d) if d in before.sides else None  # the seat the new piece points at
    place = {"type": "place", "seat": seat, "cell": name, "dir": way, "toward": toward, "turned": len(turns),
             "scores": scores(after),
             "text": f"placed {piece} on {name} pointing {DIRECTION_WORD[way]}"
                     + (f"; {len(turns)} piece{'s' * (len(turns) != 1)} turned" if turns else "")}
    if color:
        place["color"] = color
    events = [place]
    for target, new, by in turns:
        old = board.dirs[(new - 1) % board.deg]
        events.append({"type": "turn", "cell": board.cells[target], "dir": board.dirs[new], "from": old,
                       "by": board.cells[by],
                       "text": f"the piece on {board.cells[target]} turned from {DIRECTION_WORD[old]} to "
                               f"{DIRECTION_WORD[board.dirs[new]]}"})
    if after.solitaire and after.bag and after.empty:
        upcoming, forced = after.bag[0], board.dirs[after.forced_dir()]
        events.append({"type": "next", "color": upcoming, "dir": forced,
                       "text": f"the next piece is {upcoming}; it points {DIRECTION_WORD[forced]}"})
    result = result_of(after)
    if result is not None:
        events.append(end_event(after, result))
    return events


def end_event(st: State, result: dict) -> dict:
    points = result["scores"]
    if st.solitaire:
        text = f"the board is full: {points[0]} of {len(st.board)} pieces point at you. {result['verdict']}"
    else:
        listed = ", ".join(f"seat {seat} {value}" for seat, value in enumerate(points))
        text = f"the board is full; scores: {listed}"
    event = {"type": "end", "reason": "board_full", "scores": list(points), "winners": list(result["winners"]),
             "text": text}
    if "verdict" in result:
        event["verdict"] = result["verdict"]
    return event


def render_text(st: State) -> str:
    """The board north up: arrows for pieces (a colour letter first in solitaire), '.' for empty cells;
    then the seats' sides and scores, whose turn, and the solitaire's edges and next piece."""
    board = st.board
    width = 4
    lines = []
    for row in board.rows:
        text = ""
        for column, cell in row:
            d = st.dirs[cell]
            mark = "." if d == EMPTY else COLOR_LETTER.get(st.colors[cell] or "", "") + ARROW[board.dirs[d]]
            text = text.ljust(column * width) + mark.center(width - 1)
        label = f"{board.coords[row[0][1]][1]:>2} " if board.shape == "square" else "   "
        lines.append(label + text.rstrip())
    if board.shape == "square":
        lines.append("   " + "".join(str(x).center(width - 1).ljust(width) for x in range(board.size)).rstrip())
    points = scores(st)
    lines.append("  ".join(f"{'*' if seat == st.to_act else ' '}seat {seat} {board.dirs[side]}: {points[seat]}"
                           for seat, side in enumerate(st.sides)))
    if st.edges is not None:
        edges = " ".join(f"{name}={color}" for name, color in zip(board.dirs, st.edges))
        upcoming = f"next {st.bag[0]} ({board.dirs[st.forced_dir()]}), " if st.bag and st.empty else ""
        lines.append(f"edges {edges}; {upcoming}{len(st.bag)} in the bag")
    lines.append(f"{board.describe()}, {st.empty} empty" + ("" if st.empty else ", board full"))
    return "\n".join(lines)
