"""``benchmarks/search_worlds.py``: the worlds a search player values, with its settings."""

from __future__ import annotations

from benchmark_support import load_benchmark


def test_the_worlds_counted_are_the_named_settings_players() -> None:
    # Four worlds at most (``samples``) and a budget no decision runs out of: every decision
    # counted values at most four, and with the early stop at 16 (``settle``) out of reach, the
    # budget generous, some value exactly four. A kind's settings that were not passed on would
    # let the default of 200 worlds through.
    rows = load_benchmark("search_worlds").measure("bavarian-tarock", 5.0, 2, 1000,
                                                   "search:samples=4")
    assert rows
    assert all(r["median_worlds"] <= 4 and r["mean_worlds"] <= 4 for r in rows)
    assert any(r["median_worlds"] == 4 for r in rows)
