"""The Bavarian card losses read from records: the omniscient player, who solves the true deal,
loses nothing by the measure; the heuristic beside it loses something and never less than
nothing; every card decision with a choice is counted once, by contract, role and trick."""

from __future__ import annotations

from pathlib import Path

from benchmark_support import load_benchmark

from tarock.arena import run_arena
from tarock.core.records import read_records


def test_the_omniscient_player_loses_nothing_and_the_heuristic_something(tmp_path: Path) -> None:
    losses_module = load_benchmark("bavarian_card_losses")
    path = tmp_path / "records.jsonl"
    run_arena("bavarian-tarock", None, ["omniscient", "heuristic"], 4, 5, records_path=path)
    losses = losses_module.card_losses([path])
    by_kind: dict[str, list[float]] = {"omniscient": [], "heuristic": []}
    for (kind, _, role, trick), values in losses.items():
        assert role in ("declarer", "defender") and 1 <= trick <= 11
        by_kind[kind] += values
    assert by_kind["omniscient"] and max(by_kind["omniscient"]) < 1e-9
    assert min(by_kind["heuristic"]) >= 0 and max(by_kind["heuristic"]) > 0
    records = read_records(path)
    contracts = {r["result"].get("contract") or "none" for r in records}
    assert {contract for _, contract, _, _ in losses} <= contracts
    summary = losses_module.summary(losses, by_trick=True)
    counted = sum(row["all"]["n"] for row in summary.values())
    assert counted == sum(len(v) for v in losses.values())
    assert all(sum(iv["n"] for iv in row["by_trick"].values()) == row["all"]["n"]
               for row in summary.values())
