"""`make i18n`: extracts every message to translate and checks the catalogs.

- Python and templates: Babel extracts _(), gettext, ngettext, tr(request, "...") in app/ and {% trans %},
  _() in templates/, plus each game's pitch from the registry, into app/locale/messages.pot, then merges
  it into app/locale/<lang>/LC_MESSAGES/messages.po (new messages come in empty).
- JavaScript: t("...") (or tr("..."), imported `t as tr`) and tn("one", "other", n) in the modules that import
  core/i18n.js, merged into static/i18n/<lang>.json ({"message": "translation"} or, for a plural,
  {"one": ..., "other": ...}).

- A game's own words: a game may keep its catalog in its folder (app/games/<game>/locale/<lang>.json, like
  static/i18n/<lang>.json; its rules pages may live there too, extracted like templates/). A message that
  every language's game catalogs say is the game's: the shared catalogs need not say it (an update leaves
  it out of them unless they already translate it); the check holds those catalogs to the message's
  placeholders.

`python -m tools.i18n_catalogs` updates the files and then checks; `--check` only checks (the test does).
A check fails on a message with no translation, a fuzzy one, or a translation whose placeholders
({name}, %(name)s) differ from the message's."""
from __future__ import annotations

import json
from datetime import datetime, timezone
import re
import sys
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

FIXED = datetime(2026, 12, 1, tzinfo=timezone.utc)  # a date in the headers that does not change each run
ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "app" / "locale"
JSON_DIR = ROOT / "static" / "i18n"
JS_DIR = ROOT / "static" / "js"
LANGS = ("fr", "de")
LANG_NAMES = {"fr": "French", "de": "German"}
KEYWORDS = {**DEFAULT_KEYWORDS, "tr": (2,), "N_": None, "Nn_": (1, 2)}  # tr(request, "..."); N_("...") marks a
# domain sentence, Nn_("one", "other") a plural one (app/tables/says.py)
SOURCES = [
    ("app", [("**.py", "python")], {}),
    ("templates", [("**.html", "jinja2.ext:babel_extract")], {"**.html": {"trimmed": "true"}}),
    ("app/games", [("**.html", "jinja2.ext:babel_extract")], {"**.html": {"trimmed": "true"}}),  # games' rules
]
PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)[sd]")
JS_STRING = r'"((?:[^"\\\n]|\\.)*)"'
JS_T = re.compile(r"(?<![\w.$])tr?\(\s*" + JS_STRING)  # tr: `import { t as tr }` where t names a table
JS_TN = re.compile(r"(?<![\w.$])tn\(\s*" + JS_STRING + r"\s*,\s*" + JS_STRING)


def template() -> Catalog:
    """Every message of the server side, in source order."""
    pot = Catalog(project="icehouse-table", version="1", fuzzy=False, creation_date=FIXED, revision_date=FIXED)
    for folder, methods, options in SOURCES:
        for path, line, message, comments, context in extract_from_dir(
                ROOT / folder, methods, options, KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True):
            pot.add(message, None, [(f"{folder}/{path}", line)], auto_comments=comments, context=context)
    from app.games import GAMES  # the registry's sentences shown on pages (the pitch)
    for g in GAMES.values():
        pot.add(g.pitch, None, [(f"app/games registry: {g.name}.pitch", 0)])
    return pot


def game_catalogs(lang: str) -> dict[Path, dict]:
    """Each registered game's own catalog of `lang` (its folder's locale/<lang>.json), by its path."""
    from app.tables.language import game_folders
    paths = [folder / "locale" / f"{lang}.json" for folder in game_folders()]
    return {path: json.loads(path.read_text(encoding="utf-8")) for path in paths if path.is_file()}


def own_places() -> tuple[str, ...]:
    """Where the games that keep their own catalogs are, as the template's locations name them: their
    folders under the repository, and their registry entries."""
    from app.games import GAMES
    from app.tables.language import game_folder, game_folders
    places: list[str] = []
    for g in GAMES.values():
        folder = game_folder(type(g))
        if folder in game_folders() and (folder / "locale").is_dir():
            places.append(f"app/games registry: {g.name}.")
            if folder.is_relative_to(ROOT):
                places.append(folder.relative_to(ROOT).as_posix() + "/")
    return tuple(places)


def _said(got: object) -> bool:
    return bool(got) and (isinstance(got, str) or (isinstance(got, dict) and all(got.values())))


def game_owned() -> set[str]:
    """The messages every language's game catalogs say: a game's own words, not asked of the shared ones."""
    owned = [{m for catalog in game_catalogs(lang).values() for m, got in catalog.items() if _said(got)}
             for lang in LANGS]
    return set.intersection(*owned)


def js_messages() -> dict[str, str | None]:
    """message -> its English plural (None for a message without plural), from the modules using t/tn."""
    found: dict[str, str | None] = {}
    from app.games import GAMES  # the registry's words the pages' scripts show: pitch, house rules' labels
    for g in GAMES.values():
        found[g.pitch] = None
        for players in range(g.min_players, g.max_players + 1):
            for spec in g.option_specs(players):
                found.update({x: None for x in [spec.get("label"), *(spec.get("choice_labels") or {}).values()] if x})
    from app.games.dash.dares import SUGGESTIONS  # Dash's built-in dares, shown in the reader's language
    found.update({x: None for x in SUGGESTIONS})
    from app.games.turning_points.codec import VERDICTS  # the solitaire sheet's verdicts, said by the client
    found.update({words: None for _, words in VERDICTS})
    from app.tables.says import SAYS  # the table's own lines and a forfeit's reason: sent as ids, said by the client
    found.update(SAYS)
    for path in sorted(JS_DIR.rglob("*.js")):
        text = path.read_text()
        if "i18n.js" not in text:
            continue
        for m in JS_TN.finditer(text):
            found[_unescape(m[1])] = _unescape(m[2])
        for m in JS_T.finditer(text):
            found.setdefault(_unescape(m[1]), None)
    return found


def _unescape(s: str) -> str:
    return json.loads(f'"{s}"')


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / "messages.po"


def read_catalog(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.is_file():
        return Catalog(locale=lang)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _po_bytes(catalog: Catalog) -> bytes:
    out = BytesIO()
    write_po(out, catalog, width=100, omit_header=False, ignore_obsolete=True, include_previous=False)
    return out.getvalue()


def update() -> None:
    pot = template()
    owned = game_owned()
    inside = own_places()
    for message in list(pot):  # the shared catalogs say nothing of the folders of games with their own
        if not message.id or not any(path.startswith(inside) for path, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        rest = [(path, line) for path, line in message.locations if not path.startswith(inside)]
        if rest:  # a shared word the game uses too: the shared catalogs keep it, with their own places
            message.locations = rest
        elif ids[0] in owned:  # the game's own word: its catalogs say it
            pot.delete(message.id, message.context)
    LOCALES.mkdir(parents=True, exist_ok=True)
    (LOCALES / "messages.pot").write_bytes(_po_bytes(pot))
    for lang in LANGS:
        catalog = read_catalog(lang)
        catalog.update(pot, no_fuzzy_matching=True)
        for message in list(catalog):  # a game's own word, untranslated here: its catalog says it
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if message.id and ids[0] in owned and not all(
                    message.string if isinstance(message.string, tuple) else (message.string,)):
                catalog.delete(message.id, message.context)
        catalog.fuzzy = False  # the header: with a fuzzy header the compiled catalog loses its plural rule
        catalog.project, catalog.version = "icehouse-table", "1"
        catalog.revision_date = FIXED
        catalog.last_translator = catalog.language_team = "Icehouse Table"
        catalog.header_comment = f"# {LANG_NAMES[lang]} translations of Icehouse Table: tools/i18n_catalogs.py."
        po_path(lang).parent.mkdir(parents=True, exist_ok=True)
        po_path(lang).write_bytes(_po_bytes(catalog))
    wanted = js_messages()
    JSON_DIR.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        have = read_json(lang)
        merged = {m: have.get(m, {"one": "", "other": ""} if plural else "") for m, plural in wanted.items()
                  if m not in owned or have.get(m)}
        (JSON_DIR / f"{lang}.json").write_text(json.dumps(merged, ensure_ascii=False, indent=1) + "\n")


def read_json(lang: str) -> dict:
    path = JSON_DIR / f"{lang}.json"
    return json.loads(path.read_text()) if path.is_file() else {}


def _holes(s: str) -> set[str]:
    return set(PLACEHOLDER.findall(s))


def check() -> list[str]:
    """Every problem of the catalogs, as sentences (none: all is translated)."""
    problems: list[str] = []
    pot = template()
    owned = game_owned()
    for lang in LANGS:
        catalog = read_catalog(lang)
        for message in pot:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            have = catalog.get(message.id, message.context)
            strs = () if have is None else (have.string if isinstance(have.string, tuple) else (have.string,))
            if have is None or not all(strs):
                if ids[0] in owned:
                    continue  # the game's own catalog says it
                problems.append(f"{lang}: no translation of {ids[0]!r} ({message.locations[0][0]})")
            elif have.fuzzy:
                problems.append(f"{lang}: fuzzy translation of {ids[0]!r}")
            elif any(_holes(s) != _holes(ids[0]) if len(ids) == 1 else _holes(s) - _holes(ids[-1]) - {"%(num)s"}
                     for s in strs):
                problems.append(f"{lang}: the placeholders of {ids[0]!r} differ in {strs!r}")
        stale = [m.id for m in catalog if m.id and pot.get(m.id, m.context) is None]
        problems += [f"{lang}: {m!r} is no longer used (run make i18n)" for m in stale]
    wanted = js_messages()
    for lang in LANGS:
        have = read_json(lang)
        for message, plural in wanted.items():
            got = have.get(message)
            forms = list(got.values()) if isinstance(got, dict) else [got]
            if not got and message in owned:
                continue
            if not got or not all(forms) or (plural and not (isinstance(got, dict) and {"one", "other"} <= got.keys())):
                problems.append(f"{lang}.json: no translation of {message!r}")
            elif any(_holes(f) - _holes(message) - _holes(plural or "") for f in forms):
                problems.append(f"{lang}.json: the placeholders of {message!r} differ in {got!r}")
        problems += [f"{lang}.json: {m!r} is no longer used (run make i18n)" for m in have if m not in wanted]
        for path, catalog in game_catalogs(lang).items():
            for message, got in catalog.items():
                forms = list(got.values()) if isinstance(got, dict) else [got]
                if not _said(got):
                    problems.append(f"{path}: no translation of {message!r}")
                elif (_holes(got) != _holes(message) if isinstance(got, str)
                      else any(_holes(f) - _holes(message) - {"{n}"} for f in forms)):
                    problems.append(f"{path}: the placeholders of {message!r} differ in {got!r}")
    return problems


def main(argv: list[str]) -> int:
    if "--check" not in argv:
        update()
    problems = check()
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s) in the catalogs" if problems else "catalogs complete: en, " + ", ".join(LANGS))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
