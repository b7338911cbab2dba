"""The internal position of a Dash game, the moves a seat may make in it, and the rules of a turn.

`State` is one position and `legal_of` lists a seat's moves. The rules below work on the State in place
and unchecked: engine.py checks a move first (and works on a copy). Each returns the events of what it did,
complete (every event is public in Dash: cards are drawn face up, so `view_events` shows them to everyone).
Event texts have no subject; the table shows the seat's name in front ("drew a blue card").
"""
from __future__ import annotations

from ..base import Chance
from .board import (COLOR_INDEX, FINISH, NEXT_COLOR, PICTURE_AT, PICTURE_SPACES, START, STEP_CARDS,
                    card_text, space_text)
from .dares import SUGGESTIONS

NO_SEAT = -1
DRAW = {"action": "draw"}
SET_DARE = {"action": "set_dare"}
ANSWERS = ({"action": "answer_dare", "done": True}, {"action": "answer_dare", "done": False})


class State:
    """One Dash position. `turn` is the seat whose turn it is (the dared seat while a dare is open)."""

    __slots__ = ("players", "there_and_back", "secret", "positions", "legs", "skip", "deck", "discard",
                 "dare_seat", "dare_text", "turn", "winner", "reason", "reshuffles", "last_draw")

    def __init__(self, players: int, there_and_back: bool, secret: str) -> None:
        self.players = players
        self.there_and_back = there_and_back
        self.secret = secret
        self.positions = [START] * players
        self.legs = [0] * players  # 0: out toward Finish; 1: back toward Start (there_and_back)
        self.skip = [False] * players  # loses its next turn (refused a dare)
        self.deck: list[str] = []  # index 0 is drawn next
        self.discard: list[str] = []  # last element is the top card
        self.dare_seat = NO_SEAT
        self.dare_text: str | None = None
        self.turn = 0
        self.winner = NO_SEAT
        self.reason = ""
        self.reshuffles = 0
        self.last_draw: dict | None = None

    def copy(self) -> "State":
        new = State.__new__(State)
        for slot in State.__slots__:
            setattr(new, slot, getattr(self, slot))
        new.positions, new.legs, new.skip = self.positions[:], self.legs[:], self.skip[:]
        new.deck, new.discard = self.deck[:], self.discard[:]
        return new

    @property
    def over(self) -> bool:
        return self.winner != NO_SEAT

    def to_act(self) -> list[int]:
        """[] once won; every opponent of the dared seat while the dare has no text; else one seat."""
        if self.winner != NO_SEAT:
            return []
        if self.dare_seat != NO_SEAT:
            if self.dare_text is None:
                return [seat for seat in range(self.players) if seat != self.dare_seat]
            return [self.dare_seat]
        return [self.turn]

    def progress(self, seat: int) -> int:
        """How far along the whole race a seat is: its space out, then 63 + the spaces back."""
        position = self.positions[seat]
        return position if self.legs[seat] == 0 else 2 * FINISH - position

    def __repr__(self) -> str:
        return (f"<State players={self.players} turn={self.turn} positions={self.positions} "
                f"winner={self.winner}>")


def legal_of(st: State, seat) -> list[dict]:
    """[draw] for the seat to play; [set_dare] for each opponent of a dared seat until one sets it; [done,
    refuse] for the dared seat once it is set; [] for a seat not to act."""
    if seat not in st.to_act():
        return []
    if st.dare_seat == NO_SEAT:
        return [dict(DRAW)]
    if st.dare_text is None:
        return [dict(SET_DARE)]
    return [dict(answer) for answer in ANSWERS]


def winner_reason(st: State) -> str:
    return "back_to_start" if st.there_and_back else "finish"


# --- the rules of a turn --------------------------------------------------------------------------------
END_TEXT = {"finish": "reached Finish first and wins the race",
            "back_to_start": "is back on Start first and wins the race there and back"}


def draw(st: State, seat: int) -> list[dict]:
    """`seat` draws the top card (reshuffling the discards first if the deck is empty) and obeys it."""
    events = []
    if not st.deck:
        events.append(reshuffle(st))
    card = st.deck.pop(0)
    st.discard.append(card)
    st.last_draw = {"seat": seat, "card": card}
    events.append({"type": "draw", "seat": seat, "card": card, "text": f"drew {card_text(card)}"})
    if card == "DARE":
        st.dare_seat, st.dare_text = seat, None
        events.append({"type": "dare", "seat": seat,
                       "text": "is dared: any opponent may write the dare (the first one sent stands)"})
        return events
    if card == "SWAP":
        events += swap_with_leader(st, seat)
    else:
        events += move_by_card(st, seat, card)
    if st.over:
        events.append(end_event(st))
    else:
        events += pass_turn(st, seat)
    return events


def reshuffle(st: State) -> dict:
    """The discards, shuffled from the secret with the reshuffle's number as purpose, become the deck."""
    st.reshuffles += 1
    st.deck = Chance(st.secret, f"reshuffle-{st.reshuffles}").shuffle(st.discard)
    st.discard = []
    return {"type": "reshuffle", "count": len(st.deck), "reshuffles": st.reshuffles,
            "text": f"The deck ran out: the {len(st.deck)} discards were shuffled into a new deck."}


def target(st: State, seat: int, card: str) -> int:
    """Where `card` sends `seat`, before any picture: its own space when the card cannot move it."""
    space, leg = st.positions[seat], st.legs[seat]
    if card in COLOR_INDEX:
        return NEXT_COLOR[leg][space][COLOR_INDEX[card]]
    if card in STEP_CARDS:
        steps = STEP_CARDS[card] if leg == 0 else -STEP_CARDS[card]
        return min(FINISH, max(START, space + steps))
    if card == "PIC":
        ahead = [p for p in PICTURE_SPACES if p > space] if leg == 0 else [p for p in PICTURE_SPACES if p < space]
        if not ahead:
            return space
        return ahead[0] if leg == 0 else ahead[-1]
    if card == "START":
        return START
    raise ValueError(f"{card!r} does not move a pyramid by itself.")


def move_by_card(st: State, seat: int, card: str) -> list[dict]:
    """A colour, step, picture or Start card: move, follow a picture, then turn round or win."""
    origin, leg = st.positions[seat], st.legs[seat]
    dest = target(st, seat, card)
    if dest == origin:
        return [{"type": "stay", "seat": seat, "card": card, "at": origin, "text": _stay_text(st, seat, card)}]
    events = [{"type": "move", "seat": seat, "card": card, "from": origin, "to": dest,
               "text": f"moves from {space_text(origin)} to {space_text(dest)}{_stop_note(st, seat, card, dest)}"}]
    if dest in PICTURE_AT:  # a picture triggers only after a move; its other end never triggers again
        name, other = PICTURE_AT[dest]
        ahead = (other > dest) == (leg == 0)
        events.append({"type": "picture", "seat": seat, "picture": name, "from": dest, "to": other,
                       "text": f"landed on the {name}: jumps {'ahead' if ahead else 'back'} to "
                               f"{space_text(other)}"})
        dest = other
    st.positions[seat] = dest
    events += arrive(st, seat)
    return events


def _stay_text(st: State, seat: int, card: str) -> str:
    where = space_text(st.positions[seat])
    if card == "PIC":
        return f"finds no picture ahead: stays on {where}"
    if card == "START":
        return "is already on Start: stays there"
    way = "forward" if STEP_CARDS.get(card, 1) > 0 else "back"
    return f"cannot go {way} from {where}: stays there"


def _stop_note(st: State, seat: int, card: str, dest: int) -> str:
    """' (stops at Finish)' when a step card or colour card was cut short by Start or Finish."""
    if card in STEP_CARDS:
        wanted = abs(STEP_CARDS[card])
        if abs(dest - st.positions[seat]) < wanted:
            return f" (stops at {space_text(dest)})"
    elif card in COLOR_INDEX and dest in (START, FINISH):
        return f" (no {card} space left {'before Finish' if dest == FINISH else 'before Start'})"
    return ""


def arrive(st: State, seat: int) -> list[dict]:
    """After a move: Finish turns a seat round (there_and_back) or wins; Start on the way back wins."""
    space, leg = st.positions[seat], st.legs[seat]
    if leg == 0 and space == FINISH:
        if st.there_and_back:
            st.legs[seat] = 1
            return [{"type": "turn_round", "seat": seat,
                     "text": "reached Finish and turns round: now back to Start"}]
        st.winner, st.reason = seat, winner_reason(st)
    elif leg == 1 and space == START:
        st.winner, st.reason = seat, winner_reason(st)
    return []


def leader_of(st: State, seat: int) -> int:
    """The seat furthest along; ties go to the nearest in turn order after `seat`. `seat` itself when it
    leads, alone or tied (a swap with an equal square would change nothing)."""
    best = max(st.progress(other) for other in range(st.players))
    if st.progress(seat) == best:
        return seat
    for offset in range(1, st.players):
        other = (seat + offset) % st.players
        if st.progress(other) == best:
            return other
    return seat  # unreachable: some seat has the best progress


def swap_with_leader(st: State, seat: int) -> list[dict]:
    """Exchange spaces (and legs) with the leader; no picture triggers. Nothing happens to the leader."""
    leader = leader_of(st, seat)
    if leader == seat:
        return [{"type": "lead", "seat": seat, "at": st.positions[seat],
                 "text": "is the leader (or shares the lead): nothing happens"}]
    mine, theirs = st.positions[seat], st.positions[leader]
    st.positions[seat], st.positions[leader] = theirs, mine
    st.legs[seat], st.legs[leader] = st.legs[leader], st.legs[seat]
    return [{"type": "swap", "seat": seat, "with": leader, "from": mine, "to": theirs,
             "text": f"swaps places with the leader, seat {leader}: {space_text(mine)} ↔ {space_text(theirs)}"}]


def pass_turn(st: State, seat: int) -> list[dict]:
    """The turn passes to the left of `seat`; a seat that refused a dare loses this turn (its flag clears)."""
    events = []
    following = (seat + 1) % st.players
    while st.skip[following]:
        st.skip[following] = False
        events.append({"type": "turn_skipped", "seat": following,
                       "text": "loses this turn for refusing a dare"})
        following = (following + 1) % st.players
    st.turn = following
    return events


def suggestion_for(st: State) -> str:
    """The built-in dare used when an opponent sends set_dare without a text (a random bot, say)."""
    chance = Chance(st.secret, f"dare-{st.reshuffles}-{len(st.discard)}")
    return SUGGESTIONS[chance.randbelow(len(SUGGESTIONS))]


def set_dare(st: State, seat: int, text: str, suggested: bool) -> list[dict]:
    st.dare_text = text
    return [{"type": "dare_set", "seat": seat, "dared": st.dare_seat, "dare": text, "suggested": suggested,
             "text": f"sets the dare for seat {st.dare_seat}: “{text}”"}]


def answer_dare(st: State, seat: int, done: bool) -> list[dict]:
    """Done: nothing more. Refused: the seat will lose its next turn. Either way the turn passes on."""
    text = st.dare_text
    st.dare_seat, st.dare_text = NO_SEAT, None
    if done:
        events = [{"type": "dare_done", "seat": seat, "dare": text, "text": f"did the dare: “{text}”"}]
    else:
        st.skip[seat] = True
        events = [{"type": "dare_refused", "seat": seat, "dare": text,
                   "text": "refused the dare and will lose their next turn"}]
    return events + pass_turn(st, seat)


def end_event(st: State) -> dict:
    return {"type": "end", "seat": st.winner, "outcome": "finished", "reason": st.reason,
            "winners": [st.winner], "text": END_TEXT[st.reason]}
