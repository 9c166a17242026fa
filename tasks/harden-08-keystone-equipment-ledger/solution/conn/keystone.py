# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Keystone HR client: HTTP Basic, XML in the urn:keystone:hr:2 namespace, ETags.

Reads (GET) are retried on network errors, 5xx answers and bodies that are not whole XML
documents, waiting as Retry-After asks. Writes are sent once: a POST or PUT whose answer was
lost raises `Dropped`, and the caller looks at Keystone before doing anything again (the write
may have been saved). A PUT answered 412 is returned as is: the caller re-reads the record."""
from __future__ import annotations

import email.utils
import os
import time
import xml.etree.ElementTree as ET

import requests

NS = "urn:keystone:hr:2"
ATTEMPTS = 6


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


class KeystoneError(Exception):
    def __init__(self, status: int, text: str):
        super().__init__(f"Keystone answered {status}: {text[:300]}")
        self.status = status


class Dropped(Exception):
    """A write whose answer never arrived: it may or may not have been saved."""


def retry_wait(resp, attempt: int) -> float:
    value = (resp.headers.get("Retry-After") or "").strip() if resp is not None else ""
    if value.isdigit():
        return float(value)
    if value:
        try:
            when = email.utils.parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time()) + 0.5
        except (TypeError, ValueError):
            pass
    return min(2.0 * attempt, 10.0)


class Keystone:
    def __init__(self, base_url: str | None = None, user: str | None = None, password: str | None = None):
        self.base = (base_url or os.environ["KEYSTONE_BASE_URL"]).rstrip("/")
        self.session = requests.Session()
        self.session.auth = (user or os.environ["KEYSTONE_USERNAME"], password or os.environ["KEYSTONE_PASSWORD"])
        self.session.headers["Accept"] = "application/xml"

    def _send(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        hdrs = dict(headers or {})
        if body is not None:
            hdrs["Content-Type"] = "application/xml"
        return self.session.request(method, self.base + path, data=body, headers=hdrs, timeout=30)

    def read(self, path: str) -> tuple[ET.Element, str | None]:
        """GET a document, retrying until Keystone gives a whole one."""
        for attempt in range(1, ATTEMPTS + 1):
            try:
                resp = self._send("GET", path)
            except requests.RequestException:
                if attempt == ATTEMPTS:
                    raise
                time.sleep(attempt)
                continue
            if resp.status_code >= 500 or resp.status_code == 429:
                if attempt == ATTEMPTS:
                    raise KeystoneError(resp.status_code, resp.text)
                time.sleep(retry_wait(resp, attempt))
                continue
            if resp.status_code != 200:
                raise KeystoneError(resp.status_code, resp.text)
            try:
                return ET.fromstring(resp.content), resp.headers.get("ETag")
            except ET.ParseError:
                if attempt == ATTEMPTS:
                    raise KeystoneError(resp.status_code, "the answer was not a whole XML document")
                time.sleep(1)
        raise AssertionError("unreachable")

    def get(self, path: str) -> tuple[ET.Element, str | None]:
        return self.read(path)

    def list_equipment(self, employee_id: int) -> list[ET.Element]:
        root, _ = self.read(f"/hr/v2/employees/{employee_id}/equipment")
        if root.tag != q("EquipmentList"):
            raise KeystoneError(200, f"unexpected document {root.tag}")
        return root.findall(q("Equipment"))

    def write(self, method: str, path: str, doc: ET.Element, headers: dict | None = None):
        """Send a write once. Returns the response; raises Dropped when no answer came back."""
        for attempt in range(1, ATTEMPTS + 1):
            try:
                resp = self._send(method, path, ET.tostring(doc), headers)
            except requests.ConnectionError as exc:
                raise Dropped(f"{method} {path}: {exc}") from exc
            except requests.Timeout as exc:
                raise Dropped(f"{method} {path}: {exc}") from exc
            if resp.status_code in (429, 503) and attempt < ATTEMPTS:
                time.sleep(retry_wait(resp, attempt))  # refused before it was handled: safe to resend
                continue
            return resp
        raise AssertionError("unreachable")

    def post(self, path: str, doc: ET.Element) -> ET.Element:
        resp = self.write("POST", path, doc)
        if resp.status_code not in (200, 201):
            raise KeystoneError(resp.status_code, resp.text)
        return ET.fromstring(resp.content)

    def put(self, path: str, doc: ET.Element, etag: str):
        """PUT with If-Match; returns the response (200 saved, 412 someone else saved first)."""
        resp = self.write("PUT", path, doc, {"If-Match": etag})
        if resp.status_code not in (200, 412):
            raise KeystoneError(resp.status_code, resp.text)
        return resp


def text(el: ET.Element, tag: str) -> str | None:
    child = el.find(q(tag))
    if child is None or child.get("nil") == "true":
        return None
    return child.text or ""


def set_text(el: ET.Element, tag: str, value: str | None) -> None:
    child = el.find(q(tag))
    if child is None:
        child = ET.SubElement(el, q(tag))
    child.attrib.pop("nil", None)
    if value is None or value == "":
        child.text = None
        child.set("nil", "true")
    else:
        child.text = value


ET.register_namespace("", NS)
