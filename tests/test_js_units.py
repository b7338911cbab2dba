"""The browser client's JavaScript unit tests (tests/js/, `node --test`), run by `make test` and CI.

They test static/js as the browser gets it (no build step) on event shapes, results and views that the
real engines wrote (tests/js/fixtures/, by tests/js/fixtures/generate.py). Node is needed: without it the
test is skipped locally with the reason, and fails in CI (CI=true), like the other services in conftest.
"""
from __future__ import annotations

import importlib.util
import shutil
import subprocess

import pytest

from app.games import GAMES
from tests.conftest import ROOT, require_service

JS_TESTS = ROOT / "tests" / "js"
GENERATOR = JS_TESTS / "fixtures" / "generate.py"


def _generator():
    spec = importlib.util.spec_from_file_location("js_fixtures_generate", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_javascript_unit_tests_pass() -> None:
    """Every tests/js/**/*.test.mjs passes; a failure shows node's report."""
    require_service("node")
    files = sorted(str(path.relative_to(ROOT)) for path in JS_TESTS.rglob("*.test.mjs"))
    assert files, "no JavaScript tests found under tests/js/"
    # The files are named one by one: Node 20 also takes the folder, newer versions want files or globs.
    proc = subprocess.run([shutil.which("node"), "--test", *files], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        failing = "\n".join(line for line in proc.stdout.splitlines() if line.startswith("not ok"))
        pytest.fail(f"node --test failed (exit {proc.returncode}):\n{failing}\n\n"
                    f"{proc.stdout[-30000:]}\n{proc.stderr[-5000:]}", pytrace=False)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_js_fixtures_are_what_the_engine_writes_now(game: str) -> None:
    """The fixtures are the engines' own output: an engine whose events or views change fails here until
    `python tests/js/fixtures/generate.py` rewrites them (and the client's tests run on the new shapes)."""
    generate = _generator()
    path = generate.path_of(game)
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run python {GENERATOR.relative_to(ROOT)}"
    assert path.read_text(encoding="utf-8") == generate.render(game), (
        f"{path.relative_to(ROOT)} is not what the engine writes now: run python {GENERATOR.relative_to(ROOT)}, "
        "then node --test tests/js/")
