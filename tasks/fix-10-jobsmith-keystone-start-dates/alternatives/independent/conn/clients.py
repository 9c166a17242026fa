# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Small clients for the two systems, written from their docs.

Jobsmith: `apikey` in the query string; lists are /path, /path/page/2, ... and end with an
empty list; a page of one record is that record. Keystone: HTTP Basic, XML in
urn:keystone:hr:2, StartDate dd/mm/yyyy, ETag/If-Match on PUT (PUT replaces the record)."""
from __future__ import annotations

import datetime as dt
import time
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

import httpx

KS_NS = "urn:keystone:hr:2"


class Failed(RuntimeError):
    pass


def iso_to_date(text: str) -> dt.date:
    year, month, day = (int(p) for p in text.split("-"))
    return dt.date(year, month, day)


def ks_format(d: dt.date) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year:04d}"


def ks_parse(text: str | None) -> dt.date | None:
    if not text or text.count("/") != 2:
        return None
    day, month, year = (int(p) for p in text.strip().split("/"))
    return dt.date(year, month, day)


class JobsmithClient:
    def __init__(self, base: str, key: str):
        self.base, self.key = base.rstrip("/") + "/v1", key
        self.http = httpx.Client(timeout=30.0)

    def _get(self, path: str, **params):
        params["apikey"] = self.key
        for attempt in range(8):
            try:
                r = self.http.get(self.base + path, params=params)
            except httpx.HTTPError:
                time.sleep(1 + attempt)
                continue
            if r.status_code == 429:
                time.sleep(float(r.headers.get("Retry-After", "5")))
                continue
            if r.status_code >= 500:
                time.sleep(1 + attempt)
                continue
            if r.status_code != 200:
                raise Failed(f"Jobsmith {path}: {r.status_code}")
            return r.json()
        raise Failed(f"Jobsmith {path}: no answer")

    def every(self, path: str, **params) -> list[dict]:
        out, page = [], 1
        while True:
            body = self._get(path if page == 1 else f"{path}/page/{page}", **params)
            rows = [body] if isinstance(body, dict) else body
            if not rows:
                return out
            out.extend(rows)
            page += 1

    def one(self, path: str) -> dict:
        return self._get(path)


class KeystoneClient:
    def __init__(self, base: str, user: str, password: str):
        self.base = base.rstrip("/") + "/hr/v2"
        self.http = httpx.Client(timeout=30.0, auth=(user, password), headers={"Accept": "application/xml"})

    def _send(self, method: str, path: str, **kw) -> httpx.Response:
        for attempt in range(5):
            try:
                r = self.http.request(method, self.base + path, **kw)
            except httpx.HTTPError:
                if method != "GET":
                    raise
                time.sleep(1 + attempt)
                continue
            if r.status_code == 429 or (method == "GET" and r.status_code >= 500):
                time.sleep(float(r.headers.get("Retry-After", "2")))
                continue
            return r
        raise Failed(f"Keystone {method} {path}: no answer")

    def find(self, ref: str) -> list[ET.Element]:
        r = self._send("GET", "/employees", params={"externalRef": ref, "limit": 200})
        if r.status_code != 200:
            raise Failed(f"Keystone search {ref}: {r.status_code}")
        return ET.fromstring(r.content).findall(f"{{{KS_NS}}}Employee")

    def read(self, ident: str) -> tuple[ET.Element, str]:
        r = self._send("GET", f"/employees/{ident}")
        if r.status_code != 200:
            raise Failed(f"Keystone read {ident}: {r.status_code}")
        return ET.fromstring(r.content), r.headers["ETag"]

    def create(self, fields: list[tuple[str, str | None]]) -> int:
        parts = []
        for tag, value in fields:
            parts.append(f'<{tag} nil="true"/>' if value is None else f"<{tag}>{escape(value)}</{tag}>")
        body = f'<Employee xmlns="{KS_NS}">{"".join(parts)}</Employee>'.encode()
        r = self._send("POST", "/employees", content=body, headers={"Content-Type": "application/xml"})
        return r.status_code

    def replace(self, ident: str, doc: ET.Element, etag: str) -> int:
        ET.register_namespace("", KS_NS)
        r = self._send("PUT", f"/employees/{ident}", content=ET.tostring(doc, encoding="utf-8"),
                       headers={"Content-Type": "application/xml", "If-Match": etag})
        return r.status_code


def field(el: ET.Element, tag: str) -> str | None:
    child = el.find(f"{{{KS_NS}}}{tag}")
    if child is None or child.get("nil") == "true":
        return None
    return (child.text or "").strip()
