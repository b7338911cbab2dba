"""Martian Treasure Hunt documents <-> the engine's internal State (fields in ENGINE.md), checked as read.

A hand-built document needs only "game", "players", "options", "to_act", "secret", "layout", "sides",
"phase", "coins", "left_home", "pyramids", "stash", "prisoners" and "dice"; anything missing takes its
default. The engine also stores "rolls" (dice rolled so far: the counter of the next roll's chance) and
"result" (None while playing), so that `to_act` and `result` are O(1) on its own documents.
"""
from __future__ import annotations

from .board import COIN_VALUES, KINDS, Geometry
from .position import State, coins_of


def _square(geo: Geometry, name, what: str) -> int:
    if not isinstance(name, str) or name not in geo.index:
        raise ValueError(f"{what}: {name!r} is not a square of the {geo.players}-player board.")
    return geo.index[name]


def _seat_list(doc: dict, key: str, players: int) -> list:
    value = doc.get(key)
    if value is None:
        return [[] for _ in range(players)]
    if not isinstance(value, list) or len(value) != players:
        raise ValueError(f"The document's {key!r} must list one entry per seat ({players}).")
    return value


def from_doc(doc: dict) -> State:
    """The State of a document; ValueError if it is not a Martian Treasure Hunt position."""
    if not isinstance(doc, dict) or doc.get("game", "martian-treasure-hunt") != "martian-treasure-hunt":
        raise ValueError("This is not a Martian Treasure Hunt document.")
    players = doc.get("players")
    if players not in (2, 3, 4) or isinstance(players, bool):
        raise ValueError(f"A Martian Treasure Hunt document has 2 to 4 players, not {players!r}.")
    st = State(players, doc.get("secret") or "")
    geo = st.geo
    coins = doc.get("coins") or [None] * players
    if not isinstance(coins, list) or len(coins) != players:
        raise ValueError(f"The document's 'coins' must list one entry per seat ({players}).")
    for seat, entry in enumerate(coins):
        if entry is None:
            continue
        st.arranged[seat] = True
        for value in COIN_VALUES:
            name = entry.get(str(value))
            if name is None:
                continue
            sq = _square(geo, name, f"seat {seat}'s coin {value}")
            if st.coin_at[sq] >= 0:
                raise ValueError(f"Two coins stand on {name}.")
            st.put_coin(seat * 6 + value, sq)
    for name, size in (doc.get("pyramids") or {}).items():
        sq = _square(geo, name, "a pyramid")
        if size not in (1, 2, 3) or isinstance(size, bool):
            raise ValueError(f"The pyramid on {name} has size {size!r}; sizes are 1, 2 and 3.")
        if st.coin_at[sq] >= 0:
            raise ValueError(f"A coin and a pyramid both stand on {name}.")
        st.pyr[sq] = size
        st.pyramids_left += 1
    for seat, values in enumerate(_seat_list(doc, "left_home", players)):
        for value in values:
            st.left[seat * 6 + value] = True
    st.stash = [[int(size) for size in sizes] for sizes in _seat_list(doc, "stash", players)]
    st.prisoners = [[(int(p["seat"]), int(p["coin"])) for p in taken]
                    for taken in _seat_list(doc, "prisoners", players)]
    st.rolls = int(doc.get("rolls") or 0)
    st.phase = doc.get("phase") or ("play" if all(st.arranged) else "arrange")
    if st.phase not in ("arrange", "play"):
        raise ValueError(f"The phase is 'arrange' or 'play', not {st.phase!r}.")
    if st.phase == "play" and not all(st.arranged):
        raise ValueError("The play phase needs every seat's coins on the board.")
    dice = doc.get("dice")
    if dice is not None:
        number, kind = dice.get("number"), dice.get("kind")
        if number not in COIN_VALUES or kind not in range(len(KINDS)):
            raise ValueError(f"The dice must show a number and a kind from 0 to 5, not {dice!r}.")
        st.dice = (number, kind)
    to_act = doc.get("to_act") or []
    if st.phase == "play" and to_act:
        if to_act[0] not in range(players):
            raise ValueError(f"to_act names seat {to_act[0]!r}, not a seat of this {players}-player table.")
        st.to_act = to_act[0]
    stored = doc.get("result")
    if stored is not None:
        st.over, st.to_act, st.dice = stored["reason"], -1, None
    return st


def result_of(st: State) -> dict | None:
    if st.over is None:
        return None
    scores = st.scores()
    best = max(scores)
    return {"outcome": "finished", "reason": st.over, "scores": scores,
            "winners": [seat for seat, score in enumerate(scores) if score == best]}


def to_doc(st: State, options: dict) -> dict:
    names = st.geo.names
    return {
        "game": "martian-treasure-hunt",
        "players": st.players,
        "options": dict(options),
        "to_act": st.seats_to_act(),
        "secret": st.secret,
        "layout": st.geo.layout,
        "sides": list(st.geo.sides),
        "phase": st.phase,
        "coins": [coins_of(st, seat) for seat in range(st.players)],
        "left_home": [[v for v in COIN_VALUES if st.left[seat * 6 + v]] for seat in range(st.players)],
        "pyramids": {names[sq]: st.pyr[sq] for sq in st.geo.squares if st.pyr[sq]},
        "stash": [list(sizes) for sizes in st.stash],
        "prisoners": [[{"seat": s, "coin": v} for s, v in taken] for taken in st.prisoners],
        "dice": None if st.dice is None else {"number": st.dice[0], "kind": st.dice[1]},
        "rolls": st.rolls,
        "result": result_of(st),
    }
