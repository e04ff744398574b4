"""``python -m tarock.players.warm``: compile (on a machine's first start) or load every game's
compiled solver, so that nobody's first game waits for numba.

``make play`` and ``make test`` run it whenever a solver's source changed: numba keeps what it
compiled next to the sources, and a search player that compiles in the middle of a move would
spend many seconds there instead of its budget.
"""

from __future__ import annotations

import tarock.games  # noqa: F401  (registers the games)
from tarock.core.protocol import make_game, registered_games
from tarock.players.search import warm_up


def main() -> None:
    for name in registered_games():
        warm_up(make_game(name))


if __name__ == "__main__":
    main()
