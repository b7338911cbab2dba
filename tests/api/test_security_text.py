"""One text policy for all user text. Lone surrogates, NUL, control and bidi-override
characters in chat, names, webhook URLs and the admin player filter are 422 {"code": "bad_text"}, never a
500 or a reset connection, on SQLite and on PostgreSQL; over REST and over the WebSocket."""
from __future__ import annotations

import json

import httpx
import pytest

from app.config import Settings
from app.tables.text import BadText, clean
from tests.api.helpers import bearer, create, full_table

BAD = {
    "lone surrogate": "\\ud800",
    "NUL": "\\u0000",
    "escape": "\\u001b[31m",
    "bidi override": "\\u202e",
    "bidi isolate": "\\u2066",
    "zero-width space": "\\u200b",
}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request) -> str:
    return request.getfixturevalue(f"{request.param}_url")


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, bot_delay_seconds=0, log_level="WARNING", redis_url=None,
                    admin_token="admin-secret-for-tests",
                    # every path below is sent each refused name in turn: no limit may answer for the policy
                    rate_limit_create="0", rate_limit_join="0", rate_limit_chat="0", rate_limit_chat_address="0",
                    rate_limit_review="0", rate_limit_takeback="0", rate_limit_takeback_address="0")


def raw_json(template: str, bad: str, headers: dict | None = None) -> dict:
    """A request body with `bad` written as a JSON escape (httpx cannot encode a lone surrogate itself)."""
    return {"content": template.replace("BAD", bad).encode(),
            "headers": {"content-type": "application/json", **(headers or {})}}


def assert_bad_text(r: httpx.Response) -> None:
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "bad_text", r.text
    r.json()["detail"].encode("utf-8")  # a sentence that can be sent


@pytest.mark.parametrize("kind", BAD)
async def test_chat_refuses_bad_text(client, kind):
    t = await full_table(client, players=2, bots=1)
    r = await client.post(f"/api/tables/{t['code']}/chat",
                          **raw_json('{"text": "hello BAD there"}', BAD[kind], bearer(t["tokens"][0])))
    assert_bad_text(r)
    assert (await client.get(f"/api/tables/{t['code']}/chat")).json() == []


@pytest.mark.parametrize("kind", BAD)
async def test_webhook_urls_refuse_bad_text(client, kind):
    t = await full_table(client, players=2, bots=1)
    r = await client.put(f"/api/tables/{t['code']}/webhook",
                         **raw_json('{"url": "https://chat.example.org/hooks/BAD"}', BAD[kind], bearer(t["tokens"][0])))
    assert_bad_text(r)
    assert (await client.get(f"/api/tables/{t['code']}/webhook")).json()["url"] is None


@pytest.mark.parametrize("kind", BAD)
async def test_names_refuse_bad_text(client, new_client, kind):
    r = await client.post("/api/tables", **raw_json('{"game": "three-high", "players": 2, "name": "AnnBAD"}',
                                                     BAD[kind]))
    assert_bad_text(r)
    made = await create(client, 2)
    r = await new_client().post(f"/api/tables/{made['code']}/join", **raw_json('{"name": "BeaBAD"}', BAD[kind]))
    assert_bad_text(r)


@pytest.mark.parametrize("kind", ["lone surrogate", "NUL", "bidi override"])
async def test_the_admin_player_filter_refuses_bad_text(client, kind):
    await create(client, 1)
    escaped = {"lone surrogate": "%ED%A0%80", "NUL": "%00", "bidi override": "%E2%80%AE"}[kind]
    r = await client.get(f"/api/admin/tables?player=x{escaped}", headers=bearer("admin-secret-for-tests"))
    if kind == "lone surrogate":  # undecodable bytes arrive as U+FFFD, which is fine to look for
        assert r.status_code == 200, r.text
    else:
        assert_bad_text(r)


async def test_socket_chat_with_bad_text_gets_an_error_and_the_socket_stays_open(live_server, database_url):
    from tests.api.wsclient import WS

    server = live_server(database_url)
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=2, bots=1)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}")
        state = await ws.until("state")
        await ws.until("chat_history")
        for kind in ("lone surrogate", "NUL", "bidi override", "escape"):
            await ws.send('{"type": "chat", "text": "hi BAD"}'.replace("BAD", BAD[kind]))
            error = await ws.until("error")
            assert error["code"] == "bad_text" and error["status"] == 422, (kind, error)
        await ws.send('{"type": "move", "seq": %d, "move": {"card": "\\ud800", "x": "\\u0000"}}' % state["seq"])
        error = await ws.until("error")
        assert 400 <= error.get("status", 422) < 500, error
        await ws.send({"type": "chat", "text": "plain hello"})
        said = await ws.until("chat")
        assert (said.get("message") or said)["text"] == "plain hello"
        await ws.close()
        assert (await host.get("/api/games")).status_code == 200


# -- the policy itself ------------------------------------------------------------------------------------
@pytest.mark.parametrize("raw,stored", [
    ("  Ann   Lee ", "Ann Lee"),
    ("Zoë", "Zoë"),
    ("Zoe\u0308", "Zoë"),  # NFC
    ("👩\u200d👩\u200d👧 family", "👩\u200d👩\u200d👧 family"),  # ZWJ emoji sequences stay
    ("مرحبا", "مرحبا"),  # right-to-left script, no control characters: fine
    ("line one\nline two", "line one line two"),
])
def test_the_policy_keeps_ordinary_text(raw, stored):
    assert clean(raw, what="A chat message", max_len=500) == stored


@pytest.mark.parametrize("raw,words", [
    ("a\ud800b", "lone surrogate (U+D800 at position 2)"),
    ("a\x00b", "control characters (U+0000 at position 2)"),
    ("a\u202eb", "reorder text (U+202E"),
    ("a\u2067b", "reorder text (U+2067"),
    ("a\u200bb", "invisible formatting characters (U+200B"),
    ("a\ufeffb", "invisible formatting characters (U+FEFF"),
    ("a\uffffb", "noncharacters"),
    (5, "must be text"),
    ("   ", "must not be empty"),
    ("x" * 501, "at most 500"),
])
def test_the_policy_refuses_with_a_sentence(raw, words):
    with pytest.raises(BadText) as caught:
        clean(raw, what="A chat message", max_len=500)
    assert words in caught.value.detail and caught.value.detail.startswith("A chat message")
    json.dumps(caught.value.detail).encode()


# -- input echoed in error sentences: never a 500 ---------------------------------------------------------
@pytest.mark.parametrize("body", [
    '{"game": "three-high", "players": 2, "name": "A", "options": {"hidden_hands": "\\ud800"}}',
    '{"game": "three-high", "players": 2, "name": "A", "options": {"\\ud800": 1}}',
    '{"game": "\\ud800\\u0000", "players": 2, "name": "A"}',
])
async def test_bad_text_in_options_or_game_names_is_a_422(client, body):
    r = await client.post("/api/tables", content=body.encode(), headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    r.json()


def test_every_string_inside_a_move_follows_the_policy():
    from app.tables.text import check_strings

    check_strings({"action": "set_dare", "text": "Sing 🎵 a song", "n": [1, "a"]}, "A move")
    for bad in ({"text": "a\u202eb"}, {"x\u0000": 1}, {"list": ["ok", "\ud800"]}):
        with pytest.raises(BadText):
            check_strings(bad, "A move")


async def _my_turn_solo(client) -> tuple[str, str, dict]:
    for _ in range(5):
        t = await full_table(client, players=1)
        code, token = t["code"], t["tokens"][0]
        st = (await client.get(f"/api/tables/{code}", headers=bearer(token))).json()
        if st["status"] == "playing":
            return code, token, st
    pytest.skip("every solo deal ended at once")


@pytest.mark.parametrize("move", ['{"card": "\\ud800", "side": "N", "piece": "red1"}', '{"\\ud800": "\\u0000"}',
                                  '{"card": "8D\\u0000", "side": "N", "piece": "red1"}',
                                  '{"action": "set_dare", "text": "\\u202eevil"}'])
async def test_bad_text_inside_a_move_is_refused_not_a_500(client, move):
    code, token, st = await _my_turn_solo(client)
    r = await client.post(f"/api/tables/{code}/moves", content=f'{{"seq": {st["seq"]}, "move": {move}}}'.encode(),
                          headers={"content-type": "application/json", **bearer(token)})
    assert_bad_text(r)
    r = await client.post(f"/api/tables/{code}/bots", content=b'{"bot": "\\ud800"}',
                          headers={"content-type": "application/json", **bearer(token)})
    assert 400 <= r.status_code < 500, r.text


async def _play_dash_until_a_dare(new_client) -> tuple | None:
    """A two-player Dash game played by the default bot until a seat may set a dare: (the host's client,
    the code, that seat's token, its state), or None if the game ended without one (about 1 game in 25)."""
    from app.bots import DEFAULT_BOT, get_bot

    host, guest = new_client(), new_client()
    made = (await host.post("/api/tables", json={"game": "dash", "players": 2, "name": "Ann"})).json()
    code, tokens = made["code"], {0: made["token"]}
    tokens[1] = (await guest.post(f"/api/tables/{code}/join", json={"name": "Bea"})).json()["token"]
    assert (await host.post(f"/api/tables/{code}/start", headers=bearer(tokens[0]))).status_code == 200
    for _ in range(400):
        st = (await host.get(f"/api/tables/{code}")).json()
        if st["status"] != "playing":
            return None
        seat = st["to_act"][0]
        mine = (await host.get(f"/api/tables/{code}", headers=bearer(tokens[seat]))).json()
        if any(m.get("action") == "set_dare" for m in mine["legal_moves"]):
            return host, code, tokens[seat], mine
        move = get_bot(DEFAULT_BOT).choose(mine["view"], seat, mine["legal_moves"])
        r = await host.post(f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                            json={"seq": mine["seq"], "move": move})
        assert r.status_code == 200, r.text
    return None


async def test_a_dare_follows_the_text_policy(new_client):
    """Dash: the dare a player writes is user text: a bidi override is refused, plain text is played."""
    for _ in range(10):  # a game without a dare is played again: ten in a row is about 1 in 10**14
        found = await _play_dash_until_a_dare(new_client)
        if found:
            break
    assert found, "ten Dash games in a row ended without a dare"
    host, code, token, mine = found
    body = '{"seq": %d, "move": {"action": "set_dare", "text": "Sing \\u202eloudly"}}' % mine["seq"]
    r = await host.post(f"/api/tables/{code}/moves", content=body.encode(),
                        headers={"content-type": "application/json", **bearer(token)})
    assert_bad_text(r)
    r = await host.post(f"/api/tables/{code}/moves", headers=bearer(token),
                        json={"seq": mine["seq"], "move": {"action": "set_dare", "text": "Sing loudly"}})
    assert r.status_code == 200, r.text
    assert [e["dare"] for e in r.json()["last"]["events"] if e["type"] == "dare_set"] == ["Sing loudly"], r.text


# -- a name (or a chat line) that would look blank -----------------------------------------
BLANK = {
    "Hangul filler": "\u3164",
    "Hangul choseong filler": "\u115f\u1160",
    "halfwidth Hangul filler": "\uffa0",
    "braille blank": "\u2800",
    "no-break and ideographic spaces": "\u00a0\u3000",
    "combining marks only": "\u0301\u0308",
    "zero-width joiner": "\u200d",
    "fillers and spaces": "\u3164 \u3164 \u2800",
}


@pytest.mark.parametrize("kind", BLANK)
async def test_a_name_or_chat_line_with_nothing_visible_is_refused_with_a_sentence(client, new_client, kind):
    r = await client.post("/api/tables", json={"game": "three-high", "players": 2, "name": BLANK[kind]})
    assert_bad_text(r)
    assert "visible" in r.json()["detail"] or "empty" in r.json()["detail"], r.text
    t = await full_table(client, players=2, bots=1)
    r = await new_client().post(f"/api/tables/{(await create(client, 2))['code']}/join",
                                json={"name": BLANK[kind]})
    assert_bad_text(r)
    r = await client.post(f"/api/tables/{t['code']}/chat", json={"text": BLANK[kind]})
    assert_bad_text(r)


@pytest.mark.parametrize("name", ["\u3164Ann", "Bea\u2800", "\u00e9", "e\u0301", "\U0001f44d", "\u314e\u314f",
                                  "\U0001f469\u200d\U0001f4bb", "\u0905\u0902"])
async def test_names_with_something_visible_are_kept(client, name):
    r = await client.post("/api/tables", json={"game": "three-high", "players": 2, "name": name})
    assert r.status_code == 201, r.text


# -- one function for names and one for chat lines, on every path ------------------------
# Written as JSON escapes (a lone surrogate can only be sent that way); "@" stands for the text sent.
REFUSED = {
    "NUL": "A\\u0000nn",
    "bell": "A\\u0007nn",
    "delete": "Ann\\u007f",
    "C1 control (CSI)": "A\\u009bnn",
    "escape sequence": "\\u001b[31mAnn",
    "right-to-left override": "Ann\\u202e",
    "left-to-right override": "\\u202dAnn",
    "right-to-left embedding": "A\\u202bnn",
    "pop directional formatting": "Ann\\u202c",
    "left-to-right isolate": "\\u2066Ann",
    "right-to-left isolate": "Ann\\u2067",
    "first strong isolate": "A\\u2068nn",
    "pop directional isolate": "Ann\\u2069",
    "Arabic letter mark": "A\\u061cnn",
    "right-to-left mark": "Ann\\u200f",
    "Hangul filler": "\\u3164",
    "Hangul choseong filler": "\\u115f",
    "Hangul jungseong filler": "\\u1160",
    "halfwidth Hangul filler": "\\uffa0",
    "braille blank": "\\u2800",
    "fillers and spaces": "\\u3164 \\u115f\\u1160 \\uffa0\\u2800",
    "zero-width space inside": "A\\u200bnn",
    "zero-width space alone": "\\u200b",
    "word joiner": "A\\u2060nn",
    "byte order mark": "\\ufeffAnn",
    "soft hyphen": "An\\u00adn",
    "Mongolian vowel separator": "A\\u180enn",
    "zero-width joiner alone": "\\u200d",
    "zero-width non-joiner alone": "\\u200c",
    "combining marks only": "\\u0301\\u0308",
    "lone high surrogate": "A\\ud800nn",
    "lone low surrogate": "Ann\\udfff",
    "empty": "",
    "spaces": "   ",
    "no-break and ideographic spaces": "\\u00a0\\u3000",
    "newlines and tabs": "\\n\\t\\r",
}
EMPTY = {"empty", "spaces", "no-break and ideographic spaces", "newlines and tabs"}
KEPT = "Zo\\u00eb \\ud83d\\udc69\\u200d\\ud83d\\udc67"  # an accent and a ZWJ emoji sequence: a name like any other
ADMIN = bearer("admin-secret-for-tests")


def _send(client: httpx.AsyncClient, path: str, template: str, text: str, headers: dict | None = None):
    """POST `template` (JSON text) with "@" replaced by `text`, itself JSON-escaped text."""
    return client.post(path, content=template.replace("@", text).encode(),
                       headers={"content-type": "application/json", **(headers or {})})


def _import_template(**change) -> str:
    """The recorded game of tests/api/review_deal.py as an export file, `change`d; "@" is left in it."""
    from tests.api.review_deal import import_body

    body = import_body()
    for key, value in change.items():
        if key == "stand_in":
            body["moves"][0]["stand_in"] = value
        else:
            body[key] = value
    return json.dumps(body)


class Paths:
    """Every path a name or a chat line comes in by, each sending one text; `made` holds what they need."""

    def __init__(self, new_client):
        self.new_client, self.made = new_client, {}

    async def _once(self, key, make):
        if key not in self.made:
            self.made[key] = await make()
        return self.made[key]

    async def create(self, t):
        return await _send(self.new_client(), "/api/tables", '{"game": "three-high", "players": 2, "name": "@"}', t)

    async def join(self, t):
        lobby = await self._once("lobby", lambda: create(self.new_client(), 2))
        return await _send(self.new_client(), f"/api/tables/{lobby['code']}/join", '{"name": "@"}', t)

    async def deal_of_the_day(self, t):
        return await _send(self.new_client(), "/api/deals/today/tables", '{"players": 1, "name": "@"}', t)

    async def import_seat(self, t):
        return await _send(self.new_client(), "/api/admin/import", _import_template(seats=["@"]), t, ADMIN)

    async def import_bot(self, t):
        return await _send(self.new_client(), "/api/admin/import", _import_template(bots=["@"]), t, ADMIN)

    async def import_stand_in(self, t):
        return await _send(self.new_client(), "/api/admin/import",
                           _import_template(stand_in={"for": "@", "why": "timeout"}), t, ADMIN)

    async def import_chat_name(self, t):
        return await _send(self.new_client(), "/api/admin/import",
                           _import_template(chat=[{"seat": 0, "name": "@", "text": "hi", "at": None}]), t, ADMIN)

    async def what_if_name(self, t):
        async def finished():  # the table's own player keeps over REST (the room's socket: test_review_room_rules)
            from tests.api.test_review import finished_own

            player = self.new_client()
            code, _, move = await finished_own(player)
            return player, code, move

        player, code, move = await self._once("finished", finished)
        body = json.dumps({"name": "@", "ply": 0, "moves": [move]})
        return await _send(player, f"/api/tables/{code}/review/branches", body, t)

    async def chat(self, t):
        async def host_client():
            return self.new_client()

        host = await self._once("host", host_client)
        table = await self._once("table", lambda: full_table(host, players=2, bots=1))
        return await _send(host, f"/api/tables/{table['code']}/chat", '{"text": "@"}', t, bearer(table["tokens"][0]))

    async def import_chat_text(self, t):
        return await _send(self.new_client(), "/api/admin/import",
                           _import_template(chat=[{"seat": 0, "name": "Ann", "text": "@", "at": None}]), t, ADMIN)


NAME_PATHS = ["create", "join", "deal_of_the_day", "import_seat", "import_bot", "import_stand_in", "import_chat_name",
              "what_if_name"]
LINE_PATHS = ["chat", "import_chat_text"]


@pytest.mark.parametrize("path", NAME_PATHS + LINE_PATHS)
async def test_every_path_of_a_name_or_a_chat_line_refuses_what_the_policy_refuses(new_client, path):
    """The admin's import once took a seat named U+3164 (a Hangul filler) that a join refuses.
    Each path, sent each kind of text the policy refuses: 422 bad_text with a sentence, nothing stored."""
    send = getattr(Paths(new_client), path)
    wrong = []
    for kind, bad in REFUSED.items():
        if path == "import_bot" and kind in EMPTY:
            continue  # an export's empty bot is a seat without one
        r = await send(bad)
        if r.status_code != 422 or r.json().get("code") != "bad_text" or not r.json()["detail"].endswith("."):
            wrong.append(f"{kind}: {r.status_code} {r.text[:160]}")
    assert not wrong, f"{path} let through or answered otherwise:\n" + "\n".join(wrong)
    r = await send(KEPT)
    assert r.status_code in (200, 201), r.text


async def test_an_export_with_an_empty_bot_names_no_bot(client):
    for empty in ("", "   "):
        r = await _send(client, "/api/admin/import", _import_template(bots=["@"]), empty, ADMIN)
        assert r.status_code == 201, r.text
        detail = (await client.get(f"/api/admin/tables/{r.json()['code']}", headers=ADMIN)).json()
        assert [(s["bot"], s["bot_name"]) for s in detail["seats"]] == [(False, None)], detail


async def test_socket_chat_refuses_what_the_policy_refuses(live_server, database_url):
    from tests.api.wsclient import WS

    server = live_server(database_url, rate_limit_chat="0", rate_limit_chat_address="0")
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host:
        t = await full_table(host, players=2, bots=1)
        ws = await WS.open(f"{server.ws_url}/ws/tables/{t['code']}?token={t['tokens'][0]}")
        await ws.until("chat_history")
        wrong = []
        for kind, bad in REFUSED.items():
            await ws.send('{"type": "chat", "text": "@"}'.replace("@", bad))
            error = await ws.until("error")
            if error.get("code") != "bad_text" or error.get("status") != 422:
                wrong.append(f"{kind}: {error}")
        assert not wrong, "\n".join(wrong)
        await ws.send({"type": "chat", "text": "plain hello"})
        said = await ws.until("chat")
        assert (said.get("message") or said)["text"] == "plain hello"
        await ws.close()
        assert (await host.get(f"/api/tables/{t['code']}/chat")).json()[-1]["text"] == "plain hello"


def test_one_function_for_names_and_one_for_chat_lines():
    """Every path calls text.name or text.chat_line (the old names stay: identity.clean_name, chat.clean_text)."""
    from app.tables import identity, text
    from app.tables.live import chat

    assert text.name("  Ann  ") == identity.clean_name("  Ann  ") == "Ann"
    assert text.chat_line(" hi  there ") == chat.clean_text(" hi  there ") == "hi there"
    assert identity.NAME_MAX == text.NAME_MAX and chat.CHAT_MAX == text.CHAT_MAX
    for bad in ("\u3164", "\u115f", "\u1160", "\uffa0", "\u2800", "\u200b", "A\u202eB", "A\u2066B", "A\x00B",
                "A\ud800B", "", " \n "):
        for clean_it in (text.name, text.chat_line):
            with pytest.raises(BadText):
                clean_it(bad)
    with pytest.raises(BadText):
        text.name("x" * (text.NAME_MAX + 1))
    assert text.name("", required=False) is None
