"""Crewtide against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml matches the app, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from bundle.traits import load_traits

from .helpers import KEY, NONCE, V2025, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "crewtide")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    stages = [st["id"] for st in api.get("/v1/stages?filter[job]=1").json["data"]]
    fields = api.get("/v1/custom-fields").json["data"]

    def ids(type_, values):
        return {"type": "object", "required": ["data"], "properties": {"data": {
            "type": "object", "required": ["type", "id"],
            "properties": {"type": {"type": "string", "enum": [type_]}, "id": {"type": "string", "enum": values}}}}}

    def pin_ids(spec):
        s = spec["components"]["schemas"]
        s["CandidateAttributes"]["properties"]["custom-fields"] = {
            "type": "object", "additionalProperties": False,
            "properties": {f["attributes"]["api-name"]: {"type": "string", "nullable": True, "maxLength": 500}
                           for f in fields}}
        rels = s["JobApplicationCreate"]["properties"]["data"]["properties"]["relationships"]["properties"]
        rels["candidate"] = ids("candidates", ["3", "12", "50"])
        rels["job"] = ids("jobs", ["1"])
        rels["stage"] = s["JobApplicationWrite"]["properties"]["data"]["properties"]["relationships"][
            "properties"]["stage"] = ids("stages", stages)
        rels = s["CustomFieldValueCreate"]["properties"]["data"]["properties"]["relationships"]["properties"]
        rels["candidate"] = ids("candidates", ["3", "12", "50", "60"])
        rels["custom-field"] = ids("custom-fields", [f["id"] for f in fields])
        p = spec["components"]["parameters"]
        p["CandidateId"]["schema"] = {"type": "integer", "enum": [3, 12, 50, 999]}
        p["JobId"]["schema"] = {"type": "integer", "enum": [1, 12, 99]}
        p["JobApplicationId"]["schema"] = {"type": "integer", "enum": [1, 2, 5, 9999]}
        p["OnboardingId"]["schema"] = {"type": "integer", "enum": [1, 2, 99]}
        p["CustomFieldValueId"]["schema"] = {"type": "integer", "enum": [1, 2, 99]}
        p["OnboardingTaskId"]["schema"] = {"type": "integer", "enum": [1, 2, 999]}
        return spec

    def sign(method, target, body):
        return {"Authorization": f"Token token={KEY}", "X-IB-Via": NONCE, "X-Api-Version": V2025}

    labels = run_schemathesis(app, "crewtide", sign, max_examples=12, transform=pin_ids)
    assert len(labels) == 19


def test_vendor_yaml_matches_the_app():
    traits = load_traits("crewtide")
    api = Api(make_app())
    assert traits.auth.scheme == "token_token" and traits.auth.secrets[0].prefix == "Token token="
    assert traits.auth.extra_headers == {"X-Api-Version": V2025}
    assert traits.pagination.style == "jsonapi"
    assert len(api.get("/v1/candidates").json["data"]) == traits.pagination.default_limit
    assert len(api.get("/v1/candidates?page[size]=100").json["data"]) == traits.pagination.max_limit
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    api.ok_control("config", {"settings": {"scheduled_mutations": [], "search_lag_s": 0}})


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Crewtide API" in index.get_data(as_text=True)
    for page in ("authentication", "versions", "json-api", "pagination", "filters", "candidates", "jobs",
                 "job-applications", "custom-fields", "onboardings", "errors", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
