"""Never a 500 for bad input: random JSON bodies (seeded) at every endpoint that takes one."""
from __future__ import annotations

import random

import pytest

from tests.api.helpers import bearer, full_table, state

KEYS = ["game", "players", "name", "options", "seat", "seq", "move", "text", "card", "side", "piece",
        "hidden_hands", "allow_zero_moves", "x" * 300]


def value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(11 if depth < 3 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, 1, -1, 2, 4, 5, 2**63, -(2**70), 10**30])
    if kind == 3:
        return rng.choice([0.5, -1.5, 1e308, 3.0])
    if kind == 4:
        return rng.choice(["", " ", "three-high", "8D", "N", "red3", "\u0000", "é" * 50, "x" * 5000, "🂡"])
    if kind == 5:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(0, 60)))
    if kind == 6:
        return rng.randrange(-3, 6)
    if kind in (7, 8):
        return {rng.choice(KEYS): value(rng, depth + 1) for _ in range(rng.randrange(0, 5))}
    return [value(rng, depth + 1) for _ in range(rng.randrange(0, 4))]


def body(rng: random.Random):
    if rng.random() < 0.8:  # mostly objects with plausible keys
        return {rng.choice(KEYS): value(rng) for _ in range(rng.randrange(0, 6))}
    return value(rng)


@pytest.mark.parametrize("seed", range(3))
async def test_random_bodies_never_cause_a_500(new_client, seed):
    rng = random.Random(seed)
    host = new_client()
    t = await full_table(host, players=2, bots=1)
    code, token = t["code"], t["tokens"][0]
    lobby = await full_table(host, players=3, start=False)
    paths = ["/api/tables", f"/api/tables/{code}/moves", f"/api/tables/{code}/chat",
             f"/api/tables/{lobby['code']}/join", f"/api/tables/{lobby['code']}/bots",
             f"/api/tables/{lobby['code']}/start", f"/api/tables/{code}/rematch"]
    for _ in range(60):
        path = rng.choice(paths)
        auth = bearer(lobby["tokens"][0] if lobby["code"] in path else token) if rng.random() < 0.7 else {}
        r = await new_client().post(path, json=body(rng), headers=auth)
        assert r.status_code < 500, (path, r.status_code, r.text)
        assert isinstance(r.json()["detail"] if r.status_code >= 400 else r.json(), (str, dict, list))
    st = await state(host, code, token)
    assert st["seq"] >= 0
