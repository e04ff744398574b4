"""Every test case of ottocento.md §15 appears in the Ottocento tests under its ID."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT.parent / "shared" / "rules" / "ottocento.md"


def _norm(text: str) -> str:
    return re.sub(r"[-.]", "_", text).lower()


@pytest.mark.skipif(not RULES.exists(), reason="shared rules documents not beside the checkout")
def test_every_rules_test_case_has_a_test() -> None:
    doc = RULES.read_text(encoding="utf-8")
    section = doc[doc.index("## 15. Test cases"):doc.index("## 16.")]
    ids = set(re.findall(r"OT-TC-[A-Z]+-[0-9]+", section))
    here = Path(__file__).parent
    sources = _norm("".join(p.read_text(encoding="utf-8") for p in here.glob("test_*.py")))
    missing = sorted(i for i in ids if _norm(i) not in sources)
    assert len(ids) >= 160
    assert not missing, f"rules test cases without a test: {missing}"
