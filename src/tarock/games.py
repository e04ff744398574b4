"""The games this installation knows. Importing this module registers all of them.

Kept outside :mod:`tarock.core` so that the core never imports a game.
"""

from __future__ import annotations

import tarock.bavarian  # registers "bavarian-tarock"
import tarock.hungarian  # registers "hungarian-tarokk"
import tarock.ottocento  # noqa: F401  (registers "ottocento")
from tarock.core.protocol import make_game, registered_games

__all__ = ["make_game", "registered_games"]
