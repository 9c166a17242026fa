"""ClearCheck: background checks with asynchronous results (API key in `X-Api-Key`, cursor
pages, 202 on order, status moving with the vendor clock, Standard-Webhooks signing, 410 for
expired reports)."""
from __future__ import annotations

from typing import Any

from flask import Flask, request

from vendors.kit.app import build_app
from vendors.kit.auth import ApiKeyHeader
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec

from . import api
from .models import KIT, Base
from .mutations import ClearCheckMutations, emit, materialise
from .seed import seed


def _consider_rate(c, value) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100:
        raise VendorError(400, "invalid_settings", "consider_rate_pct must be an integer 0–100")


def _publish_lag(c, value) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 86400:
        raise VendorError(400, "invalid_settings", "publish_lag_s must be an integer 0–86400 (seconds)")


def _consider_lag(c, value) -> None:
    if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 86400):
        raise VendorError(400, "invalid_settings", "consider_publish_lag_s must be null or an integer 0–86400 (seconds)")


def _wire(app: Flask) -> None:
    """Materialise the check lifecycle before each request (reset aside) and right after a
    control `clock` call, so `clock advance` queues the webhooks of what it completed."""

    @app.before_request
    def _lifecycle_before():
        if request.path != "/_control/reset":
            materialise(ctx())

    @app.after_request
    def _lifecycle_after(resp):
        if request.path == "/_control/clock" and resp.status_code == 200:
            materialise(ctx())
        return resp


SPEC = VendorSpec(
    name="clearcheck",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=ApiKeyHeader(header="X-Api-Key", credential="api_key"),
    mutations=ClearCheckMutations(),
    envelope=api.envelope,
    emit=emit,
    settings={"consider_rate_pct": _consider_rate, "publish_lag_s": _publish_lag,
              "consider_publish_lag_s": _consider_lag},
    on_app=_wire,
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
