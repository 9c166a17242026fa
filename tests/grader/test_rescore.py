"""Batch re-scoring (grader/rescore.py) gives the verdicts of grading one bundle at a time."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bundle.keys import Keyring
from grader import verdict_bytes
from grader.rescore import rescore_bundles
from grader.scoring import grade_bundle

SAMPLES = Path(__file__).parents[2] / "traces" / "samples"
SIGNERS = SAMPLES / "signers.pub"
# one of each kind, oracle and noop, and build-04 (a long VALUES answer key in shared definitions)
PICK = ["build-04-hireharbor-committee-advance__oracle__t1", "build-04-hireharbor-committee-advance__noop__t1",
        "fix-09-benchline-lost-event-batches__oracle__t1", "harden-02-placemint-webhook-gauntlet__oracle__t1",
        "migrate-01-staffline-placemint-placements__oracle__t1", "migrate-02-placemint-poll-to-webhooks__noop__t1"]


@pytest.fixture
def archive(tmp_path):
    missing = [p for p in PICK if not (SAMPLES / p / "manifest.json").is_file()]
    if missing:
        pytest.skip(f"samples not here: {missing}")
    out = []
    for i, name in enumerate(PICK * 2):  # each twice: the second copy hits the shared caches
        dest = tmp_path / f"copy{i // len(PICK)}" / name
        shutil.copytree(SAMPLES / name, dest, ignore=shutil.ignore_patterns("verdict.rescored.*"))
        out.append(dest)
    return out


@pytest.mark.parametrize("jobs", [1, 2])
def test_batch_verdicts_are_byte_identical_to_one_at_a_time(archive, jobs):
    rows = rescore_bundles(archive, jobs=jobs, overwrite=False, allow_tampered=False, trust=(SIGNERS,))
    assert [r["error"] for r in rows] == [None] * len(archive)
    assert [r["bundle"] for r in rows] == [str(b) for b in archive]  # the summary keeps the order
    ring = Keyring.default((SIGNERS,))
    for b in archive:
        alone = verdict_bytes(grade_bundle(b, keyring=ring))
        assert (b / "verdict.rescored.json").read_bytes() == alone, b.name
        # and the committed verdict: the batch moves no score
        assert alone == (SAMPLES / b.name / "verdict.json").read_bytes(), b.name


def test_a_bundle_that_cannot_be_graded_is_a_row_not_a_stopped_batch(archive):
    bad = archive[0]
    (bad / "exchanges.jsonl").write_text("tampered\n")
    rows = rescore_bundles(archive[:3], jobs=2, overwrite=False, allow_tampered=False, trust=(SIGNERS,))
    assert rows[0]["error"] and "manifest" in rows[0]["error"].lower()
    assert [r["error"] for r in rows[1:]] == [None, None]
    assert not (bad / "verdict.rescored.json").exists()
