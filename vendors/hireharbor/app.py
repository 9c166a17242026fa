"""HireHarbor: a Greenhouse-like ATS (HTTP Basic with the API key as user name, integer ids,
`page`/`per_page` with an RFC 8288 `Link` header, `On-Behalf-Of` on every write, webhooks
signed `Signature: sha256 <hex>` over `\\u`-escaped JSON)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import Basic
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec

from . import api_resources, api_webhooks
from .api_common import envelope
from .models import KIT, Base
from .mutations import HireHarborMutations, emit
from .seed import seed

def _email_check_lag(c, value) -> None:
    if not isinstance(value, bool):
        raise VendorError(400, "invalid_settings", "email_check_lag must be true or false")


SPEC = VendorSpec(
    name="hireharbor",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api_resources.bp, api_webhooks.bp],
    auth=Basic(user_credential="api_key", password_credential=None),
    mutations=HireHarborMutations(),
    envelope=envelope,
    emit=emit,
    # true: the `email_taken` check reads the lagging e-mail index too (trap email-taken-from-index)
    settings={"email_check_lag": _email_check_lag},
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
