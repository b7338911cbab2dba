"""A seat's notification channels over the API, delivered to a loopback receiver: each chat service's
webhook format (chosen, or guessed from the URL), an ntfy topic (ntfy.sh or self-hosted), and the last
delivery's result shown back to the player."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from app.config import Settings
from app.store import Seat, Table
from app.tables.notify import turns as notify
from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually
from tests.loopback import notify_settings

PUBLIC = "https://play.example.org"


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url=PUBLIC)


async def seated(new_client) -> tuple[str, dict]:
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    return t["code"], {0: (host, t["tokens"][0]), 1: (guest, t["tokens"][1])}


async def send_turn(app, code: str, seat: int, kind: str = "turn") -> None:
    """Notify `seat` of table `code` through its channels, as a turn (or reminder) would, and wait."""
    ctx = app.state.tables
    async with ctx.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        row = (await s.execute(select(Seat).where(Seat.table_id == table.id, Seat.seat == seat))).scalar_one()
    assert notify.deliver(ctx, table.id, row, notify.notice_for(ctx, kind, code=code, game=table.game, seat=row,
                                                                 seq=table.seq))
    await ctx.webhooks.drained()


def sentence(code: str, name: str = "Ann") -> str:
    return f"{name}, it's your turn at 3-High (table {code}): {PUBLIC}/t/{code}"


@pytest.mark.parametrize("fmt,key", [("slack", "text"), ("mattermost", "text"), ("discord", "content")])
async def test_each_chat_service_gets_its_own_format(app, new_client, loopback, fmt, key):
    code, people = await seated(new_client)
    host, token = people[0]
    rx = loopback(204)
    r = await host.put(f"/api/tables/{code}/webhook", headers=bearer(token),
                       json={"url": f"{rx.base}/hooks/x", "format": fmt})
    assert r.status_code == 200 and r.json()["format"] == fmt and r.json()["sends_as"] == fmt
    await send_turn(app, code, 0)
    assert [q.json() for q in rx.requests] == [{key: sentence(code)}]
    assert rx.requests[0].headers["content-type"] == "application/json"


async def test_a_generic_target_gets_the_whole_message_as_json(app, new_client, loopback):
    code, people = await seated(new_client)
    host, token = people[0]
    rx = loopback(204)
    r = await host.put(f"/api/tables/{code}/webhook", headers=bearer(token), json={"url": f"{rx.base}/x"})
    assert r.json()["format"] is None and r.json()["sends_as"] == "generic"  # guessed from the URL
    await send_turn(app, code, 0, "reminder")
    body = rx.requests[0].json()
    assert body["type"] == "your_turn" and body["table"] == code and body["seat"] == 0 and body["reminder"] is True
    assert body["text"] == body["content"] == f"Reminder: Ann, it's still your turn at 3-High (table {code}): " \
                                              f"{PUBLIC}/t/{code}"
    assert "token" not in rx.requests[0].body.decode()


async def test_the_last_delivery_is_shown_to_the_player(app, new_client, loopback):
    code, people = await seated(new_client)
    host, token = people[0]
    ok, gone = loopback(204), loopback(404)
    url = f"/api/tables/{code}/webhook"
    await host.put(url, headers=bearer(token), json={"url": f"{ok.base}/x", "format": "slack"})
    await send_turn(app, code, 0)
    last = (await host.get(url, headers=bearer(token))).json()["last"]["webhook"]
    assert last["ok"] is True and last["detail"] == "HTTP 204" and last["at"]
    await host.put(url, headers=bearer(token), json={"url": f"{gone.base}/x", "format": "slack"})
    assert (await host.get(url, headers=bearer(token))).json()["last"] == {}  # a new address: nothing yet
    await send_turn(app, code, 0)
    last = (await host.get(url, headers=bearer(token))).json()["last"]["webhook"]
    assert last["ok"] is False and last["detail"] == "HTTP 404"
    guest, guest_token = people[1]  # another seat sees its own channels only
    assert (await guest.get(url, headers=bearer(guest_token))).json()["url"] is None


@pytest.mark.parametrize("channel", ["webhook", "ntfy"])
async def test_a_move_notifies_the_next_seat_on_its_only_channel(new_client, loopback, channel):
    code, people = await seated(new_client)
    rx = loopback(204)
    st = await state(people[0][0], code, people[0][1])
    mover = st["to_act"][0]
    waiting = 1 - mover
    c, token = people[waiting]
    body = {"url": f"{rx.base}/api/webhooks/1/abc", "format": "discord"} if channel == "webhook" else \
        {"url": f"{rx.base}/turns"}
    assert (await c.put(f"/api/tables/{code}/{channel}", headers=bearer(token), json=body)).status_code == 200
    c, token = people[mover]
    mine = await state(c, code, token)
    r = await c.post(f"/api/tables/{code}/moves", headers=bearer(token),
                     json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
    if r.json()["status"] != "playing":
        pytest.skip("the first play ended the game")
    await eventually(lambda: rx.requests)
    text = sentence(code, ("Ann", "Bea")[waiting])
    got = rx.requests[0].json()
    assert got == {"content": text} if channel == "webhook" else got["message"] == text


async def test_bad_formats_get_a_sentence(new_client):
    code, people = await seated(new_client)
    host, token = people[0]
    for fmt in ("teams", "x" * 80):
        r = await host.put(f"/api/tables/{code}/webhook", headers=bearer(token),
                           json={"url": "https://chat.example.org/h", "format": fmt})
        assert r.status_code == 422 and "auto, slack, mattermost, discord, generic" in r.json()["detail"]


@pytest.mark.parametrize("path,root", [("/my-topic_1", "/"), ("/ntfy/my-topic_1", "/ntfy/")])
async def test_ntfy_gets_a_title_the_text_and_a_click_url(app, new_client, loopback, path, root):
    code, people = await seated(new_client)
    host, token = people[0]
    rx = loopback(200)
    r = await host.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": rx.base + path})
    assert r.status_code == 200 and r.json()["ntfy"] == rx.base + path
    await send_turn(app, code, 0)
    (req,) = rx.requests
    assert req.path == root
    assert req.json() == {"topic": "my-topic_1", "title": "Your turn at 3-High", "message": sentence(code),
                          "click": f"{PUBLIC}/t/{code}", "tags": ["game_die"], "priority": 3}
    last = (await host.get(f"/api/tables/{code}/ntfy", headers=bearer(token))).json()["last"]["ntfy"]
    assert last["ok"] is True and last["detail"] == "HTTP 200"


async def test_bad_ntfy_addresses_get_a_sentence(new_client):
    code, people = await seated(new_client)
    host, token = people[0]
    for url, words in [("https://ntfy.sh/", "is the server and the topic"), ("https://ntfy.sh/a b", "spaces"),
                       ("https://ntfy.sh/t?x=1", "no ? or #"), ("ftp://ntfy.sh/t", "http:// or https://"),
                       ("https://ntfy.sh/" + "t" * 70, "1 to 64")]:
        r = await host.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": url})
        assert r.status_code == 422 and words in r.json()["detail"], (url, r.text)
    r = await host.put(f"/api/tables/{code}/ntfy", headers=bearer(token), json={"url": None})
    assert r.status_code == 200 and r.json()["ntfy"] is None
