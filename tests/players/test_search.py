"""The search player (issue 5): its solver, its sampler and the player itself (Hungarian)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tarock.core.errors import IllegalActionError
from tarock.core.protocol import Deal
from tarock.core.session import play_out, players_act
from tarock.games import make_game
from tarock.hungarian.cards import SUIT_MASKS, SUIT_OF, T1, TAROKK_SUIT, TAROKKS
from tarock.hungarian.game import HungarianState
from tarock.hungarian.scoring import score_deal
from tarock.hungarian.strategy.sampler import HungarianSampler, World
from tarock.hungarian.strategy.solver import (
    ULT_D_LOST,
    ULT_D_WON,
    ULT_NONE,
    ULT_O_LOST,
    ULT_O_WON,
    LeafScorer,
    Solver,
    facts_of_tricks,
    position_from_state,
)
from tarock.players import make_player, player_names
from tarock.players.search import SearchPlayer

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"players": 5},
    {"pagat_catch_bonus": True, "bonus_values": "modern", "kontra_game_scope":
     "game_and_all_bonuses", "kontra_multiplies_silent": True},
    {"game_suppression": "wide", "silent_double_volat_needs_game_kontra": "both_teams",
     "silent_trull_with_volat": True, "silent_kings_with_double": False,
     "kontra_game_opponents_need_48": True},
    {"silent_double_volat_needs_game_kontra": "opponents", "self_call_allowed": False,
     "call_own_discard_allowed": True, "xx_discard_forbidden": True,
     "cue_bid_binding_only_if_other_declarer": True},
    {"pajesz_tarokk_count_rules": True, "cue_bid_accept_by_hold_only": True,
     "tarokk_discard_disclosure": "first_announcement_turn", "pajesz_xvii_cue_bid": True},
]


def _mixed_players(game: Any, seed: int) -> list[Any]:
    """Random players announce and kontra a lot; cautious ones bid sensibly."""
    kinds = ("random", "cautious")
    return [make_player(kinds[(seed + s) % 2] if seed % 3 else "random", s)
            for s in range(game.num_seats)]


def _states(options: dict[str, Any], deals: int,
            stop: Callable[[HungarianState], bool]) -> list[HungarianState]:
    """Copies of mid-deal states where ``stop`` first holds, from deals between mixed players."""
    game = make_game("hungarian-tarokk", options)
    out = []
    for seed in range(deals):
        players = _mixed_players(game, seed)
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            if stop(state):
                out.append(state.clone())
                break
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    return out


def _finished(options: dict[str, Any], deals: int) -> list[HungarianState]:
    game = make_game("hungarian-tarokk", options)
    out = []
    for seed in range(deals):
        state = play_out(game.new_deal_state(seed, dealer=seed % game.num_seats),
                         players_act(_mixed_players(game, seed)))
        if state.outcome == "scored":
            out.append(state)
    return out


# -- the leaf evaluator matches HU-SCORE-16 ---------------------------------------------------


def _ult(state: HungarianState) -> int:
    last = state.tricks[8]
    if T1 not in last.cards:
        return ULT_NONE
    seat = last.seats[last.cards.index(T1)]
    won = last.winner == seat
    if state.ann.team(seat) == "d":
        return ULT_D_WON if won else ULT_D_LOST
    return ULT_O_WON if won else ULT_O_LOST


@pytest.mark.parametrize("options", OPTION_SETS)
def test_leaf_scorer_matches_score_deal(options: dict[str, Any]) -> None:
    checked = 0
    for state in _finished(options, 60):
        outcome = state.deal_outcome()
        is_d = {q: outcome.team_of(q) == "d" for q in state.active}
        pts, trd, won, xxi, pc = facts_of_tricks(
            [(t.cards, t.seats, t.winner) for t in state.tricks], is_d,
            state.discards[state.declarer])
        scorer = LeafScorer(state.opt, state.level, state.ann.klevel)
        assert scorer.value(pts, trd, won, xxi, _ult(state), pc) == score_deal(outcome).value
        checked += 1
    assert checked >= 30


# -- the solver against brute force through the engine ---------------------------------------


def _brute(state: HungarianState) -> int:
    """Minimax over the engine's own legal plays, scored by score_deal (team d's value)."""
    if state.phase != "play":
        return score_deal(state.deal_outcome()).value
    seat = state.current_player()
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(_brute(child))
    return max(values) if state.ann.team(seat) == "d" else min(values)


@pytest.mark.parametrize("options", OPTION_SETS[:4])
@pytest.mark.parametrize("tricks_left", [2, 3])
def test_solver_matches_brute_force_endgames(options: dict[str, Any], tricks_left: int) -> None:
    def stop(s: HungarianState) -> bool:
        return s.phase == "play" and len(s.tricks) == 9 - tricks_left and len(s.trick) in (0, 2)

    states = _states(options, 14, stop)
    assert len(states) >= 8
    for state in states:
        pos = position_from_state(state)
        assert Solver().solve(pos) == _brute(state)
        values = Solver().action_values(pos)
        assert set(values) == {a.arg for a in state.legal_actions()}
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            assert values[action.arg] == _brute(child)


def test_solver_last_trick_is_the_real_result() -> None:
    """From the start of trick 9 (no choice left) the solver returns the deal's real value."""
    for state in _finished({}, 30):
        replay = state.game.new_initial_state(state.deal, state.dealer)
        for _, action in state.history:
            if replay.phase == "play" and len(replay.tricks) == 8:
                break
            replay.apply(action)
        assert Solver().solve(position_from_state(replay)) == score_deal(
            state.deal_outcome()).value


def test_depth_limited_search_returns_values_for_every_card() -> None:
    states = _states({}, 6, lambda s: s.phase == "play" and not s.tricks and not s.trick)
    for state in states:
        pos = position_from_state(state)
        values = Solver(depth=1).action_values(pos)
        assert set(values) == {a.arg for a in state.legal_actions()}


def test_action_values_agree_with_solving_each_child() -> None:
    """Each card's value (equivalent plain tarokks share one search) is its child's value."""
    states = _states({}, 20, lambda s: s.phase == "play" and len(s.tricks) == 6 and not s.trick)
    for state in states:
        values = Solver().action_values(position_from_state(state))
        for action in state.legal_actions():
            child = state.clone()
            child.apply(action)
            assert values[action.arg] == Solver().solve(position_from_state(child))


# -- the sampler --------------------------------------------------------------------------------


def _truth(state: HungarianState) -> World:
    return World({q: state.hands[q] for q in state.active},
                 {q: state.discards[q] for q in state.active})


@pytest.mark.parametrize("options", OPTION_SETS)
def test_sampler_keeps_the_truth_and_samples_consistently(options: dict[str, Any]) -> None:
    game = make_game("hungarian-tarokk", options)
    checked = 0
    for seed in range(25):
        players = _mixed_players(game, seed)
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        pick = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            if state.phase == "play" and pick.random() < 0.2:
                sampler = HungarianSampler(game.opt, obs)
                assert sampler.why_not(_truth(state)) is None  # never excludes the truth
                for k in range(3):
                    world = sampler.sample(random.Random(k))
                    assert world is not None
                    assert sampler.why_not(world) is None
                    _assert_consistent(state, seat, world, sampler)
                checked += 1
            state.apply(players[seat].act(game, obs, state.legal_actions()))
    assert checked >= 20


def _assert_consistent(state: HungarianState, seat: int, world: World,
                       sampler: HungarianSampler) -> None:
    """Independent checks of the main constraints, straight from the state's public record."""
    assert world.hands[seat] == state.hands[seat]
    cards = sampler.all_played
    for q in state.active:
        assert world.hands[q].bit_count() == state.hands[q].bit_count()
        assert world.discards[q].bit_count() == state.discards[q].bit_count()
        cards |= world.hands[q] | world.discards[q]
    assert cards == (1 << 42) - 1
    declarer = state.declarer
    assert world.discards[declarer] & TAROKKS == state.discards[declarer] & TAROKKS
    for q in state.active:
        if q != declarer and state.game.num_seats == 4:
            tarokks = (world.discards[q] & TAROKKS).bit_count()
            assert tarokks == (state.discards[q] & TAROKKS).bit_count()
    # Voids: a seat that did not follow holds no card of the suit led (nor a tarokk, when it
    # played a suit card to a suit led).
    for trick in [*state.tricks]:
        led = trick.cards[0]
        for card, q in zip(trick.cards[1:], trick.seats[1:], strict=True):
            if SUIT_OF[card] != SUIT_OF[led]:
                led_mask = TAROKKS if SUIT_OF[led] == TAROKK_SUIT else SUIT_MASKS[SUIT_OF[led]]
                assert not world.hands[q] & led_mask
                if SUIT_OF[card] != TAROKK_SUIT:
                    assert not world.hands[q] & TAROKKS
    # The called card: the sampled partner is consistent with public knowledge.
    obs = state.observation(seat)
    if "partner" in obs:
        assert sampler.partner_of(world) == obs["partner"]


def test_sampler_is_deterministic() -> None:
    states = _states({}, 10, lambda s: s.phase == "play" and len(s.tricks) == 3)
    for state in states:
        obs = state.observation(state.current_player())
        a = HungarianSampler(state.opt, obs).sample(random.Random(5))
        b = HungarianSampler(state.opt, obs).sample(random.Random(5))
        assert a == b
        # A sampler that has drawn before (its tables of tarokk splits filled) draws the same.
        used = HungarianSampler(state.opt, obs)
        for k in range(20):
            used.sample(random.Random(k))
        assert used.sample(random.Random(5)) == a


# -- the player -------------------------------------------------------------------------------


def _fast_search(seed: int, samples: int = 4) -> SearchPlayer:
    return SearchPlayer(seed, budget=60.0, samples=samples)


def test_search_player_is_registered() -> None:
    assert "search" in player_names()
    player = make_player("search", 3)
    assert isinstance(player, SearchPlayer) and player.budget == 1.0


@pytest.mark.parametrize("players", [4, 5])
def test_search_player_plays_complete_deals_legally(players: int) -> None:
    game = make_game("hungarian-tarokk", {"players": players})
    for seed in range(2):
        seats = [_fast_search(s, 3) if s % 2 == 0 else make_player("cautious", s)
                 for s in range(players)]
        state = game.new_deal_state(seed, dealer=seed % players)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = seats[seat].act(game, state.observation(seat), legal)
            assert action in legal
            state.apply(action)
        assert sum(state.result()["scores"]) == 0


def _swap_hidden(state: HungarianState, me: int) -> HungarianState | None:
    """The same public history with two unplayed dealt cards of two other seats exchanged,
    if the history stays legal and ``me`` observes exactly the same; else None."""
    game = state.game
    others = [q for q in state.active if q != me]
    for i, q1 in enumerate(others):
        for q2 in others[i + 1:]:
            for c1 in _bits(state.hands[q1] & state.deal.hands[q1]):
                for c2 in _bits(state.hands[q2] & state.deal.hands[q2]):
                    hands = list(state.deal.hands)
                    hands[q1] ^= (1 << c1) | (1 << c2)
                    hands[q2] ^= (1 << c1) | (1 << c2)
                    other = game.new_initial_state(Deal(tuple(hands), state.deal.talon),
                                                   state.dealer, state.multiplier)
                    try:
                        for _, action in state.history:
                            other.apply(action)
                    except IllegalActionError:
                        continue
                    if other.observation(me) == state.observation(me):
                        return other
    return None


def _bits(mask: int) -> list[int]:
    return [i for i in range(42) if mask >> i & 1]


def test_same_observation_same_action() -> None:
    """Issue 5: two full states that share the acting seat's observation get the same action."""
    game = make_game("hungarian-tarokk")
    states = _states({}, 12, lambda s: s.phase == "play" and len(s.tricks) == 5
                     and len(s.legal_actions()) > 1)
    pairs = 0
    for state in states:
        me = state.current_player()
        other = _swap_hidden(state, me)
        if other is None:
            continue
        assert any(other.hands[q] != state.hands[q] for q in state.active)
        obs = state.observation(me)
        assert other.observation(me) == obs
        a = _fast_search(7, 6).act(game, obs, state.legal_actions())
        b = _fast_search(7, 6).act(game, other.observation(me), other.legal_actions())
        assert a == b
        pairs += 1
    assert pairs >= 3
