"""Dash's admin statistics (Game.stats): how often dares are done or refused."""
from __future__ import annotations

from ..charts import by_number, chart, percent, rate, seats_label

EVENTS = ("dare_set", "dare_done", "dare_refused")


def summarize(tables: list[dict]) -> dict:
    """Over every table that started: {"dares_set", "done", "refused", "refusal_rate", "by_players": {"<n>":
    {"dares_set", "done", "refused", "refusal_rate"}}, "charts"}; the rate is refused / answered."""
    by: dict[str, dict] = {}
    for t in tables:
        row = by.setdefault(str(t["players"]), {"dares_set": 0, "done": 0, "refused": 0, "refusal_rate": None})
        for event in t.get("events") or ():
            kind = event.get("type")
            if kind == "dare_set":
                row["dares_set"] += 1
            elif kind == "dare_done":
                row["done"] += 1
            elif kind == "dare_refused":
                row["refused"] += 1
    keys = [k for k in by_number(by) if by[k]["dares_set"] or by[k]["done"] or by[k]["refused"]]
    by = {k: by[k] for k in keys}
    for row in by.values():
        row["refusal_rate"] = rate(row["refused"], row["done"] + row["refused"])
    done = sum(r["done"] for r in by.values())
    refused = sum(r["refused"] for r in by.values())
    labels = [seats_label(k) for k in keys]
    charts = [
        chart("Dares answered, by seat count", "stacked", labels,
              {"done": [by[k]["done"] for k in keys], "refused": [by[k]["refused"] for k in keys]}),
        chart("Dares refused, by seat count", "bars", labels,
              {"refused": [percent(by[k]["refusal_rate"]) for k in keys]}, "percent"),
    ] if keys else []
    return {"dares_set": sum(r["dares_set"] for r in by.values()), "done": done, "refused": refused,
            "refusal_rate": rate(refused, done + refused), "by_players": by, "charts": charts}
