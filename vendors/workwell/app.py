"""Workwell: a Workable-like ATS. Bearer key; every path under the account's prefix
`/t/<tenant>/spi/v3`; `since_id`/`max_id` paging with a full `paging.next` URL; unpadded hex
ids and job shortcodes; 10 requests per 10 s (enforced by the recorder from vendor.yaml).

Setting `disqualify_keeps_updated_at` (default off; the `emberton-160` dataset turns it on): a
disqualification is its own record, so disqualifying a candidate (API or control op) stamps
`disqualified_at` but leaves the candidate's `updated_at` where it was (mutations.py)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import StaticBearer
from vendors.kit.spec import VendorSpec, flag_setting

from . import api
from .models import KIT, Base
from .mutations import WorkwellMutations
from .seed import seed

SPEC = VendorSpec(
    name="workwell",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=StaticBearer(credential="api_key"),
    mutations=WorkwellMutations(),
    envelope=api.envelope,
    settings={"disqualify_keeps_updated_at": flag_setting("disqualify_keeps_updated_at")},
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
