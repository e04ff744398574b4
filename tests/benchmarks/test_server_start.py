"""The start benchmark measures what it says: the first start replays every table's log and
keeps only those in play, a later start replays only those, and both list every table."""

from __future__ import annotations

import json
import subprocess
import sys

from benchmark_support import BENCHMARKS


def test_a_later_start_replays_only_the_tables_in_play() -> None:
    run = subprocess.run([sys.executable, str(BENCHMARKS / "server_start.py"), "--tables", "4",
                          "--deals", "1", "--playing", "2", "--game", "bavarian-tarock",
                          "--json"], capture_output=True, text=True, timeout=300, check=True)
    report = json.loads(run.stdout)
    assert (report["finished_tables"], report["playing_tables"]) == (4, 2)
    first, later = report["unmarked"], report["marked"]
    assert (first["replayed"], first["loaded"], first["listed"]) == (6, 2, 6)
    assert (later["replayed"], later["loaded"], later["listed"]) == (2, 2, 6)
    assert later["start_s"] > 0 and later["rss_mib"] > 0 and later["list_ms"] > 0
