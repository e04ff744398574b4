"""Ottocento (Tarocchino Bolognese), 4 players in teams and the 2-player game.

The rules: docs/rules/ottocento.md.
"""

from tarock.core.protocol import register_command, register_game
from tarock.ottocento.combinations import Combination, count_cards, holding_combinations
from tarock.ottocento.game import OttocentoGame, OttocentoState, ottocento_factory
from tarock.ottocento.options import GAME_NAME, OttocentoOptions

register_game(GAME_NAME, ottocento_factory)
register_command("ottocento-count", "tarock.ottocento.count_cmd:ottocento_count_cmd")

__all__ = ["GAME_NAME", "Combination", "OttocentoGame", "OttocentoOptions", "OttocentoState",
           "count_cards", "holding_combinations"]
