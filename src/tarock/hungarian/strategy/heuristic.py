"""A heuristic Hungarian tarokk player built on the strategy notes HU-STRAT-1..28.

It decides from ``observation(seat)`` and the legal actions only: its hand, the public record
(auction, auction facts, disclosures, call, announcements, kontras, tricks) and the card facts of
the Hungarian pack. It keeps no memory between calls. The observation holds the whole public
history of the deal, so what it needs (cards seen, voids shown, who is probably on its side, where
the unseen cards probably lie) is rebuilt from it at every decision, and a fresh instance asked in
the middle of a deal decides exactly as one that watched the deal from the start. It draws no
random numbers, so it is deterministic for every seed.

Decisions, one function each:

* :func:`choose_bid`: the honour requirement, when to bid, hold, cue-bid, yield or wait to be
  called (HU-BID-3, HU-BID-9, HU-BID-13, HU-STRAT-1, 3, 4, 5, 6);
* :func:`choose_raise`: the optional raise of an uncontested három (HU-BID-15);
* :func:`choose_discard`: voids, banking points or, for the likely partner, cheap cards
  (HU-STRAT-2, 8, 9, 10);
* :func:`choose_annul`: throw in the hands the annulment rule is meant for (HU-ANNUL-1);
* :func:`choose_announcement`: counts, the partner call, bonuses and kontras against the
  expected-value thresholds (HU-ANN-8, HU-CALL-3, HU-STRAT-7, 11..16);
* :func:`choose_card`: card play by expected card points of the trick plus the honour, pagát
  and lead plans (HU-STRAT-17..27);
* :func:`choose_claim`: the unannounced count claim (HU-STRAT-28).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tarock.core.cards import iter_bits
from tarock.core.protocol import Action, Game
from tarock.hungarian.cards import (
    DECK,
    GREAT_HONOURS,
    HONOURS,
    KINGS,
    POINTS,
    SUIT_MASKS,
    SUIT_OF,
    T1,
    T2,
    T18,
    T19,
    T20,
    T21,
    T22,
    TAROKK_SUIT,
    TAROKKS,
    bit,
    is_tarokk,
    trick_winner_index,
)

Move = tuple[dict[str, Any], Action]

LEVELS = {"harom": 1, "ketto": 2, "egy": 3, "szolo": 4}
TEAM_OF_WORD = {"declarer": "d", "opponents": "o"}

# Hand strength (HU-STRAT-1). An average dealt hand scores about AVERAGE_STRENGTH.
AVERAGE_STRENGTH = 6.5
STRENGTH_FOR_LEVEL = ((4, 13.0), (3, 11.0), (2, 9.0))  # the highest level a hand may play
FOURTH_HAND_MIN = 6.0  # HU-STRAT-3: fourth after three passes, pass a below-average hand
PAGAT_ONLY_MIN = 5.0  # HU-STRAT-3: the pagát alone, unless the hand is well below average
WAIT_TO_BE_CALLED_MAX = 9.0  # HU-STRAT-4: XX + pagát without a great honour, medium hand

# HU-STRAT-15: announce a bonus when the success chance beats its break-even threshold.
ANNOUNCE_THRESHOLD = {"trull": 2 / 3, "four_kings": 2 / 3, "ultimo": 0.6, "double": 0.7,
                      "volat": 0.8, "xxi_catch": 2 / 3, "pagat_catch": 2 / 3,
                      # Illusztrált (HI-STRAT-1, HI-STRAT-4): announced-only bonuses break even
                      # at 1/2; a margin, since one hand sees only half of the team's cards
                      "sas_ultimo": 0.6, "centrum": 0.7, "kismadar": 0.7, "nagymadar": 0.7,
                      "pagat_uhu": 0.7, "sas_uhu": 0.7,
                      **{f"kiraly_ultimo:{x}": 0.6 for x in "HDCS"},
                      **{f"kiraly_uhu:{x}": 0.7 for x in "HDCS"}}
# HI-STRAT-1: centrum needs the team's top tarokks; each bird needs one high card more.
SWEEP_CARDS = {"centrum": (T20, T21, T22), "kismadar": (T19, T20, T21, T22),
               "nagymadar": (T18, T19, T20, T21, T22)}
KONTRA_MIN_FAIL = 0.6  # kontra an item of the other side that fails this often
RAISE_AGAIN_MIN = 0.95  # szubkontra, mordkontra, rekontra, hirskontra: near certainty only
REKONTRA_MIN_SUCCESS = 0.85

# Card play is scored in card points. One settlement point is worth about this many card
# points of the basic game at G = 1 (the game pays 2G across 48, and a double 71 / 23).
CARD_POINTS_PER_POINT = 12.0
XXI_CATCH = 21  # silent value of the XXI-catch (HU-ANN-4)
ULTIMO = 5  # silent value of pagátultimó
FUTURE_XXI_DANGER = 0.15  # chance a XXI kept back is caught later if the skíz is against it
FUTURE_CATCH_CHANCE = 0.4  # chance a skíz kept back catches the XXI later
XVIII_UP = TAROKKS & ~((1 << T18) - 1)  # XVIII, XIX, XX, XXI, skíz


def _mask(codes: Sequence[str]) -> int:
    return DECK.mask(codes)


def _rank(index: int) -> int:
    return DECK.cards[index].rank


def _n_tarokks(hand: int) -> int:
    return (hand & TAROKKS).bit_count()


def _above(tarokk: int) -> int:
    """The tarokks higher than ``tarokk``."""
    return TAROKKS & ~((1 << (tarokk + 1)) - 1)


def _higher_in_suit(card: int) -> int:
    """The cards of ``card``'s suit that beat it (a higher rank has a lower index)."""
    return SUIT_MASKS[SUIT_OF[card]] & ((1 << card) - 1)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


# -- what the seat knows ---------------------------------------------------------------------


@dataclass
class Knowledge:
    """Everything the decisions use, rebuilt from one observation (HU-IRR-2, HU-STRAT-7, 27)."""

    seat: int
    active: list[int]
    hand: int
    declarer: int | None
    level: int
    team: str | None  # "d", "o", or None before the call
    ally: dict[int, float]  # chance each other active seat is on this seat's side
    played: int = 0
    voids: dict[int, set[int]] = field(default_factory=dict)  # suit numbers, TAROKK_SUIT too
    where: dict[int, list[float]] = field(default_factory=dict)  # chance card c is in q's hand
    unseen: int = 0
    announced: dict[str, set[str]] = field(default_factory=dict)  # bonuses by team
    kontra: dict[tuple[str, str], int] = field(default_factory=dict)  # (owner, item) -> level
    counted: set[int] = field(default_factory=set)  # seats that announced 8 or 9 tarokks
    trick: list[tuple[int, int]] = field(default_factory=list)  # (seat, card) in play order
    tricks_done: int = 0
    trick_points: dict[int, int] = field(default_factory=dict)  # card points won, by seat

    @property
    def others(self) -> list[int]:
        return [q for q in self.active if q != self.seat]

    @property
    def other_team(self) -> str:
        return "o" if self.team == "d" else "d"

    @property
    def conv(self) -> float:
        """Card points per settlement point of the bonuses, given G and the game's kontra."""
        game_k = 2 ** self.kontra.get(("d", "game"), 0)
        return CARD_POINTS_PER_POINT / (max(self.level, 1) * game_k)

    def p_holds_any(self, q: int, mask: int) -> float:
        """The chance ``q`` holds at least one card of ``mask`` (independence assumed)."""
        miss = 1.0
        row = self.where[q]
        for c in iter_bits(mask & self.unseen):
            miss *= 1.0 - row[c]
        return 1.0 - miss

    def p_void(self, q: int, suit: int) -> float:
        if suit in self.voids[q]:
            return 1.0
        mask = TAROKKS if suit == TAROKK_SUIT else SUIT_MASKS[suit]
        return 1.0 - self.p_holds_any(q, mask)

    def opponent_holds(self, card: int) -> float:
        """The chance an opponent of this seat holds ``card`` now."""
        return sum(self.where[q][card] * (1.0 - self.ally[q]) for q in self.others)

    def p_beats(self, q: int, led: int, best: int) -> float:
        """The chance ``q`` can beat ``best`` in a trick led with ``led`` (HU-PLAY-2, -4)."""
        led_suit = SUIT_OF[led]
        if led_suit == TAROKK_SUIT:
            return self.p_holds_any(q, _above(best))
        void = self.p_void(q, led_suit)
        if is_tarokk(best):
            return void * self.p_holds_any(q, _above(best))
        return (1.0 - void) * self.p_holds_any(q, _higher_in_suit(best)) \
            + void * self.p_holds_any(q, TAROKKS)


def read_observation(obs: dict[str, Any]) -> Knowledge:
    """Rebuild the seat's knowledge from its observation alone."""
    seat = obs["seat"]
    active = list(obs["active"])
    hand = _mask(obs.get("hand", []))
    declarer = obs.get("declarer")
    team = TEAM_OF_WORD.get(obs.get("my_team", ""))
    if team is None and declarer == seat:
        team = "d"
    k = Knowledge(seat, active, hand, declarer, obs.get("level", 0), team, {})
    k.announced = {"d": set(), "o": set()}
    for entry in obs.get("kontra_levels", []):
        owner = TEAM_OF_WORD[entry["owner"]]
        k.kontra[(owner, entry["item"])] = entry["level"]
        if entry["item"] != "game":
            k.announced[owner].add(entry["item"])
    k.counted = {e["seat"] for e in obs.get("announcements", []) if e["type"] == "count"}
    _read_tricks(k, obs)
    k.ally = _allies(k, obs)
    _locate_cards(k, obs)
    return k


def _read_tricks(k: Knowledge, obs: dict[str, Any]) -> None:
    """Cards played, voids shown (HU-PLAY-2) and card points won per seat (HU-STRAT-27)."""
    k.voids = {q: set() for q in k.active}
    k.trick_points = dict.fromkeys(k.active, 0)
    done = obs.get("tricks", [])
    k.tricks_done = len(done)
    for t in [*done, {"cards": obs.get("trick", [])}]:
        cards = [(e["seat"], DECK.index(e["card"])) for e in t["cards"]]
        if not cards:
            continue
        led = SUIT_OF[cards[0][1]]
        for q, c in cards:
            k.played |= bit(c)
            suit = SUIT_OF[c]
            if suit != led:
                k.voids[q].add(led)
                if suit != TAROKK_SUIT:
                    k.voids[q].add(TAROKK_SUIT)
        if "winner" in t:
            k.trick_points[t["winner"]] += sum(POINTS[c] for _, c in cards)
    k.trick = [(e["seat"], DECK.index(e["card"])) for e in obs.get("trick", [])]


def _allies(k: Knowledge, obs: dict[str, Any]) -> dict[int, float]:
    """Chance that each other seat is on this seat's side (HU-ANN-12, HU-PLAY-7, HU-STRAT-7).

    Known sides are certain; otherwise the public sides narrow the candidates for the declarer's
    partner: whoever showed a void in tarokks cannot hold the called card.
    """
    others = k.others
    if k.declarer is None or k.team is None:
        return dict.fromkeys(others, 0.0)
    if "partner" in obs:
        other_team = other_team_seats(obs)
        return {q: 0.0 if q in other_team else 1.0 for q in others}
    sides = obs.get("public_side", {})
    candidates = [q for q in k.active if q != k.declarer and q != k.seat
                  and sides.get(str(q)) != "o" and TAROKK_SUIT not in k.voids[q]]
    shown = [q for q in candidates if sides.get(str(q)) == "d"]
    if shown:
        candidates = shown
    if k.team == "d":  # the declarer, whose called card is out: one of the candidates helps him
        share = 1.0 / len(candidates) if candidates else 0.0
        return {q: share if q in candidates else 0.0 for q in others}
    share = 1.0 / len(candidates) if candidates else 0.0
    return {q: 0.0 if q == k.declarer else 1.0 - (share if q in candidates else 0.0)
            for q in others}


def other_team_seats(obs: dict[str, Any]) -> set[int]:
    """The seats that the seat of ``obs`` knows to be on the other team: all but its partner
    where it knows the partner (the partner himself does), else those the public sides show
    (the declarer's is always shown)."""
    me, mine = obs["seat"], TEAM_OF_WORD.get(obs.get("my_team", ""))
    if mine is None:
        return set()
    if "partner" in obs:
        declarers = {obs.get("declarer"), obs["partner"]}
        return {q for q in obs["active"] if q != me and (q in declarers) != (mine == "d")}
    sides = obs.get("public_side", {})
    return {q for q in obs["active"] if q != me and sides.get(str(q)) in ("d", "o")
            and sides[str(q)] != mine}


def _facts(obs: dict[str, Any]) -> dict[int, int]:
    """Cards the auction pins to a seat (HU-BID-17): the cue bidder's card, the yielder's XX."""
    pinned = {}
    for q, facts in obs.get("auction_facts", {}).items():
        for fact in facts:
            if fact.startswith("holds T"):
                pinned[DECK.index(fact.split()[1])] = int(q)
    return pinned


def _locate_cards(k: Knowledge, obs: dict[str, Any]) -> None:
    """Where each unseen card probably lies: spread over the hands that may hold it and the
    discards, in proportion to their sizes. Kings and honours are never discarded (HU-TALON-5);
    a shown void excludes a hand; auction facts and a known partner pin cards."""
    own_discards = _mask(obs.get("discards", []))
    shown = _mask(obs.get("declarer_discarded_tarokks", []))
    k.unseen = DECK.full_mask & ~(k.hand | k.played | own_discards | shown)
    left = dict.fromkeys(k.others, 9)
    for q, _ in _played_by(obs):
        if q in left:
            left[q] -= 1
    pile_tarokks, pile_other = _unseen_discards(k, obs, own_discards, shown)
    pinned = _facts(obs)
    called = obs.get("called")
    if called is not None and obs.get("partner") not in (None, k.seat):
        pinned[DECK.index(called)] = obs["partner"]
    k.where = where = {q: [0.0] * 42 for q in k.others}
    shares: dict[tuple[int, bool], list[tuple[list[float], float]]] = {}
    for c in iter_bits(k.unseen):
        holder = pinned.get(c)
        if holder in left:
            where[holder][c] = 1.0
            continue
        suit = SUIT_OF[c]
        discardable = not bit(c) & (HONOURS | KINGS)
        row = shares.get((suit, discardable))
        if row is None:  # the same for every card of the suit (and kind): computed once
            weights = {q: float(n) for q, n in left.items()
                       if n > 0 and suit not in k.voids[q]}
            if discardable:
                pile_weight = pile_tarokks if suit == TAROKK_SUIT else pile_other
            else:
                pile_weight = 0.0
            total = sum(weights.values()) + pile_weight
            row = shares[(suit, discardable)] = [(where[q], w / total)
                                                 for q, w in weights.items()]
        for cells, share in row:
            cells[c] = share


def _unseen_discards(k: Knowledge, obs: dict[str, Any], own: int,
                     shown: int) -> tuple[float, float]:
    """How many discards this seat has not seen: (tarokks, other cards), from the disclosures
    (HU-TALON-7). Before the discards are complete, none are counted."""
    if "declarer_discarded_tarokks" not in obs:
        return 0.0, 0.0
    mine = (own & TAROKKS).bit_count()
    if k.seat == k.declarer:
        told = sum(obs.get("discarded_tarokks", {}).values()) + obs.get("common_pile_tarokks", 0)
        pile = 6 - own.bit_count()
    else:
        told = sum(n for q, n in obs.get("discarded_tarokks", {}).items() if int(q) != k.seat)
        told += max(obs.get("common_pile_tarokks", mine) - mine, 0)
        pile = 6 - own.bit_count() - shown.bit_count()
    return float(told), float(max(pile - told, 0))


def _played_by(obs: dict[str, Any]) -> list[tuple[int, int]]:
    out = []
    for t in [*obs.get("tricks", []), {"cards": obs.get("trick", [])}]:
        out += [(e["seat"], DECK.index(e["card"])) for e in t["cards"]]
    return out


# -- hand evaluation and the auction -----------------------------------------------------------


def hand_strength(hand: int) -> float:
    """HU-STRAT-1: count and height of the tarokks, few suits, king-headed suits."""
    strength = float(_n_tarokks(hand))
    for card, extra in ((T22, 2.0), (T21, 1.5), (T20, 0.8), (T19, 0.5), (T18, 0.5)):
        if hand & bit(card):
            strength += extra
    strength += 0.25 * (hand & (bit(14) | bit(15) | bit(16))).bit_count()  # XV..XVII
    for suit in SUIT_MASKS:
        cards = hand & suit
        if not cards:
            strength += 0.7
        elif cards & KINGS:
            strength += 0.5 if cards.bit_count() >= 2 else 0.1
    return strength


def max_level(strength: float) -> int:
    """The highest bid level this hand is worth (HU-STRAT-1, HU-STRAT-3)."""
    return next((level for level, need in STRENGTH_FOR_LEVEL if strength >= need), 1)


def choose_bid(k: Knowledge, obs: dict[str, Any], moves: list[Move]) -> Action:
    """Bid, hold, cue-bid, yield or pass (HU-BID-3, 9, 13; HU-STRAT-3, 4, 5, 6).

    No honour: pass, the próbahárom included (its failure is paid to everyone). With an honour:
    bid with the skíz or the XXI, with the pagát alone unless the hand is well below average,
    fourth after three passes only with an about average hand; XX and the pagát
    without a great honour wait to be called; over a left-hand három bid kettő; cue-bid with the
    promised card, a great honour and six tarokks; yield whenever the rules allow it.
    """
    by_call = {m["bid"]: a for m, a in moves}
    passing = by_call.get("passz")
    if passing is not None and len(by_call) == 1:
        return passing
    hand, strength = k.hand, hand_strength(k.hand)
    calls = [(e["seat"], e["bid"]) for e in obs.get("auction", [])]
    if passing is not None and _in_yield_position(k.seat, calls):
        return passing  # HU-STRAT-6: a yield needs little strength
    if not hand & HONOURS:
        return passing if passing is not None else moves[0][1]
    if passing is not None and not _worth_bidding(k, hand, strength, calls):
        return passing
    cap = max_level(strength)
    bids = {LEVELS[name]: a for name, a in by_call.items() if name in LEVELS}
    level = max((LEVELS[b] for _, b in calls if b in LEVELS), default=0)
    minimum = level if "tartom" in by_call else min(bids, default=5)
    cue = _cue_bid(hand, bids, minimum, cap)
    if cue is not None:
        return cue
    if "tartom" in by_call and level <= cap:
        return by_call["tartom"]
    if minimum in bids and (minimum <= cap or over_left_harom(k.seat, k.active, calls, minimum)):
        return bids[minimum]
    if passing is not None:
        return passing
    return by_call.get("tartom", bids.get(minimum, moves[0][1]))


def _worth_bidding(k: Knowledge, hand: int, strength: float,
                   calls: list[tuple[int, str]]) -> bool:
    """HU-STRAT-3 and HU-STRAT-4 for a hand with an honour."""
    floor = bid_floor(hand, fourth_after_three_passes(calls),
                      any(q == k.seat and b != "passz" for q, b in calls))
    return floor is None or strength >= floor


def bid_floor(hand: int, fourth: bool, has_bid: bool) -> float | None:
    """HU-STRAT-3 and HU-STRAT-4: the strength a hand with an honour needs to be worth a bid
    (None: always worth one), ``fourth`` after three passes, ``has_bid`` already in this
    auction. Also the search player's model of a pass (:mod:`.inference`)."""
    if fourth:
        return FOURTH_HAND_MIN
    if hand & GREAT_HONOURS:
        return None
    if hand & bit(T20) and not has_bid:
        return WAIT_TO_BE_CALLED_MAX  # HU-STRAT-4: wait to be called by a great honour
    return PAGAT_ONLY_MIN


def fourth_after_three_passes(calls: Sequence[tuple[int, str]]) -> bool:
    """Whether the seat to call now is the fourth after three passes (HU-STRAT-3)."""
    return len(calls) == 3 and all(b == "passz" for _, b in calls)


def _in_yield_position(seat: int, calls: list[tuple[int, str]]) -> bool:
    """HU-BID-13: I bid három, the next bid was kettő, the two others passed, nobody held."""
    bids = [(q, b) for q, b in calls if b not in ("passz", "tartom")]
    return (len(bids) == 2 and bids[0] == (seat, "harom") and bids[1][1] == "ketto"
            and not any(b == "tartom" for _, b in calls)
            and sum(b == "passz" for _, b in calls) == 2)


def over_left_harom(seat: int, active: Sequence[int], calls: Sequence[tuple[int, str]],
                    minimum: int) -> bool:
    """HU-STRAT-5: the left-hand neighbour opened három; kettő with any honour."""
    left = active[(active.index(seat) - 1) % len(active)]
    bids = [(q, b) for q, b in calls if b != "passz"]
    return minimum == 2 and bids == [(left, "harom")]


def _cue_bid(hand: int, bids: dict[int, Action], minimum: int, cap: int) -> Action | None:
    """HU-STRAT-6: a jump showing XIX (one level) or XVIII (two), with a great honour and six
    tarokks, or eight with the pagát as the only honour; never beyond one level over the hand."""
    n = _n_tarokks(hand)
    if not (hand & GREAT_HONOURS and n >= 6) and not (hand & bit(T1) and n >= 8):
        return None
    for jump, card in ((1, T19), (2, T18)):
        level = minimum + jump
        if hand & bit(card) and level in bids and level <= min(cap + 1, 3):
            return bids[level]
    return None


def choose_raise(k: Knowledge, moves: list[Move]) -> Action:
    """HU-BID-15: raise an uncontested három to what the hand is worth (at most egy)."""
    target = min(max_level(hand_strength(k.hand)), 3)
    by_level = {LEVELS[m["bid"]]: a for m, a in moves}
    return by_level.get(target, by_level.get(1, moves[0][1]))


# -- talon, annulment ----------------------------------------------------------------------------


def _expects_call(k: Knowledge, obs: dict[str, Any]) -> bool:
    """A non-declarer who will probably be the partner: he holds the card the declarer must or
    normally will call (a cue bid's card, else XX) (HU-CALL-3, HU-STRAT-8)."""
    forced = [c for c, q in _facts(obs).items() if q != k.declarer and c != T20]
    card = forced[0] if forced else T20
    return k.seat != k.declarer and bool(k.hand & bit(card))


def choose_discard(k: Knowledge, obs: dict[str, Any], moves: list[Move]) -> Action:
    """The discard with the best :func:`discard_values` (the first of equals)."""
    values = discard_values(k, obs, moves)
    return moves[max(range(len(moves)), key=values.__getitem__)][1]


def discard_values(k: Knowledge, obs: dict[str, Any], moves: list[Move]) -> list[float]:
    """Each discard's worth (higher is better), shared with the search player, which plays the
    best few out. HU-STRAT-8, 9, 10, 2: everyone but the partner banks queens and cavaliers
    (the declarer's pile is his, the others' is the opponents'); the expected partner discards
    A/10 cards; all build voids, except a skíz holder hunting the XXI, who keeps many suits to
    avoid the lead. Tarokks go only when nothing else can, the lowest first, and XX never by
    its holder."""
    partner = _expects_call(k, obs)
    hunter = bool(k.hand & bit(T22)) and not k.hand & bit(T21)
    void_bonus = 0.5 if hunter else 3.0

    def score(cards: list[str]) -> float:
        mask = _mask(cards)
        kept = k.hand & ~mask
        value = 0.0
        for c in iter_bits(mask):
            if is_tarokk(c):
                value -= 6.0 + 0.3 * _rank(c) + (10.0 if c == T20 else 0.0)
            else:
                value += POINTS[c] * (-0.6 if partner else 1.0)
        for suit in SUIT_MASKS:
            left = kept & suit
            if k.hand & suit and not left:
                value += void_bonus
            elif left and left & KINGS == left and (k.hand & suit) != left:
                value -= 1.5  # HU-STRAT-1: a singleton king hurts
        return value

    return [score(m["cards"]) for m, _ in moves]


def choose_annul(k: Knowledge, moves: list[Move]) -> Action:
    """HU-ANNUL-1: throw in the tarokk-poor hands the rule exists for; four kings with three or
    more tarokks are worth playing."""
    keep = k.hand & KINGS == KINGS and _n_tarokks(k.hand) >= 3
    return next(a for m, a in moves if m["annul"] is not keep)


def choose_claim(k: Knowledge, moves: list[Move]) -> Action:
    """HU-STRAT-28: claim the count only if the team won more card points than the others."""
    mine = k.trick_points[k.seat] + sum(p for q, p in k.trick_points.items()
                                        if q != k.seat and k.ally.get(q, 0.0) >= 0.5)
    claim = next((a for m, a in moves if m["type"] == "claim_count"), None)
    passing = next((a for m, a in moves if m["type"] == "pass"), moves[0][1])
    return claim if claim is not None and 2 * mine > sum(k.trick_points.values()) else passing


# -- announcements ------------------------------------------------------------------------------


def choose_call(k: Knowledge, moves: list[Move]) -> Action:
    """HU-CALL-3, HU-STRAT-7: XX when callable and not held, else the highest callable tarokk
    the declarer does not own; a self-call (playing alone) only when nothing else is legal."""
    calls = [(DECK.index(m["card"]), a) for m, a in moves if m["type"] == "call"]
    outside = [(c, a) for c, a in calls if not k.hand & bit(c)]
    return max(outside or calls, key=lambda ca: (ca[0] == T20, ca[0]))[1]


def bonus_chance(k: Knowledge, bonus: str) -> float:
    """The chance this seat's team achieves ``bonus``, judged from the hand (HU-STRAT-11..14)."""
    hand, n = k.hand, _n_tarokks(k.hand)
    high = (hand & XVIII_UP).bit_count()
    both_great = hand & GREAT_HONOURS == GREAT_HONOURS
    if bonus == "trull":  # HU-STRAT-11: both great honours; the pagát is often catchable
        if both_great:
            return 0.9 if hand & bit(T1) else (0.75 if n >= 5 else 0.5)
        return 0.3
    if bonus == "four_kings":  # HU-STRAT-12
        return (0.8 if n >= 5 else 0.6) if hand & KINGS == KINGS else 0.2
    if bonus == "ultimo":  # HU-STRAT-13: 7+ tarokks, several high, a strong partner
        if not hand & bit(T1):
            return 0.2
        chance = 0.75 if n >= 8 else (0.65 if n == 7 and high >= 3 else 0.3)
        return chance - (0.1 if k.team == "o" else 0.0)
    if bonus == "double":  # HU-STRAT-14: at most one cheap trick lost
        return 0.75 if n >= 9 and both_great else 0.2
    return _illusztralt_chance(hand, n, high, bonus)


def _illusztralt_chance(hand: int, n: int, high: int, bonus: str) -> float:
    """The Illusztrált bonuses from one hand (HI-STRAT-1, HI-STRAT-4): the sweep bonuses with
    the top tarokks and length, the sas like the pagát, an uhu only with nearly all tarokks, a
    király ultimó with the king guarded by a second card of its suit."""
    if bonus in SWEEP_CARDS:
        need = sum(bit(c) for c in SWEEP_CARDS[bonus])
        return 0.75 if hand & need == need and n >= 7 else 0.1
    if bonus == "sas_ultimo":
        if not hand & bit(T2):
            return 0.2
        return 0.75 if n >= 8 else (0.65 if n == 7 and high >= 3 else 0.3)
    if bonus in ("pagat_uhu", "sas_uhu"):
        card = T1 if bonus == "pagat_uhu" else T2
        return 0.75 if hand & bit(card) and n >= 9 else 0.1
    if bonus.startswith("kiraly_ultimo:"):
        suit = SUIT_MASKS["HDCS".index(bonus[-1])]
        guarded = hand & suit & KINGS and (hand & suit).bit_count() >= 2
        return 0.7 if guarded and n >= 6 else 0.1
    return 0.1  # volát, XXI-catch, pagát-catch, király uhu: never likely enough from one hand


def failure_chance(k: Knowledge, item: str) -> float:
    """The chance an item of the other team fails, judged from this hand (HU-STRAT-12, 15, 16)."""
    hand, n = k.hand, _n_tarokks(k.hand)
    high = bool(hand & XVIII_UP)
    if item == "game":
        return game_chance(k)
    if item == "trull":
        return 1.0 if hand & bit(T22) else 0.8 if hand & bit(T21) else (
            0.6 if hand & bit(T1) and n >= 6 else 0.3)
    if item == "four_kings":
        return (0.75 if n >= 5 and high else 0.5) if hand & KINGS else 0.3
    if item == "ultimo":
        return 1.0 if hand & bit(T1) else (0.7 if n >= 6 and high else 0.35)
    if item == "xxi_catch":
        return 1.0 if hand & bit(T22) else 0.3
    if item == "double":
        return 0.8 if hand & bit(T22) or n >= 5 else 0.5
    if item == "volat":
        return 1.0 if hand & bit(T22) else (0.85 if n >= 3 else 0.6)
    return 0.4  # pagát-catch


def game_chance(k: Knowledge) -> float:
    """The chance this seat's team wins the basic game, from the hand strength."""
    base = 0.55 if k.team == "d" else 0.45
    return min(0.95, max(0.05, base + 0.05 * (hand_strength(k.hand) - AVERAGE_STRENGTH)))


def choose_announcement(k: Knowledge, moves: list[Move]) -> Action:
    """One action of an announcement turn: the count first (it pays 3n, a claim only n per
    teammate: HU-ANN-8), then the call, then bonuses and kontras that clear HU-STRAT-15, then
    pass; an obligation the turn cannot end without is met plainly (HU-ANN-14, HU-CALL-6)."""
    by_type: dict[str, list[Move]] = {}
    for m, a in moves:
        by_type.setdefault(m["type"], []).append((m, a))
    if "count" in by_type:
        return by_type["count"][0][1]
    if "call" in by_type:
        return choose_call(k, by_type["call"])
    for kind in ("announce", "kontra"):
        for m, a in by_type.get(kind, []):
            if would_announce(k, m):
                return a
    if "pass" in by_type:
        return by_type["pass"][0][1]
    for m, a in moves:  # obligations: the discarder's kontra on the game, the pagát ultimo
        if (m["type"] == "kontra" and m["item"] == "game") or m.get("bonus") == "ultimo":
            return a
    return moves[0][1]


def would_announce(k: Knowledge, move: dict[str, Any]) -> bool:
    """Whether this seat announces the bonus or gives the kontra of ``move`` when its turn
    offers it (HU-STRAT-15); the search player's inference reads the other team's kontras with
    the same rule."""
    if move["type"] == "announce":
        return bonus_chance(k, move["bonus"]) > ANNOUNCE_THRESHOLD.get(move["bonus"], 1.0)
    return _worth_raising(k, move)


def _worth_raising(k: Knowledge, move: dict[str, Any]) -> bool:
    """HU-STRAT-15: kontra items likely to fail; raise further only on near certainty."""
    owner, item = TEAM_OF_WORD[move["owner"]], move["item"]
    level = k.kontra.get((owner, item), 0) + 1
    if owner == k.team:
        chance = game_chance(k) if item == "game" else bonus_chance(k, item)
        return chance >= (REKONTRA_MIN_SUCCESS if level == 2 else RAISE_AGAIN_MIN)
    fail = failure_chance(k, item)
    return fail >= (KONTRA_MIN_FAIL if level == 1 else RAISE_AGAIN_MIN)


# -- card play -----------------------------------------------------------------------------------


def choose_card(k: Knowledge, moves: list[Move]) -> Action:
    """HU-STRAT-17..27: the card with the best expected card points of this trick, less what
    the card is worth kept, with the XXI, skíz and pagát plans and the lead plan on top."""
    cards = [(DECK.index(m["card"]), a) for m, a in moves]
    if len(cards) == 1:
        return cards[0][1]
    return max(cards, key=lambda ca: card_score(k, ca[0]))[1]


def card_score(k: Knowledge, card: int) -> float:
    """The value of playing ``card`` now, in card points (higher is better)."""
    score = trick_value(k, card) - keep_value(k, card) + honour_swing(k, card)
    if not k.trick:
        score += lead_bonus(k, card)
    return score


def trick_value(k: Knowledge, card: int) -> float:
    """Expected card points of the trick for my side minus the other side's, if I play ``card``
    now: the chance my side ends up winning it, given who follows and what they may hold
    (HU-STRAT-27), with partners smearing points onto a trick my side wins and opponents onto
    theirs (HU-STRAT-24, HU-STRAT-26)."""
    cards = [c for _, c in k.trick] + [card]
    seats = [q for q, _ in k.trick] + [k.seat]
    best_at = trick_winner_index(cards)
    winner, best = seats[best_at], cards[best_at]
    p_win = 1.0 if winner == k.seat else k.ally[winner]
    later = _later_seats(k)
    tarokk_led = is_tarokk(cards[0])
    win_extra = lose_extra = 0.0
    for q in later:
        a = k.ally[q]
        beat = k.p_beats(q, cards[0], best)
        p_win = p_win * (1.0 - (1.0 - a) * beat) + (1.0 - p_win) * a * beat
        if tarokk_led:
            win_extra += 1.0
            lose_extra += 1.0
        else:
            win_extra += 1.5 + 1.5 * a
            lose_extra += 1.5 + 1.5 * (1.0 - a)
    points = sum(POINTS[c] for c in cards)
    return p_win * (points + win_extra) - (1.0 - p_win) * (points + lose_extra)


def _later_seats(k: Knowledge) -> list[int]:
    i = k.active.index(k.seat)
    return [k.active[(i + j) % 4] for j in range(1, 4 - len(k.trick))]


def keep_value(k: Knowledge, card: int) -> float:
    """What ``card`` is worth kept for later, in card points.

    Tarokks by height; the short hand spends them sooner ("kurta üt", HU-STRAT-23). The skíz is
    kept for the XXI (HU-STRAT-19), the XXI is better played while safe than kept (HU-STRAT-18),
    the pagát is kept when it will probably win the last trick and let go otherwise (HU-STRAT-25,
    HU-SCORE-9). Against an announced ultimo the highest tarokk is kept for the end.
    """
    if not is_tarokk(card):
        return 0.0
    conv = k.conv
    if card == T22:
        return 3.0 + k.opponent_holds(T21) * FUTURE_CATCH_CHANCE * XXI_CATCH * conv
    if card == T21:
        return 3.0 - k.opponent_holds(T22) * FUTURE_XXI_DANGER * XXI_CATCH * conv
    if card == T1:  # the sooner in the deal, the more chances to save it later
        p = _pagat_wins_last_trick(k)
        urgency = (k.tricks_done + 1) / 9
        return (ULTIMO * conv + POINTS[T1]) * (2.0 * p - 1.0) * urgency
    n = _n_tarokks(k.hand)
    value = 0.2 * _rank(card) * min(1.4, max(0.6, n / 5.0))
    top = max(iter_bits(k.hand & TAROKKS))
    if "ultimo" in k.announced[k.other_team] and card == top and k.tricks_done < 8:
        value += 2 * ULTIMO * conv * 0.5
    return value


def _pagat_wins_last_trick(k: Knowledge) -> float:
    """A rough chance that my pagát survives to win trick 9: it needs more tarokks besides
    it than the longest opponent holds, so that the other tarokks are drawn first
    (HU-STRAT-22, HU-STRAT-25)."""
    mine = _n_tarokks(k.hand) - 1
    longest = max((sum(k.where[q][c] for c in iter_bits(k.unseen & TAROKKS))
                   * (1.0 - k.ally[q]) for q in k.others), default=0.0)
    return _sigmoid(1.5 * (mine - longest - 0.5))


def honour_swing(k: Knowledge, card: int) -> float:
    """The XXI-catch at stake in this trick, in card points (HU-STRAT-18, 19).

    Playing the XXI where an opposing skíz may still fall on it costs the catch times its
    chance; playing the skíz on an opposing XXI in the trick wins it.
    """
    value = XXI_CATCH * k.conv * (2 if "xxi_catch" in k.announced[k.other_team] else 1)
    if card == T21:
        return -value * _xxi_danger(k)
    if card == T22:
        return value * sum(1.0 - k.ally[q] for q, c in k.trick if c == T21)
    return 0.0


def _xxi_danger(k: Knowledge) -> float:
    """The chance my XXI played now meets an opposing skíz in this trick."""
    for q, c in k.trick:
        if c == T22:
            return 1.0 - k.ally[q]
    led = k.trick[0][1] if k.trick else T21
    danger = 0.0
    for q in _later_seats(k):
        able = 1.0 if is_tarokk(led) else k.p_void(q, SUIT_OF[led])
        danger += (1.0 - k.ally[q]) * k.where[q][T22] * able
    return min(danger, 1.0)


def lead_bonus(k: Knowledge, card: int) -> float:
    """Lead plans in card points (HU-STRAT-19..23, 25).

    Lead tarokks to draw them for an announced ultimo, with a long hand on the declarer's side,
    after the partner's tarokk count, or to hunt the pagát with both great honours. Do not lead
    tarokks while holding one great honour with the other against it: the skíz waits for the
    XXI and leads a suit, preferably kingless; the XXI waits until the skíz is gone.
    """
    hand = k.hand
    skiz_hunting = hand & bit(T22) and k.opponent_holds(T21) > 0.2
    xxi_hunted = hand & bit(T21) and k.opponent_holds(T22) > 0.2
    if not is_tarokk(card):
        suit = SUIT_MASKS[SUIT_OF[card]]
        return 1.0 if skiz_hunting and not hand & suit & KINGS else 0.0
    bonus = 0.0
    partner_counted = any(k.ally[q] >= 0.5 for q in k.counted if q != k.seat)
    if "ultimo" in k.announced.get(k.team or "", set()):
        bonus += 3.0
    if (k.team == "d" and _n_tarokks(hand) >= 6) or partner_counted:
        bonus += 2.0
    if hand & GREAT_HONOURS == GREAT_HONOURS and not hand & bit(T1) and k.unseen & bit(T1):
        bonus += 2.0
    if skiz_hunting or xxi_hunted:
        bonus -= 4.0
    return bonus


# -- the player ----------------------------------------------------------------------------------


class HungarianHeuristic:
    """A Hungarian tarokk club player (HU-STRAT-1..28); see the module notes."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed  # it draws no random numbers: every seed plays the same way

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        moves = [(game.action_to_json(a), a) for a in legal]
        k = read_observation(observation)
        phase = observation.get("phase")
        if phase == "auction":
            return choose_bid(k, observation, moves)
        if phase == "raise":
            return choose_raise(k, moves)
        if phase == "discard":
            return choose_discard(k, observation, moves)
        if phase == "annul":
            return choose_annul(k, moves)
        if phase == "announce":
            return choose_announcement(k, moves)
        if phase == "play":
            return choose_card(k, moves)
        return choose_claim(k, moves)
