"""axe-core for the browser tests: the npm dev package (package.json, installed by `make test`
with npm ci) is added to a page by Playwright inside the test only; it is never served to users."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_violations(page, impacts=SERIOUS, exclude: tuple[str, ...] = ()) -> list[dict]:
    """The page's axe-core violations of these impacts: [{id, impact, help, nodes: [html…]}], leaving out the
    elements matching `exclude` (CSS selectors)."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: run `npm ci` at the repository root (`make test` does)")
    # a card still fading in or a piece still gliding would be measured half-transparent: let them finish
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running'"
                           " || a.effect.getComputedTiming().iterations === Infinity)", timeout=5000)
    if not page.evaluate("() => !!window.axe"):
        # evaluated by the test's driver (the page's Content-Security-Policy allows no inline <script>)
        page.evaluate("(() => {\n" + AXE.read_text() + "\n; return !!window.axe; })()")
    found = page.evaluate("async (exclude) => (await axe.run("
                          "exclude.length ? {include: [document], exclude: exclude.map(e => [e])}"
                          " : document, {resultTypes: ['violations']})).violations"
                          ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
                          " nodes: v.nodes.slice(0, 5)"
                          ".map(n => n.html.slice(0, 160) + ' ' + n.failureSummary.slice(0, 200))}))",
                          list(exclude))
    return [v for v in found if v["impact"] in impacts]


def assert_accessible(page, where: str) -> None:
    bad = axe_violations(page)
    assert not bad, f"{where}: axe-core finds serious or critical violations:\n" + "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]) for v in bad)
