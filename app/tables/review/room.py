"""A review room's state, and the one function that changes it: a pure function of its ordered commands.

The state is small: who leads ({"key", "name"} or None) and the step every follower shows, `pos` =
{"ply": real moves in, "line": what-if moves played from there, "at": how many of them are shown, "branch":
the kept what-if's id or None, "name": its name or None}, plus `rev`, the number of commands applied. Every
instance that has people in the room folds the same commands, in the broker's order, into the same state
(app/tables/review/rooms.py); the checks that need the database (are the what-if's moves legal?) run on the
instance that took the command, before it is published, so `apply` needs nothing but the state.
"""
from __future__ import annotations

import re
from typing import Any

MAX_LINE = 60  # what-if moves in a position (lines.MAX_LINE)
MAX_MOVE_CHARS = 600  # a what-if move, as JSON text
NAME_MAX = 60
BRANCH_ID = re.compile(r"[a-z2-7]{1,16}")


def initial(host: dict | None, of: int) -> dict:
    """A new room: the host (the table's first seat) leads, at the end of the game."""
    return {"leader": host, "pos": {"ply": of, "line": [], "at": 0, "branch": None, "name": None}, "rev": 0}


def parse_pos(raw: Any, of: int) -> dict | None:
    """A well-formed position of a game of `of` moves, or None. Bounded: ply, at, the line's length and each
    move's size, the branch id and name."""
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
    if name is not None and (not isinstance(name, str) or len(name) > NAME_MAX):
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
