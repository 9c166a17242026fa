"""Errors a user can cause. The CLI prints their message alone (no traceback) and exits 2."""


class UserError(Exception):
    """A mistake the user can fix: a missing task, bad YAML, a port in use, a corrupt bundle."""


class HarnessError(RuntimeError):
    """The harness failed (not the agent, not the grader): the run's outcome is harness_error."""


class AgentError(RuntimeError):
    """The agent or its integration made the run impossible to finish (it ran out of time,
    or broke what the scenario needs): the outcome is agent_error, scored 0 and counted."""
