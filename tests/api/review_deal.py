"""A known 3-High deal for the review tests: solo, seed "review-3". Its recorded game (the 3-High bot at
0.1 s a decision) is lost, stuck after 31 moves; from move 26 on, another line of 4 plays
wins with the same cards (found offline by the bot and a perfect-information search of the engine). The
table is made by the admin's import (the seed and the moves; the engine deals and replays them)."""
from __future__ import annotations

import httpx

ADMIN = "review-admin-token"
SEED = "review-3"
PLY = 26  # real moves before the winning what-if
RECORDED = [  # (card, side, piece) of each real move, seat 0
    ("8C", "S", "orange2"), ("2D", "N", "blue1"), ("AD", "S", "yellow3"), ("5D", "E", "yellow3"),
    ("7S", "S", "green3"), ("5S", "W", "red1"), ("5C", "E", "blue3"), ("5H", "E", "yellow2"),
    ("8H", "W", "green1"), ("3S", "N", "blue2"), ("7H", "S", "orange3"), ("6C", "W", "orange1"),
    ("4H", "W", "red3"), ("AH", "E", "green2"), ("7C", "W", "orange2"), ("AC", "N", "red2"),
    ("2S", "N", "yellow1"), ("2H", "E", "orange1"), ("AS", "E", "green2"), ("3H", "W", "blue1"),
    ("7D", "E", "green1"), ("4S", "N", "green1"), ("6H", "N", "red1"), ("8S", "W", "green1"),
    ("3C", "N", "yellow1"), ("4C", "S", "green1"), ("3D", "S", "green1"), ("6D", "N", "green1"),
    ("4D", "S", "green1"), ("2C", "N", "orange1"), ("6S", "S", "yellow1"),
]
WINNING = [  # the what-if from move PLY that wins
    ("3D", "N", "green1"), ("6D", "S", "yellow1"), ("4D", "S", "green1"), ("2C", "N", "yellow1"),
]


def as_moves(plays: list[tuple[str, str, str]]) -> list[dict]:
    return [{"seat": 0, "move": {"card": c, "side": s, "piece": p}} for c, s, p in plays]


def import_body() -> dict:
    return {"format": "icehouse-table/1", "game": "three-high", "players": 1, "options": {}, "seed": SEED,
            "seats": ["Ann"], "moves": [{"seq": i + 1, **m} for i, m in enumerate(as_moves(RECORDED))],
            "result": {"outcome": "lost", "reason": "stuck", "scores": None, "winners": []}}


def import_lost_game(base_url: str | None = None, client: httpx.Client | None = None) -> str:
    """The recorded game as a finished table: its code."""
    own = client is None
    client = client or httpx.Client(base_url=base_url, timeout=20)
    try:
        r = client.post("/api/admin/import", json=import_body(), headers={"Authorization": f"Bearer {ADMIN}"})
        assert r.status_code == 201, r.text
        return r.json()["code"]
    finally:
        if own:
            client.close()
