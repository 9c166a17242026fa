# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Keystone HR v2 (read only for us): HTTP Basic, XML in the default namespace
urn:keystone:hr:2, dd/mm/yyyy dates, offset/limit pages with a total.

Every read has a deadline: at night Keystone may take a good ten seconds to answer, and now
and then it stops answering mid-response or never answers at all. A read that times out, is
cut short (a body shorter than it said, or XML that does not parse) or fails on the way is
asked again after a short pause; a person is never skipped."""
from __future__ import annotations

import datetime as dt
import sys
import time
import xml.etree.ElementTree as ET

import requests

NS = "urn:keystone:hr:2"
PAGE = 50
CONNECT_TIMEOUT_S = 5
READ_TIMEOUT_S = 15     # longer than Keystone's slow answers, far shorter than the run's deadline
ATTEMPTS = 6


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
        problem = ""
        for attempt in range(ATTEMPTS):
            if attempt:
                time.sleep(min(0.5 * 2 ** (attempt - 1), 4))
            try:
                r = self.http.get(f"{self.root}{path}", params=params,
                                  timeout=(CONNECT_TIMEOUT_S, READ_TIMEOUT_S))
            except requests.RequestException as exc:  # timeout, reset, cut-short body
                problem = f"{type(exc).__name__}: {exc}"
                print(f"keystone GET {path}: {problem}; asking again", file=sys.stderr)
                continue
            if r.status_code == 429 or r.status_code >= 500:
                problem = f"HTTP {r.status_code}"
                ra = r.headers.get("Retry-After")
                if ra and ra.isdigit():
                    time.sleep(int(ra))
                continue
            if r.status_code != 200:
                raise KeystoneError(f"GET {path}: HTTP {r.status_code} {r.text[:200]}")
            try:
                return ET.fromstring(r.content)
            except ET.ParseError as exc:  # truncated document
                problem = f"unreadable XML ({exc})"
                print(f"keystone GET {path}: {problem}; asking again", file=sys.stderr)
                continue
        raise KeystoneError(f"GET {path}: gave up ({problem})")

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
