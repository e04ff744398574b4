"""The spread benchmark files arena deals under the choices one kind made where the other would
have chosen otherwise; its per-deal differences must be the arena's own, or its shares of the
spread would describe some other quantity."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmark_support import load_benchmark

from tarock.arena import run_arena


@pytest.mark.parametrize(("game", "options"), [
    ("hungarian-tarokk", {}),
    ("bavarian-tarock", {"seats": 4}),  # the dealer sits out: his seat is not scored
])
def test_deals_carry_the_arenas_differences_and_the_choices_that_differ(
        tmp_path: Path, game: str, options: dict[str, object]) -> None:
    path = tmp_path / "records.jsonl"
    result = run_arena(game, options, ["cautious", "heuristic"], deals=4, seed=5,
                       records_path=path)
    bench = load_benchmark("choice_spread")
    first, second, deals = bench.read_deals([path], "before")
    assert (first, second) == ("cautious", "heuristic")
    assert [d.difference for d in deals] == pytest.approx(
        [u.scores["cautious"] - u.scores["heuristic"] for u in result.units])
    assert any(d.divergences for d in deals)  # the cautious player bids less
    assert all(not g.startswith("play:") for d in deals for g in d.divergences)

    phase, choices = next(iter(next(d for d in deals if d.divergences).divergences)).split(": ", 1)
    assert phase != "play" and " -> " in choices


def test_the_groups_share_out_the_spread(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    run_arena("hungarian-tarokk", {}, ["cautious", "heuristic"], deals=6, seed=2,
              records_path=path)
    bench = load_benchmark("choice_spread")
    _, _, deals = bench.read_deals([path], "all")
    out = bench.spread(deals, min_deals=1)
    assert out["all"]["deals"] == 6 and out["all"]["spread_share"] == pytest.approx(1.0)
    parts = [out[key] for key in ("with", "without") if out[key] is not None]
    assert sum(p["deals"] for p in parts) == 6
    assert sum(p["spread_share"] for p in parts) == pytest.approx(1.0, abs=2e-3)
    assert any(name.startswith("play:") for name in out["divergences"])  # --phases all
    for group in out["divergences"].values():
        if group["deals"] > 1:
            assert group["ci_low"] <= group["mean"] <= group["ci_high"]
        else:  # one deal has no interval
            assert group["ci_low"] is None and group["ci_high"] is None
