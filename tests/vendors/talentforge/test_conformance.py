"""The wire-true OpenAPI contract matches the routes and survives schemathesis; the served
docs are the markdown (with the documented names), not the contract; vendor.yaml is true to
the code."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from bundle.traits import load_traits
from vendors.talentforge import mutations, seed
from vendors.talentforge.app import AUTH, SPEC

from .helpers import CREDS, NONCE, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "talentforge")


def test_schemathesis_finds_no_server_error_and_no_schema_violation():
    app = make_app()
    api = Api(app)
    api.control("clock", {"freeze": True})  # the token minted below stays valid throughout
    assert api.mint().status_code == 200
    headers = {"Authorization": f"Bearer {api.token}", "X-IB-Via": NONCE}
    existing = {
        "requisitions": api.rows("requisitions")[0]["id"], "candidates": api.rows("candidates")[0]["id"],
        "applications": api.rows("applications")[0]["id"],
        "webhooks": api.post("/api/v2/webhooks", {"url": "http://127.0.0.1:9/x"}).json["id"],
    }
    reqs = [r["id"] for r in api.rows("requisitions")[:3]]
    cands = [r["id"] for r in api.rows("candidates")[:4]]

    def pin_ids(spec: dict) -> dict:
        """Path ids drawn from records that exist (and one that does not), so generated
        requests reach the handlers rather than stopping at 404."""
        for path, item in spec["paths"].items():
            if "{id}" not in path:
                continue
            known = existing[path.split("/")[3]]
            param = {"name": "id", "in": "path", "required": True,
                     "schema": {"type": "string", "enum": [known, "nope_000000000000"]}}
            for op in item.values():
                op["parameters"] = [param] + [q for q in op.get("parameters", [])
                                              if q.get("$ref") != "#/components/parameters/id"]
        s = spec["components"]["schemas"]
        for name in ("client_id", "client_secret"):  # the test's own client, so a token gets minted
            s["TokenRequest"]["properties"][name] = {"type": "string", "enum": [CREDS[name]]}
        s["ApplicationCreate"]["properties"]["requisition_id"] = {"type": "string", "enum": reqs + ["req_nope"]}
        s["ApplicationCreate"]["properties"]["candidate_id"] = {"type": "string", "enum": cands}
        return spec

    labels = run_schemathesis(app, "talentforge", lambda method, target, body: headers, max_examples=15,
                              transform=pin_ids)
    assert len(labels) == 16
    # bad input never became a 500 in the vendor's log of errors either
    assert api.get("/api/v2/requisitions?limit=1").status_code == 200


def test_docs_are_served_with_the_documented_names_and_the_contract_is_not():
    api = Api(make_app())
    assert api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE}).status_code == 404
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "TalentForge API v2" in index.get_data(as_text=True)
    pages = {}
    for page in ("authentication", "pagination", "requisitions", "candidates", "notes", "applications",
                 "webhooks", "errors", "rate-limits", "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
        pages[page] = r.get_data(as_text=True)
    # the docs-vs-wire trap: documented names, never the wire names
    assert "requisitionCode" in pages["requisitions"] and "req_code" not in pages["requisitions"]
    assert "hiringManager" in pages["requisitions"] and '"hm"' not in pages["requisitions"]
    assert "costCenter" in pages["requisitions"] and "cc_code" not in pages["requisitions"]
    assert "emailAddress" in pages["candidates"]
    assert "1–100, default 50" in pages["notes"] and "20" not in pages["notes"].split("## Add")[0].replace("2026-01-12", "")
    # what is not a trap is documented truthfully
    assert "absent" in pages["pagination"] and "inclusive" in pages["pagination"]
    assert "60 seconds" in pages["authentication"]
    assert "5 s, 30 s and 120 s" in pages["webhooks"] and "300 seconds" in pages["webhooks"]


def test_vendor_yaml_is_true_to_the_code():
    traits = load_traits("talentforge")
    assert traits.datasets == list(seed.DATASETS)
    assert set(traits.settings) >= {"token_ttl_s", "search_lag_s", "scheduled_mutations"}
    assert set(SPEC.settings) <= set(traits.settings)
    assert traits.webhooks.event_types == list(mutations.EVENT_TYPES)
    assert AUTH.ttl_s == traits.auth.token.ttl_s == 60
    assert traits.pagination.default_limit == 50 and traits.pagination.max_limit == 100
    assert {t.id for t in traits.traps} >= {"docs-wire-field-names", "notes-page-size", "cursor-key-absent"}
