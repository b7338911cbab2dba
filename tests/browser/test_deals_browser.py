"""Issue 34 in Chromium: two groups (two browsers each) play today's 2-seat 3-High deal from the home page
to the end, and each sees the other's result on /deals/<id> once it has finished, not before."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_solo_browser import FINISH
from tests.browser.test_three_high_browser import start_game

pytestmark = pytest.mark.browser

# One move from this page (its own cookie) when it is its turn: the first legal one. Returns the status.
PLAY_ONE = """async (code) => {
  const t = await (await fetch(`/api/tables/${code}`)).json();
  if (t.status === "playing" && t.you != null && t.to_act.includes(t.you) && t.legal_moves.length) {
    const r = await fetch(`/api/tables/${code}/moves`, { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seq: t.seq, move: t.legal_moves[0] }) });
    if (!r.ok && r.status !== 409) return `HTTP ${r.status}: ${await r.text()}`;
  }
  return t.status;
}"""


def group_plays_today(new_page, base: str, host_name: str, guest_name: str):
    host, guest = new_page(), new_page()
    host.goto(base + "/")
    expect(host.locator("#daily")).to_be_visible()
    host.select_option("#daily-pick", label="3-High for 2")
    host.click("#daily-btn")
    host.fill("#solo-name-input", host_name)   # asked once
    host.click("#solo-name-go")
    host.wait_for_url(re.compile(r"/t/\w+$"))
    code = host.url.rsplit("/", 1)[1]
    guest.goto(host.url)
    guest.fill("#join-name", guest_name)
    guest.click("#join-form button[type=submit]")
    guest.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    start_game(host)
    return host, guest, code


def finish(host, guest, code: str) -> None:
    """The two seats take their turns, each from its own page, until the game ends."""
    for _ in range(300):
        said = [page.evaluate(PLAY_ONE, code) for page in (host, guest)]
        assert not any(x.startswith("HTTP") for x in said), said
        if "playing" not in said:
            break
    assert host.evaluate(PLAY_ONE, code) == "finished"


def test_two_groups_play_todays_deal_and_see_each_others_results(live_server, new_page, shot):
    server = live_server()
    ann, bob, code_a = group_plays_today(new_page, server.url, "Ann", "Bob")
    cat, dan, code_b = group_plays_today(new_page, server.url, "Cat", "Dan")
    finish(ann, bob, code_a)

    # Ann's finished table offers the deal; Cat, still playing it, is shown nothing of it
    ann.reload()
    expect(ann.locator("#deal-card")).to_be_visible()
    deal_url = ann.get_attribute("#deal-results", "href")
    cat.goto(server.url + deal_url)
    expect(cat.locator("#deal-why")).to_contain_text("You are playing this deal")
    expect(cat.locator("#spoilers-btn")).to_be_hidden()
    assert code_a not in cat.content()

    cat.goto(f"{server.url}/t/{code_b}")
    cat.wait_for_selector("#table-ui:not([hidden])")
    finish(cat, dan, code_b)
    for page, other in ((ann, code_b), (cat, code_a), (dan, code_a)):
        page.goto(server.url + deal_url)
        expect(page.locator(f".deal-table a[href='/t/{other}']")).to_be_visible()
        expect(page.locator(".deal-table tbody tr")).to_have_count(2)
    shot(cat, "deal-results-desktop")

    # the home page now says the deal was played, and links its results
    ann.goto(server.url + "/")
    ann.select_option("#daily-pick", label="3-High for 2")
    expect(ann.locator("#daily-results")).to_have_attribute("href", deal_url)
    expect(ann.locator("#daily-btn")).to_be_disabled()


def test_a_stranger_sees_results_only_by_choosing_spoilers(live_server, new_page):
    server = live_server()
    ann = new_page()
    ann.goto(server.url + "/")
    ann.click("#daily-btn")   # solo, the first choice
    ann.fill("#solo-name-input", "Ann")
    ann.click("#solo-name-go")
    ann.wait_for_url(re.compile(r"/t/\w+$"))
    code = ann.url.rsplit("/", 1)[1]
    ann.wait_for_selector("#table-ui:not([hidden])")
    assert ann.evaluate(FINISH, code) == "finished"
    ann.reload()
    expect(ann.locator("#deal-card")).to_be_visible()
    deal_url = ann.get_attribute("#deal-results", "href")
    eve = new_page()
    eve.goto(server.url + deal_url)
    expect(eve.locator("#deal-why")).to_contain_text("Finish this deal")
    expect(eve.locator(".deal-table")).to_have_count(0)
    eve.click("#spoilers-btn")
    expect(eve.locator(f".deal-table a[href='/t/{code}']")).to_be_visible()
