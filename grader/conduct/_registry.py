"""The registry: every built-in check with its template, binder, parameters and defaults
(docs/conduct.md documents each), the always-on guards, `register` for more, and `evaluate`,
which runs a criterion's check."""
from __future__ import annotations

import duckdb

from grader.conduct._bind_guards import bind_bypass, bind_control, bind_forged, bind_secrets, bind_unsafe_files
from grader.conduct._bind_reactions import (bind_enveloped, bind_hot_loop, bind_idempotent, bind_ietf,
                                            bind_lookup, bind_retry_after)
from grader.conduct._bind_volume import bind_budget, bind_concurrency, bind_failing, bind_login, bind_mint
from grader.conduct._bind_walks import bind_resume, bind_resync
from grader.conduct._check import ConductCheck
from grader.conduct._context import Context
from grader.conduct._params import PROBE_RECORDS, ParamError
from grader.criteria import Criterion, Result, _error_text, credit_of, run_scalar, run_violations

def _checks() -> list[ConductCheck]:
    wait = {"tolerance_s": 0.05, "scope": "vendor"}
    return [
        ConductCheck("retry_after_honoured", "Retry-After honoured (seconds and HTTP-date)",
                     "retry_after_honoured", bind_retry_after, {**wait, "statuses": None},
                     evidence="a response carrying Retry-After"),
        ConductCheck("no_hot_loop", "no hot retry loop after 401/5xx", "no_hot_loop",
                     bind_hot_loop, {"statuses": [401, "5xx"], "min_gap_s": 0.25, "max_hot": 3,
                                     "max_attempts": None, "transport_errors": True,
                                     "group_401_by_vendor": True},
                     evidence="a failing answer (401, 5xx or no answer)"),
        ConductCheck("idempotent_write_retry", "no blind retry of a non-idempotent write",
                     "idempotent_write_retry", bind_idempotent,
                     {"methods": None, "header": None, "lookup_methods": ["GET"], "lookup_path": None},
                     evidence="an ambiguous failure of a keyed write (no answer, cut answer, 5xx)"),
        ConductCheck("secret_placement", "credentials only where the vendor documents them",
                     "secret_placement", bind_secrets, {"outputs": True}, phases_default=None,
                     always_on=True, evidence="credential values in the traits"),
        ConductCheck("token_mint_ceiling", "token minting within a ceiling", "token_mint_ceiling",
                     bind_mint, {"ceiling": None, "endpoints": None, "ttl_s": None, "slack": 2,
                                 "refresh_margin": 0.5, "per": "phase", "count": "succeeded"},
                     evidence="a call to the token endpoint"),
        ConductCheck("login_ceiling", "logins / sessions within a ceiling", "token_mint_ceiling",
                     bind_login, {"ceiling": None, "endpoints": None, "ttl_s": None, "slack": 2,
                                  "refresh_margin": 0.5, "per": "phase", "count": "succeeded"},
                     aliases=("session_ceiling",), evidence="a call to a login/session endpoint"),
        ConductCheck("no_full_resync", "no full resync after an incremental run", "no_full_resync",
                     bind_resync, {"endpoints": None, "fresh_params": None,
                                   "continuation_params": None, "list_method": None,
                                   "exempt_markers": ["sync_token_expired", "subscription_expired",
                                                      "full_resync_required"],
                                   "probe_records": PROBE_RECORDS},
                     evidence="a list call to a freshness endpoint in a phase that must be incremental"),
        ConductCheck("resume_pagination", "resume, not restart, pagination after a fault",
                     "resume_pagination", bind_resume, {"endpoints": None, "position_params": None,
                                                        "page_numbered": None,
                                                        "probe_records": PROBE_RECORDS},
                     evidence="a list page past the first that failed"),
        ConductCheck("forged_rejected", "forged and stale webhooks rejected", "forged_rejected",
                     bind_forged, {"kinds": ["bad_signature", "tampered_body", "stale_timestamp",
                                             "revoked_key", "resigned_stale_replay"],
                                   "late_kinds": ["replay"], "tolerance_s": None, "id_header": None},
                     evidence="a forged delivery of a kind that must be rejected"),
        ConductCheck("no_proxy_bypass", "no request around the proxy", "no_proxy_bypass",
                     bind_bypass, {}, phases_default=None, always_on=True,
                     evidence="a vendor bypass log (state <vendor>_bypass_log) or bypass events"),
        ConductCheck("no_control_probe", "no probing of the control plane", "no_control_probe",
                     bind_control, {}, phases_default=None, always_on=True,
                     evidence="a request to a vendor"),  # proxied, or a probe in a vendor's bypass log
        ConductCheck("no_unsafe_files", "no link or special file among the integration's files",
                     "no_unsafe_files", bind_unsafe_files, {}, phases_default=None, always_on=True,
                     listed_without_evidence=False, evidence="a file the harness refused to follow"),
        ConductCheck("concurrency_within_cap", "concurrency within the vendor's cap",
                     "concurrency_within_cap", bind_concurrency,
                     {"cap": None, "match_method": None, "match_path": None, "tolerance_s": 0.005},
                     aliases=("concurrency_cap",), evidence="requests to a vendor with a concurrency cap"),
        ConductCheck("rolling_window_budget", "requests within the rolling-window budget",
                     "rolling_window_budget", bind_budget,
                     {"max": None, "window_s": None, "match_method": None, "match_path": None,
                      "slack": 0.2},
                     evidence="requests to a vendor with a window or bucket limit"),
        ConductCheck("enveloped_throttle_wait", "wait after a throttle reported inside a 200",
                     "enveloped_throttle_wait", bind_enveloped,
                     {**wait, "fields": ["$.errorInfo.retryAfterSeconds", "$.error.retryAfterSeconds",
                                         "$.retryAfterSeconds"]},
                     evidence="a 2xx answer whose body carries retryAfterSeconds"),
        ConductCheck("ietf_reset_honoured", "IETF RateLimit reset honoured", "ietf_reset_honoured",
                     bind_ietf, {**wait, "statuses": [429], "include_zero_remaining": False,
                                 "with_retry_after": False},
                     evidence="a 429 carrying RateLimit t= (or RateLimit-Reset) and no Retry-After"),
        ConductCheck("failing_request_window", "failing requests within the error-burst budget",
                     "rolling_window_budget", bind_failing,
                     {"max": None, "window_s": None, "match_method": None, "match_path": None,
                      "statuses": ["4xx", "5xx"]},
                     evidence="requests to a vendor with an error-burst rule"),
        ConductCheck("lookup_before_repost", "a lookup before re-posting an ambiguous write",
                     "lookup_before_repost", bind_lookup,
                     {"methods": ["POST"], "key_field": None, "lookup_methods": ["GET"],
                      "lookup_path": None},
                     evidence="an ambiguous failure of a write (no answer, cut answer, 5xx)"),
    ]


REGISTRY: dict[str, ConductCheck] = {}
for _c in _checks():
    REGISTRY[_c.id] = _c
    for _a in _c.aliases:
        REGISTRY[_a] = _c

ALWAYS_ON = [c.id for c in _checks() if c.always_on]


def checks() -> list[ConductCheck]:
    """Every check once (aliases excluded), in registry order."""
    seen, out = set(), []
    for c in REGISTRY.values():
        if c.id not in seen:
            seen.add(c.id)
            out.append(c)
    return out


def register(check: ConductCheck) -> None:
    """Add a check (e.g. from a plugin or a test)."""
    REGISTRY[check.id] = check
    for a in check.aliases:
        REGISTRY[a] = check


def evaluate(ctx: Context, crit: Criterion, evidence_rows: int | None = None) -> Result:
    """Run one conduct criterion: not applicable (no evidence), passed/failed, or an error."""
    check = REGISTRY.get(crit.conduct or "")
    if check is None:
        known = ", ".join(sorted(k for k in REGISTRY if REGISTRY[k].id == k))
        return Result(None, None, None, [],
                      error=f"unknown conduct check {crit.conduct!r} (known: {known})")
    try:
        qs, reason = check.queries(ctx, crit.params)
    except (ParamError, KeyError) as exc:
        return Result(None, None, None, [], error=f"bad parameters: {exc}")
    if not qs:
        return Result(None, None, None, [], applicable=False, reason=reason)
    evidence = 0.0
    try:
        live = []
        for ev_sql, v_sql, stop_sql in qs:
            n = run_scalar(ctx.con, ev_sql, ctx.timeout_s)
            evidence += n
            if n:
                live.append(v_sql)
                # the stopped rows join the evidence only when there are some (see queries)
                if stop_sql and run_scalar(ctx.con, f"SELECT count(*) FROM (\n{stop_sql}\n)",
                                           ctx.timeout_s):
                    live.append(stop_sql)
        if evidence <= 0:
            return Result(None, None, None, [], applicable=False,
                          reason=f"no evidence: {check.evidence}")
        sql = "\nUNION ALL BY NAME\n".join(f"SELECT * FROM (\n{v}\n)" for v in live)
        n, rows = run_violations(ctx.con, sql, ctx.timeout_s, limit=evidence_rows)
    except (duckdb.Error, RuntimeError, ValueError) as exc:
        return Result(None, None, None, [], error=f"conduct check {check.id} failed: {_error_text(exc)}")
    pop = evidence if crit.partial else None
    return Result(passed=n == 0, credit=credit_of(n, pop), violations=n, evidence=rows,
                  population=evidence)
