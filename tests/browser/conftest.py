"""Browser fixtures: the system Chromium driven by Playwright's sync API, against a real uvicorn server
(`live_server` from tests/conftest.py). Screenshots go to artifacts/ (gitignored)."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import CHROMIUM, require_service

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


# Module scope, not session: Playwright's sync API keeps an event loop running in the main thread while
# it is open, which breaks the async (httpx) tests of any module collected after a browser module.
@pytest.fixture(scope="module")
def browser() -> Iterator:
    require_service("chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser):
    """new_page(viewport=DESKTOP) -> a page in a fresh browser context (its own cookies: one person)."""
    contexts = []
    errors: list[str] = []

    def make(viewport: dict | None = None):
        ctx = browser.new_context(viewport=viewport or DESKTOP)
        ctx.set_default_timeout(15000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def shot():
    """shot(page, name): save a screenshot to artifacts/<name>.png."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page, name: str, full_page: bool = True) -> Path:
        path = ARTIFACTS / f"{name}.png"
        # let a piece that is still gliding to its square arrive first
        page.wait_for_function("() => document.getAnimations().every("
                               "a => !(a.effect && a.effect.target instanceof SVGElement))")
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return take
