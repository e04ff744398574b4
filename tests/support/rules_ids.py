"""The check that every test case of a rules document has a test named by its ID.

The rules documents live in ``../shared/rules`` beside the checkout; the check is skipped only
where that folder is absent (a bare clone outside the project layout).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT.parent / "shared" / "rules"

needs_rules = pytest.mark.skipif(not RULES_DIR.exists(),
                                 reason="shared rules documents not beside the checkout")


def _norm(text: str) -> str:
    return re.sub(r"[-.]", "_", text).lower()


def rule_test_ids(document: str, start: str, end: str, pattern: str) -> set[str]:
    """The test IDs matching ``pattern`` between the headings ``start`` and ``end``."""
    doc = (RULES_DIR / document).read_text(encoding="utf-8")
    return set(re.findall(pattern, doc[doc.index(start):doc.index(end)]))


def missing_tests(ids: Iterable[str], test_dir: str) -> list[str]:
    """The IDs that no ``test_*.py`` below ``tests/<test_dir>`` mentions (in any spelling with
    - . or _, any case)."""
    sources = _norm("".join(p.read_text(encoding="utf-8")
                            for p in (ROOT / "tests" / test_dir).rglob("test_*.py")))
    return sorted(i for i in ids if _norm(i) not in sources)
