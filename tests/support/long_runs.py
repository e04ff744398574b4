"""Property runs split in two: the first seeds in every run, the rest only under ``-m long``.

``make test`` leaves out tests marked ``long`` (see ``addopts`` in pyproject.toml) to stay within
its time budget on two cores; ``make test-long`` runs them. Each game and table keeps at least
DEFAULT_DEALS random deals in the default run.
"""

from __future__ import annotations

import pytest

DEFAULT_DEALS = 500


def seed_batches(total: int, default: int = DEFAULT_DEALS) -> list:
    """``pytest.param`` batches of seeds for ``parametrize("seeds", ...)``: ``range(default)``,
    then ``range(default, total)`` marked ``long``."""
    return [pytest.param(range(default), id="default"),
            pytest.param(range(default, total), id="long", marks=pytest.mark.long)]
