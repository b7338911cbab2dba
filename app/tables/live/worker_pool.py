"""The bots' worker processes (app/tables/live/bots.py): a spawn ProcessPoolExecutor whose workers never
outlive their server, however it ends.

A stop (SIGTERM, SIGINT) shuts the pool down. kill -9 (or the OOM killer) runs nothing: a worker waiting on
the pool's call queue never reads EOF there (it holds a write end of that queue itself), so it waited for
good, reparented to init, and kept multiprocessing's resource tracker alive with it (a dozen such kills left
48 processes holding 1.4 GB). So the pool's initializer starts a watchdog thread in each worker that ends
the worker once its parent is gone:

- it waits on multiprocessing's parent sentinel: the read end of the pipe the server wrote the spawn data
  down, whose write end only the server holds (the descriptor is not inheritable, and a spawned process gets
  only the descriptors passed to it). The kernel closes it when the server dies, however it dies, so the
  pipe reads EOF at once;
- every WATCH_SECONDS it also compares os.getppid() with the server's pid (given by the server, so a server
  that died while the worker was still importing is noticed too): a stray os.fork() child of the server
  would hold the pipe's write end open, but cannot keep the worker its child.

Not prctl(PR_SET_PDEATHSIG): it fires on the death of the *thread* that started the worker (the pool starts
workers from whichever thread submits, and replaces them from its management thread), it is Linux-only, and a
parent that died before the call still needs a getppid() check. The watchdog is plain Python: a worker inside
a C call that holds the GIL (the 3-High playouts) exits when that call returns, well within a bot's cap.
"""
from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import wait

WATCH_SECONDS = 1.0  # how often the watchdog also checks os.getppid()

ORPHANED = 70  # a worker's exit status when its server is gone (nobody is left to read it)


class PoolClosed(BrokenProcessPool):
    """The bots have begun to shut down: no worker pool is started any more. A BrokenProcessPool, so that
    every caller treats it as "no worker" (a hint says none, an analysis step gives up)."""


def start(processes: int) -> ProcessPoolExecutor:
    """A pool of `processes` spawn workers, each ending itself once this process is gone."""
    return ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("spawn"),
                               initializer=watch_parent, initargs=(os.getpid(),))


def watch_parent(parent_pid: int) -> None:
    """The pool's initializer, in the worker: start the watchdog (a daemon thread: it never holds a worker's
    orderly exit)."""
    parent = multiprocessing.parent_process()
    sentinel = parent.sentinel if parent is not None else None
    threading.Thread(target=_watch, args=(parent_pid, sentinel), name="parent-watch", daemon=True).start()


def _watch(parent_pid: int, sentinel: int | None) -> None:
    while os.getppid() == parent_pid:
        if sentinel is None:  # not a spawned process (no parent sentinel): the pid alone
            time.sleep(WATCH_SECONDS)
        elif wait([sentinel], timeout=WATCH_SECONDS):  # EOF: the parent's end is closed
            break
    os._exit(ORPHANED)  # at once: the job in hand, if any, has nobody to answer to
