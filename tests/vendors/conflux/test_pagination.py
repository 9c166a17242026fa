"""A real client loop walking next cursors; previous cursors; cursor misuse."""
from __future__ import annotations

from .helpers import Api, make_app


def test_walking_next_cursors_returns_every_record_once():
    api = Api(make_app("large"))
    items, pages = api.walk("/candidates", page_size=100)
    assert len(items) == 4000 and pages == 40 and len({x["id"] for x in items}) == 4000
    assert [x["id"] for x in items] == sorted(x["id"] for x in items)


def test_previous_cursor_goes_back_a_page(api):
    first = api.get("/applications?page_size=30").json
    second = api.get(f"/applications?page_size=30&cursor={first['next']}").json
    assert second["previous"]
    back = api.get(f"/applications?page_size=30&cursor={second['previous']}").json
    assert [x["id"] for x in back["results"]] == [x["id"] for x in first["results"]]
    assert back["previous"] is None and back["next"]


def test_cursor_with_other_params_or_garbage_is_400(api):
    first = api.get("/candidates?page_size=30").json
    r = api.get(f"/candidates?page_size=40&cursor={first['next']}")
    assert r.status_code == 400 and r.json["errors"][0]["code"] == "cursor_mismatch"
    r = api.get("/candidates?cursor=%%%not-a-cursor")
    assert r.status_code == 400 and r.json["errors"][0]["code"] == "invalid_cursor"
    r = api.get("/candidates?cursor=eyJ4IjoxfQ")
    assert r.status_code == 400 and r.json["errors"][0]["code"] == "invalid_cursor"
