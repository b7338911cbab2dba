"""Nothing a seat or a spectator receives gives away hidden information. For every game in
GAMES (picked up as games are registered), at every seat count and with each boolean option flipped, a
table is played by people at every seat while a spectator watches; everything each of them receives is
searched: REST answers (states, moves, logs, chat, /api/me, errors), WebSocket messages, and pages.

What counts as hidden is read from the game itself, never listed by hand: the doc's "secret", the seed, the
seat tokens of others, and every list or dict in the doc that `view(doc, viewer)` does not show as it is
(the draw pile or deck order, a hidden hand, an arrangement not yet revealed), compared field by field
and, for per-seat lists, seat by seat. A hidden value must never arrive in the messages that deliver that
doc to that viewer; the cards of a hidden hand are searched for one by one as well. Future chance (dice,
reshuffles) comes only from the secret (ENGINE.md), which is searched for as text; a future roll precomputed
into the doc would be a field the view hides, and caught (tests/games/test_conformance.py checks, engine by
engine, that no view, move or event depends on the secret or on a pile's order).

Moves are searched too (a Martian Treasure Hunt arrangement went out as made, in `last.move`, the
log, the socket's update and sync). A move is hidden from a viewer while the engine can replace it by
another legal move of the same seat, replay every later move, and land on a doc the viewer sees alike, with
events the viewer sees alike: each part of the move that differs from that other move (and that the view
does not show) must not reach the viewer then. Every step, each viewer reads the state and the socket's
update; while a move is hidden from someone (and twice every eight steps), also the log, a sync over its
socket and a catch-up sync from the database.
"""
from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from sqlalchemy import select

from app.bots import DEFAULT_BOT, get_bot
from app.config import Settings
from app.games import GAMES
from app.store import Table
from tests.games.conformance import option_variants

MAX_MOVES = 24  # per table: enough to draw, reshuffle, reveal; keeps the whole file under a minute
CASES = [(name, players) for name, g in sorted(GAMES.items()) for players in range(g.min_players, g.max_players + 1)]


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    rate_limit_create="0", rate_limit_join="0", rate_limit_move="0", rate_limit_move_address="0",
                    rate_limit_chat="0", rate_limit_chat_address="0")


# -- what is hidden -----------------------------------------------------------------------------------------
def _big(value: Any) -> bool:
    return isinstance(value, (list, dict)) and len(value) >= 2


def _values(data: Any):
    """Every value inside `data` (itself included), depth first."""
    yield data
    if isinstance(data, dict):
        for v in data.values():
            yield from _values(v)
    elif isinstance(data, list):
        for v in data:
            yield from _values(v)


def hidden_from(doc: dict, view: dict, players: int) -> list[Any]:
    """Lists and dicts of `doc` that `view` does not show as they are under the same name (per seat for
    per-seat lists). The view itself is searched for them too: a hidden pile shown under another name is a
    leak like any other."""
    needles = []
    for key, value in doc.items():
        if key == "secret" or not isinstance(value, (list, dict)) or view.get(key) == value:
            continue
        shown = view.get(key)
        if isinstance(value, list) and isinstance(shown, list) and len(value) == len(shown) == players:
            needles += [mine for mine, theirs in zip(value, shown, strict=True) if mine != theirs and _big(mine)]
            needles += [card for mine, theirs in zip(value, shown, strict=True) if mine != theirs
                        and isinstance(mine, list) for card in mine if isinstance(card, str)]  # a hidden hand's cards
        elif _big(value):
            needles.append(value)
    return needles


def leaks(payload: Any, needles: list[Any]) -> list[Any]:
    """The needles found in `payload`: lists and dicts by value, strings (a hidden card) as a whole value."""
    found = []
    for value in _values(payload):
        if isinstance(value, (list, dict, str)) and value in needles:
            found.append(value)
    return found


# -- what is hidden of the moves ----------------------------------------------------------------------------
class Made:
    """A move played at the table, with the doc before it and other legal moves of the same seat."""

    def __init__(self, g: Any, before: dict, seat: int, move: dict):
        self.before, self.seat, self.move = before, seat, move
        legal = g.legal_moves(before, seat)
        self.others = [m for m in (legal[0], legal[-1], legal[len(legal) // 2]) if m != move]
        self.told: set = set()  # the viewers that could tell it from the others once (they know it since)


def replays(g: Any, doc: dict, later: list[Made]) -> tuple[dict, list] | None:
    """`doc` with the `later` moves applied: the doc and the last step's events, or None if one is refused."""
    events: list = []
    for made in later:
        try:
            doc, events = g.apply(doc, made.seat, made.move)
        except ValueError:
            return None
    return doc, events


def hidden_moves(g: Any, history: list[Made], doc: dict, events: list, viewer: int | None) -> list[Any]:
    """The moves of `history` (and their parts) that `viewer` cannot tell from another legal move at `doc`,
    the doc now (`events`: the last step's)."""
    needles = []
    view = g.view(doc, viewer)
    seen_events = g.view_events(events, viewer, doc)
    for i, made in enumerate(history):
        if made.seat == viewer or viewer in made.told:
            continue
        for other in made.others:
            try:
                first = g.apply(made.before, made.seat, other)
            except ValueError:
                continue
            end = replays(g, first.doc, history[i + 1:]) if i + 1 < len(history) else (first.doc, first.events)
            if end is None or g.view(end[0], viewer) != view or g.view_events(end[1], viewer, end[0]) != seen_events:
                continue
            needles += [v for k, v in made.move.items()  # what tells it from the other, unless the view shows it
                        if other.get(k) != v and isinstance(v, (list, dict)) and not leaks(view, [v])]
            break
        else:
            made.told.add(viewer)
    return needles


# -- a WebSocket over raw ASGI (no server needed) --------------------------------------------------------
class Socket:
    def __init__(self, app, code: str, token: str | None, cookie: str | None):
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.messages: list[dict] = []
        self.raw: list[str] = []
        self.seq = -1
        self.syncs = 0
        query = f"token={quote(token)}".encode() if token else b""
        headers = [(b"host", b"testserver")] + ([(b"cookie", cookie.encode())] if cookie else [])
        path = f"/ws/tables/{code}"
        scope = {"type": "websocket", "asgi": {"version": "3.0"}, "http_version": "1.1", "scheme": "ws",
                 "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "",
                 "headers": headers, "client": ("127.0.0.1", 4321), "server": ("testserver", 80),
                 "subprotocols": []}
        self.inbox.put_nowait({"type": "websocket.connect"})
        self.task = asyncio.create_task(app(scope, self.inbox.get, self._send))

    async def _send(self, message: dict) -> None:
        if message["type"] == "websocket.send":
            text = message.get("text") or (message.get("bytes") or b"").decode()
            self.raw.append(text)
            msg = json.loads(text)
            self.messages.append(msg)
            self.syncs += msg.get("type") == "sync"
            state = msg.get("state", msg) if msg.get("type") in ("state", "update", "sync") else None
            if isinstance(state, dict) and isinstance(state.get("seq"), int):
                self.seq = max(self.seq, state["seq"])

    def say(self, msg: dict) -> None:
        self.inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(msg)})

    async def caught_up(self, seq: int) -> None:
        for _ in range(500):
            if self.seq >= seq:
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"the socket never saw seq {seq}; it has {self.seq}")

    async def synced(self, count: int) -> None:
        for _ in range(500):
            if self.syncs >= count:
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"the socket got {self.syncs} syncs, not {count}")

    def take(self) -> list[tuple[str, Any]]:
        out = [(raw, msg) for raw, msg in zip(self.raw, self.messages, strict=True)]
        self.raw, self.messages = [], []
        return out

    async def close(self) -> None:
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        await asyncio.wait_for(self.task, 10)


class Viewer:
    """One person (a seat, or seat None for a spectator): a browser-like client with its own cookie jar,
    its token, its socket, and everything received since the last check."""

    def __init__(self, app, client: httpx.AsyncClient, seat: int | None, token: str | None):
        self.app, self.client, self.seat, self.token = app, client, seat, token
        self.received: list[tuple[str, Any]] = []
        self.socket: Socket | None = None

    @property
    def auth(self) -> dict:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    async def call(self, method: str, path: str, **kw) -> httpx.Response:
        r = await self.client.request(method, path, **kw)
        try:
            body = r.json()
        except ValueError:
            body = None
        self.received.append((r.text, body))
        return r

    def open_socket(self, code: str) -> None:
        cookie = "; ".join(f"{k}={v}" for k, v in self.client.cookies.items()) or None
        self.socket = Socket(self.app, code, self.token if self.seat is not None and self.seat % 2 else None, cookie)

    def drain(self) -> list[tuple[str, Any]]:
        out = self.received + (self.socket.take() if self.socket else [])
        self.received = []
        return out


def check(viewer: Viewer, got: list[tuple[str, Any]], needles: list[Any], words: list[str], where: str,
          moves: list[Any] = ()) -> None:
    """Nothing in `got` holds a secret word or a hidden value (`needles`), nor a hidden part of another seat's
    move (`moves`), which is looked for outside the viewer's own legal moves (an arrangement another seat
    made is also one of the viewer's own 720)."""
    who = "spectator" if viewer.seat is None else f"seat {viewer.seat}"
    for raw, body in got:
        for word in words:
            assert word not in raw, f"{who} received a secret string ({where}): ...{raw[:300]}"
        if body is not None:
            found = leaks(body, needles) + leaks(without_own_moves(body), list(moves))
            assert not found, f"{who} received hidden information ({where}): {found[:2]} in {raw[:300]}"


def without_own_moves(data: Any) -> Any:
    if isinstance(data, dict):
        return {k: without_own_moves(v) for k, v in data.items() if k != "legal_moves"}
    if isinstance(data, list):
        return [without_own_moves(v) for v in data]
    return data


async def doc_and_seed(app, code: str) -> tuple[dict, str]:
    async with app.state.tables.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        return table.doc, str(table.seed)


# -- the test -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game,players", CASES, ids=[f"{g}-{p}" for g, p in CASES])
async def test_no_seat_or_spectator_ever_receives_hidden_information(app, new_client, game, players):
    g = GAMES[game]
    for options in option_variants(g, players):
        await play_and_watch(app, new_client, g, players, options)


async def play_and_watch(app, new_client, g: Any, players: int, options: dict) -> None:
    host = new_client()
    r = await host.post("/api/tables", json={"game": g.name, "players": players, "name": "Seat0", "options": options})
    assert r.status_code == 201, r.text
    code = r.json()["code"]
    viewers = [Viewer(app, host, 0, r.json()["token"])]
    for seat in range(1, players):
        c = new_client()
        joined = await c.post(f"/api/tables/{code}/join", json={"name": f"Seat{seat}"})
        assert joined.status_code == 200, joined.text
        viewers.append(Viewer(app, c, joined.json()["seat"], joined.json()["token"]))
    spectator = Viewer(app, new_client(), None, None)
    everyone = [*viewers, spectator]
    tokens = {v.seat: v.token for v in viewers}
    for v in everyone:
        v.open_socket(code)
    started = await host.post(f"/api/tables/{code}/start", headers=viewers[0].auth)
    assert started.status_code == 200, started.text
    viewers[0].received.append((started.text, started.json()))

    secrets_seen: set[str] = set()
    history: list[Made] = []
    events: list = []
    for step in range(MAX_MOVES + 1):
        doc, seed = await doc_and_seed(app, code)
        secrets_seen |= {doc.get("secret", ""), seed} - {""}
        states = {}
        for v in everyone:
            r = await v.call("GET", f"/api/tables/{code}", headers=v.auth)
            states[v.seat] = r.json()
            if v.socket:
                await v.socket.caught_up(r.json()["seq"])
        secret_moves = {v.seat: hidden_moves(g, history, doc, events, v.seat) for v in everyone}
        if any(secret_moves.values()) or step % 8 in (1, 2):  # the log grows: read it often, not always
            await every_way_to_the_steps(app, everyone, code)
        for v in everyone:
            others = [t for s, t in tokens.items() if s != v.seat]
            needles = hidden_from(doc, g.view(doc, v.seat), players)
            check(v, v.drain(), needles, [*secrets_seen, *others],
                  f"{g.name}, {players} players, {options}, step {step}", secret_moves[v.seat])
        st = states[0]
        if st["status"] != "playing" or step == MAX_MOVES:
            break
        await poke_errors(viewers, code, states)
        mover = viewers[st["to_act"][0]]
        mine = states[mover.seat]
        move = get_bot(DEFAULT_BOT).choose(mine["view"], mover.seat, mine["legal_moves"])
        r = await mover.call("POST", f"/api/tables/{code}/moves", headers=mover.auth,
                             json={"seq": mine["seq"], "move": move})
        assert r.status_code == 200, r.text
        history.append(Made(g, doc, mover.seat, move))
        events = g.apply(doc, mover.seat, move).events

    # the rest: logs, chat, /api/me, pages, a full resync over the socket
    doc, _ = await doc_and_seed(app, code)
    for v in everyone:
        await v.call("GET", f"/api/tables/{code}/log", headers=v.auth)
        await v.call("GET", f"/api/tables/{code}/chat")
        await v.call("GET", "/api/me")
        for page in (f"/t/{code}", "/me", f"/rules/{g.name}", "/"):
            await v.call("GET", page, headers={"accept": "text/html"})
        if v.socket:
            v.socket.say({"type": "sync", "since": 0})
            await asyncio.sleep(0.05)
            await v.socket.close()
        others = [t for s, t in tokens.items() if s != v.seat]
        check(v, v.drain(), hidden_from(doc, g.view(doc, v.seat), players), [*secrets_seen, *others],
              f"{g.name}, {players} players, {options}, at the end")


async def every_way_to_the_steps(app, everyone: list[Viewer], code: str) -> None:
    """Each viewer reads the steps every way there is: GET log, a sync asked over its socket, and a sync the
    server sends from the database to a socket it finds behind (after a lost broker message)."""
    counts = {id(v): v.socket.syncs for v in everyone if v.socket}
    for v in everyone:
        await v.call("GET", f"/api/tables/{code}/log", headers=v.auth)
        if v.socket:
            v.socket.say({"type": "sync", "since": 0})
            await v.socket.synced(counts[id(v)] + 1)
    ctx = app.state.tables
    conns = list(ctx.hub.connections(code))
    if not conns or not all(conn.seq for conn in conns):
        return  # no move yet: nothing to catch up
    for conn in conns:
        conn.seq = 0  # as if it had missed every move: the catch-up sends it a sync from the database
    await ctx.catch_up.table(code)
    for v in everyone:
        if v.socket:
            await v.socket.synced(counts[id(v)] + 2)


async def poke_errors(viewers: list[Viewer], code: str, states: dict) -> None:
    """Errors are answers too: a malformed move, a move out of turn, a stale seq."""
    for v in viewers:
        st = states[v.seat]
        await v.call("POST", f"/api/tables/{code}/moves", headers=v.auth, json={"seq": st["seq"], "move": {"x": 1}})
        if v.seat not in st["to_act"]:
            legal = states[st["to_act"][0]]["legal_moves"] if st["to_act"] else []
            move = legal[0] if legal else {}
            await v.call("POST", f"/api/tables/{code}/moves", headers=v.auth, json={"seq": st["seq"], "move": move})
        await v.call("POST", f"/api/tables/{code}/moves", headers=v.auth, json={"seq": st["seq"] - 1, "move": {}})


def test_the_leak_search_finds_a_leak():
    """The search itself works: a view that showed the pile or another hand would be caught."""
    doc = {"secret": "s", "hands": [["AH", "2D"], ["3S", "4C"]], "draw_pile": ["5H", "6D", "7S"], "discard": []}
    view = {"hands": [["AH", "2D"], None], "draw_pile_count": 3, "discard": []}
    needles = hidden_from(doc, view, 2)
    assert ["3S", "4C"] in needles and ["5H", "6D", "7S"] in needles and ["AH", "2D"] not in needles
    assert leaks({"state": {"view": {"pile": ["5H", "6D", "7S"]}}}, needles)
    assert not leaks({"state": {"view": view}}, needles)
