"""Every test case of hungarian-tarokk.md §15 is present in the suite under its ID (HU-GEN-1)."""

from __future__ import annotations

from rules_ids import missing_tests, needs_rules, rule_test_ids


@needs_rules
def test_every_rules_test_case_has_a_test() -> None:
    ids = rule_test_ids("hungarian-tarokk.md", "## 15. Test cases", "## 16.",
                        r"HU-T-[A-Z0-9]+-[A-Za-z0-9]+(?:\.[0-9]+)?")
    ids.discard("HU-T-TAB-r")  # "HU-T-TAB-r.c" names the 48 parametrized cells
    ids.add("HU-T-TAB-r-c")
    missing = missing_tests(ids, ".")
    assert len(ids) > 100
    assert not missing, f"rules test cases without a test: {missing}"
