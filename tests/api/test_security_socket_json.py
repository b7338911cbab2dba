"""A socket message nested too deeply is a bad_message with a sentence, and the socket
stays open (over a real server: orjson refuses past its own limit, the standard parser would recurse, and
the rate limiter reads a message's type before the route does)."""
from __future__ import annotations

import httpx

from tests.api.helpers import full_table
from tests.api.wsclient import WS

DEEP = "[" * 30000 + "]" * 30000  # 60,000 characters: under the 64 KiB message limit
DEEP_WITH_TYPE = "[" * 20000 + '{"type": "move"}' + "]" * 20000  # "type" in it: the rate limiter parses it
DEEP_OBJECT = '{"type": "move", "seq": 1, "move": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}"
NESTED_50 = '{"type": "ping", "x": ' + "[" * 50 + "]" * 50 + "}"  # orjson parses it; the app refuses it


async def test_deeply_nested_json_is_a_bad_message_and_the_socket_stays_open(live_server):
    server = live_server()
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=2, bots=1)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}")
        await ws.until("state")
        for raw in (DEEP, DEEP_WITH_TYPE, DEEP_OBJECT, NESTED_50):
            assert len(raw.encode()) < 64 * 1024
            await ws.send(raw)
            reply = await ws.until(lambda m: m.get("type") in ("error", "pong"))
            assert reply["type"] == "error", reply
            assert reply["code"] == "bad_message", reply
            assert "nest" in reply["detail"] and reply["detail"].endswith("."), reply
            await ws.send({"type": "ping"})  # still open, still answering
            assert (await ws.until(lambda m: m.get("type") in ("error", "pong")))["type"] == "pong"
        await ws.send('{"type": "ping", "x": ' + "[" * 10 + "]" * 10 + "}")  # shallow nesting is fine
        assert (await ws.until(lambda m: m.get("type") in ("error", "pong")))["type"] == "pong"
        await ws.close()
        assert "Traceback" not in server.log()
