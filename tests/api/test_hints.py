"""POST /api/tables/{code}/hint: the seat to act gets its game bot's move and a reason; the game is untouched;
one hint at a time per seat; every hint is a chat line from the table."""
from __future__ import annotations

import asyncio

import httpx

from tests.api.helpers import bearer, full_table, state


async def seat_to_act(client, code: str, tokens: dict[int, str]) -> tuple[int, str]:
    seat = (await state(client, code, tokens[0]))["to_act"][0]
    return seat, tokens[seat]


async def test_a_hint_is_a_legal_move_with_a_reason_and_changes_nothing(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    seat, token = await seat_to_act(host, code, t["tokens"])
    before = await state(host, code, token)
    r = await host.post(f"/api/tables/{code}/hint", headers=bearer(token))
    assert r.status_code == 200, r.text
    answer = r.json()
    assert answer["move"] in before["legal_moves"] and answer["seq"] == before["seq"]
    assert isinstance(answer["reason"], str) and answer["reason"]
    after = await state(host, code, token)
    for key in ("seq", "view", "legal_moves", "to_act", "status", "last"):
        assert after[key] == before[key], key
    # the move may be played like any other
    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                        json={"seq": before["seq"], "move": answer["move"]})
    assert r.status_code == 200, r.text


async def test_the_first_hint_of_a_turn_is_a_chat_line_and_every_hint_is_counted(new_client):
    """A seat's hints in one turn are one line (294 hints were 294 lines to everyone)."""
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    seat, token = await seat_to_act(host, code, t["tokens"])
    counts = []
    for _ in range(3):
        r = await host.post(f"/api/tables/{code}/hint", headers=bearer(token))
        assert r.status_code == 200, r.text
        counts.append(r.json()["hints"])
    assert counts == [1, 2, 3]
    lines = [m for m in (await new_client().get(f"/api/tables/{code}/chat")).json() if m["kind"] == "hint"]
    name = "Ann" if seat == 0 else "Bea"
    assert [(m["seat"], m["name"], m["text"]) for m in lines] == [
        (-1, name, f"{name} asked for a hint (hint 1 at this table)")]
    # the next turn is a new streak: one more line, counting the quiet ones
    st = await state(host, code, token)
    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                        json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200, r.text
    st = await state(host, code, token)
    if st["status"] == "playing":
        nxt = st["to_act"][0]
        r = await host.post(f"/api/tables/{code}/hint", headers=bearer(t["tokens"][nxt]))
        assert r.status_code == 200 and r.json()["hints"] == 4, r.text
        lines = [m for m in (await new_client().get(f"/api/tables/{code}/chat")).json() if m["kind"] == "hint"]
        assert lines[-1]["text"].endswith("(hint 4 at this table)") and len(lines) == 2, lines
    r = await host.post(f"/api/tables/{code}/chat", json={"text": "thanks"}, headers=bearer(t["tokens"][0]))
    assert r.json()["kind"] == "chat"


async def test_a_solo_table_counts_hints_without_a_chat_line(new_client):
    """Solo play: hints in a solo game are no chat lines (14 hints in one solo game were once 14 lines to nobody)."""
    host = new_client()
    t = await full_table(host, players=1)
    code, token = t["code"], t["tokens"][0]
    counts = []
    for _ in range(3):
        st = await state(host, code, token)
        if st["status"] != "playing":
            break
        r = await host.post(f"/api/tables/{code}/hint", headers=bearer(token))
        assert r.status_code == 200, r.text
        counts.append(r.json()["hints"])
        await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                        json={"seq": st["seq"], "move": r.json()["move"]})
    assert counts == list(range(1, len(counts) + 1)) and counts
    assert [m for m in (await host.get(f"/api/tables/{code}/chat")).json() if m["kind"] == "hint"] == []


async def test_only_the_seat_to_act_of_a_playing_table_gets_a_hint(new_client):
    host, guest = new_client(), new_client()
    lobby = await full_table(host, guest, start=False)
    r = await host.post(f"/api/tables/{lobby['code']}/hint", headers=bearer(lobby["tokens"][0]))
    assert r.status_code == 409 and r.json()["code"] == "not_playing"
    t = await full_table(host, guest)
    code = t["code"]
    seat, _ = await seat_to_act(host, code, t["tokens"])
    other = t["tokens"][1 - seat]
    r = await host.post(f"/api/tables/{code}/hint", headers=bearer(other))
    assert r.status_code == 403 and r.json()["code"] == "not_your_turn"
    r = await new_client().post(f"/api/tables/{code}/hint")
    assert r.status_code == 401


async def test_one_hint_at_a_time_per_seat(new_client, app):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    seat, token = await seat_to_act(host, code, t["tokens"])
    runner = app.state.tables.bots
    release, started = asyncio.Event(), asyncio.Event()
    real = runner.hint

    async def slow(*args, **kwargs):
        started.set()
        await release.wait()
        return await real(*args, **kwargs)

    runner.hint = slow
    try:
        first = asyncio.create_task(host.post(f"/api/tables/{code}/hint", headers=bearer(token)))
        await asyncio.wait_for(started.wait(), 10)
        r = await guest.post(f"/api/tables/{code}/hint", headers=bearer(token))
        assert r.status_code == 409 and r.json()["code"] == "hint_pending"
        release.set()
        assert (await first).status_code == 200
    finally:
        runner.hint = real
    assert (await host.post(f"/api/tables/{code}/hint", headers=bearer(token))).status_code == 200


# -- bots' own turns go before hints in the workers --------------------------------------------
async def test_worker_slots_go_to_bot_turns_before_hints():
    from app.tables.live.worker_slots import HINT, TURN, Slots

    slots = Slots(1)
    await slots.acquire(HINT)  # a hint holds the one worker
    order: list[str] = []

    async def job(name: str, priority: int) -> None:
        await slots.acquire(priority)
        order.append(name)
        await asyncio.sleep(0)
        slots.release()

    waiting = [asyncio.create_task(job(f"hint {i}", HINT)) for i in range(3)]
    await asyncio.sleep(0)
    gave_up = asyncio.create_task(job("hint that gave up", HINT))
    await asyncio.sleep(0)
    gave_up.cancel()
    waiting.append(asyncio.create_task(job("bot turn", TURN)))
    await asyncio.sleep(0)
    assert slots.waiting == 4
    slots.release()
    await asyncio.gather(*waiting)
    assert order == ["bot turn", "hint 0", "hint 1", "hint 2"]
    assert slots.busy == 0 and slots.waiting == 0


async def test_hints_filling_the_worker_never_make_a_bot_play_at_random(live_server):
    """Sixteen solo tables asking "strong" hints kept the one worker busy; another table's bot waited past
    its cap and played a random move. Now the bot's turn goes first and its cap starts in the worker."""
    server = live_server(bot_processes="1", bot_seconds="0.4", rate_limit_hint="0", rate_limit_hint_address="0",
                         rate_limit_create="0")
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as c:
        solos = []
        for _ in range(12):
            r = await c.post("/api/tables", json={"game": "three-high", "players": 1, "name": "Solo",
                                                  "options": {"bot_strength": "strong"}})
            assert r.status_code == 201, r.text
            code, token = r.json()["code"], r.json()["token"]
            assert (await c.post(f"/api/tables/{code}/start", headers=bearer(token))).status_code == 200
            solos.append((code, token))
        t = await full_table(c, players=2, bots=1)
        code, token = t["code"], t["tokens"][0]
        assert (await c.post(f"/api/tables/{solos[0][0]}/hint", headers=bearer(solos[0][1]))).status_code in (200,
                                                                                                                503)
        stop = asyncio.Event()
        answers: list[int] = []

        async def ask(solo_code: str, solo_token: str) -> None:
            while not stop.is_set():
                r = await c.post(f"/api/tables/{solo_code}/hint", headers=bearer(solo_token))
                answers.append(r.status_code)

        askers = [asyncio.create_task(ask(*solo)) for solo in solos]
        await asyncio.sleep(1.0)  # the worker's queue is full of strong hints
        bot_moves = 0

        async def human_turn() -> dict:
            for _ in range(600):  # the bot answers, however long the hints make it wait
                st = await state(c, code, token)
                if st["status"] != "playing" or 0 in st["to_act"]:
                    return st
                await asyncio.sleep(0.1)
            raise AssertionError("the bot never played")

        try:
            await human_turn()
            for _ in range(3):
                st = await state(c, code, token)
                if st["status"] != "playing" or 0 not in st["to_act"]:
                    break
                r = await c.post(f"/api/tables/{code}/moves", headers=bearer(token),
                                 json={"seq": st["seq"], "move": st["legal_moves"][0]})
                assert r.status_code == 200, r.text
                await human_turn()
                bot_moves += 1
            for _ in range(600):  # a slow machine answers fewer hints in the same time: wait for them
                if answers.count(200) >= 5:
                    break
                await asyncio.sleep(0.1)
        finally:
            stop.set()
            await asyncio.gather(*askers)
    log = server.log_path.read_text(errors="replace")
    assert "random legal move" not in log, log[-3000:]
    assert bot_moves >= 1 and answers.count(200) >= 5, (bot_moves, answers)
