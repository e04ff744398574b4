"""Helpers shared by the games' compiled (numba) solvers: bit tricks and the transposition table.

The table is one set of preallocated arrays per process and key width, shared by every solver
of that width: allocating tens of megabytes per sampled world would cost more than solving it.
Each solver takes a fresh ``stamp``; an entry counts only when its stamp is the reader's, so a
solver never reads another world's values (whose keys would mean something else).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit, types
from numba.extending import intrinsic

INF = 1 << 30
ABORTED = -(1 << 40)  # what a search returns when it ran past its node limit
NO_LIMIT = 1 << 62


class NodeLimitExceeded(Exception):
    """A compiled solve visited more nodes than its ``max_nodes``: the caller decides what to do
    instead (the search player drops the world and decides with those it solved)."""

    def __init__(self, nodes: int):
        super().__init__(f"the solve stopped after {nodes:,} nodes")
        self.nodes = nodes


class CompiledSolver:
    """What the games' compiled solvers share around their search: ``ctx`` is the array the
    compiled code counts in (``ctx[1]``: nodes visited), and a search that ran past the node
    limit returns ABORTED, which becomes :class:`NodeLimitExceeded` here."""

    ctx: np.ndarray

    @property
    def nodes(self) -> int:
        return int(self.ctx[1])

    def _checked(self, value: int) -> int:
        if value == ABORTED:
            raise NodeLimitExceeded(self.nodes)
        return value

# Multipliers of the hash (splitmix64 and xxhash constants), as signed 64-bit values so that
# numba multiplies in int64 (wrapping) instead of promoting to float.
MULTIPLIERS = tuple(c - (1 << 64) if c >= 1 << 63 else c for c in (
    0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0x27D4EB2F165667C5,
    0x94D049BB133111EB, 0xBF58476D1CE4E5B9))
_M5 = MULTIPLIERS[5]

# The decorator of the solvers' search and of every helper it calls: compiled and cached like
# ``njit(cache=True)``, but without numba's reference counting of arrays (NRT). With it, each call
# that passes arrays, and each row view of one, updates their counts with atomic instructions:
# profiled, that was about half of the search's time. These functions allocate nothing (numba
# refuses to compile an allocation without NRT), so there is nothing for the counts to free; the
# arrays belong to the caller (the ``_mtdf`` driver of each game, compiled with NRT), which
# outlives the search.
kernel = njit(cache=True, _nrt=False)  # type: ignore[call-overload]  # (numba's option)


@intrinsic
def _ctlz(typingctx: Any, x: Any) -> Any:
    """LLVM's count of leading zeros (one instruction on current CPUs)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@intrinsic
def _ctpop(typingctx: Any, x: Any) -> Any:
    """LLVM's population count (one instruction on current CPUs)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@kernel
def top_bit(x: int) -> int:
    """The index of the highest set bit of a positive value below 2^63."""
    return 63 - _ctlz(x)  # type: ignore[call-arg]  # (typed by the intrinsic)


@kernel
def popcount(x: int) -> int:
    """The set bits of a value below 2^63."""
    return _ctpop(x)  # type: ignore[call-arg]


@kernel
def sort_moves(out: Any, score: Any, row: int, cnt: int, hint: int) -> None:
    """Order the first ``cnt`` moves of row ``row`` of ``out`` by the same row of ``score``,
    lowest first and stably (the reference solvers' sort is stable too), then put ``hint`` (the
    transposition table's best move) first when it is among them. (The search's move arrays
    have a row per ply.)"""
    for i in range(1, cnt):
        c = out[row, i]
        s = score[row, i]
        j = i - 1
        while j >= 0 and score[row, j] > s:
            out[row, j + 1] = out[row, j]
            score[row, j + 1] = score[row, j]
            j -= 1
        out[row, j + 1] = c
        score[row, j + 1] = s
    if hint >= 0:
        for j in range(cnt):
            if out[row, j] == hint:
                while j > 0:
                    out[row, j] = out[row, j - 1]
                    j -= 1
                out[row, 0] = hint
                break


# The fields that every game's search frame starts with; each game's own fields follow from
# F_OWN. A frame is a row of a 2-D int64 array, one per ply.
F_ALPHA, F_BETA, F_AIN, F_BIN, F_BEST, F_BESTC, F_I, F_CNT = range(8)
F_OWN = 8


@kernel
def take_value(fr: Any, d: int, val: int, card: int, maximize: bool) -> None:
    """Record in frame ``d`` the value ``val`` that its card ``card`` led to, for the side to
    move there (``maximize``: it wants the value high), narrowing the frame's window, and move on
    to the frame's next card."""
    if maximize:
        if val > fr[d, F_BEST]:
            fr[d, F_BEST] = val
            fr[d, F_BESTC] = card
            fr[d, F_ALPHA] = max(fr[d, F_ALPHA], val)
    elif val < fr[d, F_BEST]:
        fr[d, F_BEST] = val
        fr[d, F_BESTC] = card
        fr[d, F_BETA] = min(fr[d, F_BETA], val)
    fr[d, F_I] += 1


@kernel
def settled(lo: int, hi: int, alpha: int, beta: int) -> tuple[bool, int]:
    """Whether the bounds ``lo`` and ``hi`` on a node's value settle its search in the window
    (``alpha``, ``beta``) without searching it (it fails high, fails low, or its value is
    known), and the value to return then."""
    if lo >= beta:
        return True, lo
    if hi <= alpha:
        return True, hi
    if lo == hi:
        return True, lo
    return False, 0


@kernel
def window_bounds(best: int, alpha: int, beta: int) -> tuple[int, int]:
    """What a search result ``best`` in the window (``alpha``, ``beta``) proves about the true
    value: an upper bound when it failed low, a lower bound when it failed high, else the value."""
    if best <= alpha:
        return -INF, best
    if best >= beta:
        return best, INF
    return best, best


@kernel
def finish_hash(x: int, mask: int) -> int:
    """A table slot from a sum of multiplied key words (splitmix64's finaliser)."""
    x ^= x >> 31
    x *= _M5
    x ^= x >> 29
    return x & mask


def aligned_rows(count: int, words: int) -> np.ndarray:
    """``count`` rows of ``words`` int64 zeros, the first starting a 64-byte cache line (so that
    rows of 8 words, or of a divisor of 8, never straddle two)."""
    raw = np.zeros(count * words + 8, dtype=np.int64)
    start = (-raw.ctypes.data % 64) // 8
    return raw[start:start + count * words].reshape(count, words)


class StampedTable:
    """``key[slot, :width]`` identifies the position, ``bound[slot]`` holds (lower, upper),
    ``best[slot]`` the best card found there, ``stamp[slot]`` whose entry it is. ``rows`` is
    the whole table, a row per slot, for a solver that packs its entries itself (the Bavarian
    one keeps two in a row)."""

    def __init__(self, bits: int, width: int):
        size = 1 << bits
        # One row per entry, the stamp and the key first, rows a multiple of 64 bytes long and
        # aligned: a probe reads one cache line instead of one in each of four arrays.
        row = -(-(width + 4) // 8) * 8
        data = aligned_rows(size, row)
        self.rows = data
        self.stamp = data[:, 0]
        self.key = data[:, 1:width + 1]
        self.bound = data[:, width + 1:width + 3]
        self.best = data[:, width + 3]
        self.mask = size - 1
        self._last = 0

    def next_stamp(self) -> int:
        self._last += 1
        return self._last

    def restart(self) -> None:
        """Empty the table and number its solvers from 1 again (for a solver that packs the
        stamp into fewer bits than a word)."""
        self.rows[:] = 0
        self._last = 0


_TABLES: dict[tuple[int, int], StampedTable] = {}
_ROWS: dict[tuple[int, int], np.ndarray] = {}


def shared_rows(bits: int, words: int) -> np.ndarray:
    """The process's table of ``2**bits`` rows of ``words`` int64 words (a divisor of 8), for a
    solver that packs its entries itself and tells them apart by stamp as the
    :class:`StampedTable`'s users do; its rows lie in 64-byte cache lines (allocated on first
    use, zeroed)."""
    rows = _ROWS.get((bits, words))
    if rows is None:
        rows = _ROWS[(bits, words)] = aligned_rows(1 << bits, words)
    return rows


def shared_table(bits: int, width: int) -> StampedTable:
    """The process's table of this size and key width, allocated on first use."""
    table = _TABLES.get((bits, width))
    if table is None:
        table = _TABLES[(bits, width)] = StampedTable(bits, width)
    return table
