"""What a deal is, and how its id and the deal of the day are derived.

A deal is a game, a seat count, the options that shape the deal (the game's `deal_options`: a board, say,
or none for a game dealt alike whatever its house rules) and a seed. Its id is an HMAC of those with the
server's secret, in base32: short enough for a link, and neither guessable nor telling anything of the
seed. The deal of the day for a UTC date is seeded by an HMAC of the secret and the date, so the same deal
reaches every table of the server that day and nobody can compute it in advance. The secret has 256
random bits, made on the first use and kept in the database (server_keys, like the Web Push key), so every
instance and every restart derive the same deals.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
from dataclasses import dataclass
from datetime import date
from typing import Any

from app.games import GAMES
from app.store import utcnow
from app.store.deal_records import DealRow
from app.store.notices import server_key

KEY_NAME = "deal_secret"
ID_LENGTH = 10  # base32 characters: 50 bits
ID_ALPHABET = frozenset("abcdefghijklmnopqrstuvwxyz234567")

def shared_games() -> dict[str, tuple[str, ...]]:
    """The games whose deals can be shared, each with the options that shape its deal (the game declares
    them: Game.deal_options); every other option of theirs is a house rule (results under other house rules
    are ranked apart) or the table's own (Game.table_options). Read from the registry at each call."""
    return {g.name: tuple(g.deal_options) for g in GAMES.values() if g.deal_options is not None}


def daily() -> tuple[tuple[str, int], ...]:
    """The deals of the day, (game, seats): each shared game's declared seat counts (Game.daily_seats), in
    the registry's order."""
    return tuple((name, n) for name in shared_games() for n in GAMES[name].daily_seats)


def _shaping(game: str) -> tuple[str, ...]:
    g = GAMES.get(game)
    return tuple(g.deal_options or ()) if g is not None else ()


def _table_only(game: str) -> tuple[str, ...]:
    """The options of `game` that are a table's own: neither the deal's nor a house rule (Game.table_options)."""
    g = GAMES.get(game)
    return tuple(g.table_options) if g is not None else ()
DAILY_TRIES = 16  # seeds tried in order for a daily deal that can be played (not over before the first move)


@dataclass(frozen=True)
class Deal:
    id: str
    game: str
    players: int
    options: dict  # the options that shape the deal
    seed: str
    kind: str
    day: str | None = None

    def row(self) -> DealRow:
        return DealRow(self.id, self.game, self.players, dict(self.options), self.seed, self.kind, self.day)

    def of_today(self) -> bool:
        """Is it the deal of the day of today (UTC)? (The already-played rule says so: lobby/once.py.)"""
        return self.kind == "daily" and self.day == today().isoformat()


async def load_secret(ctx: Any) -> bytes:
    """The server's deal secret (made and stored on the first call anywhere), kept by the context."""
    if ctx.deal_secret is None:
        text = await ctx.writer.transaction(lambda s: server_key(s, KEY_NAME, secrets.token_hex(32), utcnow()))
        ctx.deal_secret = bytes.fromhex(text)
    return ctx.deal_secret


def deal_options(game: str, options: dict) -> dict:
    """The options of `options` that shape the deal of `game`."""
    return {k: options[k] for k in _shaping(game) if k in options}


def house_rules(game: str, options: dict) -> dict:
    """The options of a table that are house rules: neither the deal's nor the table's own."""
    shaping = _shaping(game)
    own = _table_only(game)
    return {k: v for k, v in sorted(options.items()) if k not in shaping and k not in own}


def house_rule_specs(game: str, players: int) -> list[dict]:
    """The game's option specs at `players` seats that are house rules (what a player of the deal may choose)."""
    g = GAMES.get(game)
    if g is None:
        return []
    shaping, own = _shaping(game), _table_only(game)
    return [spec for spec in g.option_specs(players) if spec["name"] not in shaping and spec["name"] not in own
            and spec.get("min_players", 0) <= players <= spec.get("max_players", players)]


def deal_id(secret: bytes, game: str, players: int, options: dict, seed: str) -> str:
    """The deal's short id: 10 base32 characters of an HMAC of what makes it, with the server's secret."""
    blob = json.dumps([game, players, options, seed], sort_keys=True, separators=(",", ":")).encode()
    mac = hmac.new(secret, b"deal:" + blob, hashlib.sha256).digest()
    return base64.b32encode(mac).decode().lower()[:ID_LENGTH]


def daily_seed(secret: bytes, day: date, game: str, players: int, attempt: int) -> str:
    """The seed of the day's deal: 128 bits of an HMAC of the secret and the date (nobody without the
    secret can compute it)."""
    msg = f"daily:{day.isoformat()}:{game}:{players}:{attempt}".encode()
    return hmac.new(secret, msg, hashlib.sha256).hexdigest()[:32]


def daily_deal(secret: bytes, day: date, game: str, players: int) -> Deal:
    """The deal of the day for `game` at `players` seats: the first of its seeds that leaves a play to
    make (a deal over before its first move is no deal to share)."""
    g = GAMES[game]
    options = g.check_options(players, {})
    for attempt in range(DAILY_TRIES):
        seed = daily_seed(secret, day, game, players, attempt)
        if g.result(g.setup(players=players, options=options, seed=seed)) is None:
            break
    shaping = deal_options(game, options)
    return Deal(deal_id(secret, game, players, shaping, seed), game, players, shaping, seed, "daily",
                day.isoformat())


def today() -> date:
    return utcnow().date()


def well_formed(text: object) -> bool:
    """Could `text` be a deal's id at all (checked before any read)."""
    return isinstance(text, str) and len(text) == ID_LENGTH and set(text) <= ID_ALPHABET
