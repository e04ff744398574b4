"""Deterministic random numbers that give the same deal on every machine and Python version.

Python's ``random`` module is stable in practice but not by contract, so deals are produced with
SplitMix64 and an unbiased Fisher-Yates shuffle, both fully specified here.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Final, TypeVar

T = TypeVar("T")
_MASK64: Final = (1 << 64) - 1


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea, Flood 2014): tiny, fast, and well distributed."""

    __slots__ = ("_state",)

    def __init__(self, seed: int):
        self._state = seed & _MASK64

    def next_u64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so that no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates, from the end)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(items: list[T], seed: int) -> list[T]:
    """A shuffled copy of ``items`` determined by ``seed`` alone."""
    out = list(items)
    SplitMix64(seed).shuffle(out)
    return out


def derive_seed(seed: int, index: int) -> int:
    """Seed number ``index`` of a stream derived from ``seed`` (e.g. deal ``index`` of a match).

    Each step feeds the previous value through SplitMix64, so different seeds and indices give
    unrelated values; the result has 53 bits, so that it is exact in every JSON reader.
    """
    gen = SplitMix64(seed ^ 0x6A09E667F3BCC909)
    value = gen.next_u64()
    return SplitMix64(value + index).next_u64() >> 11
