"""The decision benchmark. Its player that records its worlds must stay a drop-in search player:
it overrides the search loop, so a new argument of that loop breaks ``--policies`` (the retry
of a first world that runs out once did) without any product test noticing. And the players it
sets against the heuristic are the kinds named, refused before any deal where they are wrong."""

from __future__ import annotations

import pytest
from benchmark_support import load_benchmark

from tarock.players import make_player


def test_policies_replay_the_recorded_worlds_of_ottocento_card_play() -> None:
    out = load_benchmark("decision_quality").measure("ottocento", "cards", 2, 0.05, 14, 14,
                                                     seed=1, place="any", policies=True)
    assert out["loss"]["heuristic"]["n"] == 2
    own = [r for r in out["rules"] if r["confidence"] == 1.0 and r["settle"] is not None]
    assert own and all(r["minus_own_rule"]["mean"] == 0 for r in own)
    assert all(r["loss"]["n"] == 2 for r in out["rules"])


def test_policies_replay_the_worlds_played_out_in_ottocentos_first_tricks() -> None:
    """``--kind played``: the cards are valued by play-outs in the true deal, and the search
    player's played-out worlds are replayed under every rule."""
    out = load_benchmark("decision_quality").measure("ottocento", "played", 2, 0.05, 1, 3,
                                                     seed=1, place="any", policies=True)
    assert out["tricks"] == [1, 3] and out["loss"]["heuristic"]["n"] == 2
    assert all(r["loss"]["n"] == 2 and r["loss"]["mean"] >= 0 for r in out["rules"])


def test_policies_compare_with_hungarian_tarokks_own_rule() -> None:
    """Hungarian tarokk's own rule is no margin and no early stop: the paired differences are
    taken from that rule there, so its own difference is nought."""
    out = load_benchmark("decision_quality").measure("hungarian-tarokk", "cards", 2, 0.05, 8, 8,
                                                     seed=1, place="any", policies=True)
    own = [r for r in out["rules"] if r["confidence"] == 0.0 and r["settle"] is None]
    assert own and own[0]["minus_own_rule"]["mean"] == 0
    assert own[0]["minus_own_rule"]["ci_low"] == own[0]["minus_own_rule"]["ci_high"] == 0


def test_the_players_compared_are_the_kinds_named() -> None:
    """``--search`` and ``--compare`` name the two players set against the heuristic: here a
    random player and the heuristic itself, whose choices are the heuristic's."""
    out = load_benchmark("decision_quality").measure(
        "hungarian-tarokk", "cards", 6, 0.05, 1, 3, seed=1, place="any", search="random",
        compare="heuristic")
    assert (out["search"], out["compare"]) == ("random", "heuristic")
    assert out["loss"]["compare"] == out["loss"]["heuristic"]
    assert out["search_minus_compare"] == out["search_minus_heuristic"]
    assert out["search_minus_heuristic"]["mean"] != 0  # a random card now and then costs
    assert out["differs_from_search"]["compare"] == out["differs_from_search"]["heuristic"] > 0


def test_the_decisions_chosen_differently_are_counted() -> None:
    """A setting compared with itself (the same kind, seeded alike at each decision) chooses
    as the search player does at every decision; the heuristic does not everywhere."""
    out = load_benchmark("decision_quality").measure(
        "hungarian-tarokk", "cards", 6, 0.05, 1, 3, seed=1, place="any", search="random",
        compare="random")
    assert out["differs_from_search"]["compare"] == 0
    assert out["search_minus_compare"]["mean"] == 0
    assert 0 < out["differs_from_search"]["heuristic"] <= 6


def test_one_player_of_each_kind_for_the_run(monkeypatch) -> None:
    """As in the arena, each kind's player is made once and keeps what it learned (a search
    player's solving speed, which sets its node limits) from one decision to the next."""
    bench = load_benchmark("decision_quality")
    made: list[str] = []

    def counted(kind: str, seed: int = 0) -> object:
        made.append(kind)
        return make_player(kind, seed)

    monkeypatch.setattr(bench, "make_player", counted)
    out = bench.measure("hungarian-tarokk", "cards", 3, 0.05, 1, 3, seed=1, place="any")
    assert out["loss"]["heuristic"]["n"] == 3
    assert made == ["search", "search:inference=false"]


@pytest.mark.parametrize("option", ["--compare", "--play-on"])
def test_a_kind_that_does_not_exist_is_refused_before_any_deal(monkeypatch, capsys,
                                                               option) -> None:
    monkeypatch.setattr("sys.argv", ["decision_quality.py", "--game", "hungarian-tarokk",
                                     option, "search:tial=3"])
    with pytest.raises(SystemExit) as stopped:
        load_benchmark("decision_quality").main()
    assert stopped.value.code == 2
    assert f"unknown setting 'tial' of player 'search' in {option}" in capsys.readouterr().err


def test_a_contract_keeps_the_decisions_of_its_deals_only(monkeypatch) -> None:
    """``--contract hand``: every decision valued is one of a Bavarian hand game (a fifth of
    the heuristic's deals; without the filter the pick-ups come first)."""
    quality = load_benchmark("decision_quality")
    seen: list[str] = []
    real = quality.search_domain

    def recording(game):
        domain = real(game)
        evaluate = domain.evaluate

        def valued(game, obs, *rest, **kw):
            seen.append(obs["contract"])
            return evaluate(game, obs, *rest, **kw)

        monkeypatch.setattr(domain, "evaluate", valued)
        return domain

    monkeypatch.setattr(quality, "search_domain", recording)
    out = quality.measure("bavarian-tarock", "cards", 3, 0.02, 4, 6, seed=2, place="any",
                          search="heuristic", compare="heuristic", contract="hand")
    assert out["loss"]["heuristic"]["n"] == 3
    assert seen and set(seen) == {"hand"}


def test_played_on_by_the_heuristic_the_bids_are_worth_what_the_truth_says() -> None:
    """``--play-on heuristic``: a bid's truth is its play-out by heuristic players in the true
    deal, so played on by them each choice is worth exactly that: the best choice's lead over
    each player's is that player's loss."""
    out = load_benchmark("decision_quality").measure(
        "hungarian-tarokk", "bids", 3, 0.02, 1, 3, seed=2, search="random", compare="heuristic",
        play_on="heuristic")
    on, loss = out["played_on"], out["loss"]
    assert on["kind"] == "heuristic" and on["value"]["best"]["n"] == 3
    assert on["best_minus_heuristic"]["mean"] == pytest.approx(loss["heuristic"]["mean"])
    assert on["search_minus_heuristic"]["mean"] == pytest.approx(
        loss["heuristic"]["mean"] - loss["search"]["mean"])
    assert loss["search"]["mean"] != loss["heuristic"]["mean"]  # the two choices differ


def test_played_on_by_omniscient_players_the_cards_are_worth_the_open_handed_truth() -> None:
    """``--play-on omniscient``: players who see every card play on as the true deal's solve
    assumes, so each card is worth its open-handed value, up to the solve's tie-break among
    equal settlements (a thousandth of a card point, at most 0.12 of the 120 points)."""
    out = load_benchmark("decision_quality").measure(
        "bavarian-tarock", "cards", 4, 0.02, 4, 6, seed=2, place="any", search="heuristic",
        compare="random", play_on="omniscient")
    on, loss = out["played_on"], out["loss"]
    assert on["best_minus_heuristic"]["mean"] == pytest.approx(loss["heuristic"]["mean"], abs=0.12)
    assert on["search_minus_compare"]["mean"] == pytest.approx(
        loss["compare"]["mean"] - loss["search"]["mean"], abs=0.12)
    assert loss["compare"]["mean"] > loss["search"]["mean"]  # random cards lost something
