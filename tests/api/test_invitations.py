"""Invitations and rematches that wait (docs/API.md "Invitations"): the host reserves seats for named friends,
each with its own secret link shown to the host once; the link shows who invites to what; Accept takes the
seat (as a join), Decline opens it again; the table starts by itself when everyone has accepted, or the
inviter starts at once with bots in the seats nobody holds; invitations expire; a rematch is sent as an
invitation to the other players, each told with their own link on their seat's channels, and answered from
/me. Links never reach anyone but their inviter and their invitee. Every test on SQLite and PostgreSQL."""
from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from app.config import Settings
from app.store import utcnow
from app.store.models import Invitation
from app.tables import housekeeping
from app.tables.identity import hash_token
from tests.api.helpers import age, bearer, create, state
from tests.loopback import notify_settings


@pytest.fixture(params=["sqlite", "postgres"])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url="https://p.example", admin_token=ADMIN)


ADMIN = "admin-token-for-the-invitation-tests-0123456789"


def secret(link: str) -> str:
    assert link.startswith("https://p.example/invite#"), link
    return link.split("#", 1)[1]


async def invite(client, made: dict, names: list[str], **extra):
    return await client.post(f"/api/tables/{made['code']}/invitations", headers=bearer(made["token"]),
                             json={"names": names, **extra})


async def test_invited_friends_accept_decline_and_the_table_waits(app, new_client):
    ann, bea, cid, dan = new_client(), new_client(), new_client(), new_client()
    made = await create(ann, players=3)
    code = made["code"]
    r = await invite(ann, made, ["Bea", "Cid"])
    assert r.status_code == 201, r.text
    sent = r.json()
    assert [(x["seat"], x["name"], x["state"]) for x in sent] == [(1, "Bea", "pending"), (2, "Cid", "pending")]
    links = {x["name"]: secret(x["link"]) for x in sent}
    assert len(set(links.values())) == 2 and all(len(x) >= 32 for x in links.values())
    seats = (await state(dan, code))["seats"]
    assert [(x["name"], x.get("invited", False)) for x in seats] == [("Ann", False), ("Bea", True), ("Cid", True)]
    # the table's open link seats nobody in a reserved seat; the host cannot start over them
    r = await dan.post(f"/api/tables/{code}/join", json={"name": "Dan"})
    assert r.status_code == 409 and r.json()["code"] == "table_full"
    r = await ann.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))
    assert r.status_code == 409 and r.json()["code"] == "invitations_pending"
    # Bea opens her link: who invites her to what
    r = await bea.post("/api/invitations/open", json={"link": links["Bea"]})
    assert r.status_code == 200, r.text
    seen = r.json()
    assert (seen["by"], seen["name"], seen["seat"], seen["code"], seen["game"], seen["state"]) == \
        ("Ann", "Bea", 1, code, "three-high", "pending")
    assert "link" not in seen
    r = await bea.post("/api/invitations/accept", json={"link": links["Bea"], "name": "Beatrix"})
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and r.json()["code"] == code and r.cookies.get("icehouse_id")
    mine = await state(bea, code, r.json()["token"])
    assert mine["you"] == 1 and mine["seats"][1]["name"] == "Beatrix" and "invited" not in mine["seats"][1]
    assert (await state(bea, code))["you"] == 1  # by the cookie too
    # accepted once: the link says so, a second accept is refused
    r = await cid.post("/api/invitations/accept", json={"link": links["Bea"]})
    assert r.status_code == 410 and r.json()["code"] == "invitation_closed"
    # Cid declines: the seat is open again, and the host sees it
    r = await cid.post("/api/invitations/decline", json={"link": links["Cid"]})
    assert r.status_code == 204, r.text
    r = await cid.post("/api/invitations/open", json={"link": links["Cid"]})
    assert r.status_code == 410 and r.json()["code"] == "invitation_closed"
    r = await ann.get(f"/api/tables/{code}/invitations", headers=bearer(made["token"]))
    assert [(x["name"], x["state"]) for x in r.json()] == [("Bea", "accepted"), ("Cid", "declined")]
    st = await state(ann, code, made["token"])
    assert st["status"] == "lobby" and st["seats"][2]["name"] is None
    # a friend joins the open seat by the table's link; then the host starts
    r = await dan.post(f"/api/tables/{code}/join", json={"name": "Dan"})
    assert r.status_code == 200 and r.json()["seat"] == 2
    r = await ann.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))
    assert r.status_code == 200 and r.json()["status"] == "playing"


async def test_the_table_starts_when_everyone_has_accepted(app, new_client, loopback):
    ann, bea, cid = new_client(), new_client(), new_client()
    made = await create(ann, players=3)
    sent = (await invite(ann, made, ["Bea", "Cid"])).json()
    r = await bea.post("/api/invitations/accept", json={"link": secret(sent[0]["link"])})
    assert r.status_code == 200 and (await state(bea, made["code"]))["status"] == "lobby"
    rx = loopback(204)  # Bea chooses how she is told, as any seat does
    r = await bea.put(f"/api/tables/{made['code']}/webhook", headers=bearer(r.json()["token"]),
                      json={"url": f"{rx.base}/h", "format": "generic"})
    assert r.status_code == 200, r.text
    r = await cid.post("/api/invitations/accept", json={"link": secret(sent[1]["link"])})
    assert r.status_code == 200, r.text
    st = await state(cid, made["code"], r.json()["token"])
    assert st["status"] == "playing" and st["you"] == 2
    assert [x["name"] for x in st["seats"]] == ["Ann", "Bea", "Cid"]
    for _ in range(100):  # told in the background: her turn, or that the game she was invited to started
        await app.state.tables.webhooks.drained()
        if rx.requests:
            break
        await asyncio.sleep(0.05)
    told = [q.json() for q in rx.requests]
    assert len(told) == 1 and told[0]["type"] == ("your_turn" if 1 in st["to_act"] else "started"), told
    assert told[0]["url"] == f"https://p.example/t/{made['code']}"
    r = await ann.get("/api/me/invitations")
    assert r.json() == {"sent": [], "received": []}  # only tables still waiting are listed


async def test_the_inviter_starts_now_with_bots_for_the_rest(app, new_client):
    ann, bea, cid = new_client(), new_client(), new_client()
    made = await create(ann, players=3)
    sent = (await invite(ann, made, ["Bea", "Cid"])).json()
    assert (await bea.post("/api/invitations/accept", json={"link": secret(sent[0]["link"])})).status_code == 200
    r = await bea.post(f"/api/tables/{made['code']}/invitations/start")  # Bea's cookie: not the inviter
    assert r.status_code == 403 and r.json()["code"] == "not_inviter"
    r = await ann.post(f"/api/tables/{made['code']}/invitations/start", headers=bearer(made["token"]))
    assert r.status_code == 200, r.text
    st = r.json()
    assert st["status"] == "playing" and [x["bot"] for x in st["seats"]] == [False, False, True]
    r = await cid.post("/api/invitations/open", json={"link": secret(sent[1]["link"])})
    assert r.status_code == 410 and r.json()["code"] == "invitation_closed"
    r = await cid.post("/api/invitations/accept", json={"link": secret(sent[1]["link"])})
    assert r.status_code in (409, 410)


async def test_invitations_expire_and_wait_across_days(app, new_client):
    ann, bea = new_client(), new_client()
    made = await create(ann, players=2)
    r = await invite(ann, made, ["Bea"], days=2)
    link = secret(r.json()[0]["link"])
    # two days of nothing: the stale lobbies' sweep (3 days by default) keeps a table whose invitation waits
    await age(app, made["code"], app.state.tables.settings.lobby_expire_seconds + 60)
    await housekeeping.run(app.state.tables)
    assert (await state(ann, made["code"]))["status"] == "lobby"
    async with app.state.tables.db.writing() as s:
        await s.execute(update(Invitation).values(expires_at=utcnow() - timedelta(seconds=1)))
        await s.commit()
    for path in ("open", "accept", "decline"):
        r = await bea.post(f"/api/invitations/{path}", json={"link": link})
        assert r.status_code == 410 and r.json()["code"] == "invitation_expired", (path, r.text)
    r = await bea.post("/api/invitations/open", json={"link": link}, headers={"Accept-Language": "fr"})
    assert r.status_code == 410 and r.json()["detail"].startswith("Cette invitation")
    r = await ann.get(f"/api/tables/{made['code']}/invitations", headers=bearer(made["token"]))
    assert r.json()[0]["state"] == "expired"
    # now an expired invitation no longer keeps its lobby
    await housekeeping.run(app.state.tables)
    assert (await ann.get(f"/api/tables/{made['code']}")).status_code == 404


async def test_an_expired_invitation_sent_again_waits_again(app, new_client):
    ann, bea = new_client(), new_client()
    made = await create(ann, players=2)
    sent = (await invite(ann, made, ["Bea"], days=1)).json()[0]
    async with app.state.tables.db.writing() as s:
        await s.execute(update(Invitation).values(expires_at=utcnow() - timedelta(seconds=1)))
        await s.commit()
    r = await ann.post(f"/api/tables/{made['code']}/invitations/{sent['id']}/link", headers=bearer(made["token"]))
    assert r.status_code == 200 and r.json()["state"] == "pending", r.text
    assert (await bea.post("/api/invitations/open", json={"link": secret(sent["link"])})).status_code == 404
    r = await bea.post("/api/invitations/accept", json={"link": secret(r.json()["link"])})
    assert r.status_code == 200, r.text
    assert (await state(bea, made["code"], r.json()["token"]))["status"] == "playing"


async def test_bounds_and_refusals(app, new_client):
    ann, bea = new_client(), new_client()
    made = await create(ann, players=2)
    assert (await invite(ann, made, ["Bea", "Cid"])).status_code == 409  # one open seat
    assert (await invite(ann, made, [])).status_code == 422
    assert (await invite(ann, made, ["Bea"], days=0)).status_code == 422
    assert (await invite(ann, made, ["Bea"], days=15)).status_code == 422
    assert (await invite(ann, made, ["x" * 500])).status_code == 422
    r = await bea.post(f"/api/tables/{made['code']}/invitations", json={"names": ["Cid"]})
    assert r.status_code == 401  # no seat
    for link in ("nothing-here", "x" * 301, ""):
        r = await bea.post("/api/invitations/open", json={"link": link})
        assert r.status_code in (404, 422), link
    r = await bea.post("/api/invitations/open", json={"link": "nothing-here"})
    assert r.status_code == 404 and r.json()["code"] == "no_invitation"
    # a renewed link: the old one opens nothing
    sent = (await invite(ann, made, ["Bea"])).json()[0]
    r = await ann.post(f"/api/tables/{made['code']}/invitations/{sent['id']}/link", headers=bearer(made["token"]))
    assert r.status_code == 200, r.text
    fresh = secret(r.json()["link"])
    assert fresh != secret(sent["link"])
    assert (await bea.post("/api/invitations/open", json={"link": secret(sent["link"])})).status_code == 404
    r = await bea.post("/api/invitations/accept", json={"link": f"https://p.example/invite#{fresh}"})
    assert r.status_code == 200, r.text
    # an accepted browser cannot take another reserved seat of the same table
    made3 = await create(ann, players=3)
    two = (await invite(ann, made3, ["Bea", "Bea2"])).json()
    assert (await bea.post("/api/invitations/accept", json={"link": secret(two[0]["link"])})).status_code == 200
    r = await bea.post("/api/invitations/accept", json={"link": secret(two[1]["link"])})
    assert r.status_code == 409 and r.json()["code"] == "already_seated"


async def test_links_reach_nobody_but_the_inviter_and_their_invitee(app, new_client):
    """As the leak tests do: every read another person can make (the table's state, log, chat, invitations,
    /me, the invitation opened by its own link, the admin's detail) carries no other invitee's link nor its
    hash."""
    ann, bea, cid, watcher = new_client(), new_client(), new_client(), new_client()
    made = await create(ann, players=3)
    code = made["code"]
    sent = (await invite(ann, made, ["Bea", "Cid"])).json()
    bea_link, cid_link = secret(sent[0]["link"]), secret(sent[1]["link"])
    r = await bea.post("/api/invitations/accept", json={"link": bea_link})
    bea_token = r.json()["token"]
    forbidden = {cid_link, hash_token(cid_link), bea_link, hash_token(bea_link)}
    reads = [await watcher.get(f"/api/tables/{code}"), await bea.get(f"/api/tables/{code}", headers=bearer(bea_token)),
             await ann.get(f"/api/tables/{code}", headers=bearer(made["token"])),
             await bea.get(f"/api/tables/{code}/invitations", headers=bearer(bea_token)),
             await ann.get(f"/api/tables/{code}/invitations", headers=bearer(made["token"])),
             await bea.get(f"/api/tables/{code}/log"), await bea.get(f"/api/tables/{code}/chat"),
             await ann.get("/api/me/invitations"), await bea.get("/api/me/invitations"), await bea.get("/api/me"),
             await cid.post("/api/invitations/open", json={"link": cid_link}),
             await watcher.get(f"/api/admin/tables/{code}", headers=bearer(ADMIN))]
    assert (await watcher.get(f"/api/tables/{code}/invitations")).status_code == 401  # spectators: nothing
    for r in reads:
        assert r.status_code == 200, r.text
        text = r.text
        assert not any(x in text for x in forbidden), r.url
    # the sender's /me: each invitee's state, no link
    sent_me = (await ann.get("/api/me/invitations")).json()["sent"]
    assert [(x["name"], x["state"], x["code"]) for x in sent_me] == [("Bea", "accepted", code),
                                                                      ("Cid", "pending", code)]
    assert all("link" not in x for x in sent_me)
    # the admin's table lists every invitation with where it stands, no link either
    admin = (await watcher.get(f"/api/admin/tables/{code}", headers=bearer(ADMIN))).json()["invitations"]
    assert [(x["seat"], x["name"], x["state"], x["rematch"]) for x in admin] == [(1, "Bea", "accepted", False),
                                                                                 (2, "Cid", "pending", False)]
    assert all("link" not in x and x["created_at"] and x["expires_at"] for x in admin)
    async with app.state.tables.db.reading() as s:  # and the database keeps only hashes
        rows = (await s.execute(select(Invitation.link_hash))).scalars().all()
    assert set(rows) == {hash_token(bea_link), hash_token(cid_link)}


async def test_a_rematch_sent_as_an_invitation_waits_for_each_player(app, new_client, loopback):
    ann, bea = new_client(), new_client()
    made = await create(ann, players=2)
    code = made["code"]
    r = await bea.post(f"/api/tables/{code}/join", json={"name": "Bea"})
    bea_token = r.json()["token"]
    rx = loopback(204)
    r = await bea.put(f"/api/tables/{code}/webhook", headers=bearer(bea_token),
                      json={"url": f"{rx.base}/h", "format": "generic"})
    assert r.status_code == 200, r.text
    assert (await ann.post(f"/api/tables/{code}/start", headers=bearer(made["token"]))).status_code == 200
    await age(app, code, app.state.tables.settings.abandon_after_seconds + 60)
    assert code in (await housekeeping.run(app.state.tables))["abandoned"]
    await app.state.tables.webhooks.drained()
    rx.requests.clear()  # her turn at the first game
    r = await ann.post(f"/api/tables/{code}/rematch/invitations", headers=bearer(made["token"]), json={"days": 3})
    assert r.status_code == 201, r.text
    body = r.json()
    new, sent = body["state"]["code"], body["invitations"]
    assert [(x["seat"], x["name"], x["rematch"]) for x in sent] == [(1, "Bea", True)]
    link = secret(sent[0]["link"])
    assert body["state"]["seats"][1].get("invited") and body["state"]["status"] == "lobby"
    # Bea's old seat's channel is told, with her own link
    for _ in range(100):  # told in the background
        await app.state.tables.webhooks.drained()
        if rx.requests:
            break
        await asyncio.sleep(0.05)
    told = [q.json() for q in rx.requests]
    assert len(told) == 1 and told[0]["type"] == "invitation" and told[0]["url"] == sent[0]["link"]
    assert "Ann invites Bea to a rematch of 3-High" in told[0]["text"]
    # her old token is no seat at the rematch until she accepts; /me lists the invitation, with no link
    assert (await bea.get(f"/api/tables/{new}", headers=bearer(bea_token))).status_code == 401
    assert (await state(bea, new))["you"] is None  # nor her cookie
    received = (await bea.get("/api/me/invitations")).json()["received"]
    assert [(x["code"], x["by"], x["state"], x["rematch"]) for x in received] == [(new, "Ann", "pending", True)]
    assert link not in json.dumps(received)
    # another browser cannot answer it by its id; Bea's own browser can, and the rematch starts
    other = new_client()
    r = await other.post(f"/api/me/invitations/{sent[0]['id']}/accept")
    assert r.status_code == 404
    r = await bea.post(f"/api/me/invitations/{sent[0]['id']}/accept")
    assert r.status_code == 200, r.text
    st = await state(bea, new, r.json()["token"])
    assert st["status"] == "playing" and st["you"] == 1
    assert (await ann.post(f"/api/tables/{code}/rematch/invitations", headers=bearer(made["token"]))).status_code == 409


async def test_a_deal_already_played_is_refused_as_at_a_join(app, new_client):
    ann, bea = new_client(), new_client()
    r = await bea.post("/api/deals/today/tables", json={"players": 2, "name": "Bea"})  # her own table of it
    assert r.status_code == 201, r.text
    r = await ann.post("/api/deals/today/tables", json={"players": 2, "name": "Ann"})
    assert r.status_code == 201, r.text
    made = r.json()
    link = secret((await invite(ann, made, ["Bea"])).json()[0]["link"])
    r = await bea.post("/api/invitations/accept", json={"link": link})
    assert r.status_code == 409 and r.json()["code"] == "already_played", r.text
    assert (await bea.post("/api/invitations/open", json={"link": link})).json()["state"] == "pending"


async def test_opening_links_is_rate_limited_per_address(app, new_client):
    guesser = new_client()
    codes = [(await guesser.post("/api/invitations/open", json={"link": f"guess-{i}"})).status_code
             for i in range(130)]
    assert codes[0] == 404 and 429 in codes
    r = await guesser.post("/api/invitations/open", json={"link": "guess-again"})
    assert r.status_code == 429 and r.json()["code"] == "rate_limited" and r.headers["Retry-After"]
