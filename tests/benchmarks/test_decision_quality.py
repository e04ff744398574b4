"""The decision benchmark's player that records its worlds must stay a drop-in search player:
it overrides the search loop, so a new argument of that loop breaks ``--policies`` (the retry
of a first world that runs out once did) without any product test noticing."""

from __future__ import annotations

from benchmark_support import load_benchmark


def test_policies_replay_the_recorded_worlds_of_ottocento_card_play() -> None:
    out = load_benchmark("decision_quality").measure("ottocento", "cards", 2, 0.05, 14, 14,
                                                     seed=1, place="any", policies=True)
    assert out["loss"]["heuristic"]["n"] == 2
    own = [r for r in out["rules"] if r["confidence"] == 1.0 and r["settle"] is not None]
    assert own and all(r["minus_own_rule"]["mean"] == 0 for r in own)
    assert all(r["loss"]["n"] == 2 for r in out["rules"])
