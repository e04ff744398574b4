"""Sampling the hidden cards of a Bavarian tarock hand from one seat's observation.

A *world* gives the three active seats their current hands and the *pile*: the 3 cards that score
for the declarer at the end (BT-TALON-6), that is the talon in a hand game or a Bettel and the
cards laid away in a talon game. (Seen by a declarer who holds the talon he picked up and is
about to lay away, the world is the deal as dealt: his hand without the talon, the talon as the
pile.) The sampler reads only ``observation(seat)`` and the rule
options, and deals the cards the seat cannot see to the hidden places (the other two hands, and
the pile unless the seat knows it). Every world it returns satisfies :meth:`BavarianSampler.check`,
which tests what the seat has observed:

* card counts: N cards minus the cards each seat has played, 3 in the pile;
* its own hand, the cards played, the talon or the cards laid away when it has seen them;
* voids shown in play: a seat that did not follow suit holds none of the suit led (BT-PLAY-5),
  one that neither followed nor trumped holds no trump either (BT-PLAY-6);
* under ``must_beat`` (BT-PLAY-8) a card that did not win the trick at that moment although it
  was of the suit that had to be played shows that the seat held no card of that suit that
  would have won.

The deal is randomised assignment, most restricted cards first, each to an allowed place chosen
with probability in proportion to its room, with bounded retries; it is deterministic given the
``random.Random`` passed in. Worlds are close to, but not exactly, uniform over the consistent
deals.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from tarock.bavarian.cards import FULL, SHORT, SUITS, TALON_SIZE, Pack
from tarock.core.cards import iter_bits

PILE = -1  # the place of the pile in the assignment
TALON_GAMES = ("frage", "herzfrage", "pickup")


@dataclass(frozen=True)
class World:
    """Every active seat's current hand and the pile (card masks)."""

    hands: dict[int, int]
    pile: int


class Hidden(NamedTuple):
    """What the play rules need of an observation's constraints: the cards the seat cannot
    see, and per seat the cards it cannot hold."""

    unknown: int
    banned: dict[int, int]


def pack_of(observation: dict[str, Any]) -> Pack:
    return SHORT if observation.get("variant") == "V3" else FULL


class BavarianSampler:
    """The constraints of one observation, and worlds that satisfy them."""

    def __init__(self, opt: Any, obs: dict[str, Any], max_tries: int = 200):
        self.obs = obs
        self.max_tries = max_tries
        self.pack = pack = pack_of(obs)
        deck = pack.deck
        self.me: int = obs["seat"]
        self.active: tuple[int, ...] = tuple(obs["active"])
        self.declarer: int | None = obs.get("declarer")
        contract = obs.get("contract")
        trump_code = obs.get("trump")
        self.trump = None if trump_code is None else SUITS.index(trump_code)
        self.bettel = contract == "bettel"
        self.must_beat = bool(getattr(opt, "must_beat", False)) and not self.bettel
        self.my_hand = deck.mask(obs.get("hand", []))
        self.played = dict.fromkeys(self.active, 0)
        self.banned = dict.fromkeys(self.active, 0)  # cards a seat cannot hold
        tricks = [t["cards"] for t in obs.get("tricks", [])]
        if obs.get("trick"):
            tricks.append(obs["trick"])
        for cards in tricks:
            self._read_trick([(e["seat"], deck.index(e["card"])) for e in cards])
        all_played = 0
        for m in self.played.values():
            all_played |= m
        self.all_played = all_played
        # The pile: known to the declarer of a talon game, and to whoever saw the talon of a
        # hand game; 3 hidden cards otherwise.
        self.known_pile: int | None = None
        if contract in TALON_GAMES:
            if "laid_away" in obs:
                self.known_pile = deck.mask(obs["laid_away"])
            elif self.declarer == self.me and "talon" in obs:
                # the declarer about to lay away holds the talon: his world is the deal as it
                # was dealt, the talon as the pile (what the search's play-outs start from)
                self.known_pile = deck.mask(obs["talon"])
                self.my_hand &= ~self.known_pile
            elif "talon" in obs and self.declarer is not None:
                # a talon game's talon seen by a defender (talon_reveal=all): its cards are in
                # the declarer's hand, his pile or played, never in the other defender's hand
                talon = deck.mask(obs["talon"])
                for q in self.active:
                    if q != self.declarer:
                        self.banned[q] |= talon
        elif "talon" in obs:
            self.known_pile = deck.mask(obs["talon"])
        self.sizes = {q: pack.tricks - self.played[q].bit_count() for q in self.active}
        self.hidden_seats = [q for q in self.active if q != self.me]
        known = self.my_hand | all_played | (self.known_pile or 0)
        self.unknown = deck.full_mask & ~known

    def holding(self, hand: int, pile: int | None) -> Hidden:
        """What this observation leaves hidden had its seat held ``hand`` and known the pile to
        be ``pile`` (None: not known), without reading the tricks again: what the likelihood of
        the card play asks of every world for every card a seat played."""
        return Hidden(self.pack.deck.full_mask & ~(hand | self.all_played | (pile or 0)),
                      self.banned)

    def _read_trick(self, plays: list[tuple[int, int]]) -> None:
        pack, trump = self.pack, self.trump
        suit_of, masks = pack.suit_of, pack.suit_masks
        power = pack.bettel if self.bettel else pack.normal
        led = suit_of[plays[0][1]]
        best = plays[0][1]
        for i, (q, card) in enumerate(plays):
            self.played[q] |= 1 << card
            if i == 0:
                continue
            suit = suit_of[card]
            if suit != led:
                self.banned[q] |= masks[led]  # BT-PLAY-5
                if trump is not None and suit != trump:
                    self.banned[q] |= masks[trump]  # BT-PLAY-6
            beats = (suit == suit_of[best] and power[card] > power[best]) or (
                suit != suit_of[best] and suit == trump)
            if self.must_beat and not beats:
                # BT-PLAY-8: none of the cards he had to choose from would have won
                cand_suit = led if suit == led else suit
                if cand_suit == suit_of[best]:
                    self.banned[q] |= sum(1 << c for c in iter_bits(masks[cand_suit])
                                          if power[c] > power[best])
                elif cand_suit == trump:
                    self.banned[q] |= masks[trump]  # any trump would have won
            if beats:
                best = card

    # -- worlds --------------------------------------------------------------------------------

    def places(self) -> list[int]:
        out = list(self.hidden_seats)
        if self.known_pile is None:
            out.append(PILE)
        return out

    def room(self) -> dict[int, int]:
        room = {q: self.sizes[q] for q in self.hidden_seats}
        if self.known_pile is None:
            room[PILE] = TALON_SIZE
        return room

    def sample(self, rng: random.Random) -> World | None:
        places = self.places()
        allowed = {}
        for c in iter_bits(self.unknown):
            allowed[c] = [p for p in places if p == PILE or not self.banned[p] >> c & 1]
        cards = sorted(allowed, key=lambda c: len(allowed[c]))
        for _ in range(self.max_tries):
            room = self.room()
            hands = dict.fromkeys(places, 0)
            order = cards[:]
            rng.shuffle(order)
            order.sort(key=lambda c: len(allowed[c]))  # stable: random within a class
            ok = True
            for c in order:
                opts = [p for p in allowed[c] if room[p] > 0]
                if not opts:
                    ok = False
                    break
                total = sum(room[p] for p in opts)
                x = rng.randrange(total)
                for p in opts:
                    x -= room[p]
                    if x < 0:
                        break
                hands[p] |= 1 << c
                room[p] -= 1
            if ok:
                world = self._world(hands)
                if self.check(world):
                    return world
        return None

    def _world(self, dealt: dict[int, int]) -> World:
        hands = {q: dealt.get(q, 0) for q in self.hidden_seats}
        hands[self.me] = self.my_hand
        pile = self.known_pile if self.known_pile is not None else dealt.get(PILE, 0)
        return World(hands, pile)

    def check(self, world: World) -> bool:
        """Whether ``world`` agrees with everything the observation shows."""
        if world.hands.get(self.me) != self.my_hand:
            return False
        seen = world.pile
        if world.pile.bit_count() != TALON_SIZE:
            return False
        if self.known_pile is not None and world.pile != self.known_pile:
            return False
        for q in self.active:
            hand = world.hands.get(q, 0)
            if hand.bit_count() != self.sizes[q] or hand & self.banned[q] or hand & seen:
                return False
            seen |= hand
        if seen & self.all_played:
            return False
        return seen | self.all_played == self.pack.deck.full_mask
