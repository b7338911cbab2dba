"""A spoiler-free replay in a real Chromium: a finished Turning Points game (its golden playthrough opened as
a record) opened with the "Don't spoil" switch on shows no result, no slider and no length; stepping with →
reveals the moves one by one, and the result only at the end. Skips with its reason without Chromium (runs
when CI=true)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.tables.test_record import golden

pytestmark = pytest.mark.browser


def test_a_spoiler_free_replay_shows_the_result_only_at_the_end(live_server, new_page):
    server = live_server()
    record, _ = golden("turning-points")
    page = new_page()
    r = page.request.post(f"{server.url}/api/records", data=record)
    assert r.status == 201, r.text()
    code, of = r.json()["code"], len(record["moves"])
    page.goto(f"{server.url}/t/{code}/review")
    toggle = page.locator("#nospoil-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.focus()
    page.keyboard.press("Enter")   # the switch: keyboard-reachable, remembered, the page opens again at the deal
    expect(page.locator("#nospoil-toggle")).to_have_attribute("aria-pressed", "true")
    assert "review-start" in page.content()
    expect(page.locator("#review-where")).to_have_text("The deal")
    expect(page.locator(".replay-slider")).to_be_hidden()
    expect(page.locator("#review-outcome")).to_have_text("")
    for n in range(1, of):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#review-where")).to_have_text(f"After move {n}")
        expect(page.locator("#review-movelist li")).to_have_count(n)
    expect(page.locator("#review-outcome")).to_have_text("")
    assert f" of {of}" not in page.locator("#review-controls").inner_text()
    page.keyboard.press("ArrowRight")   # the last move: the result, the length and the slider come
    expect(page.locator("#review-outcome")).not_to_have_text("")
    expect(page.locator("#review-where")).to_have_text(f"After move {of} of {of}")
    expect(page.locator(".replay-slider")).to_be_visible()
