"""The share-of-the-gap benchmark runs a search player with settings (``--search``), so that a
measurement of one of its settings has a command that reruns it."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest
from benchmark_support import load_benchmark

from tarock.arena.stats import mean_interval
from tarock.core.records import read_records


def measurement(**given: object) -> argparse.Namespace:
    """``gap_share.py``'s arguments for a small Bavarian measurement, with ``given`` in place of
    the defaults."""
    defaults: dict[str, object] = dict(
        game="bavarian-tarock", deals=1, seed=[3], think=0.05, workers=1, option=None,
        records_dir=None, search="search:samples=1", compare=None, gains=None)
    return argparse.Namespace(**{**defaults, **given})


def test_the_search_kind_with_its_settings_plays_against_the_heuristic(tmp_path: Path) -> None:
    kind = "search:rollouts=false:samples=2"
    args = measurement(records_dir=tmp_path, search=kind)
    out = load_benchmark("gap_share").measure(args)
    assert out["search_kind"] == kind
    assert out["search"]["n"] == out["omniscient"]["n"] == out["share"]["n"] == 1
    records = read_records(tmp_path / "arena-bavarian-tarock-search-3.jsonl")
    assert {name for r in records for name in r["players"]} == {kind, "heuristic"}


def test_a_second_kind_is_compared_on_the_same_deals(tmp_path: Path) -> None:
    """``--compare``: both kinds against the heuristic on the same deals, and their difference
    deal by deal, which is the difference of their gains."""
    first, second = "search:rollouts=false:samples=2", "search:rollouts=false:samples=1"
    args = measurement(deals=2, records_dir=tmp_path, search=first, compare=second)
    out = load_benchmark("gap_share").measure(args)
    assert out["compare_kind"] == second and out["search_minus_compare"]["n"] == 2
    gap = out["search"]["mean"] - out["compare"]["mean"]
    assert abs(out["search_minus_compare"]["mean"] - gap) < 1e-3
    records = read_records(tmp_path / "arena-bavarian-tarock-compare-3.jsonl")
    assert {r["deal"]["hands"][0][0] for r in records} == {
        r["deal"]["hands"][0][0] for r in read_records(
            tmp_path / "arena-bavarian-tarock-search-3.jsonl")}


def test_several_seeds_are_measured_one_by_one_and_together(tmp_path: Path) -> None:
    """``--seed 3 6``: each seed's deals with their own figures, and every figure over all the
    deals together, as the deals of the two seeds concatenated."""
    kind = "search:rollouts=false:samples=1"
    args = measurement(seed=[3, 6], records_dir=tmp_path, search=kind)
    out = load_benchmark("gap_share").measure(args)
    assert out["deals"] == 2 and out["seed"] == [3, 6]
    assert [part["seed"] for part in out["per_seed"]] == [3, 6]
    for key in ("search", "omniscient"):
        assert out[key]["n"] == 2
        per_seed = [part[key]["mean"] for part in out["per_seed"]]
        assert abs(out[key]["mean"] - sum(per_seed) / 2) < 1e-3
    together = out["search"]["mean"] / out["omniscient"]["mean"]
    assert out["share"]["n"] == 2 and abs(out["share"]["mean"] - together) < 1e-3
    for seed in (3, 6):
        records = read_records(tmp_path / f"arena-bavarian-tarock-search-{seed}.jsonl")
        assert len(records) == 2  # the deal, played once per rotation


def test_deals_without_a_gap_have_no_share() -> None:
    """Seed 4's first Bavarian deal gives the omniscient player nothing over the heuristic: its
    share is reported as none instead of failing the run (a division by zero)."""
    args = measurement(seed=[4])
    out = load_benchmark("gap_share").measure(args)
    assert out["omniscient"]["mean"] == 0 and out["share"] is None


def test_gains_kept_seed_by_seed_are_read_again_as_the_run_printed_them(tmp_path: Path) -> None:
    """``--gains``: one line a seed; ``--pool`` over them gives every figure of the run, per
    seed and over all the deals together, whether the seeds lie in one file or in several."""
    gap_share = load_benchmark("gap_share")
    gains = tmp_path / "gains.jsonl"
    args = measurement(deals=2, seed=[3, 6], search="search:rollouts=false:samples=1",
                       compare="search:rollouts=false:samples=2", gains=gains)
    out = gap_share.measure(args)
    lines = gains.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["seed"] for line in lines] == [3, 6]
    assert gap_share.pool([gains]) == out
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text(lines[0] + "\n", encoding="utf-8")
    second.write_text(lines[1] + "\n", encoding="utf-8")
    assert gap_share.pool([first, second]) == out
    alone = gap_share.pool([second])
    assert alone["seed"] == 6 and alone["share"] == out["per_seed"][1]["share"]


def test_gains_of_another_measurement_or_a_seed_twice_are_not_pooled(tmp_path: Path) -> None:
    gap_share = load_benchmark("gap_share")
    gains = tmp_path / "gains.jsonl"
    args = measurement(gains=gains)
    gap_share.measure(args)
    line = json.loads(gains.read_text(encoding="utf-8"))
    with pytest.raises(gap_share.PoolError, match="twice"):
        gap_share.pool([gains, gains])
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({**line, "seed": 4, "think": 1.0}) + "\n", encoding="utf-8")
    with pytest.raises(gap_share.PoolError, match="seed 4 was measured with"):
        gap_share.pool([gains, other])
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    with pytest.raises(gap_share.PoolError, match="no seed"):
        gap_share.pool([empty])
    broken = tmp_path / "broken.jsonl"
    broken.write_text(json.dumps({"seed": 5}) + "\n", encoding="utf-8")
    with pytest.raises(gap_share.PoolError, match=r"broken\.jsonl:1 is not a line of --gains"):
        gap_share.pool([broken])
    short = tmp_path / "short.jsonl"
    cut = {**line["gains"], "omniscient": line["gains"]["omniscient"][:0]}
    short.write_text(json.dumps({**line, "gains": cut}) + "\n", encoding="utf-8")
    with pytest.raises(gap_share.PoolError, match="not one list of deals"):
        gap_share.pool([short])


GAINS = Path(__file__).parents[2] / "benchmarks" / "gains"


def kept_seeds(name: str) -> dict[int, dict[str, Any]]:
    """The lines of a kept gains file, by seed."""
    return {line["seed"]: line for line in map(json.loads, (GAINS / f"{name}.jsonl").open())}


def paired_gain(longer: str, shorter: str, seeds: list[int]) -> list[float]:
    """Two kept runs of the search player on the deals of ``seeds``: the first's gain minus the
    second's, deal by deal. The omniscient player's gains must agree, as on the same deals
    they do."""
    first, second = kept_seeds(longer), kept_seeds(shorter)
    out: list[float] = []
    for seed in seeds:
        one, two = first[seed]["gains"], second[seed]["gains"]
        assert one["omniscient"] == two["omniscient"]
        out += [a - b for a, b in zip(one["search"], two["search"], strict=True)]
    return out


def rounded(interval: dict[str, Any]) -> list[float]:
    """A figure's mean and interval as the docs print them."""
    return [round(interval[k], 2) for k in ("mean", "ci_low", "ci_high")]


@pytest.mark.parametrize(("name", "game", "think", "seed", "search", "share"), [
    ("hungarian-tarokk-1s-bonuses-read", "hungarian-tarokk", 1.0, [208, 207, 206],
     [2.03, 1.43, 2.63], [0.66, 0.49, 0.83]),
    ("hungarian-tarokk-0.25s-bonuses-read", "hungarian-tarokk", 0.25, list(range(64, 70)),
     [1.91, 1.47, 2.34], [0.67, 0.54, 0.80]),
    ("bavarian-tarock-1s", "bavarian-tarock", 1.0, list(range(200, 207)),
     [12.34, 10.70, 13.99], [0.66, 0.58, 0.74]),
    ("hungarian-tarokk-1s", "hungarian-tarokk", 1.0, [206, 207, 208], [2.78, 1.45, 4.11],
     [0.90, 0.48, 1.33]),
])
def test_the_kept_gains_reprint_the_strength_pages_rows(
        name: str, game: str, think: float, seed: list[int], search: list[float],
        share: list[float]) -> None:
    """The strength page's rows whose gains are kept in the repository (the Hungarian rows at
    1 s and 0.25 s, the Bavarian row at 1 s) are reprinted from them, so that later seeds can
    be pooled with them: each file holds 200 deals a seed and gives the row's figures. The last
    file holds the Hungarian 1 s row's deals as the player before it read the other team's
    bonuses played them (+2.78 [+1.45, +4.11], 90% [48%, 133%])."""
    out = load_benchmark("gap_share").pool([GAINS / f"{name}.jsonl"])
    assert (out["game"], out["think"], out["search_kind"]) == (game, think, "search")
    assert (out["deals"], out["seed"]) == (200 * len(seed), seed)
    assert rounded(out["search"]) == search
    assert rounded(out["share"]) == share


@pytest.mark.parametrize(("name", "think", "search_kind", "seed", "search", "share", "longer",
                          "shorter", "difference"), [
    ("bavarian-tarock-4s-800-worlds", 4.0, "search:samples=800", 200, [9.41, 5.75, 13.06],
     [0.58, 0.35, 0.80], "bavarian-tarock-4s-800-worlds", "bavarian-tarock-1s",
     [-1.02, -4.66, 2.61]),
    ("bavarian-tarock-0.25s", 0.25, "search", [200, 201, 202, 203], [12.62, 10.64, 14.61],
     [0.68, 0.59, 0.77], "bavarian-tarock-1s", "bavarian-tarock-0.25s", [0.34, -1.35, 2.02]),
])
def test_the_bavarian_budgets_on_the_same_deals_reprint_the_historys_figures(
        name: str, think: float, search_kind: str, seed: int | list[int], search: list[float],
        share: list[float], longer: str, shorter: str, difference: list[float]) -> None:
    """The Bavarian runs at 4 s a move (up to 800 worlds, seed 200) and at 0.25 s (seeds 200
    to 203) are kept, and each with the kept run at 1 s on its deals gives the history's
    figures: its own row, and the longer budget's gain minus the shorter's, deal by deal."""
    out = load_benchmark("gap_share").pool([GAINS / f"{name}.jsonl"])
    assert (out["think"], out["search_kind"], out["seed"]) == (think, search_kind, seed)
    assert rounded(out["search"]) == search
    assert rounded(out["share"]) == share
    seeds = list(kept_seeds(name))  # the deals of the run, paired in the other file
    assert rounded(asdict(mean_interval(paired_gain(longer, shorter, seeds)))) == difference
