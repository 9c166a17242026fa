# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Keystone HR v2: HTTP Basic, XML in the default namespace urn:keystone:hr:2, dd/mm/yyyy
dates, offset/limit pages with a total, ETag / If-Match on every PUT."""
from __future__ import annotations

import datetime as dt
import xml.etree.ElementTree as ET

import requests

from conn.config import Settings

NS = "urn:keystone:hr:2"
PAGE = 200


def q(tag: str) -> str:
    return f"{{{NS}}}{tag}"


def text_of(el: ET.Element, tag: str) -> str | None:
    child = el.find(q(tag))
    if child is None or child.get("nil") == "true":
        return None
    return child.text


def fields_of(el: ET.Element) -> dict[str, str | None]:
    """A record as {element name: text or None (nil)}."""
    return {c.tag.split("}", 1)[1]: (None if c.get("nil") == "true" else c.text) for c in el}


def keystone_date(d: dt.date | None) -> str | None:
    return d.strftime("%d/%m/%Y") if d else None


def document(root: str, values: list[tuple[str, str | None]]) -> bytes:
    """<root xmlns=...> with one child per (name, value); None is sent as nil."""
    el = ET.Element(q(root))
    for name, value in values:
        child = ET.SubElement(el, q(name))
        if value is None:
            child.set("nil", "true")
        else:
            child.text = str(value)
    ET.register_namespace("", NS)
    return ET.tostring(el, encoding="utf-8")


class KeystoneError(RuntimeError):
    def __init__(self, method: str, path: str, resp: requests.Response):
        self.status = resp.status_code
        super().__init__(f"{method} {path}: HTTP {resp.status_code} {resp.text[:300]}")


class Keystone:
    def __init__(self, settings: Settings, timeout: float = 30):
        self.root = f"{settings.keystone_url}/hr/v2"
        self.timeout = timeout
        self.http = requests.Session()
        self.http.auth = (settings.keystone_user, settings.keystone_password)
        self.http.headers.update({"Accept": "application/xml"})

    def request(self, method: str, path: str, body: bytes | None = None, params: dict | None = None,
                etag: str | None = None) -> tuple[ET.Element, str | None]:
        headers = {}
        if body is not None:
            headers["Content-Type"] = "application/xml"
        if etag is not None:
            headers["If-Match"] = etag
        resp = self.http.request(method, self.root + path, data=body, params=params, headers=headers,
                                 timeout=self.timeout)
        if resp.status_code >= 400:
            raise KeystoneError(method, path, resp)
        return ET.fromstring(resp.content), resp.headers.get("ETag")

    def employees(self, **params) -> list[ET.Element]:
        out, offset = [], 0
        while True:
            root, _ = self.request("GET", "/employees", params={**params, "offset": offset, "limit": PAGE})
            page = root.findall(q("Employee"))
            out += page
            offset += PAGE
            if not page or offset >= int(root.get("total", "0")):
                return out
