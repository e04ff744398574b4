"""Rule IDs and rules test-case IDs, read from the project's own rules guides in ``docs/rules``.

Two checks use this module: every rules test case (listed in ``docs/rules/test-cases.txt``) has a
test named by its ID, and every rule ID the code cites resolves to an anchor in a guide. Both read
only files of the checkout, so they run the same on any clone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "docs" / "rules"
TEST_CASES = RULES_DIR / "test-cases.txt"
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def _norm(text: str) -> str:
    return re.sub(r"[-.]", "_", text).lower()


def rule_test_ids(guide: str) -> set[str]:
    """The rules test-case IDs listed under ``[guide]`` in ``test-cases.txt``."""
    ids: dict[str, set[str]] = {}
    section: set[str] | None = None
    for raw in TEST_CASES.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = ids.setdefault(line[1:-1], set())
        elif section is None:
            raise ValueError(f"{TEST_CASES}: test-case ID {line!r} before any [guide] line")
        else:
            section.add(line)
    return ids[guide]


def all_test_case_ids() -> set[str]:
    """Every test-case ID of every guide."""
    guides = re.findall(r"^\[(.+)\]$", TEST_CASES.read_text(encoding="utf-8"), re.MULTILINE)
    return set().union(*(rule_test_ids(g) for g in guides))


def rule_anchors() -> set[str]:
    """Every anchor (``<a id="..."></a>``) of the rules guides."""
    return {a for p in RULES_DIR.glob("*.md") for a in ANCHOR.findall(p.read_text("utf-8"))}


def missing_tests(ids: Iterable[str], test_dir: str) -> list[str]:
    """The IDs that no ``test_*.py`` below ``tests/<test_dir>`` mentions (in any spelling with
    - . or _, any case)."""
    sources = _norm("".join(p.read_text(encoding="utf-8")
                            for p in (ROOT / "tests" / test_dir).rglob("test_*.py")))
    return sorted(i for i in ids if _norm(i) not in sources)
