""""Don't spoil" on the lists, in Chromium: Ann and Bea each play today's solo deal to its end; with the switch
on, Ann's "My tables" shows her finished table as "Finished" without its board, linking its spoiler-free
replay, and the deal's results list Bea's table first (the newest), unranked, "Finished" without its moves or
hints, while Ann's own line keeps her result; without the switch, the ranks and Bea's result are back."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def play_today(page, base: str, name: str) -> str:
    r = page.request.post(f"{base}/api/deals/today/tables", data={"players": 1, "name": name})
    assert r.status == 201, r.text()
    code, auth = r.json()["code"], {"Authorization": f"Bearer {r.json()['token']}"}
    assert page.request.post(f"{base}/api/tables/{code}/start", headers=auth).status == 200
    for _ in range(400):
        st = page.request.get(f"{base}/api/tables/{code}", headers=auth).json()
        if st["status"] != "playing":
            return code
        r = page.request.post(f"{base}/api/tables/{code}/moves", headers=auth,
                              data={"seq": st["seq"], "move": st["legal_moves"][0]})
        assert r.status == 200, r.text()
    raise AssertionError("the game never ended")


def test_my_tables_and_a_deals_results_spoil_nothing_with_the_switch_on(live_server, new_page, shot):
    server = live_server()
    ann, bea = new_page(), new_page()
    mine, theirs = play_today(ann, server.url, "Ann"), play_today(bea, server.url, "Bea")
    deal = ann.request.get(f"{server.url}/api/deals/today").json()["deals"][0]["id"]
    assert ann.request.post(f"{server.url}/nospoil", form={"on": "1"}).status == 204
    ann.goto(f"{server.url}/me")
    card = ann.locator(f"li.me-table[data-code='{mine}']")
    expect(card.locator(".badge")).to_have_text("Finished")
    expect(card.locator(".me-game a")).to_have_attribute("href", f"/t/{mine}/review")
    expect(card.locator(".me-when")).to_contain_text("Last move")
    expect(card.locator("svg")).to_have_count(0)  # no board: the last position tells how it ended
    ann.goto(f"{server.url}/deals/{deal}")
    rows = ann.locator("#deal-variants table.deal-table tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(theirs)  # the newest first, not the best
    expect(rows.nth(0).locator("td.deal-result")).to_have_text("Finished")
    for col in (0, 4, 5):  # rank, moves, hints
        expect(rows.nth(0).locator("td").nth(col)).to_have_text("")
    expect(rows.nth(0).locator("td a").first).to_have_attribute("href", f"/t/{theirs}/review")
    expect(rows.nth(1)).to_have_class("yours")
    expect(rows.nth(1).locator("td").nth(0)).to_have_text("")  # her own: her result, no rank
    expect(rows.nth(1).locator("td.deal-result")).not_to_have_text("Finished")
    shot(ann, "nospoil-deal-results")
    assert ann.request.post(f"{server.url}/nospoil", form={"on": "0"}).status == 204
    ann.reload()
    expect(rows.nth(0).locator("td").nth(0)).to_have_text("1")
    expect(rows.nth(1).locator("td.deal-result")).not_to_have_text("Finished")
