"""The language of a page: English, French or German, from the `lang` cookie (set by the
selector in every page's header, POST /lang, which also keeps it on the person's player record for their
notifications: app/tables/language.py) or else from the browser's Accept-Language.

Templates use Jinja2's i18n extension ({% trans %}, _(), ngettext) over gettext catalogs kept as
app/locale/<lang>/LC_MESSAGES/messages.po. The .po files are compiled in memory when first used (Babel's
write_mo, in app/tables/language.py), so a fresh clone serves every language with nothing to build. `make i18n`
extracts the messages and checks the catalogs (tools/i18n_catalogs.py). The JavaScript has its own JSON catalogs,
static/i18n/<lang>.json, read by static/js/core/i18n.js in the page's <html lang>; this router serves that
URL with the games' own catalogs (their folder's locale/<lang>.json, app/tables/language.py) merged in."""
from __future__ import annotations

import gettext
import json
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qs

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from jinja2 import Environment, pass_context

from app.tables import language
from app.tables.language import DEFAULT, game_catalog, translations
from app.web.middleware import identity_cookie
from app.web.speech import COOKIE, LANGS, choose

COOKIE_AGE = 365 * 24 * 3600
CLIENT_CATALOGS = Path(__file__).resolve().parents[2] / "static" / "i18n"

router = APIRouter(include_in_schema=False)


def lang_of(request: Request) -> str:
    """The language of this request's page: the cookie, else Accept-Language, else English."""
    lang = getattr(request.state, "lang", None)
    if lang is None:
        lang = request.state.lang = choose(request.cookies.get(COOKIE), request.headers.get("accept-language"))
    return lang


def translator(request: Request | None) -> gettext.NullTranslations:
    return translations(lang_of(request) if request is not None else DEFAULT)


def tr(request: Request | None, message: str, **params: object) -> str:
    """A sentence of ours in the request's language, with its {params} filled in."""
    text = translator(request).gettext(message)
    return text.format(**params) if params else text


@pass_context
def _gettext(ctx, message: str) -> str:
    return translator(ctx.get("request")).gettext(message)


@pass_context
def _ngettext(ctx, singular: str, plural: str, n: int) -> str:
    return translator(ctx.get("request")).ngettext(singular, plural, n)


@pass_context
def page_lang(ctx) -> str:
    request = ctx.get("request")
    return lang_of(request) if request is not None else DEFAULT


def install(env: Environment) -> None:
    """Jinja2's i18n extension with our per-request catalogs ({% trans %}, _(), ngettext in templates)."""
    env.add_extension("jinja2.ext.i18n")
    env.policies["ext.i18n.trimmed"] = True  # as tools/i18n_catalogs.py extracts them
    env.install_gettext_callables(gettext=_gettext, ngettext=_ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.globals["page_lang"] = page_lang
    env.globals["languages"] = LANGS


def _back_to(next_path: str) -> str:
    """Where to go after choosing: a path of this site only (never //host or a scheme)."""
    if not next_path.startswith("/") or next_path.startswith(("//", "/\\")) or len(next_path) > 1000:
        return "/"
    return next_path


@router.post("/lang")
async def choose_language(request: Request) -> Response:
    """The header's selector: remembers the language in a cookie and goes back to the page (303)."""
    body = (await request.body())[:2000].decode("utf-8", "replace")
    form = parse_qs(body, max_num_fields=5)
    lang = (form.get("lang") or [""])[0]
    if lang not in LANGS:
        return Response(f"Choose one of: {', '.join(LANGS)}.", status_code=422, media_type="text/plain")
    page = RedirectResponse(_back_to((form.get("next") or ["/"])[0]), status_code=303)
    page.set_cookie(COOKIE, lang, max_age=COOKIE_AGE, samesite="lax", path="/")
    await language.remember(request.app.state.tables, identity_cookie(request.scope), lang)  # for notifications
    return page


@lru_cache(maxsize=8)
def _read_catalog(path: Path, mtime: float) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _shared_catalog(lang: str) -> dict:
    path = CLIENT_CATALOGS / f"{lang}.json"
    return _read_catalog(path, path.stat().st_mtime) if path.is_file() else {}


def client_catalog(lang: str) -> dict:
    """The scripts' catalog of `lang`: static/i18n/<lang>.json, and the games' own words where it has none."""
    shared = _shared_catalog(lang)
    merged = {message: said for message, said in game_catalog(lang).items() if not shared.get(message)}
    return {**shared, **merged}


@router.get("/static/i18n/{lang}.json")
async def scripts_catalog(lang: str) -> Response:
    """static/js/core/i18n.js fetches this (before the static files' mount): the shared catalog with the
    games' own merged in."""
    if lang not in LANGS or lang == DEFAULT:
        return Response("No such catalog.", status_code=404, media_type="text/plain")
    return JSONResponse(client_catalog(lang), headers={"Cache-Control": "no-cache"})
