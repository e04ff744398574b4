"""What the auction and the card play tell about the hidden hands of a Bavarian tarock deal, for
the search player (:mod:`tarock.players.inference`).

The heuristic player bids a contract when its expected settlement (from the hand's estimate,
:func:`~tarock.bavarian.strategy.heuristic.contract_values`) is worth more than ``MIN_EV``, and
plays the card its rules of play pick. Made soft, that policy gives the probability of what the
other seats did had a sampled world been the true one:

* the declarer (when it is not the seat deciding) chose his contract: probability
  ``logistic((v - MIN_EV) / TAU)``, with ``v`` the value of that contract and trump suit for his
  cards. In a talon game his cards are the hand he plays with (after the exchange) and ``v``
  leaves out the exchange's expected gain, which those cards already have. Where he could name
  the trump suit, he named the one with the best estimate, softly: probability in proportion to
  ``exp(estimate / SUIT_TAU)`` over the suits he could name.
* a seat that only ever passed found nothing worth bidding: ``1 - logistic((best - MIN_EV) /
  TAU)`` with ``best`` its best contract's value;
* each card another seat played where it had a choice: the heuristic's card
  (:class:`~tarock.bavarian.strategy.heuristic.View`, given that seat's hand in the world and
  what it had seen at the time) with probability ``1 - EPSILON``, any other legal card with the
  rest shared equally.

``TAU``, ``SUIT_TAU`` and ``EPSILON`` keep the model soft: people (and the search player) bid
and play differently from the heuristic, and its estimate is rough.
"""

from __future__ import annotations

import math
from typing import Any

from tarock.bavarian.auction import rung_of_target
from tarock.bavarian.cards import SUITS
from tarock.bavarian.options import BavarianOptions
from tarock.bavarian.play import legal_cards
from tarock.bavarian.strategy.heuristic import (
    MIN_EV,
    View,
    bettel_chance,
    bettel_value,
    contract_values,
    estimate,
    expected_settlement,
    pack_for,
)
from tarock.bavarian.strategy.sampler import TALON_GAMES, BavarianSampler, World
from tarock.bavarian.talon import trump_choices
from tarock.core.cards import iter_bits
from tarock.core.tricks import played_masks
from tarock.players.inference import logistic

EPSILON = 0.25  # the chance that a seat plays another card than the heuristic's
TAU = 8.0  # u: how sharply the likelihood of a bid turns around MIN_EV
SUIT_TAU = 2.0  # card points of estimate: how sharply the trump suit named follows the best


class AuctionLikelihood:
    """The probability of the auction seen in ``obs``, as a function of a world."""

    def __init__(self, opt: BavarianOptions, obs: dict[str, Any]):
        self.opt = opt
        self.pack = pack_for(obs)
        self.lead = obs["active"][0]
        me = obs["seat"]
        self.played = played_masks(self.pack.deck, obs)
        declarer = obs.get("declarer")
        self.declarer = declarer if declarer is not None and declarer != me else None
        self.contract = obs.get("contract")
        trump = obs.get("trump")
        self.trump = None if trump is None else SUITS.index(trump)
        self.suits = trump_choices(opt, self.contract) if self.trump is not None else ()
        self.rung = None
        if opt.variant == "haferl" and self.contract is not None:
            self.rung = 0 if self.contract == "pickup" else rung_of_target(obs["target"])
        said: dict[int, set[str]] = {}
        for e in obs.get("auction", []):
            said.setdefault(e["seat"], set()).add(e["action"].get("bid", "?"))
        self.passers = [q for q, bids in said.items()
                        if q not in (me, declarer) and bids == {"pass"}]

    def __bool__(self) -> bool:
        return self.declarer is not None or bool(self.passers)

    def __call__(self, world: World) -> float:
        w = 1.0
        if self.declarer is not None:
            hand = world.hands[self.declarer] | self.played[self.declarer]
            lead = self.declarer == self.lead
            w *= logistic((self._declared_value(hand, lead) - MIN_EV) / TAU)
            if len(self.suits) > 1:
                w *= self._trump_probability(hand, lead)
        for q in self.passers:
            hand = world.hands[q] | self.played[q]
            values = contract_values(self.opt, self.pack, hand, q == self.lead)
            w *= 1.0 - logistic((max(values.values()) - MIN_EV) / TAU)
        return w

    def _declared_value(self, hand: int, lead: bool) -> float:
        if self.contract == "bettel":
            return bettel_value(self.opt, bettel_chance(self.pack, hand, lead))
        est = round(estimate(self.pack, hand, self.trump, lead))
        if self.opt.variant == "haferl":
            return expected_settlement(self.opt, "pickup" if self.rung == 0 else "hand",
                                       self.rung, est)
        return expected_settlement(self.opt, self.contract, None, est)

    def _trump_probability(self, hand: int, lead: bool) -> float:
        """The heuristic names the suit with the best estimate: softly, each allowed suit with
        probability proportional to ``exp(estimate / SUIT_TAU)``."""
        est = {s: estimate(self.pack, hand, s, lead) for s in self.suits}
        top = max(est.values())
        weights = {s: math.exp((e - top) / SUIT_TAU) for s, e in est.items()}
        return weights[self.trump] / sum(weights.values())


class PlayLikelihood:
    """The probability of the other seats' cards played so far, as a function of a world."""

    def __init__(self, opt: BavarianOptions, obs: dict[str, Any]):
        self.opt = opt
        self.pack = pack = pack_for(obs)
        deck = pack.deck
        me = obs["seat"]
        self.declarer = obs.get("declarer")
        trump = obs.get("trump")
        self.trump = None if trump is None else SUITS.index(trump)
        self.bettel = obs.get("contract") == "bettel"
        self.must_beat = opt.must_beat and not self.bettel
        self.talon_game = obs.get("contract") in TALON_GAMES
        # What every seat saw of the deal, without the acting seat's own cards.
        self.public = {k: v for k, v in obs.items() if k not in ("hand", "laid_away")}
        self.done = obs.get("tricks", [])
        self.tricks = tricks = [t["cards"] for t in self.done] + [obs.get("trick", [])]
        # (seat, what it saw then without its hand (its observation and the constraints that
        # shows, which each world completes with the seat's hand), the cards of the trick
        # before, the card, the cards it played from then)
        self.plays: list[tuple[int, BavarianSampler, list[int], int, int]] = []
        later = dict.fromkeys(obs["active"], 0)
        for t in range(len(tricks) - 1, -1, -1):
            cards = [deck.index(e["card"]) for e in tricks[t]]
            for i in range(len(cards) - 1, -1, -1):
                q = tricks[t][i]["seat"]
                later[q] |= 1 << cards[i]
                if q != me:
                    self.plays.append((q, self._seen_by(q, t, cards[:i]), cards[:i], cards[i],
                                       later[q]))

    def __bool__(self) -> bool:
        return bool(self.plays)

    def __call__(self, world: World) -> float:
        w = 1.0
        for q, seen, before, card, later in self.plays:
            hand = world.hands[q] | later
            legal = legal_cards(self.pack, hand, before, self.trump, self.bettel,
                                self.must_beat)
            choices = legal.bit_count()
            if choices < 2:
                continue
            pile = world.pile if q == self.declarer and self.talon_game else seen.known_pile
            view = View(self.opt, self.pack, seen.obs, hand, seen.holding(hand, pile))
            cards = list(iter_bits(legal))
            chosen = view.bettel_card(cards) if self.bettel else view.card(cards)
            w *= 1.0 - EPSILON if chosen == card else EPSILON / (choices - 1)
        return w

    def _seen_by(self, q: int, done: int, before: list[int]) -> BavarianSampler:
        """Seat ``q``'s observation when it played after ``before`` in trick ``done + 1``,
        without its hand (and, for the declarer of a talon game, the cards he laid away), read
        by the sampler (which keeps it as ``obs``): the same in every world."""
        obs = dict(self.public)
        obs["seat"] = q
        obs["current_player"] = q
        obs["tricks"] = self.done[:done]
        obs["trick"] = self.tricks[done][:len(before)]
        return BavarianSampler(self.opt, obs)
