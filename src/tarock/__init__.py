"""tarock: exact engines, computer players and tools for the tarot games of Central Europe and
Bologna."""

__version__ = "0.1.0"
