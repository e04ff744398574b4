"""A perfect-information solver of Bavarian tarock card play (BT-PLAY, BT-SCORE-1, BT-V1B-BET).

Given every hand (a *position*: a world of a sampling search, or a real state in tests), the
solver finds the value of the remaining play under best play by both sides: the declarer against
the two defenders, who share their interest.

* Point contracts: the card points the declarer takes in the tricks still to be completed (the
  current trick included). The value is additive over tricks, so it depends only on the hands and
  the leader at a trick boundary; what was taken before and the pile are added by the caller,
  who maps the final P to the settlement of the actual contract.
* Bettel: 1 if the declarer is forced to take a trick, else 0 (the defenders maximise).

The search is alpha-beta at card level (the declarer maximises, the defenders minimise) with

* a transposition table at trick boundaries (the three hands and the leader) of lower and upper
  bounds;
* move ordering: on lead high point cards and strong cards first; following, a partner's winning
  trick is smeared with points first, otherwise cheap winning cards first, then cheap losers;
* equivalence reduction: two cards of one hand in the same suit with no card between them left in
  play (in a hand or in the current trick) are interchangeable when they score alike (the
  pointless 9 8 7 6 in point contracts, any such pair in Bettel), so only one is searched;
* the last trick played out without branching.

Depth: with ``depth`` (tricks past the current one) the search stops at that trick boundary and
estimates the rest (:meth:`Solver.estimate`: the remaining card points shared in proportion to the
sides' trick-taking strength); ``depth=None`` solves exactly. Speed (pure Python,
``benchmarks/bavarian_players.py``): with the full pack an exact solve takes about 5 ms with 5
tricks left, 30 ms with 6 and 90 ms with 7, and a whole 11-card deal from the first trick a median
of 12 s (p95 about 50 s); the 7-card short pack solves whole in well under a second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tarock.bavarian.cards import Pack
from tarock.core.cards import iter_bits
from tarock.players.alphabeta import INF, BoundTable


@dataclass
class Position:
    """An open-handed position. Seats are the play positions 0, 1, 2 (FH, MH, RH)."""

    hands: list[int]  # by position
    leader: int  # position that led the current trick (or leads the next one)
    trick: list[int]  # the cards of the current trick, in play order
    declarer: int  # position of the declarer
    trump: int | None  # suit number, None in Bettel
    bettel: bool = False

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 3


class Solver:
    """Alpha-beta with a transposition table; one instance per pack/trump/contract."""

    def __init__(self, pack: Pack, trump: int | None, bettel: bool = False,
                 must_beat: bool = False, depth: int | None = None):
        self.pack = pack
        self.trump = -1 if trump is None else trump
        self.bettel = bettel
        self.must_beat = must_beat and not bettel
        self.depth = depth
        n = pack.size
        self.per = len(pack.ranks)
        self.suit_of = pack.suit_of
        self.power = pack.bettel if bettel else pack.normal
        self.points = pack.deck.points
        self.suit_masks = pack.suit_masks
        # Cards of each suit from strongest to weakest in the order of this contract.
        self.order = [sorted((c for c in range(n) if pack.suit_of[c] == s),
                             key=lambda c: -self.power[c]) for s in range(4)]
        # Trick-taking strength of a card for the estimate.
        self.weight = [0.0] * n
        for c in range(n):
            rank = self.power[c] / self.per
            self.weight[c] = (1.5 + 2 * rank) if pack.suit_of[c] == self.trump else rank * rank
        self.tt = BoundTable()
        self.nodes = 0

    # -- public --------------------------------------------------------------------------------

    def solve(self, pos: Position) -> int:
        """The value of ``pos`` (see the module docstring)."""
        depth = INF if self.depth is None else self.depth
        return self._value(list(pos.hands), pos.leader, list(pos.trick), pos.declarer,
                           -INF, INF, depth)

    def action_values(self, pos: Position) -> dict[int, int]:
        """The value after each legal card of the player to move (exact within the depth)."""
        hands = list(pos.hands)
        p = pos.to_move
        out = {}
        depth = INF if self.depth is None else self.depth
        for card in iter_bits(self.legal(hands[p], pos.trick)):
            out[card] = self._after(hands, pos.leader, list(pos.trick), pos.declarer, p, card,
                                    -INF, INF, depth)
        return out

    def legal(self, hand: int, trick: Sequence[int]) -> int:
        if not trick:
            return hand
        masks = self.suit_masks
        cand = hand & masks[self.suit_of[trick[0]]]
        if not cand and self.trump >= 0:
            cand = hand & masks[self.trump]
        if not cand:
            cand = hand
        if self.must_beat:
            best = self._best(trick)
            win = 0
            for c in iter_bits(cand):
                if self._beats(c, best, trick[0]):
                    win |= 1 << c
            if win:
                return win
        return cand

    def estimate(self, hands: Sequence[int], declarer: int) -> float:
        """The declarer's share of the points still in the hands, by trick-taking strength."""
        weight, points = self.weight, self.points
        total = mine = 0.0
        rest = 0
        for q in range(3):
            w = sum(weight[c] for c in iter_bits(hands[q])) + 0.01
            total += w
            if q == declarer:
                mine = w
            rest |= hands[q]
        pts = sum(points[c] for c in iter_bits(rest))
        if self.bettel:
            return 0.5
        # two defenders share their strength; the declarer's share of the tricks is what his
        # strength is of the whole, a little damped towards one third
        share = 0.15 + 0.85 * (mine / total) * 1.2
        return pts * min(1.0, max(0.0, share))

    # -- internals -----------------------------------------------------------------------------

    def _best(self, trick: Sequence[int]) -> int:
        best = trick[0]
        for c in trick[1:]:
            if self._beats(c, best, trick[0]):
                best = c
        return best

    def _beats(self, c: int, best: int, led: int) -> bool:
        s, bs = self.suit_of[c], self.suit_of[best]
        if s == bs:
            return self.power[c] > self.power[best]
        return s == self.trump

    def _moves(self, hands: list[int], p: int, trick: list[int], declarer: int) -> list[int]:
        legal = self.legal(hands[p], trick)
        points = self.points
        # equivalence: drop a card whose next stronger live card of its suit is its own twin
        live = hands[0] | hands[1] | hands[2]
        for c in trick:
            live |= 1 << c
        cards = []
        bettel = self.bettel
        for s in range(4):
            if not legal & self.suit_masks[s]:
                continue
            prev = -1
            for c in self.order[s]:
                bit = 1 << c
                if not live & bit:
                    continue
                if legal & bit:
                    if prev >= 0 and (bettel or points[c] == points[prev] == 0):
                        prev = c
                        continue  # equivalent to prev
                    cards.append(c)
                    prev = c
                else:
                    prev = -1
        if len(cards) <= 1:
            return cards
        if not trick:
            return sorted(cards, key=lambda c: (-points[c], -self.power[c]))
        best = self._best(trick)
        owner = (p - len(trick) + trick.index(best)) % 3
        friends = (owner == declarer) == (p == declarer)
        led = trick[0]
        if friends and not bettel:
            # smear points unless the card would overtake needlessly
            return sorted(cards, key=lambda c: (self._beats(c, best, led), -points[c]))
        win = [c for c in cards if self._beats(c, best, led)]
        lose = [c for c in cards if not self._beats(c, best, led)]
        win.sort(key=lambda c: (points[c] if len(trick) < 2 else -points[c], self.power[c]))
        lose.sort(key=lambda c: (points[c], self.power[c]))
        return win + lose

    def _after(self, hands: list[int], leader: int, trick: list[int], declarer: int, p: int,
               card: int, alpha: int, beta: int, depth: int) -> int:
        """The value after ``p`` plays ``card``."""
        hands[p] ^= 1 << card
        trick.append(card)
        try:
            if len(trick) < 3:
                return self._value(hands, leader, trick, declarer, alpha, beta, depth)
            best = self._best(trick)
            winner = (leader + trick.index(best)) % 3
            if self.bettel:
                if winner == declarer:
                    return 1
                return self._value(hands, winner, [], declarer, alpha, beta, depth - 1)
            pts = 0
            if winner == declarer:
                points = self.points
                pts = points[trick[0]] + points[trick[1]] + points[trick[2]]
            return pts + self._value(hands, winner, [], declarer, alpha - pts, beta - pts,
                                     depth - 1)
        finally:
            trick.pop()
            hands[p] ^= 1 << card

    def _value(self, hands: list[int], leader: int, trick: list[int], declarer: int,
               alpha: int, beta: int, depth: int) -> int:
        self.nodes += 1
        key = None
        if not trick:
            if not (hands[0] | hands[1] | hands[2]):
                return 0
            if depth <= 0:
                return round(self.estimate(hands, declarer))
            if hands[leader].bit_count() == 1:
                return self._last(hands, leader, declarer)
            key = (hands[0], hands[1], hands[2], leader, depth if self.depth is not None else 0)
            known, alpha, beta = self.tt.probe(key, alpha, beta)
            if known is not None:
                return known
        a0, b0 = alpha, beta
        p = (leader + len(trick)) % 3
        maximise = (p == declarer) != self.bettel
        best = -INF if maximise else INF
        for card in self._moves(hands, p, trick, declarer):
            v = self._after(hands, leader, trick, declarer, p, card, alpha, beta, depth)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        if key is not None:
            self.tt.store(key, best, a0, b0)
        return best

    def _last(self, hands: list[int], leader: int, declarer: int) -> int:
        trick = [hands[(leader + k) % 3].bit_length() - 1 for k in range(3)]
        best = self._best(trick)
        winner = (leader + trick.index(best)) % 3
        if self.bettel:
            return 1 if winner == declarer else 0
        return sum(self.points[c] for c in trick) if winner == declarer else 0


def position_from_state(state: object) -> Position:
    """The open-handed position of a real :class:`~tarock.bavarian.game.BavarianState` in play
    (for tests and benchmarks)."""
    active = list(state.active)  # type: ignore[attr-defined]
    hands = [state.hands[q] for q in active]  # type: ignore[attr-defined]
    trick = list(state.trick)  # type: ignore[attr-defined]
    seats = list(state.trick_seats)  # type: ignore[attr-defined]
    to_act = active.index(state.to_act)  # type: ignore[attr-defined]
    leader = active.index(seats[0]) if seats else to_act
    return Position(hands, leader, trick, active.index(state.declarer),  # type: ignore[attr-defined]
                    state.trump, state.bettel)  # type: ignore[attr-defined]
