"""Dash (Alexa Curvey): the game object of the engine contract (ENGINE.md, RULES.md "Dash").

A race along the Classic board driven by cards drawn face up, with dares set by the opponents. Checked
entry points take and return JSON documents; the rules run on the internal State (position.py).
"""
from __future__ import annotations

from ..base import N_, Chance, Game, IllegalMove, InvalidMove, Phrase, Step, derive_secret, twin_secret, written_to_act
from . import stats as figures
from . import view as views
from .board import DECK
from .codec import from_doc, result_of, to_doc
from .dares import check_dare_text
from .position import NO_SEAT, State, answer_dare, draw, legal_of, set_dare, suggestion_for

MOVE_KEYS = {"draw": {"action"}, "set_dare": {"action", "text"}, "answer_dare": {"action", "done"}}


class Dash(Game):
    name = "dash"
    title = "Dash"
    min_players = 2
    max_players = 5
    pitch = "Race your pyramid along a board of colours and pictures, drawing cards and daring your friends."
    cooperative = False
    client = "js/games/dash/index.js"
    css = "js/games/dash/dash.css"
    rules_template = "dash/rules/dash.html"
    order = 20  # on the home page's shelf
    bot = "dash:DashBot"
    # No bound: back cards, "back to Start" and swaps undo any progress, and the discards are shuffled into
    # a new deck for ever, so a race can last any number of turns (random games end in a few hundred plies).
    max_plies = None
    simultaneous = False  # a dare is set by whichever opponent sends it first, in the open
    chance = True  # the deck's order, its reshuffles and the first seat
    hidden_information = False  # the deck's order is hidden from everyone alike: chance
    takeback_reasons = {
        **Game.takeback_reasons,
        "card_drawn": N_("That play drew a card, and a card once seen cannot be un-seen: it cannot be taken back."),
        "chance": N_("That dare was chosen at random by the server: it cannot be taken back."),
    }
    free_text = {"set_dare": ("text", "A dare.")}  # legal_moves lists {"action": "set_dare"}: the mover writes it

    def option_specs(self, players: int) -> list[dict]:
        return [{"name": "there_and_back", "type": "bool", "default": False,
                 "label": "There and back: turn round at Finish and race back to Start"}]

    # --- the contract -------------------------------------------------------------------------------
    def setup(self, players: int = 2, options: dict | None = None, seed=0) -> dict:
        options = self.check_options(players, options)
        return to_doc(self.new_state(players, options, seed))

    def new_state(self, players: int, options: dict, seed) -> State:
        """Every pyramid on Start, the 56 cards shuffled from the seed, a random first seat."""
        secret = derive_secret(self.name, seed)
        st = State(players, options["there_and_back"], secret)
        chance = Chance(secret, "setup")
        st.deck = chance.shuffle(list(DECK))
        st.turn = chance.randbelow(players)
        return st

    def to_act(self, doc: dict) -> list[int]:
        written = written_to_act(doc)
        return from_doc(doc).to_act() if written is None else written

    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        """[draw] for the seat to play; [set_dare] (the mover adds "text") for each opponent of a dared
        seat until one sets it; [done, refuse] for the dared seat once it is set."""
        return legal_of(from_doc(doc), seat)

    def apply(self, doc: dict, seat: int, move: dict) -> Step:
        st = from_doc(doc)
        kind = _check_shape(move)
        _check_turn(st, seat, kind)
        after = st.copy()
        if kind == "draw":
            events = draw(after, seat)
        elif kind == "set_dare":
            suggested = "text" not in move
            text = suggestion_for(st) if suggested else check_dare_text(move["text"])
            events = set_dare(after, seat, text, suggested)
        else:
            events = answer_dare(after, seat, move["done"])
        return Step(to_doc(after), events)

    def view(self, doc: dict, seat: int | None) -> dict:
        return views.view(from_doc(doc), seat)

    def result(self, doc: dict) -> dict | None:
        if "result" in doc and doc["result"] is not None:
            return dict(doc["result"], winners=list(doc["result"]["winners"]))
        return result_of(from_doc(doc))

    # --- extras -------------------------------------------------------------------------------------
    def hidden_twin(self, doc: dict, viewer: int | None, seed) -> dict:
        """`doc` with another secret, the deck in another order and the discards under the top one in
        another order: what no view shows (it shows the deck's and the discard pile's sizes and the top
        discard), the same for every viewer (base.Game.hidden_twin)."""
        secret = twin_secret(self.name, doc, seed)
        chance = Chance(secret, "twin")
        discard = list(doc.get("discard") or [])
        under = chance.shuffle(discard[:-1]) + discard[-1:]
        return dict(doc, secret=secret, deck=chance.shuffle(list(doc.get("deck") or [])), discard=under)

    def takeback_refusal(self, doc: dict, seat: int, move: dict, events: list) -> str | None:
        """A draw shows a card (and may reshuffle): never taken back. A dare written by a player and a dare's
        answer reveal nothing and may be; a dare the server picked at random may not."""
        if move.get("action") == "draw":
            return "card_drawn"
        if any(event.get("type") == "dare_set" and event.get("suggested") for event in events):
            return "chance"
        return None

    def render_text(self, doc: dict) -> str:
        return views.render_text(from_doc(doc))

    stats_events = figures.EVENTS

    def stats(self, tables: list[dict]) -> dict:
        return figures.summarize(tables)

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        kind = move.get("action") if isinstance(move, dict) else None
        if kind == "draw":
            return Phrase(N_("draw a card"))
        if kind == "set_dare":
            return Phrase(N_("dare: “{text}”"), text=move["text"]) if isinstance(move.get("text"), str) else Phrase(
                N_("dare: a built-in one"))
        if kind == "answer_dare":
            return Phrase(N_("the dare: done")) if move.get("done") else Phrase(N_("the dare: refused"))
        return str(move)


def _check_shape(move) -> str:
    """The move's action, if the dict is shaped like a Dash move; InvalidMove otherwise."""
    if not isinstance(move, dict) or not isinstance(move.get("action"), str) or move["action"] not in MOVE_KEYS:
        raise InvalidMove(N_("A Dash move is a dict with an action (draw, set_dare or answer_dare), not {move}."),
                          move=str(move)[:80])
    kind = move["action"]
    keys = set(move)
    if kind == "set_dare" and not keys <= MOVE_KEYS[kind] or kind != "set_dare" and keys != MOVE_KEYS[kind]:
        wanted = {"draw": '{"action": "draw"}', "set_dare": '{"action": "set_dare", "text": "..."}',
                  "answer_dare": '{"action": "answer_dare", "done": true or false}'}[kind]
        raise InvalidMove(N_("A {kind} move is written {wanted}, not {move}."), kind=kind, wanted=wanted,
                          move=str(move)[:80])
    if kind == "answer_dare" and not isinstance(move["done"], bool):
        raise InvalidMove(N_("Answer a dare with done true (did it) or false (refused), not {done}."),
                          done=str(move["done"])[:40])
    return kind


def _check_turn(st: State, seat, kind: str) -> None:
    """IllegalMove naming whose move it is, unless `seat` may make a `kind` move now."""
    if st.over:
        raise IllegalMove(N_("The game is over: seat {seat} won the race."), seat=st.winner)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.players:
        raise IllegalMove(N_("There is no seat {seat} at this {n}-player table."), seat=repr(seat), n=st.players)
    dared, text = st.dare_seat, st.dare_text
    if kind == "draw":
        if dared != NO_SEAT:
            raise IllegalMove(N_("Nobody draws while seat {seat} is dared: the dare must be set first.") if text is None
                              else N_("Nobody draws while seat {seat} is dared: the dare must be answered first."),
                              seat=dared)
        if seat != st.turn:
            raise IllegalMove(N_("It is seat {to_act}'s turn to draw, not seat {seat}'s."), to_act=st.turn, seat=seat)
    elif kind == "set_dare":
        if dared == NO_SEAT:
            raise IllegalMove(N_("There is no dare to set: nobody drew a dare card; seat {seat} is to draw."),
                              seat=st.turn)
        if text is not None:
            raise IllegalMove(N_("The dare for seat {seat} is already set (the first one sent stands): “{dare}”."),
                              seat=dared, dare=text)
        if seat == dared:
            raise IllegalMove(N_("Seat {seat} cannot set their own dare: an opponent writes it."), seat=seat)
    else:
        if dared == NO_SEAT:
            raise IllegalMove(N_("There is no dare to answer: seat {seat} is to draw."), seat=st.turn)
        if seat != dared:
            raise IllegalMove(N_("Only seat {dared}, who was dared, answers the dare, not seat {seat}."), dared=dared,
                              seat=seat)
        if text is None:
            raise IllegalMove(N_("The dare for seat {seat} has not been written yet: an opponent sets it first."),
                              seat=dared)
