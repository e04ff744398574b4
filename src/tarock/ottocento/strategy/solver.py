"""A perfect-information solver of Ottocento card play (§6, §7, §9, §10).

Given every hand (a *position*: a world of the sampling search, or a real state in tests), the
solver finds the value of the remaining play under best play by both teams. The value is team
0's points minus team 1's from the cards still to be won, exactly as the engine scores a pile at
the end of the deal (OT-SCORE-1 to -7): card points, the sets and sequences each pile forms (with
the doubling of OT-COMB-4 and OT-COMB-15), the last trick, the discard to the team that won a
trick (OT-DEAL-7) and the Matto settlement (OT-MATTO-4 to -6; the owing team gives the one-point
card that matters least: a suit pip, then a low numbered trump, as OT-STRAT-43 advises). The
declarations, already credited, cannot change and are left out. Values are in half points (card
points have halves while a ``MATTO`` exchange is pending), so they are integers.

The search is alpha-beta at card level (team 0 maximises, team 1 minimises) with

* a transposition table keyed at trick boundaries (the hands, the leader, both piles, which
  teams have won a trick and who owes for the ``MATTO``: the value is not additive, since
  combinations depend on whole piles), storing lower and upper bounds;
* move ordering: on lead, valuable and high cards first; following, the cards that win the trick
  so far first (the cheapest such), then the cheapest cards;
* the last trick played out without branching when every hand holds one card.

Exact search from trick 1 is far too slow in pure Python (15 tricks of 4 cards: see
``benchmarks/ottocento_players.py``), so :class:`Solver` takes ``depth``: the search covers the
current trick and ``depth`` more tricks and then scores the position at that trick boundary with
an estimate: every card still in a hand is counted for its holder's team (so the estimate
measures what the searched tricks captured, with exact combination scoring of the resulting
piles), the reserves go to their owners and nobody gets the last trick. With ``depth`` at least
the number of tricks left the solve is exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tarock.core.cards import iter_bits
from tarock.ottocento.cards import (
    ACES,
    COURTS,
    MATTO,
    MATTO_BIT,
    MOORS,
    N_CARDS,
    NUMBERED,
    ONE_POINT,
    POWER,
    SUIT_OF,
    TRUMP_NUMBER,
    VALUE,
    bit,
)
from tarock.ottocento.combinations import holding_combinations, score_combinations
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.play import legal_mask
from tarock.players.alphabeta import INF, BoundTable

LAST_TRICK2 = 12  # the last trick's 6 points, in half points

# OT-STRAT-4 capture weights, used only to order moves
_W = [0.0] * N_CARDS
for _c in range(N_CARDS):
    _s = SUIT_OF[_c]
    if _s < TRUMP_NUMBER:
        _W[_c] = {5: 10, 4: 5, 3: 5, 2: 5}.get(VALUE[_c], 5 if ACES >> _c & 1 else 0)
    elif _s == TRUMP_NUMBER:
        _W[_c] = 10 if VALUE[_c] == 5 else 3 if POWER[_c] >= 17 or MOORS >> _c & 1 else 1
    _W[_c] += VALUE[_c] - 0.5
_W[MATTO] = 0.0
WEIGHT = tuple(_W)
_GIVE_CATEGORY = tuple(
    0 if SUIT_OF[c] < TRUMP_NUMBER and not (ACES | COURTS) >> c & 1
    else 1 if NUMBERED >> c & 1 else 2 if ACES >> c & 1 else 3 if MOORS >> c & 1 else 4
    for c in range(N_CARDS))
_SOLE_LUNA = bit("SOLE") | bit("LUNA")


def give_key(card: int) -> tuple[int, int, int]:
    """Which card to give for the ``MATTO`` first (OT-STRAT-43): pips, low numbered trumps,
    Aces, Moors, pieces; the cheapest first."""
    return (VALUE[card], _GIVE_CATEGORY[card], POWER[card])


def trick_winner_pos(cards: list[int]) -> int:
    """OT-ALG-3 on card indices: position of the winning card (the MATTO never wins; of equal
    Moors the last played wins)."""
    led = -1
    best, best_key = -1, (-1, -1)
    for pos, c in enumerate(cards):
        if c == MATTO:
            continue
        s = SUIT_OF[c]
        if led < 0:
            led = s
        if s == TRUMP_NUMBER:
            key = (1, POWER[c])
        elif s == led:
            key = (0, POWER[c])
        else:
            continue
        if key >= best_key:  # equal keys only for Moors: the later wins
            best, best_key = pos, key
    return best


class PileScorer:
    """Half-point score of a pile (combinations + card points), cached by mask."""

    def __init__(self, opts: OttocentoOptions):
        self.opts = opts
        self.cache: dict[int, int] = {}

    def __call__(self, pile: int) -> int:
        v = self.cache.get(pile)
        if v is None:
            sets, seqs = score_combinations(holding_combinations(pile, self.opts))
            v = 2 * (sets + seqs) + 2 * sum(VALUE[i] for i in iter_bits(pile)) - pile.bit_count()
            if len(self.cache) > 200_000:
                self.cache.clear()
            self.cache[pile] = v
        return v


@dataclass
class Position:
    """An open-handed position. ``trick`` holds (seat, card) of the trick in progress; ``piles``
    the trick cards won per team so far (the MATTO already returned, OT-MATTO-4); ``reserve``
    the dealer's discard (and two-player set-aside cards) per team; ``debtor`` the team owing a
    card for the MATTO."""

    n: int
    hands: list[int]
    to_move: int
    trick: list[tuple[int, int]]
    piles: list[int]
    won: list[int]
    reserve: list[int]
    debtor: int | None
    tricks_done: int
    opts: OttocentoOptions
    total_tricks: int = field(default=0)

    def __post_init__(self) -> None:
        if not self.total_tricks:
            self.total_tricks = 15 if self.n == 4 else 20


def position_from_state(state: Any) -> Position:
    """The position of a real :class:`~tarock.ottocento.game.OttocentoState` in play (tests)."""
    return Position(state.n, list(state.hands), state.to_act,
                    list(zip(state.trick_seats, state.trick, strict=True)), list(state.pile),
                    list(state.won), state.reserves(), state.debtor, len(state.tricks),
                    state.opt)


class Solver:
    """Alpha-beta over the remaining cards; ``depth`` tricks past the current one, then the
    estimate (None: to the end of the deal, exact)."""

    def __init__(self, opts: OttocentoOptions, depth: int | None = None,
                 scorer: PileScorer | None = None):
        self.opts = opts
        self.depth = depth
        self.score = scorer or PileScorer(opts)
        self.nodes = 0
        self.tt = BoundTable()

    # -- values at the end and at the horizon ---------------------------------------------------

    def final_value(self, piles: list[int], won: list[int], reserve: list[int],
                    debtor: int | None, last_team: int | None) -> int:
        """Team 0's score minus team 1's, in half points, of a finished deal (OT-SCORE-1)."""
        opts = self.opts
        p = list(piles)
        for t in (0, 1):
            if won[t]:
                p[t] |= reserve[t]
            elif opts.lost_discard_to == "opponents":
                p[1 - t] |= reserve[t]
        if debtor is not None:
            other = 1 - debtor
            if not won[debtor]:
                p[debtor] &= ~MATTO_BIT
                p[other] |= MATTO_BIT
            else:
                pool = p[debtor] & ~MATTO_BIT
                if not opts.matto_exchange_from_discard:
                    pool &= ~reserve[debtor]
                ones = pool & ONE_POINT
                give: int | None = None
                if ones:
                    give = min(iter_bits(ones), key=give_key)
                elif opts.matto_exchange_fallback == "lowest_value" and pool:
                    give = min(iter_bits(pool), key=give_key)
                if give is None:
                    p[debtor] &= ~MATTO_BIT
                    p[other] |= MATTO_BIT
                else:
                    p[debtor] &= ~(1 << give)
                    p[other] |= 1 << give
        v = self.score(p[0]) - self.score(p[1])
        if last_team is not None:
            v += LAST_TRICK2 if last_team == 0 else -LAST_TRICK2
        return v

    def estimate(self, hands: list[int], piles: list[int], reserve: list[int]) -> int:
        """Every card still in a hand counted for its holder's team, reserves to their owners."""
        p = [piles[0] | reserve[0], piles[1] | reserve[1]]
        for s, h in enumerate(hands):
            p[s % 2] |= h
        return self.score(p[0]) - self.score(p[1])

    # -- search ---------------------------------------------------------------------------------

    def _setup(self, pos: Position) -> None:
        self.n = pos.n
        self.hands = list(pos.hands)
        self.trick_seats = [s for s, _ in pos.trick]
        self.trick_cards = [c for _, c in pos.trick]
        self.to_move = pos.to_move
        self.piles = list(pos.piles)
        self.won = list(pos.won)
        self.reserve = list(pos.reserve)
        self.debtor = pos.debtor
        self.done = pos.tricks_done
        self.total = pos.total_tricks
        self.horizon = self.total if self.depth is None else min(
            self.total, pos.tricks_done + 1 + self.depth)
        self.tt = BoundTable()

    def solve(self, pos: Position) -> int:
        """The value (half points, team 0 minus team 1) of ``pos`` under best play."""
        self._setup(pos)
        return self._search(-INF, INF)

    def action_values(self, pos: Position) -> dict[int, int]:
        """The value of each legal card of the player to move."""
        self._setup(pos)
        p = self.to_move
        out = {}
        for c in iter_bits(legal_mask(self.hands[p], self.trick_cards)):
            out[c] = self._play(c, -INF, INF)
        return out

    def _play(self, c: int, alpha: int, beta: int) -> int:
        """Play ``c`` for the player to move, search the rest, undo."""
        p = self.to_move
        hands, tc, ts = self.hands, self.trick_cards, self.trick_seats
        hands[p] &= ~(1 << c)
        tc.append(c)
        ts.append(p)
        if len(tc) < self.n:
            self.to_move = (p + 1) % self.n
            v = self._search(alpha, beta)
        else:
            saved = (list(self.piles), list(self.won), self.debtor)
            pos = trick_winner_pos(tc)
            winner = ts[pos]
            w = winner % 2
            self.won[w] += 1
            for s, card in zip(ts, tc, strict=True):
                if card == MATTO and s % 2 != w:
                    self.piles[s % 2] |= MATTO_BIT
                    self.debtor = s % 2
                else:
                    self.piles[w] |= 1 << card
            cards, seats = list(tc), list(ts)
            tc.clear()
            ts.clear()
            self.done += 1
            self.to_move = winner
            if self.done == self.total:
                v = self.final_value(self.piles, self.won, self.reserve, self.debtor, w)
            else:
                v = self._search(alpha, beta)
            self.done -= 1
            tc.extend(cards)
            ts.extend(seats)
            self.piles, self.won, self.debtor = list(saved[0]), list(saved[1]), saved[2]
        tc.pop()
        ts.pop()
        self.to_move = p
        hands[p] |= 1 << c
        return v

    def _search(self, alpha: int, beta: int) -> int:
        self.nodes += 1
        boundary = not self.trick_cards
        key = None
        if boundary:
            if self.done >= self.horizon:
                return self.estimate(self.hands, self.piles, self.reserve)
            key = (*self.hands, self.to_move, *self.piles, self.won[0] > 0, self.won[1] > 0,
                   self.debtor)
            known, alpha, beta = self.tt.probe(key, alpha, beta)
            if known is not None:
                return known
            if self.total - self.done == 1:
                v = self._last_trick()
                self.tt[key] = (v, v)
                return v
        a0, b0 = alpha, beta
        p = self.to_move
        maximise = p % 2 == 0
        best = -INF if maximise else INF
        for c in self._ordered(p):
            v = self._play(c, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            self.tt.store(key, best, a0, b0)
        return best

    def _last_trick(self) -> int:
        """Every hand holds one card: play them out."""
        p, seats, cards = self.to_move, [], []
        for k in range(self.n):
            s = (p + k) % self.n
            seats.append(s)
            cards.append(self.hands[s].bit_length() - 1)
        winner = seats[trick_winner_pos(cards)]
        w = winner % 2
        piles, won, debtor = list(self.piles), list(self.won), self.debtor
        won[w] += 1
        for s, card in zip(seats, cards, strict=True):
            if card == MATTO and s % 2 != w:
                piles[s % 2] |= MATTO_BIT
                debtor = s % 2
            else:
                piles[w] |= 1 << card
        return self.final_value(piles, won, self.reserve, debtor, w)

    def _ordered(self, p: int) -> list[int]:
        legal = list(iter_bits(legal_mask(self.hands[p], self.trick_cards)))
        if len(legal) <= 1:
            return legal
        tc = self.trick_cards
        if not tc:
            legal.sort(key=lambda c: (c == MATTO, -WEIGHT[c] - POWER[c] / 32))
            return legal
        ts = self.trick_seats
        mate_winning = ts[trick_winner_pos(tc)] % 2 == p % 2 if any(
            c != MATTO for c in tc) else False
        trial = [*tc, 0]
        last = len(tc)

        def key(c: int) -> tuple[int, float]:
            trial[last] = c
            wins = c != MATTO and trick_winner_pos(trial) == last
            if mate_winning:
                return (0, -WEIGHT[c]) if not wins else (1, WEIGHT[c])
            return (0, WEIGHT[c]) if wins else (1, WEIGHT[c])

        legal.sort(key=key)
        return legal
