"""A seat's turn webhook over the API: set, read, clear, refuse bad URLs, and the POST when the turn comes."""
from __future__ import annotations

import pytest

from app.config import Settings
from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually
from tests.tables.test_webhooks import receiver  # noqa: F401 - fixture


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    webhook_allow_private=True, public_url="https://play.example.org")


async def seated_pair(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    return t["code"], (host, t["tokens"][0]), (guest, t["tokens"][1])


async def test_set_read_and_clear_my_webhook(new_client):
    code, (host, token), _ = await seated_pair(new_client)
    url = f"/api/tables/{code}/webhook"
    got = (await host.get(url, headers=bearer(token))).json()
    assert got["seat"] == 0 and got["url"] is None and got["sends_as"] is None and got["last"] == {}
    r = await host.put(url, headers=bearer(token), json={"url": " https://chat.example.org/hooks/1 "})
    assert r.status_code == 200
    assert r.json()["url"] == "https://chat.example.org/hooks/1" and r.json()["sends_as"] == "generic"
    assert (await host.get(url)).json()["url"] == "https://chat.example.org/hooks/1"  # by cookie too
    r = await host.put(url, headers=bearer(token), json={"url": None})
    assert r.json()["url"] is None


async def test_bad_webhook_urls_get_a_sentence(new_client):
    code, (host, token), _ = await seated_pair(new_client)
    url = f"/api/tables/{code}/webhook"
    for body, words in [({"url": "ftp://x.org/h"}, "http:// or https://"), ({"url": 5}, "not valid"),
                        ({"url": "https://x.org/" + "a" * 600}, "at most 500")]:
        r = await host.put(url, headers=bearer(token), json=body)
        assert r.status_code == 422 and words in r.json()["detail"], r.text


async def test_spectators_have_no_webhook(new_client):
    code, _, _ = await seated_pair(new_client)
    r = await new_client().put(f"/api/tables/{code}/webhook", json={"url": "https://x.org/h"})
    assert r.status_code == 401


async def test_the_seat_that_comes_to_act_gets_a_post(new_client, app, receiver):  # noqa: F811 - the fixture imported above
    code, (host, host_token), (guest, guest_token) = await seated_pair(new_client)
    hook = receiver()
    tokens = {0: (host, host_token), 1: (guest, guest_token)}
    st = await state(host, code, host_token)
    mover = st["to_act"][0]
    waiting = 1 - mover
    c, token = tokens[waiting]
    r = await c.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": hook.url})
    assert r.status_code == 200
    c, token = tokens[mover]
    mine = await state(c, code, token)
    r = await c.post(f"/api/tables/{code}/moves", headers=bearer(token),
                     json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
    assert r.status_code == 200, r.text
    if r.json()["status"] != "playing":
        pytest.skip("the first play ended the game")
    await eventually(lambda: len(hook.bodies) == 1)
    body = hook.bodies[0]
    assert body["table"] == code and body["seat"] == waiting and body["seq"] == 1
    assert body["url"] == f"https://play.example.org/t/{code}"
    name = ("Ann", "Bea")[waiting]
    assert body["text"] == f"{name}, it's your turn at 3-High (table {code}): https://play.example.org/t/{code}"
    assert body["content"] == body["text"] and body["name"] == name
    assert "token" not in str(body) and "hands" not in str(body)
