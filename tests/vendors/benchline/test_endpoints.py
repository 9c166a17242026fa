"""Every documented endpoint: a happy path and an authentication failure."""
from __future__ import annotations

from urllib.parse import urlencode

import pytest

from .helpers import CREDS, VIA, Api, authorize_query, code_from


def test_authorize_redirects_with_code_and_state(api):
    r = api.client.get("/oauth/authorize?" + authorize_query(state="xyz", redirect_uri="https://app.example/cb"),
                       headers=VIA)
    assert r.status_code == 302
    assert r.headers["Location"].startswith("https://app.example/cb?code=") and "state=xyz" in r.headers["Location"]


@pytest.mark.parametrize("over", [{"password": "wrong"}, {"username": "nobody"}, {"client_id": "bad"}])
def test_authorize_refuses_bad_credentials(api, over):
    r = api.client.get("/oauth/authorize?" + authorize_query(**over), headers=VIA)
    assert r.status_code == 401 and set(r.json) == {"errorMessage", "errorMessageKey", "errorCode"}


def test_token_code_single_use_and_refresh_rotation(api):
    r = api.client.get("/oauth/authorize?" + authorize_query(), headers=VIA)
    code = code_from(r.headers["Location"])
    q = {"grant_type": "authorization_code", "code": code, "client_id": CREDS["client_id"],
         "client_secret": CREDS["client_secret"]}
    first = api.client.post("/oauth/token?" + urlencode(q), headers=VIA)
    assert first.status_code == 200 and first.json["expires_in"] == 600
    assert api.client.post("/oauth/token?" + urlencode(q), headers=VIA).status_code == 400  # code used
    rq = {"grant_type": "refresh_token", "refresh_token": first.json["refresh_token"],
          "client_id": CREDS["client_id"], "client_secret": CREDS["client_secret"]}
    second = api.client.post("/oauth/token", data=rq, headers=VIA)  # form body works too
    assert second.status_code == 200 and second.json["refresh_token"] != first.json["refresh_token"]
    assert api.client.post("/oauth/token", data=rq, headers=VIA).status_code == 400  # single use
    bad = api.client.post("/oauth/token?" + urlencode({**rq, "client_secret": "nope"}), headers=VIA)
    assert bad.status_code == 401


def test_login_gives_session_and_rest_url(api):
    r = api.login()
    assert r.status_code == 200 and r.json["restUrl"].endswith("/dc2/rest/")
    bad = api.client.post("/rest-services/login?version=2.0&access_token=nope", headers=VIA)
    assert bad.status_code == 401 and bad.json["errorMessageKey"] == "invalid_access_token"


DATA_CALLS = [
    ("GET", "ping", None),
    ("GET", "entity/Candidate/1?fields=id,firstName", None),
    ("GET", "entity/Candidate/1,2?fields=id", None),
    ("PUT", "entity/Candidate", {"firstName": "Ada", "lastName": "Stone", "email": "ada@example.com"}),
    ("POST", "entity/Placement/1", {"status": "Completed"}),
    ("DELETE", "entity/Placement/2", None),
    ("GET", "search/Placement?query=status:Approved&fields=id,status&count=5", None),
    ("PUT", "event/subscription/roster?type=entity&names=Placement", None),
]


@pytest.mark.parametrize("method,path,body", DATA_CALLS)
def test_data_endpoints_happy_and_without_session(api, method, path, body):
    r = api.call(method, path, json=body)
    assert r.status_code == 200, r.json
    anon = api.call(method, path, json=body, session=False)
    assert anon.status_code == 401 and anon.json["errorMessageKey"] == "missing_session"
    bad = api.call(method, path, json=body, session="ses_forged")
    assert bad.status_code == 401 and bad.json["errorMessageKey"] == "invalid_session"


def test_event_poll_and_unsubscribe_endpoints(api):
    assert api.call("PUT", "event/subscription/s1?type=entity&names=Placement").status_code == 200
    assert api.call("PUT", "event/subscription/s1?type=entity&names=Placement").status_code == 409
    r = api.get("event/subscription/s1?maxEvents=10")
    assert r.status_code == 200 and r.json == {"requestId": 1, "events": []}
    assert api.get("event/subscription/s1", session=False).status_code == 401
    assert api.call("DELETE", "event/subscription/s1", session=False).status_code == 401
    assert api.call("DELETE", "event/subscription/s1").json == {"result": True}
    assert api.get("event/subscription/s1").status_code == 404


def test_fields_required_and_validated(api):
    r = api.get("search/Placement?query=*")
    assert r.status_code == 400 and r.json["errorMessageKey"] == "errors.missingFields"
    assert api.get("entity/Candidate/1").status_code == 400
    assert api.get("entity/Candidate/1?fields=nope").status_code == 400
    assert api.get("entity/Candidate/1?fields=firstName(id)").status_code == 400
    nested = api.get("entity/Placement/1?fields=id,jobOrder(customText3,title),candidate(firstName)")
    assert set(nested.json["data"]["jobOrder"]) == {"id", "customText3", "title"}
    assert set(nested.json["data"]["candidate"]) == {"id", "firstName"}
    star = api.get("entity/JobOrder/1?fields=*").json["data"]
    assert "customText3" in star and star["clientCorporation"]["name"]


def test_search_pages_with_start_count_and_caps_count(api):
    r = api.get("search/Candidate?query=*&fields=id&count=500")
    assert r.status_code == 200 and r.json["count"] == 50 and r.json["total"] == 50  # small: 50 < 200
    seen, start = [], 0
    while True:
        page = api.get(f"search/Candidate?query=*&fields=id&start={start}&count=15").json
        seen += [d["id"] for d in page["data"]]
        start += page["count"]
        if start >= page["total"]:
            break
    assert seen == sorted(seen) and len(set(seen)) == 50
    ms = api.get("search/Placement?query=id:1&fields=dateLastModified").json["data"][0]["dateLastModified"]
    ranged = api.get(f"search/Placement?query=dateLastModified:[{ms} TO *] AND id:1&fields=id").json
    assert ranged["total"] == 1
    assert api.get("search/Placement?query=jobOrder.id:1&fields=id,jobOrder").status_code == 200
    assert api.get("search/Placement?query=bogus&fields=id").status_code == 400
    assert api.get("search/Placement?fields=id").status_code == 400


def test_count_cap_is_200_on_large():
    from .helpers import make_app
    api = Api(make_app("large"))
    r = api.get("search/Candidate?query=*&fields=id&count=1000")
    assert r.json["count"] == 200 and r.json["total"] == 5000


def test_writes_validate_and_soft_delete(api):
    assert api.call("PUT", "entity/Candidate", json={"firstName": "X"}).status_code == 400
    assert api.call("PUT", "entity/Placement", json={"candidate": {"id": 99999}, "jobOrder": {"id": 1}}).status_code == 400
    assert api.call("POST", "entity/Candidate/1", json={"dateAdded": 1}).status_code == 400
    created = api.call("PUT", "entity/Placement", json={"candidate": {"id": 1}, "jobOrder": {"id": 2},
                                                          "status": "Approved", "dateBegin": 1772517600000})
    assert created.status_code == 200 and created.json["changeType"] == "INSERT"
    assert created.json["data"]["dateBegin"] == 1772517600000
    assert api.call("DELETE", "entity/Candidate/3").status_code == 200
    assert api.get("entity/Candidate/3?fields=isDeleted").json["data"]["isDeleted"] is True
    assert api.get("search/Candidate?query=id:3&fields=id").json["total"] == 0
    assert api.call("GET", "entity/Widget/1?fields=id").status_code == 404


def test_login_host_data_paths_redirect(api):
    api.login()
    r = api.call("GET", "/rest/search/Placement?query=*&fields=id&BhRestToken=x")
    assert r.status_code == 307 and r.headers["Location"] == "/dc2/rest/search/Placement?query=%2A&fields=id"
    assert api.call("GET", "/rest/ping", session=False).status_code == 401


@pytest.mark.parametrize("path,location", [
    ("/rest/%0A", "/dc2/rest/%0A"),
    ("/rest/%0D", "/dc2/rest/%0D"),
    ("/rest/%1C%C2%A1%0A", "/dc2/rest/%1C%C2%A1%0A"),
    ("/rest/entity/Placement/1%0D%0AX-Injected:%201", "/dc2/rest/entity/Placement/1%0D%0AX-Injected:%201"),
    ("/dc1/rest/entity/Placement%0D%0AX-Injected:%201/1", "/dc2/rest/entity/Placement%0D%0AX-Injected:%201/1"),
    ("/dc1/rest/search/Placement%0D%0AX?fields=id", "/dc2/rest/search/Placement%0D%0AX?fields=id"),
    ("/rest/entity%3Fx=1/Placement", "/dc2/rest/entity%3Fx=1/Placement"),
    ("/dc3/rest/search/Place%3Fment%23frag?query=id:1", "/dc2/rest/search/Place%3Fment%23frag?query=id%3A1"),
    ("/rest/a%20b/100%25", "/dc2/rest/a%20b/100%25"),
])
def test_redirect_location_keeps_encoded_path_characters_encoded(api, path, location):
    """The data-centre 307 re-encodes the decoded path: an encoded CR/LF is no header break
    (was 500) and an encoded `?` or `#` no literal query or fragment in the Location."""
    api.login()
    r = api.call("GET", path)
    assert r.status_code == 307 and r.headers["Location"] == location
    assert "\r" not in r.headers["Location"] and "\n" not in r.headers["Location"]


def test_redirect_location_of_a_plain_path_is_unchanged(api):
    api.login()
    for path, location in (("/rest/entity/Placement/1,2?fields=id", "/dc2/rest/entity/Placement/1,2?fields=id"),
                           ("/dc4/rest/event/subscription/roster.v1_a-b", "/dc2/rest/event/subscription/roster.v1_a-b"),
                           ("/rest/search/JobOrder?query=customText3:KBG-01&fields=id",
                            "/dc2/rest/search/JobOrder?query=customText3%3AKBG-01&fields=id")):
        r = api.call("GET", path)
        assert r.status_code == 307 and r.headers["Location"] == location
    followed = api.call("GET", api.call("GET", "/rest/entity/Placement/1?fields=id").headers["Location"])
    assert followed.status_code == 200 and followed.json["data"] == {"id": 1}


def test_delete_answer_carries_the_record_as_data(api):
    """Every write answer carries `data` (docs): a deleted Placement as it was when deleted, a
    soft-deleted entity with isDeleted true."""
    before = api.get("entity/Placement/4?fields=*").json["data"]
    r = api.call("DELETE", "entity/Placement/4")
    assert r.status_code == 200 and r.json["changeType"] == "DELETE" and r.json["changedEntityId"] == 4
    assert r.json["data"] == before
    assert api.get("entity/Placement/4?fields=id").status_code == 404
    r = api.call("DELETE", "entity/Candidate/3")
    assert r.status_code == 200 and r.json["data"]["id"] == 3 and r.json["data"]["isDeleted"] is True
    assert set(r.json["data"]) == set(api.get("entity/Candidate/3?fields=*").json["data"])


def test_update_and_create_answers_keep_their_data(api):
    r = api.call("POST", "entity/Placement/5", json={"status": "Terminated"})
    assert r.status_code == 200 and r.json["data"]["status"] == "Terminated" and r.json["data"]["id"] == 5
    r = api.call("PUT", "entity/Candidate", json={"firstName": "Ada", "lastName": "Stone"})
    assert r.status_code == 200 and r.json["data"]["firstName"] == "Ada"


def test_dates_read_in_utc_keep_their_day_but_utc_midnight_writes_the_day_before(api):
    """America/Chicago is behind UTC: local midnight read as a UTC instant is still the same
    calendar day, while a date written as UTC midnight lands on the previous day (docs, entities)."""
    import datetime as dt
    local_midnight, utc_midnight = 1772517600000, 1772496000000  # 2026-03-03 in Chicago / in UTC
    assert dt.datetime.fromtimestamp(local_midnight / 1000, dt.timezone.utc).date() == dt.date(2026, 3, 3)
    assert api.call("POST", "entity/Placement/1", json={"dateEnd": local_midnight}).json["data"]["dateEnd"] == local_midnight
    r = api.call("POST", "entity/Placement/1", json={"dateEnd": utc_midnight})
    assert r.json["data"]["dateEnd"] == local_midnight - 86_400_000  # 2026-03-02 in Chicago


@pytest.mark.parametrize("method, path, body", [
    ("POST", "entity/JobSubmission/1", {"status": None}),          # a column the record cannot hold empty
    ("PUT", "entity/JobOrder", {"title": "x", "startDate": -100000000000000}),  # year -1199
    ("POST", "entity/Placement/1", {"dateEnd": 10**15}),             # past 9999
])
def test_impossible_values_are_a_400_not_a_500(api, method, path, body):
    r = api.call(method, path, json=body)
    assert r.status_code == 400 and "errors.invalidField" in str(r.json), (r.status_code, r.json)


def test_nullable_fields_and_real_dates_still_write(api):
    r = api.call("POST", "entity/Placement/1", json={"dateEnd": None})
    assert r.status_code == 200 and r.json["data"]["dateEnd"] is None
    r = api.call("PUT", "entity/JobOrder", json={"title": "Site lead", "startDate": -2208988800000})  # 1900-01-01
    assert r.status_code == 200
