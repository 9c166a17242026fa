"""Scoutly against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml parses and matches what the app serves, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, load_openapi, run_schemathesis
from bundle.traits import load_traits

from .helpers import KEY, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "scoutly")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    api.config(handshakes_enabled=False)  # generated callback URLs must not be called
    cands = [c["id"] for c in api.get("/v1/candidates?limit=3").json["content"]]
    jobs = [j["id"] for j in api.get("/v1/jobs?limit=3").json["content"]]
    apps = [a["id"] for a in api.get("/v1/applications?limit=3").json["content"]]
    subs = [api.post("/v1/subscriptions", {"callbackUrl": f"http://127.0.0.1:9/h{i}"}).json["id"] for i in range(2)]

    def pin_ids(spec):
        params = spec["components"]["parameters"]
        params["CandidateId"]["schema"] = {"type": "string", "enum": cands}
        params["JobId"]["schema"] = {"type": "string", "enum": jobs}
        params["ApplicationId"]["schema"] = {"type": "string", "enum": apps}
        params["SubscriptionId"]["schema"] = {"type": "string", "enum": subs}
        props = spec["components"]["schemas"]["ApplicationCreate"]["properties"]
        props["candidateId"] = {"type": "string", "enum": cands}
        props["jobId"] = {"type": "string", "enum": jobs}
        return spec

    def sign(method, target, body):
        return {"X-SmartToken": KEY, "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "scoutly", sign, max_examples=15, transform=pin_ids)
    assert len(labels) == 20


def test_vendor_yaml_matches_the_app():
    traits = load_traits("scoutly")
    api = Api(make_app())
    assert traits.api_prefix == "/v1" and traits.auth.secrets[0].field == "X-SmartToken"
    assert traits.pagination.default_limit == 10 and traits.pagination.max_limit == 100
    assert api.get("/v1/candidates").json["limit"] == 10
    assert api.get("/v1/candidates?limit=101").status_code == 400
    rules = {r.id: r for r in traits.rate_limits.rules}
    for path in ("/v1/candidates", "/v1/jobs", "/v1/applications", "/v1/subscriptions"):
        rule = next(r for r in rules.values() if r.match.get("path") == path)
        assert rule.policy == "concurrency" and rule.limit == 1
    assert rules["secret-keys"].limit == 6 and rules["secret-keys"].window_s == 60
    assert traits.webhooks.signing == "hook_secret" and traits.webhooks.tolerance_s == 300
    spec = load_openapi("scoutly")
    documented = set(spec["components"]["schemas"]["EventName"]["enum"]) - {"*"}
    assert documented == set(traits.webhooks.event_types)
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    benign = {"scheduled_mutations": [], "drop_deliveries": {},
              "rotate_webhook_secret": {"secret": "sk_x", "overlap_s": 0}, "handshake_deadline_s": 10,
              "handshakes_enabled": True, "enforce_list_concurrency": False, "list_latency_ms": 0}
    assert set(traits.settings) == set(benign)
    api.ok_control("config", {"settings": benign})
    assert api.control("config", {"settings": {"list_latency_ms": "slow"}}).status_code == 400


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Scoutly API" in index.get_data(as_text=True)
    for page in ("authentication", "pagination", "candidates", "jobs", "applications", "webhooks",
                 "errors", "rate-limits", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
