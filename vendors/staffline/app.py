"""StaffLine: a staffing ATS for travel-nursing and legal agencies, composed from the kit.

Auth is an API key (`X-SL-Key`) plus an HMAC signature over every request, judged on
StaffLine's own clock (±300 s); lists page with `start`/`count` + `total`; record timestamps
are epoch milliseconds while `updated_since`/`since` are epoch seconds; deletions are served
by the `/v1/deleted` tombstone feed. No webhooks.
"""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import HmacRequestSigning
from vendors.kit.spec import VendorSpec
from bundle.traits import load_traits

from . import api
from .models import KIT, TABLES, Base
from .mutations import StaffLineMutations
from .seed import seed

TRAITS = load_traits("staffline")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """StaffLine's error body: `{"error": {"status", "code", "message", "details"?}}`."""
    body: dict[str, Any] = {"error": {"status": status, "code": code, "message": message}}
    if details:
        body["error"]["details"] = details
    return body


_signing = TRAITS.auth.signing
SPEC = VendorSpec(
    name="staffline", base=Base, kit_models=KIT, seed=seed, blueprints=[api.bp],
    auth=HmacRequestSigning(key_header="X-SL-Key", timestamp_header=_signing.timestamp_header,
                            signature_header=_signing.signature_header, window_s=_signing.window_s),
    mutations=StaffLineMutations(dict(TABLES)), envelope=envelope, traits=TRAITS,
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
