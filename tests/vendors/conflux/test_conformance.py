"""OpenAPI vs url_map, schemathesis over the whole spec, served docs, vendor.yaml vs code."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from vendors.conflux import seed
from vendors.conflux.app import SPEC, TRAITS

from .helpers import CREDS, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "conflux")


def test_schemathesis_finds_no_server_error_and_no_schema_violation():
    app = make_app()
    api = Api(app)
    headers = api.headers()
    cand = api.get("/candidates?page_size=30").json["results"][0]
    existing = {"candidates": cand["id"], "applications": cand["applications"][0],
                "jobs": api.get("/jobs?page_size=30").json["results"][0]["id"]}

    def pin_ids(spec: dict) -> dict:
        for path, item in spec["paths"].items():
            if "{id}" in path:
                param = {"name": "id", "in": "path", "required": True,
                         "schema": {"type": "string", "enum": [existing[path.split("/")[4]], "cand_000000000000"]}}
                for op in item.values():
                    op["parameters"] = [param]
        return spec

    labels = run_schemathesis(app, "conflux", lambda method, target, body: headers, max_examples=12,
                              transform=pin_ids)
    assert len(labels) == 7


def test_docs_are_served():
    api = Api(make_app())
    for page in ("", "authentication", "models", "pagination", "errors", "rate-limits"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    text = api.client.get("/docs/rate-limits", headers={"X-IB-Via": NONCE}).get_data(as_text=True)
    assert "caller_blocked" in text and "Retry-After" in text and "60 seconds" in text
    assert api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE}).status_code == 200


def test_vendor_yaml_is_true_to_the_code():
    assert TRAITS.datasets == list(seed.DATASETS)
    assert set(SPEC.settings) <= set(TRAITS.settings)
    names = {s.name: s for s in TRAITS.auth.secrets}
    assert names["account_token"].field == names["account_token_b"].field == "X-Account-Token"
    assert set(CREDS) == {"api_key", "account_token", "account_token_b", "account_token_c"}
    assert {s.name for s in TRAITS.auth.secrets} == set(CREDS)
