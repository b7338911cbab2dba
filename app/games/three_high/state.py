"""The fast internal position of 3-High and the one generator of legal plays.

A play is encoded as one int: ``dest << 11 | card << 6 | piece << 2 | side``. Stacks are linked lists:
``top[square]`` is the top piece there (-1: empty), ``below[piece]`` the piece under it (-1: the board),
``pos[piece]`` its square (-1: not on the board, only in hand-built documents). Everything here trusts its
input; the checked entry points live in engine.py. Functions named ``*_unchecked`` say so.
"""
from __future__ import annotations

from .cards import BOARD, CARDS, HAND_SIZE, PIECES, WIN_TREES, distance, step_square

NO_PIECE = -1
SQUARE_COUNT = BOARD * BOARD
PIECE_COUNT = len(PIECES)
CARD_COUNT = len(CARDS)
# LAND[piece]: the piece it may land on (same colour, one size larger); -2 matches no piece.
LAND = tuple(piece + 1 if piece % 3 < 2 else -2 for piece in range(PIECE_COUNT))


def _targets(allow_zero: bool) -> tuple:
    """TARGETS[(square * 32 + card) * 3 + size - 1]: ((dest, code without the piece), ...), N E S W.

    Only destinations on the board are listed; distance 0 lists the square itself once per side when
    zero plays are allowed, and nothing otherwise.
    """
    table = []
    for square in range(SQUARE_COUNT):
        for card in range(CARD_COUNT):
            for size_index in range(3):
                squares = distance(card, size_index)  # piece id size_index has size size_index + 1
                entries = []
                for side in range(4):
                    dest = square if squares == 0 else step_square(square, side, squares)
                    if dest >= 0 and (squares != 0 or allow_zero):
                        entries.append((dest, dest << 11 | card << 6 | side))
                table.append(tuple(entries))
    return tuple(table)


TARGETS = (_targets(False), _targets(True))  # indexed by allow_zero_moves


def decode(code: int) -> tuple[int, int, int, int]:
    """(card, side, piece, dest) of an encoded play."""
    return (code >> 6) & 31, code & 3, (code >> 2) & 15, code >> 11


class State:
    """One 3-High position. `over` is None while playing, else ("won"|"lost", reason)."""

    __slots__ = ("players", "top", "below", "pos", "hands", "pile", "discard", "to_act", "trees",
                 "over", "allow_zero", "hidden_hands", "secret")

    def __init__(self, players: int, allow_zero: bool = False, hidden_hands: bool = False,
                 secret: str = "") -> None:
        self.players = players
        self.top = [NO_PIECE] * SQUARE_COUNT
        self.below = [NO_PIECE] * PIECE_COUNT
        self.pos = [NO_PIECE] * PIECE_COUNT
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[int] = []  # drawn from the END (pile[-1] is next); documents list it reversed
        self.discard: list[int] = []
        self.to_act = 0  # the seat to play; -1 once the game is over
        self.trees = 0
        self.over: tuple[str, str] | None = None
        self.allow_zero = allow_zero
        self.hidden_hands = hidden_hands
        self.secret = secret

    def copy(self) -> "State":
        new = State.__new__(State)
        new.players, new.to_act, new.trees, new.over = self.players, self.to_act, self.trees, self.over
        new.allow_zero, new.hidden_hands, new.secret = self.allow_zero, self.hidden_hands, self.secret
        new.top, new.below, new.pos = self.top[:], self.below[:], self.pos[:]
        new.hands = [hand[:] for hand in self.hands]
        new.pile, new.discard = self.pile[:], self.discard[:]
        return new

    def place(self, piece: int, square: int) -> None:
        """Put a piece on top of whatever is on `square` (setup and hand-built documents)."""
        self.below[piece] = self.top[square]
        self.top[square] = piece
        self.pos[piece] = square

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
        return sum(1 for one in range(0, PIECE_COUNT, 3) if below[one] == one + 1 and below[one + 1] == one + 2)

    def __repr__(self) -> str:
        return f"<State players={self.players} to_act={self.to_act} trees={self.trees} over={self.over}>"


def iter_codes(st: State, seat: int):
    """Every legal play of `seat`, by piece id, then hand order, then side N E S W. The rules' only source."""
    top, pos, table = st.top, st.pos, TARGETS[st.allow_zero]
    hand = st.hands[seat]
    for piece in range(PIECE_COUNT):
        square = pos[piece]
        if square < 0 or top[square] != piece:
            continue  # off the board, or covered: only the top piece moves
        land, pbits, base = LAND[piece], piece << 2, square * 96 + piece % 3
        for card in hand:
            for dest, code in table[base + card * 3]:
                onto = top[dest]
                if onto < 0 or onto == land or onto == piece:  # empty, own colour one larger, or staying
                    yield code | pbits


def legal_codes(st: State, seat: int) -> list[int]:
    return list(iter_codes(st, seat))


def has_legal(st: State, seat: int) -> bool:
    for _ in iter_codes(st, seat):
        return True
    return False


def random_code(st: State, randbelow) -> int:
    """A uniformly random legal play of the seat to act (-1 if none), for playouts and bots.

    Draws (card, piece, side) candidates uniformly and keeps the first legal one; every legal play is
    exactly one candidate, so the choice is uniform. After a few misses it falls back to the full list.
    """
    hand, top, pos = st.hands[st.to_act], st.top, st.pos
    tops = [piece for piece in range(PIECE_COUNT) if pos[piece] >= 0 and top[pos[piece]] == piece]
    n_hand, n_tops = len(hand), len(tops)
    if n_hand and n_tops:
        table = TARGETS[st.allow_zero]
        for _ in range(24):
            i = randbelow(n_hand * n_tops * 4)
            card, piece, side = hand[i % n_hand], tops[i // n_hand % n_tops], i // (n_hand * n_tops)
            for dest, code in table[pos[piece] * 96 + card * 3 + piece % 3]:
                if code & 3 == side:
                    onto = top[dest]
                    if onto < 0 or onto == LAND[piece] or onto == piece:
                        return code | piece << 2
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
        onto = top[dest]
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
