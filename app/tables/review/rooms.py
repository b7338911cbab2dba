"""Review rooms across app instances: the state is a pure function of the room's ordered commands.

Each instance keeps a room only while it has people in it. Every command (take the lead, go to a step) is
published on the broker and applied by every instance holding the room when the broker hands it back, the
publisher included, in the broker's one order (one Redis channel: every subscriber gets its messages in the
same order), with `room.apply`, a pure function: so every instance holds the same state without a lock or an
owner. Ephemeral: a room nobody is in is forgotten, and opens again with the host leading at the game's end.

An instance that opens a room others may hold already publishes an `ask` and takes the first `snap` answered
for it: the state of an instance that holds the room, as it was at the ask's place in the order. The commands
it hears after its own ask are applied on top, so the snap's lateness costs nothing. With no answer in
ASK_WAIT seconds (nobody holds the room; or the broker is in-memory or down: one instance) it starts afresh;
a snap still arriving within ASK_KEEP seconds replaces that fresh start (plus the commands since the ask).
Members (who is here, who browses alone) are each instance's own, published as a whole on every change.
Pointers are relayed, never kept. While the broker is cut off, each side goes on from its own state; once
it is whole again (`resync`, from the instances' reconnect), every instance publishes the state of each room
it holds and each keeps the greatest (rev, instance) it hears, so the sides agree again.
"""
from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import logging

import orjson

from app.realtime import Connection, MemoryBroker
from app.tables import text
from app.tables.review import room as rules

log = logging.getLogger(__name__)

ASK_WAIT = 0.5  # seconds an instance waits for another's snap of a room before starting it afresh
ASK_KEEP = 10.0  # seconds a late snap is still taken (with the commands heard since the ask)
MAX_ROOMS = 2000  # rooms an instance holds
MAX_SOCKETS = 100  # sockets of one room on one instance
MAX_SINCE_ASK = 500  # commands kept between an ask and its snap
NOTE_OPS = ("write", "edit", "drop")  # a note's news (app/tables/live/notes.py)


@dataclass
class Room:
    code: str
    of: int  # the real game's number of moves
    state: dict
    ask: str
    asked_at: float
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    snapped: bool = False
    since_ask: list = field(default_factory=list)  # (cmd, by) heard after our own ask
    heard_ask: bool = False
    conns: dict = field(default_factory=dict)  # conn id -> (Connection, member)
    members: dict = field(default_factory=dict)  # instance -> [member, ...]


def guest_name(key: str) -> str:
    return f"Guest {int(hashlib.sha256(key.encode()).hexdigest()[:6], 16) % 1000:03d}"


class ReviewRooms:
    """This instance's review rooms (one per finished table with people in it here)."""

    def __init__(self, broker: Any, instance: str):
        self.broker = broker
        self.instance = instance
        self.rooms: dict[str, Room] = {}

    def _alone(self) -> bool:
        """No other instance can hear us: start rooms at once."""
        return isinstance(self.broker, MemoryBroker) or not self.broker.up

    async def enter(self, code: str, of: int, host: dict | None, conn: Connection, member: dict) -> Room | None:
        """Put `conn` in the room (made and asked for if new here); None when the room or instance is full."""
        room = self.rooms.get(code)
        if room is None:
            if len(self.rooms) >= MAX_ROOMS:
                return None
            room = Room(code, of, rules.initial(host, of), secrets.token_hex(8), time.monotonic())
            self.rooms[code] = room
            await self.broker.publish({"kind": "review", "op": "ask", "table": code, "ask": room.ask,
                                       "instance": self.instance})
            if self._alone():
                room.ready.set()
            else:
                asyncio.get_running_loop().call_later(ASK_WAIT, room.ready.set)
        if len(room.conns) >= MAX_SOCKETS:
            return None
        await room.ready.wait()
        room.conns[conn.id] = (conn, member)
        await self._publish_members(room)
        return room

    async def leave(self, code: str, conn: Connection) -> None:
        room = self.rooms.get(code)
        if room is None or room.conns.pop(conn.id, None) is None:
            return
        if not room.conns:
            del self.rooms[code]
            await self.broker.publish({"kind": "review", "op": "members", "table": code,
                                       "instance": self.instance, "members": []})
        else:
            await self._publish_members(room)

    async def set_alone(self, code: str, conn: Connection, alone: bool) -> None:
        room = self.rooms.get(code)
        if room is None or conn.id not in room.conns:
            return
        c, member = room.conns[conn.id]
        if member.get("alone") != alone:
            room.conns[conn.id] = (c, {**member, "alone": alone})
            await self._publish_members(room)

    async def command(self, code: str, member: dict, cmd: dict) -> None:
        await self.broker.publish({"kind": "review", "op": "cmd", "table": code, "cmd": cmd,
                                   "by": {"key": member["key"], "name": member["name"]}})

    async def point(self, code: str, member: dict, point: dict) -> None:
        await self.broker.publish({"kind": "review", "op": "point", "table": code,
                                   "by": {"key": member["key"], "name": member["name"]}, "point": point})

    async def kept(self, code: str, member: dict, branch_id: str) -> None:
        """Tell the room a what-if was kept (its pages list them again)."""
        await self.broker.publish({"kind": "review", "op": "kept", "table": code, "id": branch_id,
                                   "by": {"key": member["key"], "name": member["name"]}})

    def view(self, room: Room) -> dict:
        """The room as its pages show it: the state and who is here (each person once)."""
        people: dict[str, dict] = {}
        for members in room.members.values():
            for m in members:
                seen = people.get(m["key"])
                people[m["key"]] = {"key": m["key"], "name": m["name"],
                                    "alone": m["alone"] and (seen is None or seen["alone"])}
        return {"type": "room", "leader": room.state["leader"], "pos": room.state["pos"], "rev": room.state["rev"],
                "members": sorted(people.values(), key=lambda m: (m["name"].lower(), m["key"]))}

    async def resync(self) -> None:
        """After the broker was cut off: tell the others each room's state and who is here (see the module)."""
        for room in list(self.rooms.values()):
            await self.broker.publish({"kind": "review", "op": "state", "table": room.code, "state": room.state,
                                       "instance": self.instance})
            await self._publish_members(room)

    # -- the broker's messages ----------------------------------------------------------------------------
    async def dispatch(self, msg: dict) -> None:
        room = self.rooms.get(msg.get("table"))
        if room is None:
            return
        op = msg.get("op")
        if op == "ask":
            await self._on_ask(room, msg)
        elif op == "snap":
            self._on_snap(room, msg)
        elif op == "state":
            self._on_state(room, msg)
        elif op == "cmd":
            self._on_cmd(room, msg)
        elif op == "members":
            if isinstance(msg.get("members"), list) and isinstance(msg.get("instance"), str):
                room.members[msg["instance"]] = [m for m in msg["members"][:MAX_SOCKETS] if _member(m)]
                if not room.members[msg["instance"]]:
                    del room.members[msg["instance"]]
                self._broadcast(room)
        elif op == "point":
            point, by = rules.parse_point(msg.get("point")), msg.get("by")
            if point is not None and _member(by, alone=False):
                self._to_all(room, {"type": "point", "by": by, "point": point}, latest=False)
        elif op == "kept":
            by, branch = msg.get("by"), msg.get("id")
            if _member(by, alone=False) and isinstance(branch, str) and rules.BRANCH_ID.fullmatch(branch):
                self._to_all(room, {"type": "kept", "by": by, "id": branch}, latest=False)
        elif op == "note":
            self._on_note(room, msg.get("news"))

    def _on_note(self, room: Room, news: Any) -> None:
        """A note on the table's moves written, edited or deleted (app/tables/live/notes.py publishes it only
        once the game has ended, with what everyone here may read): to each socket, with "mine" when it is
        the note's author's seat; to a spoiler-free page's socket only {"op": "changed"} (it asks again for
        the notes on the moves its viewer has reached). Each kind of message is encoded once."""
        if not isinstance(news, dict) or news.get("op") not in NOTE_OPS:
            return
        note = news.get("note")
        if news["op"] == "drop":
            if type(news.get("id")) is not int or type(news.get("seq")) is not int:
                return
        elif not isinstance(note, dict) or type(note.get("id")) is not int or type(note.get("seq")) is not int:
            return
        texts: dict[object, str] = {}
        for conn, member in list(room.conns.values()):
            if member.get("nospoil"):  # a spoiler-free page: which move would say how long the game was
                key: object = "changed"
                message: dict = {"type": "note", "op": "changed"}
            elif news["op"] == "drop":
                key, message = "drop", {"type": "note", "op": "drop", "id": news["id"], "seq": news["seq"]}
            else:
                key = member.get("seat") is not None and member.get("seat") == note.get("seat")  # mine
                message = {"type": "note", "op": news["op"], "note": {**note, "mine": key}}
            if key not in texts:
                texts[key] = orjson.dumps(message).decode()
            conn.send(texts[key])

    async def _on_ask(self, room: Room, msg: dict) -> None:
        if msg.get("ask") == room.ask:
            room.heard_ask = True  # our own ask: from here on, commands go on top of the snap to come
            return
        if room.ready.is_set():  # another instance opens this room: tell it the state and who is here
            await self.broker.publish({"kind": "review", "op": "snap", "table": room.code, "ask": msg.get("ask"),
                                       "state": room.state, "instance": self.instance})
            await self._publish_members(room)

    def _on_snap(self, room: Room, msg: dict) -> None:
        if msg.get("ask") != room.ask or room.snapped or time.monotonic() - room.asked_at > ASK_KEEP:
            return
        state = msg.get("state")
        if not _valid(state, room.of):
            return
        room.snapped = True
        for cmd, by in room.since_ask:
            state = rules.apply(state, cmd, by, room.of) or state
        room.since_ask.clear()
        room.state = state
        room.ready.set()
        self._broadcast(room)

    def _on_state(self, room: Room, msg: dict) -> None:
        """Another instance's state after a cut: the greatest (rev, instance) wins everywhere."""
        state, other = msg.get("state"), msg.get("instance")
        if not _valid(state, room.of) or not isinstance(other, str):
            return
        if (state["rev"], other) > (room.state["rev"], self.instance):
            room.state = state
            self._broadcast(room)

    def _on_cmd(self, room: Room, msg: dict) -> None:
        cmd, by = msg.get("cmd"), msg.get("by")
        if not isinstance(cmd, dict) or not _member(by, alone=False):
            return
        if room.heard_ask and not room.snapped and time.monotonic() - room.asked_at <= ASK_KEEP:
            if len(room.since_ask) < MAX_SINCE_ASK:
                room.since_ask.append((cmd, by))
        new = rules.apply(room.state, cmd, by, room.of)
        if new is not None:
            room.state = new
            self._broadcast(room)

    async def _publish_members(self, room: Room) -> None:
        members = [{"key": m["key"], "name": m["name"], "alone": bool(m.get("alone"))} for _, m in room.conns.values()]
        await self.broker.publish({"kind": "review", "op": "members", "table": room.code, "instance": self.instance,
                                   "members": members})

    def _broadcast(self, room: Room) -> None:
        self._to_all(room, self.view(room), latest=True)

    def _to_all(self, room: Room, message: dict, *, latest: bool) -> None:
        try:
            text = orjson.dumps(message).decode()
        except TypeError:  # nothing unencodable gets in (room.parse_pos, parse_point); if it did, the room goes on
            log.error("review room %s: a message could not be encoded and was not sent", room.code)
            return
        for conn, _ in list(room.conns.values()):
            if latest:
                conn.send_latest(text)  # only the newest room state counts: never drops a socket
            else:
                conn.send(text)


def _member(m: Any, alone: bool = True) -> bool:
    return (isinstance(m, dict) and isinstance(m.get("key"), str) and isinstance(m.get("name"), str)
            and len(m["key"]) <= 64 and len(m["name"]) <= 60 and text.problem(m["key"] + m["name"]) is None
            and (not alone or isinstance(m.get("alone"), bool)))


def _valid(state: Any, of: int) -> bool:
    """A room state another instance sent: its leader, position and rev well-formed."""
    return (isinstance(state, dict) and type(state.get("rev")) is int
            and (state.get("leader") is None or _member(state.get("leader"), alone=False))
            and rules.parse_pos(state.get("pos"), of) is not None)
