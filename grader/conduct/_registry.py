"""The registry: every built-in check with its template, binder, parameters and defaults
(docs/conduct.md documents each), the always-on guards, and `register` for more."""
from __future__ import annotations

from grader.conduct._bind_guards import bind_bypass, bind_control, bind_forged, bind_secrets, bind_unsafe_files
from grader.conduct._bind_reactions import (bind_enveloped, bind_hot_loop, bind_idempotent, bind_ietf,
                                            bind_lookup, bind_retry_after)
from grader.conduct._bind_volume import bind_budget, bind_concurrency, bind_failing, bind_login, bind_mint
from grader.conduct._bind_walks import bind_resume, bind_resync
from grader.conduct._check import ConductCheck
from grader.conduct._params import PROBE_RECORDS

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
