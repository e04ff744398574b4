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

The declarer of a talon game laid 3 cards away unseen, and he chose them: the heuristic lays
away the side cards that leave the best estimate plus the points they bank (short side suits
cleared for voids, unguarded Tens; in 1,690 heuristic pick-ups none laid a trump away, and they
left the declarer void in a side suit 0.75 times a deal, against 0.07 for 3 cards dealt at
random). A defender's sampler that dealt the pile at random would give the declarer voids too
seldom and a trump too few. :class:`LaidAwaySampler` deals his 14 cards (hand, cards played and
pile) as the sampler does and then lays 3 of them away as the heuristic would with the trump he
named (valued with that suit, the heuristic's own lay-away was its best in every one of those
pick-ups), softly: each set of side cards with probability in proportion to
``exp(value / LAY_AWAY_TAU)``. Never a trump: the rules allow any 3 cards (BT-TALON-3), but
none of those heuristic lay-aways held one, nor more than 2 of 858 by the search declarer.

``TAU``, ``SUIT_TAU``, ``EPSILON`` and ``LAY_AWAY_TAU`` keep the model soft: people (and the
search player) bid, lay away and play differently from the heuristic, and its estimate is rough.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from itertools import combinations, product
from typing import Any

from tarock.bavarian.auction import rung_of_target
from tarock.bavarian.cards import SUITS, Pack
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
LAY_AWAY_TAU = 1.0  # card points of estimate: how sharply the cards laid away follow the best;
# the likeliest of 0.5, 1, 2, 4 for the search declarer's lay-aways (856 pick-ups, his best by
# the estimate in 67%), and better than 2 for the heuristic's (its best in all 1,690)
LAY_AWAY_TRIES = 20  # worlds drawn for one whose pile the declarer could have laid away


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


class LaidAwaySampler:
    """A defender's worlds in a talon game, the pile laid away as the heuristic would (above).

    The heuristic's estimate of a hand is a sum over the suits times a factor of the number of
    trumps, so with the trumps kept, a lay-away's value is a sum of one term per side suit: the
    estimate lost with the cards that go plus their points. Each suit's sets and their weights
    are tabulated once (:func:`_suit_lay_aways`); a world's lay-away is drawn by first how many
    cards each side suit gives and then which. The declarer may not have laid away a card he
    played since, and must have laid away every card of his 14 that he has shown he does not
    hold; a world of the base sampler with no lay-away left is drawn again, and after
    ``LAY_AWAY_TRIES`` the last is kept as it is."""

    def __init__(self, base: BavarianSampler):
        self.base = base
        self.declarer: int = base.declarer  # type: ignore[assignment]
        self.trump: int = base.trump  # type: ignore[assignment]

    def sample(self, rng: random.Random) -> World | None:
        world = None
        for _ in range(LAY_AWAY_TRIES):
            world = self.base.sample(rng)
            if world is None:
                return None
            relaid = self.relay(world, rng)
            if relaid is not None:
                return relaid
        return world

    def relay(self, world: World, rng: random.Random) -> World | None:
        """``world`` with the declarer's pile drawn anew from his 14 cards (None: no lay-away
        agrees with what he has shown)."""
        base, pack = self.base, self.base.pack
        q = self.declarer
        free = world.hands[q] | world.pile  # the cards he may have laid away
        held = free | base.played[q]
        forced = free & base.banned[q]  # shown not to be in his hand: laid away
        masks = pack.suit_masks
        if forced & masks[self.trump]:
            return None  # never a trump
        trumps = (held & masks[self.trump]).bit_count()
        per = len(pack.ranks)
        suit = (1 << per) - 1  # a suit's cards shifted to the first suit's
        sides = [s for s in range(4) if s != self.trump]
        options = []  # per side suit, per count: the allowed sets (of ranks), weights and sum
        for s in sides:
            table = _suit_lay_aways(pack, held >> s * per & suit, trumps)
            need = forced >> s * per & suit
            keep = base.played[q] >> s * per & suit
            if need or keep:
                table = tuple(_allowed(sets, need, keep) for sets in table)
            options.append(table)
        weights = [math.prod(table[k][2] if k < len(table) else 0.0
                             for table, k in zip(options, counts, strict=True))
                   for counts in _SPLITS]
        if not any(weights):
            return None
        pile = 0
        for s, table, k in zip(sides, options, rng.choices(_SPLITS, weights)[0], strict=True):
            sets, set_weights, _ = table[k]
            pile |= rng.choices(sets, set_weights)[0] << s * per
        hands = dict(world.hands)
        hands[q] = free & ~pile
        return World(hands, pile)


_SPLITS = [c for c in product(range(4), repeat=3) if sum(c) == 3]  # cards from each side suit
Sets = tuple[tuple[int, ...], tuple[float, ...], float]  # sets, their weights, the weights' sum


def _allowed(sets: Sets, need: int, keep: int) -> Sets:
    """The sets of ``sets`` that hold every card of ``need`` and none of ``keep``."""
    pairs = [(m, w) for m, w in zip(sets[0], sets[1], strict=True)
             if m & need == need and not m & keep]
    return tuple(m for m, _ in pairs), tuple(w for _, w in pairs), sum(w for _, w in pairs)


@lru_cache(maxsize=1 << 14)
def _suit_lay_aways(pack: Pack, ranks: int, trumps: int) -> tuple[Sets, ...]:
    """For a side suit of a 14-card holding (its ranks ``ranks``, as a mask of the suit's cards
    shifted to the first suit's, beside ``trumps`` trumps): per count k from 0 to 3, each set of
    k of its ranks with the weight ``exp(value / LAY_AWAY_TAU)``, the value being what laying it
    away changes in the heuristic's estimate of the hand plus its points. Neither the other
    suits nor which suit it is change that difference (the estimate's factor depends on the
    trumps alone, and every suit counts its ranks alike), so one side suit and the lowest
    ``trumps`` trumps of another stand for every holding."""
    trump = 1  # the side suit is the first
    lowest = sorted(iter_bits(pack.suit_masks[trump]), key=lambda c: pack.normal[c])[:trumps]
    hand = ranks | sum(1 << c for c in lowest)
    whole = estimate(pack, hand, trump, talon=False)
    out = []
    for k in range(min(3, ranks.bit_count()) + 1):
        sets = tuple(map(sum, combinations([1 << c for c in iter_bits(ranks)], k)))
        weights = tuple(math.exp((estimate(pack, hand & ~m, trump, talon=False) - whole
                                  + pack.points(m)) / LAY_AWAY_TAU) for m in sets)
        out.append((sets, weights, sum(weights)))
    return tuple(out)
