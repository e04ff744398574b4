"""tarock: exact engines, computer players and tools for the tarot games of Central Europe and
Bologna."""

from tarock.core.native import install_guard

# First of all: whether the engine modules run compiled or from source (tarock.core.native)
NATIVE = install_guard()

__version__ = "0.1.0"
