"""The OpenAPI schema tells the truth. Errors are documented as {"detail", "code"}
(no validation array), 401/403/409/413/429 where they can happen, Retry-After on 429; and schemathesis,
run against a real server with a bounded, deterministic number of examples, finds no response the schema
does not describe."""
from __future__ import annotations

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import checks

from tests.api.helpers import full_table

TOKEN = "schema-admin-token"
EXAMPLES = 300  # over all operations; deterministic (derandomize)


@pytest.fixture
def server(live_server):
    return live_server(admin_token=TOKEN)


def test_errors_are_documented_as_they_are_sent(server):
    schema = httpx.get(f"{server.url}/openapi.json").json()
    components = schema["components"]["schemas"]
    assert "HTTPValidationError" not in components and "ValidationError" not in components
    assert components["Error"]["required"] == ["detail", "code"]
    ops = schema["paths"]
    for path, methods in ops.items():
        for method, op in methods.items():
            for status, response in op["responses"].items():
                if status.startswith(("4", "5")):
                    ref = response["content"]["application/json"]["schema"]["$ref"]
                    assert ref == "#/components/schemas/Error", (method, path, status)
    moves = ops["/api/tables/{code}/moves"]["post"]["responses"]
    assert {"401", "403", "404", "409", "413", "422", "429"} <= set(moves)
    assert moves["429"]["headers"]["Retry-After"]["required"] is True
    assert {"401", "403"} <= set(ops["/api/admin/tables"]["get"]["responses"])
    assert {"403", "409"} <= set(ops["/api/tables/{code}/start"]["post"]["responses"])
    assert "429" in ops["/api/tables"]["post"]["responses"]


CHECKS = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
          checks.response_headers_conformance, checks.response_schema_conformance]


def test_schemathesis_finds_every_response_documented(server):
    """Random requests for every operation, half of them aimed at real tables with real tokens (or the
    admin token), so the answers cover 2xx, 401, 403, 404, 409 and 422, not only 404."""
    with httpx.Client(base_url=server.url, timeout=10) as c:
        import asyncio

        async def make() -> list[dict]:
            async with httpx.AsyncClient(base_url=server.url, timeout=10) as ac:
                return [await full_table(ac, players=2, bots=1),
                        await full_table(ac, players=3, start=False)]

        tables = asyncio.run(make())
        assert c.get("/api/games").status_code == 200
    codes = [t["code"] for t in tables]
    tokens = [tok for t in tables for tok in t["tokens"].values()] + [TOKEN]
    schema = schemathesis.openapi.from_url(f"{server.url}/openapi.json")
    strategy = schema.as_strategy()

    @given(case=strategy, data=st.data())
    @settings(max_examples=EXAMPLES, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    def run(case, data) -> None:
        if case.path_parameters and "code" in case.path_parameters and data.draw(st.booleans()):
            case.path_parameters["code"] = data.draw(st.sampled_from(codes))
        if data.draw(st.booleans()):
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data.draw(st.sampled_from(tokens))}"}
        case.call_and_validate(base_url=server.url, checks=CHECKS)

    run()


# -- a body that is not UTF-8 --------------------------------------------------------------------------------
def operations(schema: dict) -> list[tuple[str, str]]:
    return [(path, method) for path, ops in schema["paths"].items() for method in ops]


def concrete(path: str) -> str:
    return path.replace("{code}", "abcdefgh")


def test_a_body_that_is_not_utf8_is_a_documented_422(server):
    """Every operation that takes a body, sent bytes that are not UTF-8 (with and without the admin token):
    a 422 with a sentence, which the schema lists; before, FastAPI's 400, which it did not."""
    schema = httpx.get(f"{server.url}/openapi.json").json()
    with_body = [(p, m) for p, m in operations(schema) if "requestBody" in schema["paths"][p][m]]
    assert len(with_body) >= 10
    with httpx.Client(base_url=server.url, timeout=10) as c:
        for path, method in with_body:
            for headers in ({}, {"Authorization": f"Bearer {TOKEN}"}):
                r = c.request(method.upper(), concrete(path), content=b'{"name": "\xff\xfe\x80"}',
                              headers={"content-type": "application/json", "origin": server.url, **headers})
                assert str(r.status_code) in schema["paths"][path][method]["responses"], (method, path, r.status_code)
                assert r.status_code != 400 and r.status_code < 500, (method, path, r.status_code, r.text)
                assert set(r.json()) >= {"detail", "code"}, r.text
        r = c.post("/api/tables", content=b'{"game": "\xff"}', headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json() == {"detail": "The request body is not valid JSON: it must be UTF-8 "
                                                     "text.", "code": "invalid"}


def test_a_405_names_every_method_of_the_path_in_allow(server):
    """OPTIONS (and any method a path does not take) is a 405 whose Allow lists every method the schema
    documents for that path; before, only the methods of the first route that matched (GET of GET+PUT)."""
    schema = httpx.get(f"{server.url}/openapi.json").json()
    with httpx.Client(base_url=server.url, timeout=10) as c:
        for path, ops in schema["paths"].items():
            documented = {m.upper() for m in ops}
            want = documented | ({"HEAD"} if "GET" in documented else set())
            for method in ("OPTIONS", "PATCH", "PUT", "DELETE"):
                if method in documented:
                    continue
                r = c.request(method, concrete(path), headers={"origin": server.url})
                assert r.status_code == 405, (method, path, r.status_code)
                assert {m.strip() for m in r.headers["allow"].split(",")} == want, (method, path, r.headers["allow"])
                assert r.json()["code"] == "method_not_allowed" and method in r.json()["detail"]


def test_schemathesis_run_with_every_check_finds_nothing(server, tmp_path):
    """The schemathesis command line, every check it has but positive_data_acceptance (a game's rules, such
    as how many may play it or a name that shows, are not JSON Schema; breaking them is a documented 422 with
    a sentence), over the examples and coverage phases (undocumented methods, bodies that are not UTF-8,
    every boundary of every parameter), with the admin token: it finds nothing."""
    import subprocess
    import sys
    from pathlib import Path

    cli = Path(sys.executable).with_name("schemathesis")
    run = subprocess.run(
        [str(cli), "run", f"{server.url}/openapi.json", "--checks", "all", "--exclude-checks",
         "positive_data_acceptance", "--phases", "examples,coverage", "--seed", "3", "--header",
         f"Authorization: Bearer {TOKEN}", "--no-color"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout and " failed" not in run.stdout
