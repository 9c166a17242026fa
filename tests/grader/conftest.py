from __future__ import annotations

import pytest

from grader.bundle import load_bundle
from grader.conduct import Context, evaluate
from grader.criteria import Criterion
from tests.grader.builder import BundleBuilder


@pytest.fixture
def builder(tmp_path):
    return BundleBuilder(tmp_path / "bundle")


def run_check(b: BundleBuilder, check: str, partial: bool = False, lazy: bool = False, **params):
    """Build the bundle and evaluate one conduct check; returns the Result. `lazy`: dump views
    made on first use, as `ibench grade` makes them (grader/dump_views.py)."""
    path = b.build()
    bundle = load_bundle(path, lazy_dumps=lazy)
    try:
        crit = Criterion(id=f"lib:{check}", source="test", category="conduct", conduct=check,
                         params=params, partial=partial)
        return evaluate(Context.from_bundle(bundle), crit, evidence_rows=50)
    finally:
        bundle.close()


def fired(r) -> bool:
    assert r.error is None, r.error
    assert r.applicable, f"not recorded: {r.reason}"
    return r.passed is False


def silent(r) -> bool:
    assert r.error is None, r.error
    assert r.applicable, f"not recorded: {r.reason}"
    return r.passed is True and r.violations == 0


def not_recorded(r) -> bool:
    assert r.error is None, r.error
    return r.applicable is False
