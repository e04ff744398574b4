"""The arena on a local Ray instance gives exactly what the local backend gives.

The Ray run is a separate ``tarock arena --ray local`` process in its own process group, with a
time limit: if Ray cannot start its workers (for instance on a machine short of memory) the test
fails after the limit, with Ray's last words, instead of hanging, and kills whatever Ray started.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tarock.arena.runner import run_arena

if importlib.util.find_spec("ray") is None:
    pytest.skip("ray is not installed (pip install 'tarock[ray]')", allow_module_level=True)

LIMIT_S = 240
CLI = "from tarock.cli.app import main; main()"


def test_ray_local_matches_in_process(tmp_path: Path):
    local = run_arena("hungarian-tarokk", {"players": 5}, ["cautious", "random"], 6, seed=8,
                      records_path=tmp_path / "local.jsonl")
    out = tmp_path / "ray.jsonl"
    args = ["arena", "--deals", "6", "--seed", "8", "--players", "cautious,random",
            "--option", "players=5", "--workers", "2", "--ray", "local", "--out", str(out),
            "--json"]
    proc = subprocess.Popen([sys.executable, "-c", CLI, *args], cwd=tmp_path, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        stdout, stderr = proc.communicate(timeout=LIMIT_S)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        pytest.fail(f"the Ray arena did not finish within {LIMIT_S} s: {stderr[-2000:]}")
    assert proc.returncode == 0, stderr[-2000:]
    assert json.loads(stdout) == local.to_json() | {"records": str(out)}
    assert out.read_bytes() == (tmp_path / "local.jsonl").read_bytes()


def test_simulate_on_ray_local_matches_in_process(tmp_path: Path):
    """``tarock simulate --ray local`` writes the records ``tarock simulate`` writes here."""
    outputs = {}
    for label, extra in (("here", []), ("ray", ["--workers", "2", "--ray", "local"])):
        out = tmp_path / f"{label}.jsonl"
        args = ["simulate", "--deals", "5", "--seed", "3", "--players", "cautious",
                "--option", "players=5", "--out", str(out), "--json", *extra]
        proc = subprocess.Popen([sys.executable, "-c", CLI, *args], cwd=tmp_path, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
        try:
            stdout, stderr = proc.communicate(timeout=LIMIT_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            stdout, stderr = proc.communicate()
            pytest.fail(f"simulate {label} did not finish within {LIMIT_S} s: {stderr[-2000:]}")
        assert proc.returncode == 0, stderr[-2000:]
        outputs[label] = json.loads(stdout) | {"out": None}, out.read_bytes()
    assert outputs["ray"] == outputs["here"]
