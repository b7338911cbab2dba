"""HTML pages: home, table, my tables, rules. Thin: they render templates; the browser client in
static/ talks to the JSON API and the WebSocket for everything live."""
from __future__ import annotations

from pathlib import Path
from urllib.parse import quote
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from jinja2 import BaseLoader, ChoiceLoader, Environment, TemplateNotFound, pass_context
from jinja2.loaders import split_template_path

from app.games import GAMES
from app.tables.errors import TableError
from app.tables.language import game_folder
from app.tables.lobby.rematch import bot_levels
from app.tables.replay import is_over
from app.tables.seats import find_table
from app.tables.showcase import games_showcase
from app.web import i18n, nospoil
from app.web.i18n import lang_of, tr

ROOT = Path(__file__).resolve().parents[2]


class GameFolders(BaseLoader):
    """Templates in the games' own folders: "<package>/rules/rules.html" is that file of the folder holding
    a registered game's package (`game_folder`, app/tables/language.py): a rules page lives with its game."""

    def get_source(self, environment: Environment, template: str):
        pieces = split_template_path(template)  # refuses ".." and the like
        for g in GAMES.values():
            folder = game_folder(type(g))
            if pieces and pieces[0] == folder.name:
                path = folder.parent.joinpath(*pieces)
                if path.is_file():
                    return path.read_text(encoding="utf-8"), str(path), _unchanged(path)
        raise TemplateNotFound(template)


def _unchanged(path: Path):
    """Jinja's `uptodate` for a template read from `path` now."""
    mtime = path.stat().st_mtime
    return lambda: path.is_file() and path.stat().st_mtime == mtime


templates = Jinja2Templates(directory=str(ROOT / "templates"))
templates.env.loader = ChoiceLoader([templates.env.loader, GameFolders()])
i18n.install(templates.env)
nospoil.install(templates.env)  # {{ nospoil() }}: the page is spoiler-free

router = APIRouter(include_in_schema=False)


@pass_context
def game_time(ctx, minutes: float) -> str:
    """How long a game takes, in words: "about 12 min", "about 3 h", "about 2 days"."""
    request = ctx.get("request")
    if minutes < 1:
        return tr(request, "under a minute")
    if minutes < 90:
        return tr(request, "about {n} min", n=round(minutes))
    if minutes < 36 * 60:
        return tr(request, "about {n} h", n=round(minutes / 60))
    return tr(request, "about {n} days", n=round(minutes / 1440))


templates.env.filters["game_time"] = game_time

def game_summaries() -> list[dict]:
    """What the home page and the rules index need about each game, in the registry's order, JSON-able."""
    return [{
        "name": g.name,
        "title": g.title,
        "pitch": g.pitch,
        "min_players": g.min_players,
        "max_players": g.max_players,
        "cooperative": g.cooperative,
        "client": f"/static/{g.client}",
        "css": f"/static/{g.css}",
        "options": {str(p): g.option_specs(p) for p in range(g.min_players, g.max_players + 1)},
    } for g in GAMES.values()]


def _page(request: Request, template: str, status_code: int = 200, **ctx: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, template, ctx, status_code=status_code)


def not_found(request: Request, what: str) -> HTMLResponse:
    return _page(request, "404.html", status_code=404, what=what, title=tr(request, "Not found"))


def unavailable_page(request: Request, what: str, retry_after: str) -> HTMLResponse:
    page = _page(request, "503.html", status_code=503, what=what, title=tr(request, "Try again in a moment"))
    page.headers["Retry-After"] = retry_after
    return page


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    # Each game's card: a position its engine reached and how long a game takes (app/tables/showcase.py).
    shown = {x["game"]: x for x in await games_showcase(request.app.state.tables.db)}
    return _page(request, "home.html", games=game_summaries(), showcase=shown, title=None)


async def _table_game(request: Request, code: str) -> str | None:
    """The game played at table `code`; None when there is no such table."""
    return (await _table_of(request, code))[0]


async def _table_of(request: Request, code: str) -> tuple[str | None, str | None]:
    """(the game played at table `code`, its status); (None, None) when there is no such table."""
    try:
        async with request.app.state.tables.db.session() as s:
            table = await find_table(s, code)
            return table.game, table.status
    except TableError:
        return None, None


@router.get("/t/{code}", response_class=HTMLResponse)
async def table_page(request: Request, code: str) -> Response:
    game, status = await _table_of(request, code)
    if is_over(status) and nospoil.nospoil_of(request) and request.query_params.get("spoil") != "1":
        # "Don't spoil": an ended table's page would show its result at once; its replay opens at the deal
        # (the replay's link back here says it shows the result and asks for it with ?spoil=1)
        again = "?nospoil=1" if request.query_params.get("nospoil") == "1" else ""
        return RedirectResponse(f"/t/{quote(code)}/review{again}", status_code=303)
    if game not in GAMES:
        return not_found(request, tr(request, "There is no table with the code “{code}”. Check the link you "
                                              "were sent, or start a new table.", code=code[:20]))
    g = GAMES[game]
    # Everything else (seats, board, log) is loaded live by static/js/table.js, which loads the game's module.
    return _page(request, "table.html", code=code, title=tr(request, "Table {code}", code=code),
                 client=f"/static/{g.client}", game_css=f"/static/{g.css}", cooperative=g.cooperative,
                 bot_levels=" ".join(bot_levels(game)))  # a host's choice of bot


@router.get("/me", response_class=HTMLResponse)
async def my_tables(request: Request) -> HTMLResponse:
    games = game_summaries()
    return _page(request, "me.html", title=tr(request, "My tables"), games=games,
                 clients={g["name"]: g["client"] for g in games})


@router.get("/rules", response_class=HTMLResponse)
async def rules_index(request: Request) -> HTMLResponse:
    return _page(request, "rules_index.html", games=game_summaries(), title=tr(request, "Rules"))


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules(request: Request, game: str) -> HTMLResponse:
    g = GAMES.get(game)
    if g is None:
        return not_found(request, tr(request, "We have no rules page for “{game}”.", game=game[:40]))
    return _page(request, rules_template(g.rules_template, lang_of(request)),
                 title=tr(request, "{game} rules", game=g.title), game=game_summaries_by_name()[game])


def rules_template(template: str, lang: str) -> str:
    """A game's rules page in `lang` when it has been translated (rules/<game>.fr.html beside
    rules/<game>.html, under templates/ or in the game's folder), else the English page, which says it has
    not been translated yet."""
    translated = template.removesuffix(".html") + f".{lang}.html"
    if lang == "en":
        return template
    try:
        templates.env.loader.get_source(templates.env, translated)
    except TemplateNotFound:
        return template
    return translated


def game_summaries_by_name() -> dict[str, dict]:
    return {g["name"]: g for g in game_summaries()}
