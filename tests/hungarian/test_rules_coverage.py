"""Every test case of the rules document's §15 is present in the suite under its ID (HU-GEN-1).

The rules document lives in ``../shared/rules`` beside the checkout; the check is skipped only
where that folder is absent (a bare clone outside the project layout).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "hungarian-tarokk.md"


def _norm(text: str) -> str:
    return re.sub(r"[-.]", "_", text).lower()


@pytest.mark.skipif(not RULES.exists(), reason="shared rules documents not beside the checkout")
def test_every_rules_test_case_has_a_test() -> None:
    doc = RULES.read_text(encoding="utf-8")
    section = doc[doc.index("## 15. Test cases"):doc.index("## 16.")]
    ids = set(re.findall(r"HU-T-[A-Z0-9]+-[A-Za-z0-9]+(?:\.[0-9]+)?", section))
    ids.discard("HU-T-TAB-r")  # "HU-T-TAB-r.c" names the 48 parametrized cells
    ids.add("HU-T-TAB-r-c")
    sources = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    missing = sorted(i for i in ids if _norm(i) not in _norm(sources))
    assert len(ids) > 100
    assert not missing, f"rules test cases without a test: {missing}"
