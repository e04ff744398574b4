"""Every test case of Illusztrált tarokk (docs/rules/test-cases.txt, [hungarian-illusztralt]) is
present in the Hungarian suite under its ID.

`variant` = illusztralt is not playable yet (HU-GEN-6), so every ID is still pending; the test
fails as soon as one is tested and still counted pending, and when the variant is done the pending
set must be empty.
"""

from __future__ import annotations

from rules_ids import missing_tests, rule_test_ids

GUIDE = "hungarian-illusztralt"
# The IDs still without a test: all of them, taken from the list rather than spelled out, so that
# this file does not count as their test.
PENDING_ILLUSZTRALT = rule_test_ids(GUIDE)


def test_every_illusztralt_test_case_has_a_test() -> None:
    ids = rule_test_ids(GUIDE)
    missing = set(missing_tests(ids, "hungarian"))
    assert len(ids) == 84
    written = PENDING_ILLUSZTRALT - missing
    assert not written, f"tested now, take them off the pending list: {sorted(written)}"
    assert not missing - PENDING_ILLUSZTRALT, \
        f"Illusztrált test cases without a test: {sorted(missing - PENDING_ILLUSZTRALT)}"
