"""Differential tests of the environments' fast paths against the code they replaced, kept here
as the reference, on random states of every game: the tensor (every seat's tensor kept in the
state and brought up to date by difference), the action counts, the token choice and its mask
(one-token actions at once, sets grouped by first token, memoised by legal list), the spelling
of card sets, what every seat is told (describe_all) and the Hungarian extra features
(memoised by what public_discard_info reads)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np

import tarock.games
from tarock.core.cards import iter_bits
from tarock.env.features import TensorWriter
from tarock.env.table import EnvState
from tarock.env.tokens import TokenChoice

TABLES = [("hungarian-tarokk", {}), ("hungarian-tarokk", {"players": 5}),
          ("bavarian-tarock", {}), ("bavarian-tarock", {"variant": "simple"}),
          ("ottocento", {}), ("ottocento", {"players": 2})]


def reference_tensor(writer: TensorWriter, state: EnvState, seat: int) -> np.ndarray:
    """The tensor as first written: one store per card, every trick walked each time."""
    out = np.zeros(writer.size, dtype=np.float32)
    s, n, at = writer.seats, writer.cards, writer.offset
    out[at["seat"] + seat] = 1.0
    engine = state.engine
    actor = engine.current_player()
    if actor >= 0:
        out[at["to_act"] + (actor - seat) % s] = 1.0
    view = engine.card_view(seat)
    for card in iter_bits(view.hand):
        out[at["hand"] + card] = 1.0
    for trick in view.tricks:
        winner = (trick.winner - seat) % s
        for who, card in zip(trick.seats, trick.cards, strict=True):
            out[at["played"] + (who - seat) % s * n + card] = 1.0
            out[at["won"] + winner * n + card] = 1.0
    for position, (who, card) in enumerate(zip(view.trick_seats, view.trick, strict=True)):
        out[at["played"] + (who - seat) % s * n + card] = 1.0
        out[at["trick"] + position * n + card] = 1.0
    start = at["actions"]
    out[start:start + state.counts.shape[1]] = state.counts[seat]
    if state.pending and actor == seat:
        out[[at["pending"] + t for t in state.pending]] = 1.0
    extra = writer.encoding.extra_features(engine, seat)
    if extra:
        out[writer.size - len(extra):] = extra
    return out


class ReferenceChoice:
    """The token choice as first written: every legal action spelled and walked one by one,
    the mask written with one fancy index."""

    def __init__(self, encoding, legal, pending: tuple[int, ...]):
        depth = len(pending)
        self.completes: dict = {}
        self.leads_on: dict = {}
        for action in legal:
            spelled = encoding.tokens(action)
            if spelled[:depth] != pending or len(spelled) <= depth:
                continue
            token = spelled[depth]
            done = len(spelled) == depth + 1
            assert token not in self.completes or (not done and self.completes[token] is None)
            self.completes[token] = action if done else None
            if not done:
                self.leads_on.setdefault(token, []).append(action)
        self.tokens = tuple(sorted(self.completes))
        self.num_tokens = encoding.num_tokens

    def mask(self) -> np.ndarray:
        out = np.zeros(self.num_tokens, dtype=np.int8)
        out[list(self.tokens)] = 1
        return out


def reference_counts(state: EnvState) -> np.ndarray:
    """The action counts rebuilt from the history, one store per token."""
    s, t = state.num_seats, state.encoding.num_tokens
    counts = np.zeros((s, s * t + s), dtype=np.float32)
    for (actor, action), seen in zip(state.engine.history, state.seen_by, strict=True):
        for q in range(s):
            rel = (actor - q) % s
            if seen >> q & 1:
                for token in state.encoding.tokens(action):
                    counts[q, rel * t + token] += 1.0
            else:
                counts[q, s * t + rel] += 1.0
    return counts


@pytest.mark.parametrize(("name", "options"), TABLES, ids=lambda x: str(x))
def test_tensors_counts_and_token_choices_are_the_reference_ones(name, options):
    game = tarock.games.make_game(name, options)
    writer = TensorWriter(game)
    rng = random.Random(7)
    for seed in range(4):
        state = EnvState(game.new_deal_state(seed))
        while not state.is_terminal():
            for seat in rng.sample(range(game.num_seats), 2):  # some seats skip decisions
                np.testing.assert_array_equal(writer.tensor(state, seat),
                                              reference_tensor(writer, state, seat))
            full = TokenChoice(state.encoding, state.engine.legal_actions(), state.pending)
            assert state.choice().tokens == full.tokens
            assert state.choice().completes == full.completes
            reference = ReferenceChoice(state.encoding, state.engine.legal_actions(),
                                        state.pending)
            for choice in (full, state.choice()):
                assert choice.tokens == reference.tokens
                assert choice.completes == reference.completes
                assert {t: choice.leads_on[t] for t in reference.leads_on} == reference.leads_on
                np.testing.assert_array_equal(choice.mask(), reference.mask())
            if rng.random() < 0.1:
                state = state.clone()  # clones carry the caches along
            state.apply_token(rng.choice(state.legal_tokens()))
        np.testing.assert_array_equal(state.counts, reference_counts(state))


def hungarian_extras_reference(state, seat: int) -> list[float]:
    """HU-TALON-7's features as first written: public_discard_info read at every call."""
    from tarock.hungarian.cards import DECK
    from tarock.hungarian.encoding import SEATS

    info = state.public_discard_info()
    out = [0.0] * (42 + SEATS + 1)
    for code in info.get("declarer_discarded_tarokks", ()):
        out[DECK.index(code)] = 1.0
    seats = state.game.num_seats
    for q, count in info.get("discarded_tarokks", {}).items():
        out[42 + (int(q) - seat) % seats] = float(count)
    out[42 + SEATS] = float(info.get("common_pile_tarokks", 0))
    return out


@pytest.mark.parametrize("options", [
    {}, {"players": 5}, {"tarokk_discard_disclosure": "first_announcement_turn"},
    {"players": 5, "tarokk_discard_disclosure": "first_announcement_turn"},
    {"players": 5, "five_player_dealer_blind": True}], ids=str)
def test_hungarian_extra_features_are_the_reference_ones(options):
    """The memo of the discard facts (one encoding for every table and option) gives what
    public_discard_info says, for every seat at every decision."""
    games = [tarock.games.make_game("hungarian-tarokk", o) for o in (options, {})]
    rng = random.Random(11)
    nonzero = 0
    for seed in range(12):
        game = games[seed % 2]
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            for seat in range(game.num_seats):
                got = game.action_encoding().extra_features(state, seat)
                assert list(got) == hungarian_extras_reference(state, seat)
                nonzero += any(got)
            state.apply(rng.choice(state.legal_actions()))
    assert nonzero > 500


@pytest.mark.parametrize(("name", "options"), TABLES, ids=lambda x: str(x))
def test_describe_all_is_describe_for_per_seat(name, options):
    """What every seat is told, asked at once (games memoise and shortcut it), is what
    describe_for says per seat, the actor being told action_to_string."""
    game = tarock.games.make_game(name, options)
    rng = random.Random(5)
    hidden = 0
    for seed in range(40):
        state = game.new_deal_state(seed, dealer=seed % game.num_seats)
        while not state.is_terminal():
            actor = state.current_player()
            legal = state.legal_actions()
            for action in legal[:12]:
                full = state.action_to_string(action)
                reference = tuple(full if q == actor else state.describe_for(q, actor, action)
                                  for q in range(game.num_seats))
                assert state.describe_all(actor, action) == reference
                hidden += reference.count(full) < game.num_seats
            state.apply(rng.choice(legal))
    assert hidden > 40


@pytest.mark.parametrize(("name", "options"), TABLES, ids=lambda x: str(x))
def test_card_tokens_are_the_reference_spelling(name, options):
    """A set of cards spelled by the bit loop (memoised by action in ``tokens``) is the
    spelling by iter_bits, lowest card first."""
    encoding = tarock.games.make_game(name, options).action_encoding()
    rng = random.Random(3)
    n = len(encoding.deck)
    for segment in sorted(encoding.card_segments):
        base = encoding.start(segment)
        for _ in range(300):
            mask = sum(1 << c for c in rng.sample(range(n), rng.randrange(1, 7)))
            assert encoding.card_tokens(segment, mask) == tuple(base + c for c in iter_bits(mask))
