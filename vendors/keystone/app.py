"""Keystone: an HRIS for new hires (HTTP Basic with user + password, offset/limit pages with a
total, namespaced XML bodies in and out, `dd/mm/yyyy` dates, ETag / If-Match optimistic
concurrency: 428 without If-Match, 412 on a stale one)."""
from __future__ import annotations

from typing import Any

from flask import Flask

from vendors.kit.app import build_app
from vendors.kit.auth import Basic
from vendors.kit.errors import VendorError
from vendors.kit.spec import VendorSpec, flag_setting

from . import api
from .models import KIT, Base
from .mutations import KeystoneMutations
from .seed import MATERIALS, seed
from .xmlio import render_error


def _equipment_list_lag(c, value) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0):
        raise VendorError(400, "invalid_settings", "equipment_list_lag_s must be a number of seconds >= 0")


SPEC = VendorSpec(
    name="keystone",
    base=Base,
    kit_models=KIT,
    seed=seed,
    blueprints=[api.bp],
    auth=Basic(user_credential="username", password_credential="password"),
    mutations=KeystoneMutations(),
    render_error=render_error,
    settings={"equipment_list_lag_s": _equipment_list_lag, "item_done_on": flag_setting("item_done_on")},
    materials=MATERIALS,
)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    return build_app(SPEC, config)
