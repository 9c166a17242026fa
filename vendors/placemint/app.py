"""Placemint: placements, weekly fees and fee splits, Stripe-style (Bearer key, prefixed ids,
offset/limit + total, `Idempotency-Key`, integer cents, `Placemint-Signature: t=…,v1=…`)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import StaticBearer
from vendors.kit.spec import VendorSpec

from . import api_fees, api_placements, api_webhooks
from .api_common import envelope
from .models import KIT, Base
from .mutations import PlacemintMutations, emit
from .seed import seed

SPEC = VendorSpec(
    name="placemint",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api_placements.bp, api_fees.bp, api_webhooks.bp],
    auth=StaticBearer(credential="api_key"),
    mutations=PlacemintMutations(),
    envelope=envelope,
    emit=emit,
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
