"""Quarry: an Ashby-like RPC ATS. HTTP Basic (API key as user name); every method is a POST to
`/<object>.<verb>` with a JSON body; cursor pagination inside the body; sync tokens that expire
after 7 vendor days; failures as HTTP 200 `success:false` envelopes (only auth is a 401)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import Basic
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec

from . import api
from .models import KIT, Base
from .mutations import QuarryMutations
from .seed import seed


def _positive(v) -> bool:
    return not isinstance(v, bool) and isinstance(v, (int, float)) and v > 0


def _check_rate_limit(c, value) -> None:
    if value in (None, {}, False):
        return
    if not isinstance(value, dict) or not set(value) <= {"limit", "window_s", "retry_after_s"} or not all(
            _positive(v) for v in value.values()):
        c.settings.pop("rate_limit", None)
        raise VendorError(400, "invalid_settings", "rate_limit takes {limit, window_s, retry_after_s?}")
    c.extra["rl_calls"] = []


def _check_internal_errors(c, value) -> None:
    rules = [value] if isinstance(value, dict) else value
    if rules in (None, []):
        return
    if not isinstance(rules, list) or not all(
            isinstance(r, dict) and set(r) <= {"method", "nth", "page", "times", "sticky"} and ("nth" in r) != ("page" in r)
            and ("times" not in r or ("page" in r and _positive(r["times"])))
            and ("sticky" not in r or (isinstance(r["sticky"], bool) and "nth" in r and (
                not isinstance(r["nth"], list) or len(r["nth"]) == 1)))
            and isinstance(r.get("method", "*"), str)
            and all(_positive(n) for n in (r["nth"] if isinstance(r.get("nth"), list) else [r.get("nth", r.get("page"))]))
            for r in rules):
        c.settings.pop("internal_errors", None)
        raise VendorError(400, "invalid_settings",
                          "internal_errors takes a list of {method?, nth: N | [N…], sticky?: bool (one nth)} "
                          "or {method?, page: N, times?: N}")
    c.extra["ie_counts"] = {}


def _check_flag(c, value) -> None:
    if value is not None and not isinstance(value, bool):
        c.settings.pop("archived_interviews_unlisted", None)
        raise VendorError(400, "invalid_settings", "archived_interviews_unlisted must be true or false")


def _check_ttl(c, value) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
        c.settings.pop("sync_token_ttl_s", None)
        raise VendorError(400, "invalid_settings", "sync_token_ttl_s must be a positive number")


SPEC = VendorSpec(
    name="quarry",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=Basic(user_credential="api_key"),
    mutations=QuarryMutations(),
    envelope=api.envelope,
    public_paths=("/docs", "/openapi.yaml"),
    settings={"rate_limit": _check_rate_limit, "internal_errors": _check_internal_errors,
              "sync_token_ttl_s": _check_ttl, "archived_interviews_unlisted": _check_flag},
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
