"""The bot's words in the reader's language: a 3-High hint's reason, said from its message id and
params (app/bots/three_high/explain.py) by the hint's request language; a move score's texts (the move made,
the bot's choice) in every game."""
from __future__ import annotations

import re

import httpx
import pytest
from asgi_lifespan import LifespanManager
from babel.messages.pofile import read_po

from app.main import create_app

from app.tables.language import LOCALE_DIR
from tests.api.helpers import bearer, full_table, state


def reasons(lang: str) -> list[str]:
    """The reasons' translations in `lang`, each as a prefix before its first hole."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return [m.string.split("{")[0] for m in read_po(f) if m.id and any(
            "app/bots/three_high/explain.py" in path for path, _ in m.locations) and "{" not in m.id[:1]]


async def test_a_hint_says_why_in_the_readers_language(new_client):
    host, guest = new_client(), new_client()
    t = await full_table(host, guest)
    code = t["code"]
    seat = (await state(host, code, t["tokens"][0]))["to_act"][0]
    said = {}
    for lang in ("en", "de", "fr"):
        r = await host.post(f"/api/tables/{code}/hint", headers={**bearer(t["tokens"][seat]), "Accept-Language": lang})
        assert r.status_code == 200, r.text
        said[lang] = r.json()["reason"]
        assert "reason_say" not in r.json()
    assert len(set(said.values())) == 3, said   # three languages, three sentences
    for lang in ("de", "fr"):
        assert any(said[lang].startswith(prefix) for prefix in reasons(lang) if prefix), (lang, said[lang])


async def test_an_engines_refusal_comes_in_the_readers_language(new_client):
    """A Dash dare the engine refuses (one blank): its sentence in German and in French."""
    from app.games.dash.dares import check_dare_text   # the engine's own check, as the table's move runs it
    from app.games.base import IllegalMove
    from app.tables.errors import IllegalMoveError
    from app.tables.live.moves import DETAIL_MAX  # noqa: F401 - the conversion below is the table's
    from app.web.errors import error_body

    class Conn:
        def __init__(self, lang: str):
            self.cookies, self.headers, self.state = {"lang": lang}, {}, type("S", (), {})()

    try:
        check_dare_text("a\tb")
    except IllegalMove as exc:
        error = IllegalMoveError(exc.message, **exc.params)
    assert error_body(error, Conn("de"))["detail"] == (
        "Eine Mutprobe darf keinen Tabulator enthalten (U+0009, Zeichen 2); schreib sie in eine Zeile einfachen Text.")
    assert error_body(error, Conn("fr"))["detail"].startswith("Un gage ne peut pas contenir de tabulation")
    assert error_body(error, None)["detail"].startswith("A dare cannot contain a tab (U+0009, character 2)")


# -- a move score's texts (the play made, the bot's choice) in the reader's language ---------------------
ENGLISH = re.compile(r"\b(the|like|capturing|pointing|north|east|south|west|off|board|draw|card|dare|done|refused|"
                     r"arranges|coins|moves|took|back|pawn|rook|knight|bishop|queen|king|pyramid|small|medium|"
                     r"large|red|yellow|green|blue|ace|sun|moon|crown)\b")
QUOTED = re.compile(r"«[^»]*»|„[^“]*“|“[^”]*”")   # a dare's own text, as its player wrote it


@pytest.mark.parametrize("game,players", [("three-high", 1), ("turning-points", 2), ("martian-treasure-hunt", 2),
                                          ("dash", 2)])
async def test_a_move_scores_texts_come_in_the_readers_language(sqlite_url, game, players):
    """Each scored move's text and the bot's choice (best_text): English words in English, none of the game's
    English words in French or German (a dare's own text aside); the same moves in each language."""
    from tests.api.test_scores import play_out, scored, settings_for

    app = create_app(settings_for(sqlite_url))
    async with LifespanManager(app):
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver") as c:
            table = await play_out(c, game, players)
            english = (await scored(c, table["code"]))["moves"]
            assert english and all(m["text"] for m in english)
            texts = [m[k] for m in english for k in ("text", "best_text") if m.get(k)]
            assert any(ENGLISH.search(QUOTED.sub("", t)) for t in texts), texts
            for lang in ("fr", "de"):
                r = await c.get(f"/api/tables/{table['code']}/scores", headers={"Accept-Language": lang})
                said = r.json()["moves"]
                assert [m["seq"] for m in said] == [m["seq"] for m in english]
                assert all("text_say" not in m and "best_say" not in m and "say" not in m for m in said)
                for m, en in zip(said, english):
                    assert (m["best_text"] is None) == (en["best_text"] is None)
                    for t in (m["text"], m["best_text"] or ""):
                        assert not ENGLISH.search(QUOTED.sub("", t)), (lang, t)
                assert [m["text"] for m in said] != [m["text"] for m in english]
