"""The committed sample bundles re-grade offline to their committed verdicts, byte for byte."""
from pathlib import Path

import pytest

import grader

SAMPLES = Path(__file__).parents[2] / "traces" / "samples"
BUNDLES = sorted(p for p in SAMPLES.iterdir() if (p / "verdict.json").exists()) if SAMPLES.is_dir() else []


def test_there_are_samples():
    assert BUNDLES, "traces/samples/ holds no bundles"


def test_samples_hold_no_re_grade_copies():
    """`ibench rescore` writes verdict.rescored.* beside a verdict, signed by whoever ran it; the
    report and the leaderboard prefer it, so a committed copy would hide the signed sample."""
    assert sorted(p.relative_to(SAMPLES).as_posix() for p in SAMPLES.glob("*/verdict.rescored.*")) == []


@pytest.mark.parametrize("bundle", BUNDLES, ids=[b.name for b in BUNDLES])
def test_sample_regrades_to_its_committed_verdict(bundle):
    verdict = grader.grade(bundle)
    assert grader.verdict_bytes(verdict) == (bundle / "verdict.json").read_bytes()
