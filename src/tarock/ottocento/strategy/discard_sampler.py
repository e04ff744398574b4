"""Whole Ottocento deals consistent with what a player knows before card play.

The search player values the dealer's discard and the two-player set-aside by playing each
candidate out to the end of the deal (:mod:`tarock.players.rollouts`), so a world of such a
decision is a complete deal.

Four players (:class:`DiscardSampler`): at the dealer's discard nothing has been played or
declared: the dealer knows his hand and the two extra cards he received (OT-DEAL-3), and every
other card is in one of the other three hands, in any way.

A world is drawn by dealing those cards at random, 15 to each other seat, with the dealer's hand
as dealt (his hand without the extra cards) and the extra cards as the talon, and replaying the
deal on the engine up to the discard: an early claim offered to the dealer (OT-DECL-9) was
declined, or the deal would be over. The replayed state must show the dealer exactly his
observation; a world is that :class:`~tarock.ottocento.game.OttocentoState`, at the discard.

Two players (:class:`TwoPlayerSampler`, OT-V-2): each is dealt 20 cards and sets 10 of them
aside face down, the non-dealer first, one card at a time; then each receives 10 more from the
talon and the dealer his 2 extra cards, and discards 2. A player setting aside knows only the 20
cards he was dealt: the other 42 are the other hand and the talon, in any way. The dealer at his
discard knows his own 32 cards; the other 30 are the non-dealer's 20 as dealt and his 10 from
the talon. The other player's set-aside is never seen: in a world he sets aside what the
heuristic player would with that world's hand (as the Hungarian sampler replays the others'
discards), which keeps the cards he would rather keep in his hand. Which of the dealer's cards
came from the talon is not in his observation and changes nothing after his discard: the world
gives him the lowest 10 of them as dealt.
"""

from __future__ import annotations

from typing import Any

from tarock.core.cards import iter_bits
from tarock.core.errors import TarockError
from tarock.core.protocol import Deal, Game, State
from tarock.ottocento import actions as A
from tarock.ottocento.actions import DECLINE_ACTION
from tarock.ottocento.cards import DECK, FULL, parse_cards
from tarock.ottocento.deal import HAND_SIZE
from tarock.ottocento.game import SETASIDE_COUNT
from tarock.ottocento.strategy.heuristic import choose_set_aside
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


class TwoPlayerSampler(ReplayedDeals):
    """Two-player deals that agree with a player's observation at his set-aside or the dealer's
    discard, as states there."""

    def __init__(self, game: Game, obs: dict[str, Any]):
        me = obs["seat"]
        hand = parse_cards(obs["hand"])
        aside = parse_cards(obs.get("set_aside", []))
        seen = hand | aside
        self.packet: list[int] = []  # the dealer's 10 cards from the talon, at his discard
        self.extra: list[int] = []
        if obs["phase"] == "discard":
            extra = parse_cards(obs["talon_received"])
            kept = HAND_SIZE[2] - SETASIDE_COUNT  # of the 20 he was dealt
            self.packet = list(iter_bits(hand & ~extra))[kept:]
            self.extra = [DECK.index(c) for c in obs["talon_received"]]
            hand &= ~(extra | sum(1 << c for c in self.packet))
        super().__init__(game, me, hand | aside, FULL & ~seen, [1 - me], HAND_SIZE[2], (),
                         TRIES)
        self.obs = obs
        self.aside = [A.SET_ASIDES[c] for c in iter_bits(aside)]

    def replay(self, deal: Deal) -> State | None:
        """``deal`` up to the decision, or None if it shows the player anything else. At the
        dealer's discard the talon of ``deal`` holds only the non-dealer's 10 cards from it:
        the dealer's packet and extra cards join them in their places (OT-V-2 item 4)."""
        obs = self.obs
        if self.extra:
            own, mine = list(deal.talon), self.packet
            deal = Deal(deal.hands, (*own[:5], *mine[:5], *own[5:], *mine[5:], *self.extra))
        try:
            state: Any = self.game.new_initial_state(deal, obs["dealer"], totals=obs["totals"])
            for seat in (state.eldest, state.dealer):
                if seat == obs["seat"]:
                    for action in self.aside:
                        state.apply(action)
                    if state.phase == "set_aside" and state.to_act == seat:
                        break  # the player's own decision
                while state.phase == "set_aside" and state.to_act == seat:
                    state.apply(choose_set_aside(state.opt, state.observation(seat),
                                                 state.legal_actions()))
            while not state.is_terminal() and state.phase == "claim":
                state.apply(DECLINE_ACTION)
        except TarockError:
            return None
        return at_decision(state, obs)
