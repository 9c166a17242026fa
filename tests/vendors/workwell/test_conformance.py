"""Workwell against its own contract: OpenAPI vs url_map, schemathesis over the whole spec,
vendor.yaml parses and matches what the app serves, docs are served."""
from __future__ import annotations

from tests.vendors.conformance import assert_openapi_matches_url_map, run_schemathesis
from bundle.traits import load_traits

from .helpers import BASE, KEY, NONCE, TENANT, Api, make_app


def test_openapi_matches_url_map():
    assert_openapi_matches_url_map(make_app(), "workwell")


def test_schemathesis_finds_no_server_error_or_schema_violation():
    app = make_app()
    api = Api(app)
    jobs = api.get("jobs?limit=100").json["jobs"]
    cands = api.get("candidates?limit=100").json["candidates"]
    shortcodes = [j["shortcode"] for j in jobs if j["state"] == "published"][:2] + \
                 [next(j["shortcode"] for j in jobs if j["state"] != "published")]
    with_offer = {r["candidate_id"] for r in api.rows("offers")}
    cids = [c["id"] for c in cands[:2]] + [next(c["id"] for c in cands if int(c["id"], 16) in with_offer),
                                           next(c["id"] for c in cands if c["disqualified"])]

    slugs = [st["slug"] for st in api.get("stages").json["stages"]]

    def pin(spec):
        params = spec["components"]["parameters"]
        params["Tenant"]["schema"] = {"type": "string", "enum": [TENANT]}
        params["Shortcode"]["schema"] = {"type": "string", "enum": shortcodes}
        params["CandidateId"]["schema"] = {"type": "string", "enum": cids}
        move = spec["paths"]["/t/{tenant}/spi/v3/candidates/{id}/move"]["post"]["requestBody"]["content"]
        move["application/json"]["schema"]["properties"]["target_stage"] = {"type": "string", "enum": slugs + ["nope"]}
        return spec

    def sign(method, target, body):
        return {"Authorization": f"Bearer {KEY}", "X-IB-Via": NONCE}

    labels = run_schemathesis(app, "workwell", sign, max_examples=15, transform=pin)
    assert len(labels) == 11
    # and with free tenants: a wrong tenant is a documented 404, never a 500
    run_schemathesis(app, "workwell", sign, max_examples=5,
                     skip=lambda label: not label.startswith("GET"))


def test_vendor_yaml_matches_the_app():
    traits = load_traits("workwell")
    api = Api(make_app())
    assert traits.api_prefix == "/t/" and BASE.startswith(traits.api_prefix)
    assert traits.auth.scheme == "bearer" and traits.credentials["tenant"] == TENANT
    assert traits.pagination.style == "since_id"
    assert len(api.get("candidates").json["candidates"]) == traits.pagination.default_limit
    assert api.get(f"candidates?limit={traits.pagination.max_limit + 1}").status_code == 400
    assert traits.rate_limits.dialect == "x-rate-limit"
    rule = traits.rate_limits.rules[0]
    assert (rule.policy, rule.limit, rule.window_s) == ("fixed_window", 10, 10)
    for ds in traits.datasets:
        assert api.control("reset", {"dataset": ds, "seed": 2}).status_code == 200, ds
    api.ok_control("config", {"settings": {"scheduled_mutations": []}})


def test_docs_are_served():
    api = Api(make_app())
    index = api.client.get("/docs/", headers={"X-IB-Via": NONCE})
    assert index.status_code == 200 and "# Workwell API" in index.get_data(as_text=True)
    for page in ("authentication", "pagination", "jobs", "candidates", "offers", "errors", "rate-limits",
                 "changelog"):
        r = api.client.get(f"/docs/{page}", headers={"X-IB-Via": NONCE})
        assert r.status_code == 200, page
    traits = load_traits("workwell")
    limits = api.client.get("/docs/rate-limits", headers={"X-IB-Via": NONCE}).get_data(as_text=True)
    rule = traits.rate_limits.rules[0]
    assert f"{rule.limit} requests per {int(rule.window_s)} seconds" in limits
    assert all(h in limits for h in ("X-Rate-Limit-Limit", "X-Rate-Limit-Remaining", "X-Rate-Limit-Reset"))
    paging = api.client.get("/docs/pagination", headers={"X-IB-Via": NONCE}).get_data(as_text=True)
    p = traits.pagination
    assert f"1–{p.max_limit} (default {p.default_limit})" in paging and "paging.next" in paging
    spec = api.client.get("/openapi.yaml", headers={"X-IB-Via": NONCE})
    assert spec.status_code == 200 and b"openapi: 3.0.3" in spec.data
