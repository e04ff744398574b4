"""The duplicate arena: computer players compared on the same cards, with confidence intervals.

:mod:`~tarock.arena.schedule` seats the player types for each replay of a deal,
:mod:`~tarock.arena.runner` plays the units and sums them up, :mod:`~tarock.arena.stats` computes
the means and intervals, and :mod:`~tarock.arena.backends` spreads the work over processes or a
Ray cluster. Everything goes through the game/state protocol; the arena knows no game.
"""

from tarock.arena.runner import ArenaResult, run_arena
from tarock.arena.schedule import duplicate_schedule

__all__ = ["ArenaResult", "duplicate_schedule", "run_arena"]
