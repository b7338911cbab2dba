"""The table page's notification settings in Chromium: Web Push (permission, the service worker registered,
the subscription given to the server, a push delivered to the push endpoint and decrypted), a chat-room
webhook in a chosen format with its last delivery shown, ntfy, the nudge and the host's reminders. Turns
are sent there only while the player is away from the table: the tests leave the table or hide
the page.

Headless Chromium has no push service to subscribe to, so the test stands in for the browser's push
service at its edge: PushManager.subscribe answers with a subscription whose endpoint is the test's
loopback receiver and whose keys the test holds (it records the key the page subscribed with)."""
from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from tests.api.test_webpush import Browser, check_vapid
from tests.browser.test_three_high_browser import create_table, start_game

pytestmark = pytest.mark.browser

PUSH_SERVICE = """(() => {
  const sub = %s;
  window.__subscribed = [];
  PushManager.prototype.getSubscription = async function () { return null; };
  PushManager.prototype.subscribe = async function (options) {
    const raw = String.fromCharCode(...new Uint8Array(options.applicationServerKey));
    window.__subscribed.push({ userVisibleOnly: options.userVisibleOnly,
      key: btoa(raw).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "") });
    return { endpoint: sub.endpoint, toJSON: () => sub };
  };
})();"""


# What the browser does when the page goes to another tab: document.hidden and a visibilitychange event.
HIDE_PAGE = """() => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def wait_for(check, timeout: float = 15.0):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "nothing arrived in time"
        time.sleep(0.05)


def open_settings(page):
    page.wait_for_selector("#webhook:not([hidden])")
    page.locator("#webhook summary").click()


def test_push_from_the_table_page_reaches_the_push_endpoint(live_server, new_page, loopback, shot):
    server = live_server(webhook_allow_private="1", vapid_subject="mailto:admin@play.example.org")
    service = loopback(201)
    browser = Browser(f"{service.base}/push/ann")
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=server.url)
    page.context.add_init_script(PUSH_SERVICE % json.dumps(browser.subscription))
    create_table(page, server.url, "Ann", players=2)
    code = page.url.rsplit("/", 1)[1]
    page.click("[data-add-bot]")
    page.wait_for_selector("#seats li[data-seat='1'] .tag >> text=bot")   # seated before the settings open
    open_settings(page)
    page.click("#push-btn")
    expect(page.locator("#push-status")).to_contain_text("This device is told when it's your turn")
    worker = page.evaluate("""async () => {
      const reg = await navigator.serviceWorker.getRegistration("/static/");
      return reg && reg.active ? reg.active.scriptURL : null; }""")
    assert worker == f"{server.url}/static/sw.js"
    server_key = page.evaluate("async () => (await (await fetch('/api/push/key')).json()).public_key")
    assert page.evaluate("window.__subscribed") == [{"userVisibleOnly": True, "key": server_key}]
    assert page.evaluate("Notification.permission") == "granted"
    shot(page, "push-subscribed")
    if start_game(page) != "playing":
        pytest.skip("the deal left no legal play")
    page.goto(f"{server.url}/me")  # Ann leaves the table: her turn is pushed to this device
    wait_for(lambda: service.requests)  # Ann's turn, at the start or after the bot's play
    req = service.requests[0]
    check_vapid(req.headers["authorization"], server_key, service.base)
    payload = browser.decrypt(req.body)
    assert payload["title"] == "Your turn at 3-High" and payload["table"] == code
    assert payload["url"] == f"/t/{code}"  # no public URL set: the service worker opens it on this site
    page.goto(f"{server.url}/t/{code}")
    open_settings(page)
    page.click("#push-off")
    expect(page.locator("#push-btn")).to_be_visible()


def test_push_refused_by_the_person_says_how_to_allow_it(live_server, new_page):
    server = live_server()
    page = new_page()
    page.context.add_init_script(PUSH_SERVICE % json.dumps(Browser("https://push.example.org/x").subscription))
    page.add_init_script("Notification.requestPermission = async () => 'denied';")
    create_table(page, server.url, "Ann", players=2)
    open_settings(page)
    page.click("#push-btn")
    expect(page.locator("#push-status")).to_contain_text("Notifications are blocked for this site")
    assert page.evaluate("window.__subscribed") == []


def ann_and_a_bot(live_server, new_page, loopback):
    """Ann's table with a bot, away after half a second, her notification settings open: (page, receiver)."""
    server = live_server(webhook_allow_private="1", away_after_seconds="0.5")
    rx = loopback(204)
    page = new_page()
    create_table(page, server.url, "Ann", players=2)
    page.click("[data-add-bot]")
    page.wait_for_selector("#seats li[data-seat='1'] .tag >> text=bot")   # seated before the settings open
    open_settings(page)
    return page, rx


def test_a_discord_webhook_and_ntfy_show_their_last_delivery(live_server, new_page, loopback, shot):
    page, rx = ann_and_a_bot(live_server, new_page, loopback)
    page.fill("#webhook-url", f"{rx.base}/api/webhooks/1/x")
    page.select_option("#webhook-format", "discord")
    page.click("#webhook-form button[type=submit]")
    expect(page.locator("#webhook-status")).to_contain_text("as Discord. Nothing sent yet.")
    page.fill("#ntfy-url", "https://ntfy.sh/a b")
    page.click("#ntfy-form button[type=submit]")
    expect(page.locator("#ntfy-status")).to_contain_text("must not contain spaces")
    page.fill("#ntfy-url", f"{rx.base}/ann-turns")
    page.click("#ntfy-form button[type=submit]")
    expect(page.locator("#ntfy-status")).to_contain_text("ntfy topic ann-turns")
    if start_game(page) != "playing":
        pytest.skip("the deal left no legal play")
    page.wait_for_function("() => document.title.startsWith('● Your turn')")  # at the start or after the bot
    page.wait_for_timeout(1500)  # her turn's message would have been posted by now: she is at the table
    assert rx.requests == [], "a turn was sent while Ann was at the table"
    page.evaluate(HIDE_PAGE)  # she switches to another tab: told once the grace is over
    wait_for(lambda: len(rx.requests) >= 2)
    assert {"content"} in [set(q.json()) for q in rx.requests]  # Discord's shape
    # told as it happens, over the seat's own socket ...
    expect(page.locator("#webhook-status")).to_contain_text("Last one delivered")
    expect(page.locator("#ntfy-status")).to_contain_text("Last one delivered")
    page.reload()  # ... and kept
    open_settings(page)
    expect(page.locator("#webhook-format")).to_have_value("discord")
    expect(page.locator("#webhook-status")).to_contain_text("Last one delivered")
    expect(page.locator("#ntfy-status")).to_contain_text("Last one delivered")
    shot(page, "notify-last-delivery")


def test_a_teammate_nudges_and_the_host_sets_reminders(live_server, new_page, shot):
    server = live_server()
    ann, bob = new_page(), new_page()
    url = create_table(ann, server.url, "Ann", players=2)
    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    bob.wait_for_selector("#seats li[data-seat='1'] .tag.you")
    expect(ann.locator("#remind-line")).to_be_visible()
    expect(bob.locator("#remind-line")).to_be_hidden()  # the host's choice
    ann.select_option("#remind-select", "12h")
    expect(ann.locator("#remind-status")).to_have_text("Saved.")
    if start_game(ann) != "playing":
        pytest.skip("the deal left no legal play")
    bob.wait_for_function("() => document.getElementById('table-root').dataset.status === 'playing'")
    waiting, acting = (bob, "Ann") if ann.locator("#nudge-line").is_hidden() else (ann, "Bob")
    other = ann if waiting is bob else bob
    expect(waiting.locator("#nudge-btn")).to_have_text(f"Nudge {acting}")
    expect(other.locator("#nudge-line")).to_be_hidden()  # nobody nudges themselves
    waiting.click("#nudge-btn")
    expect(waiting.locator("#nudge-status")).to_have_text(f"Nudged {acting}.")
    expect(other.locator("#chat")).to_contain_text(f"nudged {acting}")  # in the log, for everyone
    waiting.click("#nudge-btn")
    expect(waiting.locator("#nudge-status")).to_contain_text("you may nudge again in")
    shot(waiting, "nudged")
    ann.reload()
    expect(ann.locator("#remind-select")).to_have_value("12h")


def test_a_channel_set_to_the_daily_digest_gets_no_turn_message(live_server, new_page, loopback, shot):
    page, rx = ann_and_a_bot(live_server, new_page, loopback)
    page.fill("#webhook-url", f"{rx.base}/hooks/room")
    page.click("#webhook-form button[type=submit]")
    expect(page.locator("#webhook-status")).to_contain_text("Nothing sent yet.")
    page.fill("#ntfy-url", f"{rx.base}/ann-turns")
    page.click("#ntfy-form button[type=submit]")
    expect(page.locator("#ntfy-status")).to_contain_text("ntfy topic ann-turns")
    expect(page.locator("#digest-when")).to_contain_text("08:00 UTC")
    page.check("#digest-webhook")  # the chat room: once a day; ntfy: every turn
    expect(page.locator("#digest-status")).to_have_text("")
    page.reload()
    open_settings(page)
    expect(page.locator("#digest-webhook")).to_be_checked()
    expect(page.locator("#digest-ntfy")).not_to_be_checked()
    if start_game(page) != "playing":
        pytest.skip("the deal left no legal play")
    page.wait_for_function("() => document.title.startsWith('● Your turn')")
    page.evaluate(HIDE_PAGE)  # away: her turn is told, on ntfy only
    wait_for(lambda: len(rx.requests) >= 1)
    page.wait_for_timeout(1000)
    assert [q.path for q in rx.requests] == ["/"] and rx.requests[0].json()["topic"] == "ann-turns"
    shot(page, "notify-digest")
