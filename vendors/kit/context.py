"""`VendorContext`: the per-app state every kit part reaches through `ctx()`.

One context per Flask app (stored in `app.extensions["ib"]`): database, virtual clock, traits,
credentials of this run, current settings, counters, and the vendor's own spec.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from flask import current_app

from vendors.kit.clock import VirtualClock
from vendors.kit.db import VendorDB
from vendors.kit.formats import IdMinter
from bundle.traits import VendorTraits
from vendors.kit.models import KitModels


@dataclass
class VendorContext:
    spec: Any  # the vendor's VendorSpec (vendors/kit/spec.py, which builds on this module)
    traits: VendorTraits
    db: VendorDB
    kit: KitModels
    clock: VirtualClock
    credentials: dict[str, str]
    control_token: str
    via_nonce: str | None
    dataset: str = "small"
    seed: int = 1
    settings: dict[str, Any] = field(default_factory=dict)
    request_count: int = 0
    trigger_counts: dict[str, int] = field(default_factory=dict)
    fired: set[str] = field(default_factory=set)
    bypasses: list[dict] = field(default_factory=list)  # survives resets: the grader reads it
    ids: IdMinter = field(default_factory=lambda: IdMinter("unseeded"))
    lock: threading.RLock = field(default_factory=threading.RLock)
    extra: dict[str, Any] = field(default_factory=dict)  # vendor-specific runtime state
    # a variant's: per table, the written dataset's whole-number keys -> the keys of the records
    # in their places (vendors/kit/variant_ids.py); mutations name records through it
    variant_keys: dict[str, dict[int, int]] = field(default_factory=dict)

    def now(self):
        return self.clock.now()

    def credential(self, name: str) -> str:
        return self.credentials[name]


def ctx() -> VendorContext:
    return current_app.extensions["ib"]
