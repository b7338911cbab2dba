"""Helpers of the admin tests (and bench/admin_list.py): whole games played by the engines in memory, and
tables written straight into the database, one by one or thousands at once.

Nothing names a game's moves: a random legal move is played, and where a move needs free text (a dare)
the game's own bot completes it from the view.
"""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from sqlalchemy import insert, select, text

from app.bots import bot_for_game, get_bot
from app.games import GAMES, IllegalMove
from app.store import ChatMessage, Move, Seat, Table

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)


@dataclass
class Played:
    game: str
    players: int
    options: dict
    initial_doc: dict
    doc: dict
    steps: list[dict] = field(default_factory=list)  # {"seq", "seat", "move", "events"}
    seed: str = "test"  # what the deal was made from (an export carries it, an import deals from it again)

    @property
    def result(self) -> dict | None:
        return GAMES[self.game].result(self.doc)

    def export_file(self, seats: list[str] | None = None) -> dict:
        """The game as an export file (POST /api/admin/import takes it), its seats named P1, P2... unless
        `seats` names them."""
        return {"format": "icehouse-table/1", "game": self.game, "players": self.players, "options": self.options,
                "seed": self.seed, "seats": seats or [f"P{i + 1}" for i in range(self.players)],
                "initial_doc": self.initial_doc, "result": self.result,
                "moves": [{"seq": s["seq"], "seat": s["seat"], "move": s["move"], "at": None} for s in self.steps]}


def play(game: str, players: int, seed: int = 1, options: dict | None = None, max_moves: int = 3000,
         stop_after: int | None = None) -> Played:
    """A game played with random legal moves from a seeded deal, to the end (or `stop_after` moves)."""
    g = GAMES[game]
    rng = random.Random(seed)
    options = g.check_options(players, options or {})
    doc = initial = g.setup(players=players, options=options, seed=f"seed-{seed}")
    played = Played(game, players, options, initial, doc, seed=f"seed-{seed}")
    while g.to_act(doc) and len(played.steps) < (stop_after if stop_after is not None else max_moves):
        seat = rng.choice(g.to_act(doc))
        legal = g.legal_moves(doc, seat)
        move = rng.choice(legal)
        try:
            step = g.apply(doc, seat, move)
        except IllegalMove:  # a move that needs words of the player's: the game's bot writes them
            move = get_bot(bot_for_game(game)).choose(g.view(doc, seat), seat, legal, seconds=0.01)
            step = g.apply(doc, seat, move)
        doc = step.doc
        played.steps.append({"seq": len(played.steps) + 1, "seat": seat, "move": move, "events": step.events})
    played.doc = doc
    return played


def new_code(rng: random.Random | None = None) -> str:
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(alphabet) for _ in range(8))


async def insert_played(db: Any, p: Played, names: list[str | None] | None = None, *, status: str | None = None,
                        created_at: datetime = T0, minutes: float = 30.0, chat: list[str] = ()) -> str:
    """Write a played game as a table (seats named, moves spread over `minutes`); returns its code."""
    result = p.result
    status = status or ("finished" if result is not None else "playing")
    n = len(p.steps)
    times = [created_at + timedelta(minutes=1 + minutes * i / max(1, n)) for i in range(1, n + 1)]
    started = created_at + timedelta(minutes=1)
    ended = times[-1] if times else started
    names = names or [f"Player {i + 1}" for i in range(p.players)]
    g = GAMES[p.game]
    async with db.writing() as s:
        table = Table(code=new_code(), game=p.game, players=p.players, options=p.options, seed=p.seed,
                      status=status, initial_doc=p.initial_doc, doc=p.doc, seq=n,
                      to_act=g.to_act(p.doc) if status == "playing" else [],
                      result=result if status == "finished" else None, created_at=created_at, updated_at=ended,
                      moved_at=ended, started_at=started if status != "lobby" else None,
                      finished_at=ended if status in ("finished", "abandoned") else None)
        s.add(table)
        await s.flush()
        s.add_all(Seat(table_id=table.id, seat=i, name=name, notify=False) for i, name in enumerate(names))
        s.add_all(Move(table_id=table.id, seq=st["seq"], seat=st["seat"], move=st["move"], events=st["events"],
                       at=at) for st, at in zip(p.steps, times))
        s.add_all(ChatMessage(table_id=table.id, seat=0, name=names[0] or "?", text=t, at=ended) for t in chat)
        await s.commit()
        return table.code


# -- thousands of tables ------------------------------------------------------------------------------------
NAMES = ["Ann", "Bea", "Cy", "Dee", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Oona",
         "Pip", "Quin", "Rex", "Sue", "Tom"]
STATUSES = ("lobby", "playing", "finished", "abandoned")


def generated_rows(n: int, seed: int = 7, start_id: int = 1, days: int = 60) -> tuple[list[dict], list[dict]]:
    """`n` table rows (small made-up docs: the list never reads them) and their seat rows, spread over
    `days` days, with every game, status and seat count; deterministic for a seed."""
    rng = random.Random(seed)
    games = sorted(GAMES)
    tables, seats = [], []
    for i in range(start_id, start_id + n):
        game = games[i % len(games)]
        g = GAMES[game]
        players = rng.randint(g.min_players, g.max_players)
        status = STATUSES[rng.randrange(4)]
        created = T0 + timedelta(seconds=rng.randrange(days * 86400))
        seq = 0 if status == "lobby" else rng.randrange(0, 120)
        moved = created + timedelta(seconds=rng.randrange(1, 5 * 86400)) if seq else created
        ended = status in ("finished", "abandoned")
        tables.append({
            "id": i, "code": new_code(rng), "game": game, "players": players, "options": {}, "seed": "gen",
            "status": status, "initial_doc": {"game": game}, "doc": {"game": game}, "seq": seq,
            "to_act": [0] if status == "playing" else [],
            "result": {"outcome": "finished", "reason": "gen", "scores": None, "winners": [0]}
            if status == "finished" else None,
            "created_at": created, "updated_at": moved, "moved_at": moved,
            "started_at": created if status != "lobby" else None, "finished_at": moved if ended else None})
        for seat in range(players):
            seats.append({"table_id": i, "seat": seat, "name": rng.choice(NAMES) + str(rng.randrange(100)),
                          "bot": None, "notify": False})
    return tables, seats


async def bulk_insert(db: Any, n: int, seed: int = 7, batch: int = 5000) -> tuple[list[dict], list[dict]]:
    """Insert `n` generated tables (ids after the largest one) in batches; returns the rows written."""
    async with db.writing() as s:
        top = (await s.execute(select(Table.id).order_by(Table.id.desc()).limit(1))).scalar() or 0
        tables, seats = generated_rows(n, seed, start_id=top + 1)
        for i in range(0, len(tables), batch):
            await s.execute(insert(Table), tables[i:i + batch])
        for i in range(0, len(seats), batch):
            await s.execute(insert(Seat), seats[i:i + batch])
        if s.bind.dialect.name == "postgresql":  # ids were given: move the sequence past them
            await s.execute(text("SELECT setval(pg_get_serial_sequence('tables', 'id'), (SELECT max(id) FROM tables))"))
        await s.commit()
    return tables, seats


def tampered(cookie: str) -> str:
    """An admin session cookie with the last character of its signature (hex) changed, always to another."""
    return cookie[:-1] + ("0" if cookie[-1] != "0" else "1")
