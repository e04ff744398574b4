"""Worker processes that end with the process that started them.

The table server thinks for its ``hard`` bots, and the arena plays its deals, in pools of
worker processes. A pool shut down by its process ends its workers; but a process killed with
SIGKILL (or by the kernel for memory) never shuts its pool down, and a worker of a ``spawn``
pool waiting for work then waits forever: it holds both ends of the pipe it reads, so it never
sees the pipe close. Each such crash would leave a few hundred megabytes behind. So every
worker watches its parent and exits when it is gone (a process whose parent dies is given
another one, so its parent's ID changes).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

# How often a worker looks whether its parent is still there, in seconds: an orphan lingers at
# most this long, and a look costs one system call
PARENT_POLL = 1.0


def exit_with_parent(parent: int, poll: float = PARENT_POLL) -> None:
    """A pool's initializer: end this worker as soon as ``parent`` is no longer its parent."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(0)  # nothing of the parent's is left to finish or report to

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes that end with this process, however it ends."""
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=exit_with_parent, initargs=(os.getpid(),))
