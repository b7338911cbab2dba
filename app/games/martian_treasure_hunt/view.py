"""What each seat may see of a Martian Treasure Hunt game: views, events, and the board as text.

Hidden: the secret (so every future roll), the roll counter, and, during the arrange phase, every other
seat's arrangement (its coins, the order in its "arranged" event and its {"order": [...]} move) until all
seats have arranged.
"""
from __future__ import annotations

from .board import COIN_WORD, KINDS, STRIDE, SUITS, COIN_VALUES
from .codec import result_of
from .position import State, coins_of


def may_see_coins(st: State, viewer: int | None, owner: int) -> bool:
    return st.phase == "play" or viewer == owner


def board_of(st: State) -> dict:
    """The board's shape for a client: laid squares, each seat's arm (back two rows) and home row."""
    geo, names = st.geo, st.geo.names
    return {"width": geo.width, "height": geo.height, "squares": [names[sq] for sq in geo.squares],
            "arms": [[names[sq] for sq in arm] for arm in geo.arm],
            "home_rows": [[names[sq] for sq in row] for row in geo.home_row]}


def view(st: State, options: dict, seat: int | None) -> dict:
    names = st.geo.names
    coins = [coins_of(st, owner) if may_see_coins(st, seat, owner) else None for owner in range(st.players)]
    return {
        "game": "martian-treasure-hunt",
        "players": st.players,
        "options": dict(options),
        "seat": seat,
        "layout": st.geo.layout,
        "sides": list(st.geo.sides),
        "suits": list(SUITS[:st.players]),
        "board": board_of(st),
        "phase": st.phase,
        "to_act": st.seats_to_act(),
        "arranged": list(st.arranged),
        "coins": coins,
        "left_home": [[v for v in COIN_VALUES if st.left[owner * 6 + v]] if coins[owner] is not None else []
                      for owner in range(st.players)],
        "pyramids": {names[sq]: st.pyr[sq] for sq in st.geo.squares if st.pyr[sq]},
        "pyramids_left": st.pyramids_left,
        "immune": [owner for owner in range(st.players) if st.phase == "play" and st.on_board[owner] == 1],
        "stash": [list(sizes) for sizes in st.stash],
        "prisoners": [[{"seat": s, "coin": v} for s, v in taken] for taken in st.prisoners],
        "dice": None if st.dice is None else {"number": st.dice[0], "kind": st.dice[1]},
        "scores": st.scores(),
        "result": result_of(st),
    }


def view_events(events: list, viewer: int | None, phase: str) -> list:
    """While the arrange phase lasts (`phase` of the document after the step), an "arranged" event keeps
    its order only for the seat that arranged."""
    seen = []
    for event in events:
        if event.get("type") == "arranged" and phase == "arrange" and event.get("seat") != viewer:
            seen.append({k: v for k, v in event.items() if k != "order"})
        else:
            seen.append(dict(event))
    return seen


HIDDEN_ORDER = {"order": None}  # an arrangement as another seat sees it before the reveal


def move_view(move: dict, seat: int, viewer: int | None, st: State | list[bool]) -> dict:
    """Until the reveal, an arrangement is shown as {"order": null} to every viewer but the seat that made
    it; as made once every other seat has arranged too. `st`: the position after the move or any later one
    (or the one just before it: then the move itself may be the last arrangement, which reveals them all),
    or, in the arrange phase, which seats have arranged."""
    if isinstance(st, State):
        if st.phase == "play":
            return move
        st = st.arranged
    if viewer != seat and isinstance(move, dict) and "order" in move and not all(
            done for other, done in enumerate(st) if other != seat):
        return dict(HIDDEN_ORDER)
    return move


def render_text(st: State) -> str:
    """The board, north on top: ".." empty, "s1"/"m2"/"L3" pyramids, coins as side letter + value
    ("S3"), "  " off the board; then the dice, stashes, prisoners and scores."""
    geo = st.geo
    lines = []
    for y in range(geo.height - 1, -1, -1):
        cells = []
        for x in range(geo.width):
            sq = y * STRIDE + x
            if not geo.on[sq]:
                cells.append("  ")
            elif st.coin_at[sq] >= 0:
                coin = st.coin_at[sq]
                cells.append(f"{geo.sides[coin // 6]}{coin % 6}")
            elif st.pyr[sq]:
                cells.append("sml"[st.pyr[sq] - 1] + str(st.pyr[sq]))
            else:
                cells.append("..")
        lines.append(f"{y} " + " ".join(cells))
    lines.append("  " + " ".join(f"{x:>2}" for x in range(geo.width)))
    for seat in range(st.players):
        marker = "*" if seat in st.seats_to_act() else " "
        taken = " ".join(f"{geo.sides[s]}{v}" for s, v in st.prisoners[seat])
        lines.append(f"{marker}seat {seat} {geo.sides[seat]} ({SUITS[seat]}): score {st.score(seat)}  "
                     f"stash {st.stash[seat]}  prisoners [{taken}]"
                     + ("" if st.arranged[seat] else "  (not arranged)"))
    dice = "-" if st.dice is None else f"{COIN_WORD[st.dice[0]]}/{KINDS[st.dice[1]]}"
    status = "playing" if st.over is None else f"over: {st.over}"
    lines.append(f"phase {st.phase}  dice {dice}  pyramids left {st.pyramids_left}  rolls {st.rolls}  {status}")
    return "\n".join(lines)
