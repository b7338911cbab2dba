"""Translations: the page's language from the cookie or Accept-Language, the header's
selector (POST /lang), complete catalogs, and no English left on a French or German page."""
from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from app.games import GAMES
from app.tables.deals.core import ID_ALPHABET, ID_LENGTH
from tools import i18n_catalogs

HTML = {"Accept": "text/html"}
DEAL = sorted(ID_ALPHABET)[0] * ID_LENGTH
PAGES = ["/", "/me", "/rules", *(f"/rules/{name}" for name in GAMES), f"/deals/{DEAL}", "/t/nosuchtb",
         "/no/such/page", "/admin", "/admin/stats"]
# Names, not words: the same in every language.
NAMES = {"Icehouse Table", "EN", "FR", "DE", *(g.title for g in GAMES.values())}


class Visible(HTMLParser):
    """The text a person sees or hears on a page: text nodes and the attributes read aloud or shown,
    outside <script>, <style> and parts marked lang="en" (the rules pages not translated yet)."""

    VOID = {"meta", "link", "input", "img", "br", "hr", "source", "area", "col", "wbr", "base", "embed", "path",
            "circle", "rect", "line", "polygon", "polyline", "ellipse", "use", "stop"}

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, bool]] = []
        self.texts: list[str] = []

    def hidden(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        skip = tag in ("script", "style") or a.get("lang") == "en"
        if not self.hidden() and not skip:
            self.texts += [a[k] for k in ("aria-label", "title", "placeholder", "alt") if a.get(k)]
        if tag not in self.VOID:
            self.stack.append((tag, skip))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in self.VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not self.hidden() and data.strip():
            self.texts.append(data)


def visible(html: str) -> set[str]:
    parser = Visible()
    parser.feed(html)
    return {re.sub(r"\s+", " ", t).strip() for t in parser.texts}


def words(text: str) -> bool:
    return bool(re.search(r"[A-Za-z]{2}", text)) and text not in NAMES


def test_every_message_has_a_french_and_a_german_translation():
    """`make i18n --check`: templates, Python and JavaScript messages all translated, placeholders kept."""
    problems = i18n_catalogs.check()
    assert not problems, "\n".join(problems)


def _translations(lang: str) -> list[tuple[str, str]]:
    """(English message, one of its translations) of the language's catalogs, the client's and the server's."""
    pairs = []
    for message, got in i18n_catalogs.read_json(lang).items():
        pairs += [(message, x) for x in (got.values() if isinstance(got, dict) else [got]) if x]
    for m in i18n_catalogs.read_catalog(lang):
        ids = m.id if isinstance(m.id, (list, tuple)) else [m.id]
        forms = m.string if isinstance(m.string, (list, tuple)) else [m.string]
        pairs += [(ids[0], x) for x in forms if ids[0] and x]
    return pairs


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_one_term_per_concept_as_the_glossary_says(lang):
    """tests/i18n_glossary.json: a concept (a dare, a hint, a takeback, a nudge) is one word in each language."""
    glossary = json.loads((Path(__file__).parent / "i18n_glossary.json").read_text())["concepts"]
    problems = []
    for concept, spec in glossary.items():
        term, avoid = spec[lang]["term"], spec[lang]["avoid"]
        for message, said in _translations(lang):
            if not re.search(spec["en"], message, re.I) or (spec.get("ignore") and spec["ignore"] in message):
                continue
            if not re.search(term, said, re.I):
                problems.append(f"{concept}: {message!r} is {said!r}, without {term!r}")
            problems += [f"{concept}: {message!r} is {said!r}, with {x!r}" for x in avoid if re.search(x, said, re.I)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["fr", "de"])
async def test_no_english_left_on_a_translated_page(new_client, lang):
    english, other = new_client(), new_client()
    other.cookies.set("lang", lang)
    left = {}
    for path in PAGES:
        en, tr = await english.get(path, headers=HTML), await other.get(path, headers=HTML)
        assert en.status_code == tr.status_code
        assert f'<html lang="{lang}">' in tr.text
        same = {t for t in visible(en.text) & visible(tr.text) if words(t)}
        if same:
            left[path] = sorted(same)
    assert not left, f"English text on {lang} pages (wrap it in _() and run make i18n): {left}"


async def test_the_language_comes_from_accept_language_then_the_cookie(client):
    async def lang_of(**headers) -> str:
        return re.search(r'<html lang="(\w+)"', (await client.get("/rules", headers=headers)).text)[1]

    assert await lang_of() == "en"
    assert await lang_of(**{"Accept-Language": "de-CH,de;q=0.9,en;q=0.5"}) == "de"
    assert await lang_of(**{"Accept-Language": "es,it;q=0.9,fr;q=0.3,de;q=0.2"}) == "fr"
    assert await lang_of(**{"Accept-Language": "ja,zh;q=0.5"}) == "en"
    assert await lang_of(**{"Accept-Language": "fr;q=nonsense," * 200}) == "en"
    client.cookies.set("lang", "de")
    assert await lang_of(**{"Accept-Language": "fr"}) == "de"  # the choice made on the site wins
    client.cookies.set("lang", "xx")
    assert await lang_of(**{"Accept-Language": "fr"}) == "fr"


async def test_the_selector_remembers_the_language_and_goes_back(client):
    r = await client.post("/lang", data={"lang": "fr", "next": "/rules?x=1"}, headers={"Origin": "http://testserver"})
    assert r.status_code == 303 and r.headers["location"] == "/rules?x=1"
    assert "lang=fr" in r.headers["set-cookie"] and "Max-Age=" in r.headers["set-cookie"]
    page = await client.get("/rules")
    assert '<html lang="fr">' in page.text and "Règles" in page.text
    assert '<option value="fr" lang="fr" title="Français" selected>' in page.text


@pytest.mark.parametrize("next_page", ["//evil.example/x", "https://evil.example/", "/\\evil.example", ""])
async def test_the_selector_goes_back_only_to_a_page_of_this_site(client, next_page):
    r = await client.post("/lang", data={"lang": "de", "next": next_page})
    assert r.status_code == 303 and r.headers["location"] == "/"


async def test_the_selector_refuses_other_languages_and_other_sites(client):
    r = await client.post("/lang", data={"lang": "xx", "next": "/"})
    assert r.status_code == 422 and "fr" in r.text
    r = await client.post("/lang", data={"lang": "fr"}, headers={"Origin": "https://evil.example"})
    assert r.status_code == 403 and "set-cookie" not in r.headers


async def test_the_servers_sentences_come_in_the_readers_language(client):
    bad = {"game": "three-high", "players": 9, "name": "Ann"}
    r = await client.post("/api/tables", json=bad)
    assert r.status_code == 422 and r.json()["detail"] == "3-High is played by 1 to 4 players, not 9."
    r = await client.post("/api/tables", json=bad, headers={"Accept-Language": "de"})
    assert r.json() == {"detail": "3-High spielen 1 bis 4 Personen, nicht 9.", "code": "invalid"}
    client.cookies.set("lang", "fr")
    r = await client.post("/api/tables", json=bad)
    assert r.json()["detail"] == "3-High se joue de 1 à 4 joueurs, pas à 9."
    r = await client.post("/api/tables", json={"game": "three-high", "players": 2})
    assert r.status_code == 422 and r.json()["detail"] == "Le champ 'name' manque."


# The scripts whose words are translated: a sentence written in one of them without t()/tn()
# would show in English on a French or German page.
JS = Path(__file__).resolve().parents[1] / "static" / "js"
TRANSLATED_SCRIPTS = sorted({*(JS / p for p in ("table.js", "table_banner.js", "table_panels.js", "table_replay.js",
                                                  "pace.js", "nudge.js", "push.js", "webhook.js", "deal_offer.js",
                                                  "deal_play.js", "deal.js",
                                                  "home.js", "me.js", "admin.js", "admin_table.js", "admin_deals.js",
                                                  "admin_stats.js")),
                             *JS.glob("core/*.js"), *JS.glob("review/*.js"), *JS.glob("games/*/words.js")})
JS_LIT = r'"(?:[^"\\\n]|\\.)*"'
JS_CALL = re.compile(r"(?<![\w.$])(?:t|tr|tn)\(\s*" + JS_LIT + r"(?:\s*,\s*" + JS_LIT + r")?")
JS_STR = re.compile(r"(class:\s*|className\s*=\s*)?(" + JS_LIT + r"|`(?:[^`\\]|\\.)*`)")
# Two or more words as a person reads them: "Not your turn", "open seat", "the board is full."
PHRASE = re.compile(r"(?:^|[^\w$.])(?:[A-Z][a-z']+|[a-z']{2,})[,;:]?\s+[a-z']{2,}(?:\s+[a-z']{2,}|[.!?…:]|\s*$)")
NOT_WORDS = {'"dot bot"', '"dot on"', '"badge good"'}  # class names, chosen in a variable
MESSAGES = {m for pair in i18n_catalogs.js_messages().items() for m in pair if m}


def untranslated_literals(path: Path) -> list[str]:
    """The string literals of `path` that read like English words to a person and are not a t()/tn() message."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
    text = re.sub(r"(^|\s)//[^\n]*", r"\1", text)
    text = re.sub(r"^\s*(import|export \{)[^\n]*", "", text, flags=re.M)
    text = JS_CALL.sub("T(", text)
    found = []
    for m in JS_STR.finditer(text):
        lit = m.group(2)[1:-1]
        while (inner := re.sub(r"\$\{[^{}]*\}", " ", lit)) != lit:
            lit = inner
        if m.group(1) or "${" in lit or "`" in lit or m.group(2) in NOT_WORDS or lit in MESSAGES:
            continue   # a class name, code, or a message of the catalogs (a table of ids said through t())
        if PHRASE.search(lit):
            found.append(f"{path.name}:{text[:m.start()].count(chr(10)) + 1}: {m.group(2)[:80]}")
    return found


def test_the_translated_scripts_say_every_sentence_through_t():
    """No English phrase written straight into a translated script (the check above only sees t()/tn())."""
    assert len(TRANSLATED_SCRIPTS) > 30
    left = [line for path in TRANSLATED_SCRIPTS for line in untranslated_literals(path)]
    assert not left, "words a person sees, not said through t()/tn() (core/i18n.js):\n" + "\n".join(left)


def test_the_script_check_finds_an_english_sentence(tmp_path):
    sample = tmp_path / "sample.js"
    sample.write_text('const a = t("Your turn!");\nconst b = tn("{n} card", "{n} cards", n);\n'
                      'el.title = `Waiting for ${who} to play`;\n'
                      'h("span", { class: "tag turn" }, "nobody here yet");\n')
    found = [line.split(": ", 1)[1] for line in untranslated_literals(sample)]
    assert found == ["`Waiting for ${who} to play`", '"nobody here yet"']


async def test_no_english_left_on_the_table_and_review_pages(new_client):
    """The table page's and the review room's own words (what their scripts write is walked in the browser:
    tests/browser/test_i18n_table_browser.py)."""
    host = new_client()
    made = (await host.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})).json()
    for lang in ("fr", "de"):
        english, other = new_client(), new_client()
        other.cookies.set("lang", lang)
        for path in (f"/t/{made['code']}", f"/t/{made['code']}/review", "/t/nosuchtb/review"):
            en, tr = await english.get(path, headers=HTML), await other.get(path, headers=HTML)
            assert en.status_code == tr.status_code, path
            same = {t for t in visible(en.text) & visible(tr.text) if words(t)}
            assert not same, f"English on the {lang} page {path}: {sorted(same)}"


@pytest.mark.parametrize("lang,heading", [("fr", "Comment nous lisons les règles"), ("de", "Wie wir die Regeln lesen")])
@pytest.mark.parametrize("game", list(GAMES))
async def test_every_rules_page_is_written_in_french_and_german(client, game, lang, heading):
    """The rules page in the reader's language (rules/<game>.<lang>.html), with as many rulings and diagrams
    as the English one; no line saying it is shown in English."""
    if GAMES[game].rules_template.count("/") != 1 or not GAMES[game].rules_template.startswith("rules/"):
        pytest.skip("a game of the tests, with no rules page of ours")
    client.cookies.set("lang", lang)
    page = (await client.get(f"/rules/{game}", headers=HTML)).text
    assert 'class="card rules' in page and f'lang="{lang}">' in page and heading in page, game
    assert 'class="hint untranslated"' not in page and 'id="how-we-read"' in page
    client.cookies.set("lang", "en")
    english = (await client.get(f"/rules/{game}", headers=HTML)).text
    for part in ("<dt>", "<svg", "<li>", "<h2"):
        assert english.count(part) == page.count(part), (game, part)   # every ruling, diagram and step


@pytest.mark.parametrize("lang", ["fr", "de"])
async def test_no_english_left_on_the_open_admin_pages(settings, new_client, lang):
    """The admin pages with the admin area open (the login form; PAGES sees them closed). What their scripts
    write after logging in is said through t() (TRANSLATED_SCRIPTS)."""
    settings.admin_token = "a-token-of-the-i18n-tests"
    english, other = new_client(), new_client()
    other.cookies.set("lang", lang)
    for path in ("/admin", "/admin/stats"):
        en, tr = await english.get(path, headers=HTML), await other.get(path, headers=HTML)
        assert en.status_code == tr.status_code == 200 and 'id="closed-note"' not in en.text, path
        same = {t for t in visible(en.text) & visible(tr.text) if words(t)}
        assert not same, f"English on the {lang} page {path}: {sorted(same)}"
    page = (await other.get("/admin", headers=HTML)).text
    assert 'id="admin-token"' in page and {"fr": "Jeton d’administration", "de": "Verwaltungs-Token"}[lang] in page


# The engines' refusals: a malformed move, a Turning Points cell taken, 3-High's pieces by name.
def refusal_in(lang: str, game: str, doc: dict, seat: int, move) -> str:
    """The sentence a player reading `lang` gets for `move` (as app/tables/live/moves.py and app/web/errors.py
    make it)."""
    from starlette.requests import Request

    from app.games import IllegalMove
    from app.tables.errors import IllegalMoveError
    from app.web.errors import error_body
    try:
        GAMES[game].apply(doc, seat, move)
    except IllegalMove as exc:
        request = Request({"type": "http", "headers": [(b"cookie", f"lang={lang}".encode())]})
        return error_body(IllegalMoveError(exc.message, **exc.params), request)["detail"]
    raise AssertionError(f"{move!r} was played")


ENGLISH_REFUSAL = re.compile(r"\b(is|not|the|piece|move|cell|board|dict|taken|north|east|south|west|red|yellow|"
                             r"green|blue)\b")
QUOTED = re.compile(r"\{[^{}]*\}|'[^']*'|\"[^\"]*\"")  # the move and the example, as the player wrote them


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("game", ["three-high", "dash", "martian-treasure-hunt", "turning-points"])
def test_a_malformed_move_is_refused_in_the_players_language(game, lang):
    doc = GAMES[game].setup(2, {}, 1)
    seat = GAMES[game].to_act(doc)[0]
    english = refusal_in("en", game, doc, seat, {"nonsense": 1})
    said = refusal_in(lang, game, doc, seat, {"nonsense": 1})
    assert said != english and "nonsense" in said
    assert not ENGLISH_REFUSAL.search(QUOTED.sub("", said)), said


@pytest.mark.parametrize("lang,words", [("fr", "La case {cell} est prise : sa pièce est orientée {dir}."),
                                        ("de", "Feld {cell} ist besetzt: Sein Stein zeigt nach {dir}.")])
def test_a_taken_cell_is_refused_in_the_players_language(lang, words):
    g = GAMES["turning-points"]
    doc = g.setup(2, {}, 1)
    seat = g.to_act(doc)[0]
    first = g.legal_moves(doc, seat)[0]
    doc = g.apply(doc, seat, first).doc
    way = {"fr": {"N": "nord", "E": "est", "S": "sud", "W": "ouest"},
           "de": {"N": "Norden", "E": "Osten", "S": "Süden", "W": "Westen"}}[lang][first["dir"]]
    said = refusal_in(lang, "turning-points", doc, g.to_act(doc)[0], first)
    assert said.startswith(words.format(cell=first["cell"], dir=way)), said


@pytest.mark.parametrize("lang,colours", [("fr", {"rouge", "orange", "jaune", "verte", "bleue"}),
                                          ("de", {"rot", "orange", "gelb", "grün", "blau"})])
def test_3_high_names_its_pieces_in_the_players_language(lang, colours):
    g = GAMES["three-high"]
    doc = g.setup(2, {}, 1)
    seat = g.to_act(doc)[0]
    legal = g.legal_moves(doc, seat)
    pieces = [f"{c}{n}" for c in ("red", "orange", "yellow", "green", "blue") for n in (1, 2, 3)]
    refused = [{"card": card, "side": side, "piece": piece} for card in doc["hands"][seat] for side in "NESW"
               for piece in pieces if {"card": card, "side": side, "piece": piece} not in legal]
    named = 0
    for move in refused[:60]:
        said = refusal_in(lang, "three-high", doc, seat, move)
        assert not re.search(r"\b(red|yellow|green|blue) \d", said), said
        named += any(re.search(rf"\b{c} \d", said) for c in colours)
    assert named > 0


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_martian_treasure_hunt_says_why_a_square_is_refused_in_the_players_language(lang):
    g = GAMES["martian-treasure-hunt"]
    doc = g.setup(2, {}, 1)
    while g.to_act(doc) and "order" in g.legal_moves(doc, g.to_act(doc)[0])[0]:
        doc = g.apply(doc, g.to_act(doc)[0], {"order": [0, 1, 2, 3, 4, 5]}).doc
    seat = g.to_act(doc)[0]
    legal = {m["to"] for m in g.legal_moves(doc, seat)}
    said = [refusal_in(lang, "martian-treasure-hunt", doc, seat, {"to": f"{x},{y}"})   # the board and beyond it
            for x in range(10) for y in range(10) if f"{x},{y}" not in legal]
    assert len({s[:12] for s in said}) >= 4   # several reasons: a move's shape, a way blocked, off the board...
    english = [s for s in said if ENGLISH_REFUSAL.search(QUOTED.sub("", s)) or re.search(r"\b(your|coin|way)\b", s)]
    assert not english, english[:3]
