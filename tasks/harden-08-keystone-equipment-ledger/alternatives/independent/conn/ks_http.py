# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Keystone over httpx: every answer is checked before it is believed.

`fetch` returns a parsed document only when the body is a complete XML document in the
urn:keystone:hr:2 namespace with the expected root; anything else (a dropped connection, a
5xx, a body that does not parse) is retried with a growing pause, and Retry-After wins when it
is longer. `send` makes a write exactly once and reports `None` when the outcome is unknown."""
from __future__ import annotations

import email.utils
import os
import time
import xml.etree.ElementTree as ET

import httpx

NS = "urn:keystone:hr:2"
ET.register_namespace("", NS)


def tag(name: str) -> str:
    return "{" + NS + "}" + name


class Unavailable(RuntimeError):
    pass


def _pause(resp: httpx.Response | None, attempt: int) -> float:
    base = min(0.5 * 2 ** attempt, 8.0)
    raw = resp.headers.get("retry-after", "").strip() if resp is not None else ""
    if not raw:
        return base
    if raw.isdigit():
        return max(base, float(raw))
    try:
        return max(base, email.utils.parsedate_to_datetime(raw).timestamp() - time.time() + 0.5)
    except (TypeError, ValueError):
        return base


class KeystoneHTTP:
    def __init__(self) -> None:
        self.client = httpx.Client(
            base_url=os.environ["KEYSTONE_BASE_URL"].rstrip("/"),
            auth=(os.environ["KEYSTONE_USERNAME"], os.environ["KEYSTONE_PASSWORD"]),
            headers={"Accept": "application/xml"}, timeout=httpx.Timeout(30.0))

    def fetch(self, path: str, root: str, tries: int = 7) -> tuple[ET.Element, str | None]:
        last = "no attempt"
        for attempt in range(tries):
            resp = None
            try:
                resp = self.client.get(path)
            except httpx.TransportError as exc:
                last = f"transport: {exc!r}"
            else:
                if resp.status_code == 200:
                    try:
                        doc = ET.fromstring(resp.content)
                    except ET.ParseError as exc:
                        last = f"unreadable body: {exc}"
                    else:
                        if doc.tag == tag(root):
                            return doc, resp.headers.get("etag")
                        last = f"unexpected root {doc.tag}"
                elif resp.status_code in (429, 500, 502, 503, 504):
                    last = f"status {resp.status_code}"
                else:
                    raise Unavailable(f"GET {path}: {resp.status_code} {resp.text[:200]}")
            time.sleep(_pause(resp, attempt))
        raise Unavailable(f"GET {path}: gave up ({last})")

    def send(self, method: str, path: str, doc: ET.Element, if_match: str | None = None) -> httpx.Response | None:
        headers = {"Content-Type": "application/xml"}
        if if_match:
            headers["If-Match"] = if_match
        body = ET.tostring(doc, encoding="utf-8")
        for attempt in range(5):
            try:
                resp = self.client.request(method, path, content=body, headers=headers)
            except (httpx.RemoteProtocolError, httpx.ReadError, httpx.ReadTimeout, httpx.WriteError):
                return None  # it may or may not have been saved
            except httpx.ConnectError:
                time.sleep(_pause(None, attempt))  # never reached Keystone: safe to try again
                continue
            if resp.status_code in (429, 503):
                time.sleep(_pause(resp, attempt))
                continue
            return resp
        raise Unavailable(f"{method} {path}: Keystone kept refusing")


def child(el: ET.Element, name: str) -> str | None:
    c = el.find(tag(name))
    if c is None or c.get("nil") == "true":
        return None
    return c.text or ""


def put_child(el: ET.Element, name: str, value: str | None) -> None:
    c = el.find(tag(name))
    if c is None:
        c = ET.SubElement(el, tag(name))
    if value in (None, ""):
        c.text = None
        c.set("nil", "true")
    else:
        c.attrib.pop("nil", None)
        c.text = value
