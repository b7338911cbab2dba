"""Small helpers for the games' admin statistics (`Game.stats`): rates, counters, and the generic chart
descriptions the admin page draws without knowing the game (base.Game.stats names the shape)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping


def rate(part: int, whole: int) -> float | None:
    """part / whole rounded to four places; None when there is nothing to divide."""
    return round(part / whole, 4) if whole else None


def mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return round(sum(values) / len(values), 2) if values else None


def percent(value: float | None) -> float | None:
    return None if value is None else round(100 * value, 1)


def by_number(keys: Iterable[object]) -> list[str]:
    """String keys that hold whole numbers, in numeric order."""
    return sorted({str(k) for k in keys}, key=lambda k: (len(k), k) if k.lstrip("-").isdigit() else (99, k))


def seats_label(players: str | int) -> str:
    return f"{players} seat{'' if str(players) == '1' else 's'}"


def chart(title: str, kind: str, labels: list[str], series: Mapping[str, list], fmt: str = "count",
          note: str | None = None) -> dict:
    """One chart description: `kind` "bars" (side by side) or "stacked"; `series` name -> one value per
    label; `fmt` "count", "percent" (0-100) or "number"."""
    out = {"title": title, "kind": kind, "labels": list(labels), "format": fmt,
           "series": [{"name": name, "values": list(values)} for name, values in series.items()]}
    if note:
        out["note"] = note
    return out
