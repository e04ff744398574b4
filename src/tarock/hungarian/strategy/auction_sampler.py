"""Whole Hungarian tarokk deals consistent with what one seat saw of the auction so far.

The search player values a bid by playing it out to the end of the deal
(:mod:`tarock.players.rollouts`), so a world of the auction is a complete deal: the other active
seats' hands as dealt and the talon in its order, which decides who receives which talon cards
(HU-TALON-1). Until the auction is over nothing else has happened, so the seat's whole
knowledge is its own hand and the calls made.

A world is drawn by dealing the cards the seat cannot see at random and replaying the calls on
the engine: a deal in which some call would be illegal (a bid without an honour, HU-BID-3; a cue
bid without its card, HU-BID-11; a yield without XX, HU-BID-13) is refused by the engine itself,
as is any deal that does not show the seat exactly its observation; the next deal is tried. Every
rule option is honoured because the rules are the engine's. Early offers to annul the deal
(HU-ANNUL) are declined in the replay: the deal was not annulled, and declining is silent. The
worlds are uniform over the deals consistent with the calls' hard facts; how likely each deal
made the calls is :mod:`~tarock.hungarian.strategy.inference`'s business.

A world is the replayed :class:`~tarock.hungarian.game.HungarianState` itself, at the seat's
decision: its ``hands`` are the dealt hands, by seat.
"""

from __future__ import annotations

from typing import Any

from tarock.core.errors import TarockError
from tarock.core.protocol import Deal, Game, State
from tarock.hungarian.actions import ANNUL_NO, BIDS
from tarock.hungarian.auction import CALL_BY_NAME
from tarock.hungarian.cards import DECK
from tarock.players.rollouts import ReplayedDeals, at_decision


class AuctionSampler(ReplayedDeals):
    """Deals that agree with an auction-phase observation, as states at its decision."""

    def __init__(self, game: Game, obs: dict[str, Any]):
        me = obs["seat"]
        hand = DECK.mask(obs["hand"])
        super().__init__(game, me, hand, DECK.full_mask & ~hand,
                         [q for q in obs["active"] if q != me], hand.bit_count())
        self.obs = obs
        self.calls = [BIDS[CALL_BY_NAME[e["bid"]]] for e in obs.get("auction", [])]

    def replay(self, deal: Deal) -> State | None:
        """``deal`` with the observed calls made: the state at the seat's decision, or None if
        the engine refuses a call or the seat would see anything else."""
        obs = self.obs
        try:
            state = self.game.new_initial_state(deal, obs["dealer"],
                                                multiplier=obs.get("multiplier", 1))
            for action in self.calls:
                _decline_offers(state)
                state.apply(action)
            _decline_offers(state)
        except TarockError:
            return None
        return at_decision(state, obs)


def _decline_offers(state: State) -> None:
    """Answer every open offer to annul the deal with no (HU-ANNUL-2: declining is silent)."""
    while not state.is_terminal() and ANNUL_NO in state.legal_actions():
        state.apply(ANNUL_NO)
