"""Martian Treasure Hunt (Ken Leyhe): the game object of the engine contract (ENGINE.md, RULES.md).

Checked entry points take and return JSON documents; the rules work on the internal State (rules.py).
"""
from __future__ import annotations

from itertools import permutations

from ..base import Game, IllegalMove, Step, derive_secret
from . import view as views
from .board import COIN_WORD, KINDS, PYRAMID_WORD, SIDE_WORD, geometry
from .checks import check_order, check_shape, checked_dest
from .rules import arrange, coin_text, destinations, play, settle
from .state import State, from_doc, result_of, to_doc

ORDERS = tuple(permutations(range(6)))  # every arrangement, the plain 0..5 first


def _seats(seats: list[int]) -> str:
    words = [str(s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class MartianTreasureHunt(Game):
    name = "martian-treasure-hunt"
    title = "Martian Treasure Hunt"
    min_players = 2
    max_players = 4
    pitch = ("Roll the dice to see which coin moves and how — like a pawn, rook, knight, bishop, queen or "
             "king — and grab the most treasure before the last pyramid falls.")
    cooperative = False
    client = "js/games/martian_treasure_hunt.js"
    css = "css/games/martian_treasure_hunt.css"
    rules_template = "rules/martian_treasure_hunt.html"
    bot = "martian_treasure_hunt:MartianTreasureHuntBot"
    # No bound: a coin may move without capturing, back and forth, for ever (capturing is never forced), so
    # a hunt can last any number of plays; random games end within a few hundred.
    max_plies = None
    simultaneous = True  # every seat arranges its coins at once, unseen until all have
    chance = True  # the dice and the first seat
    hidden_information = True  # another seat's arrangement, until the reveal

    def option_specs(self, players: int) -> list[dict]:
        return []

    # --- the contract -------------------------------------------------------------------------------
    def setup(self, players: int = 2, options: dict | None = None, seed=0) -> dict:
        options = self.check_options(players, options)
        return to_doc(self.new_state(players, seed), options)

    def new_state(self, players: int, seed) -> State:
        """The initial State: every pyramid in its ring, no coin arranged yet."""
        st = State(players, derive_secret(self.name, seed))
        for sq, size in geometry(players).start_pyramids.items():
            st.pyr[sq] = size
        st.pyramids_left = len(st.geo.start_pyramids)
        return st

    def state(self, doc: dict) -> State:
        """The State of a document, settled: a hand-built play position gets its roll (or lost turn)."""
        st = from_doc(doc)
        settle(st, [])
        return st

    def to_act(self, doc: dict) -> list[int]:
        if "result" in doc and "rolls" in doc:  # written by this engine: O(1)
            return [] if doc["result"] is not None else list(doc["to_act"])
        return self.state(doc).seats_to_act()

    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        """Arrange phase: all 720 orders (lexicographic) for a seat that has not arranged. Play phase: the
        rolled coin's destinations by square (row by row from the south, west to east in a row)."""
        st = self.state(doc)
        if seat not in st.seats_to_act():
            return []
        if st.phase == "arrange":
            return [{"order": list(order)} for order in ORDERS]
        names = st.geo.names
        return [{"to": names[sq]} for sq in destinations(st, seat * 6 + st.dice[0], st.dice[1])]

    def apply(self, doc: dict, seat: int, move: dict) -> Step:
        st = from_doc(doc)
        events: list = []
        settle(st, events)
        self._check_turn(st, seat)
        check_shape(move, st.phase)
        if st.phase == "arrange":
            arrange(st, seat, check_order(move["order"]), events)
        else:
            play(st, checked_dest(st, move), events)
        return Step(to_doc(st, doc.get("options") or {}), events)

    def view(self, doc: dict, seat: int | None) -> dict:
        return views.view(self.state(doc), doc.get("options") or {}, seat)

    def result(self, doc: dict) -> dict | None:
        if "result" in doc and doc["result"] is not None:
            stored = doc["result"]
            return dict(stored, scores=list(stored["scores"]), winners=list(stored["winners"]))
        return result_of(self.state(doc))

    # --- extras -------------------------------------------------------------------------------------
    def view_events(self, events: list, seat: int | None, doc: dict) -> list:
        return views.view_events(events, seat, doc.get("phase") or from_doc(doc).phase)

    def move_view(self, doc: dict, seat: int, move: dict, viewer: int | None) -> dict:
        if viewer == seat or doc.get("phase") == "play" or not isinstance(move, dict) or "order" not in move:
            return move  # written by this engine: no parse
        coins = doc.get("coins")  # null while a seat has not arranged (ENGINE.md): no parse needed
        arranged = ([entry is not None for entry in coins] if doc.get("phase") == "arrange" and isinstance(coins, list)
                    else None)
        return views.move_view(move, seat, viewer, from_doc(doc) if arranged is None else arranged)

    def render_text(self, doc: dict) -> str:
        return views.render_text(self.state(doc))

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        """'the 3 like a bishop 2,0→5,3, capturing a medium pyramid' or 'arranges the coins 3 0 5 1 2 4'."""
        st = self.state(doc)
        if "order" in move:
            return "arranges the coins " + " ".join(COIN_WORD[v] for v in move["order"])
        if st.dice is None or st.to_act != seat:
            return f"moves to {move.get('to')}"
        number, kind = st.dice
        origin = st.coin_sq[seat * 6 + number]
        names = st.geo.names
        dest = st.geo.index.get(move.get("to"), -1)
        text = f"the {COIN_WORD[number]} like a {KINDS[kind]} {names[origin]}→{move.get('to')}"
        if dest >= 0 and st.coin_at[dest] >= 0:
            taken = st.coin_at[dest]
            text += f", capturing the {coin_text(taken // 6, taken % 6)}"
        elif dest >= 0 and st.pyr[dest]:
            text += f", capturing a {PYRAMID_WORD[st.pyr[dest]]} pyramid"
        return text

    def move_targets(self, doc: dict, moves: list) -> list:
        """Play: {"from", "to", "capture": "pyramid"|"coin"|None, "points"}; arrange: None."""
        st = self.state(doc)
        if st.phase != "play" or st.dice is None:
            return [None] * len(moves)
        names, index = st.geo.names, st.geo.index
        origin = names[st.coin_sq[st.to_act * 6 + st.dice[0]]]
        out = []
        for move in moves:
            sq = index.get(move.get("to"), -1) if isinstance(move, dict) else -1
            if sq < 0:
                out.append(None)
            elif st.coin_at[sq] >= 0:
                out.append({"from": origin, "to": move["to"], "capture": "coin", "points": 2})
            elif st.pyr[sq]:
                out.append({"from": origin, "to": move["to"], "capture": "pyramid", "points": st.pyr[sq]})
            else:
                out.append({"from": origin, "to": move["to"], "capture": None, "points": 0})
        return out

    # --- checking -----------------------------------------------------------------------------------
    @staticmethod
    def _check_turn(st: State, seat) -> None:
        if st.over is not None:
            scores = ", ".join(str(score) for score in st.scores())
            raise IllegalMove(f"The game is over: the last pyramid has been captured (scores {scores})."
                              if st.over == "pyramids_captured" else
                              f"The game is over: no coin could move any more (scores {scores}).")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.players:
            raise IllegalMove(f"There is no seat {seat!r} at this {st.players}-player table.")
        acting = st.seats_to_act()
        if seat in acting:
            return
        if st.phase == "arrange":
            raise IllegalMove(f"Seat {seat} has already arranged its coins; waiting for seat"
                              f"{'s' * (len(acting) > 1)} {_seats(acting)} to arrange.")
        side = SIDE_WORD[st.geo.sides[st.to_act]]
        raise IllegalMove(f"It is seat {st.to_act}'s turn ({side}), not seat {seat}'s.")


__all__ = ["MartianTreasureHunt"]
