"""3-High's `Game.reading`: a document parsed into its State once, for every question the server asks of
it (each seat's view, the mover's legal moves, the next move).

A document made by `apply` keeps the State it was made from, in a small memo keyed by the document's
identity (the memo holds the document too, so the identity cannot be reused). Only `reading` looks the
memo up: the doc-taking entry points parse their argument every time, so a caller that edits a document
in place never gets a stale answer from them.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Protocol

from ..base import Game, Reading, Step
from . import view as views
from .codec import from_doc
from .encoded import legal_json

if TYPE_CHECKING:
    from .position import State

# Positions remembered: enough for a move's fan-out and bots to find the position it just made while a few
# dozen other moves are in flight; parsing a forgotten doc again costs 6 us. Not more: each position held
# here is ~35 lists that outlive young garbage collections. bench.ws 50x3 on SQLite, 2,048 against 64:
# young collections of up to 93 ms against 16 ms, p99 32 ms against 22 ms, 3,480 against 3,937 moves/s.
MEMO = 64


class Memo:
    def __init__(self, size: int = MEMO):
        self.size = size
        self._docs: OrderedDict[int, tuple[dict, State]] = OrderedDict()

    def put(self, doc: dict, st: State) -> None:
        self._docs[id(doc)] = (doc, st)
        if len(self._docs) > self.size:
            self._docs.popitem(last=False)

    def get(self, doc: dict) -> State | None:
        hit = self._docs.get(id(doc))
        return hit[1] if hit is not None and hit[0] is doc else None


class PositionRules(Protocol):
    """What a reading asks of the engine that made it (engine.ThreeHigh), beyond the Game contract: the same
    answers from a position already read."""

    def moves_and_targets_of(self, st: State, seat: int, shared: bool = False) -> tuple[list[dict], list]: ...

    def apply_to(self, st: State, doc: dict, seat: int, move: dict) -> Step: ...


class ThreeHighReading(Reading):
    """Its legal moves and targets are shared, read-only dicts (the server encodes them and nothing else)."""

    __slots__ = ("st", "_open", "rules")

    def __init__(self, game: Game, rules: PositionRules, doc: dict, st: State | None):
        super().__init__(game, doc)
        self.rules = rules  # the same engine as `game`, seen through what the reading asks of it
        self.st = st if st is not None else from_doc(doc)
        self._open: dict | None = None  # with open hands every viewer's view is this one but for "seat"

    def view(self, seat: int | None) -> dict:
        if self.st.hidden_hands:
            return views.view(self.doc, seat, self.st)
        if self._open is None:
            self._open = views.view(self.doc, None, self.st)
        return {**self._open, "seat": seat}

    def legal_moves_and_targets(self, seat: int) -> tuple[list[dict], list]:
        return self.rules.moves_and_targets_of(self.st, seat, shared=True)

    def legal_json(self, seat: int) -> tuple[bytes, bytes]:
        return legal_json(self.st, seat)

    def apply(self, seat: int, move: Any) -> Step:
        return self.rules.apply_to(self.st, self.doc, seat, move)
