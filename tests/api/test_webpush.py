"""Web Push end to end against a push endpoint on loopback: the server signs a VAPID JWT (checked here with
the server's public key) and encrypts the payload as aes128gcm (decrypted here with the subscription's
keys); a subscription the push service says is gone (404, 410) is removed; the key pair is made once and
kept, or taken from the settings."""
from __future__ import annotations

import json
import os
import time

import http_ece
import pytest
from asgi_lifespan import LifespanManager
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from py_vapid import Vapid02
from sqlalchemy import select

from app.config import Settings
from app.main import create_app
from app.store import Seat, Table
from app.tables.notify import turns as notify
from app.tables.notify.webpush import b64, unb64, vapid_from
from tests.api.helpers import bearer
from tests.api.test_notify_channels import PUBLIC, seated, send_turn
from tests.loopback import notify_settings


@pytest.fixture
def settings(database_url: str) -> Settings:
    return notify_settings(database_url, public_url=PUBLIC, vapid_subject="mailto:admin@play.example.org")


class Browser:
    """What a browser keeps of one push subscription: its P-256 key pair and auth secret."""

    def __init__(self, endpoint: str):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint)
        self.subscription = {"endpoint": endpoint, "expirationTime": None,
                             "keys": {"p256dh": b64(public), "auth": b64(self.auth)}}

    def decrypt(self, body: bytes) -> dict:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))


def check_vapid(authorization: str, server_key: str, audience: str) -> dict:
    """The claims of a `vapid t=<JWT>, k=<key>` header, after checking the key is the server's, the ES256
    signature, the audience and the expiry (RFC 8292)."""
    scheme, _, params = authorization.partition(" ")
    assert scheme == "vapid"
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert fields["k"] == server_key
    head, claims, signature = fields["t"].split(".")
    assert json.loads(unb64(head)) == {"typ": "JWT", "alg": "ES256"}
    raw = unb64(signature)
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    der = utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public.verify(der, f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
    body = json.loads(unb64(claims))
    assert body["aud"] == audience and body["sub"] == "mailto:admin@play.example.org"
    assert time.time() < body["exp"] <= time.time() + 24 * 3600
    return body


async def subscribe(client, code: str, token: str, browser: Browser):
    return await client.put(f"/api/tables/{code}/push", headers=bearer(token),
                            json={"subscription": browser.subscription})


async def test_a_push_is_signed_encrypted_and_opens_the_table(app, new_client, loopback):
    code, people = await seated(new_client)
    host, token = people[0]
    service = loopback(201)
    browser = Browser(f"{service.base}/push/v2/abc")
    r = await subscribe(host, code, token, browser)
    assert r.status_code == 200 and r.json()["push"] is True and r.json()["push_endpoint_host"] == "127.0.0.1"
    assert "p256dh" not in r.text and "auth" not in r.json()  # the keys are not echoed back
    server_key = (await host.get("/api/push/key")).json()["public_key"]
    await send_turn(app, code, 0)
    (req,) = service.requests
    assert req.path == "/push/v2/abc"
    assert req.headers["content-encoding"] == "aes128gcm" and int(req.headers["ttl"]) > 0
    check_vapid(req.headers["authorization"], server_key, service.base)
    assert browser.decrypt(req.body) == {"type": "your_turn", "kind": "turn", "title": "Your turn at 3-High",
                                         "body": f"Ann, it's your turn at 3-High (table {code}): {PUBLIC}/t/{code}",
                                         "table": code, "game_title": "3-High", "url": f"{PUBLIC}/t/{code}"}
    last = (await host.get(f"/api/tables/{code}/webhook", headers=bearer(token))).json()["last"]["push"]
    assert last["ok"] is True and last["detail"] == "HTTP 201"
    assert last["say"] == {"id": "HTTP {status}", "params": {"status": 201}}   # said in the page's language


@pytest.mark.parametrize("status", [404, 410])
async def test_a_subscription_the_push_service_says_is_gone_is_removed(app, new_client, loopback, status):
    code, people = await seated(new_client)
    host, token = people[0]
    service = loopback(status)
    await subscribe(host, code, token, Browser(f"{service.base}/push/gone"))
    await send_turn(app, code, 0)
    assert len(service.requests) == 1  # not retried
    mine = (await host.get(f"/api/tables/{code}/webhook", headers=bearer(token))).json()
    assert mine["push"] is False and mine["last"]["push"]["detail"] == "the browser unsubscribed; push removed"
    assert mine["last"]["push"]["say"] == {"id": "the browser unsubscribed; push removed", "params": {}}
    await send_turn_none(app, code)
    assert len(service.requests) == 1


async def send_turn_none(app, code: str) -> None:
    """A second turn finds no channel left: nothing is queued."""
    ctx = app.state.tables
    async with ctx.db.session() as s:
        table = (await s.execute(select(Table).where(Table.code == code))).scalar_one()
        row = (await s.execute(select(Seat).where(Seat.table_id == table.id, Seat.seat == 0))).scalar_one()
    assert notify.deliver(ctx, table.id, row, notify.notice_for(ctx, "turn", code=code, game=table.game,
                                                                seat=row, seq=table.seq)) == 0


async def test_the_key_pair_is_made_once_and_kept(app, new_client, settings):
    first = (await new_client().get("/api/push/key")).json()["public_key"]
    assert len(unb64(first)) == 65 and unb64(first)[0] == 4
    again = create_app(settings)  # a restart, or a second instance, on the same database
    async with LifespanManager(again):
        assert again.state.tables.push.public_key == first


async def test_the_key_pair_may_come_from_the_settings(database_url):
    mine = Vapid02()
    mine.generate_keys()
    settings = Settings(database_url=database_url, log_level="WARNING", bot_processes=0,
                        vapid_private_key=mine.private_pem().decode())
    application = create_app(settings)
    async with LifespanManager(application):
        expected = b64(mine.public_key.public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint))
        assert application.state.tables.push.public_key == expected


async def test_bad_subscriptions_get_a_sentence(new_client):
    code, people = await seated(new_client)
    host, token = people[0]
    good = Browser("https://push.example.org/x").subscription
    for sub, words in [("nope", "valid dictionary"), ({"endpoint": "ftp://x.org/p", "keys": good["keys"]}, "https://"),
                       ({"endpoint": "https://x.org/p"}, "p256dh (65 bytes)"),
                       ({**good, "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}}, "p256dh (65 bytes)"),
                       ({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "!!"}}, "auth (16 bytes)")]:
        r = await host.put(f"/api/tables/{code}/push", headers=bearer(token), json={"subscription": sub})
        assert r.status_code == 422 and words in r.json()["detail"], (sub, r.text)
    r = await host.delete(f"/api/tables/{code}/push", headers=bearer(token))
    assert r.status_code == 200 and r.json()["push"] is False


def test_a_bad_key_setting_is_refused_with_a_sentence():
    with pytest.raises(ValueError) as caught:
        vapid_from("not a key")
    assert "ICEHOUSE_VAPID_PRIVATE_KEY" in str(caught.value)
    mine = Vapid02()
    mine.generate_keys()
    raw = mine.private_key.private_numbers().private_value.to_bytes(32, "big")
    assert vapid_from(b64(raw)).public_key.public_numbers() == mine.public_key.public_numbers()
