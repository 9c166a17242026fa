"""The opaque offset token: a real client walks the whole set by URL-encoding `next`; the raw
token (its `+` read as a space) is refused with 400 `invalid_offset`."""
from __future__ import annotations

from urllib.parse import quote

import pytest

from .helpers import Api, make_app


@pytest.fixture(scope="module")
def big():
    api = Api(make_app())
    api.reset("large", 3)
    return api


def test_walk_covers_the_whole_set_once(big):
    contacts = big.walk("/v1/contacts")
    assert len(contacts) == 5000 and len({c["id"] for c in contacts}) == 5000
    assert [c["id"] for c in contacts] == [r["id"] for r in sorted(big.rows("contacts"),
                                                                    key=lambda r: (r["created_at"], r["id"]))]
    opps = big.walk("/v1/opportunities", limit=97)
    assert len(opps) == len(big.rows("opportunities"))


def test_tokens_contain_plus_slash_equals(big):
    page = big.get("/v1/contacts?limit=10").json
    assert page["hasNext"] is True
    token = page["next"]
    assert "+" in token and "/" in token and token.endswith("=")


def test_mangled_token_is_invalid_offset_and_encoded_one_is_not(big):
    token = big.get("/v1/contacts?limit=10").json["next"]
    raw = big.get(f"/v1/contacts?limit=10&offset={token}")  # `+` decoded as a space
    assert raw.status_code == 400 and raw.json["code"] == "invalid_offset"
    ok = big.get(f"/v1/contacts?limit=10&offset={quote(token, safe='')}")
    assert ok.status_code == 200 and len(ok.json["data"]) == 10
    first = big.get("/v1/contacts?limit=20").json["data"]
    assert [c["id"] for c in ok.json["data"]] == [c["id"] for c in first[10:]]
    for bad in ("garbage", token[:-4], token.replace("A", "B", 1) if "A" in token else token[::-1], "", "%%%"):
        r = big.get(f"/v1/contacts?offset={quote(bad, safe='')}")
        assert r.status_code in (200, 400), bad
        if bad:
            assert r.status_code == 400 and r.json["code"] == "invalid_offset", bad


def test_token_is_bound_to_its_list(big):
    token = big.get("/v1/contacts?limit=10").json["next"]
    r = big.get(f"/v1/opportunities?offset={quote(token, safe='')}")
    assert r.status_code == 400 and r.json["code"] == "invalid_offset"


def test_last_page_has_no_next(big):
    page = big.get("/v1/postings").json
    assert page["hasNext"] is False and "next" not in page


def test_real_http_client_walks_with_params_and_raw_token_fails():
    """Over real HTTP (waitress): httpx encodes `offset` properly; a hand-built URL does not."""
    import httpx

    from vendors.kit.serve import serve_in_thread

    from .helpers import KEY, NONCE

    app = make_app()
    served = serve_in_thread("pipelane", app)
    try:
        with httpx.Client(base_url=served.base_url, auth=(KEY, ""), headers={"X-IB-Via": NONCE},
                          trust_env=False) as http:
            seen, params = [], {"limit": 7}
            while True:
                page = http.get("/v1/opportunities", params=params).json()
                seen += [o["id"] for o in page["data"]]
                if not page["hasNext"]:
                    break
                params["offset"] = page["next"]
            assert len(seen) == len(set(seen)) == len(Api(app).rows("opportunities"))
            token = http.get("/v1/opportunities", params={"limit": 7}).json()["next"]
            raw = http.get(f"/v1/opportunities?limit=7&offset={token}")
            assert raw.status_code == 400 and raw.json()["code"] == "invalid_offset"
    finally:
        served.stop()
