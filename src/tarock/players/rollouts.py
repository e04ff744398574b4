"""Valuing decisions before card play (bids, contracts, trumps, discards) by playing each out.

The card-play solvers value cards exactly, but a bid's worth depends on the whole deal that
follows: the rest of the auction, the talon, and the play. For those decisions the search player
takes a sampled world as a complete state of the deal (the game's search domain rebuilds it with
``state(game, observation, world)``), applies each legal action to a copy and lets the heuristic
player make every later decision of every seat to the end of the deal; the action's value is the
acting seat's score, or what the domain's ``rollout_value`` makes of the scores where the
seat's own score is not what its play is for (:func:`outcome`). The heuristic is deterministic,
so one play-out per world and action is all there is; its play is weaker than the search
player's own, which biases the values against contracts that need precise play (documented in
``docs/strength.md``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tarock.core.cards import iter_bits
from tarock.core.protocol import Action, Deal, Game, State
from tarock.core.session import play_out, players_act
from tarock.players.base import Player, make_player

SAMPLE_SECONDS = 0.03  # a world drawn in a few hundredths of a second or not at all


def rollout_values(state: State, legal: Sequence[Action], seat: int,
                   players: Sequence[Player], deadline: float | None = None,
                   expected: float = 0.0,
                   value: Callable[[Sequence[int]], float] | None = None
                   ) -> dict[Action, float] | None:
    """Each legal action's value for ``seat``: its score once the deal is played out after it
    (or ``value`` of the seats' scores, where the seat's own score is not what its play should
    win; see :func:`outcome`); None if a play-out would end past ``deadline`` (on
    ``time.perf_counter``'s clock), judged by how long the one before took (the first by
    ``expected``)."""
    judge = value if value is not None else (lambda scores: float(scores[seat]))
    act = players_act(players)  # each seat asked as at a table (omniscient players included)
    out: dict[Action, float] = {}
    took = expected
    for action in legal:
        began = time.perf_counter()
        if deadline is not None and began + took > deadline:
            return None
        copy = state.clone()
        copy.apply(action)
        out[action] = judge(play_out(copy, act).returns())
        took = time.perf_counter() - began
    return out


def outcome(domain: Any, game: Game, observation: dict[str, Any]
            ) -> Callable[[Sequence[int]], float] | None:
    """How a play-out's scores value the decision of ``observation``: the domain's
    ``rollout_value(game, observation)`` where it has one (None: the seat's own score), so that
    a card played out is valued as the domain's solver values it."""
    judge = getattr(domain, "rollout_value", None)
    return judge(game, observation) if judge is not None else None


def best_actions(legal: Sequence[Action], values: Sequence[float], count: int) -> list[Action]:
    """The ``count`` actions of ``legal`` with the highest ``values`` (one per action), best
    first, the earlier of equals first: the few a heuristic's estimate thinks worth playing out
    where there are too many to play out each."""
    best = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    return [legal[i] for i in best[:count]]


def seats_players(game: Game, kind: str = "heuristic") -> list[Player]:
    """One player of ``kind`` per seat (the heuristic keeps no memory between calls)."""
    return [make_player(kind, seat) for seat in range(game.num_seats)]


def at_decision(state: State, observation: dict[str, Any]) -> State | None:
    """``state`` if it is the decision of ``observation``'s seat and shows that seat exactly
    ``observation`` (a rebuilt deal that agrees with all the seat knows), else None."""
    seat = observation["seat"]
    if state.is_terminal() or state.current_player() != seat \
            or state.observation(seat) != observation:
        return None
    return state


class ReplayedDeals:
    """Worlds of a decision early in a deal, each a whole deal replayed up to the decision.

    The cards ``seat`` cannot see (``unseen``) are dealt at random, ``size`` to each seat of
    ``others`` and the rest after ``talon`` to the talon; ``seat`` keeps ``hand``, and a seat of
    ``others`` is dealt the cards ``known`` gives it (those it was seen to play) and the rest of
    its ``size`` at random. The game's :meth:`replay` turns the deal into the state at the
    decision, or refuses it (None) when the deal does not agree with what the seat saw; a world
    takes ``tries`` deals and ``seconds`` (``SAMPLE_SECONDS`` by default) at most: the search
    player's move must keep to its budget even where most deals are refused."""

    def __init__(self, game: Game, seat: int, hand: int, unseen: int, others: Sequence[int],
                 size: int, talon: Sequence[int] = (), tries: int = 200,
                 known: Mapping[int, int] | None = None, seconds: float | None = None):
        self.game = game
        self.seat = seat
        self.hand = hand
        self.known = dict(known or {})
        for mask in self.known.values():
            unseen &= ~mask
        self.unseen = list(iter_bits(unseen))
        self.others = list(others)
        self.size = size
        self.talon = tuple(talon)
        self.tries = tries
        self.seconds = SAMPLE_SECONDS if seconds is None else seconds

    def sample(self, rng: random.Random) -> State | None:
        """A deal that replays to the decision, or None after ``tries`` refused deals or
        ``seconds``."""
        give_up = time.perf_counter() + self.seconds
        for _ in range(self.tries):
            if time.perf_counter() > give_up:
                break
            cards = list(self.unseen)
            rng.shuffle(cards)
            hands = [0] * self.game.num_seats
            hands[self.seat] = self.hand
            k = 0
            for q in self.others:
                known = self.known.get(q, 0)
                n = self.size - known.bit_count()
                hands[q] = known | sum(1 << c for c in cards[k:k + n])
                k += n
            state = self.replay(Deal(tuple(hands), (*self.talon, *cards[k:])))
            if state is not None:
                return state
        return None

    def replay(self, deal: Deal) -> State | None:
        """The state of ``deal`` at the decision, or None (the game's to say)."""
        raise NotImplementedError
