"""A rule-based Bavarian tarock player, every variant (V1P, V1F, V1B, V2 with its customs, V3).

It reads only the observation, the legal actions and the rule options, and uses the strategy
knowledge of §11 of ``bavarian-tarock.md``:

* **Hand value.** :func:`estimate` gives the declarer's expected card points P for a hand and a
  trump suit: each card's chance to win a trick (top trumps, length in trumps, side Aces, a Ten
  guarded by its Ace, H-4, H-5) times its points and what the other two add to the trick, a bonus
  for voids and singletons beside a few trumps, the lead of FH, and the talon's expected 10 points
  (15 with the short pack, H-2). A talon game adds the expected gain of the exchange.
* **Contracts.** Each possible contract is valued as the expected settlement over P ~ Normal(the
  estimate, 12), computed with the engine's own settlement (the V1 draw at 60 and the V2/V3 loss
  at 60, H-9; V2 targets, V1F/V3 Schneider steps, V1P overshoot, H-8); it bids, holds, answers
  and chooses the contract with the best positive value. V2 seniors hold and never raise, a
  self-raise goes no higher than a hand game at 61 (H-7, H-11). Bettel is valued from a
  per-suit count of cards that low cards do not cover, bid only with a hand of Spatzen or a void
  (H-1).
* **Trumps**: the suit with the best estimate among those allowed.
* **Lay-away**: the 3 cards that maximise the estimate of the rest plus their banked points, so
  unguarded Tens and Kings go and short side suits are cleared for voids (H-3).
* **Card play** counts the cards played and the voids shown (a seat that did not follow suit or
  did not trump): the declarer draws trumps, with a master trump or else his lowest when he
  holds at least three, and cashes side masters; the defenders cash masters the declarer must
  follow; a partner's safe trick is smeared with points (H-6); the last hand wins a trick
  cheaply or banks a Ten; a void hand trumps low; otherwise the cheapest card goes. The
  declarer keeps taking points once the contract is safe (H-8), which the same rules do. In
  Bettel the declarer ducks under the trick with his highest card that stays below it and
  throws his most dangerous card when void; defenders lead low and never overtake the
  declarer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tarock.bavarian.auction import rung_of_target
from tarock.bavarian.cards import FULL, HEARTS, NON_HEART, SHORT, SUITS, Pack
from tarock.bavarian.options import BavarianOptions
from tarock.bavarian.scoring import settle
from tarock.bavarian.strategy.sampler import BavarianSampler, Hidden
from tarock.bavarian.talon import trump_choices
from tarock.core.cards import iter_bits
from tarock.core.protocol import Action, Game

SIGMA = 12.0  # spread of the final P around the estimate
# Calibrated on heuristic self-play (the mean of P minus the estimate of the hands declared):
OFFSET = {9: -5.3, 6: 11.5}  # by suit size: the full and the short pack
EXCHANGE_GAIN = {9: 15.0, 6: 18.0}  # a talon game's expected gain from the exchange
BIG_FUND = 10**9
MIN_EV = 0.5  # in u: a contract must be worth at least this much to be bid
# The declarer with no master trump still leads trumps, his lowest, from this many: measured in
# the duplicate arena against leading them only from four and more than the others may hold,
# +0.60 [+0.30, +0.91] u a deal and seat (6,000 deals)
DRAW_TRUMPS_FROM = 3


def pack_for(obs: dict[str, Any]) -> Pack:
    return SHORT if obs.get("variant") == "V3" else FULL


# -- hand evaluation --------------------------------------------------------------------------


def estimate(pack: Pack, hand: int, trump: int | None, lead: bool = False,
             talon: bool = True) -> float:
    """The declarer's expected P with ``hand`` and trumps ``trump`` (the talon's expected points
    included when ``talon``)."""
    per = len(pack.ranks)
    pts = pack.deck.points
    est = 0.0
    trumps = hand & pack.suit_masks[trump] if trump is not None else 0
    t = trumps.bit_count()
    others = per - t  # trumps out against him
    for s in range(4):
        cards = hand & pack.suit_masks[s]
        n = cards.bit_count()
        ranks = [c - s * per for c in iter_bits(cards)]  # 0 = Ace
        has = set(ranks)
        if s == trump:
            for r in ranks:
                if r == 0:
                    p = 0.97
                elif r == 1:
                    p = 0.85 if 0 in has else (0.6 if t >= 4 else 0.45)
                elif r == 2:
                    p = 0.75 if {0, 1} <= has else (0.55 if t >= 4 else 0.35)
                else:
                    p = min(0.9, max(0.15, 0.25 + 0.12 * (t - 3) + 0.04 * (per - r)))
                est += p * (pts[s * per + r] + 5)
            continue
        if n == 0:
            if t >= 2:
                est += 3.5 + min(2.0, 0.7 * (t - 2))
            continue
        if n == 1 and 0 not in has and t >= 3:
            est += 1.5
        for r in ranks:
            if r == 0:
                p = 0.9 if n <= 4 else 0.65
            elif r == 1:
                p = (0.7 if n <= 4 else 0.45) if 0 in has else (0.25 if n >= 2 else 0.1)
            elif r == 2:
                p = 0.3 if {0, 1} <= has and n <= 5 else 0.12
            else:
                p = 0.04
            est += p * (pts[s * per + r] + 5)
    est -= 1.5 * max(0, 3 - t) ** 2  # short trumps: the defenders take the trump tricks
    est *= 1.0 + 0.02 * (t - others / 2)
    if lead:
        est += 2.0
    if talon:
        est += 360 / pack.size + OFFSET[per]  # H-2: 120 * 3 / cards
    return est


def bettel_risk(pack: Pack, hand: int) -> tuple[int, int]:
    """(unsafe suits, voids) for Bettel (H-1): a suit is unsafe when its k-th lowest card in the
    Bettel order is above the (2k-1)-th lowest card of the suit."""
    unsafe = voids = 0
    for s in range(4):
        cards = hand & pack.suit_masks[s]
        if not cards:
            voids += 1
            continue
        low = sorted(pack.bettel[c] for c in iter_bits(cards))  # 1 = the 6, the lowest
        if any(v > 2 * k + 2 for k, v in enumerate(low)):
            unsafe += 1
    return unsafe, voids


def bettel_chance(pack: Pack, hand: int, lead: bool) -> float:
    unsafe, voids = bettel_risk(pack, hand)
    if unsafe > 1 or (unsafe == 1 and not voids):
        return 0.05
    p = 0.8 if unsafe == 0 else 0.5
    return min(0.95, p + 0.05 * voids - (0.05 if lead else 0))


@lru_cache(maxsize=20000)
def expected_settlement(opt: BavarianOptions, contract: str, rung: int | None,
                        est: int) -> float:
    """The declarer's expected payment in u for P ~ Normal(est, SIGMA), clipped to 0..120."""
    total = weight = 0.0
    for points in range(0, 121, 2):
        w = math.exp(-0.5 * ((points - est) / SIGMA) ** 2)
        total += w * settle(opt, BIG_FUND, contract, rung, points, False, False, False).decl
        weight += w
    return total / weight


def bettel_value(opt: BavarianOptions, chance: float) -> float:
    win = settle(opt, BIG_FUND, "bettel", None, 0, False, False, True).decl
    loss = settle(opt, BIG_FUND, "bettel", None, 0, False, False, False).decl
    return chance * win + (1 - chance) * loss


def contract_values(opt: BavarianOptions, pack: Pack, hand: int,
                    lead: bool) -> dict[Any, float]:
    """Expected settlement per contract for ``hand`` (V2: per rung, 0 the pick-up game);
    ``lead``: the hand leads the first trick. The auction's policy, and the search player's
    model of the others' bids (:mod:`tarock.bavarian.strategy.inference`)."""
    per = len(pack.ranks)
    best = {s: estimate(pack, hand, s, lead) for s in range(4)}
    gain = EXCHANGE_GAIN[per]
    out: dict[Any, float] = {}
    if opt.variant == "haferl":
        pick_suits = trump_choices(opt, "pickup")
        e_pick = max(best[s] for s in pick_suits) + gain
        e_hand = max(best.values())
        out[0] = expected_settlement(opt, "pickup", 0, round(e_pick))
        for rung in range(1, opt.top_rung + 1):
            out[rung] = expected_settlement(opt, "hand", rung, round(e_hand))
        return out
    frage_suits = trump_choices(opt, "frage")
    out["frage"] = expected_settlement(opt, "frage", None,
                                       round(max(best[s] for s in frage_suits) + gain))
    out["herzfrage"] = expected_settlement(opt, "herzfrage", None, round(best[HEARTS] + gain))
    out["solo"] = expected_settlement(opt, "solo", None,
                                      round(max(best[s] for s in NON_HEART)))
    out["herzsolo"] = expected_settlement(opt, "herzsolo", None, round(best[HEARTS]))
    if opt.variant == "simple" and opt.simple_bettel:
        out["bettel"] = bettel_value(opt, bettel_chance(pack, hand, lead))
    return out


def lay_away_values(opt: BavarianOptions, pack: Pack, obs: dict[str, Any], hand: int,
                    legal: Sequence[Action]) -> list[float]:
    """The worth of each lay-away of ``legal``: the rest of the hand's estimate with its best
    trump suit (the one named, else the best the contract allows), plus the points laid away,
    which score for the declarer (BT-TALON-6)."""
    if obs.get("trump") is not None:
        suits: tuple[int, ...] = (SUITS.index(obs["trump"]),)
    else:
        suits = trump_choices(opt, obs["contract"]) or (HEARTS,)
    lead = obs["seat"] == obs["active"][0]
    pts = pack.points
    return [max(estimate(pack, hand & ~a.arg, s, lead, talon=False)  # type: ignore[attr-defined]
                for s in suits) + pts(a.arg)  # type: ignore[attr-defined]
            for a in legal]


class BavarianHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed

    # -- dispatch -----------------------------------------------------------------------------

    def act(self, game: Game, obs: dict[str, Any], legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        opt: BavarianOptions = game.opt  # type: ignore[attr-defined]
        kind = legal[0].kind  # type: ignore[attr-defined]
        pack = pack_for(obs)
        hand = pack.deck.mask(obs.get("hand", []))
        if kind == "play":
            return self._play(opt, pack, obs, hand, legal)
        if kind == "lay_away":
            return self._lay_away(opt, pack, obs, hand, legal)
        if kind == "trump":
            lead = obs["seat"] == obs["active"][0]
            return max(legal, key=lambda a: (estimate(pack, hand, a.arg, lead), -a.arg))
        values = contract_values(opt, pack, hand, obs["seat"] == obs["active"][0])
        if kind in ("bid", "answer"):
            return self._auction(opt, obs, legal, values)
        if kind == "contract":
            return max(legal, key=lambda a: values.get(a.arg, -1e9))
        if kind == "raise":
            return self._raise(obs, legal, values)
        return legal[0]

    # -- contracts ----------------------------------------------------------------------------

    def _auction(self, opt: BavarianOptions, obs: dict[str, Any], legal: Sequence[Action],
                 values: dict[Any, float]) -> Action:
        by_arg = {a.arg: a for a in legal}  # type: ignore[attr-defined]
        passive = by_arg.get("pass", by_arg.get("yield", legal[0]))
        if opt.variant == "haferl":
            if "hold" in by_arg:  # the senior: hold the standing rung, never raise (H-11)
                rung = max(a for a in by_arg if isinstance(a, int)) - 1 \
                    if any(isinstance(a, int) for a in by_arg) else None
                standing = rung if rung is not None else _standing_rung(obs)
                ok = values.get(standing, -1) > MIN_EV
                return by_arg["hold"] if ok else passive
            rung = next(a for a in by_arg if isinstance(a, int))
            if rung == 0:  # opening: a pick-up game, or a hand game once challenged
                ok = max(values[0], values.get(1, -1)) > MIN_EV
            else:
                ok = values.get(rung, -1) > MIN_EV
            return by_arg[rung] if ok else passive
        if opt.variant == "scharfer":
            return self._scharfer_bid(opt, obs, by_arg, values, passive)
        ladder = ("frage", "herzfrage", "solo", "herzsolo", "bettel")
        if obs.get("variant") == "V1B":
            if "hold" in by_arg:  # answer: take on the newly named contract
                new = _last_bid(obs)
                allowed = ladder[ladder.index(new):] if opt.simple_bettel_upgrade else (new,)
                return by_arg["hold"] if max(values[c] for c in allowed) > MIN_EV \
                    else by_arg["yield"]
            bids = [b for b in ladder if b in by_arg]
            if opt.simple_bettel_upgrade:
                for b in bids:  # the lowest bid that keeps a good contract open
                    if max(values[c] for c in ladder[ladder.index(b):]) > MIN_EV:
                        return by_arg[b]
                return passive
            good = max(bids, key=lambda b: values[b], default=None)
            return by_arg[good] if good is not None and values[good] > MIN_EV else passive
        allowed = {"spiele": ("frage", "solo", "herzsolo"), "besser": ("solo", "herzsolo"),
                   "am_besten": ("herzsolo",)}
        if "hold" in by_arg:
            level = _last_bid(obs)
            ok = max(values[c] for c in allowed[level]) > MIN_EV
            return by_arg["hold"] if ok else by_arg["yield"]
        level = next((b for b in by_arg if b in allowed), None)
        if level is not None and max(values[c] for c in allowed[level]) > MIN_EV:
            return by_arg[level]
        return passive

    def _scharfer_bid(self, opt: BavarianOptions, obs: dict[str, Any],
                      by_arg: dict[Any, Action], values: dict[Any, float],
                      passive: Action) -> Action:
        nobody = not any(e["bid"] != "pass" for e in obs.get("auction", []))
        hearts = max(values["herzsolo"], values["frage"] if nobody else -1e9)
        play = values["solo"]
        if opt.scharfer_sole_bidder_free_choice:
            play = max(play, values["herzsolo"], values["frage"])
        if "play" in by_arg and play > MIN_EV and play >= hearts:
            return by_arg["play"]
        if "play_hearts" in by_arg and hearts > MIN_EV:
            return by_arg["play_hearts"]
        return passive

    def _raise(self, obs: dict[str, Any], legal: Sequence[Action],
               values: dict[Any, float]) -> Action:
        """H-11: a raise goes no higher than a hand game at 61, and only from a pick-up game
        when the hand game is worth more."""
        by_arg = {a.arg: a for a in legal}  # type: ignore[attr-defined]
        keep = by_arg["keep"]
        if 1 in by_arg and values.get(1, -1e9) > values.get(0, -1e9):
            return by_arg[1]
        return keep

    # -- talon --------------------------------------------------------------------------------

    def _lay_away(self, opt: BavarianOptions, pack: Pack, obs: dict[str, Any], hand: int,
                  legal: Sequence[Action]) -> Action:
        values = lay_away_values(opt, pack, obs, hand, legal)
        return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]

    # -- card play ----------------------------------------------------------------------------

    def _play(self, opt: BavarianOptions, pack: Pack, obs: dict[str, Any], hand: int,
              legal: Sequence[Action]) -> Action:
        view = View(opt, pack, obs, hand)
        cards = [a.arg for a in legal]  # type: ignore[attr-defined]
        card = view.bettel_card(cards) if view.bettel else view.card(cards)
        return next(a for a in legal if a.arg == card)  # type: ignore[attr-defined]


def _last_bid(obs: dict[str, Any]) -> str:
    """The record word of the bid just made over this holder (V1, V1B answers)."""
    words = {"Ich spiele": "spiele", "Ich spiele besser": "besser",
             "Ich spiele am besten": "am_besten"}
    for e in reversed(obs.get("auction", [])):
        if e["bid"] != "pass":
            return words.get(e["bid"], e["bid"])
    return "spiele"


def _standing_rung(obs: dict[str, Any]) -> int:
    for e in reversed(obs.get("auction", [])):
        text = e["bid"]
        if text.startswith("hand game"):
            return rung_of_target(int(text.split()[-1])) or 1
        if text.startswith("pick-up"):
            return 0
    return 0


class View:
    """What the acting seat knows of the card play, for the play rules."""

    def __init__(self, opt: BavarianOptions, pack: Pack, obs: dict[str, Any], hand: int,
                 info: BavarianSampler | Hidden | None = None):
        """``info``: what ``obs`` leaves hidden, where the caller has it already (else read
        from ``obs``)."""
        self.pack = pack
        self.hand = hand
        self.info = BavarianSampler(opt, obs) if info is None else info
        self.me = obs["seat"]
        self.active = list(obs["active"])
        self.declarer = obs["declarer"]
        self.bettel = obs.get("contract") == "bettel"
        trump = obs.get("trump")
        self.trump = None if trump is None else SUITS.index(trump)
        self.power = pack.bettel if self.bettel else pack.normal
        self.pts = pack.deck.points
        deck = pack.deck
        self.trick = [(e["seat"], deck.index(e["card"])) for e in obs.get("trick", [])]
        i = self.active.index(self.me)
        self.after = [self.active[(i + k) % 3] for k in range(1, 3 - len(self.trick))]

    # helpers
    def suit(self, c: int) -> int:
        return self.pack.suit_of[c]

    def beats(self, c: int, best: int) -> bool:
        s, bs = self.suit(c), self.suit(best)
        if s == bs:
            return self.power[c] > self.power[best]
        return s == self.trump

    def best(self) -> tuple[int, int]:
        seat, best = self.trick[0]
        for q, c in self.trick[1:]:
            if self.beats(c, best):
                seat, best = q, c
        return seat, best

    def possible(self, q: int) -> int:
        return self.info.unknown & ~self.info.banned[q]

    def friends(self, q: int) -> bool:
        return q == self.me or (q != self.declarer and self.me != self.declarer)

    def master(self, c: int) -> bool:
        """No card still out (with anyone but me) beats ``c`` in its suit."""
        s = self.suit(c)
        out = self.info.unknown & self.pack.suit_masks[s]
        return not any(self.power[x] > self.power[c] for x in iter_bits(out))

    def can_beat(self, q: int, best: int, led: int) -> bool:
        """Whether seat ``q`` (to play later) may hold a card that beats ``best``."""
        poss = self.possible(q)
        led_cards = poss & self.pack.suit_masks[self.suit(led)]
        if self.suit(best) == self.suit(led) and any(self.beats(x, best)
                                                     for x in iter_bits(led_cards)):
            return True
        if self.trump is None or self.suit(led) == self.trump:
            return False
        void = not led_cards
        trumps = poss & self.pack.suit_masks[self.trump]
        return void and any(self.beats(x, best) for x in iter_bits(trumps))

    def cheapest(self, cards: list[int]) -> int:
        return min(cards, key=lambda c: (self.suit(c) == self.trump, self.pts[c], self.power[c]))

    # point contracts
    def card(self, cards: list[int]) -> int:
        if not self.trick:
            return self.lead(cards)
        owner, best = self.best()
        led = self.trick[0][1]
        winners = [c for c in cards if self.beats(c, best)]
        pts = self.pts
        if not self.after:  # last to play
            if self.friends(owner):
                return self.smear(cards)
            if winners:
                plain = [c for c in winners if self.suit(c) != self.trump]
                if plain:
                    return max(plain, key=lambda c: (pts[c], -self.power[c]))
                return min(winners, key=lambda c: (self.power[c], pts[c]))
            return self.cheapest(cards)
        nxt = self.after[0]
        if self.friends(nxt):  # declarer led, partner behind me: a winner is sure to stand
            if winners:
                plain = [c for c in winners if self.suit(c) != self.trump]
                if plain:
                    return max(plain, key=lambda c: (pts[c], -self.power[c]))
                trick_pts = sum(pts[c] for _, c in self.trick)
                if trick_pts >= 4:
                    return min(winners, key=lambda c: (self.power[c], pts[c]))
            return self.cheapest(cards)
        if self.friends(owner) and not self.can_beat(nxt, best, led):
            return self.smear(cards)
        safe = [c for c in winners if not self.can_beat(nxt, c, led)]
        if safe:
            return max(safe, key=lambda c: (pts[c], -self.power[c]))
        return self.cheapest(cards)

    def smear(self, cards: list[int]) -> int:
        """H-6: the most points onto a friend's trick, sparing high trumps and masters."""
        def key(c: int) -> tuple[float, int]:
            v = float(self.pts[c])
            if self.suit(c) == self.trump:
                v -= 12
            elif self.pts[c] == 11 and self.master(c):
                v -= 4  # an Ace can still win its own trick
            return (v, -self.power[c])
        return max(cards, key=key)

    def lead(self, cards: list[int]) -> int:
        pack, pts, trump = self.pack, self.pts, self.trump
        unknown = self.info.unknown
        opponents = [q for q in self.active if not self.friends(q)]
        if self.me == self.declarer and trump is not None:
            mine = [c for c in cards if self.suit(c) == trump]
            out = unknown & pack.suit_masks[trump]
            opp_trumps = any(self.possible(q) & pack.suit_masks[trump] for q in opponents)
            if mine and out and opp_trumps:
                top = max(mine, key=lambda c: self.power[c])
                if self.master(top):
                    return top
                if len(mine) >= DRAW_TRUMPS_FROM:
                    return min(mine, key=lambda c: (self.power[c]))
        # side masters the opponents must follow (or cannot trump)
        masters = []
        for c in cards:
            s = self.suit(c)
            if s == trump or not self.master(c):
                continue
            risky = False
            for q in opponents:
                poss = self.possible(q)
                if trump is not None and not poss & pack.suit_masks[s] and \
                        poss & pack.suit_masks[trump]:
                    risky = True
            if not risky:
                masters.append(c)
        if masters:
            return max(masters, key=lambda c: (pts[c], self.power[c]))
        side = [c for c in cards if self.suit(c) != trump] or cards
        if self.me != self.declarer:
            partner = next(q for q in self.active if q not in (self.me, self.declarer))
            # a suit the partner may trump and the declarer must follow
            for c in sorted(side, key=lambda c: (pts[c], self.power[c])):
                s = self.suit(c)
                if trump is None or s == trump:
                    continue
                pp = self.possible(partner)
                if not pp & pack.suit_masks[s] and pp & pack.suit_masks[trump] and \
                        self.possible(self.declarer) & pack.suit_masks[s]:
                    return c

        def key(c: int) -> tuple[int, int, int, int]:
            s = self.suit(c)
            length = (self.hand & pack.suit_masks[s]).bit_count()
            unguarded_ten = self.pack.ranks[c % len(pack.ranks)] == "10"
            return (int(unguarded_ten), pts[c], length if self.me == self.declarer else -length,
                    self.power[c])
        return min(side, key=key)

    # Bettel
    def bettel_card(self, cards: list[int]) -> int:
        power, pack = self.power, self.pack
        declarer = self.me == self.declarer
        if not self.trick:
            if declarer:
                # the lead most likely to be beaten: fewest live cards below it in its suit
                def under(c: int) -> tuple[int, int]:
                    out = self.info.unknown & pack.suit_masks[self.suit(c)]
                    below = sum(1 for x in iter_bits(out) if power[x] < power[c])
                    above = sum(1 for x in iter_bits(out) if power[x] > power[c])
                    return (below - above, power[c])
                return min(cards, key=under)
            # defenders lead low in a suit the declarer still holds
            decl_poss = self.possible(self.declarer)
            live = [c for c in cards if decl_poss & pack.suit_masks[self.suit(c)]]
            return min(live or cards, key=lambda c: power[c])
        owner, best = self.best()
        led_suit = self.suit(self.trick[0][1])
        follow = [c for c in cards if self.suit(c) == led_suit]
        if declarer:
            if follow:
                under = [c for c in follow if power[c] < power[best]]
                if under:
                    return max(under, key=lambda c: power[c])
                if not self.after:
                    return max(follow, key=lambda c: power[c])
                return min(follow, key=lambda c: power[c])
            return max(cards, key=lambda c: self._danger(c))
        # defender
        if owner == self.declarer:
            under = [c for c in cards if not self.beats(c, best)]
            if under:
                return max(under, key=lambda c: power[c])  # dump high cards, keep the lead
            return min(cards, key=lambda c: power[c])
        if self.declarer in self.after:
            return min(cards, key=lambda c: power[c])  # keep the trick low for him
        return max(cards, key=lambda c: power[c])

    def _danger(self, c: int) -> tuple[int, int]:
        """How badly the Bettel declarer wants rid of ``c``: live cards below it."""
        out = self.info.unknown & self.pack.suit_masks[self.suit(c)]
        below = sum(1 for x in iter_bits(out) if self.power[x] < self.power[c])
        return (self.power[c] - 2 * below, self.power[c])

