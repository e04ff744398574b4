"""The Bavarian tarock heuristic and search players (issue 5): legality in every variant, key
decisions, hidden information, the solver against brute force and the sampler's consistency."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tarock.bavarian.cards import FULL
from tarock.bavarian.game import BavarianState
from tarock.bavarian.strategy.heuristic import (
    BavarianHeuristic,
    bettel_chance,
    estimate,
)
from tarock.bavarian.strategy.sampler import TALON_GAMES, BavarianSampler, World
from tarock.bavarian.strategy.solver import Solver, position_from_state
from tarock.bavarian.talon import lay_away_options
from tarock.core.protocol import Deal
from tarock.core.session import play_out
from tarock.games import make_game
from tarock.players import make_player
from tarock.players.heuristic import strategy_for
from tarock.players.search import SearchPlayer, search_domain

VARIANTS: list[dict[str, Any]] = [
    {},  # V2
    {"variant": "simple"},  # V1P
    {"variant": "simple", "simple_payment": "fixed"},  # V1F
    {"variant": "simple", "simple_bettel": True},  # V1B
    {"variant": "simple", "simple_bettel": True, "simple_payment": "fixed",
     "simple_bettel_upgrade": False, "simple_frage_trump_timing": "before_exchange",
     "bettel_early_end": False},
    {"variant": "scharfer"},  # V3
    {"variant": "scharfer", "scharfer_sole_bidder_free_choice": False, "talon_reveal": "all"},
    {"haferl_self_raise": "any_winner", "haferl_herz_neischaugn": True},  # V2S, V2H
    {"haferl_berliner": True, "haferl_berliner_dealer_hearts": True, "seats": 4,
     "haferl_pickup_may_play_hand": True, "must_beat": True},  # V2B
    {"haferl_max_target": 120, "haferl_senior_may_raise": False, "talon_reveal": "all"},
]


def _checked(players: list[Any]) -> Any:
    def act(seat: int, state: Any) -> Any:
        legal = state.legal_actions()
        action = players[seat].act(state.game, state.observation(seat), legal)
        assert action in legal
        return action
    return act


@pytest.mark.parametrize("options", VARIANTS)
def test_heuristic_always_legal(options: dict[str, Any]) -> None:
    game = make_game("bavarian-tarock", options)
    n = game.num_seats
    contracts = set()
    for seed in range(50):
        kinds = ["heuristic", "heuristic", "random", "heuristic"] if seed % 2 else \
            ["heuristic"] * 4
        players = [make_player(kinds[s], seed + s) for s in range(n)]
        state = play_out(game.new_deal_state(seed, dealer=seed % n), _checked(players))
        contracts.add(state.result()["contract"])
    assert len(contracts - {None}) >= 2  # it does declare, more than one kind of game


def test_registered() -> None:
    assert isinstance(strategy_for("bavarian-tarock", 0), BavarianHeuristic)
    assert search_domain(make_game("bavarian-tarock")) is not None


@pytest.mark.parametrize("options", VARIANTS[:6] + VARIANTS[8:9])
def test_search_always_legal(options: dict[str, Any]) -> None:
    game = make_game("bavarian-tarock", options)
    n = game.num_seats
    for seed in range(2):
        players: list[Any] = [SearchPlayer(seed + s, budget=0.01, samples=3) for s in range(n)]
        players[1] = make_player("heuristic", seed)
        play_out(game.new_deal_state(seed, dealer=seed % n), _checked(players))


# -- hand-made positions ------------------------------------------------------------------------


def _mask(codes: str) -> int:
    return FULL.deck.mask(codes.split())


def _state(options: dict[str, Any], hands: list[str], talon: str) -> BavarianState:
    game = make_game("bavarian-tarock", options)
    deal = Deal(tuple(_mask(h) for h in hands),
                tuple(FULL.deck.index(c) for c in talon.split()))
    return game.new_initial_state(deal, dealer=2, **({"fund": 300} if options.get(
        "variant", "haferl") != "scharfer" else {}))


STRONG = "HA H10 HK HO HU H9 EA E10 GA SA S10"
WEAK = "E7 E6 G9 G8 G7 S9 S8 S7 S6 H6 EU"
REST = "H8 H7 EK EO E9 E8 GK GO GU G6 SK"
TALON = "G10 SO SU"


def test_strong_hand_bids_weak_hand_passes() -> None:
    state = _state({}, [STRONG, WEAK, REST], TALON)  # seat 0 is FH (dealer 2)
    me = BavarianHeuristic()
    assert state.current_player() == 0
    bid = me.act(state.game, state.observation(0), state.legal_actions())
    assert bid.arg == 0  # "Ich spiele"
    state.apply(bid)
    assert me.act(state.game, state.observation(1), state.legal_actions()).arg == "pass"


def test_senior_holds_and_never_raises() -> None:
    state = _state({}, [STRONG, REST, WEAK], TALON)
    me = BavarianHeuristic()
    state.apply(me.act(state.game, state.observation(0), state.legal_actions()))
    state.apply(state.legal_actions()[1])  # MH challenges with a hand game
    legal = state.legal_actions()
    assert {a.arg for a in legal} == {"pass", "hold", 2}
    assert me.act(state.game, state.observation(0), legal).arg == "hold"  # H-7, H-11


def test_trump_choice_longest_strongest_suit() -> None:
    hand = _mask("GA G10 GK GO G9 G8 EA S7 S6 H7 H6")
    values = {s: estimate(FULL, hand, s) for s in range(4)}
    assert max(values, key=lambda s: values[s]) == 1  # Gras


def test_lay_away_banks_unguarded_tens_and_makes_voids() -> None:
    """H-3: hearts trumps; E10 without its Ace and the lone S10 go, trumps and Aces stay."""
    hand = _mask("HA H10 HK HO H9 H8 GA G10 GK E10 E7 S10 G7 G6")
    legal = [("lay_away", m) for m in lay_away_options(hand)]
    from tarock.bavarian.actions import Action

    actions = [Action(*a) for a in legal]
    game = make_game("bavarian-tarock", {"variant": "simple"})
    obs = {"seat": 0, "active": [0, 1, 2], "contract": "frage", "variant": "V1P",
           "hand": FULL.deck.codes(hand), "phase": "lay_away"}
    choice = BavarianHeuristic().act(game, obs, actions)
    laid = set(FULL.deck.codes(choice.arg))
    assert {"E10", "S10"} <= laid
    assert not laid & {"HA", "H10", "HK", "GA"}


def test_bettel_only_with_spatzen_or_a_void() -> None:
    spatzen = _mask("E6 E7 E9 G6 G8 G9 S6 S7 H6 H7 H8")
    void = _mask("E6 E7 E8 E9 G6 G7 G9 GU S6 S7 S8")  # no Hearts
    aces = _mask("EA EK GA GK SA SK H6 H7 E6 G6 S6")
    assert bettel_chance(FULL, spatzen, False) > 0.5
    assert bettel_chance(FULL, void, False) > 0.5
    assert bettel_chance(FULL, aces, False) < 0.1


def _play_obs(trick: list[tuple[int, str]], hand: str, seat: int, declarer: int,
              trump: str = "H", tricks: list[Any] | None = None) -> dict[str, Any]:
    return {"seat": seat, "active": [0, 1, 2], "declarer": declarer, "contract": "hand",
            "target": 61, "trump": trump, "variant": "V2", "phase": "play",
            "current_player": seat, "hand": hand.split(), "tricks": tricks or [],
            "trick": [{"seat": q, "card": c} for q, c in trick]}


def _act_play(obs: dict[str, Any], legal: str) -> str:
    from tarock.bavarian.actions import PLAYS

    game = make_game("bavarian-tarock")
    actions = [PLAYS[FULL.deck.index(c)] for c in legal.split()]
    return FULL.deck.code(BavarianHeuristic().act(game, obs, actions).arg)


def test_smears_onto_partners_winning_trick() -> None:
    """H-6: declarer 0 led E9, partner 1 won with EA; seat 2 (last) smears E10."""
    obs = _play_obs([(0, "E9"), (1, "EA")], "E10 E7 G8 S9", seat=2, declarer=0)
    assert _act_play(obs, "E10 E7") == "E10"


def test_last_hand_wins_cheaply_or_banks() -> None:
    obs = _play_obs([(1, "EK"), (2, "E8")], "EA E7 G8", seat=0, declarer=0)
    assert _act_play(obs, "EA E7") == "EA"
    obs = _play_obs([(1, "GK"), (2, "G8")], "H9 HA E7", seat=0, declarer=0)
    assert _act_play(obs, "H9 HA") == "H9"  # void in Gras: trump low


def test_bettel_declarer_ducks_under() -> None:
    obs = _play_obs([(1, "EK"), (2, "E8")], "EA EO E7", seat=0, declarer=0, trump=None)
    obs["contract"] = "bettel"
    assert _act_play(obs, "EA EO E7") == "EO"


# -- hidden information -------------------------------------------------------------------------


def _mid_states(options: dict[str, Any], count: int, trick_no: int) -> list[BavarianState]:
    game = make_game("bavarian-tarock", options)
    players = [make_player("heuristic", s) for s in range(game.num_seats)]
    out: list[BavarianState] = []
    seed = 0
    while len(out) < count:
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        seed += 1
        while not state.is_terminal():
            if state.phase == "play" and len(state.tricks) == trick_no and len(state.trick) == 1:
                out.append(state)
                break
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    return out


def _swap_hidden(state: BavarianState) -> BavarianState | None:
    """A copy with one card of the same suit swapped between the two other active hands."""
    me = state.current_player()
    a, b = [q for q in state.active if q != me]
    for ca in sorted(FULL.deck.cards[i].index for i in range(state.pack.size)
                     if state.hands[a] >> i & 1):
        for cb in range(state.pack.size):
            if state.hands[b] >> cb & 1 and state.pack.suit_of[ca] == state.pack.suit_of[cb]:
                other = state.clone()
                other.hands[a] ^= (1 << ca) | (1 << cb)
                other.hands[b] ^= (1 << ca) | (1 << cb)
                other._mask = None
                return other
    return None


@pytest.mark.parametrize("options", [{}, {"variant": "simple", "simple_bettel": True}])
def test_same_observation_same_action(options: dict[str, Any]) -> None:
    heuristic = BavarianHeuristic(3)
    search = SearchPlayer(3, budget=10.0, samples=4)
    checked = 0
    for state in _mid_states(options, 6, 3):
        other = _swap_hidden(state)
        if other is None:
            continue
        me = state.current_player()
        obs = state.observation(me)
        assert other.observation(me) == obs
        legal = state.legal_actions()
        assert other.legal_actions() == legal
        assert heuristic.act(state.game, obs, legal) == heuristic.act(
            other.game, other.observation(me), legal)
        assert search.act(state.game, obs, legal) == search.act(
            other.game, other.observation(me), legal)
        checked += 1
    assert checked >= 4


# -- solver against brute force -----------------------------------------------------------------


def _brute(state: BavarianState) -> int:
    """Declarer's final card points in tricks (Bettel: 1 if he takes a trick) by plain minimax
    over the engine."""
    if state.is_terminal() or (state.bettel and state.decl_tricks):
        if state.bettel:
            return 1 if state.decl_tricks else 0
        return state.decl_points
    maximise = (state.to_act == state.declarer) != state.bettel
    values = []
    for a in state.legal_actions():
        child = state.clone()
        child.apply(a)
        values.append(_brute(child))
    return max(values) if maximise else min(values)


@pytest.mark.parametrize("options", [{}, {"variant": "simple", "simple_bettel": True},
                                     {"must_beat": True}, {"variant": "scharfer"}])
def test_solver_matches_brute_force(options: dict[str, Any]) -> None:
    game = make_game("bavarian-tarock", options)
    players = [make_player("random", s) for s in range(3)]
    checked = 0
    for seed in range(400):
        state = game.new_deal_state(seed, dealer=seed % 3)
        left = random.Random(seed).choice((2, 3))
        while not state.is_terminal() and not (
                state.phase == "play" and len(state.tricks) == state.pack.tricks - left
                and len(state.trick) == seed % 3):
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
        if state.is_terminal() or (state.bettel and state.decl_tricks):
            continue
        pos = position_from_state(state)
        solver = Solver(state.pack, state.trump, state.bettel, game.opt.must_beat)
        base = 0 if state.bettel else state.decl_points
        assert base + solver.solve(pos) == _brute(state)
        values = solver.action_values(pos)
        assert {a.arg for a in state.legal_actions()} == set(values)
        checked += 1
        if checked >= 12:
            break
    assert checked >= 8


def test_solver_whole_deal_small_pack_is_exact_and_bounded() -> None:
    game = make_game("bavarian-tarock", {"variant": "scharfer"})
    state = game.new_deal_state(5, dealer=0)
    players = [make_player("heuristic", s) for s in range(3)]
    while not state.is_terminal() and state.phase != "play":
        seat = state.current_player()
        state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    if state.is_terminal():
        pytest.skip("thrown in")
    value = Solver(state.pack, state.trump, state.bettel).solve(position_from_state(state))
    assert 0 <= value <= 120


# -- sampler ------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", VARIANTS)
def test_sampler_never_excludes_the_truth(options: dict[str, Any]) -> None:
    game = make_game("bavarian-tarock", options)
    players = [make_player("heuristic" if s % 2 else "random", s) for s in range(game.num_seats)]
    rng = random.Random(1)
    checked = 0
    for seed in range(40):
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        stop = rng.randrange(state.pack.tricks * 3)
        plays = 0
        while not state.is_terminal():
            seat = state.current_player()
            if state.phase == "play":
                if plays == stop:
                    break
                plays += 1
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
        if state.is_terminal():
            continue
        truth_hands = {q: state.hands[q] for q in state.active}
        for seat in state.active:
            obs = state.observation(seat)
            sampler = BavarianSampler(game.opt, obs)
            truth = World(truth_hands, state.pile())
            assert sampler.check(truth), (seed, seat)
            for _ in range(3):
                world = sampler.sample(rng)
                assert world is not None and sampler.check(world)
                assert world.hands[seat] == state.hands[seat]
        checked += 1
    assert checked >= 8


def test_a_defender_who_saw_a_talon_games_talon_never_deals_it_to_the_other() -> None:
    """talon_reveal=all: the talon the declarer picked up is in his hand, his pile or played,
    so a defender's worlds never give the other defender one of its cards."""
    checked = 0
    for state in _mid_states({"talon_reveal": "all"}, 40, 1):
        if state.contract not in TALON_GAMES:
            continue
        for q in state.active:
            if q == state.declarer:
                continue
            obs = state.observation(q)
            talon = state.pack.deck.mask(obs["talon"])
            other = next(p for p in state.active if p not in (q, state.declarer))
            sampler = BavarianSampler(state.opt, obs)
            rng = random.Random(q)
            for _ in range(10):
                world = sampler.sample(rng)
                assert world is not None and not world.hands[other] & talon
            checked += 1
    assert checked >= 10


def test_sampler_respects_voids() -> None:
    for state in _mid_states({}, 6, 5):
        me = state.current_player()
        sampler = BavarianSampler(state.opt, state.observation(me))
        rng = random.Random(0)
        for _ in range(5):
            world = sampler.sample(rng)
            assert world is not None
            for q in state.active:
                assert not world.hands[q] & sampler.banned[q]
        for q in state.active:
            assert not state.hands[q] & sampler.banned[q]

