"""The review room in a real Chromium: Ann and Bea open the review of a lost 3-High game (a known
deal: tests/api/review_deal.py), Ann takes the lead and Bea (on a phone) follows her steps; Ann points at
the board and Bea sees the arrow; Bea takes the lead, goes to move 26 and plays another line, which wins
with the real cards to come; she names and keeps it; Cy opens it from its link; Bea drops it.
Screenshots at desktop and phone widths go to artifacts/."""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.api.review_deal import ADMIN, PLY, RECORDED, WINNING, import_lost_game
from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def person(page, base: str, code: str, name: str) -> None:
    """The browser gets an identity with this name (a table of its own, never started), then opens the room."""
    r = page.request.post(f"{base}/api/tables", data={"game": "three-high", "players": 2, "name": name})
    assert r.status == 201
    page.goto(f"{base}/t/{code}/review")
    expect(page.locator("#review-members")).to_contain_text(f"{name} (you)")


def at(page, ply: int, at_: int = 0) -> None:
    page.wait_for_function("([p, a]) => { const b = document.getElementById('review-board');"
                           " return b.dataset.ply === String(p) && b.dataset.at === String(a)"
                           " && b.querySelector('svg') !== null; }", arg=[ply, at_])


def play(page, card: str, side: str, piece: str) -> None:
    """Click the listed move (the server's list for the seat to act) that plays this card."""
    want = {"seat": 0, "move": {"card": card, "side": side, "piece": piece}}
    page.wait_for_function("w => [...document.querySelectorAll('#choice-list button.choice')].some("
                           "b => !b.disabled && JSON.stringify(JSON.parse(b.dataset.move)) === w)",
                           arg=json.dumps(want, separators=(",", ":")))
    page.evaluate("w => [...document.querySelectorAll('#choice-list button.choice')].find("
                  "b => JSON.stringify(JSON.parse(b.dataset.move)) === w).click()",
                  json.dumps(want, separators=(",", ":")))


def test_two_people_review_a_lost_game_and_find_the_win(live_server, new_page, shot):
    server = live_server(admin_token=ADMIN, analysis_seconds="0.05")   # the bots score quickly
    code = import_lost_game(server.url)
    ann, bea = new_page(), new_page(PHONE)
    person(ann, server.url, code, "Ann")
    person(bea, server.url, code, "Bea")
    expect(bea.locator("#review-members")).to_contain_text("Ann")
    # an imported table has no host: nobody leads until someone takes the lead
    expect(ann.locator("#review-leader")).to_contain_text("Nobody leads yet")
    ann.click("#take-lead")
    expect(ann.locator("#review-leader")).to_contain_text("You lead")
    expect(bea.locator("#review-leader")).to_contain_text("Ann leads")
    # Bea follows Ann's steps
    ann.click("#review-controls button[data-go='first']")
    at(bea, 0)
    for n in (1, 2, 3):
        ann.keyboard.press("ArrowRight")
        at(bea, n)
    expect(bea.locator("#review-step")).to_contain_text("Ann played")
    # Ann points at the board; Bea sees the arrow with her name
    board = ann.locator("#review-board svg").first
    expect(board).to_be_visible()  # drawn again at each step: a box only once it is laid out
    box = board.bounding_box()
    for _ in range(50):  # drawn again between the two calls: ask the new one
        if box is not None:
            break
        ann.wait_for_timeout(100)
        box = board.bounding_box()
    board.click(position={"x": box["width"] * 0.4, "y": box["height"] * 0.45})
    expect(bea.locator("#review-board .review-pointer[data-by='Ann']")).to_have_count(1)
    # Bea takes the lead and goes to move 26; Ann follows now
    bea.click("#take-lead")
    expect(ann.locator("#review-leader")).to_contain_text("Bea leads")
    expect(bea.locator("#review-leader")).to_contain_text("You lead")
    bea.click(f"#review-movelist li[data-seq='{PLY}'] button")
    at(ann, PLY)
    # the real game lost from here ...
    assert len(RECORDED) > PLY
    # ... but another line wins with the same cards to come
    for i, (card, side, piece) in enumerate(WINNING, start=1):
        play(bea, card, side, piece)
        at(ann, PLY, i)
    for page in (ann, bea):
        expect(page.locator("#review-outcome")).to_have_attribute("data-outcome", "won")
        expect(page.locator("#review-outcome")).to_contain_text("the real game was lost")
        expect(page.locator("#review-outcome")).to_contain_text("won: trees")   # why, in the game's words (endReason)
    shot(ann, "review-whatif-won-desktop")
    shot(bea, "review-whatif-won-phone")
    # named and kept
    bea.fill("#whatif-name", "Keep the green 1 north")
    bea.click("#whatif-keep")
    item = bea.locator("#branch-list li[data-branch]")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Keep the green 1 north")
    expect(item).to_contain_text("by Bea")
    branch = item.get_attribute("data-branch")
    expect(ann.locator(f"#branch-list li[data-branch='{branch}']")).to_have_count(1)   # the room moved to it
    expect(ann.locator("#review-where")).to_contain_text("Keep the green 1 north")
    # shared by link: Cy opens it on his own, and sees the win
    cy = new_page(PHONE)
    cy.goto(f"{server.url}/t/{code}/review?branch={branch}")
    at(cy, PLY, len(WINNING))
    expect(cy.locator("#review-outcome")).to_have_attribute("data-outcome", "won")
    expect(cy.locator("#review-leader")).to_contain_text("You browse alone")
    assert cy.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    # only the one who kept it (or a player of the table) may drop it: Cy has no Drop button
    expect(cy.locator(f"#branch-list li[data-branch='{branch}'] button[data-act='drop']")).to_have_count(0)
    bea.click(f"#branch-list li[data-branch='{branch}'] button[data-act='drop']")
    expect(bea.locator("#branch-list li[data-branch]")).to_have_count(0)
    r = cy.request.get(f"{server.url}/api/tables/{code}/review/branches/{branch}")
    assert r.status == 404
    # the bots have scored the game meanwhile: the room says so, with its turning point
    expect(ann.locator("#review-scores .scores-progress")).to_contain_text("Scored by the bots", timeout=90_000)
    # Cy comes back to the room: he follows Bea again
    cy.click("#rejoin")
    expect(cy.locator("#review-leader")).to_contain_text("Bea leads")
    at(cy, PLY, len(WINNING))
    # Ann browses alone to move 5 (the room stays where Bea is), then takes the lead: the room comes to her step
    ann.click("#go-alone")
    expect(ann.locator("#review-leader")).to_contain_text("You browse alone")
    ann.click("#review-movelist li[data-seq='5'] button")
    at(ann, 5)
    expect(bea.locator("#review-members")).to_contain_text("Ann, browsing alone")
    at(bea, PLY, len(WINNING))
    ann.click("#take-lead")
    at(bea, 5)
    at(cy, 5)
    expect(bea.locator("#review-leader")).to_contain_text("Ann leads")
