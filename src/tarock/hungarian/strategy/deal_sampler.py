"""Whole Hungarian tarokk deals consistent with what one seat saw, replayed to its decision.

The search player values a bid, a discard, the call or an announcement, and a card of the first
tricks, by playing it out to the end of the deal (:mod:`tarock.players.rollouts`), so a world of
these decisions is a complete deal: the other active seats' hands as dealt and the talon in its
order, which decides who receives which talon cards (HU-TALON-1/2), with everything the seat saw
replayed on the engine.

What the seat knows of the deal: its own hand as dealt (its hand now, with its discards, less
the talon cards it received), the talon cards it received and so their places in the talon
(its share of the split, HU-TALON-2), and the public record: the calls, a raise, the declarer's
discarded tarokks and the others' counts (HU-TALON-7), the announcements, the cards played. A
world deals every card a seat was seen to play, and the declarer's shown tarokks, to that seat,
the other cards the seat cannot see at random (its received cards at its places in the talon),
then replays the record:

* the calls and the raise as made; a deal in which some call would be illegal (a bid without an
  honour, HU-BID-3; a cue bid without its card, HU-BID-11; a yield without XX, HU-BID-13) is
  refused by the engine itself;
* every offer to annul the deal (HU-ANNUL) declined: the deal was not annulled, and declining is
  silent;
* the seat's own discards as made, the other seats' as the heuristic player would make them
  from their hands in this world (the seat never sees them; where the tarokks among them were
  disclosed, a world whose heuristic discards disagree is refused, which keeps the worlds in
  which those discards were likely);
* the announcements, the call among them, as made;
* the cards played (a card play that would be illegal, a void not kept, refuses the deal).

The replayed state must then show the seat exactly its observation, or the next deal is tried.
Every rule option is honoured because the rules are the engine's. The worlds are uniform over
the deals consistent with the record's hard facts (and the heuristic's discards); how likely
each deal made the calls is :mod:`~tarock.hungarian.strategy.inference`'s business.

A world is the replayed :class:`~tarock.hungarian.game.HungarianState` itself, at the seat's
decision.
"""

from __future__ import annotations

from typing import Any

from tarock.core.cards import iter_bits
from tarock.core.errors import TarockError
from tarock.core.protocol import Deal, Game, State
from tarock.core.tricks import played_cards, played_masks
from tarock.hungarian.actions import ANNUL_NO, BIDS, DISCARD, PLAYS, RAISES, Action
from tarock.hungarian.auction import CALL_BY_NAME
from tarock.hungarian.cards import DECK
from tarock.hungarian.talon import split_talon
from tarock.players.base import make_player
from tarock.players.rollouts import ReplayedDeals, at_decision

TALON_SIZE = 6


class DealSampler(ReplayedDeals):
    """Deals that agree with an observation, as states at its decision."""

    def __init__(self, game: Game, obs: dict[str, Any]):
        me = obs["seat"]
        self.plays = played_cards(DECK, obs)
        known = played_masks(DECK, obs)
        declarer = obs.get("declarer")
        if declarer is not None and declarer != me:
            known[declarer] = known.get(declarer, 0) | DECK.mask(
                obs.get("declarer_discarded_tarokks", []))
        received = DECK.mask(obs.get("talon_received", []))
        self.discards = DECK.mask(obs.get("discards", []))
        dealt = (DECK.mask(obs["hand"]) | self.discards | known.pop(me, 0)) & ~received
        super().__init__(game, me, dealt, DECK.full_mask & ~dealt & ~received,
                         [q for q in obs["active"] if q != me], dealt.bit_count(), known=known)
        self.obs = obs
        self.received = tuple(iter_bits(received))
        self.places: tuple[int, ...] = ()  # the seat's places in the talon, once split
        if received:
            shares = split_talon(tuple(range(TALON_SIZE)), obs["level"], tuple(obs["active"]),
                                 obs["declarer"])
            self.places = shares[me]
        self.calls = [BIDS[CALL_BY_NAME[e["bid"]]] for e in obs.get("auction", [])]
        self.announcements = [game.action_from_json(e) for e in obs.get("announcements", [])]
        self.heuristic = make_player("heuristic", 0)

    def replay(self, deal: Deal) -> State | None:
        """``deal`` (its talon without the seat's received cards) with the record replayed: the
        state at the seat's decision, or None if the engine refuses an action or the seat would
        see anything else."""
        obs = self.obs
        try:
            state: Any = self.game.new_initial_state(
                Deal(deal.hands, self._talon(deal.talon)), obs["dealer"],
                multiplier=obs.get("multiplier", 1))
            for action in self.calls:
                _decline_offers(state)
                state.apply(action)
            _decline_offers(state)
            if state.phase == "raise" and obs["phase"] != "raise":
                state.apply(RAISES[obs["level"]])
            self._discard(state)
            for announcement in self.announcements:
                _decline_offers(state)
                state.apply(announcement)
            _decline_offers(state)
            for _, card in self.plays:
                state.apply(PLAYS[card])
        except TarockError:
            return None
        return at_decision(state, obs)

    def _talon(self, rest: tuple[int, ...]) -> tuple[int, ...]:
        """The talon with the seat's received cards at its places and ``rest`` around them."""
        if not self.places:
            return rest
        mine = iter(self.received)
        others = iter(rest)
        return tuple(next(mine) if i in self.places else next(others)
                     for i in range(TALON_SIZE))

    def _discard(self, state: Any) -> None:
        """The discards up to the seat's decision: its own as made, the others' the
        heuristic's."""
        me = self.seat
        while True:
            _decline_offers(state)
            if state.phase != "discard":
                return
            p = state.current_player()
            if p == me:
                if not self.discards:
                    return  # the seat's own decision
                state.apply(Action(DISCARD, self.discards))
            else:
                legal = state.legal_actions()
                state.apply(self.heuristic.act(self.game, state.observation(p), legal))


def _decline_offers(state: State) -> None:
    """Answer every open offer to annul the deal with no (HU-ANNUL-2: declining is silent)."""
    while not state.is_terminal() and ANNUL_NO in state.legal_actions():
        state.apply(ANNUL_NO)
