"""Crewtide: a Teamtailor-like ATS speaking JSON:API (`Authorization: Token token=<key>`,
a required `X-Api-Version` header, `page[number]`/`page[size]` with `links.next`, `included`
for `?include=`, integer ids that overlap across resource types)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.jsonapi import error_document, install_media_type
from vendors.kit.spec import VendorSpec
from vendors.kit.token_token_auth import TokenToken

from . import api
from .models import KIT, Base
from .mutations import CrewtideMutations
from .seed import seed


def _on_app(app: Flask) -> None:
    install_media_type(app, "/v1")


SPEC = VendorSpec(
    name="crewtide",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=TokenToken(credential="api_key", realm="Crewtide"),
    mutations=CrewtideMutations(),
    envelope=error_document,
    on_app=_on_app,
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
