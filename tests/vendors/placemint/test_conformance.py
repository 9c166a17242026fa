"""Placemint against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml parses and matches what the app serves, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, load_openapi, run_schemathesis
from bundle.traits import load_traits

from .helpers import KEY, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "placemint")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    placements = api.get("/v1/placements?limit=100").json["data"]
    fees = api.get("/v1/fees?limit=100").json["data"]
    pids = [p["id"] for p in placements[:3]] + [next(p["id"] for p in placements if p["status"] == "canceled")]
    fids = [next(f["id"] for f in fees if f["status"] == s) for s in ("invoiced", "paid", "void")]
    spare = [f["id"] for f in fees if f["status"] == "invoiced"][1]
    eps = [api.post("/v1/webhook_endpoints", {"url": f"http://127.0.0.1:9/h{i}", "events": ["*"]}).json["id"]
           for i in range(2)]

    def pin_ids(spec):
        # Generated requests should reach real objects, not only 404s.
        params = spec["components"]["parameters"]
        params["PlacementId"]["schema"] = {"type": "string", "enum": pids}
        params["FeeId"]["schema"] = {"type": "string", "enum": fids}
        void = spec["paths"]["/v1/fees/{fee_id}/void"]["post"]  # its own invoiced fee: the others change theirs
        void["parameters"] = [{"name": "fee_id", "in": "path", "required": True,
                               "schema": {"type": "string", "enum": [spare, fids[1]]}}] + [
            p for p in void.get("parameters", []) if p.get("$ref") != "#/components/parameters/FeeId"]
        params["EndpointId"]["schema"] = {"type": "string", "enum": eps}
        spec["components"]["schemas"]["FeeCreate"]["properties"]["placement_id"] = {"type": "string", "enum": pids}
        return spec

    def sign(method, target, body):
        return {"Authorization": f"Bearer {KEY}", "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "placemint", sign, max_examples=20, transform=pin_ids)
    assert len(labels) == 20


def test_vendor_yaml_matches_the_app():
    traits = load_traits("placemint")
    app = make_app()
    api = Api(app)
    assert traits.api_prefix == "/v1" and traits.auth.scheme == "bearer"
    assert traits.pagination.default_limit == 25 and traits.pagination.max_limit == 100
    assert api.get("/v1/fees").json["limit"] == 25
    assert api.get("/v1/fees?limit=101").status_code == 400
    assert traits.webhooks.signature_header == "Placemint-Signature" and traits.webhooks.tolerance_s == 300
    documented = set(load_openapi("placemint")["components"]["schemas"]["WebhookEndpointCreate"]
                     ["properties"]["events"]["items"]["enum"]) - {"*"}
    assert documented == set(traits.webhooks.event_types)
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    benign = {"scheduled_mutations": [], "drop_deliveries": {}, "search_lag_s": 0,
              "rotate_webhook_secret": {"secret": "whsec_x", "overlap_s": 0}}
    assert set(traits.settings) == set(benign)
    api.ok_control("config", {"settings": benign})  # every declared setting is accepted


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Placemint API" in index.get_data(as_text=True)
    for page in ("authentication", "pagination", "idempotency", "money", "placements", "fees", "fee-splits",
                 "fee-schedules", "timesheets", "webhooks", "errors", "rate-limits", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
        assert r.headers["Content-Type"].startswith("text/markdown")
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
    assert api.client.get("/docs/nope", headers={"X-IB-Via": NONCE}).status_code == 404
