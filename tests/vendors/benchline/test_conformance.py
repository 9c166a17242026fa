"""The OpenAPI contract matches the routes and survives schemathesis; docs are served;
vendor.yaml is true to the code."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from vendors.benchline import api as bl_api
from vendors.benchline import seed
from vendors.benchline.app import AUTH, SPEC
from bundle.traits import load_traits

from .helpers import CREDS, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "benchline")


def test_schemathesis_finds_no_server_error_and_no_schema_violation():
    app = make_app()
    api = Api(app)
    api.control("clock", {"freeze": True})  # the session below stays valid throughout
    assert api.login().status_code == 200
    assert api.call("PUT", "event/subscription/roster?type=entity&names=Placement").status_code == 200
    headers = {"BhRestToken": api.session, "X-IB-Via": NONCE}
    access, refresh = api.access_token(), api.refresh  # for the token and login operations

    def pin(spec: dict) -> dict:
        """Path parameters drawn from values that exist (and one that does not), so generated
        requests reach the handlers rather than stopping at 404."""
        pins = {"dc": ["dc2", "dc1", "dcx"], "ids": ["1", "2", "1,2", "999999", "x"],
                "sub_id": ["roster", "nosuch"]}
        spec["components"]["parameters"]["dc"]["schema"] = {"type": "string", "enum": pins["dc"]}
        for item in spec["paths"].values():
            for p in item.get("parameters", []):
                if p.get("name") in pins:
                    p["schema"] = {"type": "string", "enum": pins[p["name"]]}
        given = {"grant_type": ["refresh_token"], "refresh_token": [refresh], "client_id": [CREDS["client_id"]],
                 "client_secret": [CREDS["client_secret"]], "access_token": [access]}
        for path in ("/oauth/token", "/rest-services/login"):
            for p in spec["paths"][path]["post"]["parameters"]:
                if p["name"] in given:
                    p["schema"] = {"type": "string", "enum": given[p["name"]]}
        # writes name one entity, with that entity's body and existing associations
        s = spec["components"]["schemas"]
        s["Association"]["properties"]["id"] = {"type": "integer", "enum": [1, 2]}
        one = {"name": "entity", "in": "path", "required": True, "schema": {"type": "string", "enum": ["JobSubmission"]}}
        for path, method in (("/{dc}/rest/entity/{entity}", "put"), ("/{dc}/rest/entity/{entity}/{ids}", "post")):
            op = spec["paths"][path][method]
            op["parameters"] = [one]
            op["requestBody"]["content"]["application/json"]["schema"] = {
                **s["JobSubmissionWrite"], "required": ["candidate", "jobOrder"] if method == "put" else []}
        return spec

    labels = run_schemathesis(app, "benchline", lambda method, target, body: headers, max_examples=15,
                              transform=pin)
    assert len(labels) == 16
    assert api.get("ping").status_code == 200


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "Benchline" in index.get_data(as_text=True)
    pages = {}
    for page in ("authentication", "data-centres", "entities", "search", "events", "errors", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
        pages[page] = r.get_data(as_text=True)
    assert "/oauth/authorize" in pages["authentication"] and "20 minutes" in pages["authentication"]
    assert "307" in pages["data-centres"] and "BhRestToken" in pages["data-centres"]
    assert "America/Chicago" in pages["entities"] and "fields" in pages["entities"]
    assert "200" in pages["search"] and "requestId" in pages["events"] and "subscription_expired" in pages["events"]
    assert api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE}).status_code == 200


def test_vendor_yaml_is_true_to_the_code():
    traits = load_traits("benchline")
    assert traits.datasets == list(seed.DATASETS)
    assert set(SPEC.settings) <= set(traits.settings)
    assert AUTH.session_ttl_s == traits.auth.token.ttl_s == 1200 and AUTH.max_sessions == 3
    assert traits.pagination.default_limit == bl_api.DEFAULT_COUNT
    assert traits.pagination.max_limit == bl_api.MAX_COUNT == 200
    assert set(traits.credentials) >= {"client_id", "client_secret", "username", "password"}
