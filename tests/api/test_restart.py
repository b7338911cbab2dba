"""A restart loses nothing: tables, seats, tokens, cookies, turn, chat and pending bot turns come back."""
from __future__ import annotations

import httpx

from tests.api.helpers import bearer, full_table, state
from tests.conftest import eventually


async def test_state_read_back_by_a_fresh_server_on_the_same_database(live_server):
    server = live_server(bot_delay_seconds="60")  # bots wait: their turn must survive the restart
    async with httpx.AsyncClient(base_url=server.url, timeout=10) as host, \
            httpx.AsyncClient(base_url=server.url, timeout=10) as guest:
        t = await full_table(host, guest, players=3, bots=1)
        code, tokens = t["code"], t["tokens"]
        assert (await host.post(f"/api/tables/{code}/chat", json={"text": "before"})).status_code == 201
        # play people's moves until a bot is to act (or the game ends)
        for _ in range(30):
            st = await state(host, code, tokens[0])
            if st["status"] != "playing" or st["to_act"] == [2]:
                break
            seat = st["to_act"][0]
            mine = await state(host if seat == 0 else guest, code, tokens[seat])
            r = await (host if seat == 0 else guest).post(
                f"/api/tables/{code}/moves", headers=bearer(tokens[seat]),
                json={"seq": mine["seq"], "move": mine["legal_moves"][0]})
            assert r.status_code == 200, r.text
        before = {seat: await state(host, code, tokens[seat]) for seat in (0, 1)}
        spectator_before = await state(httpx.AsyncClient(base_url=server.url), code)
        cookies = (host.cookies["icehouse_id"], guest.cookies["icehouse_id"])

        server.env["ICEHOUSE_BOT_DELAY_SECONDS"] = "0"
        server.restart()

        for seat in (0, 1):  # tokens still work, and nothing moved while the server was down
            after = await state(host, code, tokens[seat])
            for key in ("seq", "status", "to_act", "view", "legal_moves", "seats", "result", "options"):
                if key == "seats":
                    assert [s["name"] for s in after[key]] == [s["name"] for s in before[seat][key]]
                elif before[seat]["to_act"] != [2] or key not in ("seq", "to_act", "view", "legal_moves"):
                    assert after[key] == before[seat][key], key
        async with httpx.AsyncClient(base_url=server.url, timeout=10,
                                     cookies={"icehouse_id": cookies[1]}) as browser:
            assert (await state(browser, code))["you"] == 1  # the cookie still finds the seat
            me = (await browser.get("/api/me")).json()
            assert [row["code"] for row in me["tables"]] == [code]
        chat = (await host.get(f"/api/tables/{code}/chat")).json()
        assert [m["text"] for m in chat] == ["before"]
        assert spectator_before["you"] is None

        if before[0]["status"] == "playing" and before[0]["to_act"] == [2]:
            # the bot whose turn it was plays after the restart
            async def bot_moved():
                st = await state(host, code, tokens[0])
                return st["seq"] > before[0]["seq"]

            await eventually(bot_moved, timeout=10)
            log = (await host.get(f"/api/tables/{code}/log")).json()
            assert log["steps"][before[0]["seq"]]["seat"] == 2
