"""Chance for the engines: the doc's secret and the deterministic numbers drawn from it.

Engines are pure (ENGINE.md): no I/O, no clock, no `random`. All chance comes from `Chance`, a counter-based
stream over sha256, so the same key always yields the same numbers on any machine; a doc's "secret" comes
from its seed (`derive_secret`), and a hidden twin's from both (`twin_secret`). app/games/base.py names
them too, where the engines import them from.
"""
from __future__ import annotations

import hashlib
import struct
from typing import Any


def derive_secret(game: str, seed: Any) -> str:
    """The doc's "secret": a hex string derived from the seed, feeding every later chance."""
    return hashlib.sha256(f"icehouse-table:{game}:seed:{seed!r}".encode()).hexdigest()


def twin_secret(game: str, doc: dict, seed: Any) -> str:
    """The secret of `doc`'s hidden twin number `seed` (Game.hidden_twin): never the doc's own, and a
    function of both, so every twin is reproducible and differs from its doc and from the other twins."""
    return derive_secret(game, f"twin:{seed!r}:{doc.get('secret', '')}")


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
        """Fisher-Yates shuffle of `items` in place; returns it for convenience. Each j is randbelow(i + 1),
        drawn inline (the same words, the same rejections: a deal's shuffles without a call per draw)."""
        words = self._words
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                if not words:
                    self._refill()
                    words = self._words
                word = words.pop()
                j = word % n
                if word - j <= _WORD_SPAN - n:
                    break
            items[i], items[j] = items[j], items[i]
        return items


_WORDS = struct.Struct(">8I")
_WORD_SPAN = 1 << 32
