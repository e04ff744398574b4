"""How long ``tarock serve`` takes to start on a database holding many finished tables, and how
much memory it then holds.

Fills a fresh SQLite file with ``--tables`` finished tables (``--game``, ``--deals`` deals
each, every action a uniformly random legal one, written through the server's own storage) and
``--playing`` tables with a deal in progress, then starts ``tarock serve`` on it twice:

* ``unmarked``: the finished tables not marked finished in the database, as in a database of a
  version before they were: the server replays every table's log, as every start did then,
  finds these finished and marks them;
* ``marked``: the same database again; the server replays only the tables in play and leaves
  the finished ones in the database until someone asks for one.

Reported per start: seconds from starting the process to the first answer of ``/api/health``
(the server answers only once its tables are loaded), the process's VmRSS then, the tables it
replayed and those it kept loaded, and how long a ``GET /api/tables`` took (the median of 5),
which lists every table either way (the finished ones read from the database).

Usage: python benchmarks/server_start.py [--tables 500] [--deals 2] [--playing 10]
       [--game hungarian-tarokk] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

import tarock.games  # noqa: F401  (registers the games)
from server_load import free_port, proc_status
from tarock.core.protocol import make_game
from tarock.server.storage import LoggedAction, SeatSpec, Storage, TableSpec, now
from tarock.server.table import Table

START_LIMIT = 600.0  # seconds a start may take before the run gives up
LIST_REPEATS = 5  # GET /api/tables timed this often; the median is reported
IN_PLAY_ACTIONS = 20  # actions logged at a table still in play (fewer if its deal ends)


def fill(storage: Storage, game: str, tables: int, deals: int, playing: int,
         seed: int) -> tuple[int, int]:
    """Write the tables, none marked finished; returns how many finished and the actions
    written in all."""
    rng = random.Random(seed)
    seats = make_game(game).num_seats
    finished = actions = 0
    for i in range(tables + playing):
        spec = make_spec(f"t{i}", game, seats, seed + i, deals if i < tables else None)
        storage.create_table(spec)
        table = Table(spec)
        log: list[tuple[str, LoggedAction]] = []
        while not table.finished:
            if i >= tables and (table.deal > 0 or len(log) >= IN_PLAY_ACTIONS):
                break
            seat = table.to_act()
            assert seat is not None
            prepared = table.prepare(seat, rng.choice(table.legal(seat)), "bot")
            table.commit(prepared)
            log.append((spec.id, prepared.entry))
        storage.append_actions(log)
        actions += len(log)
        finished += table.finished
    return finished, actions


def make_spec(table_id: str, game: str, seats: int, seed: int,
              deals: int | None = None) -> TableSpec:
    """A table of ``easy`` bots, or of people (away, for an hour before a bot plays for
    them) for a table still in play: nobody plays on while the server starts."""
    if deals is None:
        players = [SeatSpec(s, f"Player {s + 1}", "human", None, f"{s:064x}")
                   for s in range(seats)]
    else:
        players = [SeatSpec(s, f"Bot {s + 1}", "bot", "easy", None) for s in range(seats)]
    return TableSpec(id=table_id, game=game, options={}, seed=seed, deals=deals,
                     turn_seconds=None, takeover_seconds=3600.0, created_at=now(),
                     seats=tuple(players))


def start(db_url: str) -> dict[str, Any]:
    """Start ``tarock serve`` on ``db_url``, time it to its first health answer, read its
    memory and the tables it keeps loaded, and stop it."""
    port = free_port()
    exe = Path(sys.executable).with_name("tarock")
    with tempfile.TemporaryFile("w+") as log:
        t0 = time.perf_counter()
        proc = subprocess.Popen([str(exe), "serve", "--port", str(port), "--db", db_url,
                                 "--log-level", "info"], stdout=subprocess.DEVNULL, stderr=log)
        try:
            with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
                while True:
                    try:
                        if client.get("/api/health").status_code == 200:
                            break
                    except httpx.TransportError:
                        pass
                    if proc.poll() is not None or time.perf_counter() - t0 > START_LIMIT:
                        raise RuntimeError("the server did not start")
                    time.sleep(0.02)
                seconds = time.perf_counter() - t0
                rss = proc_status(proc.pid).get("VmRSS", 0)
                times = []
                for _ in range(LIST_REPEATS):
                    t1 = time.perf_counter()
                    listed = len(client.get("/api/tables").json())
                    times.append((time.perf_counter() - t1) * 1000)
                list_ms = statistics.median(times)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        log.seek(0)
        lines = log.read()
    loaded = lines.count(" loaded at seq ")
    return {"start_s": round(seconds, 3), "rss_mib": round(rss / 1024, 1),
            "replayed": loaded + lines.count(" not kept loaded"), "loaded": loaded,
            "listed": listed, "list_ms": round(list_ms, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--playing", type=int, default=10)
    parser.add_argument("--game", default="hungarian-tarokk")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{tmp}/start.db"
        storage = Storage(db_url)
        finished, actions = fill(storage, args.game, args.tables, args.deals, args.playing,
                                 args.seed)
        storage.close()
        report = {"game": args.game, "finished_tables": finished,
                  "playing_tables": args.tables + args.playing - finished,
                  "actions": actions, "unmarked": start(db_url), "marked": start(db_url)}
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['finished_tables']} finished and {report['playing_tables']} playing "
          f"{args.game} tables, {actions} actions logged")
    for name in ("unmarked", "marked"):
        r = report[name]
        print(f"{name:9} start {r['start_s']} s, RSS {r['rss_mib']} MiB, {r['replayed']} "
              f"tables replayed, {r['loaded']} kept loaded, {r['listed']} listed in "
              f"{r['list_ms']} ms")


if __name__ == "__main__":
    main()
