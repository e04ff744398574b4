"""Computer players. They see only ``observation(seat)`` and the legal actions (core protocol)."""

from tarock.players.base import Player, make_player, player_names

__all__ = ["Player", "make_player", "player_names"]
