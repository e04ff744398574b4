"""Where numbered units of work are done: this process, local worker processes, or a Ray cluster.

The arena's duplicate units and ``tarock simulate``'s deals both go through here. A unit is an
index ``0 .. n-1``; ``work(spec, units)`` does a chunk of them and returns one result per unit,
depending on nothing but the (small, picklable) ``spec`` and the indices, so the results are the
same whoever does them. ``work`` must be a module-level function, so that worker processes and
Ray can import it. Each backend is a context manager that yields an iterator over chunk results
*in unit order*, so records are written in the same order whatever the backend. Units are split
into ordered chunks of consecutive units (about four chunks per worker, at most 25 units each)
to keep the per-task overhead small while balancing the load.

* ``workers == 1``: units are played one by one in this process.
* ``workers > 1``: a :class:`concurrent.futures.ProcessPoolExecutor` with ``workers`` processes
  (started with ``spawn``, which is safe with threads in the parent and the same on every OS;
  each worker ends with this process, :mod:`tarock.core.processes`).
* Ray (``--ray ADDRESS``): ``"local"`` starts a private Ray instance on this machine with
  ``workers`` CPUs and stops it afterwards; any other address (``"auto"``, ``"HOST:6379"``,
  ``"ray://HOST:10001"``) is passed to ``ray.init(address=...)`` to join a running cluster, whose
  nodes must have this version of ``tarock`` installed. If Ray is already initialised in this
  process it is used as it is. Ray is an optional extra (``pip install 'tarock[ray]'``) and is
  imported only here, only when asked for.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from tarock.core.errors import TarockError
from tarock.core.processes import worker_pool

MAX_CHUNK = 25
CHUNKS_PER_WORKER = 4
RAY_EXTRA = "pip install 'tarock[ray]'"

Chunks = Iterator[list[Any]]
Work = Callable[[Any, Sequence[int]], list[Any]]  # work(spec, units) -> one result per unit


class ArenaBackendError(TarockError):
    """The requested backend cannot be used (Ray missing or unreachable)."""


def chunks(deals: int, parallelism: int) -> list[list[int]]:
    """Units ``0 .. deals-1`` in ordered chunks of consecutive units."""
    if parallelism <= 1:
        size = 1
    else:
        size = max(1, min(MAX_CHUNK, -(-deals // (parallelism * CHUNKS_PER_WORKER))))
    return [list(range(start, min(deals, start + size))) for start in range(0, deals, size)]


@contextmanager
def local_backend(work: Work, spec: Any, deals: int, workers: int) -> Iterator[Chunks]:
    """Do the units here (``workers == 1``) or in a pool of ``workers`` processes."""
    parts = chunks(deals, workers)
    if workers <= 1:
        yield (work(spec, part) for part in parts)
        return
    pool = worker_pool(min(workers, len(parts)))
    try:
        futures = [pool.submit(work, spec, part) for part in parts]
        yield (future.result() for future in futures)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


@contextmanager
def ray_backend(work: Work, spec: Any, deals: int, address: str,
                workers: int) -> Iterator[Chunks]:
    """Do the units as Ray tasks, one task per chunk (see the module docstring)."""
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.ERROR}
        try:
            if address == "local":
                ray.init(num_cpus=workers, include_dashboard=False, **quiet)
            else:
                ray.init(address=address, **quiet)
        except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError...
            raise ArenaBackendError(
                f"cannot start or reach Ray at {address!r}: {type(exc).__name__}: {exc}",
                expected="'local' or the address of a running Ray cluster") from exc
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
        task = ray.remote(num_cpus=1)(work)
        refs = [task.remote(spec, part) for part in chunks(deals, cpus)]
        try:
            yield (ray.get(ref) for ref in refs)
        except BaseException:
            for ref in refs:  # leave nothing running on a cluster we do not own
                with suppress(Exception):
                    ray.cancel(ref)
            raise
    finally:
        if started:
            ray.shutdown()


def import_ray() -> Any:
    """The ``ray`` module, or an :class:`ArenaBackendError` saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise ArenaBackendError("Ray is not installed", expected=RAY_EXTRA) from exc
    return ray
