"""The conduct library: built-in checks over a bundle, parameterised from each vendor's traits.

Each check is a `ConductCheck` in `REGISTRY`. Its SQL lives in `grader/conduct/<template>.sql`
with three sections (`-- @with` common CTEs, `-- @evidence` a count, `-- @violations` the
violating rows; optionally `-- @stopped`, the triggers the integration stopped at, see
_stopped.sql) and `{{name}}` placeholders (`{{!name}}` for SQL fragments the library builds
itself). A binder turns the traits and the task's parameters into one binding per vendor (or
per rate-limit rule); the rendered queries of all bindings are combined.

A check is **recorded only when its evidence exists**: no binding (e.g. no vendor declares an
idempotency key) or an evidence count of 0 (e.g. no Retry-After was ever served) means the
check is left out of the verdict's criteria (it is listed under `conduct_not_applicable`).

Tasks opt in by id, with parameters (criteria/conduct.yaml, or a `-- conduct:` criterion):

    - {id: no_full_resync, criterion: C5, weight: 2, phases: [scenario:run2, scenario:run3]}

Parameters every check takes: `phases` (list of phase names or globs; a bare `run2` means
`scenario:run2`), `vendors` (list). docs/conduct.md documents each check, the behaviour it
judges and its threshold. Checks read the scenario (`phases` default `scenario:*`); the guards of
the benchmark itself (always-on) read every phase (grader/phases.py).

The modules, one concern each: `_params` (parameter names and validators), `_sql` (templates and
SQL fragments), `_context` (the bundle a check reads), `_check` (the check type),
`_bind_reactions` / `_bind_volume` / `_bind_walks` / `_bind_guards` (binders: traits +
parameters -> bindings, by family) and `_registry` (the built-in checks and `evaluate`).
"""
from __future__ import annotations

from grader.conduct._check import Binder, ConductCheck
from grader.conduct._context import Context
from grader.conduct._params import (COMMON_FRESHNESS, CURSOR_NAMES, PAGE_ROLES, PROBE_RECORDS, SCENARIO,
                                    SIZE_ROLES, UNSET, ParamError, norm_phases)
from grader.conduct._registry import ALWAYS_ON, REGISTRY, checks, evaluate, register
from grader.conduct._sql import (ambiguous_expr, key_regex, partial, path_match, rule_match, status_expr,
                                 template)

__all__ = [
    "ALWAYS_ON", "Binder", "COMMON_FRESHNESS", "CURSOR_NAMES", "ConductCheck", "Context", "PAGE_ROLES",
    "PROBE_RECORDS", "ParamError", "REGISTRY", "SCENARIO", "SIZE_ROLES", "UNSET", "ambiguous_expr",
    "checks", "evaluate", "key_regex", "norm_phases", "partial", "path_match", "register", "rule_match",
    "status_expr", "template",
]
