"""Whole Ottocento deals consistent with what the dealer knows when he discards (4 players).

The search player values the dealer's discard by playing each candidate out to the end of the
deal (:mod:`tarock.players.rollouts`), so a world of that decision is a complete deal. At that
moment nothing has been played or declared: the dealer knows his hand and the two extra cards
he received (OT-DEAL-3), and every other card is in one of the other three hands, in any way.

A world is drawn by dealing those cards at random, 15 to each other seat, with the dealer's hand
as dealt (his hand without the extra cards) and the extra cards as the talon, and replaying the
deal on the engine up to the discard: an early claim offered to the dealer (OT-DECL-9) was
declined, or the deal would be over. The replayed state must show the dealer exactly his
observation; a world is that :class:`~tarock.ottocento.game.OttocentoState`, at the discard.
"""

from __future__ import annotations

from typing import Any

from tarock.core.errors import TarockError
from tarock.core.protocol import Deal, Game, State
from tarock.ottocento.actions import DECLINE_ACTION
from tarock.ottocento.cards import DECK, FULL, parse_cards
from tarock.players.rollouts import ReplayedDeals, at_decision

TRIES = 20  # every deal of the unseen cards is consistent: retries only guard the replay


class DiscardSampler(ReplayedDeals):
    """Deals that agree with the dealer's observation at his discard, as states there."""

    def __init__(self, game: Game, obs: dict[str, Any]):
        me = obs["seat"]
        hand = parse_cards(obs["hand"])
        extra = parse_cards(obs["talon_received"])
        dealt = hand & ~extra
        super().__init__(game, me, dealt, FULL & ~hand,
                         [q for q in range(game.num_seats) if q != me], dealt.bit_count(),
                         [DECK.index(c) for c in obs["talon_received"]], TRIES)
        self.obs = obs

    def replay(self, deal: Deal) -> State | None:
        """``deal`` up to the dealer's discard, or None if it shows him anything else."""
        obs = self.obs
        try:
            state: Any = self.game.new_initial_state(deal, obs["dealer"], totals=obs["totals"])
            while not state.is_terminal() and state.phase == "claim":
                state.apply(DECLINE_ACTION)
        except TarockError:
            return None
        return at_decision(state, obs)
