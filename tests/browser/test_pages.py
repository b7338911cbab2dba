"""The HTML pages and static files, over HTTP (no browser needed): they exist, say the right things, and
send the right status codes. The browser tests beside this file drive the same pages in Chromium."""
from __future__ import annotations

import re

import pytest

# a fetch of another origin: src=/href= attributes, ES imports, CSS url(); namespace URIs do not count
REMOTE = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|\bfrom\s+["'](?:https?:)?//"""
                    r"""|import\(\s*["'](?:https?:)?//|url\(\s*["']?(?:https?:)?//""")


async def test_home_lists_three_high_with_pitch_players_and_house_rules(client):
    r = await client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    html = r.text
    assert "3-High" in html and "1–4 players" in html
    assert "trees" in html.lower()  # the one-line pitch
    assert "allow_zero_moves" in html and "hidden_hands" in html  # option specs for the form
    assert 'src="/static/js/home.js"' in html and "<noscript>" in html


async def test_table_page_for_a_real_table_loads_the_client(client):
    made = (await client.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})).json()
    r = await client.get(f"/t/{made['code']}")
    assert r.status_code == 200
    assert f'data-code="{made["code"]}"' in r.text and "/static/js/table.js" in r.text


async def test_table_page_for_an_unknown_code_is_a_404_page(client):
    r = await client.get("/t/nosuchtb")
    assert r.status_code == 404
    assert "no table" in r.text.lower() and 'href="/"' in r.text


async def test_rules_page_says_how_we_read_every_gap(client):
    r = await client.get("/rules/three-high")
    assert r.status_code == 200
    text = re.sub(r"<[^>]+>", " ", r.text)
    text = re.sub(r"\s+", " ", text).lower()
    for words in ("how we read the rules", "zero squares", "diamonds", "not locked", "do not draw",
                  "pile is empty", "no legal play", "no cards left", "right after setup",
                  "each player sees only their own hand", "chosen at random", "refused"):
        assert words in text, words


async def test_unknown_rules_page_is_a_404(client):
    r = await client.get("/rules/chess")
    assert r.status_code == 404


@pytest.mark.parametrize("path", ["/me", "/rules"])
async def test_other_pages_render(client, path):
    r = await client.get(path)
    assert r.status_code == 200 and "Icehouse Table" in r.text


@pytest.mark.parametrize("path", ["/static/css/site.css", "/static/js/table.js", "/static/js/home.js",
                                  "/static/js/me.js", "/static/js/core/connection.js",
                                  "/static/js/core/store.js", "/static/js/core/api.js",
                                  "/static/js/core/notify.js", "/static/js/games/three_high/index.js",
                                  "/static/js/games/three_high/parts.js",
                                  "/static/js/games/three_high/three_high.css",
                                  "/static/img/favicon.svg"])
async def test_static_files_are_served_locally(client, path):
    r = await client.get(path)
    assert r.status_code == 200, path
    assert not REMOTE.search(r.text), f"{path} loads something from another site: nothing from a CDN"


async def test_pages_load_nothing_from_another_site(client):
    for path in ("/", "/me", "/rules/three-high", "/t/nosuchtb"):
        assert not REMOTE.search((await client.get(path)).text), path


@pytest.mark.parametrize("path", ["/nothing/here", "/t/", "/rules/three-high/extra"])
async def test_unknown_page_is_the_404_page_for_browsers(client, path):
    r = await client.get(path, headers={"Accept": "text/html,application/xhtml+xml"})
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]
    assert "Nothing here" in r.text and 'href="/"' in r.text


async def test_unknown_api_path_stays_json(client):
    r = await client.get("/api/nothing", headers={"Accept": "text/html"})
    assert r.status_code == 404 and r.json() == {"detail": "Not Found", "code": "not_found"}
