"""Documents <-> the internal State of a Dash game (field list in ENGINE.md "dash"), checked as read.

A hand-built document needs only "game", "players", "options", "to_act", "secret", "board", "positions",
"skip", "deck", "discard" and "dare" ("legs" too with there_and_back); any other field takes its default.
The engine also stores "reshuffles" (how many times the discards were shuffled into a new deck: the
counter of the next reshuffle's chance), "last_draw" ({"seat", "card"} or None) and "result".
"""
from __future__ import annotations

from .board import BOARD_NAME, CARDS, FINISH, START
from .position import NO_SEAT, State, winner_reason

DEFAULT_OPTIONS = {"there_and_back": False}


def options_of(doc: dict) -> dict:
    return {**DEFAULT_OPTIONS, **(doc.get("options") or {})}


def _seat_list(doc: dict, key: str, players: int, default, check) -> list:
    values = doc.get(key)
    if values is None:
        return [default] * players
    if not isinstance(values, list) or len(values) != players:
        raise ValueError(f"The document's {key!r} must list one value per seat ({players}), not {values!r}.")
    for value in values:
        if not check(value):
            raise ValueError(f"The document's {key!r} holds {value!r}, which is not allowed there.")
    return list(values)


def _cards(doc: dict, key: str) -> list[str]:
    cards = doc.get(key) or []
    for card in cards:
        if card not in CARDS:
            raise ValueError(f"{card!r} in the {key!r} is not a Dash card ({', '.join(CARDS)}).")
    return list(cards)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_doc(doc: dict) -> State:
    """The State of a document; ValueError if the document is not a Dash position."""
    if not isinstance(doc, dict) or doc.get("game", "dash") != "dash":
        raise ValueError("This is not a Dash document.")
    if doc.get("board", BOARD_NAME) != BOARD_NAME:
        raise ValueError(f"Dash has one board, {BOARD_NAME!r}, not {doc.get('board')!r}.")
    players = doc.get("players")
    if not _is_int(players) or not 2 <= players <= 5:
        raise ValueError(f"A Dash document has 2 to 5 players, not {players!r}.")
    options = options_of(doc)
    st = State(players, bool(options["there_and_back"]), doc.get("secret", ""))
    st.positions = _seat_list(doc, "positions", players, START, lambda v: _is_int(v) and START <= v <= FINISH)
    st.legs = _seat_list(doc, "legs", players, 0, lambda v: v in (0, 1) and not isinstance(v, bool))
    st.skip = _seat_list(doc, "skip", players, False, lambda v: isinstance(v, bool))
    st.deck, st.discard = _cards(doc, "deck"), _cards(doc, "discard")
    st.reshuffles = doc.get("reshuffles", 0)
    if not _is_int(st.reshuffles) or st.reshuffles < 0:
        raise ValueError(f"The document's 'reshuffles' is a count, not {st.reshuffles!r}.")
    st.last_draw = _read_last_draw(doc.get("last_draw"), players)
    _read_dare(st, doc.get("dare"))
    _read_turn(st, doc)
    if not st.there_and_back:
        st.legs = [0] * players
    stored = doc.get("result")
    if stored is not None:
        st.winner, st.reason = stored["winners"][0], stored["reason"]
    elif "result" not in doc:
        implied_end(st)
    if not st.over and st.dare_seat == NO_SEAT and not doc.get("to_act"):
        raise ValueError("The document names no seat to act, and nobody has won.")
    if not st.over and not (st.deck or st.discard):
        raise ValueError("The document has no cards: the deck and the discard pile are both empty.")
    return st


def _read_last_draw(last, players: int) -> dict | None:
    if last is None:
        return None
    if not isinstance(last, dict) or last.get("card") not in CARDS or not _is_int(last.get("seat")) \
            or not 0 <= last["seat"] < players:
        raise ValueError(f"The document's 'last_draw' must be null or {{'seat': s, 'card': c}}, not {last!r}.")
    return {"seat": last["seat"], "card": last["card"]}


def _read_dare(st: State, dare) -> None:
    if dare is None:
        return
    if not isinstance(dare, dict) or not _is_int(dare.get("seat")) or not 0 <= dare["seat"] < st.players:
        raise ValueError(f"The document's dare must be null or {{'seat': s, 'text': ...}}, not {dare!r}.")
    text = dare.get("text")
    if text is not None and not isinstance(text, str):
        raise ValueError(f"The dare's text must be null or a string, not {text!r}.")
    st.dare_seat, st.dare_text = dare["seat"], text


def _read_turn(st: State, doc: dict) -> None:
    if st.dare_seat != NO_SEAT:
        st.turn = st.dare_seat
        return
    to_act = doc.get("to_act") or []
    if to_act:
        if not _is_int(to_act[0]) or not 0 <= to_act[0] < st.players:
            raise ValueError(f"to_act names seat {to_act[0]!r}, not a seat of this {st.players}-player table.")
        st.turn = to_act[0]


def implied_end(st: State) -> bool:
    """Mark the winner of a document without a stored result, read from the positions: the first seat
    (in seat order) on Finish, or back on Start with there_and_back. False if nobody has won."""
    for seat in range(st.players):
        done = (st.legs[seat] == 1 and st.positions[seat] == START) if st.there_and_back \
            else st.positions[seat] == FINISH
        if done:
            st.winner, st.reason = seat, winner_reason(st)
            return True
    return False


def result_of(st: State) -> dict | None:
    if not st.over:
        return None
    return {"outcome": "finished", "reason": st.reason, "scores": None, "winners": [st.winner]}


def to_doc(st: State) -> dict:
    doc = {
        "game": "dash",
        "players": st.players,
        "options": {"there_and_back": st.there_and_back},
        "to_act": st.to_act(),
        "secret": st.secret,
        "board": BOARD_NAME,
        "positions": list(st.positions),
    }
    if st.there_and_back:
        doc["legs"] = list(st.legs)
    doc.update({
        "skip": list(st.skip),
        "deck": list(st.deck),
        "discard": list(st.discard),
        "dare": None if st.dare_seat == NO_SEAT else {"seat": st.dare_seat, "text": st.dare_text},
        "reshuffles": st.reshuffles,
        "last_draw": None if st.last_draw is None else dict(st.last_draw),
        "result": result_of(st),
    })
    return doc
