"""Sentences the server says to a person, in the reader's language (issue 50): an error naming a player, a
deal's closed results ("why", beside the "why_code" contract) and a notification naming people whose names
look like words, holes or markup ("Al and Bo", "{x}", "<b>"), in English, French and German. The table's own
lines and a forfeit's reason: tests/api/test_says.py."""
from __future__ import annotations

import pytest

from app.tables.notify.channels import Notice, ntfy_publish, push_payload, webhook_body
from tests.api.helpers import bearer

AL, X, B = "Al and Bo", "{x}", "<b>"
LANGS = {"en": "en", "fr": "fr-FR,fr;q=0.9", "de": "de-DE,de;q=0.9"}


@pytest.mark.parametrize("name", [AL, X, B])
async def test_an_error_naming_a_player_says_the_name_as_it_is_in_each_language(new_client, name):
    host = new_client()
    r = await host.post("/api/tables", json={"game": "three-high", "players": 2, "name": "Ann"})
    code, token = r.json()["code"], r.json()["token"]
    assert (await new_client().post(f"/api/tables/{code}/join", json={"name": name})).status_code == 200
    said = {}
    for lang, header in LANGS.items():
        r = await host.post(f"/api/tables/{code}/bots", json={"seat": 1}, headers={**bearer(token),
                                                                                  "Accept-Language": header})
        assert r.status_code == 409 and r.json()["code"] == "seat_taken", r.text
        said[lang] = r.json()["detail"]
    assert said == {"en": f"Seat 1 is already taken by {name}.", "fr": f"La place 1 est déjà prise par {name}.",
                    "de": f"Platz 1 ist schon von {name} besetzt."}


async def test_a_deals_closed_results_say_why_in_the_readers_language(new_client):
    r = await new_client().post("/api/deals/today/tables", json={"players": 1, "name": AL})
    assert r.status_code == 201, r.text
    did = (await new_client().get("/api/deals/today")).json()["deals"][0]["id"]
    why = {}
    for lang, header in LANGS.items():
        body = (await new_client().get(f"/api/deals/{did}", headers={"Accept-Language": header})).json()
        assert body["why_code"] == "unfinished" and not body["revealed"]
        why[lang] = body["why"]
    assert why == {
        "en": "Finish this deal to see how everyone did, or choose to see the results anyway (they give the deal "
              "away).",
        "fr": "Terminez cette donne pour voir les résultats de chacun, ou choisissez de voir les résultats quand "
              "même (ils dévoilent la donne).",
        "de": "Beende diese Partie, um zu sehen, wie alle abgeschnitten haben, oder lass dir die Ergebnisse "
              "trotzdem zeigen (sie verraten die Partie)."}
    client = new_client()
    client.cookies.set("lang", "de")   # the page's choice wins over the browser's
    body = (await client.get(f"/api/deals/{did}", headers={"Accept-Language": LANGS["fr"]})).json()
    assert body["why"] == why["de"]


def notice(kind: str, lang: str, **over) -> Notice:
    base = {"kind": kind, "code": "ABC123", "title": "3-High", "seat": 1, "name": AL, "seq": 4,
            "url": "https://play.example.org/t/ABC123", "by": X, "lang": lang}
    return Notice(**{**base, **over})


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_notification_names_people_as_they_are_in_every_channel(lang):
    url = "https://play.example.org/t/ABC123"
    want = {
        "en": {"turn": f"Al and Bo, it's your turn at 3-High (table ABC123): {url}",
               "nudge": f"{{x}} nudged Al and Bo: it's your turn at 3-High (table ABC123): {url}"},
        "fr": {"turn": f"Al and Bo, c’est votre tour à 3-High (table ABC123) : {url}",
               "nudge": f"{{x}} relance Al and Bo : c’est votre tour à 3-High (table ABC123) : {url}"},
        "de": {"turn": f"Al and Bo, du bist am Zug bei 3-High (Tisch ABC123): {url}",
               "nudge": f"{{x}} hat Al and Bo angestupst: Du bist am Zug bei 3-High (Tisch ABC123): {url}"},
    }[lang]
    for kind, text in want.items():
        n = notice(kind, lang)
        assert n.text == text
        assert webhook_body("slack", n) == {"text": text}
        assert webhook_body("discord", n) == {"content": text}
        assert webhook_body("generic", n)["text"] == text
        assert ntfy_publish("https://ntfy.sh/topic", n)[1]["message"] == text
        assert push_payload(n)["body"] == text
    markup = notice("turn", lang, name=B, title="<b>Game</b>")
    assert B in markup.text and "<b>Game</b>" in markup.text and "<b>Game</b>" in push_payload(markup)["title"]


def test_how_a_delivery_went_is_a_say_in_each_language():
    from app.tables import says
    from app.tables.notify.webhooks import Detail, Refused

    refused = Detail(says.say(says.REFUSED, why=Refused(says.PRIVATE_ADDRESS, host="<b>.example").say))
    assert refused == "refused: <b>.example resolves to a private or local address"   # the English detail
    assert says.words(refused.say, "fr") == "refusé : <b>.example donne une adresse privée ou locale"
    assert says.words(refused.say, "de") == "abgelehnt: <b>.example ergibt eine private oder lokale Adresse"
    assert says.words(Detail(says.say(says.HTTP_STATUS, status=404)).say, "de") == "HTTP-Antwort 404"


async def test_refusals_written_before_any_route_are_said_in_the_readers_language(database_url):
    """A rate limit, a body too large and another site's page are answered by the middlewares, before any
    route runs: in the asker's language all the same (the lang cookie first, then Accept-Language)."""
    import httpx
    from asgi_lifespan import LifespanManager

    from app.config import Settings
    from app.main import create_app

    settings = Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                        rate_limit_create="1/60", max_body_bytes=2000)
    application = create_app(settings)
    game = {"game": "three-high", "players": 1, "name": AL}
    async with LifespanManager(application):
        transport = httpx.ASGITransport(app=application, client=("198.51.100.9", 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
            assert (await c.post("/api/tables", json=game)).status_code == 201
            limited = {}
            for lang, header in LANGS.items():
                r = await c.post("/api/tables", json=game, headers={"Accept-Language": header})
                assert r.status_code == 429 and r.json()["code"] == "rate_limited", r.text
                limited[lang] = r.json()["detail"]
            n = int(r.headers["retry-after"])
            assert limited["en"] == f"Too many tables created from your address: wait {n} s and try again."
            assert limited["fr"].startswith("Trop de tables créées depuis votre adresse")
            assert limited["de"].startswith("Zu viele Tische von deiner Adresse aus erstellt")
            c.cookies.set("lang", "de")  # the page's choice wins over the browser's languages
            r = await c.post("/api/tables/abc/chat", content=b"x" * 5000,
                             headers={"Accept-Language": "fr", "content-type": "application/json"})
            assert r.status_code == 413 and r.json() == {
                "detail": "Der Inhalt der Anfrage ist zu groß (höchstens 2000 Bytes).", "code": "too_large"}
            c.cookies.clear()
            r = await c.post("/api/tables", json=game, headers={"Origin": "https://elsewhere.example",
                                                                "Accept-Language": "fr"})
            assert r.status_code == 403 and r.json()["code"] == "bad_origin"
            assert r.json()["detail"].startswith("Cette requête vient de la page d’un autre site")
