"""Pipelane: a Lever-like ATS of contacts and their opportunities (HTTP Basic, opaque `offset`
tokens with `hasNext`/`next`, UUIDs, epoch-ms timestamps, `perform_as` on writes, webhook
signature inside the body)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import Basic
from vendors.kit.spec import VendorSpec

from . import api
from .models import KIT, Base
from .mutations import PipelaneMutations, emit
from .seed import seed

SPEC = VendorSpec(
    name="pipelane",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=Basic(user_credential="api_key"),
    mutations=PipelaneMutations(),
    envelope=api.envelope,
    emit=emit,
    settings={"notes_lag_s": api.set_notes_lag},
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
