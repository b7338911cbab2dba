"""Exactly once across instances: two app instances on one PostgreSQL and one Redis, both sweeping often.
A bot's turn is claimed in the database, so only one instance ever plays it (or even asks the bot); a
turn webhook and a reminder go out once per turn, not once per instance."""
from __future__ import annotations

import asyncio
import json
import secrets
from collections import Counter

import httpx
import pytest

from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually
from tests.tables.test_webhooks import receiver  # noqa: F401 - fixture

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


def records(*servers, msg: str) -> list[dict]:
    """The JSON log records with this message, from every server's log."""
    out = []
    for server in servers:
        for line in server.log_path.read_text(errors="replace").splitlines():
            if line.startswith("{") and f'"msg": "{msg}"' in line:
                out.append(json.loads(line))
    return out


def two(live_server, postgres_url, redis_url, **env):
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    servers = [live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel,
                           sweep_seconds="0.1", log_level="INFO", **env) for _ in range(2)]
    for server in servers:
        server.wait_ready()
    return servers


async def test_each_bot_turn_is_played_by_one_instance_only(live_server, postgres_url, redis_url):
    # The bot waits 0.3 s; meanwhile the other instance's sweep (every 0.1 s) finds the same turn waiting.
    a, b = two(live_server, postgres_url, redis_url, bot_delay_seconds="0.3", bot_processes="0")
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        t = await full_table(ca, bots=1)
        code, token = t["code"], t["tokens"][0]
        bot_turns = 0
        for i in range(12):
            c = (ca, cb)[i % 2]
            st = await state(c, code, token)
            if st["status"] != "playing" or bot_turns >= 4:
                break
            if st["to_act"] != [0]:  # the bot's turn: it plays by itself
                bot_turns += 1
                seq = st["seq"]

                async def bot_moved(seq=seq, c=c):
                    return (await state(c, code, token))["seq"] > seq

                await eventually(bot_moved, timeout=10)
                continue
            r = await c.post(f"/api/tables/{code}/moves", headers=bearer(token),
                             json={"seq": st["seq"], "move": st["legal_moves"][0]})
            assert r.status_code == 200, r.text
        log = (await ca.get(f"/api/tables/{code}/log")).json()
    assert bot_turns >= 1
    bot_seqs = [s["seq"] for s in log["steps"] if s["seat"] == 1]
    played = Counter(r["seq"] for r in records(a, b, msg="bot move") if r["table"] == code)
    assert played == Counter(bot_seqs), (played, bot_seqs)  # each bot move played by exactly one instance
    assert not [r for r in records(a, b, msg="bot turn skipped") if r["table"] == code]  # nobody lost a race
    elsewhere = [r for r in records(a, b, msg="bot turn claimed elsewhere") if r["table"] == code]
    assert elsewhere, "the other instance never met a claimed turn: the test proved nothing"


async def test_turn_webhooks_and_reminders_go_out_once(live_server, postgres_url, redis_url, receiver):  # noqa: F811 - the fixture imported above
    a, b = two(live_server, postgres_url, redis_url, webhook_allow_private="1", remind_after_seconds="1.5")
    hook = receiver()
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        t = await full_table(ca, cb)
        code, tokens = t["code"], t["tokens"]
        for seat, c in ((0, ca), (1, cb)):
            r = await c.put(f"/api/tables/{code}/webhook", headers=bearer(tokens[seat]), json={"url": hook.url})
            assert r.status_code == 200
        waited = []
        for i in range(5):
            c = (ca, cb)[i % 2]
            st = await state(c, code, tokens[0])
            if st["status"] != "playing":
                break
            if i in (2, 4):  # let this turn wait past remind_after_seconds: a reminder is due
                waited.append((st["seq"], st["to_act"][0]))
                await eventually(lambda: any(b.get("reminder") and b["seq"] == waited[-1][0] for b in hook.bodies),
                                 timeout=10)
                await asyncio.sleep(1.0)  # a second instance's sweep has had its chance to send it again
                if i == 4:
                    break
            seat = st["to_act"][0]
            mine = await state(c, code, tokens[seat])
            r = await c.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                             json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
            assert r.status_code == 200, r.text
        final = await state(ca, code)
    await asyncio.sleep(0.5)
    sent = Counter((body["seq"], body["seat"], bool(body.get("reminder"))) for body in hook.bodies)
    assert sent and max(sent.values()) == 1, sent  # nothing twice
    turns = {(seq, seat) for seq, seat, reminder in sent if not reminder}
    assert {seq for seq, _ in turns} == set(range(1, final["seq"] + 1)), sent  # every move's turn: once
    for seq, seat in waited:
        assert sent[(seq, seat, True)] == 1
    reminder = next(body for body in hook.bodies if body.get("reminder"))
    assert reminder["text"].startswith("Reminder: ") and "still your turn" in reminder["text"]


async def test_a_stopping_instance_hands_its_waiting_bot_turns_to_another_at_once(live_server, postgres_url,
                                                                                   redis_url):
    channel = f"icehouse:test:{secrets.token_hex(4)}"
    # A would wait 60 s before its bot plays; B plays at once, but sweeps only every 60 s.
    a = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, bot_delay_seconds="60",
                    sweep_seconds="60", bot_processes="0")
    b = live_server(postgres_url, ready=False, redis_url=redis_url, redis_channel=channel, bot_delay_seconds="0",
                    sweep_seconds="60", bot_processes="0")
    a.wait_ready(), b.wait_ready()
    async with httpx.AsyncClient(base_url=a.url, timeout=10) as ca, \
            httpx.AsyncClient(base_url=b.url, timeout=10) as cb:
        t = await full_table(ca, bots=1)
        code, token = t["code"], t["tokens"][0]
        st = await state(ca, code, token)
        if st["to_act"] == [0]:  # the person first: then it is the bot's turn, waiting on A
            r = await ca.post(f"/api/tables/{code}/moves", headers=bearer(token),
                              json={"seq": st["seq"], "move": st["legal_moves"][0]})
            assert r.status_code == 200
            st = r.json()
        if st["status"] != "playing":
            pytest.skip("the first move ended the game")
        assert st["to_act"] == [1]
        await asyncio.sleep(0.3)
        assert (await state(cb, code, token))["seq"] == st["seq"]  # A holds the turn
        a.stop()  # graceful: its waiting turn is handed over

        async def bot_moved():
            return (await state(cb, code, token))["seq"] > st["seq"]

        await eventually(bot_moved, timeout=8)
