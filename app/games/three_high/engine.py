"""3-High (Jason Troutman): the game object of the engine contract (ENGINE.md, RULES.md "3-High").

Checked entry points take and return JSON documents; the fast internal State lives in position.py.
"""
from __future__ import annotations

from ..base import N_, Chance, Game, IllegalMove, InvalidMove, Step, derive_secret, one_seat_to_act, twin_secret
from . import stats as figures
from . import view as views
from .cards import (CARD_ID, CARDS, PIECE_ID, PIECES, SIDE_ID, SIDE_WORD, SIDES, SQUARES, card_text, distance,
                    move_text, piece_text, step_square)
from .codec import from_doc, options_of, result_of, to_doc
from .position import (LAND, NO_PIECE, State, apply_unchecked, deal, has_legal, is_legal, legal_codes,
                       legal_codes_in_order)
from .reading import Memo, ThreeHighReading

MOVE_KEYS = ("card", "piece", "side")
TWIN_DEALS = 20  # deals hidden_twin tries before it keeps the hands as they are
BOT_STRENGTHS = ("quick", "normal", "strong")  # a table option for the shell's bot runner; the rules ignore it
# NAMES[code & 2047]: the (card, side, piece) strings of an encoded play
NAMES = tuple((CARDS[code >> 6 & 31], SIDES[code & 3], PIECES[code >> 2 & 15] if code >> 2 & 15 < 15 else "")
              for code in range(2048))


# MOVES[code & 2047]: the move dict of an encoded play (copied before it is handed out)
MOVES = tuple({"card": card, "side": side, "piece": piece} for card, side, piece in NAMES)
# TARGETS[origin << 6 | destination]: a move target (copied before it is handed out)
TARGETS = tuple({"from": SQUARES[pair >> 6], "to": SQUARES[pair & 63]} for pair in range(64 * 64))


class ThreeHigh(Game):
    name = "three-high"
    title = "3-High"
    min_players = 1
    max_players = 4
    pitch = ("Work together: move pyramids with playing cards and build all five trees before the cards "
             "run out.")
    cooperative = True
    client = "js/games/three_high/index.js"
    css = "js/games/three_high/three_high.css"
    rules_template = "three_high/rules/three_high.html"
    order = 10  # on the home page's shelf
    bot = "three_high:ThreeHighBot"
    # Every play moves one card of the 32 from a hand to the discard, which is never shuffled back: at most
    # 32 plays (a game ends sooner, when a draw finds the pile empty or five trees stand).
    max_plies = 32
    simultaneous = False
    chance = True  # the deal, the draw pile's order and the first seat
    hidden_information = True  # with hidden_hands each seat sees only its own hand
    deal_options = ()  # every deal of 3-High is its shuffle: no option shapes it
    daily_seats = (1, 2, 3, 4)
    table_options = ("bot_strength",)  # how long the table's bots think: neither the deal nor a house rule
    takeback_reasons = {
        **Game.takeback_reasons,
        "card_drawn": N_("That play drew a card, and a card once seen cannot be un-seen: it cannot be taken back."),
        "hand_shown": N_("With hidden hands, the card played was seen by everyone and would go back to a hand they "
                         "may not see: it cannot be taken back."),
    }

    def __init__(self) -> None:
        self._memo = Memo()

    def deal_figures(self, doc: dict, result: dict | None) -> dict:
        """The trees the team had at the end (3-High scores no points)."""
        return {"trees": self.view(doc, None).get("trees")}

    def deal_rank(self, row: dict) -> tuple:
        """A won game before a lost one, then more trees, fewer moves, fewer hints."""
        return (row["outcome"] != "won", -(row.get("trees") or 0), row["moves"], row["hints"])

    def yardstick_plays(self, players: int, plays: int) -> int:
        return plays  # the bots' plays vary as a team's would

    def yardstick_outcome(self, doc: dict) -> dict:
        return {"outcome": (self.result(doc) or {}).get("outcome") or "unfinished",
                "trees": self.view(doc, None).get("trees")}

    def option_specs(self, players: int) -> list[dict]:
        return [
            {"name": "allow_zero_moves", "type": "bool", "default": False,
             "label": "Allow plays that move a piece zero squares (it stays where it is)"},
            {"name": "hidden_hands", "type": "bool", "default": False, "min_players": 2,  # alone it means nothing
             "label": "Each player sees only their own hand"},
            {"name": "bot_strength", "type": "choice", "choices": list(BOT_STRENGTHS), "default": "normal",
             "label": "How long bots (and hints) think per play: quick 0.2 s, normal 1 s, strong 2 s"},
        ]

    def bot_seconds(self, options: dict | None, seconds: float) -> float:
        """The table's bot_strength: quick, a fifth of the server's setting (at most 0.2 s); strong, twice it."""
        strength = (options or {}).get("bot_strength")
        return min(0.2, seconds / 5) if strength == "quick" else 2 * seconds if strength == "strong" else seconds

    # --- the contract -------------------------------------------------------------------------------
    def setup(self, players: int = 1, options: dict | None = None, seed=0) -> dict:
        options = self.check_options(players, options)
        rules = {name: value for name, value in options.items() if name not in self.table_options}  # the table's
        return to_doc(self.new_state(players, options, seed), rules)

    def new_state(self, players: int, options: dict, seed) -> State:
        """The initial State for `seed` (options already checked): what `setup` returns, unconverted."""
        secret = derive_secret(self.name, seed)
        st = State(players, options["allow_zero_moves"], options["hidden_hands"], secret)
        deal(st, Chance(secret, "setup"))
        return st

    def to_act(self, doc: dict) -> list[int]:
        return one_seat_to_act(doc, from_doc)

    def legal_moves(self, doc: dict, seat: int) -> list[dict]:
        """Plays in hand order, then by the piece's square (a1, b1, .. h8), then side N E S W."""
        return [dict(MOVES[code & 2047]) for code in self._sorted_codes(from_doc(doc), seat)]

    def legal_moves_and_targets(self, doc: dict, seat: int) -> tuple[list[dict], list]:
        """`legal_moves` and their `move_targets` from one reading of the doc (the server wants both)."""
        return self.moves_and_targets_of(from_doc(doc), seat)

    def moves_and_targets_of(self, st: State, seat: int, shared: bool = False) -> tuple[list[dict], list]:
        """shared=True: the module's own move and target dicts, not copies (a reading's answers, which the
        server only encodes); False: fresh dicts the caller may change."""
        codes = self._sorted_codes(st, seat)
        pos = st.pos
        if shared:
            return ([MOVES[code & 2047] for code in codes],
                    [TARGETS[pos[code >> 2 & 15] << 6 | code >> 11] for code in codes])
        return ([dict(MOVES[code & 2047]) for code in codes],
                [dict(TARGETS[pos[code >> 2 & 15] << 6 | code >> 11]) for code in codes])

    @staticmethod
    def _sorted_codes(st: State, seat: int) -> list[int]:
        if st.to_act < 0 or seat != st.to_act:
            return []
        return legal_codes_in_order(st, seat)

    def apply(self, doc: dict, seat: int, move: dict) -> Step:
        return self.apply_to(from_doc(doc), doc, seat, move)

    def apply_to(self, st: State, doc: dict, seat: int, move: dict) -> Step:
        """`apply` on `doc` already read into `st` (left unchanged); the new doc's State is remembered for
        `reading`."""
        code = self._checked_code(st, seat, move)
        after = st.copy()
        drawn = apply_unchecked(after, code)
        events = views.play_events(st, after, seat, code, drawn)
        new = to_doc(after, options_of(doc))
        self._memo.put(new, after)
        return Step(new, events)

    def reading(self, doc: dict) -> ThreeHighReading:
        return ThreeHighReading(self, self, doc, self._memo.get(doc))

    def view(self, doc: dict, seat: int | None) -> dict:
        return views.view(doc, seat, from_doc(doc))

    def result(self, doc: dict) -> dict | None:
        """The stored result; a hand-built document without one is read as codec.implied_end says."""
        if "result" in doc:
            stored = doc["result"]
            if stored is not None:
                return dict(stored, winners=list(stored["winners"]))
            if doc["to_act"]:  # stored as going on, with a seat to act: from_doc implies no end either
                return None
        return result_of(from_doc(doc))

    # --- extras: events, texts, fast paths --------------------------------------------------------
    def view_events(self, events: list, seat: int | None, doc: dict) -> list:
        return views.view_events(events, seat, doc)

    def hidden_twin(self, doc: dict, viewer: int | None, seed) -> dict:
        """`doc` with another secret and the draw pile in another order; with hidden_hands, the hands
        `viewer` may not see dealt again, with the pile, from their cards (each keeps its size). The seat
        to act keeps a legal play (that the game goes on shows it has one): a deal that leaves it none is
        drawn again, and after TWIN_DEALS of them only the pile is shuffled (base.Game.hidden_twin)."""
        secret = twin_secret(self.name, doc, seed)
        chance = Chance(secret, "twin")
        hands = [list(hand) for hand in doc["hands"]]
        unseen = [owner for owner in range(len(hands)) if owner != viewer] if options_of(doc)["hidden_hands"] else []
        acting = self.to_act(doc)
        for _ in range(TWIN_DEALS):
            pool = chance.shuffle(list(doc["draw_pile"]) + [card for owner in unseen for card in hands[owner]])
            dealt = [list(hand) for hand in hands]
            for owner in unseen:
                dealt[owner], pool = pool[:len(hands[owner])], pool[len(hands[owner]):]
            twin = dict(doc, secret=secret, hands=dealt, draw_pile=pool)
            if not acting or acting[0] not in unseen or has_legal(from_doc(twin), acting[0]):
                return twin
        return dict(doc, secret=secret, draw_pile=chance.shuffle(list(doc["draw_pile"])))

    def takeback_refusal(self, doc: dict, seat: int, move: dict, events: list) -> str | None:
        """A play that drew a card cannot be taken back (the card was seen); nor, with hidden hands at a table
        of several, any play (the card played was seen by all and would go back to a hand they may not see).
        A play that completed a tree drew nothing: it may."""
        if any(event.get("type") == "draw" for event in events):
            return "card_drawn"
        if (doc.get("options") or {}).get("hidden_hands") and doc.get("players", 1) > 1:
            return "hand_shown"
        return None

    def render_text(self, doc: dict) -> str:
        return views.render_text(from_doc(doc))

    def stats(self, tables: list[dict]) -> dict:
        return figures.summarize(tables)

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        """'8♦ north: red 3 d2→d7' for a well-formed move (the move need not be legal): a Phrase (cards.move_text)."""
        st = from_doc(doc)
        card, side, piece = CARD_ID[move["card"]], SIDE_ID[move["side"]], PIECE_ID[move["piece"]]
        origin = st.pos[piece]
        dest = step_square(origin, side, distance(card, piece)) if origin >= 0 else -1
        return move_text(card, side, piece, origin, dest)

    def move_targets(self, doc: dict, moves: list) -> list:
        """{"from": square, "to": square} for each well-formed move: where its piece is and lands."""
        st = from_doc(doc)
        # The legal codes carry their destination: look moves up by name (a move not among them, say of a
        # seat not to act, is computed the slow way).
        by_name = {NAMES[code & 2047]: code for code in legal_codes(st, st.to_act)} if st.to_act >= 0 else {}
        out = []
        for m in moves:
            code = by_name.get((m["card"], m["side"], m["piece"]))
            if code is None:
                code = self.code_of(st, m)
            out.append({"from": SQUARES[st.pos[code >> 2 & 15]], "to": SQUARES[code >> 11]})
        return out

    @staticmethod
    def move_of(code: int) -> dict:
        return dict(MOVES[code & 2047])

    @staticmethod
    def code_of(st: State, move: dict) -> int:
        """The internal code of a well-formed move dict (unchecked: the destination is computed)."""
        card, side, piece = CARD_ID[move["card"]], SIDE_ID[move["side"]], PIECE_ID[move["piece"]]
        squares = distance(card, piece)
        dest = st.pos[piece] if squares == 0 else step_square(st.pos[piece], side, squares)
        return dest << 11 | card << 6 | piece << 2 | side

    # --- checking -----------------------------------------------------------------------------------
    def _checked_code(self, st: State, seat, move) -> int:
        """The code of `move` if it is legal for `seat` now; InvalidMove if it is no 3-High play at all,
        IllegalMove with the reason if the rules refuse it."""
        _check_shape(move)
        if st.over is not None:
            raise IllegalMove(N_("The game is over: the team won.") if st.over[0] == "won"
                              else N_("The game is over: the team lost."))
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < st.players:
            raise IllegalMove(N_("There is no seat {seat} at this {n}-player table."), seat=repr(seat), n=st.players)
        if seat != st.to_act:
            raise IllegalMove(N_("It is seat {to_act}'s turn, not seat {seat}'s."), to_act=st.to_act, seat=seat)
        card, side, piece = CARD_ID[move["card"]], SIDE_ID[move["side"]], PIECE_ID[move["piece"]]
        if card not in st.hands[seat]:
            raise IllegalMove(N_("The {card} is not in your hand."), card=card_text(card))
        code = self.code_of(st, move) if st.pos[piece] >= 0 else -1
        if code >= 0 and is_legal(st, seat, code):
            return code
        message, params = _why_illegal(st, card, side, piece)
        raise IllegalMove(message, **params)


def _check_shape(move) -> None:
    """InvalidMove unless `move` is a 3-High play: a dict of a card, a side and a piece the game has, as text."""
    if not isinstance(move, dict) or set(move) != set(MOVE_KEYS):
        raise InvalidMove(N_("A 3-High move is a dict with a card, a side and a piece, not {move}."), move=repr(move))
    if not all(isinstance(move[key], str) for key in MOVE_KEYS):
        raise InvalidMove(N_("A 3-High move names its card, side and piece as text, not {move}."), move=repr(move))
    if move["card"] not in CARD_ID:
        raise InvalidMove(N_("{card} is not a card; cards are written like 8D or AH."), card=repr(move["card"]))
    if move["side"] not in SIDE_ID:
        raise InvalidMove(N_("{side} is not a side; play a card to side N, E, S or W."), side=repr(move["side"]))
    if move["piece"] not in PIECE_ID:
        raise InvalidMove(N_("{piece} is not a piece; pieces are written like red3 or blue1."),
                          piece=repr(move["piece"]))


# A play off the board, by the way it would go (each a sentence to translate).
OFF_BOARD = {
    "north":
        N_("The {card} would take the {piece} from {sq} off the board: {n} squares north of {sq} is past the edge."),
    "east":
        N_("The {card} would take the {piece} from {sq} off the board: {n} squares east of {sq} is past the edge."),
    "south":
        N_("The {card} would take the {piece} from {sq} off the board: {n} squares south of {sq} is past the edge."),
    "west":
        N_("The {card} would take the {piece} from {sq} off the board: {n} squares west of {sq} is past the edge."),
}


OFF_BOARD_ONE = {
    "north": N_("The {card} would take the {piece} from {sq} off the board: 1 square north of {sq} is past the edge."),
    "east": N_("The {card} would take the {piece} from {sq} off the board: 1 square east of {sq} is past the edge."),
    "south": N_("The {card} would take the {piece} from {sq} off the board: 1 square south of {sq} is past the edge."),
    "west": N_("The {card} would take the {piece} from {sq} off the board: 1 square west of {sq} is past the edge.")}
NOT_LEGAL = {"north": N_("The {card} north with the {piece} is not a legal play."),
             "east": N_("The {card} east with the {piece} is not a legal play."),
             "south": N_("The {card} south with the {piece} is not a legal play."),
             "west": N_("The {card} west with the {piece} is not a legal play.")}


def _why_illegal(st: State, card: int, side: int, piece: int) -> tuple[str, dict]:
    """The sentence (a message id and its params) for a play of a held card that the generator refuses."""
    square = st.pos[piece]
    what = {"card": card_text(card), "piece": piece_text(piece)}
    if square == NO_PIECE:
        return N_("The {piece} is not on the board."), what
    if st.top[square] != piece:
        return (N_("Only the top piece of a stack moves: the {piece} on {sq} is under the {top}."),
                {**what, "sq": SQUARES[square], "top": piece_text(st.top[square])})
    squares = distance(card, piece)
    if squares == 0:
        return N_("The {card} would move the {piece} zero squares, and this table does not allow zero moves."), what
    dest = step_square(square, side, squares)
    heading = SIDE_WORD[side] if squares > 0 else SIDE_WORD[(side + 2) % 4]
    if dest < 0:
        off = OFF_BOARD_ONE if abs(squares) == 1 else OFF_BOARD
        return off[heading], {**what, "sq": SQUARES[square], "n": abs(squares)}
    onto = st.top[dest]
    where = {**what, "sq": SQUARES[dest], "onto": piece_text(onto) if onto != NO_PIECE else ""}
    if onto != NO_PIECE:
        if LAND[piece] < 0:
            return (N_("The {piece} cannot land on {sq}: the {onto} is on top there, and it may only land on an empty "
                       "square."), where)
        return (N_("The {piece} cannot land on {sq}: the {onto} is on top there, and it may only land on an "
                   "empty square or the {land}."), {**where, "land": piece_text(LAND[piece])})
    return NOT_LEGAL[SIDE_WORD[side]], what
