"""3-High's board dominates the page: at 1280x800 and 390x844 a whole stretch of play happens without the
page scrolling (the board, the turn banner and the player's hand stay in the first screen), and on the
wide screen the page has nothing to scroll at all. Screenshots of both go to artifacts/."""
from __future__ import annotations

import pytest

from tests.browser.test_three_high_browser import can_play, play_one, solo_table_in_play, status, wait_live

pytestmark = pytest.mark.browser

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

IN_VIEW = """sel => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; }"""

LAYOUT = """() => [document.documentElement.scrollHeight, innerHeight].concat(
  ['.site-header', '.table-head', '#turn-banner', '.th-status', '.th-boardwrap', '.side', '.table-page']
  .map(s => s + ' ' + Math.round(document.querySelector(s).getBoundingClientRect().height)))"""


# The notice line shows two lines of a long notice at most (a phone) and nothing of a third: the height inside
# a shown notice's border (its text and padding) is at most two of its lines.
NOTICE_LINES = """() => [...document.querySelectorAll('#notices .toast')]
  .filter(t => getComputedStyle(t).display !== 'none')
  .map(t => { const cs = getComputedStyle(t); const inner = t.getBoundingClientRect().height
    - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth);
    const two = 2 * parseFloat(cs.lineHeight);
    return [t.textContent.length, Math.round(inner * 10) / 10, Math.round(two * 10) / 10]; })"""


def assert_fits(page, size: str) -> None:
    assert page.evaluate("() => window.scrollY") == 0, "the page scrolled during play"
    for sel in (".th-board", "#turn-banner", ".hand .cards"):
        assert page.evaluate(IN_VIEW, sel), f"{sel} is not wholly in the first screen at {size}"
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1"), "sideways scroll"
    if size == "desktop":  # nothing below the fold at all
        assert page.evaluate("() => document.documentElement.scrollHeight <= innerHeight + 1"), \
            page.evaluate(LAYOUT)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_play_without_scrolling(live_server, new_page, shot, size):
    server = live_server()
    page = new_page(SIZES[size])
    solo_table_in_play(page, server.url, "Ann")
    wait_live(page)
    board = page.locator(".th-board").bounding_box()
    short = min(SIZES[size]["width"], SIZES[size]["height"])
    assert board["width"] >= 0.7 * short, board   # the board is the largest thing on the page
    print(f"board at {size}: {board['width']:.0f} x {board['height']:.0f} px")
    assert_fits(page, size)
    for n in range(8):
        if status(page) != "playing" or not can_play(page):
            break
        play_one(page, how="drag" if n % 2 else "click")
        assert_fits(page, size)
        if n == 1:
            page.locator('.hit[data-state="movable"]').first.click()   # a pyramid picked: its squares marked
            page.wait_for_selector('.hit[data-state="dest"]')
            assert_fits(page, size)
            shot(page, f"three-high-{size}-picked", full_page=False)
            page.keyboard.press("Escape")
        if n == 3 and can_play(page):   # a hint, with its reason in the banner, still fits
            page.click("#hint-btn")
            page.wait_for_selector('.hit[data-hint="1"]')
            assert_fits(page, size)
            notices = page.evaluate(NOTICE_LINES)
            assert notices and any(chars > 60 for chars, _, _ in notices), notices   # the hint's long sentence
            assert all(inner <= two + 1 for _, inner, two in notices), f"a third line shows: {notices}"
            page.keyboard.press("Escape")
            page.keyboard.press("Escape")
    shot(page, f"three-high-{size}-play", full_page=False)
