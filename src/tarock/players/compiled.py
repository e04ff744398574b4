"""Helpers shared by the games' compiled (numba) solvers: bit tricks and the transposition table.

The table is one set of preallocated arrays per process and key width, shared by every solver
of that width: allocating tens of megabytes per sampled world would cost more than solving it.
Each solver takes a fresh ``stamp``; an entry counts only when its stamp is the reader's, so a
solver never reads another world's values (whose keys would mean something else).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

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


@njit(cache=True)
def top_bit(x: int) -> int:
    """The index of the highest set bit of a positive value below 2^63."""
    n = 0
    if x >> 32:
        n += 32
        x >>= 32
    if x >> 16:
        n += 16
        x >>= 16
    if x >> 8:
        n += 8
        x >>= 8
    if x >> 4:
        n += 4
        x >>= 4
    if x >> 2:
        n += 2
        x >>= 2
    if x >> 1:
        n += 1
    return n


@njit(cache=True)
def popcount(x: int) -> int:
    """The set bits of a value below 2^63."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101 & 0x7FFFFFFFFFFFFFFF) >> 56


@njit(cache=True)
def sort_moves(out: Any, score: Any, cnt: int, hint: int) -> None:
    """Order the first ``cnt`` moves of ``out`` by ``score``, lowest first and stably (the
    reference solvers' sort is stable too), then put ``hint`` (the transposition table's best
    move) first when it is among them."""
    for i in range(1, cnt):
        c = out[i]
        s = score[i]
        j = i - 1
        while j >= 0 and score[j] > s:
            out[j + 1] = out[j]
            score[j + 1] = score[j]
            j -= 1
        out[j + 1] = c
        score[j + 1] = s
    if hint >= 0:
        for j in range(cnt):
            if out[j] == hint:
                while j > 0:
                    out[j] = out[j - 1]
                    j -= 1
                out[0] = hint
                break


@njit(cache=True)
def window_bounds(best: int, alpha: int, beta: int) -> tuple[int, int]:
    """What a search result ``best`` in the window (``alpha``, ``beta``) proves about the true
    value: an upper bound when it failed low, a lower bound when it failed high, else the value."""
    if best <= alpha:
        return -INF, best
    if best >= beta:
        return best, INF
    return best, best


@njit(cache=True)
def finish_hash(x: int, mask: int) -> int:
    """A table slot from a sum of multiplied key words (splitmix64's finaliser)."""
    x ^= x >> 31
    x *= _M5
    x ^= x >> 29
    return x & mask


class StampedTable:
    """``key[slot, :width]`` identifies the position, ``bound[slot]`` holds (lower, upper),
    ``best[slot]`` the best card found there, ``stamp[slot]`` whose entry it is."""

    def __init__(self, bits: int, width: int):
        size = 1 << bits
        self.key = np.zeros((size, width), dtype=np.int64)
        self.bound = np.zeros((size, 2), dtype=np.int64)
        self.best = np.zeros(size, dtype=np.int64)
        self.stamp = np.zeros(size, dtype=np.int64)
        self.mask = size - 1
        self._last = 0

    def next_stamp(self) -> int:
        self._last += 1
        return self._last


_TABLES: dict[tuple[int, int], StampedTable] = {}


def shared_table(bits: int, width: int) -> StampedTable:
    """The process's table of this size and key width, allocated on first use."""
    table = _TABLES.get((bits, width))
    if table is None:
        table = _TABLES[(bits, width)] = StampedTable(bits, width)
    return table
