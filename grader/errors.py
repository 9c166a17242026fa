"""Grader errors. A `GraderError` is a user mistake the grader finds (an unusable criteria
directory, a file that is neither HAR nor flows): the CLI prints it as one line and exits 2, as
it does the bundle package's `BundleError` and `SigningError` (re-exported here for the
grader's callers). Problems inside a bundle that can still be graded (a criterion that fails,
an unreadable state dump) never raise: they are recorded in the verdict, whose outcome becomes
`unscored`."""
from __future__ import annotations

from bundle.errors import BundleError, SigningError, TamperedBundleError

__all__ = ["GraderError", "CriteriaError", "BundleError", "TamperedBundleError", "SigningError"]


class GraderError(Exception):
    """Base class of the grader's own user-facing errors."""


class CriteriaError(GraderError):
    """The criteria directory itself is unusable (missing, not a directory)."""
