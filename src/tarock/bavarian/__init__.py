"""Bavarian tarock (Bayerisches Tarock, Haferltarock), 3 players (docs/rules/bavarian-tarock.md)."""

from tarock.bavarian.game import BavarianGame, BavarianState, bavarian_factory
from tarock.bavarian.options import GAME_NAME, BavarianOptions
from tarock.core.protocol import register_game

register_game(GAME_NAME, bavarian_factory)

__all__ = ["GAME_NAME", "BavarianGame", "BavarianOptions", "BavarianState"]
