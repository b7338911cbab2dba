"""What every game engine shares: the error type, the step value, the game base class and chance.

Engines are pure (ENGINE.md): no I/O, no clock, no `random`. All chance comes from `Chance`, a
counter-based stream over sha256, so the same key always yields the same numbers on any machine.
"""
from __future__ import annotations

import hashlib
import struct
from typing import Any, NamedTuple


class IllegalMove(ValueError):
    """A move the rules refuse; the message is a sentence a player understands."""


class Step(NamedTuple):
    """The result of `Game.apply`: the new document and what happened, as event dicts."""

    doc: dict
    events: list


def derive_secret(game: str, seed: Any) -> str:
    """The doc's "secret": a hex string derived from the seed, feeding every later chance."""
    return hashlib.sha256(f"icehouse-table:{game}:seed:{seed!r}".encode()).hexdigest()


class Chance:
    """Deterministic random numbers: block i is sha256(key ":" purpose ":" i), read as eight 32-bit words.

    `Chance(secret, "reshuffle-3")` gives the same numbers for the same secret and purpose, so a stored
    doc plus its moves replays exactly. `randbelow` rejects the biased tail, so draws are exactly uniform.
    """

    __slots__ = ("_prefix", "_counter", "_words")

    def __init__(self, key: str, purpose: str = "") -> None:
        self._prefix = f"{key}:{purpose}:".encode()
        self._counter = 0
        self._words: list[int] = []

    def _refill(self) -> None:
        digest = hashlib.sha256(self._prefix + str(self._counter).encode()).digest()
        self._counter += 1
        self._words = list(_WORDS.unpack(digest))
        self._words.reverse()  # pop() then reads the digest front to back

    def randbelow(self, n: int) -> int:
        """A uniform integer in 0..n-1 (1 <= n <= 2**32)."""
        while True:
            if not self._words:
                self._refill()
            word = self._words.pop()
            low = word % n
            if word - low <= _WORD_SPAN - n:  # the block of n holding `word` is complete: no bias
                return low

    def shuffle(self, items: list) -> list:
        """Fisher-Yates shuffle of `items` in place; returns it for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


_WORDS = struct.Struct(">8I")
_WORD_SPAN = 1 << 32


class Game:
    """Base class of a game object (ENGINE.md). Subclasses declare their metadata as class attributes."""

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    pitch: str = ""  # one line for the home page

    def option_specs(self, players: int) -> list[dict]:
        """The table options for the home page: {"name", "type", "default", "label", "choices"?}."""
        return []

    def default_options(self, players: int) -> dict:
        return {spec["name"]: spec["default"] for spec in self.option_specs(players)}

    def check_options(self, players: int, options: dict | None) -> dict:
        """The full options dict (defaults filled in); ValueError for unknown names or bad values."""
        if not isinstance(players, int) or isinstance(players, bool) or not (
            self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players!r}."
            )
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(f"Options must be a dict, not {options!r}.")
        specs = {spec["name"]: spec for spec in self.option_specs(players)}
        unknown = sorted(set(options) - set(specs), key=str)
        if unknown:
            raise ValueError(f"{self.title} has no option {unknown[0]!r}.")
        full = self.default_options(players)
        for key, value in options.items():
            _check_option_value(specs[key], value)
            full[key] = value
        return full

    def view_events(self, events: list, seat: int | None, doc: dict) -> list:
        """The events as `seat` may see them (seat None: a spectator). Default: all of them."""
        return [dict(event) for event in events]

    def describe_move(self, doc: dict, seat: int, move: dict) -> str:
        return str(move)

    def move_targets(self, doc: dict, moves: list) -> list:
        """For each of `moves` (legal now), where it acts on the board, as a client draws it:
        a dict like {"from": "d2", "to": "d7"}, or None. Clients never recompute the rules."""
        return [None] * len(moves)

    def render_text(self, doc: dict) -> str:
        return repr(doc)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def _check_option_value(spec: dict, value: Any) -> None:
    kind = spec["type"]
    if kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool)
        ok = ok and spec.get("min", value) <= value <= spec.get("max", value)
    else:
        ok = value in spec.get("choices", ())
    if not ok:
        raise ValueError(f"Option {spec['name']!r} cannot be {value!r} ({spec['label']}).")
