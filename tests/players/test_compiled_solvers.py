"""The compiled (numba) solvers against the pure-Python reference solvers (issue 12).

Thousands of endgame positions from deals between random and cautious players (who announce,
kontra and play badly, so every scoring fact and rule of play turns up) must get exactly the
reference's value, and a sample of them the reference's value for every legal card. The compiled
code is cached on disk, so only the first run on a machine pays for compiling.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_bavarian_players import VARIANTS
from test_ottocento_players import OPTION_SETS as OTTOCENTO_OPTIONS
from test_search import OPTION_SETS

from tarock.bavarian.cards import FULL, SHORT
from tarock.bavarian.strategy import fast as bavarian_fast
from tarock.bavarian.strategy import solver as bavarian_solver
from tarock.core.cards import iter_bits
from tarock.games import make_game
from tarock.hungarian.cards import FIVE_POINT, POINTS, SUIT_OF, T1, TAROKK_SUIT, TOTAL_POINTS
from tarock.hungarian.scoring import CARD_BONUSES
from tarock.hungarian.strategy import fast as hungarian_fast
from tarock.hungarian.strategy import solver as hungarian_solver
from tarock.hungarian.strategy.search import HungarianDomain
from tarock.ottocento.cards import SUIT_OF as OTTOCENTO_SUIT_OF
from tarock.ottocento.play import legal_mask
from tarock.ottocento.strategy import fast as ottocento_fast
from tarock.ottocento.strategy import solver as ottocento_solver
from tarock.players import make_player
from tarock.players.compiled import INF, NodeLimitExceeded, StampedTable


def _play_states(game: Any, deals: int, tricks_left: int) -> Iterator[Any]:
    """Every card-play decision with at most ``tricks_left`` tricks to go, from deals between
    random and cautious players (a copy of each state)."""
    for seed in range(deals):
        kinds = ("random", "cautious")
        players = [make_player(kinds[(seed + s) % 2] if seed % 3 else "random", s)
                   for s in range(game.num_seats)]
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            if state.phase == "play" and _total(state) - len(state.tricks) <= tricks_left:
                yield state.clone()
            seat = state.current_player()
            state.apply(players[seat].act(game, state.observation(seat), state.legal_actions()))


def _total(state: Any) -> int:
    """The tricks of a whole deal: 9 in Hungarian, the pack's in Bavarian, 15 or 20 in
    Ottocento."""
    pack = getattr(state, "pack", None)
    if pack is not None:
        return pack.tricks
    return 9 if state.game.name == "hungarian-tarokk" else 15 if state.n == 4 else 20


# -- Hungarian ------------------------------------------------------------------------------


def _random_kontra(rng: random.Random) -> dict[tuple[str, str], int]:
    kontra = {("d", "game"): rng.choice((0, 0, 1, 2))}
    for bonus in ("double", "volat", *CARD_BONUSES):
        for team in ("d", "o"):
            if rng.random() < 0.25:
                kontra[(team, bonus)] = rng.choice((0, 0, 1, 2))
    return kontra


@pytest.mark.parametrize("options", OPTION_SETS)
def test_hungarian_value_table_is_the_scorer(options: dict[str, Any]) -> None:
    """The separable table the compiled search adds up equals HU-SCORE-16 on any facts."""
    opt = make_game("hungarian-tarokk", options).opt
    rng = random.Random(repr(options))
    for _ in range(25):
        scorer = hungarian_solver.LeafScorer(opt, rng.randint(1, 4), _random_kontra(rng))
        table = hungarian_fast.value_table(scorer)
        for _ in range(400):
            facts = (rng.randint(0, TOTAL_POINTS), rng.randint(0, 9),
                     rng.getrandbits(42) & FIVE_POINT, rng.randrange(3), rng.randrange(5),
                     rng.randrange(4))
            assert hungarian_fast.table_value(table, *facts) == scorer.value(*facts), facts


@settings(max_examples=60, deadline=None)
@given(st.sampled_from((3, 4)), st.lists(st.integers(-500, 500), min_size=16, max_size=16))
def test_hungarian_spread_is_the_extremes_over_what_the_open_cards_reach(
        cards: int, values: list[int]) -> None:
    """Each state of the trull (3 cards) or kings (4): base-3 digits, 0 won by d, 1 by o, 2
    open; the codes it reaches have bit i set where card i is d's or may still become it. The
    spread holds the most and the least of those codes' entries."""
    table = np.array(values, dtype=np.int64)
    codes = 1 << cards
    states = 3 ** cards
    out = np.zeros(codes + 2 * states, dtype=np.int64)
    out[:codes] = table[:codes]
    hungarian_fast._spread(out, 0, cards, codes, codes + states)
    for state in range(states):
        digits = [state // 3 ** i % 3 for i in range(cards)]
        reach = [table[code] for code in range(codes)
                 if all(d == 2 or (code >> i & 1) == (d == 0) for i, d in enumerate(digits))]
        assert (out[codes + state], out[codes + states + state]) == (max(reach), min(reach))


def _hungarian_states(options: dict[str, Any], deals: int, tricks_left: int) -> list[Any]:
    return list(_play_states(make_game("hungarian-tarokk", options), deals, tricks_left))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_hungarian_compiled_solver_agrees_with_reference(options: dict[str, Any]) -> None:
    states = _hungarian_states(options, 30, 4)
    assert len(states) >= 300
    for i, state in enumerate(states):
        pos = hungarian_solver.position_from_state(state)
        assert hungarian_fast.FastSolver().solve(pos) == hungarian_solver.Solver().solve(pos)
        if i % 5 == 0:
            assert (hungarian_fast.FastSolver().action_values(pos)
                    == hungarian_solver.Solver().action_values(pos))


def test_hungarian_compiled_solver_agrees_five_tricks_left() -> None:
    states = [s for s in _hungarian_states({}, 40, 5) if len(s.tricks) == 4 and not s.trick]
    assert len(states) >= 35
    for state in states:
        pos = hungarian_solver.position_from_state(state)
        assert (hungarian_fast.FastSolver().action_values(pos)
                == hungarian_solver.Solver().action_values(pos))


def _hungarian_tricks(pos: Any, hands: tuple[int, ...], leader: int,
                     trick: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to finish ``trick`` (led by ``leader``) by legal cards of ``hands``."""
    if len(trick) == 4:
        yield trick
        return
    q = (leader + len(trick)) % 4
    keep = pos.keep_pagat[0] if pos.team_d[q] else pos.keep_pagat[1]
    for c in iter_bits(hungarian_solver._legal(hands[q], trick[0] if trick else -1, keep)):
        yield from _hungarian_tricks(pos, hands, leader, (*trick, c))


def _hungarian_takers(pos: Any, card: int) -> set[bool]:
    """Whether the team of the player to move takes the current trick, for each way the
    players after him may finish it once he plays ``card``."""
    me = pos.team_d[pos.to_move]
    return {pos.team_d[hungarian_solver.trick_facts(trick, pos.leader, pos.team_d)] == me
            for trick in _hungarian_tricks(pos, pos.hands, pos.leader, (*pos.trick, card))}


def test_hungarian_run_card_is_chosen_by_who_takes_the_trick() -> None:
    """Why the compiled solver searches one card of a run where the team that takes the trick
    is settled: two legal cards of one suit (the tarokks but the pagát counting as one) of the
    player to move, with no live card of another hand between them, take the trick alike, and
    every line after one is a line after the other with the other card played later; team d's
    value never falls when d takes one more card. So where the mover's team takes the trick
    whatever the others do, the card with more points is at least as good for it (as good, if
    the points are equal), and where the other team takes it, the one with fewer. Checked on
    the reference's exact values, the settled tricks found by trying every way to finish them,
    and the compiled solver's own judgement of settled checked against that."""
    pairs = {"suit": 0, "tarokk": 0, "ours": 0, "theirs": 0}
    for state in _hungarian_states({}, 100, 3):
        pos = hungarian_solver.position_from_state(state)
        legal = pos.legal_mask()
        others = (sum(pos.hands) | sum(1 << c for c in pos.trick)) & ~legal
        runs = [(a, b) for a in iter_bits(legal) for b in iter_bits(legal)
                if T1 < a < b and SUIT_OF[a] == SUIT_OF[b]
                and not others & ((1 << b) - (2 << a))]
        if not runs:
            continue
        values = hungarian_solver.Solver().action_values(pos)
        sign = 1 if pos.team_d[pos.to_move] else -1  # values are team d's
        trick = np.zeros(4, dtype=np.int64)
        trick[:len(pos.trick)] = pos.trick
        bi = hungarian_fast._best_pos(trick, len(pos.trick)) if pos.trick else -1
        for a, b in runs:
            takers = _hungarian_takers(pos, a)
            assert takers == _hungarian_takers(pos, b)
            settled = hungarian_fast._taker(a, np.array(pos.hands, dtype=np.int64), trick,
                                            len(pos.trick), pos.to_move, pos.leader,
                                            np.array(pos.team_d), bi)
            if settled >= 0:  # the solver may miss a settled trick, never invent one
                assert takers == {bool(settled)}
            if len(takers) > 1:
                continue
            more, fewer = (a, b) if POINTS[a] >= POINTS[b] else (b, a)
            gain = sign * (values[more] - values[fewer])  # for the mover's team
            if POINTS[a] == POINTS[b]:
                assert gain == 0
            else:
                assert gain >= 0 if takers == {True} else gain <= 0
            pairs["tarokk" if SUIT_OF[a] == TAROKK_SUIT else "suit"] += 1
            pairs["ours" if takers == {True} else "theirs"] += 1
    assert min(pairs.values()) >= 30, pairs


def _hungarian_least(pos: Any, team: bool, cards: int) -> tuple[int, int, bool]:
    """Over every way to play out ``pos`` from a trick boundary: the fewest tricks and the
    fewest card points that ``team`` (team d or not) takes from here on, and whether it takes
    all of ``cards`` in every one."""

    @functools.cache
    def boundary(hands: tuple[int, ...], leader: int) -> tuple[int, int, bool]:
        if not hands[leader]:
            return 0, 0, True
        best = (99, 999, True)
        for trick in _hungarian_tricks(pos, hands, leader, ()):
            winner = hungarian_solver.trick_facts(trick, leader, pos.team_d)
            ours = pos.team_d[winner] == team
            played = sum(1 << c for c in trick)
            t, pts, all_in = boundary(tuple(h & ~played for h in hands), winner)
            if ours:
                t, pts = t + 1, pts + sum(POINTS[c] for c in trick)
            else:
                all_in = all_in and not played & cards
            best = (min(best[0], t), min(best[1], pts), best[2] and all_in)
        return best

    return boundary(tuple(pos.hands), pos.leader)


def test_hungarian_sure_tarokks_take_their_tricks() -> None:
    """What the bounds take as sure: the live tarokks stronger than all of the other team's
    end in their team's tricks however the deal is played out, that team takes at least the
    sure tricks and the sure points, and the claim is exact (some line of play gives no more)
    often enough to be tested by it."""
    checked = tight_tricks = tight_points = 0
    for state in _boundaries(make_game("hungarian-tarokk"), 40, 1):
        if 9 - len(state.tricks) > 5:
            continue
        pos = hungarian_solver.position_from_state(state)
        dm = sum(h for h, d in zip(pos.hands, pos.team_d, strict=True) if d)
        sure, xd, tricks, points = hungarian_fast._sure(np.array(pos.hands, dtype=np.int64), dm)
        if not sure:
            continue
        least_tricks, least_points, all_in = _hungarian_least(pos, xd, sure)
        assert all_in and least_tricks >= tricks >= 1 and least_points >= points
        checked += 1
        tight_tricks += least_tricks == tricks
        tight_points += least_points == points
    assert checked >= 150 and tight_tricks >= 80 and tight_points >= 10, (
        checked, tight_tricks, tight_points)


@pytest.mark.parametrize("options", OPTION_SETS)
def test_hungarian_bounds_hold_the_exact_value(options: dict[str, Any]) -> None:
    """The bounds that cut the search off at a trick boundary without searching (what the
    scoring facts allow, narrowed by the tricks that the strongest live tarokks surely take)
    hold the reference's exact value; each is the value itself at some positions, so the test
    sees them narrow."""
    checked = exact_lo = exact_hi = 0
    for state in _boundaries(make_game("hungarian-tarokk", options), 40, 1):
        if 9 - len(state.tricks) > 4:
            continue
        pos = hungarian_solver.position_from_state(state)
        value = hungarian_solver.Solver().solve(pos)
        lo, hi = hungarian_fast._bounds(
            hungarian_fast.value_table(pos.scorer), np.array(pos.hands, dtype=np.int64),
            np.array(pos.team_d), pos.tricks_played, pos.points_d, pos.tricks_d, pos.won_d,
            pos.xxi, pos.pcatch)
        assert lo <= value <= hi, (lo, value, hi)
        checked += 1
        exact_lo += lo == value
        exact_hi += hi == value
    assert checked >= 100 and min(exact_lo, exact_hi) >= 10, (checked, exact_lo, exact_hi)


def test_hungarian_node_limit_raises_in_the_solver_and_the_domain() -> None:
    state = next(s for s in _hungarian_states({}, 3, 5) if not s.trick)
    pos = hungarian_solver.position_from_state(state)
    with pytest.raises(NodeLimitExceeded):
        hungarian_fast.FastSolver(max_nodes=10).solve(pos)
    exact = hungarian_solver.Solver().action_values(pos)
    with pytest.raises(NodeLimitExceeded):
        HungarianDomain(max_nodes=10).values(pos)
    with pytest.raises(NodeLimitExceeded):
        HungarianDomain().values(pos, max_nodes=10)
    assert HungarianDomain().values(pos) == exact
    assert HungarianDomain(solver="reference", exact_tricks=5).values(pos) == exact


# -- Bavarian -------------------------------------------------------------------------------


@pytest.mark.parametrize("options", VARIANTS)
def test_bavarian_compiled_solver_agrees_with_reference(options: dict[str, Any]) -> None:
    game = make_game("bavarian-tarock", options)
    checked = 0
    for state in _play_states(game, 60, 4):
        if state.bettel and state.decl_tricks:
            continue  # decided: the engine ends a lost Bettel at once
        pos = bavarian_solver.position_from_state(state)
        args = (state.pack, state.trump, state.bettel, game.opt.must_beat)
        ref = bavarian_solver.Solver(*args)
        assert bavarian_fast.FastSolver(*args).solve(pos) == ref.solve(pos)
        if checked % 4 == 0:
            assert (bavarian_fast.FastSolver(*args).action_values(pos)
                    == bavarian_solver.Solver(*args).action_values(pos))
        checked += 1
    assert checked >= 300


# -- Ottocento ------------------------------------------------------------------------------

GRANDE_OPTIONS = {"grande_sun_moon_blocks_16": True, "grande_moon_16_blocks_15": True,
                  "set_wilds": True}


@pytest.mark.parametrize("options", [*OTTOCENTO_OPTIONS, GRANDE_OPTIONS])
def test_ottocento_pile_score_is_the_reference(options: dict[str, Any]) -> None:
    """Combinations and card points of random piles, rich in trumps, as ``PileScorer``."""
    opts = make_game("ottocento", options).opt
    scorer = ottocento_solver.PileScorer(opts)
    rng = random.Random(repr(options))
    trumps = ((1 << 23) - 1) << 40  # the trumps and the MATTO
    for _ in range(3000):
        pile = rng.getrandbits(62) & rng.getrandbits(62) & rng.getrandbits(62)
        if rng.random() < 0.5:
            pile |= rng.getrandbits(62) & trumps
        assert ottocento_fast.pile_score(pile, opts) == scorer(pile), pile


@pytest.mark.parametrize("options", [*OTTOCENTO_OPTIONS, GRANDE_OPTIONS])
def test_ottocento_compiled_solver_agrees_with_reference(options: dict[str, Any]) -> None:
    game = make_game("ottocento", options)
    checked = 0
    for state in _play_states(game, 30, 3):
        pos = ottocento_solver.position_from_state(state)
        assert (ottocento_fast.FastSolver(state.opt).solve(pos)
                == ottocento_solver.Solver(state.opt).solve(pos))
        if checked % 4 == 0:
            assert (ottocento_fast.FastSolver(state.opt).action_values(pos)
                    == ottocento_solver.Solver(state.opt).action_values(pos))
        checked += 1
    assert checked >= 150


def test_ottocento_pips_of_a_run_are_worth_the_same() -> None:
    """Why the compiled solver searches one pip of a run: two legal pips of one suit with no
    live card of another hand between them in strength take the same tricks and score alike in
    any pile (the MATTO's debt included), so the reference values them the same wherever the
    compiled solver merges them; and where a live card of another hand lies between two pips
    they may differ, so merging those would be wrong. The compiled values of every card agree
    with the reference's on the same positions (the merged pips given their run's value).
    Four players and two, and the MATTO's debt paid by forfeiting it."""
    merged = split = differ = 0
    for options in ({}, {"player_count": 2}, OTTOCENTO_OPTIONS[3]):
        game = make_game("ottocento", options)
        for state in _play_states(game, 150, 5):
            pos = ottocento_solver.position_from_state(state)
            legal = legal_mask(pos.hands[pos.to_move], [c for _, c in pos.trick])
            pairs = [(a, b) for a, b in itertools.pairwise(iter_bits(legal & ottocento_fast.PIPS))
                     if OTTOCENTO_SUIT_OF[a] == OTTOCENTO_SUIT_OF[b]]
            if not pairs:
                continue
            hands, trick, _ = ottocento_fast._arrays(pos)
            searched = int(ottocento_fast._reduced(legal, hands, trick, len(pos.trick),
                                                   pos.to_move))
            values = ottocento_solver.Solver(state.opt).action_values(pos)
            assert ottocento_fast.FastSolver(state.opt).action_values(pos) == values
            for a, b in pairs:
                if not searched >> b & 1:
                    merged += 1
                    assert values[a] == values[b]
                else:
                    split += 1
                    differ += values[a] != values[b]
    assert merged >= 500 and differ >= 5, (merged, split, differ)


# -- Deeper: whole short-pack deals and long endgames ---------------------------------------
# The transposition tables key positions by relative rank (plain tarokks in Hungarian, every
# suit in Bavarian), which only shows in deep searches: these positions are where positions
# reached by different cards meet.


def _boundaries(game: Any, deals: int, tricks_left: int) -> Iterator[Any]:
    """The trick boundaries with ``tricks_left`` tricks or more to go."""
    for state in _play_states(game, deals, 99):
        if not state.trick and _total(state) - len(state.tricks) >= tricks_left:
            yield state


@pytest.mark.parametrize("options", [o for o in VARIANTS if o.get("variant") == "scharfer"])
def test_bavarian_whole_short_pack_deals_agree_with_reference(options: dict[str, Any]) -> None:
    """Scharfer (the short pack, 7 tricks): whole deals from the first trick."""
    game = make_game("bavarian-tarock", options)
    whole = 0
    for state in _boundaries(game, 30, 5):
        if state.bettel and state.decl_tricks:
            continue
        pos = bavarian_solver.position_from_state(state)
        args = (state.pack, state.trump, state.bettel, game.opt.must_beat)
        ref = bavarian_solver.Solver(*args).solve(pos)
        assert bavarian_fast.FastSolver(*args).solve(pos) == ref
        if not state.tricks:
            whole += 1
            assert (bavarian_fast.FastSolver(*args).action_values(pos)
                    == bavarian_solver.Solver(*args).action_values(pos))
    assert whole >= 25


@pytest.mark.parametrize("options", [{}, {"must_beat": True}])
def test_bavarian_long_endgames_agree_with_reference(options: dict[str, Any]) -> None:
    """The full pack from 7 tricks left (of 11)."""
    game = make_game("bavarian-tarock", options)
    checked = 0
    for state in _boundaries(game, 20, 7):
        if (state.bettel and state.decl_tricks) or _total(state) - len(state.tricks) != 7:
            continue
        pos = bavarian_solver.position_from_state(state)
        args = (state.pack, state.trump, state.bettel, game.opt.must_beat)
        ref = bavarian_solver.Solver(*args).solve(pos)
        assert bavarian_fast.FastSolver(*args).solve(pos) == ref
        checked += 1
    assert checked >= 15


def _random_position(rng: random.Random, pack: Any, tricks: int, bettel: bool) -> Any:
    """Three hands of ``tricks`` cards dealt at random, the player to move part-way into a
    trick (0 to 2 cards played to it), a random declarer and, outside Bettel, trump suit."""
    cards = rng.sample(range(pack.size), 3 * tricks)
    hands = [sum(1 << c for c in cards[i * tricks:(i + 1) * tricks]) for i in range(3)]
    leader = rng.randrange(3)
    trump = None if bettel else rng.randrange(4)
    rules = bavarian_solver.Solver(pack, trump, bettel)  # the cards played follow its rules
    trick: list[int] = []
    for i in range(rng.randrange(3)):
        q = (leader + i) % 3
        card = rng.choice(list(iter_bits(rules.legal(hands[q], trick))))
        hands[q] ^= 1 << card
        trick.append(card)
    return bavarian_solver.Position(hands, leader, trick, rng.randrange(3), trump, bettel)


@pytest.mark.parametrize("pack", [FULL, SHORT], ids=["full", "short"])
@pytest.mark.parametrize("bettel", [False, True], ids=["points", "bettel"])
def test_bavarian_random_positions_agree_with_reference(pack: Any, bettel: bool) -> None:
    """Positions no game between the test players reaches (every contract on either pack,
    hands dealt at random): the table keys of both kinds, the Bettel one by the owners of the
    live cards and the other by where the cards with points are, meet the reference."""
    rng = random.Random(f"{pack.size}{bettel}")
    for _ in range(150):
        pos = _random_position(rng, pack, 5, bettel)
        args = (pack, pos.trump, bettel, False)
        values = bavarian_solver.Solver(*args).action_values(pos)
        assert bavarian_fast.FastSolver(*args).action_values(pos) == values
        # ``solve`` chooses among the cards itself, one of a run where the trick's side is settled
        best = min if bettel == (pos.to_move == pos.declarer) else max
        assert bavarian_fast.FastSolver(*args).solve(pos) == best(values.values())


def _takers(solver: Any, pos: Any, card: int) -> set[bool]:
    """Whether the declarer takes the current trick, for each way the players after the one
    to move may finish it once he plays ``card``."""
    out: set[bool] = set()

    def finish(trick: list[int]) -> None:
        if len(trick) == 3:
            out.add((pos.leader + trick.index(solver._best(trick))) % 3 == pos.declarer)
            return
        q = (pos.leader + len(trick)) % 3
        for c in iter_bits(solver.legal(pos.hands[q], trick)):
            finish([*trick, c])

    finish([*pos.trick, card])
    return out


@pytest.mark.parametrize("must_beat", [False, True], ids=["", "must-beat"])
def test_bavarian_run_card_is_chosen_by_who_takes_the_trick(must_beat: bool) -> None:
    """Why the compiled solver searches one card of a run where the side that takes the trick
    is settled (outside Bettel): two legal cards of the player to move in one suit with no live
    card between them take the trick alike, and every line of play after one is a line after
    the other, where the other card is played later. So where the declarer takes the trick
    whatever the others do, the card with more points gives him at least as much, and at most
    the difference more; where he takes it in no line, at least as little. Checked on the
    reference's exact values, with the settled tricks found by trying every way to finish
    them, at all three places in the trick."""
    rng = random.Random(11)
    solver = bavarian_solver.Solver(FULL, 0, False, must_beat)
    power = FULL.normal
    pairs = [0, 0, 0]
    while min(pairs) < 40:
        cards = rng.sample(range(FULL.size), 12)
        hands = [sum(1 << c for c in cards[i::3]) for i in range(3)]
        leader = rng.randrange(3)
        trick: list[int] = []
        for i in range(rng.randrange(3)):
            q = (leader + i) % 3
            trick.append(rng.choice(list(iter_bits(solver.legal(hands[q], trick)))))
            hands[q] ^= 1 << trick[-1]
        pos = bavarian_solver.Position(hands, leader, trick, rng.randrange(3), 0)
        values = solver.action_values(pos)
        live = hands[0] | hands[1] | hands[2] | sum(1 << c for c in trick)
        for hi, lo in ((hi, lo) for hi in values for lo in values):
            gap = FULL.deck.points[hi] - FULL.deck.points[lo]
            if FULL.suit_of[hi] != FULL.suit_of[lo] or power[lo] >= power[hi] or gap <= 0 \
                    or any(FULL.suit_of[c] == FULL.suit_of[hi] and power[lo] < power[c]
                           < power[hi] for c in iter_bits(live)):
                continue
            takers = _takers(solver, pos, hi)
            assert takers == _takers(solver, pos, lo)
            if takers == {True}:
                assert 0 <= values[hi] - values[lo] <= gap
            elif takers == {False}:
                assert -gap <= values[hi] - values[lo] <= 0
            else:
                continue
            pairs[len(trick)] += 1


def _relative_key(pack: Any, hands: list[int], bettel: bool,
                  points: bool = True) -> tuple[Any, ...]:
    """The relative-rank key of a position by its definition: per suit, the live cards from
    the strongest down, each as its owner and (outside Bettel, unless not ``points``) its
    points."""
    power = pack.bettel if bettel else pack.normal
    out = []
    for s in range(4):
        cards = sorted((c for c in range(pack.size) if pack.suit_of[c] == s),
                       key=lambda c: -power[c])
        out.append(tuple((next(q for q in range(3) if hands[q] >> c & 1),
                          pack.deck.points[c] if points and not bettel else 0)
                         for c in cards if any(h >> c & 1 for h in hands)))
    return tuple(out)


def _keys(solver: Any, hands: list[int], leader: int = 1) -> tuple[Any, Any]:
    """The position's table key and its similarity key."""
    key = np.zeros(4, dtype=np.int64)
    bavarian_fast._key(np.array(hands, dtype=np.int64), leader, solver.order, solver.bettel,
                       solver.compress, int(solver.ctx[6]), key)
    return tuple(key[:2]), tuple(key[2:])


@pytest.mark.parametrize("pack", [FULL, SHORT], ids=["full", "short"])
@pytest.mark.parametrize("bettel", [False, True], ids=["points", "bettel"])
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_bavarian_table_key_is_the_relative_rank(pack: Any, bettel: bool, data: Any) -> None:
    """Two positions share a table key exactly when their live cards, suit by suit from the
    strongest down, have the same owners and (outside Bettel) the same points; outside Bettel
    they share a similarity key exactly when those owners are the same, whatever the points."""
    solver = bavarian_fast.FastSolver(pack, None if bettel else 0, bettel)

    def draw() -> list[int]:
        owners = data.draw(st.lists(st.integers(-1, 2), min_size=pack.size,
                                    max_size=pack.size))
        if data.draw(st.booleans()):  # often the same cards, held the other way round
            owners = [o if o < 0 else (o + 1) % 3 for o in owners]
        return [sum(1 << c for c in range(pack.size) if owners[c] == q) for q in range(3)]

    first, second = draw(), draw()
    if data.draw(st.booleans()):  # the same owners by rank, other cards
        second = _same_owners(random.Random(data.draw(st.integers(0, 1 << 30))), pack,
                              first, bettel)
    (key1, similar1), (key2, similar2) = _keys(solver, first), _keys(solver, second)
    assert (key1 == key2) == (_relative_key(pack, first, bettel)
                              == _relative_key(pack, second, bettel))
    if not bettel:
        assert (similar1 == similar2) == (_relative_key(pack, first, bettel, points=False)
                                          == _relative_key(pack, second, bettel,
                                                           points=False))
    assert _keys(solver, first, 0) != _keys(solver, first, 2)  # the leader counts


def _same_owners(rng: random.Random, pack: Any, hands: list[int], bettel: bool) -> list[int]:
    """Hands with other live cards in each suit (as many, chosen at random) but the same
    owners from the strongest down: a position of the same similarity key."""
    power = pack.bettel if bettel else pack.normal
    out = [0, 0, 0]
    for s in range(4):
        cards = sorted((c for c in range(pack.size) if pack.suit_of[c] == s),
                       key=lambda c: -power[c])
        owners = [next(q for q in range(3) if hands[q] >> c & 1) for c in cards
                  if any(h >> c & 1 for h in hands)]
        chosen = sorted(rng.sample(cards, len(owners)), key=lambda c: -power[c])
        for q, c in zip(owners, chosen, strict=True):
            out[q] |= 1 << c
    return out


@pytest.mark.parametrize("pack", [FULL, SHORT], ids=["full", "short"])
@pytest.mark.parametrize("must_beat", [False, True], ids=["free", "must-beat"])
def test_bavarian_similar_positions_are_as_far_apart_as_their_points(pack: Any,
                                                                     must_beat: bool) -> None:
    """Two positions of one similarity key (the same owners of the live cards by rank, other
    cards) are worth at most the sum of the point differences place by place apart, the
    widening the solver gives a similar position's bounds; by the reference, on random
    endgames of 3 and 4 tricks."""
    rng = random.Random(f"similar{pack.size}{must_beat}")
    apart = 0
    for _ in range(120):
        tricks = rng.choice((3, 4))
        cards = rng.sample(range(pack.size), 3 * tricks)
        hands = [sum(1 << c for c in cards[i * tricks:(i + 1) * tricks]) for i in range(3)]
        pos = bavarian_solver.Position(hands, rng.randrange(3), [], rng.randrange(3),
                                       rng.randrange(4), False)
        other = _same_owners(rng, pack, pos.hands, False)
        twin = bavarian_solver.Position(other, pos.leader, [], pos.declarer, pos.trump, False)
        solver = bavarian_fast.FastSolver(pack, pos.trump, False, must_beat)
        assert _keys(solver, pos.hands, pos.leader)[1] == _keys(solver, other, pos.leader)[1]
        far = bavarian_fast._distance(pos.hands[0] | pos.hands[1] | pos.hands[2],
                                      other[0] | other[1] | other[2], solver.rules,
                                      solver.masks)
        reference = bavarian_solver.Solver(pack, pos.trump, False, must_beat)
        gap = abs(reference.solve(pos) - reference.solve(twin))
        assert gap <= far
        apart += gap > 0
    assert apart >= 30  # most pairs differ in value


def test_bavarian_table_rows_keep_the_larger_endgame() -> None:
    """A row holds two entries: a new position takes the first place when it has at least as
    many cards left as the one there (which moves to the second), else the second; another
    solver's entries (another stamp) are neither found nor kept; bounds stored again for the
    same position are joined; "no bound" reads as 0 below and 255 above."""
    rows = StampedTable(4, 2).rows
    slot = 5

    def put(name: int, left: int, lo: int, hi: int, stamp: int = 1) -> None:
        key = np.array([name, -name], dtype=np.int64)
        bavarian_fast._store(slot, key, rows, stamp, lo, hi, name % 60, left)

    def held(stamp: int = 1) -> dict[int, tuple[int, int, int]]:
        """The names in the row for ``stamp``: (lower, upper, best card code)."""
        out = {}
        for name in range(1, 9):
            key = np.array([name, -name], dtype=np.int64)
            e = bavarian_fast._find(slot, key, rows, stamp)
            if e >= 0:
                m = rows[slot, e + bavarian_fast.E_META]
                out[name] = (m & 255, m >> 8 & 255, m >> 16 & 255)
        return out

    put(1, 30, 10, 20)
    put(2, 6, -INF, 7)
    assert held() == {1: (10, 20, 1), 2: (0, 7, 2)}
    put(3, 6, 4, INF)  # the smaller endgame's place
    assert held() == {1: (10, 20, 1), 3: (4, 255, 3)}
    put(4, 33, 0, 0)  # a larger one: the first place, the old first moves down
    assert held() == {4: (0, 0, 4), 1: (10, 20, 1)}
    put(1, 30, 8, INF)  # the same position again: both bounds count
    assert held()[1] == (10, 20, 1)
    assert held(stamp=2) == {}
    put(5, 3, 1, 2, stamp=2)  # another solver: the stale entries go first, whatever their size
    put(6, 3, 1, 2, stamp=2)
    assert held(stamp=2) == {5: (1, 2, 5), 6: (1, 2, 6)} and held() == {}


def test_bavarian_stamps_start_over_before_they_overflow() -> None:
    """The packed entries keep 31 bits of a solver's stamp: the solver that would need more
    empties both tables and starts the stamps over, so that no entry of an old solver can pass
    for a new one's."""
    first = bavarian_fast.FastSolver(FULL, 0)
    first.table.rows[3, 0] = first.similar[5, 0] = 7
    first.table._last = bavarian_fast.STAMPS - 1
    solver = bavarian_fast.FastSolver(FULL, 0)
    assert solver.ctx[0] == 1 and not solver.table.rows.any() and not solver.similar.any()
    pos = bavarian_solver.Position([0b111, 0b111000, 0b111000000], 0, [], 0, 0, False)
    assert solver.solve(pos) == bavarian_solver.Solver(FULL, 0).solve(pos)


def test_bavarian_similarity_rows_hold_the_last_position() -> None:
    """A row of the similarity table holds the last position stored there: the bounds of the
    same position again are joined, another position's replace them."""
    sim = np.zeros((4, bavarian_fast.S_WORDS), dtype=np.int64)
    meta = bavarian_fast.S_META

    def put(live: int, lo: int, hi: int) -> None:
        bavarian_fast._store_similar(2, 7, 9, live, sim, 1, lo, hi, 3)

    put(0b111, 10, INF)
    put(0b111, -INF, 20)
    assert list(sim[2, :meta]) == [7, 9, 0b111] and sim[2, meta] == 1 << 32 | 3 << 16 | 20 << 8 | 10
    put(0b1011, -INF, 5)
    assert sim[2, bavarian_fast.S_LIVE] == 0b1011 and sim[2, meta] & 0xFFFF == 5 << 8


def test_hungarian_long_endgames_agree_with_reference() -> None:
    """From 7 tricks left (of 9), every scoring fact of random and cautious play."""
    game = make_game("hungarian-tarokk")
    checked = 0
    for state in _boundaries(game, 16, 7):
        if 9 - len(state.tricks) != 7:
            continue
        pos = hungarian_solver.position_from_state(state)
        assert hungarian_fast.FastSolver().solve(pos) == hungarian_solver.Solver().solve(pos)
        checked += 1
    assert checked >= 10
