"""Search before card play (issue 12): sampled worlds rebuilt as complete deals (Bavarian tarock's
auction, contract, trump and lay-away; Hungarian tarokk's auction, raise, discards and
announcements; the Ottocento dealer's discard and two-player set-aside), each choice played out by
heuristic players."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from heuristic_deals import heuristic_decisions

from tarock.bavarian.strategy.sampler import BavarianSampler, World
from tarock.bavarian.strategy.search import LAY_AWAY_CANDIDATES
from tarock.core.cards import iter_bits
from tarock.core.protocol import Deal, Game
from tarock.core.session import play_out, players_act
from tarock.games import make_game
from tarock.hungarian.cards import HONOURS, TAROKKS
from tarock.hungarian.strategy.deal_sampler import TALON_SIZE, DealSampler
from tarock.hungarian.strategy.search import DISCARD_CANDIDATES as HUNGARIAN_DISCARDS
from tarock.ottocento.strategy.discard_sampler import DiscardSampler, TwoPlayerSampler
from tarock.ottocento.strategy.search import DISCARD_CANDIDATES, SET_ASIDE_CANDIDATES
from tarock.players import make_player, rollouts
from tarock.players.compiled import NodeLimitExceeded
from tarock.players.rollouts import ReplayedDeals, rollout_values, seats_players
from tarock.players.search import SearchPlayer, search_domain


@pytest.fixture(autouse=True)
def _patient_samplers(monkeypatch) -> None:
    """These tests check what worlds agree with, not how fast they are drawn: a loaded machine
    must not make a sampler give up (its time limit is tested on its own)."""
    monkeypatch.setattr(rollouts, "SAMPLE_SECONDS", 60.0)


VARIANTS = [None, {"variant": "simple", "simple_bettel": True}, {"variant": "scharfer"},
            {"players": 4}]


def _decisions(game: Game, deals: int) -> list[tuple[dict[str, Any], Any, list[Any]]]:
    """(observation, state, legal) at every decision the domain plays out, with a choice, in
    ``deals`` heuristic deals."""
    domain = search_domain(game)
    return [(obs, state.clone(), legal)
            for _, state, obs, legal in heuristic_decisions(game, deals)
            if len(legal) > 1 and domain.rolls_out(game, obs, legal)]


@pytest.mark.parametrize("options", VARIANTS)
def test_the_true_world_rebuilds_the_deal_as_it_stands(options: Any) -> None:
    """From the observation and the true hands and talon, the rebuilt state is the real one:
    same seat to act, same legal actions, same observation for every seat. In card play a
    seat that never saw the talon cannot rebuild it: there the hands, the tricks and the pile
    are the real ones, and the seat's own observation."""
    game = make_game("bavarian-tarock", options)
    domain = search_domain(game)
    cases = _decisions(game, 12)
    assert cases
    phases = set()
    unseen_talon = 0
    for obs, state, legal in cases:
        rebuilt = domain.state(game, obs, _true_world(state))
        assert rebuilt is not None
        assert rebuilt.legal_actions() == legal
        if obs["phase"] == "play" and "talon" not in obs:
            assert rebuilt.hands == state.hands and rebuilt.pile() == state.pile()
            assert rebuilt.tricks == state.tricks and rebuilt.trick == state.trick
            assert rebuilt.observation(obs["seat"]) == obs
            unseen_talon += 1
        else:
            for q in range(game.num_seats):
                assert rebuilt.observation(q) == state.observation(q)
        phases.add(obs["phase"])
    assert {"auction", "play"} <= phases and unseen_talon > 0
    if options is None:  # Haferltarock: trumps named before and after laying away
        assert {"trump", "lay_away"} <= phases


def _true_world(state: Any) -> World:
    """The world of the sampler's definition that is the truth: the hands now and the pile (the
    talon until cards are laid away), but the hand as dealt while the declarer holds the talon
    he picked up."""
    hands = {q: state.hands[q] for q in state.active}
    talon = sum(1 << c for c in state.deal.talon)
    if state.phase == "lay_away":
        hands[state.declarer] &= ~talon
        return World(hands, talon)
    return World(hands, state.laid_away or talon)


def test_every_sampled_world_rebuilds_and_a_wrong_one_is_refused() -> None:
    game = make_game("bavarian-tarock", {"variant": "simple", "simple_bettel": True})
    domain = search_domain(game)
    rng = random.Random(0)
    for obs, _, legal in _decisions(game, 8):
        world = BavarianSampler(game.opt, obs).sample(rng)
        assert world is not None
        rebuilt = domain.state(game, obs, world)
        assert rebuilt is not None and rebuilt.legal_actions() == legal
        me = obs["seat"]
        other = next(q for q in obs["active"] if q != me)
        swapped = World({**world.hands, me: world.hands[other], other: world.hands[me]},
                        world.pile)
        assert domain.state(game, obs, swapped) is None  # not the seat's own hand


class _Refused(ReplayedDeals):
    """A game whose every deal disagrees with the seat's observation."""

    def replay(self, deal: Deal) -> None:
        time.sleep(0.002)
        return None


def test_a_sampler_gives_up_after_its_time() -> None:
    """Where every deal is refused, a world takes at most the sampler's time, not its tries."""
    game = make_game("hungarian-tarokk")
    sampler = _Refused(game, 0, 0, (1 << 42) - 1, [1, 2, 3], 9, tries=2000, seconds=0.05)
    began = time.perf_counter()
    assert sampler.sample(random.Random(0)) is None
    assert time.perf_counter() - began < 1.0
    assert _Refused(game, 0, 0, (1 << 42) - 1, [1, 2, 3], 9, tries=3).sample(
        random.Random(0)) is None


def test_a_play_out_is_the_heuristic_deal_to_its_end() -> None:
    game = make_game("bavarian-tarock")
    obs, state, legal = _decisions(game, 3)[0]
    players = seats_players(game)
    values = rollout_values(state, legal, obs["seat"], players)
    assert values is not None and set(values) == set(legal)
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        assert values[action] == play_out(copy, players_act(players)).returns()[obs["seat"]]
    assert not state.is_terminal()  # played out on copies
    assert rollout_values(state, legal, obs["seat"], players,
                          deadline=time.perf_counter() - 1) is None


@pytest.mark.parametrize("game_name", ["bavarian-tarock", "hungarian-tarokk", "ottocento"])
@pytest.mark.parametrize("rollouts", [True, False])
def test_the_search_player_plays_out_only_when_asked(game_name: str, rollouts: bool) -> None:
    game = make_game(game_name)
    obs, _, legal = _decisions(game, 3)[0]
    player = SearchPlayer(0, budget=60.0, samples=6, rollouts=rollouts)
    assert player.act(game, obs, legal) in legal
    assert player.last_stats["samples"] == (6 if rollouts else 0)


@pytest.mark.parametrize("game_name", ["bavarian-tarock", "hungarian-tarokk"])
@pytest.mark.parametrize("rollouts", [True, False])
def test_cards_are_played_out_where_no_world_can_be_solved(monkeypatch, game_name: str,
                                                           rollouts: bool) -> None:
    """Early in a deal no world may be solved in time: the search player then plays the cards
    out in rebuilt deals (with play-outs on), or keeps the heuristic's card."""
    game = make_game(game_name)
    domain = search_domain(game)

    def unsolvable(*args: Any, **kwargs: Any) -> Any:
        raise NodeLimitExceeded(1)

    import tarock.players.search as search_module

    played_out = []

    def counted(*args: Any, **kwargs: Any) -> Any:
        played_out.append(1)
        return rollout_values(*args, **kwargs)

    monkeypatch.setattr(domain, "evaluate", unsolvable)
    monkeypatch.setattr(search_module, "rollout_values", counted)
    obs, _, legal = next(c for c in _decisions(game, 2) if c[0]["phase"] == "play")
    assert not obs.get("tricks") and domain.handles(game, obs, legal)
    player = SearchPlayer(0, budget=60.0, samples=4, rollouts=rollouts)
    assert player.act(game, obs, legal) in legal
    assert player.last_stats["samples"] == len(played_out) == (4 if rollouts else 0)


def test_a_defenders_card_played_out_is_valued_by_what_the_declarer_is_paid(
        monkeypatch) -> None:
    """A Bavarian defender's card played out counts the declarer's payment, negated, as the
    solver's values do; his own score would not do, since in a pick-up game the fund pays a
    winning declarer and the defenders score nothing, however much he wins by. The declarer's
    cards, and every decision before card play, count the seat's own score."""
    import tarock.players.search as search_module

    game = make_game("bavarian-tarock")
    domain = search_domain(game)
    players = seats_players(game)
    blind = 0  # defenders' decisions whose own scores cannot tell the cards apart, but ...
    for _, state, obs, legal in heuristic_decisions(game, 12):
        value = domain.rollout_value(game, obs)
        if obs["phase"] != "play" or obs["seat"] == obs["declarer"]:
            assert value is None
            continue
        if len(legal) < 2 or obs.get("tricks"):
            continue
        values = rollout_values(state, legal, obs["seat"], players, value=value)
        own = rollout_values(state, legal, obs["seat"], players)
        assert values is not None and own is not None
        for action in legal:
            copy = state.clone()
            copy.apply(action)
            assert values[action] == -play_out(copy, players_act(players)).returns()[
                obs["declarer"]]
        if obs["contract"] == "pickup" and len(set(own.values())) == 1 \
                and len(set(values.values())) > 1:
            blind += 1
    assert blind  # ... whose payment to the declarer can

    def unsolvable(*args: Any, **kwargs: Any) -> Any:
        raise NodeLimitExceeded(1)

    judged: list[Any] = []

    def recorded(*args: Any, **kwargs: Any) -> Any:
        judged.append(args[6] if len(args) > 6 else kwargs.get("value"))
        return rollout_values(*args, **kwargs)

    monkeypatch.setattr(domain, "evaluate", unsolvable)
    monkeypatch.setattr(search_module, "rollout_values", recorded)
    obs, _, legal = next((o, s, g) for _, s, o, g in heuristic_decisions(game, 12)
                         if o["phase"] == "play" and o["seat"] != o["declarer"] and len(g) > 1)
    SearchPlayer(0, budget=60.0, samples=2).act(game, obs, legal)
    assert len(judged) == 2 and judged[0]([30, -10, -20]) == -[30, -10, -20][obs["declarer"]]


def test_bids_that_lose_in_every_world_are_overruled(monkeypatch) -> None:
    """Where every world's play-outs value another bid above the heuristic's, search takes it;
    where they agree with the heuristic, it keeps the heuristic's."""
    import tarock.players.search as search_module

    game = make_game("bavarian-tarock")
    obs, _, legal = _decisions(game, 3)[0]
    default = make_player("heuristic", 0).act(game, obs, legal)
    other = next(a for a in legal if a != default)
    for better, expected in ((other, other), (default, default)):
        monkeypatch.setattr(search_module, "rollout_values",
                            lambda *args, better=better, **kw: {
                                a: 5.0 + random.random() * 0.1 if a == better else 0.0
                                for a in legal})
        player = SearchPlayer(0, budget=60.0, samples=8)
        assert player.act(game, obs, legal) == expected


# -- Hungarian tarokk: the auction, the discards and the announcements ---------------------------

HUNGARIAN = [None, {"players": 5}, {"house_rules": "online_app"}, {"hi_preset": "itvb_2019"},
             {"conventions": "none", "holding_rule": "old_priority"}, {"variant": "illusztralt"}]


def _hidden_talon(sampler: DealSampler, deal: Deal) -> Deal:
    """``deal`` as the sampler deals it: the talon without the seat's received cards."""
    return Deal(deal.hands, tuple(c for i, c in enumerate(deal.talon)
                                  if i not in sampler.places))


@pytest.mark.parametrize("options", HUNGARIAN)
def test_the_true_hungarian_deal_replays_to_every_decision(options: Any) -> None:
    """The real deal with the record seen replayed (the calls, the seat's discards, the others'
    as the heuristic makes them, the announcements, the cards played) is the real state at
    every decision: same seat to act, same legal actions, same observation for every seat."""
    game = make_game("hungarian-tarokk", options)
    cases = _decisions(game, 12)
    phases = {obs["phase"] for obs, _, _ in cases}
    assert phases == {"auction", "discard", "announce", "play"}
    for obs, state, legal in cases:
        sampler = DealSampler(game, obs)
        rebuilt = sampler.replay(_hidden_talon(sampler, state.deal))
        assert rebuilt is not None
        assert rebuilt.legal_actions() == legal
        for q in range(game.num_seats):
            assert rebuilt.observation(q) == state.observation(q)


@pytest.mark.parametrize("options", HUNGARIAN[:3])
def test_sampled_hungarian_deals_agree_with_the_record(options: Any) -> None:
    """Every sampled deal keeps the seat's hand as dealt and its talon cards at its places,
    deals every other card once, and shows the seat its observation; the other hands differ
    from the truth."""
    game = make_game("hungarian-tarokk", options)
    rng = random.Random(1)
    differ = 0
    phases = set()
    for obs, state, legal in _decisions(game, 8):
        if len(obs.get("tricks", ())) > 1:
            continue  # card play is played out only in the first tricks
        sampler = DealSampler(game, obs)
        world = sampler.sample(rng)
        if world is None and obs["phase"] == "play":
            continue  # a few in a hundred: the search player keeps the heuristic's card
        assert world is not None
        me = obs["seat"]
        assert world.deal.hands[me] == state.deal.hands[me]
        assert sorted(world.deal.talon[i] for i in sampler.places) == \
            sorted(state.deal.talon[i] for i in sampler.places)
        assert world.observation(me) == obs and world.legal_actions() == legal
        cards = [*(world.deal.hands[q] for q in obs["active"]),
                 sum(1 << c for c in world.deal.talon)]
        assert len(world.deal.talon) == TALON_SIZE
        assert sum(m.bit_count() for m in cards) == 42
        union = 0
        for m in cards:
            union |= m
        assert union == (1 << 42) - 1
        differ += world.deal.hands != state.deal.hands
        phases.add(obs["phase"])
        for q, card in sampler.plays:
            assert world.deal.hands[q] >> card & 1 or card in world.deal.talon
    assert differ > 0 and phases == {"auction", "discard", "announce", "play"}


class _OtherDiscards:
    """A stand-in for the heuristic that discards other tarokks than ``truth`` (by seat) shows."""

    def __init__(self, truth: list[int]):
        self.truth = truth

    def act(self, game: Game, obs: dict[str, Any], legal: list[Any]) -> Any:
        shown = self.truth[obs["seat"]] & TAROKKS
        return next((a for a in legal if a.arg & TAROKKS != shown), legal[0])


def test_a_world_must_agree_with_the_disclosed_discards() -> None:
    """After the discards the declarer's discarded tarokks and the others' counts are shown
    (HU-TALON-7): the true deal with the others discarding other tarokks is refused."""
    game = make_game("hungarian-tarokk")
    seen = 0
    for obs, state, _ in _decisions(game, 60):
        if obs["phase"] != "announce" or not any(
                state.discards[q] & TAROKKS for q in obs["active"] if q != obs["seat"]):
            continue
        sampler = DealSampler(game, obs)
        deal = _hidden_talon(sampler, state.deal)
        assert sampler.replay(deal) is not None
        sampler.heuristic = _OtherDiscards(state.discards)  # type: ignore[assignment]
        assert sampler.replay(deal) is None
        seen += 1
    assert seen >= 1


def test_hungarian_discards_play_out_the_heuristics_best_few() -> None:
    """Of the discards, the heuristic's best few by its own estimate are played out, its own
    choice first; an announcement turn plays out every choice."""
    game = make_game("hungarian-tarokk")
    domain = search_domain(game)
    cases = _decisions(game, 6)
    obs, _, legal = next(c for c in cases if c[0]["phase"] == "discard"
                         and len(c[2]) > HUNGARIAN_DISCARDS)
    options = domain.rollout_actions(game, obs, legal)
    assert len(options) == HUNGARIAN_DISCARDS
    assert options[0] == make_player("heuristic", obs["seat"]).act(game, obs, legal)
    player = SearchPlayer(0, budget=60.0, samples=3)
    assert player.act(game, obs, legal) in options
    assert player.last_stats["samples"] == 3
    obs, _, legal = next(c for c in cases if c[0]["phase"] == "announce")
    assert domain.rollout_actions(game, obs, legal) == legal
    assert player.act(game, obs, legal) in legal
    assert player.last_stats["samples"] == 3


def test_a_deal_that_makes_a_call_illegal_is_refused() -> None:
    """A bidder dealt no honour (HU-BID-3), or the seat dealt another hand, is not a world."""
    game = make_game("hungarian-tarokk")
    seen = 0
    for obs, state, _ in _decisions(game, 30):
        me = obs["seat"]
        bidders = {e["seat"] for e in obs["auction"] if e["bid"] not in ("passz", "tartom")}
        bidder = next((q for q in bidders if q != me), None)
        if bidder is None:
            continue
        sampler = DealSampler(game, obs)
        hands = list(state.deal.hands)
        talon = list(state.deal.talon)
        # the bidder's honours go to the talon, the talon's cards without honours to him
        honours = [c for c in iter_bits(hands[bidder] & HONOURS)]
        plain = [c for c in talon if not HONOURS >> c & 1][:len(honours)]
        if len(plain) < len(honours):
            continue
        for h, p in zip(honours, plain, strict=True):
            hands[bidder] ^= 1 << h | 1 << p
            talon[talon.index(p)] = h
        assert sampler.replay(Deal(tuple(hands), tuple(talon))) is None
        other = next(q for q in obs["active"] if q != me)
        swapped = list(state.deal.hands)
        swapped[me], swapped[other] = swapped[other], swapped[me]
        assert sampler.replay(Deal(tuple(swapped), state.deal.talon)) is None
        seen += 1
    assert seen >= 3



def test_laying_away_plays_out_the_heuristics_best_few() -> None:
    """Of the 364 ways to lay away 3 cards, the heuristic's best few by its own estimate are
    played out, its own choice first; the trump choice plays out every suit."""
    game = make_game("bavarian-tarock")
    domain = search_domain(game)
    heuristic = make_player("heuristic", 0)
    cases = {obs["phase"]: (obs, legal) for obs, _, legal in _decisions(game, 12)}
    obs, legal = cases["lay_away"]
    options = domain.rollout_actions(game, obs, legal)
    assert len(legal) == 364 and len(options) == LAY_AWAY_CANDIDATES
    assert options[0] == heuristic.act(game, obs, legal)
    player = SearchPlayer(0, budget=60.0, samples=3)
    assert player.act(game, obs, legal) in options
    assert player.last_stats["samples"] == 3
    obs, legal = cases["trump"]
    assert domain.rollout_actions(game, obs, legal) == legal


# -- Ottocento: the dealer's discard -------------------------------------------------------------


@pytest.mark.parametrize("options", [None, {"deck_faces": "substitute_tarot"}])
def test_the_true_ottocento_deal_replays_to_the_discard(options: Any) -> None:
    """The real deal replayed is the real state at the 4-player dealer's discard, for every
    seat; sampled deals keep the dealer's hand and extra cards and show him his observation."""
    game = make_game("ottocento", options)
    cases = [case for case in _decisions(game, 8) if case[0]["phase"] == "discard"]
    assert len(cases) == 8
    rng = random.Random(2)
    for obs, state, legal in cases:
        sampler = DiscardSampler(game, obs)
        rebuilt = sampler.replay(state.deal)
        assert rebuilt is not None and rebuilt.legal_actions() == legal
        for q in range(game.num_seats):
            assert rebuilt.observation(q) == state.observation(q)
        world = sampler.sample(rng)
        assert world is not None and world.legal_actions() == legal
        assert world.observation(obs["seat"]) == obs and world.hands != state.hands
        others = [q for q in range(game.num_seats) if q != obs["seat"]]
        swapped = list(state.deal.hands)
        swapped[obs["seat"]], swapped[others[0]] = swapped[others[0]], swapped[obs["seat"]]
        assert sampler.replay(Deal(tuple(swapped), state.deal.talon)) is None


def _plays_out_the_best_few(game: Game, obs: dict[str, Any], legal: list[Any],
                            count: int) -> None:
    """The domain plays out ``count`` of ``legal``, the heuristic's choice first, and a search
    of 3 worlds picks one of them."""
    options = search_domain(game).rollout_actions(game, obs, legal)
    assert len(options) == count
    assert options[0] == make_player("heuristic", obs["seat"]).act(game, obs, legal)
    player = SearchPlayer(0, budget=60.0, samples=3)
    assert player.act(game, obs, legal) in options
    assert player.last_stats["samples"] == 3


def test_the_ottocento_discard_plays_out_the_heuristics_best_few() -> None:
    game = make_game("ottocento")
    obs, _, legal = _decisions(game, 1)[0]
    assert len(legal) > 50
    _plays_out_the_best_few(game, obs, legal, DISCARD_CANDIDATES)


# -- Ottocento, two players: the set-aside and the dealer's discard --------------------------


def _as_sampled(sampler: TwoPlayerSampler, state: Any) -> Deal:
    """The real deal as :class:`TwoPlayerSampler` deals it: at the dealer's discard his hand as
    dealt is the sampler's (which of his cards came from the talon is not in his observation)
    and the talon holds only the non-dealer's 10 cards from it."""
    if not sampler.extra:
        return state.deal
    talon, eldest = state.deal.talon, state.eldest
    hands = tuple(state.deal.hands[q] if q == eldest else sampler.hand for q in range(2))
    return Deal(hands, (*talon[0:5], *talon[10:15]))


@pytest.mark.parametrize("options", [{"players": 2},
                                     {"players": 2, "two_player_setaside_restricted": False}])
def test_the_true_two_player_deal_replays_to_the_set_aside_and_the_discard(options: Any) -> None:
    """At every card of either player's set-aside and at the dealer's discard the real deal,
    replayed, is the real state for both players: the other player's hidden set-aside is
    replayed as the heuristic's, which these deals' players are. Sampled deals show the player
    exactly his observation (the dealer keeps his set-aside, his hand and his extra cards);
    a deal with the two hands swapped is refused."""
    game = make_game("ottocento", options)
    cases = [case for case in _decisions(game, 3) if case[0]["phase"] != "play"]
    phases = [obs["phase"] for obs, _, _ in cases]
    assert set(phases) == {"set_aside", "discard"} and phases.count("discard") == 3
    rng = random.Random(3)
    for obs, state, legal in cases:
        seat = obs["seat"]
        sampler = TwoPlayerSampler(game, obs)
        rebuilt = sampler.replay(_as_sampled(sampler, state))
        assert rebuilt is not None and rebuilt.legal_actions() == legal
        for q in range(2):
            assert rebuilt.observation(q) == state.observation(q)
        assert rebuilt.hands == state.hands and rebuilt.set_aside == state.set_aside
        world = sampler.sample(rng)
        assert world is not None and world.legal_actions() == legal
        assert world.observation(seat) == obs and world.hands[1 - seat] != state.hands[1 - seat]
        assert world.set_aside[seat] == state.set_aside[seat]
        if obs["phase"] == "discard":
            assert world.set_aside[1 - seat].bit_count() == 10
        real = _as_sampled(sampler, state)
        swapped = Deal(real.hands[::-1], real.talon)
        assert sampler.replay(swapped) is None


def test_the_two_player_set_aside_plays_out_the_heuristics_best_few() -> None:
    """Two players: each card of the set-aside and the dealer's discard are played out, nothing
    else before card play (and the cards the solver does not reach); of the cards to set aside
    the heuristic's best few."""
    game = make_game("ottocento", {"players": 2})
    domain = search_domain(game)
    played_out = {obs["phase"] for _, _, obs, legal in heuristic_decisions(game, 1)
                  if len(legal) > 1 and domain.rolls_out(game, obs, legal)}
    assert played_out == {"set_aside", "discard", "play"}
    obs, _, legal = _decisions(game, 1)[0]
    assert obs["phase"] == "set_aside" and len(legal) > 10
    _plays_out_the_best_few(game, obs, legal, SET_ASIDE_CANDIDATES)


# -- Ottocento: the cards before the solver can value them -------------------------------------


def _early_cards(game: Game, deals: int, kind: str) -> list[tuple[dict[str, Any], Any, list[Any]]]:
    """(observation, state, legal) at every card the domain plays out in ``deals`` deals of
    ``kind`` players (random players also signal and declare at random)."""
    domain = search_domain(game)
    players = [make_player(kind, seat) for seat in range(game.num_seats)]
    cases = []
    for deal in range(deals):
        state = game.new_deal_state(deal, dealer=deal % game.num_seats)
        while not state.is_terminal():
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            if obs["phase"] == "play" and domain.rolls_out(game, obs, legal):
                cases.append((obs, state.clone(), legal))
            state.apply(players[seat].act(game, obs, legal))
    return cases


@pytest.mark.parametrize(("options", "kind"), [
    (None, "heuristic"), (None, "random"), ({"signals": "unrestricted"}, "random"),
    ({"declaration_card_reuse": False, "deck_faces": "substitute_tarot"}, "random"),
    ({"players": 2}, "heuristic"),
    ({"players": 2, "two_player_setaside_restricted": False}, "random")])
def test_the_true_ottocento_deal_replays_to_every_card_of_the_first_tricks(options: Any,
                                                                           kind: str) -> None:
    """What each seat holds now, the cards played and the reserves (the dealer's discard; with
    two players the set-aside too) rebuild the real state at every card before the solver's
    last 7 tricks: the same hands, tricks, declarations and legal cards, and the same
    observation for every seat but the dealer, whose extra cards (and, with two players, which
    of his hidden cards he discarded) nobody else knows. Random players' signals and
    declarations replay too."""
    game = make_game("ottocento", options)
    domain = search_domain(game)
    cases = _early_cards(game, 6, kind)
    tricks = {len(obs.get("tricks", [])) for obs, _, _ in cases}
    assert tricks == set(range(8 if game.num_seats == 4 else 13))
    signalled = declared = 0
    for obs, state, legal in cases:
        seat, dealer = obs["seat"], obs["dealer"]
        rebuilt = domain.state(game, obs, domain.true_world(state))
        assert rebuilt is not None and rebuilt.legal_actions() == legal
        assert rebuilt.hands == state.hands and rebuilt.set_aside[seat] == state.set_aside[seat]
        assert rebuilt.tricks == state.tricks and rebuilt.trick == state.trick
        assert rebuilt.declarations == state.declarations
        if seat == dealer or game.num_seats == 4:
            assert rebuilt.discard == state.discard
        for q in range(game.num_seats):
            if q != dealer or seat == dealer:
                assert rebuilt.observation(q) == state.observation(q)
        signalled += any("signal" in view for view in obs.get("tricks", []))
        declared += bool(obs["declarations"])
    assert declared
    if kind == "random" and game.num_seats == 4:  # signals are a four-player rule
        assert signalled


@pytest.mark.parametrize("options", [None, {"players": 2}])
def test_sampled_ottocento_card_worlds_replay_and_a_wrong_one_is_refused(options: Any) -> None:
    game = make_game("ottocento", options)
    domain = search_domain(game)
    rng = random.Random(4)
    cases = _early_cards(game, 3, "heuristic")
    assert cases
    for obs, _, legal in cases:
        world = domain.sampler(game, obs).sample(rng)
        assert world is not None
        rebuilt = domain.state(game, obs, world)
        assert rebuilt is not None and rebuilt.legal_actions() == legal
        assert rebuilt.observation(obs["seat"]) == obs
        me, other = obs["seat"], (obs["seat"] + 1) % game.num_seats
        hands = list(world.hands)
        hands[me], hands[other] = hands[other], hands[me]
        assert domain.state(game, obs, type(world)(hands, world.reserve)) is None


def test_the_first_ottocento_cards_are_played_out_without_signals() -> None:
    """A lead offers each card with and without signals; the cards played out are those
    without, and the search player chooses among them (or keeps the heuristic's card) after
    playing out its worlds. Once the solver can value the cards they are solved instead."""
    game = make_game("ottocento")
    domain = search_domain(game)
    cases = _early_cards(game, 2, "heuristic")
    obs, _, legal = next(c for c in cases if any(a.arg[1] for a in c[2]))
    options = domain.rollout_actions(game, obs, legal)
    assert options == [a for a in legal if a.arg[1] is None] and len(options) > 1
    default = make_player("heuristic", obs["seat"]).act(game, obs, legal)
    player = SearchPlayer(0, budget=60.0, samples=3)
    assert player.act(game, obs, legal) in {*options, default}
    assert player.last_stats["samples"] == 3
    cards = [(o, legal) for _, _, o, legal in heuristic_decisions(game, 1)
             if o["phase"] == "play" and len(legal) > 1]
    assert {domain.handles(game, o, legal) for o, legal in cards} == {False, True}
    for o, legal in cards:
        assert domain.rolls_out(game, o, legal) != domain.handles(game, o, legal)
