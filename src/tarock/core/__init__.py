"""The game-agnostic core: cards, the game/state protocol, seeded RNG, records and errors.

Nothing in this package imports a game package; games register themselves with the registry.
"""
