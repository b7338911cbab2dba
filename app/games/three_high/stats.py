"""3-High's admin statistics (Game.stats): the win rate and the reasons for losing, by seat count."""
from __future__ import annotations

from ..charts import by_number, chart, percent, rate, seats_label

LOSS_REASONS = ("stuck", "out_of_cards")
LOSS_WORDS = {"stuck": "stuck (no legal play)", "out_of_cards": "out of cards"}


def summarize(tables: list[dict]) -> dict:
    """Over the finished tables: {"games", "won", "win_rate", "by_players": {"<n>": {"games", "won", "lost",
    "win_rate", "losses": {reason: count}}}, "charts"}."""
    by: dict[str, dict] = {}
    for t in tables:
        result = t.get("result")
        if t.get("status") != "finished" or not result:
            continue
        row = by.setdefault(str(t["players"]), {"games": 0, "won": 0, "lost": 0, "win_rate": None,
                                                "losses": {reason: 0 for reason in LOSS_REASONS}})
        row["games"] += 1
        if result.get("outcome") == "won":
            row["won"] += 1
        else:
            row["lost"] += 1
            reason = str(result.get("reason"))
            row["losses"][reason] = row["losses"].get(reason, 0) + 1
    keys = by_number(by)
    by = {k: by[k] for k in keys}
    for row in by.values():
        row["win_rate"] = rate(row["won"], row["games"])
    games = sum(r["games"] for r in by.values())
    won = sum(r["won"] for r in by.values())
    labels = [seats_label(k) for k in keys]
    reasons = list(dict.fromkeys([*LOSS_REASONS, *(r for row in by.values() for r in row["losses"])]))
    charts = [
        chart("Win rate by seat count", "bars", labels, {"won": [percent(by[k]["win_rate"]) for k in keys]},
              "percent"),
        chart("Why games were lost, by seat count", "stacked", labels,
              {LOSS_WORDS.get(r, r.replace("_", " ")): [by[k]["losses"].get(r, 0) for k in keys] for r in reasons}),
    ] if keys else []
    return {"games": games, "won": won, "win_rate": rate(won, games), "by_players": by, "charts": charts}
