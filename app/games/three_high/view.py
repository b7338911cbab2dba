"""What each seat may see of a 3-High game: views, events in words, and the ASCII board."""
from __future__ import annotations

from .cards import (BOARD, CARDS, COLOR_LETTER, PIECES, SIDE_WORD, SQUARES, WIN_TREES, card_text,
                    distance, piece_color, piece_text)
from .codec import options_of, result_of
from .position import NO_PIECE, State, decode

END_TEXT = {
    "trees": "completed the fifth tree: the team wins",
    "out_of_cards": "found the draw pile empty: the team loses (out of cards)",
    "stuck": "left no legal play for the next turn: the team loses (stuck)",
}


def view(doc: dict, seat: int | None, st: State) -> dict:
    """The doc without "secret"; the pile as a count; hidden hands as None (their sizes stay in
    "hand_counts"). `seat` is the viewer (None: a spectator)."""
    hands = doc["hands"]
    options = options_of(doc)
    hidden = options["hidden_hands"]  # hands are open to everyone unless hidden_hands: then to their owner
    return {
        "game": "three-high",
        "players": doc["players"],
        "options": options,
        "to_act": [] if st.to_act < 0 else [st.to_act],
        "seat": seat,
        "board": {square: list(stack) for square, stack in doc["board"].items()},
        "hands": [list(hand) if not hidden or seat == owner else None for owner, hand in enumerate(hands)],
        "hand_counts": [len(hand) for hand in hands],
        "draw_pile_count": len(doc["draw_pile"]),
        "discard": list(doc.get("discard", ())),
        "trees": st.trees,
        "tree_squares": [SQUARES[square] for square in st.tree_squares()],
        "result": result_of(st),
    }


def play_events(before: State, after: State, seat: int, code: int, drawn: int) -> list[dict]:
    """The events of one play, complete (cards drawn included); filter with `view_events`."""
    card, side, piece, dest = decode(code)
    origin = before.pos[piece]
    squares = distance(card, piece)
    where = f"stays on {SQUARES[origin]}" if dest == origin else f"{SQUARES[origin]}→{SQUARES[dest]}"
    events = [{"type": "play", "seat": seat, "card": CARDS[card], "side": "NESW"[side],
               "piece": PIECES[piece], "from": SQUARES[origin], "to": SQUARES[dest], "distance": squares,
               "text": f"played {card_text(card)} {SIDE_WORD[side]}: {piece_text(piece)} {where}"}]
    if after.trees < before.trees:  # the 1 left its tree (trees are not locked): said, never silent
        events.append({"type": "tree_broken", "color": piece_color(piece), "square": SQUARES[origin],
                       "trees": after.trees,
                       "text": f"broke the {piece_color(piece)} tree on {SQUARES[origin]} "
                               f"({after.trees} of {WIN_TREES})"})
    if after.trees > before.trees:
        events.append({"type": "tree", "color": piece_color(piece), "square": SQUARES[dest],
                       "trees": after.trees,
                       "text": f"completed the {piece_color(piece)} tree on {SQUARES[dest]} "
                               f"({after.trees} of {WIN_TREES})"})
        events.append({"type": "no_draw", "seat": seat, "text": "draws no card after completing a tree"})
    if drawn >= 0:
        events.append({"type": "draw", "seat": seat, "card": CARDS[drawn],
                       "text": f"drew {card_text(drawn)}"})
    if after.over is not None:
        outcome, reason = after.over
        events.append({"type": "end", "outcome": outcome, "reason": reason, "text": END_TEXT[reason]})
    return events


def view_events(events: list, seat: int | None, doc: dict) -> list:
    """Events as `seat` may see them: a draw loses its card unless the viewer may see that hand."""
    seen = []
    hidden = options_of(doc)["hidden_hands"]
    for event in events:
        if hidden and event.get("type") == "draw" and seat != event["seat"]:
            seen.append({"type": "draw", "seat": event["seat"], "text": "drew a card"})
        else:
            seen.append(dict(event))
    return seen


def render_text(st: State) -> str:
    """The board, rank 8 on top; each square shows its top piece and the stack height ("R3:2")."""
    lines = []
    for rank in range(BOARD - 1, -1, -1):
        cells = []
        for file in range(BOARD):
            top = st.top[rank * BOARD + file]
            if top == NO_PIECE:
                cells.append("  .  ")
            else:
                height = len(st.stack(rank * BOARD + file))
                mark = f"{COLOR_LETTER[top // 3]}{top % 3 + 1}" + (f":{height}" if height > 1 else "  ")
                cells.append(f" {mark}")
        lines.append(f"{rank + 1} " + "".join(cells))
    lines.append("  " + "".join(f"  {file}  " for file in "abcdefgh"))
    for seat, hand in enumerate(st.hands):
        marker = "*" if seat == st.to_act else " "
        lines.append(f"{marker}seat {seat}: " + " ".join(CARDS[card] for card in hand))
    status = "playing" if st.over is None else "/".join(st.over)
    lines.append(f"pile {len(st.pile)}  discard {len(st.discard)}  trees {st.trees}  {status}")
    return "\n".join(lines)
