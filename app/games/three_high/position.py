"""The fast internal position of 3-High and the one generator of legal plays.

A play is one int, ``dest << 11 | card << 6 | piece << 2 | side``, and the move tables below list every
play that stays on the board. Stacks are linked lists: ``top[square]`` is the top piece there (-1: empty),
``below[piece]`` the piece under it (-1: the board), ``pos[piece]`` its square (-1: not on the board, only
in hand-built documents), ``occ`` the bitmask of occupied squares. Everything here trusts its input; the
checked entry points live in engine.py, and the functions bots and the bench may call without checks are
``legal_codes``, ``random_code`` and ``apply_unchecked``.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .cards import BOARD, CARDS, HAND_SIZE, PIECES, WIN_TREES, distance, step_square

# --- the move tables: every play that stays on the board, by square, piece and card -------------------
# For `i = (square * 15 + piece) * 32 + card`: `codes[i]` lists the plays side N E S W, `dests[i]` is the
# bitmask of their destinations (a generator looks at the squares only when one is occupied), and
# `one[i * 4 + side]` is the single play toward that side or -1 off the board. Distance 0 lists the square
# itself once per side when zero plays are allowed, and nothing otherwise. Built once per setting, on first
# use (about 5 MB).
SQUARE_COUNT = BOARD * BOARD
PIECE_COUNT = len(PIECES)
CARD_COUNT = len(CARDS)
MAX_STEP = 8  # |distance| never exceeds a card's value


class MoveTables(NamedTuple):
    codes: tuple
    dests: tuple
    one: tuple


@lru_cache(maxsize=2)
def move_tables(allow_zero: bool) -> MoveTables:
    span = 2 * MAX_STEP + 1
    reach = [(square if allow_zero else -1) if squares == 0 else step_square(square, side, squares)
             for square in range(SQUARE_COUNT) for side in range(4)
             for squares in range(-MAX_STEP, MAX_STEP + 1)]  # reach[(square * 4 + side) * span + squares + 8]
    masks: dict[int, int] = {}  # one shared int per distinct bitmask
    codes, dests, one = [], [], [-1] * (SQUARE_COUNT * PIECE_COUNT * CARD_COUNT * 4)
    for square in range(SQUARE_COUNT):
        for piece in range(PIECE_COUNT):
            for card in range(CARD_COUNT):
                first = square * 4 * span + distance(card, piece) + MAX_STEP
                entry, mask = [], 0
                for side in range(4):
                    dest = reach[first + side * span]
                    if dest >= 0:
                        code = dest << 11 | card << 6 | piece << 2 | side
                        entry.append(code)
                        mask |= 1 << dest
                        one[len(codes) * 4 + side] = code
                codes.append(tuple(entry))
                dests.append(masks.setdefault(mask, mask))
    return MoveTables(tuple(codes), tuple(dests), tuple(one))


# --- the position and its generator ------------------------------------------------------------------
NO_PIECE = -1
# LAND[piece]: the piece it may land on (same colour, one size larger); -2 matches no piece.
LAND = tuple(piece + 1 if piece % 3 < 2 else -2 for piece in range(PIECE_COUNT))
# LANDS[piece]: what may be on top of a square `piece` moves to, the rules' one landing test for every
# generator here and for encoded.legal_json: nothing, its own colour one size larger, or itself (a zero
# play, where allowed: the move tables hold zero plays only then).
LANDS = tuple(frozenset({NO_PIECE, piece} | ({LAND[piece]} if LAND[piece] >= 0 else set()))
              for piece in range(PIECE_COUNT))


def decode(code: int) -> tuple[int, int, int, int]:
    """(card, side, piece, dest) of an encoded play."""
    return (code >> 6) & 31, code & 3, (code >> 2) & 15, code >> 11


class State:
    """One 3-High position. `over` is None while playing, else ("won"|"lost", reason)."""

    __slots__ = ("players", "top", "below", "pos", "occ", "hands", "pile", "discard", "to_act", "trees",
                 "over", "allow_zero", "hidden_hands", "secret", "tables")

    def __init__(self, players: int, allow_zero: bool = False, hidden_hands: bool = False,
                 secret: str = "") -> None:
        self.players = players
        self.top = [NO_PIECE] * SQUARE_COUNT
        self.below = [NO_PIECE] * PIECE_COUNT
        self.pos = [NO_PIECE] * PIECE_COUNT
        self.occ = 0  # bitmask of the squares holding a piece
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[int] = []  # drawn from the END (pile[-1] is next); documents list it reversed
        self.discard: list[int] = []
        self.to_act = 0  # the seat to play; -1 once the game is over
        self.trees = 0
        self.over: tuple[str, str] | None = None
        self.allow_zero = allow_zero
        self.hidden_hands = hidden_hands
        self.secret = secret
        self.tables = move_tables(allow_zero)

    def copy(self) -> "State":
        new = State.__new__(State)
        new.players, new.to_act, new.trees, new.over = self.players, self.to_act, self.trees, self.over
        new.allow_zero, new.hidden_hands, new.secret = self.allow_zero, self.hidden_hands, self.secret
        new.tables = self.tables
        new.top, new.below, new.pos, new.occ = self.top[:], self.below[:], self.pos[:], self.occ
        new.hands = [hand[:] for hand in self.hands]
        new.pile, new.discard = self.pile[:], self.discard[:]
        return new

    def place(self, piece: int, square: int) -> None:
        """Put a piece on top of whatever is on `square` (setup and hand-built documents)."""
        self.below[piece] = self.top[square]
        self.top[square] = piece
        self.pos[piece] = square
        self.occ |= 1 << square

    def stack(self, square: int) -> list[int]:
        """The pieces on `square`, bottom to top."""
        pieces = []
        piece = self.top[square]
        while piece != NO_PIECE:
            pieces.append(piece)
            piece = self.below[piece]
        pieces.reverse()
        return pieces

    def count_trees(self) -> int:
        """Colours whose 3, 2 and 1 sit consecutively, bottom to top, anywhere in one stack."""
        below = self.below
        return sum(1 for one in range(0, PIECE_COUNT, 3)  # one: the colour's 1, one + 1 its 2, one + 2 its 3
                   if below[one] == one + 1 and below[one + 1] == one + 2)

    def tree_squares(self) -> list[int]:
        """The square of each complete tree, in square order (a square holding two is listed twice)."""
        below = self.below
        return sorted(self.pos[one] for one in range(0, PIECE_COUNT, 3)
                      if below[one] == one + 1 and below[one + 1] == one + 2)

    def __repr__(self) -> str:
        return f"<State players={self.players} to_act={self.to_act} trees={self.trees} over={self.over}>"


def legal_codes(st: State, seat: int) -> list[int]:
    """Every legal play of `seat`, by piece id, then hand order, then side N E S W.

    The rules' one source of legality: the top piece only, on the board (the move tables), landing on an
    empty square, on its own colour one size larger, or (a zero play) where it stands.
    """
    top, pos, occ, (codes_at, dests_at, _) = st.top, st.pos, st.occ, st.tables
    hand = st.hands[seat]
    out: list[int] = []
    for piece in range(PIECE_COUNT):
        square = pos[piece]
        if square < 0 or top[square] != piece:
            continue  # off the board, or covered: only the top piece moves
        base = (square * PIECE_COUNT + piece) * CARD_COUNT
        for card in hand:
            if not dests_at[base + card] & occ:
                out += codes_at[base + card]  # every destination empty
                continue
            lands = LANDS[piece]
            for code in codes_at[base + card]:
                if top[code >> 11] in lands:
                    out.append(code)
    return out


def tops_in_order(st: State) -> list[tuple[int, int]]:
    """(square, piece) of every stack's top piece, by square (a1, b1, .. h8)."""
    top, pos = st.top, st.pos
    return sorted((pos[piece], piece) for piece in range(PIECE_COUNT) if pos[piece] >= 0 and top[pos[piece]] == piece)


def legal_codes_in_order(st: State, seat: int) -> list[int]:
    """legal_codes in the order players see them: by the card's place in the hand, then the piece's square
    (a1, b1, .. h8), then side N E S W (the move tables list each piece's plays by side), with no sort."""
    top, occ, (codes_at, dests_at, _) = st.top, st.occ, st.tables
    tops = tops_in_order(st)
    out: list[int] = []
    for card in st.hands[seat]:
        for square, piece in tops:
            i = (square * PIECE_COUNT + piece) * CARD_COUNT + card
            if not dests_at[i] & occ:
                out += codes_at[i]
                continue
            lands = LANDS[piece]
            for code in codes_at[i]:
                if top[code >> 11] in lands:
                    out.append(code)
    return out


def is_legal(st: State, seat: int, code: int) -> bool:
    """code in legal_codes(st, seat), without listing them: the card in hand, the top piece on the board,
    a play the move tables hold (on the board; a zero play only where allowed), landing as the rules say."""
    card, piece = code >> 6 & 31, code >> 2 & 15
    square = st.pos[piece]
    if card not in st.hands[seat] or square < 0 or st.top[square] != piece:
        return False
    if code not in st.tables.codes[(square * PIECE_COUNT + piece) * CARD_COUNT + card]:
        return False
    return st.top[code >> 11] in LANDS[piece]


def has_legal(st: State, seat: int) -> bool:
    """bool(legal_codes(st, seat)), stopping at the first play found."""
    top, pos, occ, (codes_at, dests_at, _) = st.top, st.pos, st.occ, st.tables
    hand = st.hands[seat]
    for piece in range(PIECE_COUNT):
        square = pos[piece]
        if square < 0 or top[square] != piece:
            continue
        base = (square * PIECE_COUNT + piece) * CARD_COUNT
        for card in hand:
            if codes_at[base + card] and not dests_at[base + card] & occ:
                return True
            lands = LANDS[piece]
            for code in codes_at[base + card]:
                if top[code >> 11] in lands:
                    return True
    return False


def random_code(st: State, randbelow) -> int:
    """A uniformly random legal play of the seat to act (-1 if none), for playouts and bots.

    Draws (card, piece, side) candidates uniformly and keeps the first legal one; every legal play is
    exactly one candidate, so the choice is uniform. After a few misses it falls back to the full list.
    """
    hand, top, pos, one = st.hands[st.to_act], st.top, st.pos, st.tables.one
    n_hand = len(hand)
    per_side = n_hand * PIECE_COUNT
    for _ in range(32 if n_hand else 0):
        i = randbelow(per_side * 4)
        piece = i // n_hand % PIECE_COUNT
        square = pos[piece]
        if square < 0 or top[square] != piece:
            continue
        code = one[((square * PIECE_COUNT + piece) * CARD_COUNT + hand[i % n_hand]) * 4 + i // per_side]
        if code >= 0 and top[code >> 11] in LANDS[piece]:
            return code
    codes = legal_codes(st, st.to_act)
    return codes[randbelow(len(codes))] if codes else -1


def apply_unchecked(st: State, code: int) -> int:
    """Play `code` for the seat to act, in place, with draws and the end of the game. No legality check.

    Returns the card drawn, or -1 when none was (a tree was completed, or the pile was empty: a loss).
    """
    seat = st.to_act
    card, piece, dest = (code >> 6) & 31, (code >> 2) & 15, code >> 11
    hand = st.hands[seat]
    hand.remove(card)
    st.discard.append(card)
    square = st.pos[piece]
    completed = False
    if dest != square:
        top, below = st.top, st.below
        under = below[piece]
        top[square] = under
        if under < 0:
            st.occ ^= 1 << square
        onto = top[dest]
        st.occ |= 1 << dest
        below[piece] = onto
        top[dest] = piece
        st.pos[piece] = dest
        if piece % 3 == 0:  # only a 1 can complete or leave a tree
            if under == piece + 1 and below[under] == piece + 2:
                st.trees -= 1
            if onto == piece + 1 and below[onto] == piece + 2:
                st.trees += 1
                completed = True
    drawn = -1
    if completed:
        if st.trees >= WIN_TREES:
            st.over, st.to_act = ("won", "trees"), -1
            return -1
    elif st.pile:
        drawn = st.pile.pop()
        hand.append(drawn)
    else:
        st.over, st.to_act = ("lost", "out_of_cards"), -1
        return -1
    st.to_act = seat = (seat + 1) % st.players
    if not has_legal(st, seat):
        st.over, st.to_act = ("lost", "stuck"), -1
    return drawn


def deal(st: State, chance) -> None:
    """Set up the board and the hands as ruled, drawing from `chance` (a base.Chance)."""
    red = [card for card in range(CARD_COUNT) if card // 8 < 2]
    black = [card for card in range(CARD_COUNT) if card // 8 >= 2]
    chance.shuffle(red)
    chance.shuffle(black)
    drawn = 0
    for size_index in (2, 1, 0):  # all 3s, then all 2s, then all 1s
        for color in chance.shuffle(list(range(5))):
            file, rank = red[drawn] % 8, black[drawn] % 8  # A = file a / rank 1 ... 8 = h / 8
            st.place(color * 3 + size_index, rank * BOARD + file)
            drawn += 1
    deck = chance.shuffle(list(range(CARD_COUNT)))
    per_seat = HAND_SIZE[st.players]
    for i in range(per_seat * st.players):
        st.hands[i % st.players].append(deck[i])
    st.pile = deck[per_seat * st.players:][::-1]  # pile[-1] is the next card: deck order after the deal
    st.trees = st.count_trees()
    st.to_act = chance.randbelow(st.players)
    if not has_legal(st, st.to_act):
        st.over, st.to_act = ("lost", "stuck"), -1
