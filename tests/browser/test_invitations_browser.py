"""Invitations in a real Chromium: Ann invites Bea and Cid by name from her table's lobby with the keyboard and
gets a link for each; Bea (on a phone) opens hers, sees who invites her to what and accepts under her name;
Cid declines; Ann sees both answers, /me lists them, and she starts at once with a bot in Cid's seat. A link
that opens nothing says so in words. A finished game's rematch sent as an invitation reaches Bea's /me, where
she accepts it and the rematch starts."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def test_a_friend_joining_while_the_host_types_names_keeps_what_is_typed(live_server, new_page):
    server = live_server()
    ann = new_page()
    r = ann.request.post(f"{server.url}/api/tables", data={"game": "three-high", "players": 4, "name": "Ann"})
    code = r.json()["code"]
    ann.goto(f"{server.url}/t/{code}")
    names = ann.get_by_label("Names of the friends to invite (separated by commas)")
    names.focus()
    ann.keyboard.type("Bea, ")
    other = new_page()
    assert other.request.post(f"{server.url}/api/tables/{code}/join", data={"name": "Dot"}).ok
    expect(ann.locator("#seats")).to_contain_text("Dot")  # the page redrew the seats and the invitations
    ann.wait_for_timeout(600)  # past the invitations' own redraw (250 ms after the seats changed)
    expect(names).to_be_focused()
    ann.keyboard.type("Cid")
    expect(names).to_have_value("Bea, Cid")
    ann.keyboard.press("Enter")
    expect(ann.get_by_label("Invitation link for Cid")).to_be_visible()
    link = ann.get_by_label("Invitation link for Bea")  # the first link to copy has the focus
    expect(link).to_be_focused()
    ann.wait_for_timeout(800)  # the seats changed (two are reserved): the invitations were drawn again
    expect(link).to_be_focused()  # and the focus stayed on that link


def test_invite_by_name_accept_decline_and_start_with_a_bot(live_server, new_page, shot):
    server = live_server()
    ann = new_page()
    r = ann.request.post(f"{server.url}/api/tables", data={"game": "three-high", "players": 3, "name": "Ann"})
    assert r.status == 201
    code = r.json()["code"]
    ann.goto(f"{server.url}/t/{code}")
    names = ann.get_by_label("Names of the friends to invite (separated by commas)")
    names.focus()
    ann.keyboard.type("Bea, Cid")
    ann.keyboard.press("Enter")
    bea_input = ann.get_by_label("Invitation link for Bea")
    expect(bea_input).to_be_focused()
    links = {n: ann.get_by_label(f"Invitation link for {n}").input_value() for n in ("Bea", "Cid")}
    assert all(re.fullmatch(rf"{re.escape(server.url)}/invite#[A-Za-z0-9_-]{{32}}", x) for x in links.values())
    expect(ann.locator("#seats li[data-seat='1'] .tag.invited")).to_have_text("invited")
    expect(ann.locator("#start-btn")).to_be_disabled()
    expect(ann.locator("#turn-banner")).to_contain_text("Waiting for 2 invited friends to answer.")
    shot(ann, "invitations-host")

    bea = new_page(PHONE)
    bea.goto(links["Bea"])
    expect(bea.locator("#invite-title")).to_have_text("Ann invites you to play 3-High")
    expect(bea.locator("#invite-name")).to_be_focused()
    shot(bea, "invitations-invitee-phone")
    bea.keyboard.press("Control+A")
    bea.keyboard.type("Beatrix")
    bea.keyboard.press("Enter")
    bea.wait_for_url(f"**/t/{code}")
    expect(bea.locator("#seats li[data-seat='1'] .tag.you")).to_be_visible()

    cid = new_page()
    cid.on("dialog", lambda d: d.accept())
    cid.goto(links["Cid"])
    cid.get_by_role("button", name="Decline").click()
    expect(cid.locator("#invite-body")).to_contain_text("You declined. Ann will see it.")
    cid.reload()  # the link again (the same address: reloaded)
    expect(cid.get_by_role("alert")).to_have_text("This invitation was declined.")

    expect(ann.locator("#invite-list li[data-state='accepted']")).to_contain_text("Bea")
    expect(ann.locator("#invite-list li[data-state='declined']")).to_contain_text("Cid")
    ann.goto(f"{server.url}/me")
    expect(ann.locator("#me-sent")).to_contain_text("Bea (accepted), Cid (declined)")
    ann.goto(f"{server.url}/t/{code}")
    start = ann.get_by_role("button", name="Start now with bots for the rest")
    start.focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#seats li[data-seat='2'] .tag").first).to_have_text("bot")
    expect(ann.locator("#lobby")).to_be_hidden()


def test_a_link_that_opens_nothing_says_so(live_server, new_page):
    server = live_server()
    page = new_page()
    page.goto(f"{server.url}/invite#not-a-real-link")
    expect(page.get_by_role("alert")).to_contain_text("This invitation link opens nothing")
    page.goto(f"{server.url}/invite")
    page.reload()
    expect(page.get_by_role("alert")).to_contain_text("open the whole link you were sent")


def play_to_end(page, base: str, code: str, tokens: dict[int, str]) -> None:
    for _ in range(600):
        st = page.request.get(f"{base}/api/tables/{code}").json()
        if st["status"] != "playing":
            return
        seat = st["to_act"][0]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        mine = page.request.get(f"{base}/api/tables/{code}", headers=auth).json()
        r = page.request.post(f"{base}/api/tables/{code}/moves", headers=auth,
                              data={"seq": mine["seq"], "move": mine["legal_moves"][0]})
        assert r.status == 200, r.text()
    raise AssertionError("the game never ended")


def test_a_rematch_sent_as_an_invitation_is_accepted_from_me(live_server, new_page, shot):
    server = live_server()
    ann, bea = new_page(), new_page()
    r = ann.request.post(f"{server.url}/api/tables", data={"game": "turning-points", "players": 2, "name": "Ann"})
    code, tokens = r.json()["code"], {0: r.json()["token"]}
    r = bea.request.post(f"{server.url}/api/tables/{code}/join", data={"name": "Bea"})
    tokens[1] = r.json()["token"]
    assert ann.request.post(f"{server.url}/api/tables/{code}/start",
                            headers={"Authorization": f"Bearer {tokens[0]}"}).status == 200
    play_to_end(ann, server.url, code, tokens)
    ann.goto(f"{server.url}/t/{code}")
    ann.get_by_role("button", name="Rematch as an invitation").click()
    ann.wait_for_url(re.compile(r".*/t/(?!" + code + r")[a-z0-9]+$"))
    new = ann.url.rsplit("/", 1)[1]
    expect(ann.get_by_label("Invitation link for Bea")).to_be_visible()
    expect(ann.locator("#invite-list li[data-state='pending']")).to_contain_text("Bea")
    bea.goto(f"{server.url}/me")
    received = bea.locator("#me-received li")
    expect(received).to_contain_text("Ann invites you to a rematch of Turning Points")
    shot(bea, "invitations-me")
    received.get_by_role("button", name="Accept").click()
    bea.wait_for_url(f"**/t/{new}")
    st = bea.request.get(f"{server.url}/api/tables/{new}").json()
    assert st["status"] == "playing" and st["you"] == 1


def test_the_admin_sees_each_invitation_and_where_it_stands(live_server, new_page):
    """The admin's table page lists the invitations (seat, name, state, when), never a link."""
    admin_token = "admin-token-for-the-invitation-browser-test-0123"
    server = live_server(admin_token=admin_token)
    ann = new_page()
    r = ann.request.post(f"{server.url}/api/tables", data={"game": "dash", "players": 3, "name": "Ann"})
    code, auth = r.json()["code"], {"Authorization": f"Bearer {r.json()['token']}"}
    r = ann.request.post(f"{server.url}/api/tables/{code}/invitations", headers=auth, data={"names": ["Bea", "Cid"]})
    assert r.status == 201, r.text()
    link = r.json()[1]["link"].split("#", 1)[1]
    assert ann.request.post(f"{server.url}/api/invitations/decline", data={"link": link}).status == 204
    admin = new_page()
    admin.goto(f"{server.url}/admin")
    admin.fill("#admin-token", admin_token)
    admin.click("#admin-login-form button[type=submit]")
    admin.click(f"a.code-link:has-text('{code}')")
    rows = admin.locator("#d-invitations li")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Seat 2 · Bea:")
    expect(rows.nth(0)).to_contain_text("waiting for an answer")
    expect(rows.nth(1)).to_contain_text("Cid:")
    expect(rows.nth(1)).to_contain_text("declined")
    assert "/invite#" not in admin.content()


def test_my_tables_follow_an_invitation_answered_meanwhile(live_server, new_page):
    """Ann's /me, open while Bea accepts her link elsewhere, shows Bea's answer without a reload."""
    server = live_server()
    ann = new_page()
    r = ann.request.post(f"{server.url}/api/tables", data={"game": "three-high", "players": 3, "name": "Ann"})
    code, auth = r.json()["code"], {"Authorization": f"Bearer {r.json()['token']}"}
    sent = ann.request.post(f"{server.url}/api/tables/{code}/invitations", headers=auth,
                            data={"names": ["Bea", "Cid"]}).json()
    ann.goto(f"{server.url}/me")
    expect(ann.locator("#me-sent")).to_contain_text("Bea (waiting for an answer), Cid (waiting for an answer)")
    bea = new_page()
    assert bea.request.post(f"{server.url}/api/invitations/accept",
                            data={"link": sent[0]["link"].split("#", 1)[1]}).status == 200
    expect(ann.locator("#me-sent")).to_contain_text("Bea (accepted), Cid (waiting for an answer)", timeout=10000)
