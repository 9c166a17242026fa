"""`VendorSpec`: what a vendor package hands the kit's app builder."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from flask import Blueprint
from sqlalchemy.orm import Session

from vendors.kit.auth import AuthScheme
from vendors.kit.errors import Envelope, VendorError, default_envelope
from vendors.kit.models import KitModels
from vendors.kit.mutations import Mutations

# seed(session, ctx, dataset, seed): fill a fresh database deterministically
Seeder = Callable[[Session, Any, str, int], None]
# emit(session, ctx, {type, ...}) -> result: build and queue one webhook event
Emitter = Callable[[Session, Any, dict], dict]


def flag_setting(name: str) -> Callable[[Any, Any], None]:
    """The on_set check of a true/false setting: anything else is a 400 (None clears it)."""
    def check(_ctx, value) -> None:
        if value is not None and not isinstance(value, bool):
            raise VendorError(400, "invalid_settings", f"{name} must be true or false")
    return check


@dataclass
class VendorSpec:
    name: str  # package name under vendors/
    base: Any  # the vendor's DeclarativeBase
    kit_models: KitModels
    seed: Seeder
    blueprints: list[Blueprint]
    auth: AuthScheme
    mutations: Mutations
    envelope: Envelope = default_envelope
    emit: Emitter | None = None
    public_paths: tuple[str, ...] = ()  # API paths served without authentication (token endpoints)
    # vendor-specific /_control/config settings: name -> on_set(ctx, value) (or None: stored only)
    settings: dict[str, Callable | None] = field(default_factory=dict)
    on_app: Callable | None = None  # extra wiring on the built app
    package: str | None = None  # where vendor.yaml, openapi.yaml and docs/ live (default vendors.<name>)
    traits: Any = None  # parsed VendorTraits (default: loaded from the package)
    serve_openapi: bool = True  # False: openapi.yaml stays internal (tests), /openapi.yaml is 404
    # render_error(body) -> Response | None: renders error envelopes instead of JSON (XML vendors)
    render_error: Callable | None = None
    # files a task hands out that a dataset generates from its own records (an audit list of its
    # candidates): dataset -> {file name: make(session, ctx) -> rows}. `GET /_control/materials/
    # <name>` answers them for the dataset just seeded, so a variant's files name its own records
    # (docs/variants.md, "Materials a dataset generates")
    materials: dict[str, dict[str, Callable]] = field(default_factory=dict)

    def mutation_tables(self) -> dict[str, type]:
        """The tables a `mutate` op may name: the vendor's own, and the kit's webhook
        subscriptions (the scenario registers endpoints with the same ops as any other change)."""
        tables = dict(self.mutations.tables)
        tables.setdefault("webhook_subscriptions", self.kit_models.WebhookSubscription)
        return tables
