"""Small statistics the benchmarks share."""
from __future__ import annotations

import math


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion wins/n (95% by default); (0, 1) when n is 0."""
    if not n:
        return (0.0, 1.0)
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, mid - half), min(1.0, mid + half))
