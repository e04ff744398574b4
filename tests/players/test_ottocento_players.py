"""The Ottocento heuristic and search players, their solver and their sampler (issue 5)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

import pytest
from heuristic_deals import heuristic_decisions
from hypothesis import given
from hypothesis import strategies as st

from tarock.core.protocol import Deal
from tarock.games import make_game
from tarock.ottocento import actions as A
from tarock.ottocento.cards import DECK, FIVE_POINT, IDX, SUIT_MASKS, TRUMPS, parse_cards
from tarock.ottocento.combinations import best_declaration, best_declaration_points
from tarock.ottocento.game import OttocentoState
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.play import legal_mask
from tarock.ottocento.strategy.heuristic import (
    COMBINATION_CARDS,
    OttocentoHeuristic,
    discard_score,
    ranked_set_asides,
)
from tarock.ottocento.strategy.sampler import OttocentoSampler, World
from tarock.ottocento.strategy.solver import Solver, give_key, position_from_state
from tarock.players import make_player
from tarock.players.search import SearchPlayer

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"player_count": 2},
    {"signals": "unrestricted", "declaration_card_reuse": False, "set_wilds": True},
    {"signal_truthful": False, "early_claims": "any_declaration", "lost_discard_to": "nobody",
     "matto_exchange_fallback": "forfeit_matto", "matto_exchange_from_discard": False},
    {"match_format": "quattro_scartate", "signals": "none"},
]


def _play(game: Any, seed: int, kinds: list[str]) -> OttocentoState:
    players = [make_player(k, seed * 7 + i) for i, k in enumerate(kinds)]
    state = game.new_deal_state(seed, dealer=seed % game.num_seats)
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        action = players[seat].act(game, state.observation(seat), legal)
        assert action in legal
        state.apply(action)
    return state


@pytest.mark.parametrize("options", OPTION_SETS)
def test_heuristic_always_legal(options: dict[str, Any]) -> None:
    game = make_game("ottocento", options)
    for seed in range(12):
        kinds = ["heuristic", "random", "heuristic", "cautious"][:game.num_seats]
        if seed % 2:
            kinds = ["heuristic"] * game.num_seats
        _play(game, seed, kinds)


def test_heuristic_claims_with_totals_near_target() -> None:
    game = make_game("ottocento")
    for seed in range(20):
        state = game.new_initial_state(game.deal(seed, 0), 0, totals=[790, 790])
        players = [make_player("heuristic", s) for s in range(4)]
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = players[seat].act(game, state.observation(seat), legal)
            if A.CLAIM_ACTION in legal:
                assert action == A.CLAIM_ACTION
            state.apply(action)


@pytest.mark.parametrize("options", [{}, {"player_count": 2}])
def test_search_always_legal(options: dict[str, Any]) -> None:
    game = make_game("ottocento", options)
    for seed in range(2):
        players = [SearchPlayer(seed, budget=0.005, samples=2), make_player("heuristic", 1)]
        players = (players * 2)[:game.num_seats]
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            seat = state.current_player()
            legal = state.legal_actions()
            action = players[seat].act(game, state.observation(seat), legal)
            assert action in legal
            state.apply(action)


# -- key decisions on hand-made positions -----------------------------------------------------


def _obs(hand: list[str], trick: list[tuple[int, str]], seat: int = 0,
         tricks: list[Any] | None = None, declarations: list[Any] | None = None) -> dict:
    return {"game": "ottocento", "seat": seat, "seats": 4, "dealer": 3, "eldest": 0,
            "phase": "play", "team": seat % 2, "hand": hand, "declarations": declarations or [],
            "tricks": tricks or [], "trick": [{"seat": s, "card": c} for s, c in trick]}


def _legal(hand: list[str], trick: list[tuple[int, str]]) -> list[A.Action]:
    mask = legal_mask(parse_cards(hand), [IDX[c] for _, c in trick])
    return [A.PLAYS[i] for i in range(62) if mask >> i & 1]


def _decide(obs: dict, legal: list[A.Action]) -> str:
    action = OttocentoHeuristic().act(make_game("ottocento"), obs, legal)
    return DECK.code(action.arg[0])


def test_smears_onto_partners_angel() -> None:
    # partner (seat 2) led the Angel; seat 3 followed; I am last and void in trumps
    hand = ["CK", "C10", "S6", "DQ"]
    trick = [(2, "ANGELO"), (3, "T5")]
    obs = _obs(hand, trick, seat=0)
    obs["trick"] = [{"seat": 2, "card": "ANGELO"}, {"seat": 3, "card": "T5"}]
    # seat 1 still to play is void of trumps (shown earlier), so the Angel wins anyway
    assert _decide(obs, _legal(hand, trick)) in ("CK", "DQ")


def test_saves_bagatto_under_partners_angel() -> None:
    hand = ["BAG", "T6", "S6"]
    trick = [(1, "T7"), (2, "ANGELO"), (3, "T8")]
    assert _decide(_obs(hand, trick), _legal(hand, trick)) == "BAG"


def test_cheapest_winner_when_last() -> None:
    hand = ["SK", "S6", "SA"]
    trick = [(1, "SQ"), (2, "S7"), (3, "S9")]
    assert _decide(_obs(hand, trick), _legal(hand, trick)) == "SK"


def test_matto_keeps_a_king_from_the_opponents() -> None:
    hand = ["CK", "DQ", "MATTO"]
    trick = [(1, "SK"), (2, "S6"), (3, "S7")]
    assert _decide(_obs(hand, trick), _legal(hand, trick)) == "MATTO"


def test_does_not_lead_matto() -> None:
    hand = ["MATTO", "S6", "T9"]
    assert _decide(_obs(hand, []), _legal(hand, [])) != "MATTO"


def test_fourth_suit_convention() -> None:
    hand = ["C6", "S6", "B7", "T9"]
    decl = [{"seat": 2, "kind": "set_queens", "cards": ["SQ", "BQ", "DQ"]}]
    assert _decide(_obs(hand, [], declarations=decl), _legal(hand, [])) == "C6"


def test_discard_makes_a_void_and_never_five_points() -> None:
    game = make_game("ottocento")
    hand = ["C6", "C7", "CK", "DK", "SK", "BK", "ANGELO", "MONDO", "BAG", "MATTO", "T16",
            "T15", "T14", "T13", "S6", "B6", "D6"]
    obs = {"game": "ottocento", "seat": 0, "seats": 4, "dealer": 0, "eldest": 1,
           "phase": "discard", "team": 0, "hand": hand, "declarations": []}
    state_legal = [A.Action(A.DISCARD, m) for m in
                   __import__("tarock.ottocento.deal", fromlist=["_"]).discard_options(
                       parse_cards(hand))]
    action = OttocentoHeuristic().act(game, obs, state_legal)
    assert not action.arg & FIVE_POINT
    rest = parse_cards(hand) & ~action.arg
    voids_or_bare = [s for s in "CDSB" if rest & SUIT_MASKS[s] in (0, parse_cards([s + "K"]))
                     and parse_cards(hand) & SUIT_MASKS[s] != rest & SUIT_MASKS[s]]
    assert voids_or_bare


@given(st.sets(st.integers(0, 61), min_size=8, max_size=22), st.booleans(), st.booleans())
def test_the_best_declaration_depends_on_the_combination_cards_alone(
        cards: set[int], reuse: bool, wilds: bool) -> None:
    """The discard and set-aside scores memoise the best declaration by the combination cards
    kept: any other card must change nothing."""
    opts = OttocentoOptions.make({"declaration_card_reuse": reuse, "set_wilds": wilds})
    hand = sum(1 << c for c in cards)
    assert best_declaration_points(hand, opts) == \
        best_declaration_points(hand & COMBINATION_CARDS, opts)


@pytest.mark.parametrize("options", [{"players": 2},
                                     {"players": 2, "two_player_setaside_restricted": False}])
def test_the_set_aside_ranking_starts_from_the_best_pair(options: dict[str, Any]) -> None:
    """Each card of the set-aside is the one a discard of two would pick first: the ranking's
    first card belongs to a best pair (the fewest trumps, then the best :func:`discard_score`,
    unmemoised here), and the ranking holds every legal card once. A trump is set aside only
    when no other card is left to set aside."""
    game = make_game("ottocento", options)
    seen = 0
    for _, state, obs, legal in heuristic_decisions(game, 4):
        if state.phase != "set_aside":
            continue
        ranked = ranked_set_asides(game.opt, obs, legal)
        assert len(ranked) == len(legal) and set(ranked) == set(legal)
        hand = parse_cards(obs["hand"])
        base = best_declaration_points(hand, game.opt)

        def key(a: int, b: int) -> tuple[int, float]:
            out = (1 << a) | (1 << b)
            return (-(out & TRUMPS).bit_count(),
                    discard_score(game.opt, hand, out, base))  # noqa: B023

        cards = [a.arg for a in legal]
        best = max(key(a, b) for a, b in combinations(cards, 2))
        first = ranked[0].arg
        assert max(key(first, b) for b in cards if b != first) == best
        if any(not TRUMPS >> c & 1 for c in cards):
            assert not TRUMPS >> first & 1
        seen += 1
    assert seen == 80


def test_the_discard_keeps_the_trumps() -> None:
    """The dealer discards a trump only when he has fewer than two other cards he may discard,
    and among the discards with the fewest trumps the heuristic's is the best-scoring one."""
    game = make_game("ottocento")
    seen = 0
    for _, state, obs, legal in heuristic_decisions(game, 20):
        if state.phase != "discard":
            continue
        action = OttocentoHeuristic().act(game, obs, legal)
        fewest = min((a.arg & TRUMPS).bit_count() for a in legal)
        assert (action.arg & TRUMPS).bit_count() == fewest
        hand = parse_cards(obs["hand"])
        base = best_declaration_points(hand, game.opt)
        assert discard_score(game.opt, hand, action.arg, base) == max(
            discard_score(game.opt, hand, a.arg, base) for a in legal
            if (a.arg & TRUMPS).bit_count() == fewest)
        seen += 1
    assert seen == 20


def test_declares_the_best_declaration() -> None:
    game = make_game("ottocento")
    for seed in range(10):
        state = game.new_deal_state(seed, 0)
        player = OttocentoHeuristic()
        while state.phase != "play":
            seat = state.current_player()
            action = player.act(game, state.observation(seat), state.legal_actions())
            if state.phase == "declare" and seat == state.eldest and action == A.DONE_ACTION:
                shown = {c.kind for c in state.shown}
                best = {c.kind for c in best_declaration(state.hands[seat], game.opt)}
                assert shown == best
            state.apply(action)


# -- hidden information -----------------------------------------------------------------------


def _swap_deals(seed: int) -> tuple[Deal, Deal]:
    """Two deals differing only by a card swapped between seats 2 and 3 (dealer 0)."""
    game = make_game("ottocento")
    deal = game.deal(seed, 0)
    hands = list(deal.hands)
    a = hands[2] & -hands[2]
    b = hands[3] & -hands[3]
    hands[2] = hands[2] & ~a | b
    hands[3] = hands[3] & ~b | a
    return deal, Deal(tuple(hands), deal.talon)


@pytest.mark.parametrize("kind", ["heuristic", "search"])
def test_same_observation_same_action(kind: str) -> None:
    game = make_game("ottocento")
    for seed in range(3):
        deals = _swap_deals(seed)
        states = [game.new_initial_state(d, 0) for d in deals]
        driver = OttocentoHeuristic()
        for state in states:  # the dealer's discard and the eldest's declaration
            while not (state.phase == "play" and state.current_player() == 1):
                seat = state.current_player()
                state.apply(driver.act(game, state.observation(seat), state.legal_actions()))
        obs = [s.observation(1) for s in states]
        assert obs[0] == obs[1]
        if kind == "search":
            actions = [SearchPlayer(5, budget=100.0, samples=3).act(game, o, s.legal_actions())
                       for o, s in zip(obs, states, strict=True)]
        else:
            actions = [OttocentoHeuristic().act(game, o, s.legal_actions())
                       for o, s in zip(obs, states, strict=True)]
        assert actions[0] == actions[1]


# -- solver against brute force ----------------------------------------------------------------


def _states_with_left(options: dict[str, Any], left: int, deals: int) -> list[OttocentoState]:
    game = make_game("ottocento", options)
    out = []
    total = 15 if game.num_seats == 4 else 20
    for seed in range(deals):
        players = [make_player("random" if (seed + s) % 2 else "heuristic", s)
                   for s in range(game.num_seats)]
        state = game.new_deal_state(seed, seed % game.num_seats)
        stop = total - left
        while not state.is_terminal():
            if state.phase == "play" and len(state.tricks) == stop and len(state.trick) == (
                    seed % game.num_seats):
                out.append(state.clone())
                break
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    return out


def _brute(state: OttocentoState) -> int:
    """Minimax through the engine, scored by its result (team 0 minus team 1, declarations
    removed), in half points; the Matto exchange as the solver gives it."""
    if state.is_terminal():
        pts = state.result()["team_points"]
        return 2 * (pts[0] - state.declared[0] - pts[1] + state.declared[1])
    legal = state.legal_actions()
    if state.phase == "exchange":
        legal = [min(legal, key=lambda a: give_key(a.arg))]
    else:
        legal = [a for a in legal if a.arg[1] is None]
    values = []
    for a in legal:
        child = state.clone()
        child.apply(a)
        values.append(_brute(child))
    return max(values) if state.current_player() % 2 == 0 or (state.phase == "exchange" \
        and len(values) == 1) else min(values)


@pytest.mark.parametrize("options", [{}, {"player_count": 2},
                                     {"lost_discard_to": "nobody", "set_wilds": True}])
def test_solver_matches_brute_force(options: dict[str, Any]) -> None:
    left = 2 if options.get("player_count") != 2 else 3
    checked = 0
    for state in _states_with_left(options, left, 12):
        assert Solver(state.opt).solve(position_from_state(state)) == _brute(state)
        checked += 1
    assert checked >= 8


def test_depth_limited_solver_values_every_legal_card() -> None:
    for state in _states_with_left({}, 15, 2):
        values = Solver(state.opt, depth=0).action_values(position_from_state(state))
        assert set(values) == {i for i in range(62)
                               if legal_mask(state.hands[state.to_act], state.trick) >> i & 1}


# -- sampler ------------------------------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"player_count": 2}, {"signals": "unrestricted"}])
def test_sampler_never_excludes_the_truth(options: dict[str, Any]) -> None:
    game = make_game("ottocento", options)
    rng = random.Random(3)
    checked = 0
    total = 15 if game.num_seats == 4 else 20
    for seed in range(8):
        players = [make_player("heuristic", s) for s in range(game.num_seats)]
        state = game.new_deal_state(seed, seed % game.num_seats)
        while not state.is_terminal():
            seat = state.current_player()
            if state.phase == "play" and len(state.tricks) in (0, 3, total // 2, total - 2):
                sampler = OttocentoSampler(state.observation(seat),
                                           game.opt.two_player_setaside_restricted,
                                           game.opt.signal_truthful)
                truth = World(list(state.hands), state.reserves())
                assert sampler.check(truth)
                world = sampler.sample(rng)
                assert world is not None and sampler.check(world)
                assert world.hands[seat] == state.hands[seat]
                checked += 1
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))
    assert checked > 50
