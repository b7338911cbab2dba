"""Realtime: the per-process hub of sockets and the broker between instances. Imports nothing of ours."""
from app.realtime.broker import Broker, MemoryBroker, RedisBroker, make_broker
from app.realtime.hub import Connection, Hub

__all__ = ["Broker", "Connection", "Hub", "MemoryBroker", "RedisBroker", "make_broker"]
