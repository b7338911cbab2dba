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
    with page.expect_navigation():   # the switch: keyboard-reachable, remembered, the page opens again at the deal
        page.keyboard.press("Enter")
    expect(page.locator("#nospoil-toggle")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#review-start")).to_have_count(1)
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


def test_a_spoiler_free_replay_asks_only_for_the_notes_on_the_moves_reached(live_server, new_page):
    """Ann's note on move 3 of her finished solo game: her friend's spoiler-free link asks for notes only up
    to the move shown (nothing about move 3 at the deal), shows the note when move 3 is reached, and a note
    written meanwhile on a later move arrives as "notes changed" and stays unseen until it is reached."""
    from tests.browser.test_notes_browser import finished_solo

    server = live_server()
    ann = new_page()
    code = finished_solo(ann, server.url)
    assert ann.request.post(f"{server.url}/api/tables/{code}/moves/3/notes",
                            data={"text": "the turning point"}).status == 201
    page = new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/tables/" in r.url and "/notes" in r.url else None)
    page.goto(f"{server.url}/t/{code}/review?nospoil=1")
    expect(page.locator("#review-where")).to_have_text("The deal")
    page.wait_for_timeout(300)
    assert asked and all("upto=" in url for url in asked), asked
    page.locator("#review-board").click(position={"x": 2, "y": 2})   # the keys step the board
    for n in (1, 2):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#review-where")).to_have_text(f"After move {n}")
    expect(page.locator("#review-movelist .note-count")).to_have_count(0)
    # Ann notes move 5 while her friend is at move 2: the friend's page is told only that notes changed
    assert ann.request.post(f"{server.url}/api/tables/{code}/moves/5/notes",
                            data={"text": "too late by then"}).status == 201
    page.wait_for_timeout(500)
    assert "too late by then" not in page.content()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#review-where")).to_have_text("After move 3")
    expect(page.locator("#note-list")).to_contain_text("the turning point")
    expect(page.locator("#review-movelist li[data-seq='3'] .note-count")).to_have_count(1)
    assert "too late by then" not in page.content()
    assert all(int(url.split("upto=")[1].split("&")[0]) <= 3 for url in asked), asked
