"""Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291): the server's key pair, a
seat's subscription as the browser gives it, and the request that delivers one payload.

The key pair is Settings.vapid_private_key when set (a PEM, or the raw 32-byte key in base64url), else one
the server makes on first start and keeps in the database (server_keys), so every instance and every
restart signs with the same key and subscriptions stay valid.
"""
from __future__ import annotations

import base64
import binascii
import json
import os
from urllib.parse import urlsplit

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02

from app.store import notices, utcnow
from app.store.writer import MoveWriter
from app.tables.errors import N_, Invalid
from app.tables.notify.webhooks import clean_url

KEY_NAME = "vapid_private_pem"
TTL = 24 * 3600  # seconds a push service keeps a message for a phone that is off
JWT_SECONDS = 12 * 3600  # how long one signature is good for (RFC 8292: at most 24 h)
SUBSCRIPTION_MAX = 2000  # characters of a subscription's JSON


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class WebPush:
    """The server's VAPID identity; `request` builds one delivery."""

    def __init__(self, vapid: Vapid02, subject: str):
        self.vapid, self.subject = vapid, subject

    @property
    def public_key(self) -> str:
        """The application server key browsers subscribe with: the uncompressed P-256 point, base64url."""
        raw = self.vapid.public_key.public_bytes(serialization.Encoding.X962,
                                                 serialization.PublicFormat.UncompressedPoint)
        return b64(raw)

    def request(self, subscription: dict, payload: dict, ttl: int = TTL) -> tuple[str, bytes, dict]:
        """(endpoint, encrypted body, headers) for one push of `payload` (JSON) to `subscription`."""
        endpoint = subscription["endpoint"]
        parts = urlsplit(endpoint)
        body = http_ece.encrypt(json.dumps(payload).encode(), salt=os.urandom(16),
                                private_key=ec.generate_private_key(ec.SECP256R1()),
                                dh=unb64(subscription["keys"]["p256dh"]),
                                auth_secret=unb64(subscription["keys"]["auth"]), version="aes128gcm")
        claims = {"aud": f"{parts.scheme}://{parts.netloc}", "sub": self.subject,
                  "exp": int(utcnow().timestamp()) + JWT_SECONDS}
        headers = {**self.vapid.sign(claims), "Content-Encoding": "aes128gcm", "TTL": str(ttl),
                   "Content-Type": "application/octet-stream", "Urgency": "normal"}
        return endpoint, body, headers


def vapid_from(text: str) -> Vapid02:
    """A key pair from a PEM or a raw base64url private key; ValueError with a sentence otherwise."""
    text = text.strip()
    try:
        if text.startswith("-----BEGIN"):
            return Vapid02.from_pem(text.encode())
        raw = unb64(text)
        if len(raw) != 32:
            raise ValueError(f"a raw key has 32 bytes, not {len(raw)}")
        return Vapid02(private_key=ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1()))
    except (ValueError, TypeError, binascii.Error) as exc:
        raise ValueError(f"ICEHOUSE_VAPID_PRIVATE_KEY is neither a PEM nor a base64url P-256 key: {exc}") from None


async def load(writer: MoveWriter, private_key: str | None, subject: str) -> WebPush:
    """The server's WebPush: from the setting, else the stored key (made and stored, through the writer, on
    first start)."""
    if private_key:
        return WebPush(vapid_from(private_key), subject)
    fresh = Vapid02()
    fresh.generate_keys()
    pem = await writer.transaction(lambda s: notices.server_key(s, KEY_NAME, fresh.private_pem().decode(), utcnow()))
    return WebPush(vapid_from(pem), subject)


def clean_subscription(raw: object, *, allow_private: bool) -> str:
    """A browser's PushSubscription (its toJSON(): endpoint and keys) as the JSON text to store; Invalid
    with a sentence when it is not one. The endpoint passes the same address checks as a webhook."""
    if not isinstance(raw, dict):
        raise Invalid(N_("A push subscription is the browser's PushSubscription as JSON: {endpoint, keys}."))
    endpoint = clean_url(raw.get("endpoint"), allow_private=allow_private)
    if endpoint is None:
        raise Invalid(N_("A push subscription needs its endpoint, the push service's https:// URL."))
    if not allow_private and not endpoint.startswith("https://"):
        raise Invalid(N_("A push service's endpoint must be an https:// URL."))
    keys = raw.get("keys")
    p256dh = keys.get("p256dh") if isinstance(keys, dict) else None
    auth = keys.get("auth") if isinstance(keys, dict) else None
    if not (_decodes(p256dh, 65) and unb64(p256dh)[0] == 4 and _decodes(auth, 16)):
        raise Invalid(N_("A push subscription's keys must be the browser's p256dh (65 bytes) and auth (16 bytes), "
                         "in base64url."))
    text = json.dumps({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}})
    if len(text) > SUBSCRIPTION_MAX:
        raise Invalid(N_("A push subscription must be at most {max} characters."), max=SUBSCRIPTION_MAX)
    return text


def _decodes(value: object, size: int) -> bool:
    if not isinstance(value, str) or len(value) > 200:
        return False
    try:
        return len(unb64(value)) == size
    except (binascii.Error, ValueError):
        return False
