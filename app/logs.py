"""Structured logs: one JSON object per line (request and move records carry their fields as keys).

Records are handed to a bounded queue and formatted and written by a logging thread, so a slow or full
stderr never stalls the event loop; when the queue is full a record is dropped and counted.
"""
from __future__ import annotations

import atexit
import json
import logging
import queue
import sys
import time
from logging.handlers import QueueHandler, QueueListener

# Record attributes that are not extras; uvicorn's "color_message" repeats "msg" with terminal colours.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName", "color_message"}
QUEUE_MAX = 10_000  # records waiting for the logging thread


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out = {"ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + "Z",
               "level": record.levelname.lower(), "logger": record.name, "msg": record.getMessage()}
        out.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:  # formatted when the record was queued
            out["exc"] = record.exc_text
        return json.dumps(out, default=str)


class Enqueue(QueueHandler):
    """Queue a copy of the record with its message merged and any traceback already formatted (the
    logging thread must not see arguments or frames that may change meanwhile); drop when full."""

    dropped = 0

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        record = logging.makeLogRecord(vars(record))
        record.msg, record.args = record.getMessage(), None
        if record.exc_info:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
            record.exc_info = None
        return record

    def enqueue(self, record: logging.LogRecord) -> None:
        try:
            self.queue.put_nowait(record)
        except queue.Full:
            Enqueue.dropped += 1


def configure(level: str = "INFO") -> None:
    root = logging.getLogger("icehouse")
    if any(isinstance(h, Enqueue) for h in root.handlers):
        return
    records: queue.Queue = queue.Queue(QUEUE_MAX)
    out = logging.StreamHandler(sys.stderr)
    out.setFormatter(JsonFormatter())
    listener = QueueListener(records, out)
    listener.start()
    atexit.register(listener.stop)  # write what is still queued
    handler = Enqueue(records)
    root.addHandler(handler)
    root.setLevel(level.upper())
    root.propagate = False
    # uvicorn's own lines ("Started server process", "Application startup complete", errors) in the same JSON:
    # `icehouse serve` runs uvicorn with log_config=None, so these loggers have no plain-text handler of theirs.
    for name in UVICORN_LOGGERS:
        server = logging.getLogger(name)
        server.handlers = [handler]
        server.propagate = False


UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
