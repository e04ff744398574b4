"""What one seat knows in an Ottocento deal, and sampling the cards it cannot see.

:func:`read_facts` rebuilds, from ``observation(seat)`` alone, everything the players of this
game need: the hand, the cards played, the trick in progress, the piles won so far (with the
Matto rule OT-MATTO-4), and what the public record shows about the other hands:

* voids shown in play (OT-PLAY-3, OT-PLAY-4): a card other than the ``MATTO`` off the suit led
  shows a void in that suit, and a plain card off the suit led shows no trump either; after a
  ``MATTO`` lead the second card fixes the suit (OT-MATTO-3);
* declared combinations (OT-DECL-2): every shown card was in the declarer's hand in trick 1 (the
  dealer's after his discard), so each one not yet played is still there;
* truthful signals (OT-SIG-5, only under ``signal_truthful = true``): ``volo`` shows a void in
  the suit led (trumps on a trump lead); ``striscio`` shows one more card of it, which is still
  in the hand unless the leader has played one since;
* the dealer's discard is known to the dealer only (OT-DEAL-8); to everyone else it is two hidden
  cards, none worth 5 (OT-DEAL-6). In the two-player game the other player's set-aside cards are
  hidden too (OT-V-2).

:class:`OttocentoSampler` deals the unseen cards to the hidden places (the other hands, the
hidden discard and set-aside cards) so that every constraint above holds: cards that must be in a
place go there first, then the most restricted cards are dealt first, each to a random allowed
place weighted by its free room, with bounded retries; a world is then checked as a whole
(:meth:`OttocentoSampler.check`). Worlds are close to, but not exactly, uniform over the
consistent deals; the true deal always satisfies every constraint, so it is never excluded.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from tarock.core.cards import iter_bits
from tarock.ottocento.cards import (
    FIVE_POINT,
    FULL,
    IDX,
    LED_MASK,
    MATTO,
    MATTO_BIT,
    SUIT_OF,
    TRUMP_NUMBER,
    parse_cards,
)

HAND_SIZE = {4: 15, 2: 20}


@dataclass
class Facts:
    """The public record of a deal as one seat sees it, as masks and seat lists."""

    seat: int
    n: int
    dealer: int
    hand: int
    played: int = 0
    tricks: list[tuple[tuple[int, ...], tuple[int, ...], int]] = field(default_factory=list)
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in progress
    signals: list[str | None] = field(default_factory=list)  # per completed trick
    current_signal: str | None = None
    played_by: list[int] = field(default_factory=list)  # cards each seat has played
    void: list[int] = field(default_factory=list)  # masks of cards each seat cannot hold
    known: list[int] = field(default_factory=list)  # cards known to be in each seat's hand
    declared: list[int] = field(default_factory=list)  # cards each seat showed in trick 1
    need_one: list[list[Any]] = field(default_factory=list)  # per seat: masks, one card each
    piles: list[int] = field(default_factory=lambda: [0, 0])  # trick cards per team so far
    won: list[int] = field(default_factory=lambda: [0, 0])
    debtor: int | None = None
    own_reserve: int = 0  # my discard / set-aside cards (known to me only)
    declaration_seats: list[tuple[int, str, int]] = field(default_factory=list)

    def team(self, seat: int) -> int:
        return seat % 2

    @property
    def partner(self) -> int | None:
        return (self.seat + 2) % 4 if self.n == 4 else None

    def hand_size(self, seat: int) -> int:
        return HAND_SIZE[self.n] - self.played_by[seat].bit_count()

    @property
    def tricks_left(self) -> int:
        return (15 if self.n == 4 else 20) - len(self.tricks)

    @property
    def unseen(self) -> int:
        """Cards neither in my hand, nor played, nor in my own reserve."""
        return FULL & ~self.hand & ~self.played & ~self.own_reserve


def _led(cards: list[int]) -> int | None:
    for c in cards:
        if c != MATTO:
            return SUIT_OF[c]
    return None


def read_facts(observation: dict[str, Any], truthful_signals: bool = True) -> Facts:
    """Everything :mod:`tarock.ottocento.strategy.heuristic` and the sampler use, from the
    observation only."""
    n = observation["seats"]
    f = Facts(seat=observation["seat"], n=n, dealer=observation["dealer"],
              hand=parse_cards(observation["hand"]))
    f.played_by = [0] * n
    f.void = [0] * n
    f.known = [0] * n
    f.declared = [0] * n
    f.need_one = [[] for _ in range(n)]
    for d in observation.get("declarations", []):
        m = parse_cards(d["cards"])
        f.declared[d["seat"]] |= m
        f.declaration_seats.append((d["seat"], d["kind"], m))
    if n == 2:
        f.own_reserve |= parse_cards(observation.get("set_aside", []))
    f.own_reserve |= parse_cards(observation.get("discard", []))
    raw = [(tuple(IDX[e["card"]] for e in t["cards"]), tuple(e["seat"] for e in t["cards"]),
            t["winner"], t.get("signal")) for t in observation.get("tricks", [])]
    current = [(e["seat"], IDX[e["card"]]) for e in observation.get("trick", [])]
    f.trick = current
    f.current_signal = observation.get("signal")
    everything = [(cards, seats, sig) for cards, seats, _, sig in raw]
    if current:
        everything.append((tuple(c for _, c in current), tuple(s for s, _ in current),
                           f.current_signal))
    for index, (cards, seats, signal) in enumerate(everything):
        led = _led(list(cards))
        first_real = next((i for i, c in enumerate(cards) if c != MATTO), None)
        for i, (s, c) in enumerate(zip(seats, cards, strict=True)):
            f.played_by[s] |= 1 << c
            f.played |= 1 << c
            if c == MATTO or led is None or first_real is None or i <= first_real:
                continue
            if SUIT_OF[c] != led:
                f.void[s] |= LED_MASK[led]  # OT-PLAY-3
                if SUIT_OF[c] != TRUMP_NUMBER:
                    f.void[s] |= LED_MASK[TRUMP_NUMBER]  # OT-PLAY-4
        if signal and truthful_signals and cards[0] != MATTO:
            leader, suit_mask = seats[0], LED_MASK[SUIT_OF[cards[0]]]
            if signal == "volo":
                f.void[leader] |= suit_mask  # no card of the suit after the lead (OT-SIG-5)
            elif signal == "striscio":
                f.need_one[leader].append((suit_mask, index))
    for cards, seats, winner, signal in raw:
        f.tricks.append((cards, seats, winner))
        f.signals.append(signal)
        w = f.team(winner)
        f.won[w] += 1
        for s, c in zip(seats, cards, strict=True):
            if c == MATTO and f.team(s) != w:
                f.piles[f.team(s)] |= MATTO_BIT  # OT-MATTO-4
                f.debtor = f.team(s)
            else:
                f.piles[w] |= 1 << c
    # striscio: the promised card is in the hand unless the leader played one since
    resolved: list[list[int]] = [[] for _ in range(n)]
    for s in range(n):
        for suit_mask, index in f.need_one[s]:
            later = _plays_after(everything, s, index)
            if not later & suit_mask:
                resolved[s].append(suit_mask)
    f.need_one = resolved  # type: ignore[assignment]
    for s in range(n):
        f.known[s] = f.declared[s] & ~f.played
    f.known[f.seat] = f.hand
    return f


def _plays_after(everything: list[Any], seat: int, index: int) -> int:
    """Cards ``seat`` played in the tricks after trick ``index``."""
    out = 0
    for cards, seats, _ in everything[index + 1:]:
        for s, c in zip(seats, cards, strict=True):
            if s == seat:
                out |= 1 << c
    return out


@dataclass
class World:
    """One full deal consistent with the observation: every hand now and each team's reserve
    (the dealer's discard; in the two-player game also the set-aside cards)."""

    hands: list[int]
    reserve: list[int]


class OttocentoSampler:
    """Deal the unseen cards to the hidden places consistently with :func:`read_facts`."""

    def __init__(self, observation: dict[str, Any], setaside_restricted: bool = True,
                 truthful_signals: bool = True, tries: int = 200):
        self.facts = f = read_facts(observation, truthful_signals)
        self.tries = tries
        n, me = f.n, f.seat
        # places: (name, size, allowed mask, required mask)
        self.places: list[tuple[Any, int, int, int]] = []
        for s in range(n):
            if s != me:
                self.places.append((("hand", s), f.hand_size(s), ~f.void[s] & FULL, f.known[s]))
        if n == 4:
            if me != f.dealer:
                self.places.append((("reserve", f.team(f.dealer)), 2, FULL & ~FIVE_POINT, 0))
        else:
            other = 1 - me
            allowed = FULL & ~FIVE_POINT if setaside_restricted else FULL
            self.places.append((("reserve", other), 10, allowed, 0))
            if other == f.dealer:
                self.places.append((("reserve", other), 2, FULL & ~FIVE_POINT, 0))
        self.unseen = f.unseen
        required = 0
        for _, _, _, req in self.places:
            required |= req
        self.free = self.unseen & ~required
        sizes = sum(p[1] for p in self.places)
        self.consistent = sizes == self.unseen.bit_count()

    def sample(self, rng: random.Random) -> World | None:
        if not self.consistent:
            return None
        for _ in range(self.tries):
            world = self._try(rng)
            if world is not None and self.check(world):
                return world
        return None

    def _try(self, rng: random.Random) -> World | None:
        places = self.places
        content = [req for _, _, _, req in places]
        room = [size - req.bit_count() for (_, size, _, _), req in zip(places, content,
                                                                         strict=True)]
        if min(room, default=0) < 0:
            return None
        cards = list(iter_bits(self.free))
        options = {c: [i for i, p in enumerate(places) if p[2] >> c & 1] for c in cards}
        rng.shuffle(cards)
        cards.sort(key=lambda c: len(options[c]))
        for c in cards:
            opts = [i for i in options[c] if room[i] > 0]
            if not opts:
                return None
            total = sum(room[i] for i in opts)
            r = rng.random() * total
            pick = opts[-1]
            for i in opts:
                r -= room[i]
                if r < 0:
                    pick = i
                    break
            content[pick] |= 1 << c
            room[pick] -= 1
        f = self.facts
        hands = [0] * f.n
        reserve = [0, 0]
        hands[f.seat] = f.hand
        reserve[f.team(f.seat)] |= f.own_reserve
        for (name, _, _, _), mask in zip(places, content, strict=True):
            if name[0] == "hand":
                hands[name[1]] = mask
            else:
                reserve[name[1]] |= mask
        return World(hands, reserve)

    def check(self, world: World) -> bool:
        """Every fact of the observation holds in ``world``."""
        f = self.facts
        seen = 0
        for s in range(f.n):
            h = world.hands[s]
            if h.bit_count() != f.hand_size(s) or h & seen:
                return False
            seen |= h
            if s != f.seat and (h & f.void[s] or f.known[s] & ~h):
                return False
            if any(not h & m for m in f.need_one[s]):
                return False
        if world.hands[f.seat] != f.hand:
            return False
        res = world.reserve[0] | world.reserve[1]
        if res & seen or res & f.played:
            return False
        return (seen | res | f.played) == FULL
