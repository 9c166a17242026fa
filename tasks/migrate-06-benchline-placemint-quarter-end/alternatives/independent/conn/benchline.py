# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Benchline over httpx (independent alternative): one sign-in per run, the BhRestToken header,
every path under the restUrl login returned, 100-record search pages walked until start reaches
total, and the server's clock (the Date header) kept for watermarks. Numbers are parsed as
Decimal, so a rate of 41.675 stays 41.675."""
from __future__ import annotations

import email.utils
import json
import time
from decimal import Decimal
from urllib.parse import parse_qs, urlparse

import httpx


class Benchline:
    def __init__(self, s):
        self.s = s
        self.http = httpx.Client(timeout=30.0, follow_redirects=False)
        self.token = None
        self.rest = None
        self.clock_ms = None  # Benchline's own time, from the Date header of the last answer

    def _note_clock(self, r: httpx.Response) -> None:
        if r.headers.get("date"):
            self.clock_ms = int(email.utils.parsedate_to_datetime(r.headers["date"]).timestamp() * 1000)

    def _request(self, method, url, **kw) -> httpx.Response:
        for i in range(5):
            try:
                r = self.http.request(method, url, **kw)
            except httpx.TransportError:
                if method != "GET" or i == 4:
                    raise
                time.sleep(1 + i)
                continue
            if r.status_code in (429, 503) and i < 4:
                ra = r.headers.get("retry-after", "")
                time.sleep(float(ra) if ra.isdigit() else 2)
                continue
            self._note_clock(r)
            return r
        return r

    def sign_in(self) -> None:
        s = self.s
        r = self._request("GET", s.benchline_url + "/oauth/authorize", params={
            "client_id": s.client_id, "response_type": "code", "action": "Login",
            "username": s.username, "password": s.password})
        code = parse_qs(urlparse(r.headers["location"]).query)["code"][0]
        r = self._request("POST", s.benchline_url + "/oauth/token", params={
            "grant_type": "authorization_code", "code": code, "client_id": s.client_id,
            "client_secret": s.client_secret})
        r.raise_for_status()
        r = self._request("POST", s.benchline_url + "/rest-services/login",
                          params={"version": "2.0", "access_token": r.json()["access_token"]})
        r.raise_for_status()
        body = r.json()
        self.token, self.rest = body["BhRestToken"], body["restUrl"]

    def get(self, path: str, params: dict) -> dict:
        if self.token is None:
            self.sign_in()
        for again in (True, False):
            r = self._request("GET", self.rest + path, params=params, headers={"BhRestToken": self.token})
            if r.status_code == 401 and again:
                self.sign_in()
                continue
            r.raise_for_status()
            return json.loads(r.text, parse_float=Decimal)
        raise RuntimeError("unreachable")

    def search_all(self, entity: str, query: str, fields: str) -> list[dict]:
        out, start = [], 0
        while True:
            page = self.get(f"search/{entity}", {"query": query, "fields": fields, "start": start, "count": 100})
            out.extend(page["data"])
            start += page["count"]
            if not page["data"] or start >= page["total"]:
                return out
