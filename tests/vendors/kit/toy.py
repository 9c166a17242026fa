"""A minimal vendor composed from the kit, used to test the kit's parts in isolation."""
from __future__ import annotations

from flask import Blueprint, jsonify, request
from sqlalchemy import Integer, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from vendors.kit import outbox
from vendors.kit.auth import HmacRequestSigning
from vendors.kit.behaviours import search_cutoff
from vendors.kit.context import ctx
from vendors.kit.db import UTCDateTime
from vendors.kit.errors import VendorError
from vendors.kit.idempotency import idempotent
from vendors.kit.models import add_kit_models
from vendors.kit.mutations import Mutations
from vendors.kit.pagination import decode_cursor, encode_cursor, offset_page, slice_keyset, slice_offset
from vendors.kit.spec import VendorSpec
from bundle.traits import parse_traits

TRAITS = parse_traits("""
name: toy
title: Toy
env_prefix: TOY
summary: test vendor
api_prefix: /v1
auth:
  scheme: hmac_request_signing
  secrets: [{name: api_key, placement: header, field: X-Key}, {name: api_secret, placement: never_sent}]
  signing: {key: api_secret, timestamp_header: X-Ts, signature_header: X-Sig, canonical: c, window_s: 300}
pagination: {style: offset_total, params: {offset: offset, limit: limit}, default_limit: 5, max_limit: 10}
webhooks: {signing: stripe, signature_header: Toy-Signature, secret: webhook_secret, retry_schedule_s: [1]}
idempotency: {header: Idempotency-Key, replay_header: Idempotent-Replayed}
timestamps: iso8601_utc
ids: integer
datasets: [small, other]
credentials: {api_key: k1, api_secret: s1, webhook_secret: w1}
""")


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)


class Widget(Base):
    __tablename__ = "widgets"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(50))
    created_at: Mapped[object] = mapped_column(UTCDateTime)
    updated_at: Mapped[object] = mapped_column(UTCDateTime)


class ToyMutations(Mutations):
    def after_change(self, s, c, kind, table, obj, before=None):
        if table != "widgets":
            return
        outbox.enqueue(c, f"widget.{kind}d", {"id": c.ids("evt"), "type": f"widget.{kind}d",
                                              "data": {"id": obj.id, "name": obj.name}})


def seed(s, c, dataset, seed_value):
    import random

    rng = random.Random(f"toy:{dataset}:{seed_value}")
    for i in range(1, 24):
        s.add(Widget(id=i, name=f"w{rng.randint(0, 10**6)}", created_at=c.now(), updated_at=c.now()))


api = Blueprint("toy", __name__, url_prefix="/v1")


def _w(w):
    return {"id": w.id, "name": w.name}


@api.get("/widgets")
def list_widgets():
    c = ctx()
    page = offset_page("offset", "limit", 5, 10)
    q = select(Widget)
    cutoff = search_cutoff()
    if cutoff is not None:
        q = q.where(Widget.updated_at <= cutoff)
    with c.db.session() as s:
        rows, total = slice_offset(s, q.order_by(Widget.id), page)
        return jsonify({"data": [_w(w) for w in rows], "total": total})


@api.get("/widgets-cursor")
def list_cursor():
    c = ctx()
    after = decode_cursor(request.args["cursor"])["k"] if request.args.get("cursor") else None
    with c.db.session() as s:
        rows, last = slice_keyset(s, select(Widget), [Widget.id], after, 5)
        body = {"items": [_w(w) for w in rows]}
        if last:
            body["cursor"] = encode_cursor({"k": last})
        return jsonify(body)


@api.post("/widgets")
@idempotent
def create_widget():
    c = ctx()
    data = request.get_json(silent=True)
    if not isinstance(data, dict) or not isinstance(data.get("name"), str):
        raise VendorError(400, "invalid_body", "name is required")
    with c.db.session() as s:
        w = c.spec.mutations.create(s, c, "widgets", {"name": data["name"]})
        return jsonify(_w(w)), 201


def emit(s, c, spec):
    w = s.get(Widget, spec["id"])
    ids = outbox.enqueue(c, spec["type"], {"id": c.ids("evt"), "type": spec["type"], "data": _w(w)})
    return {"deliveries": ids}


SPEC = VendorSpec(name="toy", base=Base, kit_models=KIT, seed=seed, blueprints=[api],
                  auth=HmacRequestSigning("X-Key", "X-Ts", "X-Sig", 300),
                  mutations=ToyMutations({"widgets": Widget}), emit=emit,
                  package="vendors.placemint", traits=TRAITS)
