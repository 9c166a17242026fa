"""The app builder: turns a `VendorSpec` into a Flask app with the kit's parts wired in the
same order for every vendor: guard → control plane → scheduled mutations → auth → the
vendor's blueprints → Date header from the vendor clock → error envelopes.

Config keys (all optional):
  DATABASE_URL   SQLAlchemy URL (default: in-memory SQLite)
  CONTROL_TOKEN  the run's control token (default: random, readable from the context)
  VIA_NONCE      the proxy nonce; None disables the guard (standalone `vendors serve`)
  DATASET, SEED  dataset loaded at start (default: small / 1)
  CLOCK          ISO instant the virtual clock starts at
  CREDENTIALS    overrides of the vendor.yaml test credentials
  DELIVERIES     start the webhook delivery thread (default True)
"""
from __future__ import annotations

import secrets
from email.utils import format_datetime
from typing import Any

from flask import Flask, g, request

from vendors.kit import control_plane, guard
from vendors.kit.clock import DEFAULT_BASE, VirtualClock, parse_instant
from vendors.kit.context import VendorContext, ctx
from vendors.kit.db import VendorDB
from vendors.kit.docs import docs_blueprint
from vendors.kit.errors import StrictJSONProvider, install_error_handlers
from vendors.kit.mutations import check_triggers
from vendors.kit.outbox import DeliveryWorker
from vendors.kit.spec import VendorSpec
from bundle.traits import load_traits


def build_app(spec: VendorSpec, config: dict[str, Any] | None = None) -> Flask:
    config = dict(config or {})
    package = spec.package or f"vendors.{spec.name}"
    traits = spec.traits or load_traits(spec.name)
    app = Flask(f"vendors.{spec.name}")
    app.json_provider_class = StrictJSONProvider
    app.json = StrictJSONProvider(app)
    app.config.update(JSON_SORT_KEYS=False, MAX_CONTENT_LENGTH=2 * 1024 * 1024)
    app.json.sort_keys = False
    app.json.compact = True

    c = VendorContext(
        spec=spec, traits=traits, db=VendorDB(spec.base, config.get("DATABASE_URL", "sqlite://")),
        kit=spec.kit_models, clock=VirtualClock(),
        credentials={**traits.credentials, **(config.get("CREDENTIALS") or {})},
        control_token=config.get("CONTROL_TOKEN") or secrets.token_hex(16),
        via_nonce=config.get("VIA_NONCE"),
    )
    app.extensions["ib"] = c
    spec.mutations.tables.update(spec.mutation_tables())
    install_error_handlers(app, spec.envelope, spec.render_error)

    api_prefix = traits.api_prefix or "/"

    @app.before_request
    def _before():
        guard.check_via()
        if request.path.startswith("/_control"):
            control_plane._require_token()  # 404 (not 405) without the token, whatever the method
            return
        if request.path.startswith(api_prefix) and request.endpoint is not None:
            with c.db.lock:
                check_triggers(c, "before", request.method, request.path)
            if not any(request.path.startswith(p) for p in spec.public_paths):
                g.principal = spec.auth.authenticate()

    @app.after_request
    def _after(resp):
        resp.headers["Date"] = format_datetime(c.clock.now(), usegmt=True)
        if not request.path.startswith("/_control") and request.path.startswith(api_prefix):
            with c.db.lock:
                c.request_count += 1
                check_triggers(c, "after", request.method, request.path)
        return resp

    app.register_blueprint(control_plane.bp)
    app.register_blueprint(docs_blueprint(package, openapi=spec.serve_openapi))
    for bp in spec.blueprints:
        app.register_blueprint(bp)
    if spec.on_app:
        spec.on_app(app)

    with app.app_context():
        clock = parse_instant(config["CLOCK"]) if config.get("CLOCK") else DEFAULT_BASE
        control_plane.reset_vendor(c, config.get("DATASET", "small"), int(config.get("SEED", 1)), clock)
    if traits.webhooks is not None:
        worker = DeliveryWorker(c)
        app.extensions["ib_outbox"] = worker
        if config.get("DELIVERIES", True):
            worker.start()
    return app


def context_of(app: Flask) -> VendorContext:
    return app.extensions["ib"]


__all__ = ["build_app", "context_of", "ctx"]
