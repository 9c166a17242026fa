"""Jobsmith against its own contract: OpenAPI vs url_map, schemathesis over the whole spec
(with `?apikey=` added to every generated request's query string), vendor.yaml, docs."""
from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import parse_qsl, urlencode

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from bundle.traits import load_traits

from .helpers import KEY, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "jobsmith")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    statuses: set[tuple[str, str]] = set()

    def with_query_key(environ, start_response):
        # the generated request may carry its own `apikey` (from the security scheme): replace it
        pairs = [(k, v) for k, v in parse_qsl(environ.get("QUERY_STRING", ""), keep_blank_values=True)
                 if k != "apikey"]
        environ["QUERY_STRING"] = urlencode(pairs + [("apikey", KEY)])

        def record(status, headers, *rest):
            statuses.add((environ["REQUEST_METHOD"], status[:3]))
            return start_response(status, headers, *rest)

        return app.wsgi_app(environ, record)

    def pin_ids(spec):
        p = spec["components"]["parameters"]
        p["JobId"]["schema"] = {"type": "integer", "enum": [1, 5, 6, 99]}
        p["ApplicantId"]["schema"] = {"type": "integer", "enum": [1, 3, 9, 999]}
        p["JobFilter"]["schema"] = {"type": "integer", "enum": [1, 5, 6, 99]}
        p["Page"]["schema"] = {"type": "integer", "enum": [1, 2, 3]}
        return spec

    def sign(method, target, body):
        return {"X-IB-Via": NONCE}

    labels = run_schemathesis(SimpleNamespace(wsgi_app=with_query_key), "jobsmith", sign,
                              max_examples=12, transform=pin_ids)
    assert len(labels) == 11
    assert {("GET", "200"), ("POST", "200"), ("POST", "201")} <= statuses  # the key got through


def test_vendor_yaml_matches_the_app():
    traits = load_traits("jobsmith")
    api = Api(make_app())
    assert traits.api_prefix == "/v1" and traits.auth.scheme == "query_key"
    secret = traits.auth.secrets[0]
    assert (secret.placement, secret.field) == ("query", "apikey")
    assert traits.pagination.style == "path_segment" and traits.pagination.max_limit == 100
    assert traits.timestamps == "local_date" and traits.webhooks is None
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    api.ok_control("config", {"settings": {"scheduled_mutations": [], "timezone": "America/New_York"}})
    assert set(traits.settings) == {"scheduled_mutations", "timezone"}
    assert api.control("config", {"settings": {"timezone": "Mars/Olympus"}}).status_code == 400


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Jobsmith API" in index.get_data(as_text=True)
    for page in ("authentication", "pagination", "applicants", "jobs", "notes", "hires", "dates", "errors", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
