"""The table actor (app/tables/live/actors.py): one task per table, its commands in order, a bounded queue that
answers "busy" when full, gone once idle, and a command that runs to its end when its caller stops waiting."""
from __future__ import annotations

import asyncio

from tests.api.helpers import bearer, create, full_table, state
from tests.tables.writer_helpers import holding


async def test_a_full_queue_answers_busy_with_a_sentence_and_the_table_goes_on(app, new_client):
    tables = app.state.tables
    ann = new_client()
    made = await create(ann, 2)
    code = made["code"]
    tables.actors.queue = 2
    async with holding(tables, code):  # a command under way: what follows waits in the queue
        waiting = [asyncio.create_task(ann.post(f"/api/tables/{code}/chat", json={"text": f"line {i}"},
                                                headers=bearer(made["token"]))) for i in range(2)]
        await asyncio.sleep(0.1)
        r = await ann.post(f"/api/tables/{code}/chat", json={"text": "one too many"}, headers=bearer(made["token"]))
        assert r.status_code == 503, r.text
        assert r.json()["code"] == "table_busy" and code in r.json()["detail"] and "try again" in r.json()["detail"]
        assert r.headers["Retry-After"] == "1"
    assert [w.status_code for w in await asyncio.gather(*waiting)] == [201, 201]
    chat = (await ann.get(f"/api/tables/{code}/chat")).json()
    assert [m["text"] for m in chat] == ["line 0", "line 1"]  # in the order they were asked
    assert not tables.actors.running(code)  # idle: the actor is gone


async def test_commands_of_one_table_run_one_at_a_time_in_order_from_every_source(app, new_client):
    tables = app.state.tables
    ann, bea = new_client(), new_client()
    t = await full_table(ann, bea)
    code = t["code"]
    seen, real = [], tables.actors._process
    running = 0

    async def process(command):
        nonlocal running
        running += 1
        assert running == 1, "two commands of one table at once"
        seen.append(type(command).__name__)
        try:
            return await real(command)
        finally:
            running -= 1

    tables.actors._process = process
    try:
        await asyncio.gather(*(c.post(f"/api/tables/{code}/chat", json={"text": str(i)}, headers=bearer(t["tokens"][s]))
                               for i, (c, s) in enumerate([(ann, 0), (bea, 1)] * 5)))
    finally:
        tables.actors._process = real
    assert seen == ["Say"] * 10
    assert (await state(ann, code))["status"] == "playing"


async def test_a_command_runs_to_its_end_when_its_caller_stops_waiting(app, new_client):
    tables = app.state.tables
    ann = new_client()
    made = await create(ann, 2)
    code = made["code"]
    async with holding(tables, code):
        asked = asyncio.create_task(ann.post(f"/api/tables/{code}/chat", json={"text": "still said"},
                                             headers=bearer(made["token"])))
        await asyncio.sleep(0.1)
        asked.cancel()  # the browser went away
    for _ in range(50):
        chat = (await ann.get(f"/api/tables/{code}/chat")).json()
        if chat:
            break
        await asyncio.sleep(0.02)
    assert [m["text"] for m in chat] == ["still said"]
