"""Routes of the same shape that many vendors serve per resource: create (`POST <path>`, 201),
read one (`GET <path>/<id>`, 404 in the vendor's envelope when absent) and update (`<method>
<path>/<id>`). A vendor registers them with its own body parsing, lookup and serialisation, so
the wire stays the vendor's; the kit only holds the session and mutation plumbing, which is the
same everywhere (writes go through `spec.mutations`, so webhooks, versions and timestamps follow
the vendor's rules)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from flask import Blueprint, jsonify

from vendors.kit.context import ctx


@dataclass(frozen=True)
class Resource:
    path: str  # e.g. "/jobs"
    table: str  # the mutations table, e.g. "jobs"
    values: Callable[[bool], dict]  # create? -> validated column values from the request
    find: Callable[[Any, str], Any]  # (session, id) -> the row, or raise the vendor's 404
    serialize: Callable[[Any], dict]
    before_read: Callable[[], None] = lambda: None  # e.g. refuse unknown query parameters
    update_method: str = "PATCH"
    id_name: str = "id"  # the path parameter, as the vendor's openapi.yaml names it
    create_options: dict = field(default_factory=dict)  # passed on to the vendor's mutations.create


def register(bp: Blueprint, r: Resource) -> None:
    name = r.table

    def create_one():
        values = r.values(True)
        c = ctx()
        with c.db.session() as s:
            row = c.spec.mutations.create(s, c, r.table, values, **r.create_options)
            return jsonify(r.serialize(row)), 201

    def read_one(**path):
        r.before_read()
        with ctx().db.session() as s:
            return jsonify(r.serialize(r.find(s, path[r.id_name])))

    def update_one(**path):
        values = r.values(False)
        c = ctx()
        with c.db.session() as s:
            row = r.find(s, path[r.id_name])
            c.spec.mutations.update(s, c, r.table, row, values)
            return jsonify(r.serialize(row))

    bp.add_url_rule(r.path, f"create_{name}", create_one, methods=["POST"])
    bp.add_url_rule(f"{r.path}/<{r.id_name}>", f"get_{name}", read_one, methods=["GET"])
    bp.add_url_rule(f"{r.path}/<{r.id_name}>", f"update_{name}", update_one, methods=[r.update_method])
