"""The admin's browser session: log in once with the admin token, then a signed, HttpOnly cookie.

The cookie holds "<expiry>.<nonce>.<signature>": the expiry (Unix seconds) and a random nonce, signed with
HMAC-SHA256 under a key derived from ICEHOUSE_SECRET_KEY and ICEHOUSE_ADMIN_TOKEN, so changing either ends
every session. Nothing is stored on the server; logging out deletes the cookie, and a session ends by
itself at its expiry (Settings.admin_session_seconds). The token itself never reaches the page's script
storage; the JSON API still takes it as `Authorization: Bearer`.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

COOKIE = "icehouse_admin"


def _key(admin_token: str, secret_key: str | None) -> bytes:
    return hmac.new((secret_key or "").encode(), b"icehouse-admin-session:" + admin_token.encode(),
                    hashlib.sha256).digest()


def _sign(key: bytes, payload: str) -> str:
    return hmac.new(key, payload.encode(), hashlib.sha256).hexdigest()


def issue(admin_token: str, secret_key: str | None, seconds: int, now: float) -> str:
    """A new session cookie value, valid for `seconds` from `now`."""
    payload = f"{int(now) + seconds}.{secrets.token_urlsafe(12)}"
    return f"{payload}.{_sign(_key(admin_token, secret_key), payload)}"


def signed(admin_token: str | None, secret_key: str | None, value: str | None) -> bool:
    """Whether `value` carries this server's signature (expired or not): a cookie that does not is forged,
    a guess at the admin area (counted like a wrong token), while an expired one is only an old log-in."""
    if not admin_token or not value or len(value) > 200:
        return False
    payload, _, signature = value.rpartition(".")
    return hmac.compare_digest(signature.encode(), _sign(_key(admin_token, secret_key), payload).encode())


def expiry(admin_token: str | None, secret_key: str | None, value: str | None, now: float) -> int | None:
    """The expiry of a valid, unexpired session cookie; None for anything else (or a closed admin area)."""
    if not admin_token or not value or len(value) > 200:
        return None
    payload, _, signature = value.rpartition(".")
    expires, _, nonce = payload.partition(".")
    if not expires.isdigit() or not nonce:
        return None
    if not hmac.compare_digest(signature.encode(), _sign(_key(admin_token, secret_key), payload).encode()):
        return None
    return int(expires) if int(expires) > now else None
