"""Nim, the template game: its declaration and the engine contract (docs/ENGINE.md). Every move is checked
here (its shape: InvalidMove; the rules: IllegalMove, with the reason in words), then played on a fresh
position read from the doc (codec.py), so the doc handed in is never changed."""
from __future__ import annotations

from typing import Any

from app.games.base import N_, Chance, Game, IllegalMove, InvalidMove, Step, derive_secret, one_seat_to_act

from . import codec, view as seen
from .position import MAX_TAKE, State


class Nim(Game):
    # The declaration (docs/ENGINE.md "The declaration"), checked when the class is defined.
    name = "nim"
    title = "Nim"
    pitch = "Take one to three stones; whoever takes the last one wins."
    min_players = 2
    max_players = 2
    cooperative = False
    client = "js/games/nim/index.js"  # under static/: the client module (docs/CLIENT.md)
    css = "js/games/nim/nim.css"
    rules_template = "nim/rules/rules.html"  # in this folder; rules.fr.html and rules.de.html beside it
    bot = "nim:NimBot"  # app/bots/nim
    max_plies = 48  # every move takes a stone; the most stones: heaps of 9, 11, 13 and 15
    simultaneous = False
    chance = True  # the first seat is drawn by lot
    hidden_information = False
    order = 100  # after the site's own games

    def option_specs(self, players: int) -> list[dict]:
        return [
            {"name": "heaps", "type": "int", "default": 3, "min": 1, "max": 4, "label": "Number of heaps"},
            {"name": "layout", "type": "choice", "default": "small", "choices": ["small", "large"],
             "label": "Heap sizes", "choice_labels": {"small": "Small heaps", "large": "Large heaps"}},
            {"name": "stones", "type": "int", "label": "Stones in the first heap", "depends_on": "layout",
             "choices_by": {"small": [3, 4, 5], "large": [7, 9]}, "default_by": {"small": 3, "large": 7},
             "default": 3},  # the default layout's (default_by says each layout's)
            {"name": "misere", "type": "bool", "default": False, "label": "Whoever takes the last stone loses"},
        ]

    def new_state(self, players: int, options: dict, seed: Any) -> State:
        """The first position (options already checked): heaps of stones, +2 each, and a first seat by lot."""
        secret = derive_secret(self.name, seed)
        heaps = [options["stones"] + 2 * i for i in range(options["heaps"])]
        first = Chance(secret, "first-seat").randbelow(players)
        return State(players=players, options=dict(options), secret=secret, heaps=heaps, to_act=first)

    def setup(self, players: int = 2, options: dict | None = None, seed: Any = 0) -> dict:
        options = self.check_options(players, options)
        return codec.to_doc(self.new_state(players, options, seed))

    def to_act(self, doc: dict) -> list[int]:
        return one_seat_to_act(doc, codec.from_doc)

    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        state = codec.from_doc(doc)
        return state.moves() if seat == state.to_act else []

    def apply(self, doc: dict, seat: int, move: Any) -> Step:
        state = codec.from_doc(doc)
        if not (isinstance(move, dict) and set(move) == {"heap", "take"}
                and all(type(value) is int for value in move.values())):
            raise InvalidMove(N_("A Nim move names a heap and how many stones to take."))
        if not (0 <= move["heap"] < len(state.heaps) and 1 <= move["take"] <= MAX_TAKE):
            raise InvalidMove(N_("There is no heap {heap}, or no taking {n} stones, in this game."),
                              heap=move["heap"] + 1, n=move["take"])
        if state.to_act < 0:
            raise IllegalMove(N_("The game is over."))
        if seat != state.to_act:
            raise IllegalMove(N_("It is not your turn."))
        if move["take"] > state.heaps[move["heap"]]:
            raise IllegalMove(N_("Heap {heap} has too few stones left."), heap=move["heap"] + 1)
        state.play(move["heap"], move["take"])
        return Step(codec.to_doc(state), seen.with_text(state.events))

    def view(self, doc: dict, seat: int | None) -> dict:
        return seen.view(doc, seat)

    def result(self, doc: dict) -> dict | None:
        return codec.result_of(codec.from_doc(doc))

    def render_text(self, doc: dict) -> str:
        return seen.render_text(doc)
