"""The solver benchmark refuses a count of deals that leaves nothing to take a median of."""

from __future__ import annotations

import subprocess
import sys

from benchmark_support import BENCHMARKS


def test_no_endgame_deals_is_refused_before_anything_runs() -> None:
    run = subprocess.run([sys.executable, str(BENCHMARKS / "solver_speed.py"),
                          "--endgame-deals", "0"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert "0 is not a positive number of deals" in run.stderr
