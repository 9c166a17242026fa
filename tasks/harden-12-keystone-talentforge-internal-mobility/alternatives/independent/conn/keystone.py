# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Keystone HR v2, read only: HTTP Basic, namespaced XML, dd/mm/yyyy dates, offset pages.
A read that does not answer within a few seconds is abandoned and asked again (a slow answer
usually comes quickly the next time); a read is given up only after several tries."""
from __future__ import annotations

import base64
import datetime as dt
import sys
import time
import xml.etree.ElementTree as ET

from .http import NoAnswer, send

NS = "urn:keystone:hr:2"
PAGE = 200
TRIES = 8


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
    day, month, year = (int(x) for x in text.strip().split("/"))
    return dt.date(year, month, day)


class KeystoneError(RuntimeError):
    pass


class Keystone:
    def __init__(self, base_url: str, user: str, password: str):
        self.root = f"{base_url.rstrip('/')}/hr/v2"
        token = base64.b64encode(f"{user}:{password}".encode()).decode()
        self.headers = {"Authorization": f"Basic {token}", "Accept": "application/xml"}

    def _get(self, path: str, params: dict | None = None) -> ET.Element:
        last = ""
        for attempt in range(TRIES):
            if attempt:
                time.sleep(min(attempt, 3))
            try:
                a = send("GET", self.root + path, headers=self.headers, params=params, timeout=6)
            except NoAnswer as exc:
                last = str(exc)
                print(f"keystone: {last} (try {attempt + 1})", file=sys.stderr)
                continue
            if a.status >= 500 or a.status == 429:
                last = f"HTTP {a.status}"
                continue
            if a.status != 200:
                raise KeystoneError(f"GET {path}: HTTP {a.status} {a.body[:200]!r}")
            try:
                return ET.fromstring(a.body)
            except ET.ParseError as exc:
                last = f"bad XML: {exc}"
                continue
        raise KeystoneError(f"GET {path}: no answer after {TRIES} tries ({last})")

    def employees(self) -> list[ET.Element]:
        out: list[ET.Element] = []
        offset = 0
        while True:
            root = self._get("/employees", {"offset": offset, "limit": PAGE})
            page = root.findall(q("Employee"))
            out.extend(page)
            offset += PAGE
            if not page or offset >= int(root.get("total", "0")):
                return out

    def mobility(self, employee_id: str) -> ET.Element:
        return self._get(f"/employees/{employee_id}/internal-mobility")
