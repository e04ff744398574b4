"""Hungarian tarokk (Paskievics / XX-calling), 4 and 5 players (docs/rules/hungarian-tarokk.md)."""

from tarock.core.protocol import register_game
from tarock.hungarian.game import HungarianGame, HungarianState, hungarian_factory
from tarock.hungarian.options import GAME_NAME, HungarianOptions

register_game(GAME_NAME, hungarian_factory)

__all__ = ["GAME_NAME", "HungarianGame", "HungarianOptions", "HungarianState"]
