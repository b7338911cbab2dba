"""HTML pages: home, table, my tables, rules. Thin: they render templates; the browser client in
static/ talks to the JSON API and the WebSocket for everything live."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

ROOT = Path(__file__).resolve().parents[2]
templates = Jinja2Templates(directory=str(ROOT / "templates"))

router = APIRouter(include_in_schema=False)

# Games with a board client in static/js/games/; others are listed as "coming soon".
CLIENT_READY = {"three-high"}
# Rules pages we have written: game name -> template.
RULES_PAGES = {"three-high": "rules_three_high.html"}

# Used when an engine does not (yet) declare its own pitch or option specs.
FALLBACK_PITCH = {
    "three-high": "Work together: move pyramids with playing cards and build all five trees "
                  "before the cards run out.",
    "turning-points": "Place a piece and watch the chain of turning pieces decide who scores.",
    "martian-treasure-hunt": "Roll the dice, move your coins like chess pieces, grab the most pyramids.",
    "dash": "A race to the Finish on colour cards, shortcuts and dares.",
}
FALLBACK_LABELS = {
    "allow_zero_moves": "Allow zero-distance plays (the piece stays put, once per side)",
    "hidden_hands": "Hidden hands (each player sees only their own cards)",
    "there_and_back": "There and back (turn round at Finish, race home to Start)",
}


def _games() -> list[Any]:
    try:
        from app.games import GAMES
    except Exception:  # the registry is optional for the pages: the JS can ask /api/games
        return []
    return list(GAMES.values())


def _option_specs(game: Any, players: int) -> list[dict]:
    specs = None
    fn = getattr(game, "option_specs", None)
    if callable(fn):
        try:
            specs = fn(players)
        except Exception:
            specs = None
    if not specs:
        try:
            defaults = game.default_options(players)
        except Exception:
            defaults = {}
        specs = [
            {"name": k, "type": type(v).__name__, "default": v, "label": FALLBACK_LABELS.get(k, k)}
            for k, v in defaults.items()
        ]
    out = []
    for s in specs:
        s = dict(s)
        s.setdefault("label", FALLBACK_LABELS.get(s.get("name"), s.get("name")))
        out.append(s)
    return out


def game_summaries() -> list[dict]:
    """What the home page needs about each game, JSON-able."""
    out = []
    for g in _games():
        name = getattr(g, "name", "")
        lo, hi = int(getattr(g, "min_players", 1)), int(getattr(g, "max_players", 1))
        out.append({
            "name": name,
            "title": getattr(g, "title", name),
            "pitch": getattr(g, "pitch", "") or FALLBACK_PITCH.get(name, ""),
            "min_players": lo,
            "max_players": hi,
            "ready": name in CLIENT_READY,
            "rules": name in RULES_PAGES,
            "options": {str(p): _option_specs(g, p) for p in range(lo, hi + 1)},
        })
    out.sort(key=lambda g: (not g["ready"], g["name"] != "three-high", g["title"]))
    return out


def _page(request: Request, template: str, status_code: int = 200, **ctx: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, template, ctx, status_code=status_code)


def not_found(request: Request, what: str) -> HTMLResponse:
    return _page(request, "404.html", status_code=404, what=what, title="Not found")


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    return _page(request, "home.html", games=game_summaries(), title=None)


async def _table_exists(request: Request, code: str) -> bool | None:
    """True/False when the domain can tell; None when it cannot (the page then asks the API itself)."""
    try:
        from app.tables.errors import TableError
        from app.tables.seats import find_table

        tables = request.app.state.tables
        async with tables.db.session() as s:
            await find_table(s, code)
        return True
    except TableError as exc:
        return False if getattr(exc, "status", None) == 404 else None
    except Exception:
        return None


@router.get("/t/{code}", response_class=HTMLResponse)
async def table_page(request: Request, code: str) -> HTMLResponse:
    if await _table_exists(request, code) is False:
        return not_found(request, f"There is no table with the code “{code[:20]}”. Check the link you were "
                                  "sent, or start a new table.")
    # Everything else (seats, board, log) is loaded live by static/js/table.js.
    return _page(request, "table.html", code=code, title=f"Table {code}")


@router.get("/me", response_class=HTMLResponse)
async def my_tables(request: Request) -> HTMLResponse:
    return _page(request, "me.html", title="My tables")


@router.get("/rules", response_class=HTMLResponse)
async def rules_index(request: Request) -> HTMLResponse:
    games = [g for g in game_summaries() if g["rules"]]
    if not games:
        games = [{"name": n, "title": "3-High"} for n in RULES_PAGES]
    return _page(request, "rules_index.html", games=games, title="Rules")


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules(request: Request, game: str) -> HTMLResponse:
    template = RULES_PAGES.get(game)
    if template is None:
        return not_found(request, f"We have no rules page for “{game}”.")
    return _page(request, template, title="3-High rules")
