"""tarock: exact engines, computer players and tools for Central European and Bolognese tarot games."""

__version__ = "0.1.0"
