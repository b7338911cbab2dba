"""A game's rules page and its words live in its own folder: a game registered here from a temporary folder
(a package like app/games/<game>/, holding rules/rules.html with its .fr and .de pages and locale/<lang>.json)
is served its rules page in each language, its words by the server's translator (a gettext fallback behind
the shared catalog) and in the scripts' catalog (/static/i18n/<lang>.json), and the catalog check asks the
shared catalogs for none of them."""
from __future__ import annotations

import importlib.util
import json
import sys

import pytest

from app.bots import BOTS
from app.games import GAMES
from app.tables.language import game_folder, translations
from tests.nim_game import NimBot
from tools import i18n_catalogs

HTML = {"Accept": "text/html"}
PITCH = "Take stones from the heaps of a folder of its own."
PLURAL = "{n} stone left"
WORDS = {
    "fr": {PITCH: "Prenez des pierres dans les tas de son propre dossier.", "Heap {n}": "Tas {n}",
           PLURAL: {"one": "{n} pierre restante", "other": "{n} pierres restantes"}},
    "de": {PITCH: "Nimm Steine von den Haufen eines eigenen Ordners.", "Heap {n}": "Haufen {n}",
           PLURAL: {"one": "{n} Stein übrig", "other": "{n} Steine übrig"}},
}
RULES = {
    "": "<h1>Heaps: how to play</h1><p>{{ _(\"Rules\") }}</p>",
    ".fr": "<h1>Tas : comment jouer</h1><p>{{ _(\"Rules\") }}</p>",
    ".de": "<h1>Haufen: so wird gespielt</h1><p>{{ _(\"Rules\") }}</p>",
}
GAME = '''
from tests.nim_game import Nim


class Heaps(Nim):
    name = "heaps"
    title = "Heaps"
    pitch = {pitch!r}
    rules_template = "heapsgame/rules/rules.html"
'''


@pytest.fixture
def heaps(tmp_path, monkeypatch):
    """The game Heaps, from a package in a temporary folder with its rules pages and catalogs, registered."""
    folder = tmp_path / "heapsgame"
    (folder / "rules").mkdir(parents=True)
    (folder / "locale").mkdir()
    (folder / "__init__.py").write_text(GAME.format(pitch=PITCH))
    for suffix, body in RULES.items():
        (folder / "rules" / f"rules{suffix}.html").write_text(
            '{% extends "base.html" %}{% block main %}<article class="card rules">' + body + "</article>{% endblock %}")
    for lang, words in WORDS.items():
        (folder / "locale" / f"{lang}.json").write_text(json.dumps(words, ensure_ascii=False))
    spec = importlib.util.spec_from_file_location("heapsgame", folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "heapsgame", module)
    spec.loader.exec_module(module)
    monkeypatch.setitem(GAMES, "heaps", module.Heaps())
    monkeypatch.setitem(BOTS, "heaps", NimBot())
    assert game_folder(module.Heaps) == folder.resolve()
    return module.Heaps


@pytest.mark.parametrize("lang, heading", [("en", "Heaps: how to play"), ("fr", "Tas : comment jouer"),
                                           ("de", "Haufen: so wird gespielt")])
async def test_the_rules_page_in_the_games_folder_is_served_in_each_language(client, heaps, lang, heading):
    r = await client.get("/rules/heaps", headers={**HTML, "Accept-Language": lang})
    assert r.status_code == 200, r.text
    assert heading in r.text and f'<html lang="{lang}">' in r.text
    assert translations(lang).gettext("Rules") in r.text  # the page's own _() goes through the catalogs


async def test_a_missing_translation_of_the_rules_page_falls_back_to_english(client, heaps):
    (game_folder(heaps) / "rules" / "rules.de.html").unlink()
    r = await client.get("/rules/heaps", headers={**HTML, "Accept-Language": "de"})
    assert r.status_code == 200 and "Heaps: how to play" in r.text


async def test_a_template_outside_a_games_folder_is_not_served_from_it(client, heaps):
    from app.web.pages import rules_template
    assert rules_template("heapsgame/../../etc/rules.html", "fr") == "heapsgame/../../etc/rules.html"
    assert rules_template("othergame/rules/rules.html", "fr") == "othergame/rules/rules.html"


@pytest.mark.parametrize("lang", ["fr", "de"])
async def test_the_games_words_are_said_by_the_server_and_the_pages(client, heaps, lang):
    said = translations(lang)
    assert said.gettext(PITCH) == WORDS[lang][PITCH]
    assert said.gettext("Rules") != "Rules"  # the shared catalog still first
    assert said.ngettext(PLURAL, "{n} stones left", 1) == WORDS[lang][PLURAL]["one"]
    assert said.ngettext(PLURAL, "{n} stones left", 4) == WORDS[lang][PLURAL]["other"]
    home = await client.get("/", headers={**HTML, "Accept-Language": lang})
    assert WORDS[lang][PITCH] in home.text


@pytest.mark.parametrize("lang", ["fr", "de"])
async def test_the_scripts_catalog_has_the_games_words_merged_in(client, heaps, lang):
    r = await client.get(f"/static/i18n/{lang}.json")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    catalog = r.json()
    shared = json.loads((i18n_catalogs.JSON_DIR / f"{lang}.json").read_text())
    assert {m: catalog[m] for m in shared} == shared  # every shared word as it is
    assert {m: catalog[m] for m in WORDS[lang]} == WORDS[lang]


async def test_no_catalog_for_english_or_an_unknown_language(client):
    assert (await client.get("/static/i18n/en.json")).status_code == 404
    assert (await client.get("/static/i18n/xx.json")).status_code == 404


def test_the_catalog_check_asks_the_shared_catalogs_for_none_of_a_games_own_words(heaps, monkeypatch):
    assert PITCH in i18n_catalogs.js_messages() and PITCH in i18n_catalogs.game_owned()
    assert not [p for p in i18n_catalogs.check() if PITCH in p or "heapsgame" in p]
    # a word a language lacks is the shared catalogs' again, and a hole that differs is a problem
    words = dict(WORDS["de"])
    del words[PITCH]
    words["Heap {n}"] = "Haufen {m}"
    (game_folder(heaps) / "locale" / "de.json").write_text(json.dumps(words))
    from app.tables import language
    language._game_catalog.cache_clear()
    problems = i18n_catalogs.check()
    assert f"de.json: no translation of {PITCH!r}" in problems
    assert any("heapsgame" in p and "placeholders of 'Heap {n}'" in p for p in problems)

