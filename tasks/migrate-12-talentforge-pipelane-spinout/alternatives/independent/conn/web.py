# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Tiny stdlib HTTP clients for both vendors (no requests)."""
from __future__ import annotations

import base64
import json
import time
import urllib.error
import urllib.parse
import urllib.request


class Lost(Exception):
    """No answer to a write (it may have happened)."""


def _call(method, url, headers, body=None, timeout=25):
    data = None if body is None else json.dumps(body).encode()
    if data is not None:
        headers = dict(headers, **{"Content-Type": "application/json"})
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            raw = resp.read()
            return resp.status, dict(resp.headers), (json.loads(raw) if raw else {})
    except urllib.error.HTTPError as err:
        raw = err.read()
        try:
            doc = json.loads(raw) if raw else {}
        except ValueError:
            doc = {}
        return err.code, dict(err.headers), doc


class TF:
    def __init__(self, base, cid, secret):
        self.base, self.cid, self.secret = base.rstrip("/"), cid, secret
        self.tok, self.until = None, 0.0
        self.first_date = None  # TalentForge's clock (Date header) at its first data answer

    def token(self):
        if self.tok is None or time.time() > self.until:
            for i in range(10):
                try:
                    st, _, doc = _call("POST", self.base + "/oauth/token", {}, {
                        "grant_type": "client_credentials", "client_id": self.cid, "client_secret": self.secret})
                except (urllib.error.URLError, OSError):
                    st, doc = 0, {}
                if st == 200:
                    self.tok = doc["access_token"]
                    self.until = time.time() + int(doc.get("expires_in", 60)) - 15
                    break
                time.sleep(1 + i)
            else:
                raise RuntimeError("TalentForge token unavailable")
        return self.tok

    def get(self, path, **params):
        url = self.base + path + ("?" + urllib.parse.urlencode(params) if params else "")
        for i in range(10):
            try:
                st, hd, doc = _call("GET", url, {"Authorization": "Bearer " + self.token()})
            except (urllib.error.URLError, OSError):
                time.sleep(1 + i)
                continue
            if st == 200:
                if self.first_date is None:
                    self.first_date = hd.get("Date") or hd.get("date")
                return doc
            if st == 404:
                return None
            if st == 401:
                self.tok = None
            elif st == 429:
                time.sleep(float(hd.get("Retry-After", "1")))
            elif st >= 500:
                time.sleep(1 + i)
            else:
                raise RuntimeError(f"TalentForge GET {path}: {st} {doc}")
        raise RuntimeError(f"TalentForge GET {path}: no luck")

    def each(self, path, **params):
        doc = self.get(path, limit=100, **params)
        while True:
            yield from doc.get("items", [])
            if not doc.get("cursor"):
                return
            doc = self.get(path, cursor=doc["cursor"], limit=100)


class PL:
    def __init__(self, base, key, actor):
        self.base, self.actor = base.rstrip("/"), actor
        self.auth = {"Authorization": "Basic " + base64.b64encode((key + ":").encode()).decode()}

    def _req(self, method, path, params=None, body=None):
        url = self.base + path + ("?" + urllib.parse.urlencode(params) if params else "")
        for i in range(12):
            try:
                st, hd, doc = _call(method, url, self.auth, body)
            except (urllib.error.URLError, OSError) as exc:
                if method != "GET":
                    raise Lost(str(exc)) from exc
                time.sleep(1)
                continue
            if st in (429, 503) and "Retry-After" in hd:
                time.sleep(float(hd["Retry-After"]))
                continue
            if st >= 500:
                if method != "GET":
                    raise Lost(f"{method} {path}: {st}")
                time.sleep(1)
                continue
            if st >= 400:
                raise RuntimeError(f"Pipelane {method} {path}: {st} {doc}")
            return doc
        raise RuntimeError(f"Pipelane {method} {path}: no luck")

    def get(self, path, **params):
        return self._req("GET", path, params or None)

    def all(self, path, **params):
        out, params = [], dict(params, limit=100)
        while True:
            doc = self.get(path, **params)
            out.extend(doc.get("data", []))
            if not doc.get("hasNext"):
                return out
            params["offset"] = doc["next"]

    def send(self, method, path, body):
        return self._req(method, path, {"perform_as": self.actor}, body).get("data", {})
