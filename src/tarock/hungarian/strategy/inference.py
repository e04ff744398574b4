"""What the auction and the kontras tell about the hidden hands of a Hungarian tarokk deal, for
the search player.

The heuristic player bids a level only when its hand's strength (:func:`hand_strength`: count and
height of the tarokks, voids, king-headed suits) reaches the level's need (``STRENGTH_FOR_LEVEL``;
the lowest level needs ``PAGAT_ONLY_MIN`` and an honour), and passes with an honour only when the
hand is weaker than that. Made soft, that policy gives the probability of what the other seats
said in the auction had a sampled world been the true one:

* a seat that bid or held a level: ``logistic((strength - need) / TAU)`` for the highest level
  it bid or held;
* a seat with an honour that only ever passed: the probability that the heuristic passes
  there (without an honour it always passes, which says nothing more). A seat passes once, and
  the heuristic passes with an honour where the hand is not worth a bid (the fourth seat after
  three passes: below ``FOURTH_HAND_MIN``; the XX without a great honour: below
  ``WAIT_TO_BE_CALLED_MAX``, to be called; the pagát alone: below ``PAGAT_ONLY_MIN``; a great
  honour is always worth one), or where it is worth one but not at the lowest level left to it
  (the standing level plus one: below that level's need), unless it may bid kettő over its
  left-hand neighbour's három with any honour (HU-STRAT-5). Each threshold is soft, as the
  bids' are: ``p_unworthy + (1 - p_unworthy) * p_too_low``, and any hand passes with
  probability ``PASS_ANYWAY`` besides (people, and a partner who bids by play-outs, pass with
  hands the heuristic would bid with; a great honour would rule the world out). A seat that
  passed only after others had bid is no weak hand: on arena records
  (``benchmarks/posterior_check.py``), reading every such pass as one below ``PAGAT_ONLY_MIN``
  put the passers' strength 0.6 too low in the worlds, and the auction's likelihood favoured
  the true deal less than the worlds it was drawn against.

A seat's strength is taken of the cards it plays with (its hand now and the cards it played):
after the talon those differ from the cards it bid with by the few it received and discarded
(1.4 points of strength more on average, the declarer's 1.9; taking that off left the
check's log ratio where it was and the passers no nearer the truth).
The hard facts of the auction (who holds an honour, the cue card, the yielder's XX) are the
sampler's already.

The other team's kontras say more (:class:`KontraLikelihood`): the heuristic gives a
kontra, or raises one, only where its hand makes the item likely to fail, or, raising its own
team's item, likely to be made (:func:`~tarock.hungarian.strategy.heuristic.would_announce`); a
kontra raised to the third level against a trull is near certainty that the seat holds the skíz.
Each such kontra that the heuristic, with that seat's hand in a world, would not have given
makes the world ``SURPRISE`` times as likely. The kontra on the game at its first level says
nothing (a seat may be obliged to give it, HU-CALL-6). A seat's team is read from the kontra's
level: the odd levels are given against the item's owners, the even ones by them. Only the
other team's kontras are read: a partner who searches raises by play-outs, with hands the
heuristic's rule would not raise with, and reading those raises as the heuristic's would put in
the partner's hand the very cards that the other team's raises show to be theirs.

So do the bonuses the other team announced (:class:`AnnouncementLikelihood`): the heuristic
announces one only where its hand clears the bonus's threshold (:func:`would_announce`, the trull
with both great honours, the four kings with all four), and each announcement the heuristic, with
that seat's hand in a world, would not have made makes the world ``SURPRISE`` times as likely.
The volát it never announces from one hand; it is read as at least the double game's hand
(``READ_AS``), without which taking every trick is out of reach. Unread, a volát announced and
raised left a searching defender with worlds of an average declarer, who fails it, and the
defender raised the kontra to the fifth level against a declarer who made it. Only the
announcements of seats the observer knows to be on the other team are read (the declarer, and
whoever the public sides or the known partner show), for the kontras' reason. A cue bidder
whose only honour was the pagát owes the ultimo (HU-ANN-14): in a world where the cards he plays
with hold no great honour (honours are never discarded, so he held none when he bid), his
ultimo says nothing more; where they hold one it is read as the heuristic's own, which
misreads only a pagát-only bidder who found a great honour in the talon, softly.
"""

from __future__ import annotations

from typing import Any

from tarock.core.tricks import played_masks
from tarock.hungarian.cards import DECK, GREAT_HONOURS, HONOURS
from tarock.hungarian.options import HungarianOptions
from tarock.hungarian.strategy.heuristic import (
    LEVELS,
    PAGAT_ONLY_MIN,
    STRENGTH_FOR_LEVEL,
    TEAM_OF_WORD,
    Knowledge,
    bid_floor,
    fourth_after_three_passes,
    hand_strength,
    other_team_seats,
    over_left_harom,
    would_announce,
)
from tarock.hungarian.strategy.sampler import World, replay_auction
from tarock.players.inference import logistic

READ_AS = {"volat": "double"}  # bonuses the heuristic never announces, read as the nearest it does
TAU = 1.5  # strength points: how sharply the likelihood of a bid turns around its need
SURPRISE = 0.1  # a kontra or bonus the heuristic would not give, relative to one it would
PASS_ANYWAY = 0.1  # the chance of a pass where the heuristic would bid, a great honour and all
NEED = {1: PAGAT_ONLY_MIN, **dict(STRENGTH_FOR_LEVEL)}


class AuctionLikelihood:
    """The probability of the auction seen in ``obs``, as a function of a world."""

    def __init__(self, obs: dict[str, Any]):
        me = obs["seat"]
        self.played = played_masks(DECK, obs)
        declarer = obs.get("declarer")
        level = obs.get("level")
        top: dict[int, int] = {}  # seat: the highest level it bid or held (0: only passes)
        # seat: (the lowest level left to it when it passed (None: none), whether it was the
        # fourth after three passes, whether it could bid kettő over a left-hand három)
        passed_at: dict[int, tuple[int | None, bool, bool]] = {}
        active = obs["active"]
        standing = 0
        calls: list[tuple[int, str]] = []
        for e in obs.get("auction", []):
            q, bid = e["seat"], e["bid"]
            if bid == "passz" and q not in passed_at:
                lowest = standing + 1 if standing < max(LEVELS.values()) else None
                passed_at[q] = (lowest, fourth_after_three_passes(calls),
                                lowest is not None and over_left_harom(q, active, calls, lowest))
            if bid in LEVELS:
                standing = LEVELS[bid]
            top[q] = max(top.get(q, 0), standing if bid in LEVELS or bid == "tartom" else 0)
            calls.append((q, bid))
        if declarer is not None and level in NEED:
            top[declarer] = max(top.get(declarer, 0), level)
        self.bidders = {q: NEED[lv] for q, lv in top.items() if q != me and lv in NEED}
        self.passers = {q: passed_at[q] for q, lv in top.items() if q != me and lv == 0}

    def __bool__(self) -> bool:
        return bool(self.bidders or self.passers)

    def __call__(self, world: World) -> float:
        w = 1.0
        for q, need in self.bidders.items():
            w *= logistic((hand_strength(world.hands[q] | self.played[q]) - need) / TAU)
        for q, (lowest, fourth, over_three) in self.passers.items():
            hand = world.hands[q] | self.played[q]
            if hand & HONOURS:
                w *= pass_probability(hand, lowest, fourth, over_three)
        return w


def pass_probability(hand: int, lowest: int | None, fourth: bool, over_three: bool) -> float:
    """How likely the heuristic passes with ``hand``, which holds an honour, where the lowest
    level left to bid is ``lowest`` (None: none, so the pass says nothing), ``fourth`` after
    three passes, and ``over_three``: the lowest level was kettő over the left-hand neighbour's
    három, which the heuristic bids with any honour worth a bid (``over_left_harom``; see the
    module docstring)."""
    if lowest is None:
        return 1.0
    strength = hand_strength(hand)
    floor = bid_floor(hand, fourth, has_bid=False)  # a seat that only passed has not bid
    unworthy = 0.0 if floor is None else 1.0 - logistic((strength - floor) / TAU)
    too_low = 0.0 if lowest == 1 or over_three else \
        1.0 - logistic((strength - NEED[lowest]) / TAU)
    heuristic = unworthy + (1.0 - unworthy) * too_low
    return PASS_ANYWAY + (1.0 - PASS_ANYWAY) * heuristic


class KontraLikelihood:
    """The probability of the other team's kontras seen in ``obs``, as a function of a world
    (see the module docstring)."""

    def __init__(self, obs: dict[str, Any]):
        mine = TEAM_OF_WORD.get(obs.get("my_team", ""))
        self.played = played_masks(DECK, obs)
        # (seat, its team, the item's kontra level before the kontra, the kontra)
        self.kontras: list[tuple[int, str, dict[tuple[str, str], int], dict[str, Any]]] = []
        levels: dict[tuple[str, str], int] = {}
        for e in obs.get("announcements", []):
            if e["type"] != "kontra":
                continue
            key = (TEAM_OF_WORD[e["owner"]], e["item"])
            before = levels.get(key, 0)
            levels[key] = before + 1
            owner = key[0]
            team = owner if before % 2 else ("o" if owner == "d" else "d")
            if mine is not None and team != mine and (e["item"], before) != ("game", 0):
                self.kontras.append((e["seat"], team, {key: before}, e))

    def __bool__(self) -> bool:
        return bool(self.kontras)

    def __call__(self, world: World) -> float:
        w = 1.0
        for q, team, kontra, move in self.kontras:
            if not would_announce(seat_knowledge(q, team, world.hands[q] | self.played[q],
                                                 kontra), move):
                w *= SURPRISE
        return w


class AnnouncementLikelihood:
    """The probability of the bonuses the other team announced in ``obs``, as a function of a
    world (see the module docstring)."""

    def __init__(self, opt: HungarianOptions, obs: dict[str, Any]):
        self.played = played_masks(DECK, obs)
        self.team = "o" if obs.get("my_team") == "declarer" else "d"  # read only when known
        others = other_team_seats(obs)
        # (seat, its announcement as the heuristic's rule reads it)
        self.announced = [(e["seat"], {**e, "bonus": READ_AS.get(e["bonus"], e["bonus"])})
                          for e in obs.get("announcements", [])
                          if e["type"] == "announce" and e["seat"] in others]
        # HU-ANN-14: a cue bidder whose cue bid binds owes the ultimo if his only honour was
        # the pagát, and then his ultimo is no choice
        declarer = obs.get("declarer")
        cue = None if declarer is None else replay_auction(opt, obs).binding_cue(declarer)
        self.owes_ultimo = cue.player if cue is not None else None

    def __bool__(self) -> bool:
        return bool(self.announced)

    def __call__(self, world: World) -> float:
        w = 1.0
        for q, move in self.announced:
            hand = world.hands[q] | self.played[q]
            if q == self.owes_ultimo and move["bonus"] == "ultimo" and not hand & GREAT_HONOURS:
                continue  # owed: no great honour now, none when he bid
            if not would_announce(seat_knowledge(q, self.team, hand), move):
                w *= SURPRISE
        return w


def seat_knowledge(seat: int, team: str, hand: int,
                   kontra: dict[tuple[str, str], int] | None = None) -> Knowledge:
    """What the heuristic's announcement rule reads of a seat of ``team`` in a world: the cards
    it plays with (``hand``) and the kontra levels before its move; nothing of the others."""
    return Knowledge(seat=seat, active=[], hand=hand, declarer=None, level=0, team=team, ally={},
                     kontra=kontra or {})
