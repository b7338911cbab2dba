"""`icehouse serve` writes JSON only: uvicorn's own lines (start-up, shutdown) go through our logging."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import httpx

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
    lines = [line for line in (out + err).splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # fails on any plain-text line
    assert any(r["logger"].startswith("uvicorn") and "startup complete" in r["msg"] for r in records), lines
    assert not any("\x1b" in str(value) for r in records for value in r.values()), "terminal colour codes"
