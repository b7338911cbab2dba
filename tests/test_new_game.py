"""A fifth game is one folder copied (docs/NEW-GAME.md): the template game of examples/new-game, added to a
copy of this repository with no edit outside its own folders, passes the conformance suite, the golden-data
check, a bot playout and the catalogs' check, and is played to its end in Chromium by two people,
each shown the result in their own words.

The copy is the repository's tracked files (`git ls-files`, as the working tree has them) committed in a
fresh git repository of its own; the skeleton's folders go in on top, so `git status` there says what adding
the game took: new files in the game's folders, and nothing else (FILES_OUTSIDE, the goal: 0)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import CHROMIUM, free_port, require_service

ROOT = Path(__file__).resolve().parents[1]
SKELETON = ROOT / "examples" / "new-game"
# The game's own folders: everything the skeleton holds is in one of them, and a copy adds nothing elsewhere.
GAME_FOLDERS = ("app/games/nim/", "app/bots/nim/", "static/js/games/nim/", "tests/games/nim/")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def run(cwd: Path, *args: str, timeout: float = 120, env: dict | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(cwd), **(env or {})})
    assert done.returncode == 0, (f"{' '.join(args)} failed ({done.returncode}):\n"
                                  f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def git(cwd: Path, *args: str) -> str:
    return run(cwd, "git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false",
               *args)


def outside(status: str) -> list[str]:
    """The lines of `git status --porcelain` outside the game's folders."""
    return [line for line in status.splitlines() if not line[3:].startswith(GAME_FOLDERS)]


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """The repository's tracked files, committed in a git repository of their own, with the skeleton's
    folders copied in on top."""
    repo = tmp_path_factory.mktemp("copy") / "repo"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in tracked.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, repo / name)
    # the skeleton itself is part of the repository (tests/nim_game.py loads it), tracked or not yet
    shutil.copytree(SKELETON, repo / "examples" / "new-game", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    # the catalogs as `make i18n` writes them from these sources (their line references), so that the
    # game's own run of it shows only what the game changes
    run(repo, sys.executable, "-m", "tools.i18n_catalogs")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the repository as it is")
    skeleton = sorted(p.relative_to(SKELETON).as_posix() for p in SKELETON.rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)
    assert skeleton and all(name.startswith(GAME_FOLDERS) for name in skeleton), skeleton
    shutil.copytree(SKELETON, repo, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))
    return repo


def test_the_template_game_added_to_a_copy_passes_the_suites_with_no_file_outside_its_folders(copy):
    py = sys.executable
    listed = run(copy, py, "-c", "from app.games import GAMES; import app; print(app.__file__); print(*GAMES)")
    assert listed.splitlines()[0].startswith(str(copy)) and "nim" in listed.split()
    run(copy, py, "tests/games/data/generate.py", "nim")  # its golden data, in its own tests folder
    run(copy, py, "tests/js/fixtures/generate.py", "nim")  # and its client's fixtures
    assert (copy / "tests/games/nim/data/nim.perft").is_file()
    # the conformance suite, the golden data, the layout and declaration checks, the bot's conformance, the
    # game's own rulings, its moves refused over the API (its case in tests/games/nim/cases.py) and its
    # picture on the home page: every test of these that names nim, the showcase's, and those that every game
    # has its cases (tests/games/nim/cases.py: engine_cases, invalid_moves)
    out = run(copy, py, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", "nim or showcase_has or every_game_has",
              "tests/games", "tests/bots/test_bot_conformance.py", "tests/api/test_invalid_moves.py",
              "tests/api/test_home_me.py", "tests/test_js_units.py", timeout=300)
    assert " passed" in out and "failed" not in out and "error" not in out.lower(), out[-2000:]
    # a bot playout: the game's own bot against the random bot, through the registries, to the end
    playout = run(copy, py, "-c", (
        "from app.bots import get_bot\nfrom app.games import get_game\n"
        "g = get_game('nim'); bots = [get_bot('nim'), get_bot('random')]\n"
        "for seed in range(20):\n"
        "    doc = g.setup(2, {'heaps': 4, 'layout': 'large'}, seed)\n"
        "    for ply in range(g.max_plies + 1):\n"
        "        if not g.to_act(doc): break\n"
        "        seat = g.to_act(doc)[0]\n"
        "        doc = g.apply(doc, seat, bots[seat].choose(g.view(doc, seat), seat, g.legal_moves(doc, seat))).doc\n"
        "    assert g.result(doc)['reason'] == 'last_stone', g.render_text(doc)\n"
        "print('played 20')\n"))
    assert "played 20" in playout
    # the house's linter over the game's folders, and the layers' import contracts with the game in them
    tools = Path(sys.executable).parent
    run(copy, str(tools / "ruff"), "check", *GAME_FOLDERS)
    assert "0 broken" in run(copy, str(tools / "lint-imports"), "--no-cache")
    # its words: the catalogs are complete with the game's own, and the shared ones need no change
    assert "catalogs complete" in run(copy, py, "-m", "tools.i18n_catalogs")
    status = git(copy, "status", "--porcelain", "--untracked-files=all")
    files_outside = outside(status)
    print(f"FILES_OUTSIDE={len(files_outside)} (new files in the game's folders: {len(status.splitlines())})")
    assert files_outside == [], f"adding the game touched files outside its folders:\n{status}"
    assert all(line.startswith("?? ") for line in status.splitlines()), status  # only new files


@pytest.fixture
def server(copy, tmp_path) -> Iterator[str]:
    """The copy's own server (`python -m app.cli serve`) on a free port, on a fresh SQLite database."""
    port = free_port()
    env = {"ICEHOUSE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'nim.db'}", "ICEHOUSE_BOT_DELAY_SECONDS": "0",
           "ICEHOUSE_LOG_LEVEL": "WARNING"}
    run(copy, sys.executable, "-m", "app.cli", "migrate", env=env)
    log = open(tmp_path / "server.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], cwd=copy,
                            env={**os.environ, "PYTHONPATH": str(copy), **env}, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the copy's server did not start"
            time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def take_the_seat(page, link: str, name: str) -> None:
    """`name` opens the invitation and takes the free seat."""
    page.goto(link)
    page.fill("#join-name", name)
    page.locator("#join-form").get_by_role("button").first.click()
    page.wait_for_selector("#seats li[data-seat='1'] .tag.you")


@pytest.mark.browser
def test_the_template_game_is_played_to_its_end_in_chromium_by_two_people(server):
    require_service("chromium")
    from playwright.sync_api import sync_playwright

    games = httpx.get(f"{server}/api/games").json()
    assert [g["client"] for g in games if g["name"] == "nim"] == ["/static/js/games/nim/index.js"]
    errors: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # Bob reads French: the game's words come from its own catalog (app/games/nim/locale/fr.json)
            ann, bob = (browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale).new_page()
                        for locale in ("en-GB", "fr-FR"))
            for page in (ann, bob):
                page.set_default_timeout(15000)
                page.on("pageerror", lambda exc: errors.append(str(exc)))
            ann.goto(server + "/")
            ann.check('input[name="game"][value="nim"]')
            ann.select_option("#players", "2")
            ann.fill("#name", "Ann")
            ann.click("#create-btn")
            ann.wait_for_selector("#created:not([hidden])")
            link = ann.input_value("#share-url")
            ann.click("#open-table")
            ann.wait_for_selector("#table-ui:not([hidden])")
            take_the_seat(bob, link, "Bob")
            ann.wait_for_selector("#seats li[data-seat='1'] >> text=Bob")
            ann.click("#start-btn")
            for page in (ann, bob):
                page.wait_for_selector("[data-testid='nim-board'] .nim-heap")
            moves, last = 0, None
            deadline = time.monotonic() + 40
            while ann.get_attribute("#table-root", "data-status") != "finished":
                assert time.monotonic() < deadline, f"the game did not end ({moves} moves made)"
                page = next((p for p in (ann, bob) if p.locator(".nim-heap.playable").count()), None)
                if page is None:
                    time.sleep(0.05)
                    continue
                before = int(page.get_attribute("#table-root", "data-seq") or 0)
                page.locator(".nim-heap.playable").last.click()
                take = page.locator("[data-testid^='take-']").last
                assert take.inner_text().startswith("Prendre " if page is bob else "Take "), take.inner_text()
                take.click()
                page.wait_for_function("n => Number(document.getElementById('table-root').dataset.seq) > n",
                                       arg=before)
                moves, last = moves + 1, page
            for page in (ann, bob):
                page.wait_for_function("() => document.getElementById('table-root').dataset.status === 'finished'")
                assert page.locator("#log li").count() >= moves
            # the result, in each player's words (the game's resultText, its catalog): whoever took the last
            # stone wins (the table's options are the defaults: not misere)
            winner, loser = (ann, bob) if last is ann else (bob, ann)
            said = {winner: ("You win.", "Vous gagnez."), loser: (f"{'Ann' if winner is ann else 'Bob'} wins.",
                                                                    f"{'Ann' if winner is ann else 'Bob'} gagne.")}
            for page in (ann, bob):
                page.wait_for_selector("#result:not([hidden])")
                title = page.inner_text("#result-title")
                assert title == said[page][1 if page is bob else 0], (title, page.inner_text("#result-reason"))
                assert page.inner_text("#result-reason").endswith(("last stone.", "dernière pierre.")), \
                    page.inner_text("#result-reason")
            log = bob.locator("#log").inner_text()
            assert "dans le tas" in log and "takes" not in log, log  # "Ann prend 3 dans le tas 3."
            assert moves >= 5  # heaps of 3, 5 and 7, at most three stones a move
        finally:
            browser.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
