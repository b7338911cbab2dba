"""POST /api/tables/{code}/hint: the seat to act gets its game bot's move and a reason; the game is untouched;
one hint at a time per seat; every hint is a chat line from the table."""
from __future__ import annotations

import asyncio

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


async def test_hints_are_chat_lines_from_the_table_and_counted(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    seat, token = await seat_to_act(host, code, t["tokens"])
    for _ in range(2):
        assert (await host.post(f"/api/tables/{code}/hint", headers=bearer(token))).status_code == 200
    lines = [m for m in (await new_client().get(f"/api/tables/{code}/chat")).json() if m["kind"] == "hint"]
    name = "Ann" if seat == 0 else "Bea"
    assert [(m["seat"], m["name"], m["text"]) for m in lines] == [
        (-1, name, f"{name} asked for a hint (hint 1 at this table)"),
        (-1, name, f"{name} asked for a hint (hint 2 at this table)")]
    r = await host.post(f"/api/tables/{code}/chat", json={"text": "thanks"}, headers=bearer(t["tokens"][0]))
    assert r.json()["kind"] == "chat"


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
