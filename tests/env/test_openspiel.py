"""The OpenSpiel games (tarock.env.openspiel_game): registration and parameters, the game type,
OpenSpiel's own random simulation test, full deals with OpenSpiel's random bots and with ISMCTS,
resampling from an information state, clone independence and the uniform chance deal."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")  # the optional "openspiel" extra

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

from tarock.core.errors import InvalidOptionError
from tarock.env import register_openspiel
from tarock.env.features import TensorWriter, tensor_fields
from tarock.games import make_game

HUNGARIAN = "tarock_hungarian_tarokk"
BAVARIAN = "tarock_bavarian_tarock"
OTTOCENTO = "tarock_ottocento"
TAROCK_NAME = {HUNGARIAN: "hungarian-tarokk", BAVARIAN: "bavarian-tarock",
               OTTOCENTO: "ottocento"}
ZERO_SUM = {HUNGARIAN, OTTOCENTO}

# (OpenSpiel name, parameters) of every configuration the deal-level tests play
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    (HUNGARIAN, {}),
    (HUNGARIAN, {"players": 5}),
    (BAVARIAN, {}),
    (BAVARIAN, {"variant": "scharfer"}),  # the 24-card short pack
    (BAVARIAN, {"players": 4}),
    (OTTOCENTO, {}),
    (OTTOCENTO, {"players": 2}),
]
CONFIG_IDS = [
    TAROCK_NAME[name] + "".join(f"-{k}={v}" for k, v in params.items())
    for name, params in CONFIGS
]


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    register_openspiel()


def load(name: str, params: dict[str, Any] | None = None) -> Any:
    return pyspiel.load_game(name, params or {})


def tarock_game(name: str, params: dict[str, Any] | None = None) -> Any:
    """The tarock game (protocol) behind OpenSpiel game ``name`` with ``params``."""
    options = {k: v for k, v in (params or {}).items() if k not in ("dealer", "resample_steps")}
    return make_game(TAROCK_NAME[name], options)


def deal_cards(state: Any, rng: random.Random) -> None:
    """Apply random chance outcomes until the cards are dealt."""
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(rng.choice([a for a, _ in outcomes]))


def play_randomly(state: Any, rng: random.Random) -> None:
    deal_cards(state, rng)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


def random_states(game: Any, seed: int, every: int = 1) -> list[Any]:
    """Clones of the player nodes of one random deal from ``seed`` (every ``every``-th one)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    deal_cards(state, rng)
    out = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    return out


def in_play(state: Any) -> bool:
    """At least one trick is finished and the deal is not over."""
    if state.is_terminal() or state.is_chance_node():
        return False
    return bool(state.env.engine.observation(state.current_player()).get("tricks"))


def mid_play_state(game: Any, seed: int) -> Any:
    """A player node of a random deal after the first finished trick (from the first seed at or
    after ``seed`` whose deal gets there)."""
    for s in range(seed, seed + 50):
        for state in random_states(game, s):
            if in_play(state):
                return state
    raise AssertionError("no random deal reached the card play")


def assert_returns(name: str, state: Any) -> None:
    returns = state.returns()
    assert len(returns) == state.num_players()
    assert all(np.isfinite(returns))
    if name in ZERO_SUM:
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)


# 1. registration and parameters -------------------------------------------------------------


def test_openspiel_register_returns_names_and_is_idempotent() -> None:
    names = register_openspiel()
    # other test modules may register a toy game of their own, which is registered too
    assert {BAVARIAN, HUNGARIAN, OTTOCENTO} <= set(names)
    assert sorted(register_openspiel()) == sorted(names)  # a second call is fine
    registered = set(pyspiel.registered_names())
    for name in (BAVARIAN, HUNGARIAN, OTTOCENTO):
        assert name in registered
        game = pyspiel.load_game(name)
        assert game.get_type().short_name == name
        assert game.num_players() == tarock_game(name).num_seats


def test_openspiel_parameters_reach_the_engine() -> None:
    assert load(HUNGARIAN).num_players() == 4
    assert load(HUNGARIAN, {"players": 5}).num_players() == 5
    assert load(OTTOCENTO).num_players() == 4
    assert load(OTTOCENTO, {"players": 2}).num_players() == 2
    assert load(BAVARIAN).num_players() == 3
    assert load(BAVARIAN, {"players": 4}).num_players() == 4
    assert load(BAVARIAN).max_chance_outcomes() == 36
    assert load(BAVARIAN, {"variant": "scharfer"}).max_chance_outcomes() == 24
    assert load(HUNGARIAN).max_chance_outcomes() == 42
    assert load(OTTOCENTO).max_chance_outcomes() == 62
    assert load(HUNGARIAN, {"players": 5}).get_parameters()["players"] == 5


def test_openspiel_dealer_parameter_moves_the_first_decision() -> None:
    rng = random.Random(3)
    first = []
    for dealer in (0, 1):
        state = load(HUNGARIAN, {"dealer": dealer}).new_initial_state()
        deal_cards(state, rng)
        first.append(state.current_player())
    assert first[0] != first[1]


@pytest.mark.parametrize(("name", "params"), [
    (HUNGARIAN, {"players": 6}),
    (HUNGARIAN, {"yield_min_tarokks": 10}),
    (HUNGARIAN, {"annul_hands": "four_kings,nonsense"}),
    (BAVARIAN, {"variant": "nope"}),
    (BAVARIAN, {"players": 5}),
    (OTTOCENTO, {"players": 3}),
])
def test_openspiel_invalid_option_value_raises(name: str, params: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionError):
        pyspiel.load_game(name, params)


def test_openspiel_unknown_parameter_raises() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game(BAVARIAN, {"no_such_option": 1})


# 2. game type --------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_game_type_and_sizes(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == (pyspiel.GameType.Utility.ZERO_SUM if name in ZERO_SUM
                            else pyspiel.GameType.Utility.GENERAL_SUM)
    assert kind.provides_information_state_string
    assert kind.provides_information_state_tensor
    assert kind.provides_observation_string
    assert kind.provides_observation_tensor
    assert kind.min_num_players <= game.num_players() <= kind.max_num_players

    tgame = tarock_game(name, params)
    size = TensorWriter(tgame).size
    assert size == sum(field.size for field in tensor_fields(tgame))
    assert game.information_state_tensor_shape() == [size]
    assert game.information_state_tensor_size() == size
    assert game.observation_tensor_shape() == [size]
    encoding = tgame.action_encoding()
    assert game.num_distinct_actions() == encoding.num_tokens
    assert game.max_chance_outcomes() == len(tgame.deck)
    assert game.max_game_length() == encoding.max_tokens
    assert game.num_players() == tgame.num_seats


# 3. OpenSpiel's random simulation test ---------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_random_sim_test(name: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(name, params), num_sims=3, serialize=False, verbose=False)


# 4. full deals with OpenSpiel's random bots ----------------------------------------------------


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_random_bots_evaluate(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    rng = np.random.RandomState(7)
    for _ in range(3):
        state = game.new_initial_state()
        bots = [UniformRandomBot(seat, rng) for seat in range(game.num_players())]
        returns = evaluate_bots(state, bots, rng)
        assert state.is_terminal()
        assert returns == state.returns()
        assert_returns(name, state)


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_random_bots_deal_step_by_step(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    seats = game.num_players()
    size = game.information_state_tensor_size()
    rng = np.random.RandomState(11)
    bots = [UniformRandomBot(seat, rng) for seat in range(seats)]
    for _ in range(2):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                assert sum(probs) == pytest.approx(1.0)
                assert list(outcomes) == sorted(set(outcomes))
                assert all(0 <= a < game.max_chance_outcomes() for a in outcomes)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            player = state.current_player()
            assert 0 <= player < seats
            legal = state.legal_actions()
            assert legal and legal == sorted(set(legal))
            assert all(0 <= a < game.num_distinct_actions() for a in legal)
            mask = state.legal_actions_mask(player)
            assert [a for a, bit in enumerate(mask) if bit] == legal
            for seat in range(seats):
                if seat != player:
                    assert state.legal_actions(seat) == []
            tensor = np.asarray(state.information_state_tensor(player))
            assert tensor.shape == (size,)
            assert np.isfinite(tensor).all()
            assert tensor[player] == 1.0 and tensor[:seats].sum() == 1.0  # the seat field
            if decisions % 10 == 0:  # every seat's view, now and then
                for seat in range(seats):
                    other = np.asarray(state.information_state_tensor(seat))
                    assert other.shape == (size,) and np.isfinite(other).all()
                    assert isinstance(state.information_state_string(seat), str)
                    assert len(state.observation_tensor(seat)) == size
                    assert isinstance(state.observation_string(seat), str)
            state.apply_action(bots[player].step(state))
            decisions += 1
        assert decisions <= game.max_game_length()
        assert state.legal_actions() == []
        assert_returns(name, state)


# 5. ISMCTS -------------------------------------------------------------------------------------


def play_ismcts_deal(name: str, params: dict[str, Any], seed: int, simulations: int) -> int:
    """Seat 0 is an ISMCTS bot, the others random; returns the number of searches seat 0 ran.
    The bot asserts that every resampled root has the root's information-state key."""
    game = load(name, params)
    rng = np.random.RandomState(seed)
    # a seeded sampler through the bot's resampler hook keeps the test deterministic
    # (the bot's default makes an unseeded UniformProbabilitySampler on every call)
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed)),
                           uct_c=2.0, max_simulations=simulations,
                           random_state=np.random.RandomState(seed))
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    searches = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == 0:
            legal = state.legal_actions()
            searches += len(legal) > 1
            action = bot.step(state)
            assert action in legal
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert_returns(name, state)
    return searches


def test_openspiel_ismcts_plays_hungarian() -> None:
    assert play_ismcts_deal(HUNGARIAN, {"resample_steps": 5}, seed=1, simulations=8) >= 5


def test_openspiel_ismcts_plays_bavarian() -> None:
    # seed 3: the deal is played out (other seeds may end after the bidding)
    assert play_ismcts_deal(BAVARIAN, {}, seed=3, simulations=10) >= 5


def test_openspiel_ismcts_plays_ottocento() -> None:
    assert play_ismcts_deal(OTTOCENTO, {"resample_steps": 10}, seed=0, simulations=8) >= 5


def test_openspiel_ismcts_plays_ottocento_two_players() -> None:
    assert play_ismcts_deal(OTTOCENTO, {"players": 2, "resample_steps": 5}, seed=0,
                            simulations=6) >= 5


def test_openspiel_ismcts_default_resampler_hungarian_five() -> None:
    # the bot's own resampling path (unseeded sampler): only its internal assert is checked
    game = load(HUNGARIAN, {"players": 5, "resample_steps": 5})
    state = mid_play_state(game, 0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                           uct_c=2.0, max_simulations=10, random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()


# 6. resample_from_infostate --------------------------------------------------------------------


def assert_same_infostate(truth: Any, world: Any, player: int) -> None:
    assert world.current_player() == truth.current_player()
    assert world.information_state_string(player) == truth.information_state_string(player)
    np.testing.assert_array_equal(np.asarray(world.information_state_tensor(player)),
                                  np.asarray(truth.information_state_tensor(player)))
    assert world.legal_actions(player) == truth.legal_actions(player)
    assert world.observation_string(player) == truth.observation_string(player)


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_resample_keeps_the_information_state(name: str,
                                                        params: dict[str, Any]) -> None:
    game = load(name, {**params, "resample_steps": 10})
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        states = random_states(game, seed)
        picks = sorted({0, len(states) // 3, len(states) // 2, len(states) - 1})
        for state in (states[i] for i in picks):
            player = state.current_player()
            truth_history = state.history()
            truth_strings = [state.information_state_string(q) for q in range(game.num_players())]
            for _ in range(2):
                world = state.resample_from_infostate(player, sampler)
                assert_same_infostate(state, world, player)
                assert world.env.engine.deal.hands[player] == state.env.engine.deal.hands[player]
                play_randomly(world, rng)
                assert_returns(name, world)
                checked += 1
            # resampling leaves the true state as it was
            assert state.history() == truth_history
            assert [state.information_state_string(q)
                    for q in range(game.num_players())] == truth_strings
    assert checked >= 12


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_resample_moves_hidden_cards(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    state = mid_play_state(game, 0)
    player = state.current_player()
    others = [q for q in range(game.num_players()) if q != player]
    sampler = pyspiel.UniformProbabilitySampler(9, 0.0, 1.0)
    moved = 0
    for _ in range(6):
        world = state.resample_from_infostate(player, sampler)
        assert_same_infostate(state, world, player)
        if any(world.information_state_string(q) != state.information_state_string(q)
               for q in others):
            moved += 1
            assert world.env.engine.deal != state.env.engine.deal
    assert moved >= 1


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_resample_for_a_seat_not_to_act(name: str, params: dict[str, Any]) -> None:
    game = load(name, {**params, "resample_steps": 10})
    state = mid_play_state(game, 1)
    sampler = pyspiel.UniformProbabilitySampler(2, 0.0, 1.0)
    for seat in range(game.num_players()):
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        np.testing.assert_array_equal(np.asarray(world.information_state_tensor(seat)),
                                      np.asarray(state.information_state_tensor(seat)))
        assert world.legal_actions(seat) == state.legal_actions(seat)


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_resample_with_a_half_spelled_action(name: str, params: dict[str, Any]) -> None:
    """A player in the middle of a multi-token action (a discard spelled card by card) keeps
    its chosen tokens in every resampled world; the other seats' information states are kept
    as well (they do not see those tokens)."""
    game = load(name, {**params, "resample_steps": 10})
    sampler = pyspiel.UniformProbabilitySampler(4, 0.0, 1.0)
    found = 0
    for seed in range(12):
        state = next((s for s in random_states(game, seed) if s.env.pending), None)
        if state is None:
            continue
        player = state.current_player()
        for _ in range(2):
            world = state.resample_from_infostate(player, sampler)
            assert world.env.pending == state.env.pending
            assert_same_infostate(state, world, player)
            play_randomly(world, random.Random(seed))
            assert_returns(name, world)
        for seat in range(game.num_players()):
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == state.information_state_string(seat)
            np.testing.assert_array_equal(np.asarray(world.information_state_tensor(seat)),
                                          np.asarray(state.information_state_tensor(seat)))
        found += 1
        if found == 2:
            break
    assert found >= 1


def test_openspiel_resample_while_dealing_is_a_copy() -> None:
    game = load(HUNGARIAN)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(5):
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    world = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(1, 0.0, 1.0))
    assert world.is_chance_node()
    assert world.history() == state.history()
    assert world.information_state_string(0) == state.information_state_string(0)


# 7. clone independence -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_clone_is_independent(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    seats = game.num_players()
    state = mid_play_state(game, 2)
    history = state.history()
    strings = [state.information_state_string(q) for q in range(seats)]
    tensors = [np.asarray(state.information_state_tensor(q)) for q in range(seats)]
    legal = state.legal_actions()
    clone = state.clone()
    assert clone.history() == history
    assert clone.information_state_string(0) == strings[0]
    play_randomly(clone, random.Random(0))
    assert clone.is_terminal()
    assert not state.is_terminal()
    assert state.history() == history
    assert state.legal_actions() == legal
    assert [state.information_state_string(q) for q in range(seats)] == strings
    for q in range(seats):
        np.testing.assert_array_equal(np.asarray(state.information_state_tensor(q)), tensors[q])
    # the original plays on by itself after its clone finished
    play_randomly(state, random.Random(1))
    assert_returns(name, state)

    # a clone made while dealing is independent as well
    dealing = game.new_initial_state()
    dealing.apply_action(0)
    copy = dealing.clone()
    copy.apply_action(1)
    assert dealing.history() == [0]
    assert len(dealing.chance_outcomes()) == game.max_chance_outcomes() - 1


# 8. the chance deal ----------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), CONFIGS, ids=CONFIG_IDS)
def test_openspiel_chance_deal_is_uniform(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    tgame = tarock_game(name, params)
    cards = len(tgame.deck)
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(cards))
    assert all(p == pytest.approx(1.0 / cards) for _, p in outcomes)

    rng = random.Random(0)
    dealt = 0
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == cards - dealt
        assert all(p == pytest.approx(1.0 / (cards - dealt)) for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(rng.choice([a for a, _ in outcomes]))
        dealt += 1
    assert dealt == cards
    assert sorted(state.history()) == list(range(cards))

    sample = tgame.deal(0)
    deal = state.env.engine.deal
    assert [h.bit_count() for h in deal.hands] == [h.bit_count() for h in sample.hands]
    assert len(deal.talon) == len(sample.talon)
    everything = 0
    for hand in deal.hands:
        assert everything & hand == 0
        everything |= hand
    for card in deal.talon:
        everything |= 1 << card
    assert everything == (1 << cards) - 1
    # each seat's tensor shows its dealt cards (plus talon cards it was given, as the
    # Ottocento dealer is) and nothing else
    start = next(f.start for f in tensor_fields(tgame) if f.name == "hand")
    talon = sum(1 << card for card in deal.talon)
    for seat in range(game.num_players()):
        tensor = np.asarray(state.information_state_tensor(seat))
        shown = sum(1 << c for c in range(cards) if tensor[start + c])
        assert shown & deal.hands[seat] == deal.hands[seat]
        assert shown & ~(deal.hands[seat] | talon) == 0


def test_openspiel_dealing_an_impossible_card_raises() -> None:
    state = load(BAVARIAN).new_initial_state()
    state.apply_action(3)
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(3)


# serialization and known gaps ------------------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), [c for c in CONFIGS if c[0] != HUNGARIAN],
                         ids=[i for i, c in zip(CONFIG_IDS, CONFIGS, strict=True)
                              if c[0] != HUNGARIAN])
def test_openspiel_random_sim_test_with_serialization(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    assert str(pyspiel.load_game(str(game))) == str(game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_resampled_world_serializes() -> None:
    game = load(OTTOCENTO, {"resample_steps": 10})
    state = mid_play_state(game, 0)
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    _, copy = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, world))
    assert copy.information_state_string(player) == state.information_state_string(player)
    assert copy.legal_actions() == state.legal_actions()


def test_openspiel_hungarian_game_string_round_trip_and_serialization() -> None:
    game = load(HUNGARIAN)
    assert str(pyspiel.load_game(str(game))) == str(game)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_openspiel_resampled_world_has_a_history_of_the_same_length() -> None:
    game = load(BAVARIAN)
    state = mid_play_state(game, 0)
    world = state.resample_from_infostate(state.current_player(),
                                          pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert len(world.history()) == len(state.history())
    assert world.move_number() == state.move_number()
