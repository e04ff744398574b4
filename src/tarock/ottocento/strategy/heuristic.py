"""A heuristic Ottocento player built on the strategy notes OT-STRAT-1..43.

It decides from ``observation(seat)`` and the legal actions only, rebuilding what it needs (voids
shown, declared cards still in hands, the piles won so far, the Matto) with
:func:`~tarock.ottocento.strategy.sampler.read_facts` at every decision. It keeps no memory and
draws no random numbers, so it is deterministic and a fresh instance decides as one that watched
the whole deal.

Decisions:

* the dealer's early claim: claim whenever the best declaration wins the rubber (OT-STRAT-11);
* the discard (and the two-player set-aside, one card at a time: the card a discard of two would
  give up first): never a 5-point card (the rule), a trump only when nothing else can go, make a
  void or bare a King (OT-STRAT-5, -6), otherwise bank combination cards (Knights, Jacks, Aces,
  Queens: OT-STRAT-7), keep the combinations the hand can declare;
* declarations: everything that scores, at full size (the best declaration of
  :func:`~tarock.ottocento.combinations.best_declaration`, which respects the per-player
  doubling and ``declaration_card_reuse``); declared points are credited at once and the cards
  score again in the pile, so hiding costs points;
* card play: capture weights of OT-STRAT-4 raised for cards that complete or extend a set or
  sequence of its team's pile (and for those that would complete the opponents'); win a trick
  worth it with the cheapest card that is safe against the players still to come; smear
  valuable cards (the Bagatto included) on a partner's safe trick (OT-STRAT-33, -34); otherwise
  the cheapest card; the ``MATTO`` instead of a valuable card on a lost trick, never led
  (OT-STRAT-40, -41, -42); leads: the fourth suit after partner's three-card set
  (OT-STRAT-10), trump attacks with long or top trumps and the matching truthful signals
  (OT-STRAT-22, -23, -26, -30), cashing sure winners, low cards of suits where partner is void,
  never a King suit early (OT-STRAT-16);
* the Matto exchange: the card whose loss costs its team least and helps the opponents least
  (OT-STRAT-43).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import reduce
from itertools import combinations as pairs
from operator import or_
from typing import Any

from tarock.core.cards import iter_bits
from tarock.core.protocol import Action, Game
from tarock.ottocento import actions as A
from tarock.ottocento.cards import (
    ACES,
    ANGELO,
    BAG,
    BAG_BIT,
    KINGS,
    LED_MASK,
    MATTO,
    POWER,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TRUMP_NUMBER,
    TRUMPS,
    VALUE,
    parse_cards,
)
from tarock.ottocento.combinations import (
    KINDS,
    SEQUENCE_CARDS,
    SET_MEMBERS,
    best_declaration,
    best_declaration_points,
    holding_combinations,
    kind_cards,
    score_combinations,
)
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.strategy.sampler import Facts, read_facts
from tarock.ottocento.strategy.solver import WEIGHT, give_key, trick_winner_pos

SUIT_LIST = tuple(SUIT_MASKS[s] for s in SUITS)
_KIND_CARDS = [m for m in SET_MEMBERS.values()] + [SEQUENCE_CARDS[k] for k in SEQUENCE_CARDS]


def combo_bonus(card: int, pile: int) -> float:
    """Extra capture value of ``card`` for a pile: cards of a set or sequence kind the pile
    already has two or more of are worth more (OT-STRAT-1, -3)."""
    bonus = 0.0
    b = 1 << card
    for kind in _KIND_CARDS:
        if kind & b:
            have = (pile & kind).bit_count()
            if have >= 2:
                bonus += 2.0 + (have - 2)
    return bonus


class OttocentoHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def act(self, game: Game, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        opts: OttocentoOptions = game.opt  # type: ignore[attr-defined]
        kinds = {a.kind for a in legal}  # type: ignore[attr-defined]
        if A.PLAY in kinds:
            return choose_card(opts, observation, legal)
        if A.DISCARD in kinds:
            return choose_discard(opts, observation, legal)
        if A.SET_ASIDE in kinds:
            return choose_set_aside(opts, observation, legal)
        if A.EXCHANGE in kinds:
            return choose_exchange(opts, observation, legal)
        if kinds & {A.CLAIM, A.DECLINE, A.DONE, A.DECLARE}:
            return choose_declaration(opts, observation, legal)
        return legal[0]


# -- declarations and the early claim ---------------------------------------------------------


def choose_declaration(opts: OttocentoOptions, observation: dict[str, Any],
                       legal: Sequence[Action]) -> Action:
    """Declare the best declaration, one combination per action; claim a won rubber."""
    if A.CLAIM_ACTION in legal:
        return A.CLAIM_ACTION  # OT-STRAT-11
    hand = parse_cards(observation["hand"])
    seat = observation["seat"]
    if observation.get("phase") == "claim":
        shown = [(c["kind"], parse_cards(c["cards"])) for c in observation.get("claim_shown", [])]
    else:
        shown = [(d["kind"], parse_cards(d["cards"])) for d in observation.get("declarations", [])
                 if d["seat"] == seat]
    done = {k for k, _ in shown}
    legal_set = set(legal)
    for combo in best_declaration(hand, opts):
        if combo.kind in done:
            continue
        action = A.declare(combo.kind, combo.cards)
        if action in legal_set:
            return action
    if observation.get("phase") == "claim":
        # the best declaration is not reachable from what was shown: take any combination left
        for a in legal:
            if a.kind == A.DECLARE:  # type: ignore[attr-defined]
                return a
        return A.DECLINE_ACTION
    return A.DONE_ACTION


# -- discard and set-aside --------------------------------------------------------------------


def _keep_cost(card: int, hand: int) -> float:
    """What a card is worth kept in the hand for play (trumps win tricks, Kings are entries)."""
    if SUIT_OF[card] == TRUMP_NUMBER:
        return 4.0 + POWER[card] / 3
    return 0.0


# every card that some combination may show: the best declaration depends on these alone
COMBINATION_CARDS = reduce(or_, (kind_cards(k, OttocentoOptions.make({"set_wilds": True}))
                                 for k in KINDS))


def discard_score(opts: OttocentoOptions, hand: int, out: int, base_decl: int,
                  declared: dict[int, int] | None = None) -> float:
    """How good a discard (or set-aside) of ``out`` is; ``declared`` memoises the best
    declaration's points by the combination cards kept, for a caller that scores many."""
    rest = hand & ~out
    score = 0.0
    for suit in SUIT_LIST:
        before, after = hand & suit, rest & suit
        if before and not after:
            score += 14  # a new void (OT-STRAT-5)
        elif after and after & KINGS == after and before != after:
            score += 7  # a bare King (OT-STRAT-6)
    for c in iter_bits(out):
        if (SUIT_OF[c] < TRUMP_NUMBER and VALUE[c] > 1) or ACES >> c & 1:
            score += 0.6 * WEIGHT[c]  # banked for the team (OT-STRAT-7)
        score -= _keep_cost(c, hand)
    if declared is None:
        decl = best_declaration_points(rest, opts)
    else:
        key = rest & COMBINATION_CARDS
        decl = declared.get(key, -1)
        if decl < 0:
            decl = declared[key] = best_declaration_points(key, opts)
    return score - (decl - base_decl)  # cannot declare a discard


def _discard_rank(opts: OttocentoOptions, hand: int, out: int, base_decl: int,
                  declared: dict[int, int]) -> tuple[int, float]:
    """A discard's (or set-aside's) rank, higher is better: first the fewer trumps (a trump is
    kept whenever something else can go: it wins a trick in play, and in the duplicate arena
    keeping them gained measurably over weighing them against voids and banked points), then
    :func:`discard_score`."""
    return -(out & TRUMPS).bit_count(), discard_score(opts, hand, out, base_decl, declared)


def choose_discard(opts: OttocentoOptions, observation: dict[str, Any],
                   legal: Sequence[Action]) -> Action:
    return ranked_discards(opts, observation, legal)[0]


def ranked_discards(opts: OttocentoOptions, observation: dict[str, Any],
                    legal: Sequence[Action]) -> list[Action]:
    """The discards of ``legal``, best first by :func:`_discard_rank` (the fewest trumps, then
    :func:`discard_score`; ties: the lower cards)."""
    hand = parse_cards(observation["hand"])
    base = best_declaration_points(hand, opts)
    declared: dict[int, int] = {}
    return sorted(legal, reverse=True, key=lambda a: (  # type: ignore[attr-defined]
        _discard_rank(opts, hand, a.arg, base, declared), -a.arg))  # type: ignore[attr-defined]


def choose_set_aside(opts: OttocentoOptions, observation: dict[str, Any],
                     legal: Sequence[Action]) -> Action:
    """Two-player game: set aside one card at a time, the one a discard would pick first."""
    return ranked_set_asides(opts, observation, legal)[0]


def ranked_set_asides(opts: OttocentoOptions, observation: dict[str, Any],
                      legal: Sequence[Action]) -> list[Action]:
    """The cards of ``legal`` to set aside, best first: each by the best discard of two cards it
    is part of (by :func:`_discard_rank`, as :func:`ranked_discards` ranks them; ties: the pair
    of lower cards), of the two cards of a pair one that is not a trump first, then the one
    earlier in ``legal``."""
    hand = parse_cards(observation["hand"])
    base = best_declaration_points(hand, opts)
    cards = [a.arg for a in legal]  # type: ignore[attr-defined]
    best: list[tuple[int, float, int]] = [(-3, -math.inf, 0)] * len(cards)
    declared: dict[int, int] = {}
    for i, j in pairs(range(len(cards)), 2):
        a, b = cards[i], cards[j]
        key = (*_discard_rank(opts, hand, (1 << a) | (1 << b), base, declared), -a - b)
        best[i], best[j] = max(best[i], key), max(best[j], key)
    order = sorted(range(len(cards)), key=lambda i: (
        *(-x for x in best[i]), TRUMPS >> cards[i] & 1, i))
    return [A.SET_ASIDES[cards[i]] for i in order]


def choose_exchange(opts: OttocentoOptions, observation: dict[str, Any],
                    legal: Sequence[Action]) -> Action:
    piles = [parse_cards(p) for p in observation.get("piles", [[], []])]
    mine = observation["team"]

    def combos(mask: int) -> int:
        s, q = score_combinations(holding_combinations(mask, opts))
        return s + q

    def key(a: Action) -> tuple[int, tuple[int, int, int]]:
        c = 1 << a.arg  # type: ignore[attr-defined]
        loss = combos(piles[mine]) - combos(piles[mine] & ~c)
        gain = combos(piles[1 - mine] | c) - combos(piles[1 - mine])
        return (loss + gain, give_key(a.arg))  # type: ignore[attr-defined]

    return min(legal, key=key)


# -- card play ----------------------------------------------------------------------------------


class View:
    """The facts card play needs, derived once per decision."""

    def __init__(self, f: Facts):
        self.f = f
        self.me = f.seat
        self.n = f.n
        self.team = f.team(f.seat)
        self.partner = f.partner
        # cards some other seat may hold (unknown cards plus its known ones)
        self.unknown = f.unseen
        for s in range(f.n):
            if s != f.seat:
                self.unknown &= ~f.known[s]

    def could_hold(self, seat: int) -> int:
        return (self.unknown & ~self.f.void[seat]) | self.f.known[seat]

    def value(self, card: int, team: int) -> float:
        """Capture value of ``card`` for ``team``, with its combination context."""
        own = self.f.piles[team]
        if team == self.team:
            own |= self.f.hand  # my own cards tend to stay with my team
        return WEIGHT[card] + combo_bonus(card, own)

    def trick_value(self, cards: list[int]) -> float:
        return sum(max(self.value(c, self.team), self.value(c, 1 - self.team))
                   for c in cards if c != MATTO)

    def beaten_later(self, trick: list[int], seats_after: list[int]) -> bool:
        """Whether some opponent still to play could beat the trick's current winner."""
        if not any(c != MATTO for c in trick):
            return True
        pos = trick_winner_pos(trick)
        top = trick[pos]
        led = SUIT_OF[next(c for c in trick if c != MATTO)]
        for s in seats_after:
            if self.partner is not None and s == self.partner:
                continue
            hold = self.could_hold(s)
            if SUIT_OF[top] == TRUMP_NUMBER:
                higher = sum(1 << c for c in iter_bits(hold & TRUMPS) if POWER[c] > POWER[top])
                moors = hold & TRUMPS if POWER[top] == 1 else 0  # a later Moor beats a Moor
                follows = hold & LED_MASK[led] if led != TRUMP_NUMBER else 0
                if (higher | moors) and not (follows and self.f.known[s] & LED_MASK[led]):
                    return True
            else:
                if any(POWER[c] > POWER[top] for c in iter_bits(hold & LED_MASK[led])):
                    return True
                if not self.f.known[s] & LED_MASK[led] and hold & TRUMPS:
                    # he may be void in the suit and trump
                    if not hold & LED_MASK[led] or self.f.void[s] & LED_MASK[led]:
                        return True
                    if len(trick) + len(seats_after) > 2 and hold & TRUMPS:
                        suit_left = (self.unknown & LED_MASK[led]).bit_count()
                        if suit_left <= 2 * len(seats_after):
                            return True
        return False


def _signal(legal: Sequence[Action], card: int, wanted: str | None) -> Action:
    if wanted is not None:
        for a in legal:
            if a.arg == (card, wanted):  # type: ignore[attr-defined]
                return a
    return A.PLAYS[card]


def choose_card(opts: OttocentoOptions, observation: dict[str, Any],
                legal: Sequence[Action]) -> Action:
    f = read_facts(observation, opts.signal_truthful)
    v = View(f)
    cards = sorted({a.arg[0] for a in legal})  # type: ignore[attr-defined]
    if len(cards) == 1:
        return A.PLAYS[cards[0]]
    if not f.trick:
        return _lead(opts, v, cards, legal)
    return A.PLAYS[_follow(v, cards)]


def _follow(v: View, cards: list[int]) -> int:
    f = v.f
    trick = [c for _, c in f.trick]
    seats = [s for s, _ in f.trick]
    seats_after = [(v.me + k) % v.n for k in range(1, v.n - len(trick))]
    real = [c for c in cards if c != MATTO]
    has_matto = MATTO in cards
    tricks_left = f.tricks_left
    value = v.trick_value(trick)
    winning_now = any(c != MATTO for c in trick)
    mate_wins = (winning_now and v.partner is not None
                 and seats[trick_winner_pos(trick)] == v.partner)
    if mate_wins and not v.beaten_later(trick, seats_after):
        # smear: give partner the most valuable card that is not needed to win later
        pool = real or cards
        return max(pool, key=lambda c: (v.value(c, v.team) - _keep_value(v, c), -c))
    winners = []
    for c in real:
        trial = [*trick, c]
        if trick_winner_pos(trial) == len(trick):
            safe = not v.beaten_later(trial, seats_after)
            winners.append((c, safe))
    safe_winners = [c for c, safe in winners if safe]
    cheapest = min(real, key=lambda c: (v.value(c, v.team) + _keep_value(v, c), POWER[c])) \
        if real else None
    loss = v.value(cheapest, v.team) if cheapest is not None else 0.0
    if safe_winners:
        best = min(safe_winners, key=lambda c: (v.value(c, v.team) + _keep_value(v, c),
                                                POWER[c]))
        cost = _keep_value(v, best)
        if value + v.value(best, v.team) >= cost * 0.5 or value >= 2:
            return best
    if winners and mate_wins is False and value >= 8:
        # worth a try: the strongest winner
        c = max((c for c, _ in winners), key=lambda c: POWER[c])
        if c != BAG:
            return c
    if has_matto and (cheapest is None or loss >= 4 or tricks_left <= 2) and not mate_wins:
        return MATTO  # OT-STRAT-41: keep a valuable card from the opponents
    if cheapest is None:
        return MATTO
    if mate_wins:
        return cheapest
    return cheapest


def _keep_value(v: View, c: int) -> float:
    """How much a card is worth keeping for later tricks (trump strength, entries)."""
    if SUIT_OF[c] == TRUMP_NUMBER:
        if c == BAG:
            return 0.0  # the Bagatto is a liability in the hand (OT-STRAT-33)
        return 1.0 + POWER[c] / 4
    return 0.0


def _lead(opts: OttocentoOptions, v: View, cards: list[int], legal: Sequence[Action]) -> Action:
    f = v.f
    hand = f.hand
    real = [c for c in cards if c != MATTO]
    if not real:
        return A.PLAYS[MATTO]  # forced (OT-STRAT-42 is about avoiding this)
    trumps = [c for c in real if SUIT_OF[c] == TRUMP_NUMBER]
    live_trumps = (v.unknown | hand) & TRUMPS
    top_live = max(iter_bits(live_trumps), key=lambda c: POWER[c], default=None)
    partner_declared = f.declared[v.partner] if v.partner is not None else 0
    # 1. the fourth-suit convention (OT-STRAT-10)
    if v.partner is not None:
        for seat, kind, mask in f.declaration_seats:
            if seat == v.partner and kind in ("set_queens", "set_knights", "set_jacks") \
                    and mask.bit_count() == 3:
                members = SET_MEMBERS[kind] & ~mask
                suit = SUIT_OF[members.bit_length() - 1]
                mine = [c for c in real if SUIT_OF[c] == suit]
                if mine:
                    return A.PLAYS[min(mine, key=lambda c: (v.value(c, v.team), POWER[c]))]
    # 2. the Bagatto under partner's Angel (OT-STRAT-34)
    if BAG in real and partner_declared >> ANGELO & 1 and not f.played >> ANGELO & 1:
        return A.PLAYS[BAG]
    # 3. trump attack (OT-STRAT-22, -23): long trumps or the top trump
    opp_trumps = [s for s in range(v.n) if s % 2 != v.team and not f.void[s] & TRUMPS]
    if trumps and opp_trumps:
        if top_live is not None and top_live in trumps and (len(trumps) >= 4 or hand & BAG_BIT):
            signal = "busso"
            if (hand & ~(1 << top_live)) & TRUMPS == 0:
                signal = "volo"
            return _signal(legal, top_live, signal if opts.signals != "none" else None)
        if len(trumps) >= 7:
            low = min((c for c in trumps if c != BAG), key=lambda c: POWER[c],
                      default=trumps[0])
            return _signal(legal, low, "striscio")
    # 4. cash a sure winner in a plain suit (the highest card left in its suit)
    cash = []
    for c in real:
        s = SUIT_OF[c]
        if s == TRUMP_NUMBER:
            continue
        higher = any(POWER[o] > POWER[c] for o in iter_bits(v.unknown & LED_MASK[s]))
        opp_may_trump = any(s2 % 2 != v.team and (f.void[s2] & LED_MASK[s] or
                                                  (v.unknown & LED_MASK[s]).bit_count() < 3)
                            and not f.void[s2] & TRUMPS for s2 in range(v.n))
        if not higher and not opp_may_trump and (v.unknown & LED_MASK[s]):
            cash.append(c)
    if cash:
        return A.PLAYS[max(cash, key=lambda c: v.value(c, v.team))]
    # 5. a low card: suits partner is void in (he trumps), suits already led, no King suit
    led_before = 0
    for cards_t, _, _ in f.tricks:
        first = next((c for c in cards_t if c != MATTO), None)
        if first is not None:
            led_before |= 1 << SUIT_OF[first]

    def lead_key(c: int) -> tuple[float, ...]:
        s = SUIT_OF[c]
        suit = LED_MASK[s]
        if s == TRUMP_NUMBER:
            return (5.0, v.value(c, v.team) + POWER[c] / 4)
        king_suit = bool(hand & suit & KINGS) and (hand & suit).bit_count() != 1
        partner_void = v.partner is not None and bool(f.void[v.partner] & suit) \
            and not f.void[v.partner] & TRUMPS
        opp_void = any(s2 % 2 != v.team and f.void[s2] & suit and not f.void[s2] & TRUMPS
                       for s2 in range(v.n))
        score = v.value(c, v.team)
        if king_suit:
            score += 8 if f.tricks_left > 5 else 2
        if partner_void:
            score -= 6
        if opp_void:
            score += 6
        if not led_before >> s & 1:
            score += 1
        if (hand & suit).bit_count() == 1 and hand & suit & KINGS:
            score -= 3  # a bare King: lead it and trump the return (OT-STRAT-16)
        return (0.0, score, POWER[c])

    return A.PLAYS[min(real, key=lead_key)]

