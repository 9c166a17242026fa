"""The mutant gate: a mutant fails exactly what it declares (on a variant: is caught by it), a
correctness or integrity defect ends unsolved, a conduct-only defect loses at least its weight."""
from pathlib import Path

from ibench.run_cli import mutant_gate
from ibench.runner import RunResult


def result(criteria, solved, score, outcome="completed"):
    verdict = {"outcome": outcome, "solved": solved, "score": score, "criteria": [
        {"id": cid, "category": cat, "weight": w, "passed": passed, "credit": 1.0 if passed else credit}
        for cid, cat, w, passed, credit in criteria]}
    return RunResult("r", "t", "oracle+m", 1, Path("."), outcome, verdict)


def test_correctness_defect_that_stays_solved_fails_the_gate():
    r = result([("c1", "correctness", 3, False, 0.0), ("c2", "correctness", 3, True, 1.0)], True, 50.0)
    name, ok, detail = mutant_gate("m", {"c1"}, r)
    assert not ok and "must leave the run unsolved" in detail


def test_correctness_defect_that_ends_unsolved_passes():
    r = result([("c1", "correctness", 3, False, 0.0), ("c2", "correctness", 3, True, 1.0)], False, 50.0)
    assert mutant_gate("m", {"c1"}, r)[1]


def test_integrity_defect_counts_like_correctness():
    r = result([("c1", "integrity", 1, False, 0.0), ("c2", "correctness", 3, True, 1.0)], True, 75.0)
    assert not mutant_gate("m", {"c1"}, r)[1]


def test_conduct_defect_with_partial_credit_does_not_lose_its_weight():
    r = result([("k1", "conduct", 2, False, 0.5), ("c2", "correctness", 2, True, 1.0)], True, 75.0)
    name, ok, detail = mutant_gate("m", {"k1"}, r)
    assert not ok and "score <= 50.0" in detail


def test_conduct_defect_losing_its_full_weight_passes_even_when_solved():
    r = result([("k1", "conduct", 2, False, 0.0), ("c2", "correctness", 2, True, 1.0)], True, 50.0)
    assert mutant_gate("m", {"k1"}, r)[1]


def test_failing_other_criteria_than_declared_fails_the_gate():
    r = result([("c1", "correctness", 3, False, 0.0), ("c2", "correctness", 3, False, 0.0)], False, 0.0)
    assert not mutant_gate("m", {"c1"}, r)[1]


def test_an_ungraded_mutant_run_fails_the_gate():
    r = result([], None, None, outcome="harness_error")
    assert not mutant_gate("m", {"c1"}, r)[1]


def test_on_a_variant_a_mutant_need_only_be_caught_by_what_it_declares():
    # the written data's footprint is c1 and c2; the variant's draw damages only c1, and c3 too
    r = result([("c1", "correctness", 3, False, 0.0), ("c2", "correctness", 3, True, 1.0),
                ("c3", "correctness", 3, False, 0.0)], False, 33.3)
    assert not mutant_gate("m", {"c1", "c2"}, r)[1]
    name, ok, detail = mutant_gate("m", {"c1", "c2"}, r, variant=1)
    assert ok and "caught by ['c1']" in detail


def test_on_a_variant_a_mutant_caught_only_by_other_criteria_fails_the_gate():
    r = result([("c1", "correctness", 3, True, 1.0), ("c3", "correctness", 3, False, 0.0)], False, 50.0)
    name, ok, detail = mutant_gate("m", {"c1"}, r, variant=2)
    assert not ok and "caught by none it declares" in detail


def test_on_a_variant_the_cost_rule_holds_for_what_it_fails():
    r = result([("c1", "correctness", 3, False, 0.0), ("k1", "conduct", 1, True, 1.0)], True, 75.0)
    assert not mutant_gate("m", {"c1", "k1"}, r, variant=1)[1]  # a correctness defect left solved
