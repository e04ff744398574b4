"""The transposition table of bounds shared by the alpha-beta solvers."""

from __future__ import annotations

from collections.abc import Hashable

INF = 1 << 30


class BoundTable(dict[Hashable, tuple[int, int]]):
    """Maps a position to the (lower, upper) bounds of its value found so far."""

    def probe(self, key: Hashable, alpha: int, beta: int) -> tuple[int | None, int, int]:
        """The value when the stored bounds already decide it, else None and the window
        narrowed by them."""
        hit = self.get(key)
        if hit is None:
            return None, alpha, beta
        lo, hi = hit
        if lo >= beta:
            return lo, alpha, beta
        if hi <= alpha:
            return hi, alpha, beta
        if lo == hi:
            return lo, alpha, beta
        return None, max(alpha, lo), min(beta, hi)

    def store(self, key: Hashable, value: int, alpha: int, beta: int) -> None:
        """Record ``value`` searched with the window (alpha, beta): a fail-low gives an upper
        bound, a fail-high a lower one, anything inside the exact value."""
        lo, hi = self.get(key, (-INF, INF))
        if value <= alpha:
            hi = min(hi, value)
        elif value >= beta:
            lo = max(lo, value)
        else:
            lo = hi = value
        self[key] = (lo, hi)
