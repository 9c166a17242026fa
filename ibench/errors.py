"""Errors a user can cause. The CLI prints their message alone (no traceback) and exits 2."""


class UserError(Exception):
    """A mistake the user can fix: a missing task, bad YAML, a port in use, a corrupt bundle."""
