# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Keystone HR v2: HTTP Basic, XML in the default namespace urn:keystone:hr:2, offset/limit
pages with a total, dd/mm/yyyy dates, ETag + If-Match on every PUT (a PUT replaces the whole record, so it sends
back the document as read, with only our change applied)."""
from __future__ import annotations

import datetime as dt
import time
import xml.etree.ElementTree as ET

import requests

NS = "urn:keystone:hr:2"
ET.register_namespace("", NS)


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


DATE_FORMAT = "%d/%m/%Y"  # Keystone's dates are day first (docs: Dates)


def to_keystone_date(d: dt.date) -> str:
    return d.strftime(DATE_FORMAT)


def from_keystone_date(text: str | None) -> dt.date | None:
    if not text:
        return None
    try:
        return dt.datetime.strptime(text.strip(), DATE_FORMAT).date()
    except ValueError:
        return None


def text_of(el: ET.Element, tag: str) -> str | None:
    child = el.find(q(tag))
    if child is None or child.get("nil") == "true":
        return None
    return (child.text or "").strip()


class KeystoneError(RuntimeError):
    pass


class Stale(Exception):
    """412: the record changed since we read it."""


class Refused(KeystoneError):
    """422: Keystone refused a field of the document."""


class Keystone:
    def __init__(self, base_url: str, user: str, password: str, timeout: float = 30.0):
        self.root = f"{base_url.rstrip('/')}/hr/v2"
        self.http = requests.Session()
        self.http.auth = (user, password)
        self.http.headers.update({"Accept": "application/xml"})
        self.timeout = timeout

    def _call(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
              params: dict | None = None) -> requests.Response:
        h = dict(headers or {})
        if body is not None:
            h["Content-Type"] = "application/xml"
        for attempt in range(5):
            try:
                r = self.http.request(method, f"{self.root}{path}", data=body, headers=h, params=params,
                                      timeout=self.timeout)
            except requests.RequestException as exc:
                if method != "GET" or attempt == 4:
                    raise KeystoneError(f"{method} {path}: {exc}") from exc
                time.sleep(2 ** attempt)
                continue
            if r.status_code == 429 or (r.status_code >= 500 and method == "GET"):
                time.sleep(float(r.headers.get("Retry-After") or 2 ** attempt))
                continue
            return r
        raise KeystoneError(f"{method} {path}: gave up after retries")

    def employees(self) -> list[ET.Element]:
        out, offset = [], 0
        while True:
            r = self._call("GET", "/employees", params={"offset": offset, "limit": 200})
            if r.status_code != 200:
                raise KeystoneError(f"GET /employees: HTTP {r.status_code} {r.text[:300]}")
            root = ET.fromstring(r.content)
            page = root.findall(q("Employee"))
            out.extend(page)
            offset += len(page)
            if not page or offset >= int(root.get("total", "0")):
                return out

    def get(self, employee_id: str) -> tuple[ET.Element, str]:
        r = self._call("GET", f"/employees/{employee_id}")
        if r.status_code != 200:
            raise KeystoneError(f"GET /employees/{employee_id}: HTTP {r.status_code} {r.text[:300]}")
        return ET.fromstring(r.content), r.headers["ETag"]

    def create(self, doc: ET.Element) -> ET.Element:
        r = self._call("POST", "/employees", body=ET.tostring(doc, encoding="utf-8"))
        if r.status_code == 422:
            raise Refused(f"POST /employees: {r.text[:300]}")
        if r.status_code != 201:
            raise KeystoneError(f"POST /employees: HTTP {r.status_code} {r.text[:300]}")
        return ET.fromstring(r.content)

    def replace(self, employee_id: str, doc: ET.Element, etag: str) -> ET.Element:
        r = self._call("PUT", f"/employees/{employee_id}", body=ET.tostring(doc, encoding="utf-8"),
                       headers={"If-Match": etag})
        if r.status_code == 412:
            raise Stale()
        if r.status_code != 200:
            raise KeystoneError(f"PUT /employees/{employee_id}: HTTP {r.status_code} {r.text[:300]}")
        return ET.fromstring(r.content)


def new_employee(fields: list[tuple[str, str | None]]) -> ET.Element:
    el = ET.Element(q("Employee"))
    for tag, value in fields:
        child = ET.SubElement(el, q(tag))
        if value is None:
            child.set("nil", "true")
        else:
            child.text = value
    return el


def set_text(el: ET.Element, tag: str, value: str) -> None:
    child = el.find(q(tag))
    if child is None:
        child = ET.SubElement(el, q(tag))
    child.attrib.pop("nil", None)
    child.text = value
