"""Every rules test case of the Ottocento guide appears in the Ottocento tests under its ID."""

from __future__ import annotations

from rules_ids import missing_tests, rule_test_ids


def test_every_rules_test_case_has_a_test() -> None:
    ids = rule_test_ids("ottocento")
    missing = missing_tests(ids, "ottocento")
    assert len(ids) >= 160
    assert not missing, f"rules test cases without a test: {missing}"
