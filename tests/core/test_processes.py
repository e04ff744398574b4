"""A worker process of the pools (the server's hard bots, the arena) ends with its parent, even
a parent killed with SIGKILL, which never shuts its pool down."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

PARENT = """
import os, sys, time
from tarock.core.processes import worker_pool
pool = worker_pool(1)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(600)
"""


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (an exited process not yet reaped is a zombie: not running)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_worker_ends_when_its_parent_is_killed() -> None:
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, text=True,
                              env=os.environ.copy())
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        assert alive(worker)
        time.sleep(1.5)  # still there while its parent is
        assert alive(worker)
    finally:
        parent.send_signal(signal.SIGKILL)
        parent.wait(30)
    end = time.monotonic() + 30
    while alive(worker):
        assert time.monotonic() < end, f"worker {worker} outlived its killed parent"
        time.sleep(0.1)
