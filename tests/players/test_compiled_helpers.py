"""The helpers every compiled solver shares (``tarock.players.compiled``): the bit functions, the
move sort and the transposition table's layout."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tarock.players.compiled import StampedTable, popcount, sort_moves, top_bit

POSITIVE = st.integers(min_value=1, max_value=(1 << 63) - 1)


@pytest.fixture(scope="module", autouse=True)
def _loaded() -> None:
    """Each helper called once before its property test: the first call loads the compiled
    code from numba's cache, which on a slow machine takes longer than one example may
    (hypothesis's deadline)."""
    top_bit(1)
    popcount(1)
    sort_moves(np.zeros((1, 2), dtype=np.int64), np.zeros((1, 2), dtype=np.int64), 0, 2, -1)


@given(POSITIVE)
def test_top_bit_is_the_highest_set_bit(x: int) -> None:
    assert top_bit(x) == x.bit_length() - 1


@given(st.integers(min_value=0, max_value=(1 << 63) - 1))
def test_popcount_counts_the_set_bits(x: int) -> None:
    assert popcount(x) == bin(x).count("1")


@given(st.lists(st.integers(min_value=-5, max_value=5), min_size=1, max_size=16),
       st.integers(min_value=0, max_value=3), st.data())
def test_sort_moves_sorts_one_row_stably_and_puts_the_hint_first(
        scores: list[int], row: int, data: st.DataObject) -> None:
    cnt = len(scores)
    out = np.full((4, 16), -7, dtype=np.int64)
    score = np.full((4, 16), 99, dtype=np.int64)
    out[row, :cnt] = np.arange(cnt)
    score[row, :cnt] = scores
    hint = data.draw(st.integers(min_value=-1, max_value=cnt + 1))
    sort_moves(out, score, row, cnt, hint)
    expected = sorted(range(cnt), key=lambda i: scores[i])  # Python's sort is stable
    if 0 <= hint < cnt:
        expected.remove(hint)
        expected.insert(0, hint)
    assert list(out[row, :cnt]) == expected
    others = [r for r in range(4) if r != row]
    assert (out[others] == -7).all() and (score[others] == 99).all()


def test_table_entries_are_aligned_rows_whose_fields_do_not_overlap() -> None:
    for width in (4, 7):
        table = StampedTable(8, width)
        slot = 37
        table.stamp[slot] = 1
        table.key[slot] = np.arange(2, 2 + width)
        table.bound[slot] = (-3, 4)
        table.best[slot] = 5
        assert table.stamp[slot] == 1 and list(table.key[slot]) == list(range(2, 2 + width))
        assert list(table.bound[slot]) == [-3, 4] and table.best[slot] == 5
        # every other entry is untouched, and one entry starts a 64-byte cache line
        assert int((table.key != 0).sum()) == width and int((table.stamp != 0).sum()) == 1
        assert table.stamp.ctypes.data % 64 == 0
        assert table.stamp.strides[0] % 64 == 0
        assert table.key[slot].ctypes.data - table.stamp[slot:].ctypes.data < 64
