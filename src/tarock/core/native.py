"""The compiled build of the hot engine modules, and the guard that keeps it honest.

The modules in :data:`NATIVE_MODULES` are plain, typed Python and stay the one source of the
rules. When a C compiler is present, the build (``setup.py``) also compiles them with mypyc into
extension modules beside their sources, and writes :data:`MANIFEST`: each module's SHA-256 as it
was compiled. Python imports an extension module in preference to its ``.py``, so a source edited
after the build would silently not run. :func:`install_guard` (called when ``tarock`` is
imported) therefore checks the manifest against the sources and, if any differs, has all of these
modules imported from source instead, with a warning; ``TAROCK_PURE=1`` asks for the sources on
purpose. The compiled and the plain modules behave the same: the tests compare them with each
other on random deals of every game and with a golden record of the Hungarian engine.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# The modules compiled together: the core's cards, tricks and RNG, which every game uses, the
# Hungarian and Ottocento engines, whose decisions cost the most (docs/performance.md), and
# Ottocento's heuristic and card-play sampler, which the search player's play-outs call at every
# card. All or none of them are used compiled: they call each other natively.
NATIVE_MODULES = (
    "tarock.core.cards",
    "tarock.core.rng",
    "tarock.core.tricks",
    "tarock.hungarian.actions",
    "tarock.hungarian.announcements",
    "tarock.hungarian.auction",
    "tarock.hungarian.calling",
    "tarock.hungarian.cards",
    "tarock.hungarian.game",
    "tarock.hungarian.illusztralt",
    "tarock.hungarian.outcome",
    "tarock.hungarian.play",
    "tarock.hungarian.scoring",
    "tarock.hungarian.talon",
    "tarock.ottocento.actions",
    "tarock.ottocento.cards",
    "tarock.ottocento.combinations",
    "tarock.ottocento.deal",
    "tarock.ottocento.declarations",
    "tarock.ottocento.game",
    "tarock.ottocento.play",
    "tarock.ottocento.scoring",
    "tarock.ottocento.strategy.heuristic",
    "tarock.ottocento.strategy.sampler",
)
PACKAGE_DIR = Path(__file__).parent.parent  # src/tarock
MANIFEST = PACKAGE_DIR / "native_build.json"


class NativeBuildWarning(UserWarning):
    """The compiled modules are older than their sources, so the sources are used."""


def source_path(module: str) -> Path:
    """The ``.py`` file of one of :data:`NATIVE_MODULES`."""
    return PACKAGE_DIR.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_digest(module: str) -> str:
    return hashlib.sha256(source_path(module).read_bytes()).hexdigest()


def write_manifest(directory: Path) -> None:
    """Record the sources as compiled (called by the build)."""
    digests = {m: source_digest(m) for m in NATIVE_MODULES}
    (directory / MANIFEST.name).write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")


def stale_modules(manifest: Path = MANIFEST) -> list[str]:
    """The compiled modules whose source changed since the build ([] without a build)."""
    if not manifest.exists():
        return []
    built = json.loads(manifest.read_text())
    return [m for m in NATIVE_MODULES if built.get(m) != source_digest(m)]


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


class _SourceFinder:
    """Finds :data:`NATIVE_MODULES` as their ``.py`` files, ahead of the extension modules (a
    meta path finder; not derived from ``importlib.abc``, whose import costs 20 ms at every
    start)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in NATIVE_MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


def install_guard(manifest: Path = MANIFEST) -> str:
    """Decide between the compiled and the plain modules before any of them is imported, and
    say which: "compiled", or "source" with the reason (no build, ``TAROCK_PURE``, stale)."""
    if not manifest.exists():
        reason = "source (not compiled)"
    elif os.environ.get("TAROCK_PURE", "") not in ("", "0"):
        reason = "source (TAROCK_PURE)"
    elif stale := stale_modules(manifest):
        warnings.warn(
            f"the compiled {', '.join(stale)} predate their sources; using the sources (rebuild "
            "with `make` or `pip install .`)", NativeBuildWarning, stacklevel=2)
        reason = "source (stale build)"
    else:
        return "compiled"
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
    return reason

