"""End to end in French and in German: a table of each game is created in the page's language,
a move is played, the game is played out and the review room opened; at each stop no English is left on
the page (tests/browser/english_left.py: our catalogs' sentences whose translation differs, and English's
own small words, whatever wrote them)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from app.games import GAMES
from tests.browser.english_left import english_in, visible_texts

pytestmark = pytest.mark.browser

GAMES_PLAYED = ["three-high", "dash", "martian-treasure-hunt", "turning-points"]

# From inside the page (its cookie, its origin): Ann's table of two with a bot, started.
CREATE = """async (game) => {
  const json = { "Content-Type": "application/json" };
  const t = await (await fetch("/api/tables", { method: "POST", headers: json,
    body: JSON.stringify({ game, players: 2, name: "Ann" }) })).json();
  const auth = { ...json, Authorization: `Bearer ${t.token}` };
  await fetch(`/api/tables/${t.code}/bots`, { method: "POST", headers: auth, body: "{}" });
  const r = await fetch(`/api/tables/${t.code}/start`, { method: "POST", headers: auth, body: "{}" });
  return r.ok ? t.code : `start: HTTP ${r.status} ${await r.text()}`;
}"""

# One of my legal moves as soon as it is my turn; `all`: on until the game is over.
PLAY = """async ([code, all]) => {
  for (let i = 0; i < 600; i++) {
    const t = await (await fetch(`/api/tables/${code}`)).json();
    if (t.status !== "playing") return t.status;
    if (!t.legal_moves.length) { await new Promise((ok) => setTimeout(ok, 50)); continue; }
    const r = await fetch(`/api/tables/${code}/moves`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seq: t.seq, move: t.legal_moves[0] }) });
    if (!r.ok && r.status !== 409) return `HTTP ${r.status}: ${await r.text()}`;
    if (r.ok && !all) return "played";
  }
  return "not over";
}"""


def no_english(page, lang: str, where: str) -> None:
    names = {"Ann", *(s for s in page.eval_on_selector_all("#seats .name", "els => els.map(e => e.textContent)"))}
    left = english_in(visible_texts(page), lang, names | {g.title for g in GAMES.values()})
    assert not left, f"English on the {lang} {where}: {left}"


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("game", GAMES_PLAYED)
def test_a_game_and_its_review_in_french_and_german(live_server, browser, shot, game, lang):
    server = live_server(bot_delay_seconds="0")
    ctx = browser.new_context(locale=lang, extra_http_headers={"Accept-Language": lang})
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/", wait_until="domcontentloaded")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        code = page.evaluate(CREATE, game)
        assert len(code) == 8, code
        page.goto(f"{server.url}/t/{code}")
        page.wait_for_selector("#table-ui:not([hidden])")
        page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
        no_english(page, lang, f"{game} table")
        assert page.evaluate(PLAY, [code, False]) in ("played", "finished")
        expect(page.locator("#log li:not(.note)").first).to_be_visible()
        page.wait_for_function("() => !document.querySelector('#turn-banner').textContent.includes('…') || true")
        page.wait_for_timeout(300)   # the bot's answer and the board's animation
        no_english(page, lang, f"{game} table after a move")
        shot(page, f"i18n-{game}-{lang}-table")
        assert page.evaluate(PLAY, [code, True]) == "finished"
        expect(page.locator("#result")).to_be_visible(timeout=15000)
        no_english(page, lang, f"{game} result")
        page.goto(f"{server.url}/t/{code}/review?move=1")
        page.wait_for_selector("#review-ui:not([hidden])")
        expect(page.locator("#review-step")).not_to_be_empty()
        expect(page.locator("#review-leader")).to_be_visible()
        page.wait_for_timeout(300)
        no_english(page, lang, f"{game} review room")
        page.click("[data-go='last']")
        expect(page.locator("#review-outcome")).not_to_be_empty()
        no_english(page, lang, f"{game} review room at the end")
        shot(page, f"i18n-{game}-{lang}-review")
    finally:
        ctx.close()
