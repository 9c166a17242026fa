"""Scoutly: a SmartRecruiters-like ATS (`X-SmartToken` key, `limit`/`offset` pages with
`totalFound`, one list call in flight at a time, webhook subscriptions activated by an
`X-Hook-Secret` handshake, HMAC-SHA256 deliveries with two signatures during a key rotation)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import ApiKeyHeader
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec

from . import api, api_subscriptions
from .api_common import envelope
from .models import KIT, Base
from .mutations import ScoutlyMutations, emit
from .seed import seed


def _number(name: str, minimum: float, maximum: float):
    def check(c, value):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not minimum <= value <= maximum:
            raise VendorError(400, "invalid_setting", f"{name} must be a number between {minimum} and {maximum}")
    return check


def _flag(name: str):
    def check(c, value):
        if not isinstance(value, bool):
            raise VendorError(400, "invalid_setting", f"{name} must be true or false")
    return check


SPEC = VendorSpec(
    name="scoutly",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp, api_subscriptions.bp],
    auth=ApiKeyHeader("X-SmartToken", credential="api_key"),
    mutations=ScoutlyMutations(),
    envelope=envelope,
    emit=emit,
    settings={
        "handshake_deadline_s": _number("handshake_deadline_s", 0.05, 120),
        "handshakes_enabled": _flag("handshakes_enabled"),
        "enforce_list_concurrency": _flag("enforce_list_concurrency"),
        "list_latency_ms": _number("list_latency_ms", 0, 10000),
    },
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
