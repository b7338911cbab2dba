"""Turning Points' admin statistics (Game.stats): how far ahead the winners finish, and the solitaire's
verdicts."""
from __future__ import annotations

from ..charts import by_number, chart, mean, seats_label


def margin(scores: list[int]) -> int:
    """The winner's lead over the best other seat (0 when the win is shared)."""
    ranked = sorted(scores, reverse=True)
    return ranked[0] - ranked[1] if len(ranked) > 1 else 0


def summarize(tables: list[dict]) -> dict:
    """Over the finished tables: {"games", "margins": {"<lead>": count}, "avg_margin", "by_players": {"<n>":
    {"games", "avg_margin"}}, "solitaire": {"games", "avg_score", "verdicts": {verdict: count}}, "charts"}."""
    margins: dict[int, int] = {}
    by: dict[str, list[int]] = {}
    solo_scores: list[int] = []
    verdicts: dict[str, int] = {}
    for t in tables:
        result = t.get("result")
        if t.get("status") != "finished" or not result or not result.get("scores"):
            continue
        scores = list(result["scores"])
        if "verdict" in result or len(scores) == 1:
            solo_scores.append(scores[0])
            verdicts[str(result.get("verdict"))] = verdicts.get(str(result.get("verdict")), 0) + 1
            continue
        lead = margin(scores)
        margins[lead] = margins.get(lead, 0) + 1
        by.setdefault(str(t["players"]), []).append(lead)
    keys = by_number(by)
    leads = [lead for values in by.values() for lead in values]
    span = list(range(0, max(margins) + 1)) if margins else []
    charts = []
    if span:
        charts.append(chart("Winning margins (points ahead of the runner-up)", "bars", [str(m) for m in span],
                            {"games": [margins.get(m, 0) for m in span]}, note="0: a shared win"))
        charts.append(chart("Average winning margin by seat count", "bars", [seats_label(k) for k in keys],
                            {"points": [mean(by[k]) for k in keys]}, "number"))
    if verdicts:
        charts.append(chart("Solitaire verdicts", "bars", list(verdicts), {"games": list(verdicts.values())}))
    return {
        "games": len(leads),
        "margins": {str(m): margins[m] for m in sorted(margins)},
        "avg_margin": mean(leads),
        "by_players": {k: {"games": len(by[k]), "avg_margin": mean(by[k])} for k in keys},
        "solitaire": {"games": len(solo_scores), "avg_score": mean(solo_scores), "verdicts": verdicts},
        "charts": charts,
    }
