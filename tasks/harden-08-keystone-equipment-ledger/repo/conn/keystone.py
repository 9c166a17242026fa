# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""A small Keystone HR client: HTTP Basic, XML in the urn:keystone:hr:2 namespace, ETags."""
from __future__ import annotations

import os
import time
import xml.etree.ElementTree as ET

import requests

NS = "urn:keystone:hr:2"
ATTEMPTS = 5


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


class KeystoneError(Exception):
    def __init__(self, status: int, text: str):
        super().__init__(f"Keystone answered {status}: {text[:300]}")
        self.status = status


class Keystone:
    def __init__(self, base_url: str | None = None, user: str | None = None, password: str | None = None):
        self.base = (base_url or os.environ["KEYSTONE_BASE_URL"]).rstrip("/")
        self.session = requests.Session()
        self.session.auth = (user or os.environ["KEYSTONE_USERNAME"], password or os.environ["KEYSTONE_PASSWORD"])
        self.session.headers["Accept"] = "application/xml"

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        """Send a request; network errors and 5xx answers are retried a few times."""
        hdrs = dict(headers or {})
        if body is not None:
            hdrs["Content-Type"] = "application/xml"
        for attempt in range(1, ATTEMPTS + 1):
            try:
                resp = self.session.request(method, self.base + path, data=body, headers=hdrs, timeout=30)
            except requests.RequestException:
                if attempt == ATTEMPTS:
                    raise
                time.sleep(attempt)
                continue
            if resp.status_code >= 500 and attempt < ATTEMPTS:
                wait = resp.headers.get("Retry-After", "")
                time.sleep(int(wait) if wait.isdigit() else attempt)
                continue
            return resp
        raise AssertionError("unreachable")

    def get(self, path: str) -> tuple[ET.Element, str | None]:
        resp = self.request("GET", path)
        if resp.status_code != 200:
            raise KeystoneError(resp.status_code, resp.text)
        return ET.fromstring(resp.content), resp.headers.get("ETag")

    def list_equipment(self, employee_id: int) -> list[ET.Element]:
        resp = self.request("GET", f"/hr/v2/employees/{employee_id}/equipment")
        if resp.status_code != 200:
            raise KeystoneError(resp.status_code, resp.text)
        try:
            root = ET.fromstring(resp.content)
        except ET.ParseError:
            return []  # nothing issued yet
        return root.findall(q("Equipment"))

    def post(self, path: str, doc: ET.Element) -> ET.Element:
        resp = self.request("POST", path, ET.tostring(doc))
        if resp.status_code not in (200, 201):
            raise KeystoneError(resp.status_code, resp.text)
        return ET.fromstring(resp.content)

    def put(self, path: str, doc: ET.Element, etag: str) -> ET.Element:
        body = ET.tostring(doc)
        resp = self.request("PUT", path, body, {"If-Match": etag})
        if resp.status_code == 412 and resp.headers.get("ETag"):
            # the record moved on since we read it: send it again with the current ETag
            resp = self.request("PUT", path, body, {"If-Match": resp.headers["ETag"]})
        if resp.status_code != 200:
            raise KeystoneError(resp.status_code, resp.text)
        return ET.fromstring(resp.content)


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
