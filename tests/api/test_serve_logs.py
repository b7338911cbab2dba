"""`icehouse serve` logs JSON only (stderr): uvicorn's own lines (start-up, shutdown) go through our logging.
Its one plain line, on stdout, says it is ready and which address to open."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

import httpx

from app.cli import ready_line
from tests.conftest import free_port


def test_serve_writes_only_json_lines(tmp_path):
    port = free_port()
    env = {**os.environ, "ICEHOUSE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'serve.db'}"}
    subprocess.run([sys.executable, "-m", "app.cli", "migrate"], env=env, check=True, capture_output=True)
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--port", str(port)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline and proc.poll() is None, "the server did not start"
            time.sleep(0.1)
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=20)
    records = [json.loads(line) for line in err.splitlines() if line.strip()]  # fails on any plain-text line
    assert any(r["logger"].startswith("uvicorn") and "startup complete" in r["msg"] for r in records), err
    assert not any("\x1b" in str(value) for r in records for value in r.values()), "terminal colour codes"
    assert [line for line in out.splitlines() if line.strip()] == [
        f"Icehouse Table is ready: open http://127.0.0.1:{port}/"], out


def test_serve_says_ready_with_the_address_once_it_answers(tmp_path):
    """The ready line comes once the server listens (the address answers at once) and names the bound port
    (`--port 0`), the public URL when one is set, and a reachable address for 0.0.0.0."""
    env = {**os.environ, "ICEHOUSE_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'ready.db'}"}
    env.pop("ICEHOUSE_PUBLIC_URL", None)
    subprocess.run([sys.executable, "-m", "app.cli", "migrate"], env=env, check=True, capture_output=True)
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "serve", "--host", "0.0.0.0", "--port", "0"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = proc.stdout.readline().strip()  # blocks until the line (or the process's end)
        assert re.fullmatch(r"Icehouse Table is ready: open http://127\.0\.0\.1:(\d+)/ "
                            r"\(or this machine's address from another one\)", line), line
        address = line.split("open ", 1)[1].split(" ", 1)[0]
        assert int(address.rsplit(":", 1)[1].rstrip("/")) > 0
        assert httpx.get(address, timeout=5).status_code == 200  # no waiting: it is ready when it says so
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
    assert ready_line("127.0.0.1", 8000, "https://play.example.org/") == (
        "Icehouse Table is ready: open https://play.example.org/")
    assert ready_line("::1", 8080, None) == "Icehouse Table is ready: open http://[::1]:8080/"
