"""The hub's bounded queues, the memory broker and merged presence (units)."""
from __future__ import annotations

import asyncio

import orjson

from app.realtime import Hub, MemoryBroker
from app.tables.live.presence import Presence


async def test_a_socket_that_stops_reading_is_dropped_and_others_still_get_messages():
    hub = Hub(queue_size=4)
    got: list[dict] = []
    closed: list[int] = []
    stuck = asyncio.Event()

    async def slow_send(_msg: dict) -> None:
        await stuck.wait()  # never returns: a client that stopped reading

    async def fast_send(msg: dict) -> None:
        got.append(msg)

    async def close(code: int) -> None:
        closed.append(code)

    slow = hub.connect("t", 0, slow_send, close)
    fast = hub.connect("t", None, fast_send, close)
    slow.open([])
    fast.open([{"n": -1}])
    for n in range(20):
        for conn in hub.connections("t"):
            conn.send({"n": n})
        await asyncio.sleep(0)
    await asyncio.sleep(0.01)
    assert slow.closed and closed == [4008]
    assert [m["n"] for m in got] == list(range(-1, 20))
    assert hub.connections("t") == [fast]
    await hub.disconnect(slow)
    await hub.disconnect(fast)
    assert not hub.has("t")


async def test_messages_before_open_come_after_the_welcome():
    hub = Hub(queue_size=8)
    got: list[dict] = []

    async def send(msg: dict) -> None:
        got.append(msg)

    async def close(_code: int) -> None: ...

    conn = hub.connect("t", 1, send, close)
    conn.send({"type": "update"})
    conn.open([{"type": "state"}, {"type": "chat_history"}])
    await asyncio.sleep(0.01)
    assert [m["type"] for m in got] == ["state", "chat_history", "update"]
    await hub.disconnect(conn)


async def test_memory_broker_delivers_to_its_subscriber():
    broker, seen = MemoryBroker(), []

    async def handler(msg: dict) -> None:
        seen.append(msg)

    broker.subscribe(handler)
    await broker.publish({"kind": "x"})
    assert seen == [{"kind": "x"}]


def test_presence_merges_instances_and_forgets_empty_ones():
    p = Presence()
    p.update("t", "A", [0], 1)
    p.update("t", "B", [1, 0], 2)
    assert p.message("t") == {"type": "presence", "connected": [0, 1], "spectators": 3}
    p.update("t", "A", [], 0)
    p.update("t", "B", [], 0)
    assert p.message("t") == {"type": "presence", "connected": [], "spectators": 0}
    assert p._tables == {}


def test_presence_of_a_silent_instance_expires():
    now = [100.0]
    p = Presence(ttl=90, clock=lambda: now[0])
    p.update("t", "A", [0], 0)
    now[0] = 150.0
    p.update("t", "B", [1], 1)
    now[0] = 195.0  # A last heard 95 s ago: gone; B 45 s ago: still here
    assert p.message("t") == {"type": "presence", "connected": [1], "spectators": 1}
    p.forget_stale()
    assert set(p._tables["t"]) == {"B"}


async def test_a_socket_written_at_once_keeps_its_order_when_its_client_reads_slowly():
    """The transport's own write (send_now) takes a message only when nothing waits before it: while the
    client's socket asks writers to wait, messages queue, and the next written at once comes after them."""
    hub = Hub(queue_size=16)
    wire: list[str] = []
    writable = False
    release = asyncio.Event()

    def name(msg: dict | str | bytes) -> str:
        return orjson.loads(msg)["type"] if isinstance(msg, bytes) else msg if isinstance(msg, str) else msg["type"]

    def send_now(*texts: str | bytes) -> bool:
        if not writable:
            return False
        wire.extend(name(text) for text in texts)
        return True

    async def send(msg: dict | str | bytes) -> None:  # the ASGI send: waits while the transport is paused
        await release.wait()
        wire.append(name(msg))

    async def close(_code: int) -> None: ...

    conn = hub.connect("t", 0, send, close, send_now=send_now)
    conn.open([{"type": "state"}])  # the transport is paused: the welcome goes through the queue
    writable = True
    await asyncio.sleep(0.01)
    assert wire == [] and conn.send("1")  # the state is still being sent: "1" waits behind it
    release.set()
    await asyncio.sleep(0.01)
    assert wire == ["state", "1"]
    conn.send("2")
    assert wire[-1] == "2"  # nothing queued: written at once, no task woken
    conn.send_latest("presence")
    assert wire[-1] == "presence"  # nothing queued that it could replace: written at once too
    writable, release = False, asyncio.Event()
    for n in (3, 4, 5):
        conn.send(str(n))
    conn.send_latest("p1")
    conn.send_latest("p2")  # replaces "p1", which was not sent yet
    writable = True  # the transport can take more, but "3" to "5" are queued: "6" must not overtake them
    conn.send("6")
    assert wire == ["state", "1", "2", "presence"]
    release.set()
    await asyncio.sleep(0.01)
    assert wire == ["state", "1", "2", "presence", "3", "4", "5", "p2", "6"]
    conn.send("7")
    assert wire[-1] == "7"
    await hub.disconnect(conn)


async def test_a_welcome_and_what_arrived_before_it_are_written_at_once_in_order():
    """A socket that can be written to gets its welcome's messages in one write, then the messages that
    arrived while the welcome was being made (a presence among them), before anything sent after."""
    hub = Hub(queue_size=8)
    writes: list[list[dict]] = []

    def send_now(*texts: str | bytes) -> bool:
        writes.append([orjson.loads(text) for text in texts])
        return True

    async def send(_msg: dict | str | bytes) -> None:
        raise AssertionError("nothing goes through the queue when the transport takes it at once")

    async def close(_code: int) -> None: ...

    conn = hub.connect("t", 1, send, close, send_now=send_now)
    conn.send(b'{"type":"update","seq":4}')
    conn.send_latest(b'{"type":"presence","n":1}')
    conn.send_latest(b'{"type":"presence","n":2}')  # only the newest counts
    assert writes == []  # held until the welcome
    conn.open([{"type": "state", "seq": 3}, {"type": "chat_history", "messages": []}])
    conn.send(b'{"type":"update","seq":5}')
    await asyncio.sleep(0.01)
    assert writes == [[{"type": "state", "seq": 3}, {"type": "chat_history", "messages": []}],
                      [{"type": "update", "seq": 4}], [{"type": "presence", "n": 2}], [{"type": "update", "seq": 5}]]
    await hub.disconnect(conn)
