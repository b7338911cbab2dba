"""Codes, tokens and names: table codes, seat tokens (stored hashed), the browser identity cookie."""
from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy.ext.asyncio import AsyncSession

from app.store import queries
from app.tables import text

CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # 32 symbols: no l, o, 0, 1
_CODE_CHARS = frozenset(CODE_ALPHABET)  # (a set's own check: every call of every command asks)
CODE_LENGTH = 8
COOKIE_NAME = "icehouse_id"
NAME_MAX = text.NAME_MAX


def share_url(public_url: str | None, code: str) -> str:
    """The link friends open: absolute when the site's public URL is set, else relative to the site."""
    return f"{(public_url or '').rstrip('/')}/t/{code}"


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


async def unused_code(s: AsyncSession) -> str:
    """A new code no table has yet (a rematch, an import: tables made outside the lobby's commands)."""
    for _ in range(10):
        code = new_code()
        if await queries.table_by_code(s, code) is None:
            return code
    raise RuntimeError("could not find an unused table code")


def normalise_code(code: str) -> str | None:
    """The stored form of a code from a URL, or None when it cannot be one of ours."""
    code = code.strip().lower()
    if not code or len(code) > 16 or not _CODE_CHARS.issuperset(code):
        return None
    return code


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    return hash_matches(hash_token(token), token_hash)


def hash_matches(hashed: str, token_hash: str | None) -> bool:
    """token_matches for a token hashed already (hash_token), when it is compared against several seats."""
    if not token_hash:
        return False
    return hmac.compare_digest(hashed, token_hash)


def clean_name(raw: object) -> str:
    """A player's name: text.name, the one function for names (kept under this name for its callers)."""
    return text.name(raw)
