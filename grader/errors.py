"""Grader errors. A `BundleError` is a user mistake (a path that is not a bundle, a tampered
bundle): the CLI prints it as one line and exits 2. Problems inside a bundle that can still be
graded (a criterion that fails, an unreadable state dump) never raise: they are recorded in the
verdict, whose outcome becomes `unscored`."""
from __future__ import annotations

try:  # the harness's error type, so `ibench` prints one line and exits 2
    from ibench.errors import UserError as _Base
except Exception:  # pragma: no cover - the grader also works without the harness
    class _Base(Exception):
        pass


class GraderError(_Base):
    """Base class of the grader's user-facing errors."""


class BundleError(GraderError):
    """The path is not a readable bundle (no manifest, not a directory, bad manifest)."""


class TamperedBundleError(BundleError):
    """A bundle whose files do not match manifest.json (changed, missing or extra files), or
    whose manifest is not signed by a key this grader accepts (grader/signing.py)."""

    def __init__(self, bundle: str, problems: list[str]):
        self.problems = problems
        shown = "; ".join(problems[:5]) + (f"; … {len(problems) - 5} more" if len(problems) > 5 else "")
        # signature problems start with "signature"; say "manifest" only when files differ
        what = "does not match its manifest" if any(not p.startswith("signature") for p in problems) \
            else "fails its signature check"
        super().__init__(
            f"{bundle}: bundle {what} ({shown}); refusing to grade "
            f"(pass --allow-tampered to grade anyway; the verdict will say so)")


class SigningError(GraderError):
    """A signing key or trusted-keys file that cannot be used (unreadable, corrupt, too open)."""


class CriteriaError(GraderError):
    """The criteria directory itself is unusable (missing, not a directory)."""
