"""The site's languages below the web layer: the gettext catalogs (app/locale/<lang>/LC_MESSAGES/
messages.po, compiled in memory when first used) and each person's language, kept on their player record
(players.lang, revision 0013) so that a notification goes out in its recipient's language. The web layer
(app/web/i18n.py) picks a request's language; the lobby and the header's selector remember it here.

A game may keep its own words in its folder (`game_folder(cls)`/locale/<lang>.json, {english: translation}, a
plural as {"one", "other"}, like static/i18n/<lang>.json): `game_catalog(lang)` merges them, the server's
translator falls back on them (the shared catalog first) and the client gets them merged into its catalog
(app/web/i18n.py)."""
from __future__ import annotations

import gettext
import json
import logging
import sys
from functools import lru_cache
from io import BytesIO
from pathlib import Path
from typing import Protocol

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from app.games import GAMES
from app.store import languages as records
from app.store.writer import MoveWriter
from app.tables.identity import hash_token

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
LANGS = ("en", "fr", "de")
DEFAULT = "en"
COOKIE_MAX = 200  # characters of an identity cookie worth hashing

log = logging.getLogger("icehouse.language")


def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang` (English is the source: no catalog), falling back on the games' own."""
    return _translations(lang, game_folders())


@lru_cache(maxsize=None)
def _translations(lang: str, folders: tuple[Path, ...]) -> gettext.NullTranslations:
    if lang == DEFAULT or lang not in LANGS:
        return gettext.NullTranslations()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    found: gettext.NullTranslations = gettext.NullTranslations()
    if po.is_file():
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang)
        mo = BytesIO()
        write_mo(mo, catalog, use_fuzzy=False)
        mo.seek(0)
        found = Translations(mo)
    own = _game_catalog(lang, folders)
    if own:
        found.add_fallback(GameWords(own, lang))
    return found


class GameWords(gettext.NullTranslations):
    """A game's catalog ({english: translation, or {"one", "other"} for a plural}) as a gettext translator."""

    def __init__(self, catalog: dict, lang: str) -> None:
        super().__init__()
        self.catalog, self.locale = catalog, Locale.parse(lang)

    def gettext(self, message: str) -> str:
        found = self.catalog.get(message)
        return found if isinstance(found, str) and found else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        forms = self.catalog.get(msgid1)
        if isinstance(forms, dict):
            text = forms.get(self.locale.plural_form(n)) or forms.get("other")
            if text:
                return text
        return msgid1 if n == 1 else msgid2


@lru_cache(maxsize=None)
def game_folder(cls: type) -> Path:
    """A game's own folder: that of the module declaring its class (app/games/<game>/). Its rules page may
    live there (`rules_template` "<game>/rules/rules.html" is read from the folder's parent) and its words
    in `locale/<lang>.json`."""
    return Path(sys.modules[cls.__module__].__file__ or ".").resolve().parent


def game_folders() -> tuple[Path, ...]:
    """The folders of the registered games, each once, in the registry's order."""
    return tuple(dict.fromkeys(game_folder(type(g)) for g in GAMES.values()))


def game_catalog(lang: str) -> dict:
    """The words of the games' own catalogs in `lang` (their locale/<lang>.json), merged: the first game that
    has a message says it."""
    return _game_catalog(lang, game_folders())


@lru_cache(maxsize=None)
def _game_catalog(lang: str, folders: tuple[Path, ...]) -> dict:
    merged: dict = {}
    for folder in folders:
        path = folder / "locale" / f"{lang}.json"
        if lang in LANGS and path.is_file():
            for message, said in json.loads(path.read_text(encoding="utf-8")).items():
                if said and message not in merged:
                    merged[message] = said
    return merged


def say(lang: str | None, message: str, **params: object) -> str:
    """A sentence of ours (a message id marked with N_) in `lang`, its {params} filled in."""
    text = translations(lang or DEFAULT).gettext(message)
    return text.format(**params) if params else text


def known(lang: object) -> str | None:
    return lang if isinstance(lang, str) and lang in LANGS else None


class Writes(Protocol):
    """What `remember` asks of the app's context (service.Tables): its writer; the languages sit below the
    live tables and their context."""

    writer: MoveWriter


async def remember(ctx: Writes, cookie: str | None, lang: str) -> None:
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
