"""Turn webhooks: URL rules, delivery with retries and back-off, refusal of private addresses."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from app.tables.errors import Invalid
from app.tables.notify.webhooks import Webhooks, clean_url, turn_message


class Receiver:
    """A loopback HTTP server recording JSON bodies; answers `fail_first` requests with `fail_status`."""

    def __init__(self, fail_first: int = 0, fail_status: int = 500):
        self.bodies: list[dict] = []
        self.hits = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                outer.hits += 1
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                status = fail_status if outer.hits <= fail_first else 204
                if status == 204:
                    outer.bodies.append(body)
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    made = []

    def make(**kw):
        made.append(Receiver(**kw))
        return made[-1]

    yield make
    for r in made:
        r.close()


async def deliver(hooks: Webhooks, url: str) -> Webhooks:
    """Start `hooks`, send MESSAGE to `url`, wait until it is delivered or given up, stop."""
    await hooks.start()
    try:
        assert hooks.send(url, MESSAGE)
        await hooks.drained()
    finally:
        await hooks.stop()
    return hooks


MESSAGE = turn_message(code="abcd2345", title="3-High", seat=1, name="Bea", seq=7, url="https://x.org/t/abcd2345")


@pytest.mark.parametrize("url", ["https://chat.example.org/hooks/abc", "http://hooks.example.com:8080/x?y=1"])
def test_public_urls_are_kept(url):
    assert clean_url(url, allow_private=False) == url


@pytest.mark.parametrize("raw", [None, "", "   "])
def test_empty_url_clears_the_webhook(raw):
    assert clean_url(raw, allow_private=False) is None


@pytest.mark.parametrize("url,words", [
    ("ftp://example.org/x", "http:// or https://"),
    ("https://", "host name"),
    ("http://127.0.0.1:8000/hook", "private or local"),
    ("http://10.1.2.3/hook", "private or local"),
    ("http://[::1]/hook", "private or local"),
    ("http://169.254.169.254/latest", "private or local"),
    ("https://user:pw@example.org/x", "user name or password"),
    ("https://example.org/" + "x" * 600, "at most 500"),
    ("http://example.org:99999/", "not a URL"),
])
def test_bad_urls_refused_with_a_sentence(url, words):
    with pytest.raises(Invalid) as caught:
        clean_url(url, allow_private=False)
    assert words in caught.value.detail


def test_private_addresses_allowed_when_configured():
    assert clean_url("http://127.0.0.1:9/hook", allow_private=True) == "http://127.0.0.1:9/hook"


def test_message_reads_as_a_sentence_for_chat_rooms():
    assert MESSAGE["text"] == "Bea, it's your turn at 3-High (table abcd2345): https://x.org/t/abcd2345"
    assert MESSAGE["content"] == MESSAGE["text"] and MESSAGE["seat"] == 1 and MESSAGE["seq"] == 7


async def test_delivers_json_to_the_url(receiver):
    r = receiver()
    hooks = await deliver(Webhooks(allow_private=True), r.url)
    assert r.bodies == [MESSAGE] and hooks.delivered == 1


async def test_retries_server_errors_with_backoff(receiver):
    r = receiver(fail_first=2, fail_status=503)
    hooks = await deliver(Webhooks(allow_private=True, backoff=(0.01, 0.01, 0.01)), r.url)
    assert r.hits == 3 and r.bodies == [MESSAGE] and hooks.delivered == 1


async def test_gives_up_on_client_errors_without_retrying(receiver):
    r = receiver(fail_first=10, fail_status=404)
    hooks = await deliver(Webhooks(allow_private=True, backoff=(0.01, 0.01, 0.01)), r.url)
    assert r.hits == 1 and hooks.failed == 1


async def test_gives_up_after_the_last_retry(receiver):
    r = receiver(fail_first=10, fail_status=500)
    hooks = await deliver(Webhooks(allow_private=True, backoff=(0.01, 0.01, 0.01)), r.url)
    assert r.hits == 4 and hooks.failed == 1 and not r.bodies


async def test_loopback_refused_at_delivery_unless_allowed(receiver):
    r = receiver()
    # a host name that resolves to loopback
    hooks = await deliver(Webhooks(allow_private=False, backoff=(0.01,)), r.url.replace("127.0.0.1", "localhost"))
    assert r.hits == 0 and hooks.failed == 1


async def test_a_slow_hook_never_blocks_send():
    gate = None

    async def stuck(url, body):
        await gate.wait()
        return 204

    import asyncio
    gate = asyncio.Event()
    hooks = Webhooks(allow_private=True, post=stuck)
    await hooks.start()
    try:
        assert all(hooks.send("http://h.example/x", MESSAGE) for _ in range(50))  # returns at once
        gate.set()
        await hooks.drained()
    finally:
        await hooks.stop()
    assert hooks.delivered == 50
