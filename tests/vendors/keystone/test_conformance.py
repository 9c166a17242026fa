"""Keystone against its own contract: OpenAPI vs url_map, schemathesis, vendor.yaml, docs."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from bundle.traits import load_traits

from .helpers import NONCE, P, Api, basic, make_app, q


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "keystone")


def test_schemathesis_finds_no_server_error():
    app = make_app()

    def pin_ids(spec):
        p = spec["components"]["parameters"]
        p["EmployeeId"]["schema"] = {"type": "integer", "enum": [1, 2, 50, 999]}
        p["ItemId"]["schema"] = {"type": "integer", "enum": [1, 2, 150, 9999]}
        p["EquipmentId"]["schema"] = {"type": "integer", "enum": [1, 2, 9999]}
        p["IfMatch"]["schema"] = {"type": "string", "enum": ["*", '"stale"']}  # reach the write handlers too
        return spec

    def sign(method, target, body):
        return {"Authorization": basic(), "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "keystone", sign, max_examples=10, transform=pin_ids)
    assert len(labels) == 14


def test_vendor_yaml_matches_the_app():
    traits = load_traits("keystone")
    api = Api(make_app())
    assert traits.api_prefix == P and traits.auth.scheme == "basic" and traits.content_type == "application/xml"
    assert [s.placement for s in traits.auth.secrets] == ["basic_user", "basic_password"]
    assert traits.concurrency_control == "etag" and traits.pagination.style == "offset_total"
    root = api.xml(api.get(f"{P}/employees"))
    assert len(root.findall(q("Employee"))) == traits.pagination.default_limit
    assert api.get(f"{P}/employees?limit={traits.pagination.max_limit}").status_code == 200
    assert api.get(f"{P}/employees?limit={traits.pagination.max_limit + 1}").status_code == 400
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    api.ok_control("config", {"settings": {"scheduled_mutations": [], "search_lag_s": 0, "equipment_list_lag_s": 0,
                                           "item_done_on": False}})
    assert set(traits.settings) == {"scheduled_mutations", "search_lag_s", "equipment_list_lag_s", "item_done_on"}


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Keystone HR API" in index.get_data(as_text=True)
    for page in ("authentication", "xml", "dates", "pagination", "etags", "employees", "onboarding-items",
                 "equipment", "internal-mobility", "errors", "changelog"):
        assert api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE}).status_code == 200, page
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data


def test_the_documented_date_pattern_admits_only_dates_the_server_takes():
    import re

    from tests.vendors.conformance import load_openapi

    pattern = re.compile(load_openapi("keystone")["components"]["schemas"]["Employee"]["properties"]["StartDate"]["pattern"])
    for wrong in ("00/00/0000", "01/13/2026", "32/01/2026", "31/04/2026", "30/02/2026", "1/2/2026"):
        assert not pattern.search(wrong), wrong
    for right in ("03/04/2026", "29/02/2024", "31/12/1999", "30/11/2030"):
        assert pattern.search(right), right
