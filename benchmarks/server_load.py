"""Table server load: N tables, each one simulated person and bots, over real WebSockets.

Starts ``tarock serve`` as a subprocess on a loopback port with a fresh SQLite file, opens
``--tables`` tables (seat 0 a simulated person, every other seat an ``--bots`` bot, no deal
limit so that every table keeps playing), connects one WebSocket client per table and lets each
person play a uniformly random legal action after thinking ``--people-think`` seconds
(uniformly between half and one and a half times that, so that the tables do not move in
lockstep). The clients run in one asyncio process, or in ``--client-procs`` processes; the
clients' CPU use and event-loop lag are reported so that one can see that the client is not
what limits the figures.

After ``--warmup`` seconds (connecting included) the measurement runs for ``--duration``
seconds; then the people stop acting, the acknowledgments still on their way are awaited (at
most ``ACK_GRACE`` seconds) and the server is stopped (SIGTERM, then SIGKILL). Reported:

* accepted actions per second, server-wide: the sum over all tables of the increase of ``seq``
  during the window (read from the views every person receives; checked against
  ``GET /api/tables/{id}`` at the end), divided by the window;
* latency from a person's ``act`` to the ``view`` with ``seq + 1`` that acknowledges it
  (p50, p99, max), for every act sent during the window;
* errors: every ``error`` message, failed connection, connection closed by the server, failed
  table creation, act never acknowledged, server exit, and ERROR line in the server's log;
* the server process's memory (VmRSS at the start and the end, VmHWM as the peak, from
  ``/proc/<pid>/status``), its CPU use (and CPU per accepted action), the time its threads were
  runnable but waiting for a CPU (``/proc/<pid>/task/*/schedstat``: the share other processes
  took from it on a shared machine), the clients' CPU use, and how busy the whole machine was.

A table whose session ends is replaced by a new one (and counted), so N tables are in play
throughout. Every run is bounded: the setup, the warm-up, the window and the grace each have a
limit, and the server is stopped at the end whatever happened. Needs the dev extras (httpx).

Usage: python benchmarks/server_load.py [--tables 100] [--people-think 0.5] [--duration 60]
       [--game hungarian-tarokk] [--options JSON] [--players N] [--bots easy]
       [--client-procs 1] [--compression deflate|none] [--server-command CMD] [--json]
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import json
import os
import random
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import httpx
import websockets

SETUP_TIMEOUT = 60.0  # seconds for the server to start and the tables to be made
STOP_GRACE = 10.0  # seconds the server gets to exit on SIGTERM before SIGKILL
ACK_GRACE = 10.0  # seconds after the window for the acknowledgments of acts sent in it
WS_MAX_SIZE = 4 * 1024 * 1024


# -- the server process --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM of ``pid`` in KiB (empty once the process is gone)."""
    out = {}
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0])
    return out


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of ``pid``, all its threads."""
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def run_delay_seconds(pid: int) -> float:
    """Seconds the threads of ``pid`` spent runnable but waiting for a CPU (schedstat)."""
    total = 0
    with contextlib.suppress(OSError):
        for task in Path(f"/proc/{pid}/task").iterdir():
            with contextlib.suppress(OSError, IndexError, ValueError):
                total += int((task / "schedstat").read_text().split()[1])
    return total / 1e9


def machine_cpu() -> tuple[float, float]:
    """(busy, total) CPU time of the whole machine, in clock ticks."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return float(sum(values) - idle), float(sum(values))


def die_with_parent() -> None:
    """In the server's process before exec: be killed when the benchmark dies, however it dies
    (Linux ``PR_SET_PDEATHSIG``), so that no server is ever left behind."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


class ServerProcess:
    def __init__(self, db_url: str, log: Path, command: str | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        start = (shlex.split(command) if command
                 else [str(Path(sys.executable).with_name("tarock")), "serve"])
        with log.open("ab") as out:
            self.proc = subprocess.Popen(
                [*start, "--host", "127.0.0.1", "--port", str(self.port), "--db", db_url,
                 "--log-level", "warning"], stdout=out, stderr=out,
                preexec_fn=die_with_parent)

    @property
    def pid(self) -> int:
        return self.proc.pid

    async def wait_ready(self, http: httpx.AsyncClient) -> None:
        end = time.monotonic() + SETUP_TIMEOUT
        while True:
            with contextlib.suppress(httpx.TransportError):
                if (await http.get(f"{self.url}/api/health")).status_code == 200:
                    return
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text()[-3000:]}")
            if time.monotonic() > end:
                raise RuntimeError("the server did not start")
            await asyncio.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(STOP_GRACE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(STOP_GRACE)

    def log_errors(self) -> list[str]:
        lines = self.log.read_text(errors="replace").splitlines()
        return [line for line in lines if " ERROR " in line or " CRITICAL " in line]


# -- tables --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    url: str
    game: str
    options: dict[str, Any]
    players: int
    bots: str
    think: float
    t_start: float  # time.monotonic() (system-wide on Linux) of the window's start
    t_end: float
    seed: int
    compression: str = "deflate"


def table_body(config: Config, seed: int) -> dict[str, Any]:
    players = [{"name": "Person", "kind": "human"}]
    players += [{"kind": "bot", "level": config.bots} for _ in range(config.players - 1)]
    # no deal limit (every table keeps playing); a person who drops is not taken over soon
    return {"game": config.game, "options": config.options, "players": players,
            "seed": seed, "takeover_seconds": 3600}


async def create_table(http: httpx.AsyncClient, config: Config,
                       seed: int) -> tuple[str, str]:
    r = await http.post(f"{config.url}/api/tables", json=table_body(config, seed))
    if r.status_code != 201:
        raise RuntimeError(f"creating a table: {r.status_code} {r.text[:300]}")
    body = r.json()
    return body["table"], body["seats"][0]["token"]


# -- the simulated people ------------------------------------------------------------------


@dataclass
class Stats:
    """What one client process measured."""

    latencies: list[float] = field(default_factory=list)  # seconds, acts sent in the window
    errors: Counter[str] = field(default_factory=Counter)
    error_samples: list[str] = field(default_factory=list)
    accepted: int = 0  # seq increase over the window, all tables of this process
    acts_in_window: int = 0
    acks_in_window: int = 0
    tables_active: int = 0  # tables that moved and acknowledged a person's act in the window
    tables_finished: int = 0  # sessions that ended and were replaced
    messages: int = 0  # messages received in the window
    message_bytes: int = 0
    cpu_seconds: float = 0.0  # this process's CPU time over the window
    loop_lag: list[float] = field(default_factory=list)  # seconds, sampled every 50 ms
    final: list[tuple[str, int]] = field(default_factory=list)  # (table, last seq seen)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.error_samples) < 10:
            self.error_samples.append(f"{kind}: {detail[:200]}")


class Person:
    """One table's simulated person: plays random legal actions until the window ends."""

    def __init__(self, index: int, table: str, token: str, config: Config, stats: Stats,
                 http: httpx.AsyncClient):
        self.index, self.table, self.token = index, table, token
        self.config, self.stats, self.http = config, stats, http
        self.rng = random.Random(config.seed * 1_000_003 + index)
        self.done_seq = 0  # seq increases of this person's finished (replaced) tables
        self.seq = 0  # last seq seen at the current table
        self.pending: tuple[int, float] | None = None  # (seq acted on, monotonic send time)
        self.acted_on = -1  # the seq of the view last acted on
        self.acks_in_window = 0
        self.act_task: asyncio.Task[None] | None = None
        self.replacements = 0

    @property
    def total(self) -> int:
        return self.done_seq + self.seq

    async def run(self) -> None:
        while time.monotonic() < self.config.t_end:
            url = (f"{self.config.url.replace('http', 'ws', 1)}/ws/tables/{self.table}"
                   f"?token={self.token}")
            try:
                compression = "deflate" if self.config.compression == "deflate" else None
                async with websockets.connect(url, max_size=WS_MAX_SIZE, open_timeout=20,
                                              ping_interval=None,
                                              compression=compression) as ws:
                    finished = await self.play(ws)
            except (OSError, TimeoutError, websockets.WebSocketException) as error:
                self.stats.error("connection", f"table {self.table}: {error!r}")
                await asyncio.sleep(1.0)
                continue
            finally:
                if self.act_task is not None:
                    self.act_task.cancel()
            if not finished:
                self.stats.error("connection", f"table {self.table}: closed by the server")
                await asyncio.sleep(1.0)
                continue
            # the session ended: a new table takes its place (within the window)
            if time.monotonic() >= self.config.t_end:
                return
            self.stats.tables_finished += 1
            self.replacements += 1
            try:
                self.table, self.token = await create_table(
                    self.http, self.config, self.config.seed + 1_000_000 * self.replacements
                    + self.index)
            except (httpx.HTTPError, RuntimeError) as error:
                self.stats.error("create", repr(error))
                return
            self.done_seq += self.seq
            self.seq, self.pending, self.acted_on = 0, None, -1

    async def play(self, ws: Any) -> bool:
        """Read messages until the table is finished (True) or the connection ends (False)."""
        async for raw in ws:
            t = time.monotonic()
            if self.config.t_start <= t < self.config.t_end:
                self.stats.messages += 1
                self.stats.message_bytes += len(raw)
            message = json.loads(raw)
            kind = message.get("type")
            if kind == "error":
                self.stats.error(f"error:{message.get('code')}",
                                 f"table {self.table}: {message.get('message')}")
                # the act (if any) was refused: ask for a fresh view and act on that
                self.pending, self.acted_on = None, -1
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if kind != "view":
                continue
            seq = message["seq"]
            self.seq = max(self.seq, seq)
            if self.pending is not None and seq == self.pending[0] + 1:
                sent = self.pending[1]
                if self.config.t_start <= sent < self.config.t_end:
                    self.stats.latencies.append(t - sent)
                    self.acks_in_window += 1
                self.pending = None
            if message["status"] == "finished":
                return True
            if message["legal"] and self.pending is None and seq != self.acted_on:
                if self.act_task is not None:
                    self.act_task.cancel()  # still thinking about an older view
                self.acted_on = seq
                self.act_task = asyncio.create_task(self.act(ws, seq, message["legal"]))
        return False

    async def act(self, ws: Any, seq: int, legal: list[dict[str, Any]]) -> None:
        think = self.config.think * self.rng.uniform(0.5, 1.5)
        if think > 0:
            await asyncio.sleep(think)
        if self.seq != seq or time.monotonic() >= self.config.t_end:
            return
        action = self.rng.choice(legal)
        self.pending = (seq, time.monotonic())
        if self.config.t_start <= self.pending[1] < self.config.t_end:
            self.stats.acts_in_window += 1
        with contextlib.suppress(websockets.WebSocketException):
            await ws.send(json.dumps({"type": "act", "seq": seq, "action": action}))


async def loop_lag(stats: Stats, config: Config) -> None:
    """How late this process's event loop wakes up: the client's own load."""
    step = 0.05
    while time.monotonic() < config.t_end:
        t = time.monotonic()
        await asyncio.sleep(step)
        if t >= config.t_start and t + step < config.t_end:
            stats.loop_lag.append(time.monotonic() - t - step)


async def run_people(shard: list[tuple[int, str, str]], config: Config) -> Stats:
    stats = Stats()
    limits = httpx.Limits(max_connections=8)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        people = [Person(i, table, token, config, stats, http) for i, table, token in shard]
        tasks = [asyncio.create_task(p.run()) for p in people]
        lag = asyncio.create_task(loop_lag(stats, config))
        await asyncio.sleep(max(0.0, config.t_start - time.monotonic()))
        cpu0 = time.process_time()
        start = [p.total for p in people]
        acks0 = [p.acks_in_window for p in people]
        await asyncio.sleep(max(0.0, config.t_end - time.monotonic()))
        end = [p.total for p in people]
        stats.cpu_seconds = time.process_time() - cpu0
        # no act is sent after the window; wait for the acknowledgments still on their way
        end_wait = time.monotonic() + ACK_GRACE
        while any(p.pending for p in people) and time.monotonic() < end_wait:
            await asyncio.sleep(0.05)
        for p in people:
            if p.pending is not None:
                stats.error("no_ack", f"table {p.table}: act on seq {p.pending[0]} not "
                            f"acknowledged {ACK_GRACE:g} s after the window")
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, lag, return_exceptions=True)
    stats.accepted = sum(e - s for s, e in zip(start, end, strict=True))
    stats.tables_active = sum(1 for p, s, e, a in zip(people, start, end, acks0, strict=True)
                              if e > s and p.acks_in_window > a)
    stats.acks_in_window = sum(p.acks_in_window for p in people)
    stats.final = [(p.table, p.seq) for p in people]
    return stats


def run_people_process(shard: list[tuple[int, str, str]], config: Config) -> Stats:
    return asyncio.run(run_people(shard, config))


# -- the run -------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float | None:
    """The nearest-rank percentile ``q`` (0..100) of ``values``."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


def ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


async def sample_memory(pid: int, until: float, peaks: list[int]) -> None:
    while time.monotonic() < until:
        rss = proc_status(pid).get("VmRSS")
        if rss is not None:
            peaks.append(rss)
        await asyncio.sleep(1.0)


async def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
    import tarock.games  # noqa: F401  (registers the games: only for the seat count)
    from tarock.core.protocol import make_game

    options = json.loads(args.options)
    players = args.players or make_game(args.game, options).num_seats
    server = ServerProcess(f"sqlite:///{workdir / 'load.db'}", workdir / "server.log",
                           args.server_command)
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            await server.wait_ready(http)
            rss_start = proc_status(server.pid).get("VmRSS", 0)
            setup = Config(server.url, args.game, options, players, args.bots, args.people_think,
                           0.0, 0.0, args.seed)
            made: list[tuple[str, str]] = []
            t0 = time.monotonic()
            for first in range(0, args.tables, 10):  # ten requests at a time
                batch = range(first, min(first + 10, args.tables))
                made += await asyncio.wait_for(asyncio.gather(
                    *(create_table(http, setup, args.seed + i) for i in batch)), SETUP_TIMEOUT)
            create_s = time.monotonic() - t0

            t_start = time.monotonic() + args.warmup
            config = Config(server.url, args.game, options, players, args.bots,
                            args.people_think, t_start, t_start + args.duration, args.seed,
                            args.compression)
            shards: list[list[tuple[int, str, str]]] = [[] for _ in range(args.client_procs)]
            for i, (table, token) in enumerate(made):
                shards[i % args.client_procs].append((i, table, token))
            peaks: list[int] = []
            sampler = asyncio.create_task(sample_memory(server.pid, config.t_end, peaks))
            measure = asyncio.create_task(window_cpu(server.pid, config))
            limit = args.warmup + args.duration + 60
            if args.client_procs == 1:
                parts = [await asyncio.wait_for(run_people(shards[0], config), limit)]
            else:
                loop = asyncio.get_running_loop()
                spawn = get_context("spawn")
                with ProcessPoolExecutor(args.client_procs, mp_context=spawn) as pool:
                    futures = [loop.run_in_executor(pool, run_people_process, shard, config)
                               for shard in shards]
                    parts = list(await asyncio.wait_for(asyncio.gather(*futures), limit))
            window = await measure
            await sampler
            status = proc_status(server.pid)
            exited = server.proc.poll()

            # cross-check the seqs seen by the people against the server's own
            behind = 0
            for part in parts:
                for table, seen in part.final:
                    r = await http.get(f"{server.url}/api/tables/{table}")
                    if r.status_code != 200 or r.json()["seq"] < seen:
                        behind += 1
    finally:
        server.stop()
    log_errors = server.log_errors()

    latencies = [x for p in parts for x in p.latencies]
    lags = [x for p in parts for x in p.loop_lag]
    errors: Counter[str] = Counter()
    for p in parts:
        errors.update(p.errors)
    if log_errors:
        errors["server_log"] += len(log_errors)
    if behind:
        errors["seq_mismatch"] += behind
    if exited is not None:
        errors["server_exited"] += 1
    accepted = sum(p.accepted for p in parts)
    client_cpu = sum(p.cpu_seconds for p in parts)
    return {
        "game": args.game, "players": players, "bots": args.bots, "tables": args.tables,
        "people_think_s": args.people_think, "duration_s": args.duration,
        "client_procs": args.client_procs, "compression": args.compression,
        "cpus": os.cpu_count(),
        "create_tables_s": round(create_s, 2),
        "accepted_actions": accepted,
        "actions_per_s": round(accepted / args.duration, 1),
        "person_acts": sum(p.acks_in_window for p in parts),
        "person_acts_sent": sum(p.acts_in_window for p in parts),
        "latency_ms": {"p50": ms(percentile(latencies, 50)), "p99": ms(percentile(latencies, 99)),
                       "max": ms(max(latencies) if latencies else None),
                       "samples": len(latencies)},
        "errors": sum(errors.values()), "errors_by_kind": dict(errors),
        "error_samples": [s for p in parts for s in p.error_samples][:10] + log_errors[:5],
        "tables_active": sum(p.tables_active for p in parts),
        "tables_replaced": sum(p.tables_finished for p in parts),
        "server_rss_mib": {"start": round(rss_start / 1024, 1),
                           "peak": round(status.get("VmHWM", max(peaks, default=0)) / 1024, 1),
                           "final": round(status.get("VmRSS", 0) / 1024, 1)},
        "server_cpu_percent": round(100 * window["server_cpu"] / args.duration, 1),
        "server_cpu_ms_per_action": round(1000 * window["server_cpu"] / max(1, accepted), 3),
        "server_cpu_wait_percent": round(100 * window["server_run_delay"] / args.duration, 1),
        "client_cpu_percent": round(100 * client_cpu / args.duration, 1),
        "machine_busy_percent": window["machine_busy"],
        "other_cpu_percent": round(window["machine_busy"] - 100 * (window["server_cpu"]
                                                                   + client_cpu) / args.duration,
                                   1),
        "client_loop_lag_ms": {"p99": ms(percentile(lags, 99)),
                               "max": ms(max(lags) if lags else None)},
        "messages_per_s": round(sum(p.messages for p in parts) / args.duration, 1),
        "message_kib_per_s": round(sum(p.message_bytes for p in parts) / 1024 / args.duration,
                                   1),
    }


async def window_cpu(pid: int, config: Config) -> dict[str, float]:
    """The server's CPU seconds and the machine's busy share over the window."""
    await asyncio.sleep(max(0.0, config.t_start - time.monotonic()))
    cpu0, (busy0, total0) = proc_cpu_seconds(pid), machine_cpu()
    wait0 = run_delay_seconds(pid)
    await asyncio.sleep(max(0.0, config.t_end - time.monotonic()))
    cpu1, (busy1, total1) = proc_cpu_seconds(pid), machine_cpu()
    wait1 = run_delay_seconds(pid)
    share = 100 * (busy1 - busy0) / max(1.0, total1 - total0) * (os.cpu_count() or 1)
    return {"server_cpu": cpu1 - cpu0, "machine_busy": round(share, 1),
            "server_run_delay": wait1 - wait0}


def report(r: dict[str, Any]) -> str:
    lat = r["latency_ms"]
    rss = r["server_rss_mib"]
    lines = [
        f"{r['game']}, {r['players']} seats: 1 person + {r['bots']} bots per table, "
        f"{r['tables']} tables, person thinks {r['people_think_s']} s, "
        f"{r['duration_s']} s window, {r['client_procs']} client process(es), "
        f"{r['cpus']} CPUs",
        f"  tables made in {r['create_tables_s']} s; active in the window: "
        f"{r['tables_active']}/{r['tables']}; sessions ended and replaced: "
        f"{r['tables_replaced']}",
        f"  accepted actions: {r['accepted_actions']} = {r['actions_per_s']}/s server-wide "
        f"({r['person_acts']} of {r['person_acts_sent']} person acts sent acknowledged)",
        f"  act -> ack latency: p50 {lat['p50']} ms, p99 {lat['p99']} ms, max {lat['max']} ms "
        f"({lat['samples']} samples)",
        f"  errors: {r['errors']} {r['errors_by_kind'] or ''}",
        f"  server RSS: start {rss['start']} MiB, peak {rss['peak']} MiB, final {rss['final']} MiB",
        f"  CPU over the window (100% = one core): server {r['server_cpu_percent']}% "
        f"({r['server_cpu_ms_per_action']} ms per accepted action), "
        f"clients {r['client_cpu_percent']}%, other processes {r['other_cpu_percent']}%, "
        f"whole machine {r['machine_busy_percent']}% of {100 * (r['cpus'] or 1)}%",
        f"  server threads runnable but waiting for a CPU: {r['server_cpu_wait_percent']}% "
        "of the window (CPU taken by other processes shows here)",
        f"  client event-loop lag: p99 {r['client_loop_lag_ms']['p99']} ms, "
        f"max {r['client_loop_lag_ms']['max']} ms; received {r['messages_per_s']} messages/s, "
        f"{r['message_kib_per_s']} KiB/s",
    ]
    lines += [f"  sample error: {s}" for s in r["error_samples"]]
    return "\n".join(lines)


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tarock-load-") as tmp:
        return await run(args, Path(tmp))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="concurrent tables (100)")
    parser.add_argument("--people-think", type=float, default=0.5,
                        help="mean seconds a person thinks before acting (0.5)")
    parser.add_argument("--duration", type=float, default=60.0,
                        help="seconds measured (60)")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds between connecting and measuring (5)")
    parser.add_argument("--game", default="hungarian-tarokk")
    parser.add_argument("--options", default="{}", help="rule options as JSON ({})")
    parser.add_argument("--players", type=int, default=None,
                        help="seats per table (the game's default)")
    parser.add_argument("--bots", default="easy", choices=["easy", "normal", "hard"])
    parser.add_argument("--client-procs", type=int, default=1,
                        help="client processes the tables are shared among (1)")
    parser.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                        help="WebSocket permessage-deflate offered by the clients (deflate, as "
                        "browsers do)")
    parser.add_argument("--server-command", default=None,
                        help="the command that starts the server, before --host/--port/--db "
                        "(default: this environment's 'tarock serve'); e.g. to run it under a "
                        "profiler")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print a JSON object")
    args = parser.parse_args()
    if not 1 <= args.tables <= 2000 or not 0 < args.duration <= 600 or args.client_procs < 1:
        parser.error("--tables 1..2000, --duration up to 600 s, --client-procs at least 1")
    # SIGTERM (from `timeout`, say) unwinds like Ctrl-C, so that the server is stopped
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        result = asyncio.run(main_async(args))
    except KeyboardInterrupt:
        sys.exit("interrupted; the server was stopped")
    print(json.dumps(result, indent=2) if args.json else report(result))


if __name__ == "__main__":
    main()
