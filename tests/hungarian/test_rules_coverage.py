"""Every rules test case of the Hungarian guide is present in the suite under its ID (HU-GEN-1)."""

from __future__ import annotations

from rules_ids import missing_tests, rule_test_ids

# Test cases of the house-rule options that issue 14 ("Hungarian tarokk as people
# play it") implements. Built from a range, not spelled out, so that this file does not count as
# their test; the list must be empty when issue 14 is resolved.
PENDING_ISSUE_14: set[str] = set()


def test_every_rules_test_case_has_a_test() -> None:
    ids = rule_test_ids("hungarian-tarokk")  # "HU-T-TAB-r-c" names the 48 parametrized cells
    missing = set(missing_tests(ids, "."))
    assert len(ids) > 100
    assert ids >= PENDING_ISSUE_14, "a pending ID is not a test case of the rules"
    written = PENDING_ISSUE_14 - missing
    assert not written, f"tested now, take them off the pending list: {sorted(written)}"
    assert not missing - PENDING_ISSUE_14, \
        f"rules test cases without a test: {sorted(missing - PENDING_ISSUE_14)}"
