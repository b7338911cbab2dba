"""The webhook address filter. IPv6 forms that carry a private IPv4 address are
refused, and a delivery connects only to the address it checked (no second look-up: DNS rebinding)."""
from __future__ import annotations

import asyncio
import ipaddress
import socket

import anyio
import pytest

from app.tables.errors import Invalid
from app.tables.notify.webhooks import Webhooks, clean_url
from tests.tables.test_webhooks import MESSAGE, deliver, receiver  # noqa: F401 - fixture

PUBLIC = "93.184.216.34"  # a public address: tests never connect to it (guarded below)

EMBEDDED_PRIVATE = ["::127.0.0.1", "::7f00:1", "::a00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe",
                    "64:ff9b::10.0.0.1", "2002:7f00:1::", "2002:a00:1::1", "2002:c0a8:101::",
                    "::ffff:7f00:1", "64:ff9b:1::808:808", "fec0::1"]


@pytest.mark.parametrize("address", EMBEDDED_PRIVATE)
def test_ipv6_forms_that_embed_a_private_ipv4_address_are_refused(address):
    with pytest.raises(Invalid) as caught:
        clean_url(f"http://[{address}]:8080/hook", allow_private=False)
    assert "private or local" in caught.value.detail


@pytest.mark.parametrize("address", ["64:ff9b::808:808", "2002:808:808::1", "2606:4700::1111"])
def test_ipv6_forms_of_public_addresses_are_kept(address):
    url = f"https://[{address}]/hook"
    assert clean_url(url, allow_private=False) == url


class Network:
    """The test's view of name look-ups and TCP connections: `answers` are handed out in turn for every
    look-up of a name, connections reach only loopback (anything else fails, and is recorded)."""

    def __init__(self, monkeypatch, answers: list[str]):
        self.answers, self.lookups, self.connects = answers, [], []
        loop = asyncio.get_running_loop()
        real_connect = anyio.connect_tcp

        async def getaddrinfo(host, port, *args, **kwargs):
            self.lookups.append(host)
            address = self.answers[min(len(self.lookups), len(self.answers)) - 1]
            family = socket.AF_INET6 if ":" in address else socket.AF_INET
            return [(family, socket.SOCK_STREAM, 6, "", (address, port))]

        async def connect_tcp(remote_host, remote_port, **kwargs):
            try:
                address = str(ipaddress.ip_address(remote_host))
            except ValueError:  # a name: looked up the way anyio does, through the loop
                address = (await getaddrinfo(remote_host, remote_port))[0][4][0]
            self.connects.append(address)
            if address != "127.0.0.1":
                raise OSError(f"tests connect only to loopback, not {address}")
            return await real_connect("127.0.0.1", remote_port, **kwargs)

        monkeypatch.setattr(loop, "getaddrinfo", getaddrinfo)
        monkeypatch.setattr(anyio, "connect_tcp", connect_tcp)


async def test_delivery_connects_to_the_address_it_checked_not_a_second_lookup(monkeypatch, receiver):  # noqa: F811 - the fixture imported above
    """A name that is public when checked and loopback a moment later (DNS rebinding) never reaches
    loopback: the connection goes to the checked address."""
    r = receiver()
    port = r.url.split(":")[2].split("/")[0]
    net = Network(monkeypatch, [PUBLIC, "127.0.0.1"])
    hooks = await deliver(Webhooks(allow_private=False, backoff=(0.01,)), f"http://rebind.example:{port}/hook")
    assert r.hits == 0, "the webhook reached loopback through a second look-up"
    assert set(net.connects) == {PUBLIC} and hooks.failed == 1
    assert len(net.lookups) == 2  # one per attempt (two attempts), none when connecting


@pytest.mark.parametrize("address", ["::7f00:1", "64:ff9b::7f00:1", "2002:7f00:1::", "127.0.0.1"])
async def test_a_name_resolving_to_a_private_address_is_refused_before_connecting(monkeypatch, receiver,  # noqa: F811 - the fixture imported above
                                                                                   address):
    r = receiver()
    net = Network(monkeypatch, [address])
    hooks = await deliver(Webhooks(allow_private=False, backoff=(0.01,)), "http://sneaky.example/hook")
    assert r.hits == 0 and net.connects == [] and hooks.failed == 1


async def test_pinned_delivery_still_reaches_a_checked_address(monkeypatch, receiver):  # noqa: F811 - the fixture imported above
    """The pinned transport does deliver (here to loopback, allowed only because this test says the
    checked address is public by stubbing the filter)."""
    from app.tables.notify import webhooks

    r = receiver()
    port = r.url.split(":")[2].split("/")[0]
    Network(monkeypatch, ["127.0.0.1"])
    monkeypatch.setattr(webhooks, "is_public", lambda ip: True)
    hooks = await deliver(Webhooks(allow_private=False, backoff=(0.01,)), f"http://pinned.example:{port}/hook")
    assert r.bodies == [MESSAGE] and hooks.delivered == 1
