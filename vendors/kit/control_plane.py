"""The control plane, `/_control/*`: how the harness resets, mutates, moves the clock, emits
webhooks, switches vendor behaviours and dumps state. It exists only for a caller holding the
run's control token: anyone else gets the same 404 as for a path that does not exist."""
from __future__ import annotations

import hmac
from datetime import datetime, timezone

from flask import Blueprint, abort, jsonify, request

from vendors.kit import guard, outbox
from vendors.kit.clock import DEFAULT_BASE, parse_instant
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.headers import CONTROL_HEADER
from vendors.kit.mutations import OpError, validate_schedule

KIT_SETTINGS = ("scheduled_mutations", "drop_deliveries", "search_lag_s", "rotate_webhook_secret")

bp = Blueprint("ib_control", __name__, url_prefix="/_control")


@bp.before_request
def _require_token():
    given = request.headers.get(CONTROL_HEADER, "")
    if not hmac.compare_digest(given.encode(), ctx().control_token.encode()):
        # Logged before the 404 so the grader sees probes of the control plane too (the same
        # 404 as before: the prober learns nothing from it).
        guard.log_control_probe()
        abort(404)


def _body() -> dict:
    data = request.get_json(silent=True)
    if data is None and request.get_data():
        raise VendorError(400, "invalid_json", "control requests take a JSON object")
    if data is not None and not isinstance(data, dict):
        raise VendorError(400, "invalid_json", "control requests take a JSON object")
    return data or {}


def reset_vendor(c, dataset: str, seed: int, clock: datetime = DEFAULT_BASE,
                 written_seed: int | None = None, stand_in_by: dict[str, list[str]] | None = None,
                 stand_in_values: dict[str, list[str]] | None = None) -> dict:
    """Recreate and seed the database. With `written_seed` (a task's variant, docs/variants.md)
    the answer also maps the keys the written seed gives the dataset's records to the keys this
    seed gave the records in their places (vendors/kit/variant_ids.py), among the records alike
    in `stand_in_by`'s properties for the tables it names, and the values of
    `stand_in_values`' columns the same way."""
    if dataset not in c.traits.datasets:
        raise VendorError(400, "unknown_dataset", f"dataset {dataset!r} is not one of {c.traits.datasets}")
    from vendors.kit import variant_ids

    with c.db.lock:
        written = None
        if written_seed is not None and int(written_seed) != int(seed):
            written = variant_ids.written_keys(c, lambda c: _seed(c, dataset, int(written_seed), clock),
                                               stand_in_by, stand_in_values)
        _seed(c, dataset, int(seed), clock)
        counts = c.db.counts()
        out = {"dataset": dataset, "seed": int(seed), "clock": c.clock.state(), "tables": counts}
        if written is not None:
            out["translation"], c.variant_keys = variant_ids.maps(
                written, variant_ids.keys_in_seed_order(c.db, stand_in_by, stand_in_values))
            # whole-number keys too, for the harness's `{key:…}` placeholders (ibench/step_keys.py)
            out["key_numbers"] = {t: {str(k): v for k, v in m.items()} for t, m in c.variant_keys.items()}
    return out


def _seed(c, dataset: str, seed: int, clock: datetime) -> None:
    from vendors.kit.formats import IdMinter

    c.clock.reset(clock)
    c.dataset, c.seed = dataset, seed
    c.settings, c.request_count = {}, 0
    c.trigger_counts, c.fired = {}, set()
    c.extra = {}
    c.variant_keys = {}
    c.ids = IdMinter(f"{c.traits.name}:{dataset}:{seed}:runtime")
    c.db.recreate()
    # Seeding sees a frozen clock at the base instant, so seeds are byte-identical.
    c.clock.set(clock, freeze=True)
    with c.db.session() as s:
        c.spec.seed(s, c, dataset, seed)
    c.clock.set(clock)


def _checked(body: dict, key: str, check, c) -> dict[str, list[str]] | None:
    """A variant's table declaration (`stand_in_by`, `stand_in_values`) checked against the
    vendor's tables; a 400 `invalid_<key>` naming what is wrong."""
    from vendors.kit.variant_ids import StandInError

    if body.get(key) is None:
        return None
    try:
        return check(body[key], c.db.base.metadata.tables)
    except StandInError as exc:
        raise VendorError(400, f"invalid_{key}", str(exc)) from None


@bp.post("/reset")
def reset():
    body = _body()
    c = ctx()
    try:
        base = parse_instant(body["clock"]) if body.get("clock") else DEFAULT_BASE
    except ValueError as exc:
        raise VendorError(400, "invalid_clock", str(exc)) from None
    written = body.get("written_seed")
    if written is not None and (not isinstance(written, int) or isinstance(written, bool)):
        raise VendorError(400, "invalid_seed", "`written_seed` must be a whole number")
    from vendors.kit import variant_ids

    by = _checked(body, "stand_in_by", variant_ids.check_stand_in_by, c)
    values = _checked(body, "stand_in_values", variant_ids.check_stand_in_values, c)
    return jsonify(reset_vendor(c, body.get("dataset", "small"), body.get("seed", 1), base, written, by,
                                values))


@bp.get("/materials/<name>")
def materials(name: str):
    """A file the dataset generates from its records (VendorSpec.materials), made from the
    records as they are: the harness asks right after a reset, before any step changes them."""
    c = ctx()
    make = c.spec.materials.get(c.dataset, {}).get(name)
    if make is None:
        raise VendorError(404, "unknown_material",
                          f"dataset {c.dataset!r} generates no material {name!r}")
    with c.db.session() as s:
        rows = make(s, c)
    return jsonify({"dataset": c.dataset, "seed": c.seed, "name": name, "rows": rows})


@bp.post("/mutate")
def mutate():
    c = ctx()
    return jsonify({"results": c.spec.mutations.apply(c, _body().get("ops"))})


@bp.post("/clock")
def clock():
    body, c = _body(), ctx()
    try:
        if "advance_s" in body:
            c.clock.advance(float(body["advance_s"]))
        elif "set" in body:
            c.clock.set(parse_instant(body["set"]), freeze=bool(body.get("freeze")))
        elif "host_offset_s" in body:
            c.clock.set_host_offset(float(body["host_offset_s"]))
        elif body.get("freeze"):
            c.clock.freeze()
        elif body.get("resume"):
            c.clock.resume()
        elif body:
            raise VendorError(400, "invalid_clock", "use advance_s, set (+freeze), host_offset_s, freeze or resume")
    except (TypeError, ValueError) as exc:
        raise VendorError(400, "invalid_clock", str(exc)) from None
    return jsonify(c.clock.state())


@bp.post("/emit")
def emit():
    c = ctx()
    events = _body().get("events")
    if not isinstance(events, list) or c.spec.emit is None:
        raise VendorError(400, "invalid_events", "`events` must be a list (and the vendor must send webhooks)")
    results = []
    with c.db.session() as s:
        for spec in events:
            if not isinstance(spec, dict) or "type" not in spec:
                raise VendorError(400, "invalid_events", "each event needs a `type`")
            results.append(c.spec.emit(s, c, spec))
    return jsonify({"results": results})


@bp.post("/config")
def config():
    body, c = _body(), ctx()
    settings = body.get("settings", {})
    if not isinstance(settings, dict):
        raise VendorError(400, "invalid_settings", "`settings` must be an object")
    known = set(KIT_SETTINGS) | set(c.spec.settings)
    unknown = sorted(set(settings) - known)
    if unknown:
        raise VendorError(400, "unknown_setting", f"unknown settings {unknown}; known: {sorted(known)}")
    if "scheduled_mutations" in settings:
        validate_schedule(settings["scheduled_mutations"])
    with c.db.lock:
        if body.get("replace"):
            c.settings = {}
        c.settings.update(settings)
        if "rotate_webhook_secret" in settings:
            _rotate(c, settings["rotate_webhook_secret"])
        for name in settings:
            if name in c.spec.settings and c.spec.settings[name] is not None:
                c.spec.settings[name](c, settings[name])
    return jsonify({"settings": c.settings})


def _rotate(c, spec: dict) -> None:
    """Every subscription gets `secret`; the old one keeps signing for `overlap_s` (two signatures)."""
    from datetime import timedelta

    if not isinstance(spec, dict) or "secret" not in spec:
        raise OpError("rotate_webhook_secret needs {secret, overlap_s?}")
    with c.db.session() as s:
        for sub in s.query(c.kit.WebhookSubscription).all():
            sub.previous_secret = sub.secret
            sub.previous_secret_expires_at = c.now() + timedelta(seconds=float(spec.get("overlap_s", 3600)))
            sub.secret = spec["secret"]


@bp.get("/dump")
def dump():
    c = ctx()
    tables = c.db.dump()
    tables["bypass_log"] = {
        "columns": [{"name": n, "type": t} for n, t in
                    (("at", "TIMESTAMP"), ("method", "VARCHAR"), ("path", "VARCHAR"),
                     ("remote_addr", "VARCHAR"), ("reason", "VARCHAR"))],
        "rows": [[b["at"], b["method"], b["path"], b["remote_addr"], b["reason"]] for b in c.bypasses],
    }
    tables["control_log"] = {
        "columns": [{"name": "at", "type": "TIMESTAMP"}, {"name": "rule", "type": "VARCHAR"},
                    {"name": "request_count", "type": "BIGINT"}, {"name": "results", "type": "JSON"}],
        "rows": [[e["at"], e["rule"], e["request_count"], e["results"]] for e in c.extra.get("control_log", [])],
    }
    return jsonify({"vendor": c.traits.name, "dataset": c.dataset, "seed": c.seed,
                    "clock": c.clock.state(), "tables": tables})


@bp.get("/outbox")
def outbox_view():
    return jsonify(outbox.outbox_summary(ctx()))


@bp.get("/health")
def health():
    c = ctx()
    return jsonify({"vendor": c.traits.name, "ok": True, "dataset": c.dataset, "seed": c.seed,
                    "clock": c.clock.state(), "requests": c.request_count,
                    "at": datetime.now(timezone.utc).isoformat()})
