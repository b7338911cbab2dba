"""The bot's words in the reader's language (issue 37): a 3-High hint's reason, said from its message id and
params (app/bots/three_high/explain.py) by the hint's request language."""
from __future__ import annotations

from babel.messages.pofile import read_po

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
    assert error_body(error, Conn("de"))["detail"] == ("Eine Mutprobe darf keinen Tabulator enthalten (U+0009, Zeichen 2); "
                                                      "schreib sie in eine Zeile einfachen Text.")
    assert error_body(error, Conn("fr"))["detail"].startswith("Un gage ne peut pas contenir de tabulation")
    assert error_body(error, None)["detail"].startswith("A dare cannot contain a tab (U+0009, character 2)")
