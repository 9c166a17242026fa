"""Benchline's signature mechanics with a real HTTP client against a waitress-served
instance: authorize → token → login, a 307 to the session's data centre followed, session
expiry → 401 → re-login, the session ceiling, and event polling (requestId re-fetch, expiry)."""
from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import httpx
import pytest

from vendors.kit.serve import serve_in_thread

from .helpers import CREDS, NONCE, TOKEN, make_app


@pytest.fixture
def served():
    app = make_app()
    sv = serve_in_thread("benchline-test", app)
    yield sv
    sv.stop()


class Client:
    """What a careful integration does: log in once, keep the session, re-login on 401,
    send the token as a header (so it survives 307s), follow redirects."""

    def __init__(self, base: str):
        self.base = base
        self.http = httpx.Client(headers={"X-IB-Via": NONCE}, follow_redirects=True, timeout=10)
        self.session = self.rest = None
        self.logins = 0

    def login(self):
        r = self.http.get(f"{self.base}/oauth/authorize", params={
            "client_id": CREDS["client_id"], "response_type": "code", "action": "Login",
            "username": CREDS["username"], "password": CREDS["password"]}, follow_redirects=False)
        assert r.status_code == 302
        code = parse_qs(urlparse(r.headers["location"]).query)["code"][0]
        r = self.http.post(f"{self.base}/oauth/token", params={
            "grant_type": "authorization_code", "code": code,
            "client_id": CREDS["client_id"], "client_secret": CREDS["client_secret"]})
        assert r.status_code == 200
        r = self.http.post(f"{self.base}/rest-services/login",
                           params={"version": "2.0", "access_token": r.json()["access_token"]})
        assert r.status_code == 200, r.text
        self.session, self.rest = r.json()["BhRestToken"], r.json()["restUrl"]
        self.logins += 1

    def get(self, path: str, retry: bool = True, **params):
        if self.session is None:
            self.login()
        r = self.http.get(self.rest + path, params=params, headers={"BhRestToken": self.session})
        if r.status_code == 401 and retry:
            self.login()
            return self.get(path, retry=False, **params)
        return r

    def control(self, path: str, body: dict):
        r = self.http.post(f"{self.base}/_control/{path}", json=body, headers={"X-Control-Token": TOKEN})
        assert r.status_code == 200, r.text
        return r.json()


def test_full_login_flow_and_fields_required(served):
    cl = Client(served.base_url)
    r = cl.get("search/Placement", query="status:Approved", fields="id,dateEnd,jobOrder(customText3)")
    assert r.status_code == 200 and r.json()["data"][0]["jobOrder"]["customText3"]
    assert cl.rest == f"{served.base_url}/dc2/rest/"
    r = cl.get("search/Placement", query="*")
    assert r.status_code == 400 and r.json()["errorMessageKey"] == "errors.missingFields"
    assert cl.logins == 1
    # the login host serves no data: 307 to the session's data centre
    r = cl.http.get(f"{served.base_url}/rest/entity/Placement/1", params={"fields": "id"},
                    headers={"BhRestToken": cl.session})
    assert [h.status_code for h in r.history] == [307] and r.json()["data"]["id"] == 1
    assert urlparse(str(r.url)).path == "/dc2/rest/entity/Placement/1"


def test_data_centre_move_answers_307_and_the_redirect_is_followed(served):
    cl = Client(served.base_url)
    cl.control("config", {"settings": {"data_centre": "dc4"}})
    cl.login()
    old_rest = cl.rest.replace("/dc4/", "/dc2/")
    r = cl.http.get(old_rest + "search/Candidate", params={"query": "*", "fields": "id", "count": 3},
                    headers={"BhRestToken": cl.session})
    assert r.status_code == 200 and len(r.json()["data"]) == 3
    assert [h.status_code for h in r.history] == [307]
    assert urlparse(str(r.url)).path == "/dc4/rest/search/Candidate"
    # with the token in the query string the 307's Location drops it: the followed call is a 401
    r = cl.http.get(old_rest + "ping", params={"BhRestToken": cl.session})
    assert [h.status_code for h in r.history] == [307] and r.status_code == 401
    assert "BhRestToken" not in r.history[0].headers["location"]


def test_session_expires_after_idle_then_relogin_succeeds(served):
    cl = Client(served.base_url)
    assert cl.get("ping").status_code == 200
    cl.control("clock", {"advance_s": 1100})
    assert cl.get("ping", retry=False).status_code == 200  # sliding: use pushes the expiry out
    cl.control("clock", {"advance_s": 1201})
    r = cl.get("ping", retry=False)
    assert r.status_code == 401 and r.json()["errorMessageKey"] == "session_expired"
    assert cl.get("ping").status_code == 200 and cl.logins == 2


def test_a_fourth_live_session_is_refused(served):
    cl = Client(served.base_url)
    for _ in range(3):
        cl.login()
    with pytest.raises(AssertionError):
        cl.login()
    cl.control("clock", {"advance_s": 1201})  # sessions end only by expiry
    cl.login()


def test_event_polling_refetch_and_expiry(served):
    cl = Client(served.base_url)
    cl.login()
    r = cl.http.put(cl.rest + "event/subscription/roster", params={"type": "entity", "names": "Placement,Candidate"},
                    headers={"BhRestToken": cl.session})
    assert r.status_code == 200 and r.json()["lastRequestId"] == 0
    cl.control("mutate", {"ops": [
        {"op": "update", "table": "placements", "ids": [1, 2, 3], "values": {"status": "Terminated"}},
        {"op": "update", "table": "job_orders", "id": 1, "values": {"title": "Tower Crane Operator"}},
        {"op": "delete", "table": "placements", "id": 5}]})
    first = cl.get("event/subscription/roster", maxEvents=2).json()
    assert [(e["entityName"], e["entityId"], e["entityEventType"]) for e in first["events"]] == \
        [("Placement", 1, "UPDATED"), ("Placement", 2, "UPDATED")]
    assert first["events"][0]["updatedProperties"] == ["status"]
    # the response was "lost": the same batch again by requestId
    again = cl.get("event/subscription/roster", requestId=first["requestId"]).json()
    assert again == first
    nxt = cl.get("event/subscription/roster", maxEvents=100).json()
    assert nxt["requestId"] == first["requestId"] + 1
    assert [(e["entityId"], e["entityEventType"]) for e in nxt["events"]] == [(3, "UPDATED"), (5, "DELETED")]
    stale = cl.get("event/subscription/roster", requestId=first["requestId"])
    assert stale.status_code == 400  # only the last batch can be fetched again
    assert cl.get("event/subscription/roster").json()["events"] == []
    # not polled for longer than the event lifetime (2 h): the subscription is gone
    cl.control("clock", {"advance_s": 7201})
    r = cl.get("event/subscription/roster")
    assert r.status_code == 410 and r.json()["errorMessageKey"] == "subscription_expired"
    r = cl.http.put(cl.rest + "event/subscription/roster", params={"type": "entity", "names": "Placement"},
                    headers={"BhRestToken": cl.session})
    assert r.status_code == 200
    assert cl.get("event/subscription/roster").json()["events"] == []


def test_events_expire_when_a_backlog_is_left_too_long(served):
    cl = Client(served.base_url)
    cl.login()
    cl.http.put(cl.rest + "event/subscription/s", params={"names": "Placement"}, headers={"BhRestToken": cl.session})
    cl.control("config", {"settings": {"event_ttl_s": 600}})
    cl.control("mutate", {"ops": [{"op": "update", "table": "placements", "ids": [1, 2], "values": {"status": "Active"}}]})
    assert len(cl.get("event/subscription/s", maxEvents=1).json()["events"]) == 1
    cl.control("clock", {"advance_s": 500})
    cl.get("event/subscription/s", maxEvents=1)  # keeps the subscription alive, takes event 2
    cl.control("mutate", {"ops": [{"op": "update", "table": "placements", "id": 3, "values": {"status": "Active"}}]})
    cl.control("clock", {"advance_s": 500})
    assert len(cl.get("event/subscription/s").json()["events"]) == 1
    cl.control("mutate", {"ops": [{"op": "update", "table": "placements", "ids": [4, 6], "values": {"status": "Active"}}]})
    cl.get("event/subscription/s", maxEvents=1)
    cl.control("clock", {"advance_s": 550})
    last = cl.get("event/subscription/s", requestId=4).json()  # re-fetch also keeps it alive
    cl.control("clock", {"advance_s": 100})
    # event for placement 6 is 650 s old now (ttl 600): expired, gone from the next batch
    assert cl.get("event/subscription/s").json()["events"] == []
    assert last["events"][0]["entityId"] == 4


def test_previous_data_centre_redirects_for_a_while_then_refuses(served):
    cl = Client(served.base_url)
    cl.control("config", {"settings": {"data_centre": "dc1", "dc_redirect_s": 60}})
    cl.login()
    old = cl.rest.replace("/dc1/", "/dc2/")
    r = cl.http.get(old + "ping", headers={"BhRestToken": cl.session})
    assert r.status_code == 200 and [h.status_code for h in r.history] == [307]
    cl.control("clock", {"advance_s": 61})
    r = cl.http.get(old + "ping", headers={"BhRestToken": cl.session})
    assert r.status_code == 401 and not r.history
    assert cl.get("ping", retry=False).status_code == 200  # the session's own restUrl still works


def test_request_ids_count_polls_so_a_lost_batch_is_the_stored_id_plus_one(served):
    """fix-09: the subscribe answer's lastRequestId is 0 and every poll (empty ones included)
    takes the next id, so a client that stored requestId n and lost the answer of its next poll
    fetches that batch as n + 1; when that poll never reached Benchline, n + 1 is a 400 (a poll
    is then safe). A re-fetch answers with the id it asked for and does not count."""
    cl = Client(served.base_url)
    cl.login()
    r = cl.http.put(cl.rest + "event/subscription/gate", params={"type": "entity", "names": "Placement"},
                    headers={"BhRestToken": cl.session})
    assert r.json()["lastRequestId"] == 0
    assert cl.get("event/subscription/gate", requestId=1).status_code == 400  # not handed out yet
    assert cl.get("event/subscription/gate").json() == {"requestId": 1, "events": []}  # empty: still counts
    stored = 1
    cl.control("mutate", {"ops": [{"op": "update", "table": "placements", "ids": [1, 2], "values": {"custom_text1": "Gate Test"}}]})
    lost = cl.get("event/subscription/gate").json()  # the answer the client never saw
    assert lost["requestId"] == stored + 1 and len(lost["events"]) == 2
    assert cl.get("event/subscription/gate").json() == {"requestId": stored + 2, "events": []}  # firing: a blind re-poll loses it
    cl.control("mutate", {"ops": [{"op": "update", "table": "placements", "id": 3, "values": {"custom_text1": "Gate Test"}}]})
    stored += 1
    lost = cl.get("event/subscription/gate").json()
    again = cl.get("event/subscription/gate", requestId=stored + 2).json()  # silent: the batch comes back
    assert again == lost and [e["entityId"] for e in again["events"]] == [3]
    assert cl.get("event/subscription/gate", requestId=stored + 2).json() == lost  # re-fetches do not count
    assert cl.get("event/subscription/gate").json()["requestId"] == stored + 3
