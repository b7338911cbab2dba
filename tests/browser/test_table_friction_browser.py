"""Small things, seen in the browser: the share box shows the whole link, the host fills seats with bots as
fast as they click, my own seat's dot goes grey with my connection, the sound switch is remembered, a closed
/admin offers no token box."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_three_high_browser import create_table, solo_table_in_play, wait_live

pytestmark = pytest.mark.browser


def test_share_box_shows_the_whole_link(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    url = create_table(page, server.url, "Ann", players=2)
    box = page.locator("#share-url")
    expect(box).to_have_value(url)
    assert page.evaluate("() => { const i = document.getElementById('share-url');"
                         " return i.scrollWidth <= i.clientWidth + 1; }"), \
        "the link (and its code at the end) is cut off"
    shot(page, "lobby-share-box", full_page=False)


def test_the_host_fills_seats_with_bots_as_fast_as_they_click_and_a_double_click_asks_once(live_server,
                                                                                           new_page):
    server = live_server()
    page = new_page()
    # A slow network: every answer to "Add a bot" reaches the page half a second late (the socket is not slowed)
    page.add_init_script("""const real = window.fetch;
window.fetch = async (...args) => { const answer = await real(...args);
  if (String(args[0]).endsWith('/bots')) await new Promise((done) => setTimeout(done, 500));
  return answer; };""")
    create_table(page, server.url, "Ann", players=4)
    errors = []
    page.on("response", lambda r: errors.append(r.status) if "/bots" in r.url and r.status >= 400 else None)
    page.dblclick('[data-add-bot="1"]')     # twice on one seat: one bot, no "seat taken" error
    page.click('[data-add-bot="2"]')        # the next seats at once, before the first answer is back
    page.click('[data-add-bot="3"]')
    for seat in (1, 2, 3):
        expect(page.locator(f"#seats li[data-seat='{seat}'] .tag")).to_have_text("bot")
    expect(page.locator("#start-btn")).to_be_enabled()
    assert errors == []
    expect(page.locator(".toast.error")).to_have_count(0)


def test_a_click_on_add_a_bot_is_not_lost_when_the_seats_are_redrawn_under_it(live_server, new_page):
    """Bob leaves while Ann's button is pressed: her seat list is redrawn between the press and the release."""
    server = live_server()
    ann = new_page()
    url = create_table(ann, server.url, "Ann", players=3)
    bob = new_page()
    bob.goto(url)
    bob.fill("#join-name", "Bob")
    bob.click("#join-form button[type=submit]")
    expect(ann.locator("#seats li[data-seat='1'] .dot")).to_have_class("dot on")
    button = ann.locator('[data-add-bot="2"]')
    button.scroll_into_view_if_needed()
    before = button.bounding_box()
    ann.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    ann.mouse.down()
    bob.close()
    expect(ann.locator("#seats li[data-seat='1'] .tag.off")).to_have_text("offline")
    assert button.bounding_box() == before   # the same place: only the redraw came between
    ann.mouse.up()
    expect(ann.locator("#seats li[data-seat='2'] .tag")).to_have_text("bot")
    expect(ann.locator("#start-btn")).to_be_enabled()


def test_a_page_that_gets_no_animation_frames_still_follows_the_table(live_server, new_page):
    """A tab hidden before its next frame, or a browser holding frames back, gets none for a while: the page
    draws anyway, a little later."""
    server = live_server()
    page = new_page()
    page.add_init_script("window.requestAnimationFrame = () => 0;")   # no frame, ever
    create_table(page, server.url, "Ann", players=2)
    page.click('[data-add-bot="1"]')
    expect(page.locator("#seats li[data-seat='1'] .tag")).to_have_text("bot")
    page.click("#start-btn")
    expect(page.locator("#table-root")).to_have_attribute("data-status", "playing")
    expect(page.locator("#seats li.acting")).to_have_count(1)


def test_my_dot_goes_grey_when_my_connection_is_lost(live_server, new_page):
    server = live_server()
    page = new_page()
    solo_table_in_play(page, server.url, "Ann")
    wait_live(page)
    me = page.locator("#seats li[data-seat='0'] .dot")
    expect(me).to_have_class("dot on")
    server.stop()
    page.wait_for_function("() => document.getElementById('table-root').dataset.conn !== 'open'")
    expect(me).to_have_class("dot")
    expect(page.locator("#seats li[data-seat='0'] .tag.off")).to_have_text("offline")
    server.start()
    wait_live(page)
    expect(me).to_have_class("dot on")


def test_sound_switch_is_remembered(live_server, new_page):
    server = live_server()
    page = new_page()
    solo_table_in_play(page, server.url, "Ann")
    btn = page.locator("#sound-btn")
    expect(btn).to_have_text("Sound on")
    btn.click()
    expect(btn).to_have_text("Sound off")
    expect(btn).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(page.locator("#sound-btn")).to_have_text("Sound off")


def test_closed_admin_shows_no_token_box(live_server, new_page):
    server = live_server()   # no ICEHOUSE_ADMIN_TOKEN
    page = new_page()
    page.goto(server.url + "/admin")
    expect(page.locator("#closed-note")).to_be_visible()
    expect(page.locator("#admin-token")).to_have_count(0)


FAKE_AUDIO = """
window.__notes = [];
class FakeAudio {
  constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() { const o = { type: '', frequency: {}, connect: (g) => g, start() {}, stop() {} };
    return new Proxy(o, { set: (t, k, v) => { t[k] = v; return true; } }); }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    connect: (d) => d }; }
}
window.AudioContext = FakeAudio;
const real = FakeAudio.prototype.createOscillator;
FakeAudio.prototype.createOscillator = function () { window.__notes.push(Date.now()); return real.call(this); };
"""


def test_a_play_sounds_and_the_switch_silences_it(live_server, new_page):
    from tests.browser.test_three_high_browser import play_one

    server = live_server()
    page = new_page()
    page.add_init_script(FAKE_AUDIO)
    solo_table_in_play(page, server.url, "Ann")
    wait_live(page)
    page.mouse.click(5, 300)   # a first gesture: browsers allow sound after one
    play_one(page)
    page.wait_for_function("() => window.__notes.length > 0")   # the piece landed with a knock
    page.click("#sound-btn")
    expect(page.locator("#sound-btn")).to_have_text("Sound off")
    heard = page.evaluate("() => window.__notes.length")
    silent = page.evaluate("() => import('/static/js/core/notify.js').then(m => { m.sound('move'); m.sound('tree');"
                           " m.chime(); return window.__notes.length; })")
    assert silent == heard   # switched off: no knock, no tree notes, no chime
