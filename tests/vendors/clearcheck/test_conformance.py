"""ClearCheck against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml parses and matches what the app serves, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, load_openapi, run_schemathesis
from bundle.traits import load_traits

from .helpers import KEY, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "clearcheck")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    checks = api.walk("/v1/checks")
    cands = sorted({c["candidate_id"] for c in checks})[:3]
    chk = [checks[0]["id"], next(c["id"] for c in checks if c["status"] == "pending")]
    done = sorted((c for c in checks if c["status"] == "complete"), key=lambda c: c["completed_at"])
    rpts = [done[0]["report_id"], done[-1]["report_id"]]  # one expired (410), one fresh
    eps = [api.post("/v1/webhooks", {"url": f"http://127.0.0.1:9/h{i}"}).json["id"] for i in range(2)]

    def pin_ids(spec):
        params = spec["components"]["parameters"]
        params["CandidateId"]["schema"] = {"type": "string", "enum": cands}
        params["CheckId"]["schema"] = {"type": "string", "enum": chk}
        params["ReportId"]["schema"] = {"type": "string", "enum": rpts}
        params["EndpointId"]["schema"] = {"type": "string", "enum": eps}
        spec["components"]["schemas"]["CheckCreate"]["properties"]["candidate_id"] = {"type": "string", "enum": cands}
        return spec

    def sign(method, target, body):
        return {"X-Api-Key": KEY, "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "clearcheck", sign, max_examples=12, transform=pin_ids)
    assert len(labels) == 12


def test_vendor_yaml_matches_the_app():
    traits = load_traits("clearcheck")
    api = Api(make_app())
    assert traits.api_prefix == "/v1" and traits.auth.scheme == "api_key_header"
    assert traits.auth.secrets[0].field == "X-Api-Key"
    assert traits.pagination.style == "cursor" and traits.pagination.max_limit == 100
    assert len(api.get("/v1/checks").json["data"]) == traits.pagination.default_limit
    assert traits.webhooks.signing == "standard_webhooks"
    documented = set(load_openapi("clearcheck")["components"]["schemas"]["WebhookEndpointCreate"]
                     ["properties"]["events"]["items"]["enum"]) - {"*"}
    assert documented == set(traits.webhooks.event_types)
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    benign = {"scheduled_mutations": [], "drop_deliveries": {}, "search_lag_s": 0,
              "rotate_webhook_secret": {"secret": "whsec_QUFBQQ==", "overlap_s": 0}, "consider_rate_pct": 20,
              "publish_lag_s": 0, "consider_publish_lag_s": None}
    assert set(traits.settings) == set(benign)
    api.ok_control("config", {"settings": benign})
    assert api.control("config", {"settings": {"consider_rate_pct": 101}}).status_code == 400


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# ClearCheck API" in index.get_data(as_text=True)
    for page in ("authentication", "candidates-and-packages", "checks", "report-lifecycle", "pagination",
                 "webhooks", "errors", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
