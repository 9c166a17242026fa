"""Errors about bundles and the keys that sign them. Each is a user mistake (a path that is not a
bundle, a tampered bundle, an unusable key file): the `ibench` CLI prints the message alone and
exits 2 (ibench/cli.py). The bundle package sits below harness, recorder and grader, so these
derive from nothing of theirs."""
from __future__ import annotations


class BundleError(Exception):
    """The path is not a readable bundle (no manifest, not a directory, bad manifest)."""


class TamperedBundleError(BundleError):
    """A bundle whose files do not match manifest.json (changed, missing or extra files), or
    whose manifest is not signed by a key this operator accepts (bundle/signing.py)."""

    def __init__(self, bundle: str, problems: list[str]):
        self.problems = problems
        shown = "; ".join(problems[:5]) + (f"; … {len(problems) - 5} more" if len(problems) > 5 else "")
        # signature problems start with "signature"; say "manifest" only when files differ
        what = "does not match its manifest" if any(not p.startswith("signature") for p in problems) \
            else "fails its signature check"
        super().__init__(
            f"{bundle}: bundle {what} ({shown}); refusing to grade "
            f"(pass --allow-tampered to grade anyway; the verdict will say so)")


class SigningError(Exception):
    """A signing key or trusted-keys file that cannot be used (unreadable, corrupt, too open)."""
