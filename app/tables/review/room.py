"""A review room's state, and the one function that changes it: a pure function of its ordered commands.

The state is small: who leads ({"key", "name"} or None) and the step every follower shows, `pos` =
{"ply": real moves in, "line": what-if moves played from there, "at": how many of them are shown, "branch":
the kept what-if's id or None, "name": its name or None}, plus `rev`, the number of commands applied. Every
instance that has people in the room folds the same commands, in the broker's order, into the same state
(app/tables/review/rooms.py); the checks that need the database (are the what-if's moves legal?) run on the
instance that took the command, before it is published, so `apply` needs nothing but the state.
"""
from __future__ import annotations

import math
import re
from typing import Any

from app.tables.errors import N_
from app.tables import text

MAX_LINE = 60  # what-if moves in a position (lines.MAX_LINE)
MAX_MOVE_CHARS = 600  # a what-if move, as JSON text
NAME_MAX = 60  # characters of a what-if's name (review_branches.name's size)
NAME_WHAT = N_("A what-if's name")
BRANCH_ID = re.compile(r"[a-z2-7]{1,16}")
# A pointer's step: "<ply>" for a real step, "<ply>+<at>:<hash>" inside a what-if (static/js/review/view.js posKey)
POINT_AT = re.compile(r"[0-9]{1,6}(\+[0-9]{1,2}:[0-9a-z]{1,8})?")
MAX_COORD = 100_000.0  # a pointer's coordinates, in the board's SVG units


def clean_name(raw: Any) -> str | None:
    """A what-if's name as the room shows it (None: none): the text policy of every name (app/tables/lobby/
    text.py: no lone surrogate, control, reordering or invisible character, something visible), else BadText."""
    if raw is None:
        return None
    return text.name(raw, what=NAME_WHAT, max_len=NAME_MAX, required=False)


def _fair_name(name: Any) -> bool:
    """Whether a name another instance sent meets the policy (it was cleaned where it was taken)."""
    try:
        return clean_name(name) == name
    except text.BadText:
        return False


def parse_point(msg: Any) -> dict | None:
    """A well-formed pointer {"svg": 0-15, "x", "y" (finite, bounded), "at": a step's key}, rounded; or None."""
    if not isinstance(msg, dict):
        return None
    svg, x, y, at = msg.get("svg"), msg.get("x"), msg.get("y"), msg.get("at")
    if type(svg) is not int or not 0 <= svg <= 15 or not isinstance(at, str) or not POINT_AT.fullmatch(at):
        return None
    for v in (x, y):
        if type(v) not in (int, float) or not math.isfinite(v) or abs(v) > MAX_COORD:
            return None
    return {"svg": svg, "x": round(float(x), 2), "y": round(float(y), 2), "at": at}


def initial(host: dict | None, of: int) -> dict:
    """A new room: the host (the table's first seat) leads, at the end of the game."""
    return {"leader": host, "pos": {"ply": of, "line": [], "at": 0, "branch": None, "name": None}, "rev": 0}


def parse_pos(raw: Any, of: int) -> dict | None:
    """A well-formed position of a game of `of` moves, or None. Bounded: ply, at, the line's length and each
    move's size, the branch id and name (held to the text policy: a name that breaks it gives None)."""
    if not isinstance(raw, dict):
        return None
    ply, line, at = raw.get("ply"), raw.get("line", []), raw.get("at", 0)
    branch, name = raw.get("branch"), raw.get("name")
    if type(ply) is not int or not 0 <= ply <= of:
        return None
    if not isinstance(line, list) or len(line) > MAX_LINE or type(at) is not int or not 0 <= at <= len(line):
        return None
    for item in line:
        if (not isinstance(item, dict) or set(item) != {"seat", "move"} or type(item["seat"]) is not int
                or not isinstance(item["move"], dict) or len(repr(item["move"])) > MAX_MOVE_CHARS):
            return None
    if branch is not None and (not isinstance(branch, str) or not BRANCH_ID.fullmatch(branch)):
        return None
    if name is not None and not _fair_name(name):  # the name itself is refused with a sentence by clean_name
        return None
    return {"ply": ply, "line": line, "at": at, "branch": branch, "name": name}


def apply(state: dict, cmd: dict, by: dict, of: int) -> dict | None:
    """The state after `cmd` from member `by` ({"key", "name"}), or None when it changes nothing (a follower's
    goto, a malformed command from another instance)."""
    op = cmd.get("op")
    if op == "lead":
        if state["leader"] is not None and state["leader"]["key"] == by["key"]:
            return None
        return {**state, "leader": {"key": by["key"], "name": by["name"]}, "rev": state["rev"] + 1}
    if op == "goto":
        if state["leader"] is None or state["leader"]["key"] != by["key"]:
            return None
        pos = parse_pos(cmd.get("pos"), of)
        if pos is None:
            return None
        return {**state, "pos": pos, "rev": state["rev"] + 1}
    return None
