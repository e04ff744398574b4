"""The posterior check: a heuristic player always plays the heuristic's card and a random one does
not; worlds that are all the true deal have no bias, a PIT of one half and likelihood ratios of
one; a seat's decision in the chosen trick is measured once, about the hands its game names."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from benchmark_support import load_benchmark

from tarock.arena import run_arena
from tarock.core.records import read_records, walk
from tarock.players.search import search_domain


def test_the_share_of_heuristic_cards_tells_the_kinds_apart(tmp_path: Path) -> None:
    posterior = load_benchmark("posterior_check")
    path = tmp_path / "records.jsonl"
    run_arena("bavarian-tarock", None, ["random", "heuristic"], 3, 5, records_path=path)
    rows, factors, agree = posterior.measure([path], "pickup", 1, 20)
    heuristic = [x for key, xs in agree.items() if key.startswith("heuristic ") for x in xs]
    random_cards = [x for key, xs in agree.items() if key.startswith("random ") for x in xs]
    assert heuristic and all(heuristic)
    assert random_cards and not all(random_cards)
    pickups = sum(r["result"].get("contract") == "pickup" for r in read_records(path))
    # each defender's first card, where it had a choice: at most two a deal
    assert 0 < sum(len(group) for group in rows.values()) <= 2 * pickups
    for group in rows.values():
        for row in group:
            assert 0 < row["worlds"] <= 20
            assert set(row["truth"]) == {"trumps", "points", "estimate"}
            assert all(0 <= row[name][key] <= 1 for name in row["truth"]
                       for key in ("pit", "pit_unweighted"))
    assert set(rows) == set(factors) <= {"declared by random", "declared by heuristic"}
    assert all("AuctionLikelihood" in d for ds in factors.values() for d in ds)
    summary = posterior.summary(rows, factors, agree)
    assert set(summary["posterior"]) == set(rows)
    assert summary["heuristic_card"]["heuristic pickup defender"]["mean"] == 1.0


def test_a_hungarian_seat_is_asked_about_the_three_others(tmp_path: Path) -> None:
    posterior = load_benchmark("posterior_check")
    path = tmp_path / "records.jsonl"
    run_arena("hungarian-tarokk", None, ["random", "heuristic"], 1, 5, records_path=path)
    rows, factors, agree = posterior.measure([path], "hand", 2, 20)
    assert all(x for key, xs in agree.items() if key.startswith("heuristic ") for x in xs)
    assert not all(agree["random opponent"] + agree["random declarer"])
    decisions = len(factors["every seat"])
    assert decisions and sum(len(group) for group in rows.values()) == 3 * decisions
    assert set(rows) <= {f"{kind} {role}" for kind in ("random", "heuristic")
                         for role in ("bidder", "passer")}
    for group in rows.values():
        for row in group:
            assert set(row["truth"]) == {"tarokks", "points", "strength"}
            assert 0 <= row["truth"]["tarokks"] <= 22


class TrueWorlds:
    """A domain whose sampler deals only the true deal: a posterior that knows everything."""

    def __init__(self, domain: Any, state: Any):
        self.domain, self.world = domain, domain.true_world(state)

    def sampler(self, game: Any, obs: dict[str, Any]) -> Any:
        world = self.world

        class Sampler:
            def sample(self, rng: random.Random) -> Any:
                return world

        return Sampler()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.domain, name)


def test_worlds_that_are_the_truth_have_no_bias(tmp_path: Path) -> None:
    posterior = load_benchmark("posterior_check")
    path = tmp_path / "records.jsonl"
    run_arena("bavarian-tarock", None, ["heuristic", "cautious"], 2, 7, records_path=path)
    checked = 0
    for record in read_records(path):
        for state, item, _ in walk(record):
            game = state.game
            obs = state.observation(item["seat"])
            if item["type"] == "play" and obs.get("declarer") not in (None, item["seat"]):
                domain = TrueWorlds(search_domain(game), state)
                ratios, rows = posterior.posterior(
                    game, domain, posterior.SPECS["bavarian-tarock"], state, obs,
                    [(obs["declarer"], "the declarer")], 5, random.Random(1))
                [row] = rows
                assert row["worlds"] == 5
                for name in row["truth"]:
                    assert abs(row[name]["bias"]) < 1e-9
                    assert abs(row[name]["bias_unweighted"]) < 1e-9
                    assert row[name]["pit"] == row[name]["pit_unweighted"] == 0.5
                assert ratios and all(abs(v) < 1e-12 for v in ratios.values())
                checked += 1
                break
    assert checked
