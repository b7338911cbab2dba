"""The site's languages below the web layer: the gettext catalogs (app/locale/<lang>/LC_MESSAGES/
messages.po, compiled in memory when first used) and each person's language, kept on their player record
(players.lang, revision 0013) so that a notification goes out in its recipient's language. The web layer
(app/web/i18n.py) picks a request's language; the lobby and the header's selector remember it here."""
from __future__ import annotations

import gettext
import logging
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from app.store import languages as records
from app.tables.lobby.identity import hash_token

if TYPE_CHECKING:
    from app.tables.context import Context

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
LANGS = ("en", "fr", "de")
DEFAULT = "en"
COOKIE_MAX = 200  # characters of an identity cookie worth hashing

log = logging.getLogger("icehouse.language")


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English is the source: no catalog)."""
    po = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    if lang == DEFAULT or lang not in LANGS or not po.is_file():
        return gettext.NullTranslations()
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    mo = BytesIO()
    write_mo(mo, catalog, use_fuzzy=False)
    mo.seek(0)
    return Translations(mo)


def say(lang: str | None, message: str, **params: object) -> str:
    """A sentence of ours (a message id marked with N_) in `lang`, its {params} filled in."""
    text = translations(lang or DEFAULT).gettext(message)
    return text.format(**params) if params else text


def known(lang: object) -> str | None:
    return lang if isinstance(lang, str) and lang in LANGS else None


async def remember(ctx: Context, cookie: str | None, lang: str) -> None:
    """Keep `lang` as the language of the person whose identity cookie is `cookie` (nothing without one, or
    for a cookie of nobody), through the writer like every write. A nicety: a database that fails here must
    not fail the page. (A seat taken keeps the page's language in its own command: lobby/commands.py.)"""
    if not cookie or len(cookie) > COOKIE_MAX or known(lang) is None:
        return
    try:
        await ctx.writer.command(records.SetLanguage(hash_token(cookie), lang))
    except Exception:  # the language is remembered at the next choice or join
        log.warning("could not remember a language", exc_info=True)


async def of_players(s, player_ids) -> dict[int, str]:  # s: an AsyncSession; player_ids: ints
    """player id -> the language that person chose (people without one are left out: English)."""
    return await records.langs_of(s, [p for p in player_ids if p is not None])
