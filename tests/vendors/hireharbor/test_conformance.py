"""HireHarbor against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml parses and matches what the app serves, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, load_openapi, run_schemathesis
from bundle.traits import load_traits

from .helpers import INTEGRATION, KEY, NONCE, Api, basic, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "hireharbor")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    apps = api.get("/v1/applications?per_page=100").json
    active = [a for a in apps if a["status"] == "active"]
    app_ids = [a["id"] for a in active[:3]] + [next(a["id"] for a in apps if a["status"] == "hired")]
    mover = active[3]  # moved, hired and rejected: each its own active applications
    job_stages = [st["id"] for st in api.get(f"/v1/jobs/{mover['job_id']}/stages").json]
    hooks = [api.post("/v1/webhooks", {"url": f"http://127.0.0.1:9/h{i}"}).json["id"] for i in range(2)]
    fields = {o: [f["key"] for f in api.get(f"/v1/custom_fields?object_type={o}").json] for o in ("candidate", "application")}

    def pin_ids(spec):
        # Generated requests should reach real records, not only 404s.
        p = spec["components"]["parameters"]
        p["UserId"]["schema"] = {"type": "integer", "enum": [1, 2, 5, 99]}
        p["JobId"]["schema"] = {"type": "integer", "enum": [1, 2, 8, 99]}
        p["CandidateId"]["schema"] = {"type": "integer", "enum": [3, 4, 49, 50, 999]}
        p["ApplicationId"]["schema"] = {"type": "integer", "enum": app_ids + [9999]}
        p["WebhookId"]["schema"] = {"type": "integer", "enum": hooks + [77]}
        paths = spec["paths"]

        def only(path, method, ids):
            op = paths[path][method]
            op["parameters"] = [{"name": "application_id", "in": "path", "required": True,
                                 "schema": {"type": "integer", "enum": ids}}] + op["parameters"][1:]
            return op

        props = only("/v1/applications/{application_id}/move", "post", [mover["id"]])[
            "requestBody"]["content"]["application/json"]["schema"]["properties"]
        props["from_stage_id"] = {"type": "integer", "enum": [mover["current_stage"]["id"]]}
        props["to_stage_id"] = {"type": "integer", "enum": [i for i in job_stages if i != mover["current_stage"]["id"]]}
        only("/v1/applications/{application_id}/hire", "post", [a["id"] for a in active[4:6]] + [9999])
        only("/v1/applications/{application_id}/reject", "post", [a["id"] for a in active[6:8]] + [app_ids[-1]])
        merge = paths["/v1/candidates/merge"]["put"]["requestBody"]["content"]["application/json"]["schema"]
        merge["properties"]["primary_candidate_id"] = {"type": "integer", "enum": [3, 999]}
        merge["properties"]["duplicate_candidate_id"] = {"type": "integer", "enum": [10, 11, 3]}
        # custom-field keys are the account's (GET /v1/custom_fields)
        s = spec["components"]["schemas"]
        value = s["CustomFieldValues"]["additionalProperties"]
        s["CandidateCreate"]["properties"]["custom_fields"] = {
            "type": "object", "additionalProperties": False, "properties": {k: value for k in fields["candidate"]}}
        app_fields = {"type": "object", "additionalProperties": False,
                      "properties": {k: value for k in fields["application"]}}
        new = paths["/v1/applications"]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]
        new["candidate_id"] = {"type": "integer", "enum": [3, 4, 50, 999]}
        new["job_id"] = {"type": "integer", "enum": [mover["job_id"]]}
        new["initial_stage_id"] = {"type": "integer", "enum": job_stages}
        for path, method in (("/v1/applications", "post"), ("/v1/applications/{application_id}", "patch")):
            paths[path][method]["requestBody"]["content"]["application/json"]["schema"]["properties"][
                "custom_fields"] = app_fields
        return spec

    def sign(method, target, body):
        return {"Authorization": basic(KEY), "X-IB-Via": NONCE, "On-Behalf-Of": str(INTEGRATION)}

    labels = run_schemathesis(app, "hireharbor", sign, max_examples=12, transform=pin_ids)
    assert len(labels) == 24


def test_vendor_yaml_matches_the_app():
    traits = load_traits("hireharbor")
    api = Api(make_app())
    assert traits.api_prefix == "/v1" and traits.auth.scheme == "basic"
    assert traits.auth.secrets[0].placement == "basic_user"
    assert traits.pagination.style == "page_link" and traits.pagination.max_limit == 100
    assert len(api.get("/v1/applications").json) == traits.pagination.default_limit
    capped = api.get("/v1/applications?per_page=500")
    assert capped.status_code == 200 and "per_page=100" in capped.headers["Link"]  # capped silently
    assert traits.webhooks.signing == "sha256_space" and traits.webhooks.id_header == "HireHarbor-Event-ID"
    documented = set(load_openapi("hireharbor")["components"]["schemas"]["EventType"]["enum"]) - {"*"}
    assert documented == set(traits.webhooks.event_types)
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    benign = {"scheduled_mutations": [], "drop_deliveries": {}, "search_lag_s": 0,
              "rotate_webhook_secret": {"secret": "x", "overlap_s": 0}, "email_check_lag": False}
    assert set(traits.settings) == set(benign)
    api.ok_control("config", {"settings": benign})


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# HireHarbor API" in index.get_data(as_text=True)
    for page in ("authentication", "pagination", "candidates", "applications", "users", "custom-fields",
                 "activity", "webhooks", "errors", "rate-limits", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
