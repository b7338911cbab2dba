"""Helpers for the Martian Treasure Hunt tests (no tests here): hand-built positions and chosen dice."""
from __future__ import annotations

from itertools import count

from app.games.martian_treasure_hunt import MartianTreasureHunt
from app.games.martian_treasure_hunt.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK  # noqa: F401 - fixtures
from app.games.martian_treasure_hunt.position import roll_dice

G = MartianTreasureHunt()
SIDES = {2: ["S", "N"], 3: ["S", "W", "N"], 4: ["S", "W", "N", "E"]}
FAR_PYRAMID = {2: "5,7", 3: "7,7", 4: "7,7"}  # a pyramid out of the way, so the game is not over


def position(players: int = 2, coins: dict | None = None, pyramids: dict | None = None, to_act: int = 0,
             dice: tuple[int, int] | None = (0, KING), left_home: dict | None = None, stash: dict | None = None,
             prisoners: dict | None = None, secret: str = "test", rolls: int | None = None) -> dict:
    """A play-phase document holding only the ENGINE.md fields (plus "rolls" when given).

    coins: {seat: {value: "x,y"}} (values left out are captured); pyramids: {"x,y": size} (default: one
    small pyramid out of the way); left_home: {seat: [values]}; stash: {seat: [sizes]};
    prisoners: {seat: [(owner, value)]}."""
    coins = coins or {}
    doc = {
        "game": "martian-treasure-hunt",
        "players": players,
        "options": {},
        "to_act": [to_act],
        "secret": secret,
        "layout": "2p" if players == 2 else "plus",
        "sides": SIDES[players],
        "phase": "play",
        "coins": [{str(v): coins.get(seat, {}).get(v) for v in range(6)} for seat in range(players)],
        "left_home": [sorted((left_home or {}).get(seat, [])) for seat in range(players)],
        "pyramids": dict(pyramids) if pyramids is not None else {FAR_PYRAMID[players]: 1},
        "stash": [list((stash or {}).get(seat, [])) for seat in range(players)],
        "prisoners": [[{"seat": s, "coin": v} for s, v in (prisoners or {}).get(seat, [])]
                      for seat in range(players)],
        "dice": None if dice is None else {"number": dice[0], "kind": dice[1]},
    }
    if rolls is not None:
        doc["rolls"] = rolls
    return doc


def targets(doc: dict, seat: int | None = None) -> list[str]:
    """The destinations listed for the seat to act (or `seat`)."""
    if seat is None:
        seat = G.to_act(doc)[0]
    return [move["to"] for move in G.legal_moves(doc, seat)]


def secret_for(*wants, counter: int = 0) -> str:
    """A secret whose rolls number counter, counter+1, ... satisfy the predicates `wants` in order; each
    predicate takes (number, kind)."""
    for i in count():
        secret = f"chosen-{i}"
        if all(want(*roll_dice(secret, counter + k)) for k, want in enumerate(wants)):
            return secret


def roll_is(number: int | None = None, kind: int | None = None):
    return lambda n, k: (number is None or n == number) and (kind is None or k == kind)


def arranged(players: int, seed=1, orders: dict | None = None) -> dict:
    """A document right after every seat arranged (orders default to 0..5)."""
    doc = G.setup(players, {}, seed)
    for seat in range(players):
        doc = G.apply(doc, seat, {"order": list((orders or {}).get(seat, range(6)))}).doc
    return doc
