"""Arena runs: N, scores recomputed from the records, determinism across workers, bad input."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import tarock.games  # noqa: F401  (registers the games)
from tarock.arena import backends
from tarock.arena.runner import ArenaResult, deal_seed, play_unit, run_arena
from tarock.arena.schedule import duplicate_schedule
from tarock.core.errors import InvalidOptionError, TarockError, UnknownGameError
from tarock.core.protocol import make_game
from tarock.core.records import read_records, replay
from tarock.players import base as players_base
from tarock.players import player_names

GAME = "hungarian-tarokk"
KINDS = ["cautious", "random"]
DEALS = 6


@pytest.fixture(scope="module", params=[4, 5], ids=["4p", "5p"])
def arena(request: pytest.FixtureRequest,
          tmp_path_factory: pytest.TempPathFactory) -> tuple[ArenaResult, Path]:
    path = tmp_path_factory.mktemp("arena") / "records.jsonl"
    done: list[int] = []
    result = run_arena(GAME, {"players": request.param}, KINDS, DEALS, seed=5,
                       records_path=path, progress=done.append)
    assert sum(done) == DEALS
    return result, path


def test_every_type_has_one_value_per_deal(arena: tuple[ArenaResult, Path]):
    result, _ = arena
    assert result.deals == DEALS
    assert [u.unit for u in result.units] == list(range(DEALS))
    assert set(result.per_type) == set(KINDS)
    for kind in KINDS:
        assert result.per_type[kind].n == DEALS
    assert result.difference is not None and result.difference.n == DEALS
    data = result.to_json()
    assert data["players"]["cautious"]["n"] == DEALS
    assert data["difference"]["first"] == "cautious"
    assert data["options"]["players"] == len(result.schedule[0])


def test_each_type_holds_each_played_hand_once(arena: tuple[ArenaResult, Path]):
    result, _ = arena
    for unit in result.units:
        assert unit.hands == {"cautious": 4, "random": 4}  # four hands are played per deal


def test_records_replay_and_reproduce_the_scores(arena: tuple[ArenaResult, Path]):
    result, path = arena
    records = read_records(path)
    seats = len(result.schedule[0])
    assert len(records) == DEALS * len(KINDS)
    assert [r["arena"] for r in records] == [{"unit": u, "rotation": r}
                                             for u in range(DEALS) for r in range(len(KINDS))]
    for unit in result.units:
        rows = records[unit.unit * 2: unit.unit * 2 + 2]
        totals = dict.fromkeys(KINDS, 0)
        for rotation, record in enumerate(rows):
            assert record["players"] == list(result.schedule[rotation])
            assert record["seed"] == deal_seed(5, unit.unit) == unit.deal_seed
            assert record["dealer"] == unit.unit % seats
            assert record["deal"] == rows[0]["deal"]  # the same cards in every rotation
            state = replay(record)
            active = [s for s, hand in enumerate(record["deal"]["hands"]) if hand]
            assert len(active) == 4
            for seat in active:
                totals[record["players"][seat]] += state.result()["scores"][seat]
        assert unit.scores == {k: pytest.approx(totals[k] / 4) for k in KINDS}


def test_two_types_at_a_zero_sum_table_mirror_each_other(arena: tuple[ArenaResult, Path]):
    result, _ = arena
    for unit in result.units:
        assert unit.scores["cautious"] == pytest.approx(-unit.scores["random"])
    assert result.difference.mean == pytest.approx(2 * result.per_type["cautious"].mean)


def test_results_do_not_depend_on_the_worker_count(tmp_path: Path):
    runs = {}
    for workers in (1, 2):
        path = tmp_path / f"w{workers}.jsonl"
        result = run_arena(GAME, {"players": 5}, KINDS, 5, seed=9, workers=workers,
                           records_path=path)
        runs[workers] = (result.to_json() | {"records": None}, path.read_bytes())
    assert runs[1] == runs[2]


def test_play_unit_is_deterministic():
    game = make_game(GAME)
    a = play_unit(game, KINDS, 3, 2)
    b = play_unit(game, KINDS, 3, 2)
    assert (a.scores, a.records) == (b.scores, b.records)


def test_a_single_kind_is_a_baseline():
    result = run_arena(GAME, None, ["random"], 3, seed=1)
    assert result.schedule == duplicate_schedule(["random"], 4)
    assert result.per_type["random"].mean == 0  # everyone's hands sum to zero
    assert result.difference is None
    assert "difference" not in result.to_json()


class _FirstLegal:
    name = "first-legal"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def act(self, game, observation, legal):
        return legal[0]


def test_three_kinds_on_four_seats(monkeypatch: pytest.MonkeyPatch):
    player_names()  # load the built-in kinds, then add a test-only one for this test alone
    monkeypatch.setitem(players_base._FACTORIES, "first-legal", _FirstLegal)
    kinds = ["cautious", "random", "first-legal"]
    result = run_arena(GAME, None, kinds, 3, seed=1)
    assert result.schedule == (("cautious", "random", "first-legal", "cautious"),
                               ("random", "first-legal", "cautious", "random"),
                               ("first-legal", "cautious", "random", "first-legal"))
    assert all(u.hands == dict.fromkeys(kinds, 4) for u in result.units)
    assert result.difference is None
    assert sum(result.per_type[k].mean for k in kinds) == pytest.approx(0)


@pytest.mark.parametrize(("kwargs", "error", "needle"), [
    ({"deals": 0}, InvalidOptionError, "deals"),
    ({"workers": 0}, InvalidOptionError, "workers"),
    ({"player_kinds": ["cautious", "nobody"]}, InvalidOptionError, "unknown player 'nobody'"),
    ({"player_kinds": ["random", "random"]}, InvalidOptionError, "repeat"),
    ({"player_kinds": []}, InvalidOptionError, "no player kinds"),
    ({"game_name": "skat"}, UnknownGameError, "unknown game"),
    ({"options": {"players": 7}}, InvalidOptionError, "players"),
])
def test_bad_input_is_refused_before_playing(kwargs: dict, error: type, needle: str,
                                             tmp_path: Path):
    args = {"game_name": GAME, "options": None, "player_kinds": KINDS, "deals": 2, "seed": 0,
            "records_path": tmp_path / "x.jsonl"} | kwargs
    with pytest.raises(error, match=needle):
        run_arena(**args)
    assert not (tmp_path / "x.jsonl").exists()


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(backends.ArenaBackendError, match=r"Ray is not installed.*tarock\[ray\]"):
        run_arena(GAME, None, KINDS, 2, seed=0, ray_address="local",
                  records_path=tmp_path / "x.jsonl")
    assert not (tmp_path / "x.jsonl").exists()
    assert issubclass(backends.ArenaBackendError, TarockError)


def test_chunks_cover_every_unit_in_order():
    for deals in (1, 7, 100, 1000):
        for parallelism in (1, 2, 16):
            parts = backends.chunks(deals, parallelism)
            assert [u for part in parts for u in part] == list(range(deals))
            assert max(len(p) for p in parts) <= backends.MAX_CHUNK
