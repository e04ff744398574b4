"""Differential tests of the fast paths that replaced simpler code: the old algorithm, kept here
as the reference, against the new one on random inputs (same values, same order)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from tarock.bavarian.cards import TALON_SIZE
from tarock.bavarian.talon import lay_away_options
from tarock.core.cards import bits


def lay_away_reference(hand: int) -> list[int]:
    """BT-TALON-3 as first written: a generator sum per set of three cards."""
    return [sum(1 << c for c in combo) for combo in combinations(bits(hand), TALON_SIZE)]


@pytest.mark.parametrize("seed", range(5))
def test_lay_away_options_are_the_reference_sets_in_the_reference_order(seed):
    rng = random.Random(seed)
    for _ in range(50):
        cards = rng.sample(range(36), rng.randrange(3, 15))
        hand = sum(1 << c for c in cards)
        assert lay_away_options(hand) == lay_away_reference(hand)


def kontras_reference(ann) -> list:
    """HU-ANN-11 as first written: (owner, level) pairs looked up in a set per team."""
    from tarock.hungarian.announcements import KONTRAS
    from tarock.hungarian.outcome import DECLARER_TEAM, OPPONENTS

    by_declarer_team = frozenset([(DECLARER_TEAM, lv) for lv in (1, 3)]
                                 + [(OPPONENTS, lv) for lv in (0, 2, 4)])
    by_opponents = frozenset([(OPPONENTS, lv) for lv in (1, 3)]
                             + [(DECLARER_TEAM, lv) for lv in (0, 2, 4)])
    t = ann.team(ann.turn_player)
    raisable = by_declarer_team if t == DECLARER_TEAM else by_opponents
    return [KONTRAS[item] for item, level in ann.klevel.items() if (item[0], level) in raisable]


@pytest.mark.parametrize("players", [4, 5])
def test_the_kontras_offered_are_the_reference_ones(players):
    from tarock.games import make_game
    from tarock.hungarian.actions import KONTRA

    game = make_game("hungarian-tarokk", {"players": players})
    rng = random.Random(players)
    checked = 0
    for seed in range(150):
        state = game.new_deal_state(seed, dealer=seed % players)
        while not state.is_terminal():
            ann = state.ann
            if state.phase == "announce" and ann is not None and not (
                    ann.turn_player == ann.ctx.declarer and ann.first_turn
                    and "call" not in ann.turn_flags):
                offered = [a for a in ann.candidates() if a.kind == KONTRA]
                assert offered == kontras_reference(ann)
                checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert checked > 1000


def allowed_signals_reference(opts, two_players: bool, card: int, hand_after: int,
                              kings_played_before: int) -> list[str]:
    """§8 as first written: every signal put to signal_error."""
    from tarock.ottocento.actions import SIGNALS
    from tarock.ottocento.play import signal_error

    if two_players or opts.signals == "none":
        return []
    return [s for s in SIGNALS if signal_error(opts, two_players, True, card, s, hand_after,
                                               kings_played_before) is None]


@pytest.mark.parametrize("options", [{}, {"signals": "unrestricted"}, {"signals": "none"},
                                     {"signal_truthful": False}, {"players": 2}])
def test_the_signals_allowed_are_the_reference_ones(options):
    from tarock.games import make_game
    from tarock.ottocento.cards import KINGS, N_CARDS
    from tarock.ottocento.play import allowed_signals

    game = make_game("ottocento", options)
    opts, two = game.opt, options.get("players") == 2
    rng = random.Random(len(options))
    allowed = 0
    for _ in range(3000):
        card = rng.randrange(N_CARDS)
        hand_after = sum(1 << c for c in rng.sample(range(N_CARDS), rng.randrange(0, 12))
                         if c != card)
        kings = sum(1 << c for c in bits(KINGS) if rng.random() < 0.5)
        got = allowed_signals(opts, two, card, hand_after, kings)
        assert list(got) == allowed_signals_reference(opts, two, card, hand_after, kings)
        allowed += bool(got)
    assert allowed > 100 or two or options.get("signals") == "none"


@pytest.mark.parametrize(("name", "options", "kind"), [
    ("bavarian-tarock", {}, "lay_away"), ("ottocento", {}, "discard"),
    ("ottocento", {"players": 2}, "discard")])
def test_sets_offered_are_the_reference_actions(name, options, kind):
    """The lay-away and discard actions made with tuple.__new__ are the named tuples the
    engine made before, of the same type, in the same order."""
    from tarock.games import make_game

    game = make_game(name, options)
    rng = random.Random(3)
    checked = 0
    for seed in range(60):
        state = game.new_deal_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if legal and legal[0].kind == kind:
                action_type = type(legal[0])
                reference = [action_type(kind, a.arg) for a in legal]
                assert legal == reference
                assert all(type(a) is action_type for a in legal)
                assert [a.arg for a in legal] == sorted_args_reference(name, state)
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 5


def sorted_args_reference(name: str, state) -> list[int]:
    """The sets as the engines listed them before: their own option functions, in order."""
    if name == "bavarian-tarock":
        return lay_away_reference(state.hands[state.to_act])
    from tarock.ottocento.deal import discard_options

    return discard_options(state.hands[state.to_act])


@pytest.mark.parametrize("options", [{"players": 2}, {}])
def test_cards_to_give_are_in_the_reference_order(options):
    """The set-aside and Matto-exchange choices sorted by a precomputed rank are in the order
    of _cheap_first itself (ties by card index)."""
    from tarock.games import make_game
    from tarock.ottocento import actions as A
    from tarock.ottocento.game import _cheap_first

    game = make_game("ottocento", options)
    rng = random.Random(9)
    checked = 0
    for seed in range(40):
        state = game.new_deal_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if legal[0].kind in (A.SET_ASIDE, A.EXCHANGE):
                cards = [a.arg for a in legal]
                assert cards == sorted(cards, key=_cheap_first)
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 10


def ottocento_plays_reference(state) -> list:
    """OT-PLAY's legal actions as first written: iter_bits over the legal cards, and every
    signal put to signal_error for a lead of the four-player game."""
    from tarock.core.cards import iter_bits
    from tarock.ottocento import actions as A
    from tarock.ottocento.play import legal_mask

    p = state.to_act
    mask = legal_mask(state.hands[p], state.trick)
    out = [A.PLAYS[c] for c in iter_bits(mask)]
    if not state.trick and state.n == 4 and state.opt.signals != "none":
        for c in iter_bits(mask):
            out += [A.SIGNALLED[(c, s)] for s in allowed_signals_reference(
                state.opt, False, c, state.hands[p] & ~(1 << c), state.played)]
    return out


@pytest.mark.parametrize("options", [{}, {"players": 2}, {"signals": "unrestricted"}], ids=str)
def test_ottocento_plays_are_the_reference_ones(options):
    from tarock.games import make_game

    game = make_game("ottocento", options)
    rng = random.Random(13)
    signalled = 0
    for seed in range(30):
        state = game.new_deal_state(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.phase == "play":
                assert legal == ottocento_plays_reference(state)
                signalled += any(a.arg[1] is not None for a in legal)
            state.apply(rng.choice(legal))
    assert signalled > 20 or options.get("players") == 2
