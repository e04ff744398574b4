"""The share-of-the-gap benchmark runs a search player with settings (``--search``), so that a
measurement of one of its settings has a command that reruns it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

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
    kept = Path(__file__).parents[2] / "benchmarks" / "gains" / f"{name}.jsonl"
    out = load_benchmark("gap_share").pool([kept])
    assert (out["game"], out["think"], out["search_kind"]) == (game, think, "search")
    assert (out["deals"], out["seed"]) == (200 * len(seed), seed)
    assert [round(out["search"][k], 2) for k in ("mean", "ci_low", "ci_high")] == search
    assert [round(out["share"][k], 2) for k in ("mean", "ci_low", "ci_high")] == share


def test_four_seconds_against_one_reprint_the_historys_figures() -> None:
    """The Bavarian run at 4 s a move (up to 800 worlds) on the deals of seed 200 is kept, and
    with the same seed's run at 1 s gives the history's figures: its own row, and the paired
    difference deal by deal (the omniscient player's gains the same: the same deals)."""
    gains = Path(__file__).parents[2] / "benchmarks" / "gains"
    gap_share = load_benchmark("gap_share")
    out = gap_share.pool([gains / "bavarian-tarock-4s-800-worlds.jsonl"])
    assert (out["think"], out["search_kind"], out["seed"]) == (4.0, "search:samples=800", 200)
    assert [round(out["search"][k], 2) for k in ("mean", "ci_low", "ci_high")] == [
        9.41, 5.75, 13.06]
    assert [round(out["share"][k], 2) for k in ("mean", "ci_low", "ci_high")] == [
        0.58, 0.35, 0.80]
    four = json.loads((gains / "bavarian-tarock-4s-800-worlds.jsonl").read_text("utf-8"))
    one = next(line for line in map(json.loads, (gains / "bavarian-tarock-1s.jsonl").open())
               if line["seed"] == 200)
    assert four["gains"]["omniscient"] == one["gains"]["omniscient"]
    diff = mean_interval([b - a for a, b in zip(one["gains"]["search"],
                                                four["gains"]["search"], strict=True)])
    assert [round(x, 2) for x in (diff.mean, diff.ci_low, diff.ci_high)] == [-1.02, -4.66, 2.61]
