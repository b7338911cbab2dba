"""Martian Treasure Hunt (Ken Leyhe): the game object of the engine contract (ENGINE.md, RULES.md).

Checked entry points take and return JSON documents; the rules work on the internal State (position.py).
The checks below the class say, in words, why a move is not legal (python-chess style).
"""
from __future__ import annotations

from itertools import permutations

from ..base import N_, Chance, Game, IllegalMove, InvalidMove, Phrase, Step, derive_secret, twin_secret, written_to_act
from . import view as views
from .board import (BISHOP, DIRECTIONS, FORWARD, KING, KNIGHT, PAWN, QUEEN, ROOK, SIDE_WORD, STRIDE, SUITS,
                    geometry)
from .codec import from_doc, result_of, to_doc
from .position import State, arrange, destinations, play, settle

ORDERS = tuple(permutations(range(6)))  # every arrangement, the plain 0..5 first


# "It is seat 1's turn (north), not seat 0's.", by the side of the seat to act, each a sentence to translate.
NOT_YOUR_TURN = {"south": N_("It is seat {to_act}'s turn (south), not seat {seat}'s."),
                 "north": N_("It is seat {to_act}'s turn (north), not seat {seat}'s."),
                 "west": N_("It is seat {to_act}'s turn (west), not seat {seat}'s."),
                 "east": N_("It is seat {to_act}'s turn (east), not seat {seat}'s.")}


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
    client = "js/games/martian_treasure_hunt/index.js"
    css = "js/games/martian_treasure_hunt/martian_treasure_hunt.css"
    rules_template = "martian_treasure_hunt/rules/martian_treasure_hunt.html"
    order = 30  # on the home page's shelf
    bot = "martian_treasure_hunt:MartianTreasureHuntBot"
    # No bound: a coin may move without capturing, back and forth, for ever (capturing is never forced), so
    # a hunt can last any number of plays; random games end within a few hundred.
    max_plies = None
    simultaneous = True  # every seat arranges its coins at once, unseen until all have
    chance = True  # the dice and the first seat
    hidden_information = True  # another seat's arrangement, until the reveal
    takeback_reasons = {
        **Game.takeback_reasons,
        "dice_rolled": N_("That move rolled the dice for the next turn, and a roll once seen cannot be un-seen: it "
                          "cannot be taken back."),
        "revealed": N_("That arrangement showed everyone's coins: it cannot be taken back."),
    }

    def option_specs(self, players: int) -> list[dict]:
        return []

    # --- the contract -------------------------------------------------------------------------------
    def setup(self, players: int = 2, options: dict | None = None, seed=0) -> dict:
        options = self.check_options(players, options)
        return to_doc(self.new_state(players, options, seed), options)

    def new_state(self, players: int, options: dict, seed) -> State:
        """The initial State for `seed` (options already checked; the game has none yet): every pyramid in
        its ring, no coin arranged yet."""
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
        written = written_to_act(doc, "rolls")
        return self.state(doc).seats_to_act() if written is None else written

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

    def taken_back_view(self, doc: dict, seat: int, move: dict, events: list, viewer: int | None) -> tuple[dict, list]:
        """An arrangement taken back (before the reveal: one after it may not be) is never in force: until
        the game ends, no other seat sees its order, whoever has arranged since."""
        if viewer != seat and isinstance(move, dict) and "order" in move and self.result(doc) is None:
            return dict(views.HIDDEN_ORDER), views.view_events(events, viewer, "arrange")
        return super().taken_back_view(doc, seat, move, events, viewer)

    def hidden_twin(self, doc: dict, viewer: int | None, seed) -> dict:
        """`doc` with another secret (so other rolls to come) and, until the reveal, every other seat's
        arrangement drawn again: its coins in another order along its home row (base.Game.hidden_twin)."""
        secret = twin_secret(self.name, doc, seed)
        coins = doc.get("coins")
        if not isinstance(coins, list) or from_doc(doc).phase != "arrange":
            return dict(doc, secret=secret)
        chance = Chance(secret, "twin")
        twin_coins = []
        for owner, entry in enumerate(coins):
            if entry is not None and owner != viewer:
                values = sorted(entry, key=int)
                entry = dict(zip(values, chance.shuffle([entry[value] for value in values])))
            twin_coins.append(entry)
        return dict(doc, secret=secret, coins=twin_coins)

    def takeback_refusal(self, doc: dict, seat: int, move: dict, events: list) -> str | None:
        """Every play rolls the next seat's dice (a roll once seen cannot be un-seen: choosing again knowing
        it would be choosing with the dice shown), and the last arrangement shows every arrangement and rolls
        the first dice. Only an arrangement the others have not seen yet (they are still arranging) may be
        taken back."""
        kinds = {event.get("type") for event in events}
        if "reveal" in kinds:
            return "revealed"
        if kinds & {"roll", "first", "turn_lost"} or "order" not in move:
            return "dice_rolled"
        return None

    def render_text(self, doc: dict) -> str:
        return views.render_text(self.state(doc))

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        """'the 3 like a bishop 2,0→5,3, capturing a medium pyramid' or 'arranges the coins 3 null 5 ace 2 4':
        a Phrase (said in the reader's language by the web layer)."""
        st = self.state(doc)
        if "order" in move:
            return Phrase(N_("arranges the coins {a} {b} {c} {d} {e} {f}"),
                          **{k: _coin(v) for k, v in zip("abcdef", move["order"])})
        if st.dice is None or st.to_act != seat:
            return Phrase(N_("moves to {to}"), to=str(move.get("to")))
        number, kind = st.dice
        origin = st.coin_sq[seat * 6 + number]
        dest = st.geo.index.get(move.get("to"), -1)
        what = {"coin": _coin(number), "kind": Phrase(KIND_A[kind]), "origin": st.geo.names[origin],
                "dest": str(move.get("to"))}
        if dest >= 0 and st.coin_at[dest] >= 0:
            taken = st.coin_at[dest]
            return Phrase(N_("the {coin} like {kind} {origin}→{dest}, capturing the {taken}"), **what,
                          taken=_coin_of(taken // 6, taken % 6))
        if dest >= 0 and st.pyr[dest]:
            return Phrase(N_("the {coin} like {kind} {origin}→{dest}, capturing {pyramid}"), **what,
                          pyramid=Phrase(A_PYRAMID[st.pyr[dest]]))
        return Phrase(N_("the {coin} like {kind} {origin}→{dest}"), **what)

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
            raise IllegalMove(N_("The game is over: the last pyramid has been captured (scores {scores}).")
                              if st.over == "pyramids_captured" else
                              N_("The game is over: no coin could move any more (scores {scores})."), scores=scores)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.players:
            raise IllegalMove(N_("There is no seat {seat} at this {n}-player table."), seat=repr(seat), n=st.players)
        acting = st.seats_to_act()
        if seat in acting:
            return
        if st.phase == "arrange":
            if len(acting) == 1:
                raise IllegalMove(
                    N_("Seat {seat} has already arranged its coins; waiting for seat {seats} to arrange."),
                    seat=seat, seats=_seats(acting))
            raise IllegalMove(
                N_("Seat {seat} has already arranged its coins; waiting for seats {list} and {last} to arrange."),
                seat=seat, list=", ".join(str(s) for s in acting[:-1]), last=acting[-1])
        raise IllegalMove(NOT_YOUR_TURN[SIDE_WORD[st.geo.sides[st.to_act]]], to_act=st.to_act, seat=seat)


# --- why a move is refused, in words (python-chess style) -------------------------------------------
KIND_RULE = {
    PAWN: N_("A pawn moves one square straight ahead onto an empty square, or one square diagonally ahead to capture"),
    ROOK: N_("A rook moves any distance along its row or its column"),
    KNIGHT: N_("A knight jumps two squares one way and one square the other"),
    BISHOP: N_("A bishop moves any distance diagonally"),
    QUEEN: N_("A queen moves any distance along a row, a column or a diagonal"),
    KING: N_("A king moves one square in any direction"),
}


def check_shape(move, phase: str) -> None:
    """InvalidMove unless `move` is an arrangement or a play, as dicts; IllegalMove if it is the other phase's."""
    key = "order" if phase == "arrange" else "to"
    example = '{"order": [0, 1, 2, 3, 4, 5]}' if phase == "arrange" else '{"to": "3,4"}'
    if not isinstance(move, dict) or set(move) != {key}:
        refusal = IllegalMove if isinstance(move, dict) and set(move) in ({"order"}, {"to"}) else InvalidMove
        raise refusal(N_("In the arrange phase a move is arranging your coins, written like {example}; not {move}.")
                      if phase == "arrange" else
                      N_("In the play phase a move is a play, written like {example}; not {move}."),
                      example=example, move=str(move)[:80])


def check_order(order) -> list[int]:
    """The order of an arrangement; InvalidMove unless it lists the six coin values once each."""
    if (not isinstance(order, list) or len(order) != 6
            or any(not isinstance(v, int) or isinstance(v, bool) for v in order)):
        raise InvalidMove(N_("An arrangement lists the six coin values 0 to 5 along your home row, not {order}."),
                          order=str(order)[:80])
    if sorted(order) != [0, 1, 2, 3, 4, 5]:
        missing = sorted(set(range(6)) - set(order))
        raise InvalidMove(N_("The order {order} must use each coin 0 to 5 exactly once (missing: {missing})."),
                          order=str(order), missing=", ".join(map(str, missing)))
    return list(order)


# The words inside a refusal, each a phrase to translate (a Phrase param: said in the reader's language).
COIN_PHRASE = {0: N_("null"), 1: N_("ace")}
SUIT_PHRASE = {"sun": N_("sun"), "moon": N_("moon"), "crown": N_("crown"), "arms": N_("arms")}
SIDE_PHRASE = {"south": N_("south"), "north": N_("north"), "west": N_("west"), "east": N_("east")}
KIND_A = (N_("a pawn"), N_("a rook"), N_("a knight"), N_("a bishop"), N_("a queen"), N_("a king"))
A_PYRAMID = {1: N_("a small pyramid"), 2: N_("a medium pyramid"), 3: N_("a large pyramid")}


def _coin(value: int) -> Phrase:
    """'ace', '3' (a coin by its value)."""
    return Phrase(COIN_PHRASE.get(value, str(value)))


def _coin_of(seat: int, value: int) -> Phrase:
    """'sun ace': a seat's coin by its suit and value (position.coin_text, said in the reader's language)."""
    return Phrase(N_("{suit} {coin}"), suit=Phrase(SUIT_PHRASE[SUITS[seat]]), coin=_coin(value))


def occupant_text(st: State, sq: int) -> Phrase:
    coin = st.coin_at[sq]
    if coin >= 0:
        return Phrase(N_("the {coin}"), coin=_coin_of(coin // 6, coin % 6))
    if st.pyr[sq]:
        return Phrase(A_PYRAMID[st.pyr[sq]])
    return Phrase(N_("nothing"))


def why_illegal(st: State, dest_name) -> tuple[str, dict]:
    """The reason the seat to act may not move its rolled coin to `dest_name`: a sentence id and its params."""
    seat, (number, kind) = st.to_act, st.dice
    geo = st.geo
    coin = seat * 6 + number
    origin = st.coin_sq[coin]
    if not isinstance(dest_name, str) or dest_name not in geo.index:
        return (N_('{dest} is not a square of this board: squares are written "x,y" (x from 0 in the west, y from 0 '
                   'in the south).'), {"dest": repr(str(dest_name)[:20])})
    dest = geo.index[dest_name]
    mine = {"coin": _coin(number), "kind": Phrase(KIND_A[kind])}
    me = Phrase(N_("Your {coin} ({kind} this turn)"), **mine)
    at = geo.names[origin]
    where = {"me": me, "at": at, "dest": dest_name}
    if dest == origin:
        return N_("{me} already stands on {dest}: a move must go somewhere."), where
    dx, dy = dest % STRIDE - origin % STRIDE, dest // STRIDE - origin // STRIDE
    if not _shape_fits(kind, dx, dy, FORWARD[geo.sides[seat]]):
        return (N_("{rule}; {dest} is not such a move from {at} for {me}."),
                {**where, "rule": Phrase(KIND_RULE[kind]), "me": Phrase(N_("your {coin} ({kind} this turn)"), **mine)})
    z = geo.zone[dest]
    if z >= 0 and z != seat:
        return (N_("No coin may enter another seat's back two rows: {dest} is in the {side} seat's."),
                {**where, "side": Phrase(SIDE_PHRASE[SIDE_WORD[geo.sides[z]]])})
    if z == seat and st.left[coin]:
        return N_("{me} has left your back two rows and may never enter them again ({dest})."), where
    if kind in (ROOK, BISHOP, QUEEN):
        step = (dx // max(abs(dx), 1), dy // max(abs(dy), 1))
        ray = geo.rays[origin][DIRECTIONS.index(step)]
        for sq in ray[:ray.index(dest)]:
            if st.coin_at[sq] >= 0 or st.pyr[sq]:
                return (N_("The way from {at} to {dest} is blocked at {sq} by {what}."),
                        {**where, "sq": geo.names[sq], "what": occupant_text(st, sq)})
            if geo.zone[sq] >= 0 and (geo.zone[sq] != seat or st.left[coin]):
                return (N_("The way from {at} to {dest} crosses back rows it may not enter ({sq})."),
                        {**where, "sq": geo.names[sq]})
    other = st.coin_at[dest]
    if other >= 0 and other // 6 == seat:
        return N_("Your own {coin} stands on {dest}."), {**where, "coin": _coin(other % 6)}
    if other >= 0 and st.on_board[other // 6] <= 1:
        return (N_("The {coin} on {dest} is that seat's last coin on the board: it is immune to capture."),
                {**where, "coin": _coin_of(other // 6, other % 6)})
    if kind == PAWN and dx * dy == 0 and (other >= 0 or st.pyr[dest]):
        return (N_("A pawn steps straight ahead only onto an empty square; {dest} holds {what}."),
                {**where, "what": occupant_text(st, dest)})
    if kind == PAWN and dx * dy != 0 and other < 0 and not st.pyr[dest]:
        return N_("A pawn moves diagonally only to capture; {dest} is empty."), where
    return N_("{me} cannot move from {at} to {dest}."), where


def _shape_fits(kind: int, dx: int, dy: int, forward: tuple[int, int]) -> bool:
    adx, ady = abs(dx), abs(dy)
    if kind == ROOK:
        return dx == 0 or dy == 0
    if kind == BISHOP:
        return adx == ady
    if kind == QUEEN:
        return dx == 0 or dy == 0 or adx == ady
    if kind == KNIGHT:
        return {adx, ady} == {1, 2}
    if kind == KING:
        return max(adx, ady) == 1
    fx, fy = forward  # pawn: straight ahead, or diagonally ahead
    return (dx, dy) == (fx, fy) or (max(adx, ady) == 1 and adx == ady and (dx * fx + dy * fy) == 1)


def checked_dest(st: State, move: dict) -> int:
    """The destination square of a well-shaped play move, if legal; InvalidMove if it names no square of
    this board, IllegalMove with the reason otherwise."""
    name = move["to"]
    sq = st.geo.index.get(name, -1) if isinstance(name, str) else -1
    if sq >= 0 and sq in destinations(st, st.to_act * 6 + st.dice[0], st.dice[1]):
        return sq
    message, params = why_illegal(st, name)
    raise (IllegalMove if sq >= 0 else InvalidMove)(message, **params)


__all__ = ["MartianTreasureHunt"]
