# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Keystone HR v2 (read only for us): HTTP Basic, XML in the default namespace
urn:keystone:hr:2, dd/mm/yyyy dates, offset/limit pages with a total."""
from __future__ import annotations

import datetime as dt
import time
import xml.etree.ElementTree as ET

import requests

NS = "urn:keystone:hr:2"
PAGE = 50


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


def text_of(el: ET.Element, tag: str) -> str | None:
    child = el.find(q(tag))
    if child is None or child.get("nil") == "true":
        return None
    return (child.text or "").strip() or None


def keystone_date(text: str | None) -> dt.date | None:
    if not text:
        return None
    return dt.datetime.strptime(text.strip(), "%d/%m/%Y").date()


class KeystoneError(RuntimeError):
    pass


class Keystone:
    def __init__(self, base_url: str, user: str, password: str):
        self.root = f"{base_url.rstrip('/')}/hr/v2"
        self.http = requests.Session()
        self.http.auth = (user, password)
        self.http.headers.update({"Accept": "application/xml"})

    def _get(self, path: str, params: dict | None = None) -> ET.Element:
        for attempt in range(4):
            try:
                r = self.http.get(f"{self.root}{path}", params=params)
            except requests.ConnectionError:
                time.sleep(1)
                continue
            if r.status_code >= 500:
                time.sleep(1)
                continue
            if r.status_code != 200:
                raise KeystoneError(f"GET {path}: HTTP {r.status_code} {r.text[:200]}")
            return ET.fromstring(r.content)
        raise KeystoneError(f"GET {path}: gave up")

    def employees(self):
        """Every employee, page by page (yields <Employee> elements)."""
        offset = 0
        while True:
            root = self._get("/employees", {"offset": offset, "limit": PAGE})
            page = root.findall(q("Employee"))
            yield from page
            offset += PAGE
            if not page or offset >= int(root.get("total", "0")):
                return

    def mobility(self, employee_id: str) -> ET.Element:
        return self._get(f"/employees/{employee_id}/internal-mobility")
