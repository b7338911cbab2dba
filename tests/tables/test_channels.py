"""What each channel says (app/tables/notify/channels.py), and the address checks every outgoing URL passes."""
from __future__ import annotations

import pytest

from app.tables.notify.channels import Notice, clean_format, clean_ntfy, guess_format, ntfy_publish, webhook_body
from app.tables.errors import Invalid
from app.tables.notify.webhooks import Webhooks

NOTICE = Notice(kind="nudge", code="abcd2345", title="3-High", seat=1, name="Bea", seq=7,
                url="https://x.org/t/abcd2345", by="Ann")


@pytest.mark.parametrize("url,fmt", [
    ("https://hooks.slack.com/services/T0/B0/xyz", "slack"),
    ("https://discord.com/api/webhooks/123/abc", "discord"),
    ("https://discordapp.com/api/webhooks/123/abc", "discord"),
    ("https://chat.example.org/hooks/abcdefghijklmnopqrstuvwxyz", "mattermost"),
    ("https://discord.com/other", "generic"),
    ("https://example.org/hook", "generic"),
])
def test_the_format_is_guessed_from_the_host(url, fmt):
    assert guess_format(url) == fmt


def test_auto_and_empty_formats_mean_guess():
    assert clean_format("auto") is None and clean_format(None) is None and clean_format(" Slack ") == "slack"
    with pytest.raises(Invalid):
        clean_format(3)


def test_a_nudge_says_who_nudged():
    assert NOTICE.text == "Ann nudged Bea: it's your turn at 3-High (table abcd2345): https://x.org/t/abcd2345"
    assert webhook_body("slack", NOTICE) == {"text": NOTICE.text}
    assert webhook_body("generic", NOTICE)["nudge"] is True and webhook_body("generic", NOTICE)["by"] == "Ann"


def test_ntfy_publishes_to_the_servers_root():
    root, body = ntfy_publish("https://ntfy.example.org/sub/path/topic", NOTICE)
    assert root == "https://ntfy.example.org/sub/path/" and body["topic"] == "topic" and body["priority"] == 4
    assert body["click"] == NOTICE.url


def test_ntfy_has_no_click_without_an_absolute_link():
    relative = Notice(kind="turn", code="abcd2345", title="3-High", seat=0, name=None, seq=0, url="/t/abcd2345")
    assert "click" not in ntfy_publish("https://ntfy.sh/t", relative)[1]
    assert relative.text == "Seat 0, it's your turn at 3-High (table abcd2345): /t/abcd2345"


@pytest.mark.parametrize("url", ["http://127.0.0.1/topic", "http://10.0.0.1/topic", "http://[::1]/topic",
                                 "http://169.254.169.254/topic"])
def test_ntfy_on_a_private_address_is_refused(url):
    with pytest.raises(Invalid) as caught:
        clean_ntfy(url, allow_private=False)
    assert "private or local" in caught.value.detail


async def test_an_ntfy_name_resolving_to_loopback_is_refused_at_delivery(loopback):
    rx = loopback(200)
    port = rx.base.rsplit(":", 1)[1]
    root, body = ntfy_publish(f"http://localhost:{port}/topic", NOTICE)
    results = []

    async def record(ok, status, detail):
        results.append((ok, status, detail))

    hooks = Webhooks(allow_private=False, backoff=())
    await hooks.start()
    try:
        hooks.send(root, body, on_result=record)
        await hooks.drained()
    finally:
        await hooks.stop()
    assert rx.requests == [] and results[0][0] is False and results[0][2].startswith("refused")
