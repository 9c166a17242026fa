"""Quarry against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml parses and matches what the app serves, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, load_openapi, run_schemathesis
from bundle.traits import load_traits

from .helpers import NONCE, Api, basic, KEY, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "quarry")


def test_every_documented_method_is_a_post_with_a_200_failure_envelope_and_a_401():
    spec = load_openapi("quarry")
    for path, item in spec["paths"].items():
        assert list(item) == ["post"], path
        responses = item["post"]["responses"]
        assert {"$ref": "#/components/schemas/Failure"} in responses["200"]["content"]["application/json"]["schema"]["oneOf"]
        assert set(responses) == {"200", "401"}


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    cands = api.ok("candidate.list", {"limit": 3})["results"]
    apps = api.ok("application.list", {"limit": 3})["results"]
    jobs = api.ok("job.list")["results"]
    cids, aids, jids = [c["id"] for c in cands], [a["id"] for a in apps], [j["id"] for j in jobs[:4]]

    def pin_ids(spec):
        # Generated requests should reach real records, not only not_found envelopes.
        s = spec["components"]["schemas"]
        s["IdRequest"]["properties"]["id"] = {"type": "string", "enum": cids + jids}
        s["ApplicationInfoRequest"]["properties"]["applicationId"] = {"type": "string", "enum": aids}
        s["ApplicationCreateRequest"]["properties"]["candidateId"] = {"type": "string", "enum": cids}
        s["ApplicationCreateRequest"]["properties"]["jobId"] = {"type": "string", "enum": jids}
        s["ApplicationListRequest"]["properties"]["jobId"] = {"type": "string", "enum": jids}
        return spec

    def sign(method, target, body):
        return {"Authorization": basic(KEY), "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "quarry", sign, max_examples=15, transform=pin_ids)
    assert len(labels) == len(load_openapi("quarry")["paths"])


def test_vendor_yaml_matches_the_app():
    traits = load_traits("quarry")
    api = Api(make_app())
    assert traits.auth.scheme == "basic" and traits.pagination.style == "rpc_cursor"
    assert traits.write_methods == [] and "/*.create" in traits.write_paths
    api.reset("large")
    assert len(api.ok("candidate.list")["results"]) == traits.pagination.default_limit == 100
    assert api.failure("candidate.list", {"limit": traits.pagination.max_limit + 1})["code"] == "invalid_parameter"
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    benign = {"scheduled_mutations": [], "rate_limit": {}, "internal_errors": [], "sync_token_ttl_s": 604800,
              "archived_interviews_unlisted": False}
    assert set(traits.settings) == set(benign)
    api.ok_control("config", {"settings": benign})
    assert api.control("config", {"settings": {"rate_limit": {"limit": "x"}}}).status_code == 400
    assert api.control("config", {"settings": {"internal_errors": [{"nth": 0}]}}).status_code == 400
    assert api.control("config", {"settings": {"archived_interviews_unlisted": "yes"}}).status_code == 400


def test_docs_are_served_without_credentials():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Quarry API" in index.get_data(as_text=True)
    for page in ("authentication", "rpc", "pagination-and-sync", "candidates", "applications", "jobs",
                 "interview-schedules", "feedback", "errors", "rate-limits", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
