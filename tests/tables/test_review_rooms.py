"""Review rooms across instances (app/tables/review/rooms.py), over a broker of our own that delivers every
message to every instance in one order, and that can be cut: a room's state is a pure function of its
ordered commands (every instance holds the same), an instance opening a room takes the state of one that
holds it (ask and snap), and after a cut the greatest (rev, instance) wins on every side."""
from __future__ import annotations

import asyncio
import itertools
import json

import pytest

from app.tables.review import rooms as rooms_module
from app.tables.review.rooms import ReviewRooms

OF = 30  # moves of the game under review
HOST = {"key": "p-host", "name": "Ann"}
_ids = itertools.count(1)


class Net:
    def __init__(self) -> None:
        self.brokers: list[Broker] = []
        self.cut = False


class Broker:
    """Each message to every instance at once, in the order published (like one Redis channel); cut: only
    to its own instance (like a Redis broker that is down)."""

    up = True

    def __init__(self, net: Net) -> None:
        self.net = net
        self.rooms: ReviewRooms | None = None
        net.brokers.append(self)

    async def publish(self, message: dict) -> None:
        text = json.dumps(message)   # what goes over the wire
        for b in ([self] if self.net.cut else self.net.brokers):
            await b.rooms.dispatch(json.loads(text))


class Conn:
    def __init__(self) -> None:
        self.id = next(_ids)
        self.got: list[dict] = []

    def send(self, text: str) -> None:
        self.got.append(json.loads(text))

    send_latest = send


def instance(net: Net, name: str) -> ReviewRooms:
    b = Broker(net)
    b.rooms = ReviewRooms(b, name)
    return b.rooms


async def enter(rooms: ReviewRooms, key: str, name: str) -> tuple[Conn, dict]:
    conn, member = Conn(), {"key": key, "name": name, "alone": False}
    assert await rooms.enter("tbl", OF, HOST, conn, member) is not None
    return conn, member


@pytest.fixture(autouse=True)
def quick_asks(monkeypatch):
    monkeypatch.setattr(rooms_module, "ASK_WAIT", 0.02)


def state(rooms: ReviewRooms) -> dict:
    return rooms.rooms["tbl"].state


async def test_every_instance_folds_the_same_commands_into_the_same_state():
    net = Net()
    a, b = instance(net, "a"), instance(net, "b")
    _, ann = await enter(a, HOST["key"], "Ann")
    assert state(a)["leader"] == HOST and state(a)["pos"]["ply"] == OF   # the host leads, at the end
    await a.command("tbl", ann, {"op": "goto", "pos": {"ply": 5}})
    bea_conn, bea = await enter(b, "g-bea", "Bea")
    assert state(b) == state(a) and state(b)["pos"]["ply"] == 5 and state(b)["rev"] == 1   # the snap of a
    await b.command("tbl", bea, {"op": "goto", "pos": {"ply": 9}})   # not the leader: nothing changes
    await b.command("tbl", bea, {"op": "lead"})
    await b.command("tbl", bea, {"op": "goto", "pos": {"ply": 9, "line": [], "at": 0}})
    await a.command("tbl", ann, {"op": "goto", "pos": {"ply": 2}})   # no longer the leader
    assert state(a) == state(b) and state(a)["pos"]["ply"] == 9 and state(a)["leader"]["name"] == "Bea"
    assert bea_conn.got[-1]["pos"]["ply"] == 9
    # both see both people; browsing alone shows
    await a.set_alone("tbl", next(iter(a.rooms["tbl"].conns.values()))[0], True)
    assert [(m["name"], m["alone"]) for m in b.view(b.rooms["tbl"])["members"]] == [("Ann", True), ("Bea", False)]


async def test_after_a_cut_the_sides_agree_again():
    net = Net()
    a, b = instance(net, "a"), instance(net, "b")
    _, ann = await enter(a, HOST["key"], "Ann")
    _, bea = await enter(b, "g-bea", "Bea")
    net.cut = True
    await a.command("tbl", ann, {"op": "goto", "pos": {"ply": 7}})   # only a hears it: rev 1
    await b.command("tbl", bea, {"op": "lead"})   # only b: rev 2
    await b.command("tbl", bea, {"op": "goto", "pos": {"ply": 11}})
    assert state(a) != state(b)
    net.cut = False
    await a.resync()
    await b.resync()
    assert state(a) == state(b) and state(a)["pos"]["ply"] == 11 and state(a)["rev"] == 2


async def test_a_malformed_state_or_command_from_the_broker_changes_nothing():
    net = Net()
    a = instance(net, "a")
    await enter(a, HOST["key"], "Ann")
    before = dict(state(a))
    for msg in ({"op": "state", "state": {"rev": 99, "leader": "x", "pos": {"ply": 1}}, "instance": "z"},
                {"op": "state", "state": {"rev": 99, "leader": None, "pos": {"ply": 999}}, "instance": "z"},
                {"op": "snap", "ask": "nope", "state": {}},
                {"op": "cmd", "cmd": {"op": "goto", "pos": {"ply": 1}}, "by": {"key": 5}},
                {"op": "cmd", "cmd": "lead", "by": HOST},
                {"op": "members", "instance": "z", "members": [{"key": "k"}]}):
        await a.dispatch({"kind": "review", "table": "tbl", **msg})
    assert state(a) == before
    await asyncio.sleep(0)
