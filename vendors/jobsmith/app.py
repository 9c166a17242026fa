"""Jobsmith: a JazzHR-like legacy ATS (`?apikey=` in the query string, path-segment pages
`/page/{n}` of a fixed 100 ending in an empty list, a single result sent as an object rather
than a one-element list, local `YYYY-MM-DD` dates, form-encoded writes)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import QueryKey
from vendors.kit.spec import VendorSpec

from . import api
from .api import envelope
from .models import KIT, Base
from .mutations import JobsmithMutations
from .seed import seed

SPEC = VendorSpec(
    name="jobsmith",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=QueryKey(param="apikey", credential="api_key"),
    mutations=JobsmithMutations(),
    envelope=envelope,
    settings={"timezone": api.set_timezone},
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
