"""Integration Bench grader: DuckDB criteria over a trace bundle, the conduct library,
scoring and verdicts. Public entry points:

- `grade(bundle_dir, criteria_dir=None, allow_tampered=False, keyring=None) -> dict` (the verdict)
- `verdict_bytes(verdict) -> bytes` (the canonical, byte-stable serialisation)
- `load_bundle(bundle_dir, allow_tampered=False) -> Bundle` (a DuckDB connection with the views)

See docs/grader.md (criteria, views, scoring, verdict, CLI) and docs/conduct.md (the library).
"""
from __future__ import annotations

from grader.errors import BundleError, GraderError, TamperedBundleError
from grader.version import VERDICT_SCHEMA_VERSION, __version__


def grade(bundle_dir, criteria_dir=None, allow_tampered: bool = False, conduct=None,
          keyring=None):
    from grader.scoring import grade_bundle

    return grade_bundle(bundle_dir, criteria_dir=criteria_dir, allow_tampered=allow_tampered,
                        conduct=conduct, keyring=keyring)


def verdict_bytes(verdict: dict) -> bytes:
    from grader.scoring import verdict_bytes as _vb

    return _vb(verdict)


def load_bundle(bundle_dir, allow_tampered: bool = False):
    from grader.bundle import load_bundle as _lb

    return _lb(bundle_dir, allow_tampered=allow_tampered)


__all__ = ["grade", "verdict_bytes", "load_bundle", "BundleError", "GraderError",
           "TamperedBundleError", "__version__", "VERDICT_SCHEMA_VERSION"]
