"""A solo table's rematch is dealt and started at once (no lobby, no "Start the game"); a table
with more seats, bots included, still waits in the lobby for the host."""
from __future__ import annotations

from tests.api.helpers import bearer, create, full_table, state
from tests.api.test_tables import _finish


async def test_a_solo_rematch_is_playing_at_once(new_client, app):
    host = new_client()
    made = await create(host, 1)
    code, token = made["code"], made["token"]
    r = await host.post(f"/api/tables/{code}/start", headers=bearer(token))
    assert r.status_code == 200, r.text
    await _finish(app, code)
    r = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert r.status_code == 201, r.text
    new = r.json()
    assert new["rematch_of"] == code and new["you"] == 0
    assert new["status"] == "playing", new["status"]  # a deal stuck from the start is dealt again
    assert new["to_act"] == [0] and new["legal_moves"]
    assert [(s["name"], s["bot"]) for s in new["seats"]] == [("Ann", False)]
    r = await host.post(f"/api/tables/{new['code']}/start", headers=bearer(token))
    assert r.status_code == 409  # nothing left to start
    again = await host.post(f"/api/tables/{code}/rematch", headers=bearer(token))
    assert again.status_code == 200 and again.json()["code"] == new["code"]
    st = await state(host, new["code"], token)
    r = await host.post(f"/api/tables/{new['code']}/moves", headers=bearer(token),
                        json={"seq": st["seq"], "move": st["legal_moves"][0]})
    assert r.status_code == 200, r.text  # the old seat's token plays the rematch


async def test_a_rematch_with_a_bot_still_waits_for_the_host(new_client, app):
    host = new_client()
    t = await full_table(host, bots=1)
    await _finish(app, t["code"])
    r = await host.post(f"/api/tables/{t['code']}/rematch", headers=bearer(t["tokens"][0]))
    assert r.status_code == 201 and r.json()["status"] == "lobby"
    assert [(s["name"], s["bot"]) for s in r.json()["seats"]] == [("Ann", False), ("Bot 2", True)]
