"""Pipelane against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml matches the app, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from bundle.traits import load_traits

from .helpers import KEY, NONCE, Api, basic, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "pipelane")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    opps = api.get("/v1/opportunities?limit=100").json["data"]
    oids = [o["id"] for o in opps[:3]] + [next(o["id"] for o in opps if o["archived"])]
    cids = [o["contactId"] for o in opps[:3]]
    users = api.walk("/v1/users")
    uids = [u["id"] for u in users]
    pids = [p["id"] for p in api.walk("/v1/postings")][:3]
    writer = api.user_id()
    hooks = [api.post(f"/v1/webhooks?perform_as={writer}", {"url": f"http://127.0.0.1:9/h{i}", "events": ["*"]})
             .json["data"]["id"] for i in range(2)]

    def pin(spec):
        p = spec["components"]["parameters"]
        p["OpportunityId"]["schema"] = {"type": "string", "enum": oids}
        p["ContactId"]["schema"] = {"type": "string", "enum": cids}
        p["UserId"]["schema"] = {"type": "string", "enum": uids}
        p["PostingId"]["schema"] = {"type": "string", "enum": pids}
        p["PerformAs"]["schema"] = {"type": "string", "enum": uids}
        for op in spec["paths"]["/v1/webhooks/{webhook_id}"].values():
            op["parameters"][0]["schema"] = {"type": "string", "enum": hooks}
        props = spec["components"]["schemas"]["OpportunityCreate"]["properties"]
        props["contactId"] = {"type": "string", "enum": cids}
        props["postingId"] = {"type": "string", "nullable": True, "enum": pids}
        props["ownerId"] = {"type": "string", "nullable": True, "enum": uids}
        return spec

    def sign(method, target, body):
        return {"Authorization": basic(KEY), "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "pipelane", sign, max_examples=15, transform=pin)
    assert len(labels) == 23


def test_vendor_yaml_matches_the_app():
    t = load_traits("pipelane")
    api = Api(make_app())
    assert t.auth.scheme == "basic" and t.pagination.style == "offset_token"
    assert t.webhooks.signing == "body_embedded" and t.timestamps == "epoch_ms"
    assert t.pagination.default_limit == 100
    api.reset("large", 1)
    assert len(api.get("/v1/opportunities").json["data"]) == 100
    assert api.get("/v1/opportunities?limit=101").status_code == 400
    for ds in t.datasets:
        if ds != "large":
            assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    api.ok_control("config", {"settings": {"scheduled_mutations": [], "drop_deliveries": {}, "search_lag_s": 0}})


def test_docs_are_served():
    api = Api(make_app())
    h = {"X-IB-Via": NONCE}
    r = api.client.get("/docs/", headers=h)
    assert r.status_code == 200 and "# Pipelane API" in r.get_data(as_text=True)
    for page in ("authentication", "pagination", "opportunities", "contacts", "webhooks", "errors",
                 "rate-limits", "changelog"):
        assert api.client.get(f"/docs/{page}", headers=h).status_code == 200, page
    assert api.client.get("/openapi.yaml", headers=h).status_code == 200
