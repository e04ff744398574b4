"""Sampling the hidden cards of a Hungarian tarokk deal from one seat's observation.

A *world* gives every active seat its current hand and its discard pile. The sampler reads only
``observation(seat)`` (and the rule options) and deals the cards the seat cannot see to the
hidden places: the other seats' hands and the other seats' discards (the talon cards they
received are part of those). Every world it returns satisfies :meth:`HungarianSampler.check`,
which tests all that the seat has observed:

* card counts: hands of 9 minus the cards played, piles of as many cards as the talon gave;
* voids shown in play (HU-PLAY-2), and the pagát kept under an ultimo (HU-PLAY-5): a pagát
  played before trick 9 by a member of a team that announced ultimo was his only legal card;
* discards: no king or honour, no card the auction forbids (the cue card, the yielder's XX,
  ``xx_discard_forbidden``; HU-TALON-5); the declarer's face-up discarded tarokks and no other
  tarokk in his pile; the disclosed tarokk counts (per seat with 4 players, the common pile with
  5; HU-TALON-7);
* the auction's public facts (HU-BID-17: bidders hold an honour, the cue bidder his card, the
  yielder XX and a great honour), kept all deal because honours and forbidden cards cannot be
  discarded; a cue bidder whose only honour was the pagát owes ultimo (HU-ANN-14), so without a
  d ultimo he holds a great honour;
* the call: the called card must have been callable for the declarer's hand and pile (HU-CALL-3;
  a call below XX under case (d) shows that he owns XX and every tarokk between);
* announcements: exact tarokk counts (HU-ANN-8); an ultimo raise without a count, or under
  ``pajesz_tarokk_count_rules`` any announcement or kontra without one, shows neither 8 nor 9
  tarokks (HU-ANN-9); whoever discarded the called card has the game kontra'd by the end of his
  first turn (HU-CALL-6);
* sides: the partner is the holder of the called card; a non-declarer publicly on the declarer's
  side holds it; one publicly on the opponents' side does not hold it in hand (he may have
  discarded it: the declarer then plays alone); a known partner (or a known lone declarer) fixes
  where it is.

Sampling is randomised assignment with the constraint check and bounded retries: the per-card
restrictions (voids, piles, must-hold cards) and the tarokk counts of piles and counted hands are
built into the dealing (most restricted cards first, each to a random allowed place weighted by
room); the rest is checked afterwards. It is deterministic given the ``random.Random`` passed in.
Worlds are close to, but not exactly, uniform over the consistent deals.
"""

from __future__ import annotations

import random
import re
from bisect import bisect_right
from dataclasses import dataclass
from math import comb
from typing import Any

from tarock.core.cards import iter_bits
from tarock.hungarian.auction import CALL_BY_NAME, Auction
from tarock.hungarian.calling import callable_cards
from tarock.hungarian.cards import (
    DECK,
    FIVE_POINT,
    GREAT_HONOURS,
    HONOURS,
    SUIT_MASKS,
    SUIT_OF,
    T1,
    T20,
    TAROKK_SUIT,
    TAROKKS,
    bit,
)
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.talon import SHARES, forbidden_discards

FULL = (1 << 42) - 1
TEAM_BY_WORD = {"declarer": "d", "opponents": "o"}
_OWN_RE = re.compile(r"holds T(\d+)$")
# The tarokk splits of one set of restrictions: the slots without a fixed count, the running sum
# of the splits' weights, and the splits (a tarokk count per such slot).
Splits = tuple[list[int], list[int], list[tuple[int, ...]]]


@dataclass(frozen=True)
class World:
    """Every active seat's current hand and discard pile (card masks by seat)."""

    hands: dict[int, int]
    discards: dict[int, int]


def _mask(codes: list[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << DECK.index(c)
    return m


def replay_auction(opt: HungarianOptions, obs: dict[str, Any]) -> Auction:
    """The public auction of ``obs`` replayed with hands that hold every card: its cue bid and
    yield, and their duties, without the hidden facts (whether a cue bidder's only honour was
    the pagát)."""
    auction = Auction(tuple(obs["active"]), [FULL] * obs["seats"], opt)
    for entry in obs.get("auction", []):
        auction.apply_call(entry["seat"], CALL_BY_NAME[entry["bid"]])
    return auction


class HungarianSampler:
    """The constraints of one observation, and worlds that satisfy them."""

    def __init__(self, opt: HungarianOptions, obs: dict[str, Any]):
        self.opt = opt
        self.obs = obs
        self.me: int = obs["seat"]
        self.active: tuple[int, ...] = tuple(obs["active"])
        self.declarer: int = obs["declarer"]
        self.level: int = obs["level"]
        active, declarer = self.active, self.declarer
        self.my_hand = _mask(obs.get("hand", []))
        self.my_discards = _mask(obs.get("discards", []))
        # Cards played, per seat, and the plays in order with the card led to each trick.
        self.played = dict.fromkeys(active, 0)
        self.plays: list[tuple[int, int, int, int]] = []  # (trick no, seat, card, led or -1)
        tricks = [t["cards"] for t in obs.get("tricks", [])]
        if obs.get("trick"):
            tricks.append(obs["trick"])
        for k, cards in enumerate(tricks):
            led = -1
            for entry in cards:
                card = DECK.index(entry["card"])
                self.played[entry["seat"]] |= 1 << card
                self.plays.append((k, entry["seat"], card, led))
                if led < 0:
                    led = card
        all_played = 0
        for m in self.played.values():
            all_played |= m
        self.all_played = all_played
        i = active.index(declarer)
        self.pile_size = {active[(i + k) % 4]: SHARES[self.level][k] for k in range(4)}
        self.face_up = _mask(obs.get("declarer_discarded_tarokks", []))
        self.called = DECK.index(obs["called"]) if obs.get("called") else None
        self.ultimo_teams = {TEAM_BY_WORD[k["owner"]] for k in obs.get("kontra_levels", [])
                             if k["item"] == "ultimo"}
        self._auction_facts()
        self._announcement_facts()
        self._voids()
        self._slots()

    # -- reading the observation -------------------------------------------------------------

    def _auction_facts(self) -> None:
        """Replays the public auction for the cue bid and the yield (their duties), and reads
        the HU-BID-17 facts."""
        opt, obs = self.opt, self.obs
        auction = replay_auction(opt, obs)
        cue = auction.binding_cue(self.declarer)
        self.cue_player = cue.player if cue else None
        self.cue_card = cue.card if cue else None
        self.forced_call = cue.card if cue and cue.player != self.declarer else None
        self.yielder = auction.yielder
        self.forbidden = {q: forbidden_discards(opt, q, self.cue_card, self.cue_player,
                                                self.yielder) for q in self.active}
        self.must_own: dict[int, int] = dict.fromkeys(self.active, 0)
        self.at_least: list[tuple[int, int]] = []  # (seat, mask): seat's final hand meets mask
        for key, facts in obs.get("auction_facts", {}).items():
            q = int(key)
            for fact in facts:
                if fact == "holds an honour":
                    self.at_least.append((q, HONOURS))
                elif fact == "holds a great honour":
                    self.at_least.append((q, GREAT_HONOURS))
                elif fact == "holds T20 and a great honour":
                    self.must_own[q] |= bit(T20)
                    self.at_least.append((q, GREAT_HONOURS))
                else:
                    m = _OWN_RE.match(fact)
                    if m:
                        self.must_own[q] |= bit(int(m.group(1)) - 1)
        if (cue is not None and not opt.cue_bid_binding_only_if_other_declarer
                and "d" not in self.ultimo_teams):
            self.at_least.append((cue.player, GREAT_HONOURS))  # HU-ANN-14

    def _announcement_facts(self) -> None:
        obs, opt = self.obs, self.opt
        self.counts: dict[int, int] = {}
        raised_ultimo: set[int] = set()
        spoke: set[int] = set()
        game_level = 0
        first_turn_level: dict[int, int] = {}
        for entry in obs.get("announcements", []):
            q, kind = entry["seat"], entry["type"]
            if kind == "count":
                self.counts[q] = entry["count"]
            elif kind == "announce":
                spoke.add(q)
                if entry["bonus"] == "ultimo":
                    raised_ultimo.add(q)
            elif kind == "kontra":
                spoke.add(q)
                if entry["item"] == "ultimo":
                    raised_ultimo.add(q)
                if entry["item"] == "game" and entry["owner"] == "declarer":
                    game_level += 1
            elif kind == "pass" and q not in first_turn_level:
                first_turn_level[q] = game_level
        # HU-ANN-9: a holder of 8 or 9 tarokks must count before such actions.
        quiet = spoke if opt.pajesz_tarokk_count_rules else raised_ultimo
        self.not_8_or_9 = {q for q in quiet if q not in self.counts}
        # HU-CALL-6: the discarder of the called card kontras the game in his first turn.
        self.not_discarder = {q for q, lv in first_turn_level.items()
                              if lv == 0 and q != self.declarer}
        self.public_side = {int(k): v for k, v in obs.get("public_side", {}).items()}
        self.partner_known = "partner" in obs
        self.partner = obs.get("partner")
        disclosed = obs.get("discarded_tarokks")
        self.disclosed = {int(k): v for k, v in disclosed.items()} if disclosed else {}
        self.common_pile = obs.get("common_pile_tarokks")

    def _voids(self) -> None:
        """Voids shown in play (HU-PLAY-2) and, per team that announced ultimo, the extra
        voids shown by a pagát played early (HU-PLAY-5)."""
        self.void = dict.fromkeys(self.active, 0)
        self.pagat_void: dict[int, int] = {}  # seat -> void mask if his team kept the pagát
        self.pagat_lead: int | None = None  # seat that led the pagát before trick 9
        for k, q, card, led in self.plays:
            if led >= 0:
                s = SUIT_OF[led]
                if s == TAROKK_SUIT:
                    if card >= 22:
                        self.void[q] |= TAROKKS
                elif SUIT_OF[card] != s:
                    self.void[q] |= SUIT_MASKS[s]
                    if card >= 22:
                        self.void[q] |= TAROKKS
            if card == T1 and k < 8:
                if led < 0:
                    self.pagat_lead = q
                else:
                    s = SUIT_OF[led]
                    extra = TAROKKS if s == TAROKK_SUIT else SUIT_MASKS[s] | TAROKKS
                    self.pagat_void[q] = extra & ~bit(T1)

    def _slots(self) -> None:
        """The hidden places: each other active seat's hand and (unknown part of) pile."""
        me, declarer = self.me, self.declarer
        self.others = [q for q in self.active if q != me]
        known = self.my_hand | self.my_discards | self.all_played
        if me != declarer:
            known |= self.face_up
        self.unknown = FULL & ~known
        self.hand_size = {q: 9 - self.played[q].bit_count() for q in self.active}
        self.pile_unknown = {q: self.pile_size[q] - (self.face_up.bit_count()
                                                     if q == declarer else 0)
                             for q in self.others}

    # -- checking a world --------------------------------------------------------------------

    def partner_of(self, world: World) -> int | None:
        """The holder of the called card among the non-declarers (HU-CALL-5), or None."""
        if self.called is None:
            return None
        b = bit(self.called)
        for q in self.active:
            if q != self.declarer and (world.hands[q] | self.played[q]) & b:
                return q
        return None

    def check(self, world: World) -> bool:
        """Whether ``world`` is consistent with everything the seat has observed."""
        return self.why_not(world) is None

    def why_not(self, world: World) -> str | None:
        """The first observed fact that ``world`` contradicts, or None."""
        me, declarer = self.me, self.declarer
        if world.hands[me] != self.my_hand or world.discards[me] != self.my_discards:
            return "own cards"
        seen = self.all_played
        for q in self.active:
            h, d = world.hands[q], world.discards[q]
            if (seen & h) or (seen & d) or (h & d):
                return "card twice"
            seen |= h | d
            if h.bit_count() != self.hand_size[q] or d.bit_count() != self.pile_size[q]:
                return "card counts"
            if h & self.void[q]:
                return "void"
            if d & self.forbidden[q]:
                return "forbidden discard"
            final = h | self.played[q]
            if self.must_own[q] & ~(final | d):
                return "auction card"
            if q in self.counts and (final & TAROKKS).bit_count() != self.counts[q]:
                return "tarokk count"
            if q in self.not_8_or_9 and (final & TAROKKS).bit_count() in (8, 9):
                return "uncounted 8 or 9"
        if seen != FULL:
            return "missing cards"
        for q, need in self.at_least:
            if not (world.hands[q] | self.played[q]) & need:
                return "auction honour"
        pile = world.discards[declarer]
        if pile & TAROKKS != self.face_up:
            return "declarer's face-up discards"
        if self.disclosed:
            for q, n in self.disclosed.items():
                if (world.discards[q] & TAROKKS).bit_count() != n:
                    return "disclosed discards"
        if self.common_pile is not None:
            n = sum((world.discards[q] & TAROKKS).bit_count()
                    for q in self.active if q != declarer)
            if n != self.common_pile:
                return "common pile"
        return self._why_not_teams(world)

    def _why_not_teams(self, world: World) -> str | None:
        """The call, the sides and the pagát under ultimo (they depend on who is partner)."""
        called, declarer, opt = self.called, self.declarer, self.opt
        if called is None:
            return None
        b = bit(called)
        partner = self.partner_of(world)
        if self.partner_known and partner != self.partner:
            return "partner"
        for q, side in self.public_side.items():
            if q != declarer and side != "unknown" and (side == "d") != (q == partner):
                return "public side"
        my_team = self.obs.get("my_team")
        if my_team is not None and (TEAM_BY_WORD[my_team] == "d") != (
                self.me in (declarer, partner)):
            return "my team"
        for q in self.not_discarder:
            if world.discards[q] & b:
                return "called card discarded without kontra"
        hand = world.hands[declarer] | self.played[declarer]
        pile = world.discards[declarer]
        disclosed = 0
        if opt.tarokk_discard_disclosure == "after_discard":
            disclosed = sum((world.discards[q] & TAROKKS).bit_count()
                            for q in self.active if q != declarer)
        if not callable_cards(opt, hand, pile, self.forced_call, self.yielder is not None,
                              disclosed) & b:
            return "call"
        for q in self.active:
            team = "d" if q in (declarer, partner) else "o"
            if team not in self.ultimo_teams:
                continue
            if self.pagat_lead == q:
                return "pagát led early under ultimo"
            extra = self.pagat_void.get(q)
            if extra and world.hands[q] & extra:
                return "pagát played early under ultimo"
        return None

    # -- sampling ----------------------------------------------------------------------------

    def _restrictions(self) -> tuple[list[int], dict[int, int]]:
        """Per unknown card, the allowed slots (bit 2k: hand of others[k], bit 2k+1: its pile),
        and the tarokk count of each slot where it is fixed."""
        declarer, opt = self.declarer, self.opt
        called = self.called
        others = self.others
        allowed = [0] * 42
        # Call inference (HU-CALL-3 case d) where nothing else explains a call below XX.
        decl_owns = decl_lacks = 0
        if (called is not None and declarer != self.me and self.forced_call is None
                and self.yielder is None and called != T20
                and not (opt.call_any_after_tarokk_discard and self._disclosed_total() > 0)
                and not (opt.call_own_discard_allowed and self.face_up & bit(called))):
            decl_owns = sum(bit(t) for t in range(called + 1, T20 + 1))
            decl_lacks = bit(called)
        if (called is not None and not opt.self_call_allowed and self.forced_call is None
                and self.yielder is None):
            decl_lacks |= bit(called)  # cases (c)-(e) never offer a card in his hand
        for c in iter_bits(self.unknown):
            cb = 1 << c
            a = 0
            for k, q in enumerate(others):
                hand_ok = not self.void[q] & cb
                pile_ok = self.pile_unknown[q] > 0 and not (
                    cb & (FIVE_POINT | self.forbidden[q]))
                if q == declarer:
                    pile_ok = pile_ok and c >= 22
                    if cb & decl_lacks:
                        hand_ok = False
                if called == c:
                    if q in self.not_discarder:
                        pile_ok = False
                    side = self.public_side.get(q, "unknown")
                    if q != declarer and side == "o":
                        hand_ok = False
                    if self.partner_known and self.partner is None and q != declarer:
                        hand_ok = False  # a known lone declarer
                a |= (hand_ok << (2 * k)) | (pile_ok << (2 * k + 1))
            allowed[c] = a
        # Cards a seat must hold (auction facts, the known partner, call inference).
        owners: dict[int, int] = {}
        for q in others:
            for c in iter_bits(self.must_own[q] & self.unknown):
                owners[c] = q
        if called is not None and self.unknown & bit(called):
            if self.partner_known and self.partner is not None:
                owners[called] = self.partner
            for q, side in self.public_side.items():
                if q != declarer and side == "d" and q in others:
                    owners[called] = q
        for c in iter_bits(decl_owns & self.unknown):
            if declarer in others:
                owners[c] = declarer
        for c, q in owners.items():
            k = others.index(q)
            allowed[c] &= 3 << (2 * k)
        fixed: dict[int, int] = {}
        for k, q in enumerate(others):
            if q == declarer:
                fixed[2 * k + 1] = 0
            elif self.disclosed and q in self.disclosed:
                fixed[2 * k + 1] = self.disclosed[q]
            if q in self.counts:
                fixed[2 * k] = self.counts[q] - (self.played[q] & TAROKKS).bit_count()
        return allowed, fixed

    def _disclosed_total(self) -> int:
        if self.common_pile is not None:
            return self.common_pile
        return sum(self.disclosed.values())

    def sample(self, rng: random.Random, tries: int = 400) -> World | None:
        """A world consistent with the observation, or None after ``tries`` failed attempts."""
        if not hasattr(self, "_allowed"):
            self._allowed, self._fixed = self._restrictions()
            self._splits: dict[tuple[int, ...], Splits | None] = {}
        for attempt in range(tries):
            world = self._attempt(rng, force_honours=attempt >= tries // 4)
            if world is not None and self.check(world):
                return world
        return None

    def _attempt(self, rng: random.Random, force_honours: bool) -> World | None:
        others, declarer = self.others, self.declarer
        allowed = list(self._allowed)
        n_slots = 2 * len(others)
        cap = [0] * n_slots
        for k, q in enumerate(others):
            cap[2 * k] = self.hand_size[q]
            cap[2 * k + 1] = self.pile_unknown[q]
        tcap = [-1] * n_slots
        for s, n in self._fixed.items():
            tcap[s] = n
        if self.common_pile is not None:
            self._split_common_pile(rng, cap, tcap)
        if force_honours:
            for q, need in self.at_least:
                if q not in others or self.played[q] & need:
                    continue
                k = others.index(q)
                options = [c for c in iter_bits(need & self.unknown) if allowed[c] >> (2 * k) & 1]
                if options:
                    c = options[rng.randrange(len(options))]
                    allowed[c] &= 1 << (2 * k)
        if not self._draw_tarokk_counts(rng, allowed, cap, tcap):
            return None
        ncap = [cap[s] - tcap[s] for s in range(n_slots)]
        cards = list(iter_bits(self.unknown))
        rng.shuffle(cards)
        cards.sort(key=lambda c: allowed[c].bit_count())
        out = [0] * n_slots
        for c in cards:
            is_t = c < 22
            weights = []
            total = 0
            a = allowed[c]
            for s in range(n_slots):
                if a >> s & 1:
                    room = tcap[s] if is_t else ncap[s]
                    if room > 0:
                        weights.append((s, room))
                        total += room
            if not total:
                return None
            s = _weighted(rng, weights, total)
            out[s] |= 1 << c
            if is_t:
                tcap[s] -= 1
            else:
                ncap[s] -= 1
        hands = {self.me: self.my_hand}
        discards = {self.me: self.my_discards}
        for k, q in enumerate(others):
            hands[q] = out[2 * k]
            discards[q] = out[2 * k + 1] | (self.face_up if q == declarer else 0)
        return World(hands, discards)

    def _draw_tarokk_counts(self, rng: random.Random, allowed: list[int], cap: list[int],
                            tcap: list[int]) -> bool:
        """Fill in the tarokk count of every slot whose count is not fixed, drawn with the
        weights of a random deal (multivariate hypergeometric: the product of C(room, count)),
        within what the slot's allowed cards permit. False if no split fits.

        The splits and their weights depend only on the restrictions, which are the same for
        most attempts of a decision, so they are enumerated once per restrictions (the
        enumeration was half of a mid-deal decision's time) and drawn from by bisection."""
        key = (*allowed, *cap, *tcap)
        table = self._splits.get(key)
        if table is None:
            table = self._splits[key] = self._tarokk_splits(allowed, cap, tcap)
        if not table:
            return False
        free, cumulative, splits = table
        chosen = splits[bisect_right(cumulative, rng.randrange(cumulative[-1]))]
        for s, t in zip(free, chosen, strict=True):
            tcap[s] = t
        return True

    def _tarokk_splits(self, allowed: list[int], cap: list[int], tcap: list[int],
                       ) -> Splits | None:
        """Every split of the unknown tarokks that fits, with its weight; None if none does."""
        n_slots = len(cap)
        unknown_t = [c for c in iter_bits(self.unknown & TAROKKS)]
        unknown_n = [c for c in iter_bits(self.unknown & ~TAROKKS)]
        if any(t > cap[s] for s, t in enumerate(tcap)):
            return None
        left = len(unknown_t) - sum(t for t in tcap if t >= 0)
        if left < 0:
            return None
        free = [s for s in range(n_slots) if tcap[s] < 0]
        ranges = []
        for s in free:
            at = sum(1 for c in unknown_t if allowed[c] >> s & 1)
            an = sum(1 for c in unknown_n if allowed[c] >> s & 1)
            ranges.append((max(0, cap[s] - an), min(cap[s], at)))
        cumulative: list[int] = []
        splits: list[tuple[int, ...]] = []

        def walk(i: int, rest: int, chosen: tuple[int, ...], weight: int) -> None:
            if i == len(free):
                if rest == 0:
                    cumulative.append(weight + (cumulative[-1] if cumulative else 0))
                    splits.append(chosen)
                return
            lo, hi = ranges[i]
            for t in range(lo, min(hi, rest) + 1):
                walk(i + 1, rest - t, (*chosen, t), weight * comb(cap[free[i]], t))

        walk(0, left, (), 1)
        return (free, cumulative, splits) if splits else None

    def _split_common_pile(self, rng: random.Random, cap: list[int], tcap: list[int]) -> None:
        """Five players: deal the common pile's disclosed tarokks to the non-declarers' piles."""
        declarer = self.declarer
        left = self.common_pile - (self.my_discards & TAROKKS).bit_count() \
            if self.me != declarer else self.common_pile
        slots = [2 * k + 1 for k, q in enumerate(self.others) if q != declarer]
        counts = dict.fromkeys(slots, 0)
        room = {s: cap[s] for s in slots}
        for _ in range(max(left, 0)):
            choices = [s for s in slots if room[s] > 0]
            if not choices:
                counts[slots[0]] = cap[slots[0]] + 1  # impossible: the attempt fails
                break
            s = rng.choice(choices)
            counts[s] += 1
            room[s] -= 1
        for s in slots:
            tcap[s] = counts[s]


def _weighted(rng: random.Random, choices: list[tuple[Any, int]], total: int) -> Any:
    """One of ``choices`` (item, weight), drawn with probability weight / total."""
    r = rng.randrange(total)
    for item, w in choices:
        if r < w:
            return item
        r -= w
    raise AssertionError("weights do not add up")
