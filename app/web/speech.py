"""The language a request or socket is answered in, read from its ASGI scope: the `lang` cookie (the page's
selector, app/web/i18n.py), else the browser's Accept-Language, else English; and a sentence of ours (a
message id with {params}) said in it. Below the middlewares, so a refusal written before any route runs (a
rate limit, a body too large, another site's page) is said in the asker's language as a route's would be."""
from __future__ import annotations

from starlette.requests import cookie_parser
from starlette.types import Scope

from app.tables.language import DEFAULT, translations

LANGS = {"en": "English", "fr": "Français", "de": "Deutsch"}  # each in its own language, for the selector
COOKIE = "lang"
MAX_ACCEPT = 400  # characters of Accept-Language read: a browser sends a few dozen


def from_accept_language(header: str | None) -> str | None:
    """The first of our languages the browser asks for, by q-value then order: `de-CH,fr;q=0.8` -> de."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((header or "")[:MAX_ACCEPT].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower().split("-")[0]
        if lang not in LANGS:
            continue
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                continue
        if q > 0 and (best is None or (-q, i) < (best[0], best[1])):
            best = (-q, i, lang)
    return best[2] if best else None


def choose(chosen: str | None, accept: str | None) -> str:
    """The one rule: the `lang` cookie's language when it is one of ours, else the first of ours the
    Accept-Language header asks for, else English (i18n.lang_of for a request, lang_of_scope below)."""
    if chosen in LANGS:
        return chosen
    return from_accept_language(accept) or DEFAULT


def lang_of_scope(scope: Scope) -> str:
    """The language of a request or socket, from its ASGI scope's headers."""
    cookie = accept = None
    for name, value in scope.get("headers", ()):
        if name == b"cookie" and cookie is None:  # the first of each, as Starlette's Headers.get reads it
            cookie = value.decode("latin-1")
        elif name == b"accept-language" and accept is None:
            accept = value.decode("latin-1")
    chosen = cookie_parser(cookie).get(COOKIE) if cookie and COOKIE in cookie else None  # as request.cookies
    return choose(chosen, accept)


def said(scope: Scope, message: str, params: dict | None = None) -> str:
    """`message` (a message id of ours) in the asker's language, its {params} filled in."""
    text = translations(lang_of_scope(scope)).gettext(message)
    return text.format(**params) if params else text
