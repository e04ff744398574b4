"""The compiled perfect-information solver of Ottocento card play (numba).

It finds exactly the value of :class:`tarock.ottocento.strategy.solver.Solver` (the pure-Python
reference, which stays as the test oracle) without a depth limit: team 0's points minus team 1's
from the cards still to be won, in half points, as the engine scores the piles at the end of the
deal (OT-SCORE-1 to -7): card points, the sets and sequences each pile forms with their doubling
(OT-COMB-2 to -15 with the options OT-V-5, OT-V-6, OT-V-12), the last trick, the discard to the
team that won a trick (OT-DEAL-7) and the Matto settlement (OT-MATTO-4 to -6, the owing team
giving the card the reference gives). The rules of play are the reference's: follow suit, else
trump, else anything, the ``MATTO`` always legal and never winning, equal Moors won by the later
(OT-PLAY-2 to -7, OT-ALG-3).

The search is the reference's alpha-beta with its move ordering, driven by MTD(f) from a first
guess that one line of play gives (see :func:`_playout`), with a transposition table at trick
boundaries keyed by the hands, the player to lead, both piles, which teams have won a trick and
who owes for the ``MATTO`` (combinations depend on whole piles, so the value is not additive).
Of the pips (the 10 to 6 of a suit) that a player could play, one of each run is searched (see
:func:`_reduced`). It runs on an explicit stack (numba cannot cache recursive functions);
compiled code is cached on disk.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from tarock.core.cards import iter_bits
from tarock.ottocento.cards import (
    ACES,
    ANGELO_BIT,
    BAG_BIT,
    COURTS,
    KINGS,
    LED_MASK,
    LUNA,
    MATTO,
    MATTO_BIT,
    MONDO,
    MOORS,
    N_CARDS,
    NUMBERED_BITS,
    ONE_POINT,
    PIECES,
    POWER,
    SOLE,
    SUIT_MASKS,
    SUIT_OF,
    SUITS,
    TRUMP_NUMBER,
    TRUMPS,
    VALUE,
    WILDS,
)
from tarock.ottocento.combinations import SET_KINDS, SET_MEMBERS, SET_VALUE
from tarock.ottocento.options import OttocentoOptions
from tarock.ottocento.play import legal_mask
from tarock.ottocento.strategy.solver import LAST_TRICK2, WEIGHT, Position, give_key
from tarock.players.compiled import (
    ABORTED,
    F_AIN,
    F_ALPHA,
    F_BEST,
    F_BESTC,
    F_BETA,
    F_BIN,
    F_CNT,
    F_I,
    F_OWN,
    INF,
    MULTIPLIERS,
    NO_LIMIT,
    CompiledSolver,
    finish_hash,
    kernel,
    popcount,
    settled,
    shared_table,
    sort_moves,
    take_value,
    top_bit,
    window_bounds,
)

TABLE_BITS = 20
_M0, _M1, _M2, _M3, _M4, _M5 = MULTIPLIERS
_VALUE = np.array(VALUE, dtype=np.int64)
_SUIT = np.array(SUIT_OF, dtype=np.int64)
_POWER = np.array(POWER, dtype=np.int64)
_WEIGHT = np.array(WEIGHT, dtype=np.float64)
_LED = np.array(LED_MASK, dtype=np.int64)
_SET_MEMBERS = np.array([SET_MEMBERS[k] for k in SET_KINDS], dtype=np.int64)
_SET_VALUE = np.array([SET_VALUE[k] for k in SET_KINDS], dtype=np.int64)
_NUMBERED = np.array(NUMBERED_BITS, dtype=np.int64)
_T16_BIT = NUMBERED_BITS[0]
_SUN_MOON = (1 << SOLE) | (1 << LUNA)
_MONDO_BIT = 1 << MONDO
_SUIT_KING = np.array([SUIT_MASKS[s] & KINGS for s in SUITS], dtype=np.int64)
_SUIT_COURTS = np.array([SUIT_MASKS[s] & COURTS & ~KINGS for s in SUITS], dtype=np.int64)
_SUIT_ACE = np.array([SUIT_MASKS[s] & ACES for s in SUITS], dtype=np.int64)
PIPS = sum(1 << c for c in range(N_CARDS)
           if SUIT_OF[c] < TRUMP_NUMBER and not (COURTS | ACES) >> c & 1)  # the 10 to 6
# The order in which the owing team gives a card for the MATTO (the reference's give_key).
_GIVE_RANK = np.zeros(N_CARDS, dtype=np.int64)
for _rank, _card in enumerate(sorted(range(N_CARDS), key=give_key)):
    _GIVE_RANK[_card] = _rank
# Rule options, as one array: see _rules.
O_SET_WILDS, O_SUN_MOON_16, O_MOON_16_15, O_LOST_TO_OPP, O_FROM_DISCARD, O_FALLBACK = range(6)
# Fields of a search frame.
(F_N, F_TO_MOVE, F_PILE0, F_PILE1, F_WON0, F_WON1, F_DEBTOR, F_DONE, F_SLOT, F_P,
 F_HAND) = range(F_OWN, F_OWN + 11)
_FIELDS = F_OWN + 11
_PLIES = 84
_MOVES = 24


def _rules(opts: OttocentoOptions) -> np.ndarray:
    return np.array([opts.set_wilds, opts.grande_sun_moon_blocks_16,
                     opts.grande_moon_16_blocks_15, opts.lost_discard_to == "opponents",
                     opts.matto_exchange_from_discard,
                     opts.matto_exchange_fallback == "lowest_value"], dtype=np.int64)


@kernel
def _grande(cards: int, opts: np.ndarray) -> int:
    """The grande's length (OT-ALG-6, as ``grande_walk``); 0 if none."""
    if not cards & ANGELO_BIT:
        return 0
    n_wilds = popcount(cards & WILDS)
    real_pieces = cards & PIECES
    n_pieces = popcount(real_pieces)
    if n_pieces == 0:
        return 0
    spare = n_wilds
    last_was_wild = False
    if n_pieces == 1:
        if spare == 0:
            return 0
        spare -= 1
        last_was_wild = real_pieces == _MONDO_BIT
    reached = ANGELO_BIT | real_pieces
    if opts[O_SUN_MOON_16] and not cards & _SUN_MOON:
        return popcount(reached) + n_wilds
    complete = True
    for i in range(12):
        b = _NUMBERED[i]
        if cards & b:
            reached |= b
            last_was_wild = False
            continue
        can_bridge = spare > 0 and not last_was_wild
        if b == _T16_BIT and opts[O_MOON_16_15] and not cards & (1 << LUNA):
            can_bridge = False
        if not can_bridge:
            complete = False
            break
        spare -= 1
        last_was_wild = True
    if complete:
        reached |= cards & MOORS
    return popcount(reached) + n_wilds


@kernel
def _combinations(cards: int, opts: np.ndarray) -> int:
    """The sets and sequences of a pile, each family doubled with three or more members
    (``score_combinations`` of ``holding_combinations``)."""
    sets = 0
    n_sets = 0
    for k in range(5):
        real = cards & _SET_MEMBERS[k]
        n = popcount(real)
        if opts[O_SET_WILDS] and k != 0 and n >= 2:
            if cards & BAG_BIT and n < 4:
                n += 1
            if cards & MATTO_BIT and n < 4:
                n += 1
        if n >= 3:
            sets += _SET_VALUE[k, n - 3]
            n_sets += 1
    if n_sets >= 3:
        sets *= 2
    n_wilds = popcount(cards & WILDS)
    seqs = 0
    n_seqs = 0
    g = _grande(cards, opts)
    if g >= 3:
        seqs += 5 * (g - 1)
        n_seqs += 1
    for s in range(4):
        if not cards & _SUIT_KING[s]:
            continue
        courts = cards & _SUIT_COURTS[s]
        if courts == 0 or popcount(courts) + n_wilds < 2:
            continue
        n = 1 + popcount(courts) + popcount(cards & _SUIT_ACE[s]) + n_wilds
        if n >= 3:
            seqs += 5 * (n - 1)
            n_seqs += 1
    for group in (MOORS, ACES):
        real = popcount(cards & group)
        n = real + n_wilds
        if real >= 2 and n >= 3:
            seqs += 5 * (n - 1)
            n_seqs += 1
    if n_seqs >= 3:
        seqs *= 2
    return sets + seqs


@kernel
def _pile_score(pile: int, opts: np.ndarray) -> int:
    """Half points of a pile: combinations and card points (the reference's ``PileScorer``)."""
    total = 0
    m = pile
    while m:
        low = m & -m
        total += _VALUE[top_bit(low)]
        m ^= low
    return 2 * _combinations(pile, opts) + 2 * total - popcount(pile)


@kernel
def _final(p0: int, p1: int, won0: int, won1: int, reserve: np.ndarray, debtor: int,
           last_team: int, opts: np.ndarray) -> int:
    """Team 0's score minus team 1's of a finished deal (the reference's ``final_value``)."""
    q0 = p0
    q1 = p1
    if won0:
        q0 |= reserve[0]
    elif opts[O_LOST_TO_OPP]:
        q1 |= reserve[0]
    if won1:
        q1 |= reserve[1]
    elif opts[O_LOST_TO_OPP]:
        q0 |= reserve[1]
    if debtor >= 0:
        mine = q0 if debtor == 0 else q1
        theirs = q1 if debtor == 0 else q0
        if (won0 if debtor == 0 else won1) == 0:
            mine &= ~MATTO_BIT
            theirs |= MATTO_BIT
        else:
            pool = mine & ~MATTO_BIT
            if not opts[O_FROM_DISCARD]:
                pool &= ~reserve[debtor]
            ones = pool & ONE_POINT
            search = ones if ones else (pool if opts[O_FALLBACK] else 0)
            give = -1
            m = search
            while m:
                low = m & -m
                c = top_bit(low)
                if give < 0 or _GIVE_RANK[c] < _GIVE_RANK[give]:
                    give = c
                m ^= low
            if give < 0:
                mine &= ~MATTO_BIT
                theirs |= MATTO_BIT
            else:
                mine &= ~(1 << give)
                theirs |= 1 << give
        if debtor == 0:
            q0 = mine
            q1 = theirs
        else:
            q1 = mine
            q0 = theirs
    v = _pile_score(q0, opts) - _pile_score(q1, opts)
    if last_team == 0:
        v += LAST_TRICK2
    elif last_team == 1:
        v -= LAST_TRICK2
    return v


@kernel
def _winner_pos(cards: np.ndarray, k: int) -> int:
    """OT-ALG-3 on the first ``k`` cards: the MATTO never wins, of equal Moors the later."""
    led = -1
    best = -1
    best_key = -1
    for i in range(k):
        c = cards[i]
        if c == MATTO:
            continue
        s = _SUIT[c]
        if led < 0:
            led = s
        if s == TRUMP_NUMBER:
            key = 100 + _POWER[c]
        elif s == led:
            key = _POWER[c]
        else:
            continue
        if key >= best_key:
            best = i
            best_key = key
    return best


@kernel
def _legal(hand: int, trick: np.ndarray, n: int) -> int:
    led = -1
    for i in range(n):
        if trick[i] != MATTO:
            led = _SUIT[trick[i]]
            break
    if led < 0:
        return hand
    rest = hand & ~MATTO_BIT
    m = rest & _LED[led]
    if m == 0:
        m = rest & TRUMPS
    if m == 0:
        m = rest
    return m | (hand & MATTO_BIT)


@kernel
def _reduced(legal: int, hands: np.ndarray, trick: np.ndarray, n: int, p: int) -> int:
    """``legal`` with one pip of each run of ``p``'s: pips (the 10 to 6, in no combination and
    worth a point each) of one suit with no live card of another hand (or of the trick) between
    them in strength. They take the same tricks against every card, and a pile holding one
    scores as a pile holding the other, even when a pip is given for the ``MATTO`` (pips are
    given first, any of them alike), so every line after one is as good as the same line after
    the other: only the first in index order is searched."""
    pips = legal & PIPS
    if pips & (pips - 1) == 0:
        return legal
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for i in range(n):
        live |= 1 << trick[i]
    others = live & ~hands[p]
    prev = -1
    m = pips
    while m:
        low = m & -m
        c = top_bit(low)
        m ^= low
        if prev >= 0 and _SUIT[c] == _SUIT[prev] and not others & (low - 1) & ~((2 << prev) - 1):
            legal ^= low
        prev = c
    return legal


@kernel
def _moves(hands: np.ndarray, trick: np.ndarray, seats: np.ndarray, n: int, p: int,
           hint: int, out: np.ndarray, score: np.ndarray, row: int) -> int:
    legal = _reduced(_legal(hands[p], trick, n), hands, trick, n, p)
    cnt = 0
    m = legal
    while m:
        low = m & -m
        out[row, cnt] = top_bit(low)
        cnt += 1
        m ^= low
    if cnt <= 1:
        return cnt
    if n == 0:
        for i in range(cnt):
            c = out[row, i]
            score[row, i] = (1000.0 if c == MATTO else 0.0) - _WEIGHT[c] - _POWER[c] / 32
    else:
        mate_winning = False
        w = _winner_pos(trick, n)
        if w >= 0:
            mate_winning = seats[w] % 2 == p % 2
        for i in range(cnt):
            c = out[row, i]
            trick[n] = c
            wins = c != MATTO and _winner_pos(trick, n + 1) == n
            if mate_winning:
                score[row, i] = 1000.0 + _WEIGHT[c] if wins else -_WEIGHT[c]
            else:
                score[row, i] = _WEIGHT[c] if wins else 1000.0 + _WEIGHT[c]
    sort_moves(out, score, row, cnt, hint)
    return cnt


@kernel
def _close(trick: np.ndarray, seats: np.ndarray, np_: int, p0: int, p1: int, won0: int,
           won1: int, debtor: int) -> tuple[int, int, int, int, int, int]:
    """A complete trick to its winner's team's pile (a ``MATTO`` stays with its own team, which
    then owes a card for it): winner, both piles, tricks won and the debtor after it."""
    winner = seats[_winner_pos(trick, np_)]
    w = winner % 2
    if w == 0:
        won0 += 1
    else:
        won1 += 1
    for j in range(np_):
        card = trick[j]
        if card == MATTO and seats[j] % 2 != w:
            if seats[j] % 2 == 0:
                p0 |= MATTO_BIT
            else:
                p1 |= MATTO_BIT
            debtor = seats[j] % 2
        elif w == 0:
            p0 |= 1 << card
        else:
            p1 |= 1 << card
    return winner, p0, p1, won0, won1, debtor


@kernel
def _probe(slot: int, hands: np.ndarray, p0: int, p1: int, packed: int, tkey: np.ndarray,
           tstamp: np.ndarray, stamp: int) -> bool:
    return (tstamp[slot] == stamp and tkey[slot, 6] == packed and tkey[slot, 4] == p0
            and tkey[slot, 5] == p1 and tkey[slot, 0] == hands[0] and tkey[slot, 1] == hands[1]
            and tkey[slot, 2] == hands[2] and tkey[slot, 3] == hands[3])


@kernel
def _search(np_: int, hands: np.ndarray, trick: np.ndarray, seats: np.ndarray, n: int,
            to_move: int, p0: int, p1: int, won0: int, won1: int, debtor: int, done: int,
            total: int, reserve: np.ndarray, alpha: int, beta: int, forced: int,
            opts: np.ndarray, tkey: np.ndarray, tbound: np.ndarray, tbest: np.ndarray,
            tstamp: np.ndarray, ctx: np.ndarray, fr: np.ndarray, mv: np.ndarray,
            sc: np.ndarray, saved: np.ndarray) -> int:
    """Alpha-beta from the given node (``forced`` >= 0: the player to move plays that card),
    team 0 maximising; ``np_`` players, ``total`` tricks in the deal."""
    stamp = ctx[0]
    d = 0
    val = 0
    entering = True
    returning = False
    while True:
        if entering:
            entering = False
            ctx[1] += 1
            if ctx[1] > ctx[3]:
                return ABORTED
            slot = -1
            hint = -1
            packed = 0
            if n == 0 and forced < 0:
                packed = to_move | (1 if won0 else 0) << 3 | (1 if won1 else 0) << 4 \
                    | (debtor + 1) << 5
                slot = finish_hash(hands[0] * _M0 ^ hands[1] * _M1 ^ hands[2] * _M2
                                   ^ hands[3] * _M3 ^ p0 * _M4 ^ p1 * _M5 ^ packed, ctx[2])
                if _probe(slot, hands, p0, p1, packed, tkey, tstamp, stamp):
                    lo = tbound[slot, 0]
                    hi = tbound[slot, 1]
                    hint = tbest[slot]
                    returning, val = settled(lo, hi, alpha, beta)
                    if not returning:
                        alpha = max(alpha, lo)
                        beta = min(beta, hi)
            if not returning:
                fr[d, F_N] = n
                fr[d, F_TO_MOVE] = to_move
                fr[d, F_PILE0] = p0
                fr[d, F_PILE1] = p1
                fr[d, F_WON0] = won0
                fr[d, F_WON1] = won1
                fr[d, F_DEBTOR] = debtor
                fr[d, F_DONE] = done
                fr[d, F_ALPHA] = alpha
                fr[d, F_BETA] = beta
                fr[d, F_AIN] = alpha
                fr[d, F_BIN] = beta
                fr[d, F_BEST] = -INF if to_move % 2 == 0 else INF
                fr[d, F_SLOT] = slot
                fr[d, F_P] = to_move
                fr[d, F_HAND] = hands[to_move]
                fr[d, F_I] = 0
                if forced >= 0:
                    mv[d, 0] = forced
                    fr[d, F_CNT] = 1
                    forced = -1
                else:
                    fr[d, F_CNT] = _moves(hands, trick, seats, n, to_move, hint, mv, sc, d)
                fr[d, F_BESTC] = mv[d, 0]
        if returning:
            returning = False
            if d == 0:
                return val
            d -= 1
            p = fr[d, F_P]
            hands[p] = fr[d, F_HAND]
            k = fr[d, F_N]
            if k == np_ - 1:
                for i in range(k):
                    trick[i] = saved[d, i]
                    seats[i] = (p - k + i + np_) % np_
            take_value(fr, d, val, mv[d, fr[d, F_I]], p % 2 == 0)
        i = fr[d, F_I]
        if i < fr[d, F_CNT] and fr[d, F_ALPHA] < fr[d, F_BETA]:
            c = mv[d, i]
            p = fr[d, F_P]
            n = fr[d, F_N]
            p0 = fr[d, F_PILE0]
            p1 = fr[d, F_PILE1]
            won0 = fr[d, F_WON0]
            won1 = fr[d, F_WON1]
            debtor = fr[d, F_DEBTOR]
            done = fr[d, F_DONE]
            alpha = fr[d, F_ALPHA]
            beta = fr[d, F_BETA]
            hands[p] = fr[d, F_HAND] ^ (1 << c)
            trick[n] = c
            seats[n] = p
            d += 1
            if n == np_ - 1:
                for j in range(n):
                    saved[d - 1, j] = trick[j]
                winner, p0, p1, won0, won1, debtor = _close(trick, seats, np_, p0, p1, won0,
                                                            won1, debtor)
                done += 1
                if done == total:
                    val = _final(p0, p1, won0, won1, reserve, debtor, winner % 2, opts)
                    returning = True
                else:
                    n = 0
                    to_move = winner
                    entering = True
            else:
                n += 1
                to_move = (p + 1) % np_
                entering = True
        else:
            best = fr[d, F_BEST]
            slot = fr[d, F_SLOT]
            if slot >= 0:
                lo, hi = window_bounds(best, fr[d, F_AIN], fr[d, F_BIN])
                p0 = fr[d, F_PILE0]
                p1 = fr[d, F_PILE1]
                packed = fr[d, F_TO_MOVE] | (1 if fr[d, F_WON0] else 0) << 3 \
                    | (1 if fr[d, F_WON1] else 0) << 4 | (fr[d, F_DEBTOR] + 1) << 5
                if _probe(slot, hands, p0, p1, packed, tkey, tstamp, stamp):
                    lo = max(lo, tbound[slot, 0])
                    hi = min(hi, tbound[slot, 1])
                tstamp[slot] = stamp
                for j in range(4):
                    tkey[slot, j] = hands[j]
                tkey[slot, 4] = p0
                tkey[slot, 5] = p1
                tkey[slot, 6] = packed
                tbound[slot, 0] = lo
                tbound[slot, 1] = hi
                tbest[slot] = fr[d, F_BESTC]
            val = best
            returning = True


@njit(cache=True)
def _playout(np_: int, hands: np.ndarray, trick: np.ndarray, seats: np.ndarray, n: int,
             to_move: int, p0: int, p1: int, won0: int, won1: int, debtor: int, done: int,
             total: int, reserve: np.ndarray, first: int, opts: np.ndarray) -> int:
    """The value of one line of play, every player playing the card :func:`_moves` orders
    first (``first``, if >= 0, the mover's): MTD(f)'s first guess."""
    hands = hands.copy()
    trick = trick.copy()
    seats = seats.copy()
    mv = np.empty((1, _MOVES), dtype=np.int64)
    sc = np.empty((1, _MOVES), dtype=np.float64)
    winner = to_move
    while done < total:
        c = first
        first = -1
        if c < 0:
            _moves(hands, trick, seats, n, to_move, -1, mv, sc, 0)
            c = mv[0, 0]
        hands[to_move] ^= 1 << c
        trick[n] = c
        seats[n] = to_move
        if n == np_ - 1:
            winner, p0, p1, won0, won1, debtor = _close(trick, seats, np_, p0, p1, won0,
                                                        won1, debtor)
            done += 1
            n = 0
            to_move = winner
        else:
            n += 1
            to_move = (to_move + 1) % np_
    return _final(p0, p1, won0, won1, reserve, debtor, winner % 2, opts)


@njit(cache=True)
def _mtdf(np_: int, hands: np.ndarray, trick: np.ndarray, seats: np.ndarray, n: int,
          to_move: int, p0: int, p1: int, won0: int, won1: int, debtor: int, done: int,
          total: int, reserve: np.ndarray, first: int, guess: int, opts: np.ndarray,
          tkey: np.ndarray, tbound: np.ndarray, tbest: np.ndarray, tstamp: np.ndarray,
          ctx: np.ndarray) -> int:
    """MTD(f): null-window searches around ``guess`` until the bounds meet."""
    fr = np.zeros((_PLIES, _FIELDS), dtype=np.int64)
    mv = np.zeros((_PLIES, _MOVES), dtype=np.int64)
    sc = np.zeros((_PLIES, _MOVES), dtype=np.float64)
    saved = np.zeros((_PLIES, 4), dtype=np.int64)
    g = guess
    lo = -INF
    hi = INF
    while lo < hi:
        b = g + 1 if g == lo else g
        g = _search(np_, hands, trick, seats, n, to_move, p0, p1, won0, won1, debtor, done,
                    total, reserve, b - 1, b, first, opts, tkey, tbound, tbest, tstamp, ctx,
                    fr, mv, sc, saved)
        if g == ABORTED:
            return g
        if g < b:
            hi = g
        else:
            lo = g
    return g


def pile_score(pile: int, opts: OttocentoOptions) -> int:
    """The half points the compiled search gives a pile (for tests against ``PileScorer``)."""
    return int(_pile_score(pile, _rules(opts)))


class FastSolver(CompiledSolver):
    """Exact solves of one world's positions (same ``solve`` and ``action_values`` as the
    reference ``Solver`` without its depth limit)."""

    def __init__(self, opts: OttocentoOptions, max_nodes: int = NO_LIMIT):
        """``max_nodes``: a solve that visits more raises :class:`NodeLimitExceeded`."""
        self.opts = _rules(opts)
        self.table = shared_table(TABLE_BITS, 7)
        self.ctx = np.array([self.table.next_stamp(), 0, self.table.mask, max_nodes],
                            dtype=np.int64)

    def solve(self, pos: Position) -> int:
        """The value (half points, team 0 minus team 1) of ``pos`` under best play."""
        return self._mtdf(pos, -1, None)

    def action_values(self, pos: Position) -> dict[int, int]:
        """The exact value of each legal card of the player to move; a pip of a run (see
        :func:`_reduced`) is worth what the run's first pip is."""
        out: dict[int, int] = {}
        guess = None  # the first card's from a line of play, each next card's the last value
        hands, trick, _ = _arrays(pos)
        legal = legal_mask(pos.hands[pos.to_move], [c for _, c in pos.trick])
        searched = int(_reduced(legal, hands, trick, len(pos.trick), pos.to_move))
        for card in iter_bits(legal):
            if searched >> card & 1:
                out[card] = guess = self._mtdf(pos, card, guess)
            else:  # the run's first pip: the highest searched card below it
                out[card] = out[(searched & ((1 << card) - 1)).bit_length() - 1]
        return out

    def _mtdf(self, pos: Position, first: int, guess: int | None) -> int:
        t = self.table
        hands, trick, seats = _arrays(pos)
        debtor = -1 if pos.debtor is None else pos.debtor
        state = (pos.n, hands, trick, seats, len(pos.trick), pos.to_move, pos.piles[0],
                 pos.piles[1], pos.won[0], pos.won[1], debtor, pos.tricks_done,
                 pos.total_tricks, np.array(pos.reserve, dtype=np.int64), first)
        if guess is None:
            guess = int(_playout(*state, self.opts))
        v = int(_mtdf(*state, guess, self.opts, t.key, t.bound, t.best, t.stamp, self.ctx))
        return self._checked(v)


def _arrays(pos: Position) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The hands (four rows, the missing players' empty), the trick's cards and their seats."""
    hands = np.zeros(4, dtype=np.int64)
    hands[:pos.n] = pos.hands
    trick = np.zeros(4, dtype=np.int64)
    seats = np.zeros(4, dtype=np.int64)
    for i, (seat, card) in enumerate(pos.trick):
        trick[i] = card
        seats[i] = seat
    return hands, trick, seats
