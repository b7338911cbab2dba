"""The API documentation at /docs: Swagger UI served from this site (the files ship in the
`fastapi-offline` package), started by static/js/api_docs.js: no CDN and no inline script, so the page
lives under the same Content-Security-Policy as every other page."""
from __future__ import annotations

from html import escape
from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

ASSETS = "/docs/assets"


def swagger_files() -> Path | None:
    """The folder holding swagger-ui-bundle.js and swagger-ui.css, or None when the package is missing."""
    try:
        import fastapi_offline
    except ImportError:
        return None
    folder = Path(fastapi_offline.__file__).parent / "static"
    return folder if (folder / "swagger-ui-bundle.js").exists() else None


def page(title: str, openapi_url: str, folder: Path | None) -> str:
    title = escape(title)
    if folder is None:  # still useful without the package: the schema itself
        return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>'
                f'<body><h1>{title}</h1><p>The OpenAPI schema is at <a href="{escape(openapi_url)}">'
                f'{escape(openapi_url)}</a>.</p></body></html>')
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" type="image/svg+xml" href="/static/img/favicon.svg">
  <link rel="stylesheet" href="{ASSETS}/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui" data-openapi-url="{escape(openapi_url)}"></div>
  <script src="{ASSETS}/swagger-ui-bundle.js"></script>
  <script src="/static/js/api_docs.js"></script>
</body>
</html>
"""


def install(app: FastAPI) -> None:
    """Serve /docs (create the app with docs_url=None so FastAPI's CDN page is not there too)."""
    folder = swagger_files()
    if folder is not None:
        app.mount(ASSETS, StaticFiles(directory=folder), name="docs-assets")
    router = APIRouter(include_in_schema=False)
    html = page(f"{app.title} API", app.openapi_url or "/openapi.json", folder)

    @router.get("/docs", response_class=HTMLResponse)
    async def docs() -> HTMLResponse:
        return HTMLResponse(html)

    app.include_router(router)
