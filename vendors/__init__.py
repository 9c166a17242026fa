"""Synthetic vendors. Each is a package `vendors/<name>/` with `create_app(config)`."""
from __future__ import annotations

import importlib

# The fourteen vendors (docs/vendors.md), in its order.
VENDORS: tuple[str, ...] = ("staffline", "talentforge", "placemint", "hireharbor", "pipelane", "workwell", "quarry",
                            "scoutly", "benchline", "jobsmith", "conflux", "crewtide", "keystone", "clearcheck")


class UnknownVendor(LookupError):
    pass


def vendor_module(name: str):
    if name not in VENDORS:
        raise UnknownVendor(f"unknown vendor {name!r}; known: {', '.join(VENDORS)}")
    return importlib.import_module(f"vendors.{name}.app")


def create_app(name: str, config: dict | None = None):
    return vendor_module(name).create_app(config)
