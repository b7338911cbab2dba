"""Nim's document <-> position. A doc holds "game", "players", "options", "heaps", "to_act", "secret" and
"result" (None while playing); `from_doc` checks a hand-built one."""
from __future__ import annotations

from .position import State


def from_doc(doc: dict) -> State:
    """The position of `doc`; ValueError with a sentence for a doc that is not one of Nim."""
    if not isinstance(doc, dict) or doc.get("game") != "nim":
        raise ValueError("This is not a Nim document.")
    heaps = doc.get("heaps")
    if not isinstance(heaps, list) or not heaps or not all(type(h) is int and h >= 0 for h in heaps):
        raise ValueError("A Nim document's heaps are a list of stone counts (whole numbers from 0 up).")
    players = doc.get("players", 2)
    to_act = doc.get("to_act") or []
    result = doc.get("result")
    winner = result["winners"][0] if result else None
    if not result and (len(to_act) != 1 or to_act[0] not in range(players)):
        raise ValueError("A Nim document in play names the one seat to act.")
    if not any(heaps) and not result:
        raise ValueError("A Nim document with no stone left has its result.")
    return State(players=players, options=dict(doc.get("options") or {}), secret=doc.get("secret", ""),
                 heaps=list(heaps), to_act=-1 if result else to_act[0], winner=winner)


def result_of(state: State) -> dict | None:
    """None while playing; else the winner, who took the last stone (or, misère, did not)."""
    if state.winner is None:
        return None
    return {"outcome": "finished", "reason": "last_stone", "scores": None, "winners": [state.winner]}


def to_doc(state: State) -> dict:
    return {"game": "nim", "players": state.players, "options": dict(state.options), "heaps": list(state.heaps),
            "to_act": [] if state.to_act < 0 else [state.to_act], "secret": state.secret,
            "result": result_of(state)}
