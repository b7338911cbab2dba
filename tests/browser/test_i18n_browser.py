"""French and German in the browser: the header's selector changes the language of the page
and of its scripts (static/i18n/<lang>.json), and the choice is remembered on every page."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = pytest.mark.browser


def test_the_selector_turns_every_page_and_its_scripts_french_then_german(live_server, new_page, shot):
    server = live_server()
    page = new_page()
    page.goto(f"{server.url}/", wait_until="domcontentloaded")
    expect(page.locator("#create-btn")).to_have_text("Create the table")
    expect(page.locator("#lang-go")).to_be_hidden()  # with script, choosing is enough
    page.select_option("#lang-select", "fr")
    page.wait_for_url(f"{server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#create-btn")).to_have_text("Créer la table")
    # written by home.js from the JSON catalog
    expect(page.locator("#daily-pick option").first).to_have_text("3-High en solo")
    expect(page.locator("#options")).to_contain_text("Chaque joueur ne voit que sa propre main")
    page.goto(f"{server.url}/me", wait_until="domcontentloaded")
    expect(page.locator("h1")).to_have_text("Mes tables")
    expect(page.locator("#me-list")).to_contain_text("Vous n’êtes encore à aucune table.")
    assert page.title() == "Mes tables · Icehouse Table"
    page.select_option("#lang-select", "de")
    page.wait_for_url(f"{server.url}/me")
    expect(page.locator("h1")).to_have_text("Meine Tische")
    expect(page.locator("#me-list")).to_contain_text("Du sitzt noch an keinem Tisch.")


def test_a_german_browser_gets_german_and_the_phone_layout_holds(live_server, browser, shot):
    server = live_server()
    ctx = browser.new_context(viewport=PHONE, locale="de-DE", extra_http_headers={"Accept-Language": "de-DE,de;q=0.9"})
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/", wait_until="domcontentloaded")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        expect(page.locator(".hero h1")).to_have_text("Spiele Looney-Pyramid-Spiele mit Freunden")
        expect(page.locator("#daily-btn")).to_have_text("Die 3-High-Partie des Tages")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page scrolls sideways"
        header = page.locator(".site-header").bounding_box()
        assert header and header["height"] < 90, header
        shot(page, "i18n-home-de-phone", full_page=False)
    finally:
        ctx.close()
