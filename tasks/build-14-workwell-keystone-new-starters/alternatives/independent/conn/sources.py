# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Reading Workwell (one request per second at most, 429s retried after Retry-After, pages
followed through paging.next) and talking XML to Keystone."""
from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

import httpx

KS = "urn:keystone:hr:2"


class Failure(Exception):
    pass


class WorkwellReader:
    def __init__(self, base: str, key: str, tenant: str):
        self.api = f"{base}/t/{tenant}/spi/v3"
        self.http = httpx.Client(headers={"Authorization": f"Bearer {key}"}, timeout=30.0)
        self.next_slot = 0.0

    def _get(self, url: str, params: dict | None = None) -> httpx.Response:
        for attempt in range(8):
            wait = self.next_slot - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            self.next_slot = time.monotonic() + 1.05
            try:
                r = self.http.get(url, params=params)
            except httpx.HTTPError:
                time.sleep(1 + attempt)
                continue
            if r.status_code == 429:
                time.sleep(float(r.headers.get("retry-after", "10")) + 0.1)
                continue
            if r.status_code >= 500:
                time.sleep(1 + attempt)
                continue
            return r
        raise Failure(f"Workwell kept failing on {url}")

    def listing(self, name: str, params: dict) -> list[dict]:
        items, url, query = [], f"{self.api}/{name}", dict(params)
        while url:
            r = self._get(url, query)
            if r.status_code != 200:
                raise Failure(f"Workwell {name}: {r.status_code}")
            data = r.json()
            items += data.get(name, [])
            url, query = (data.get("paging") or {}).get("next"), None
        return items

    def start_date(self, cand_id: str) -> str | None:
        r = self._get(f"{self.api}/candidates/{cand_id}/offer")
        if r.status_code == 404:
            return None
        if r.status_code != 200:
            raise Failure(f"Workwell offer {cand_id}: {r.status_code}")
        return r.json()["offer"].get("start_date")


def ks_date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"{day}/{month}/{year}"


def iso_from_ks(text: str | None) -> str | None:
    if not text:
        return None
    day, month, year = text.split("/")
    return f"{year}-{month}-{day}"


def field(el: ET.Element, name: str) -> str | None:
    node = el.find(f"{{{KS}}}{name}")
    if node is None or node.get("nil") == "true":
        return None
    return node.text


class KeystoneHR:
    def __init__(self, base: str, user: str, password: str):
        self.api = f"{base}/hr/v2"
        self.http = httpx.Client(auth=(user, password), timeout=30.0,
                                 headers={"Content-Type": "application/xml", "Accept": "application/xml"})

    def by_ref(self, ref: str) -> list[ET.Element]:
        r = self.http.get(f"{self.api}/employees", params={"externalRef": ref, "limit": 200})
        if r.status_code != 200:
            raise Failure(f"Keystone search {ref}: {r.status_code}")
        return ET.fromstring(r.content).findall(f"{{{KS}}}Employee")

    def without_ref(self) -> dict[str, list[ET.Element]]:
        """Employees keyed in by hand with no ExternalRef, by lower-cased e-mail (one offset walk)."""
        out: dict[str, list[ET.Element]] = {}
        offset = 0
        while True:
            r = self.http.get(f"{self.api}/employees", params={"offset": offset, "limit": 100})
            if r.status_code != 200:
                raise Failure(f"Keystone employee list at {offset}: {r.status_code}")
            root = ET.fromstring(r.content)
            page = root.findall(f"{{{KS}}}Employee")
            for emp in page:
                if not (field(emp, "ExternalRef") or "").strip() and field(emp, "Email"):
                    out.setdefault(field(emp, "Email").strip().lower(), []).append(emp)
            offset += len(page)
            if not page or offset >= int(root.get("total") or 0):
                return out

    def read(self, emp_id: str) -> tuple[ET.Element, str]:
        r = self.http.get(f"{self.api}/employees/{emp_id}")
        if r.status_code != 200:
            raise Failure(f"Keystone employee {emp_id}: {r.status_code}")
        return ET.fromstring(r.content), r.headers["etag"]

    def create(self, values: dict[str, str | None]) -> ET.Element:
        parts = [f'<Employee xmlns="{KS}">']
        for name, value in values.items():
            parts.append(f"<{name} nil=\"true\"/>" if value is None else f"<{name}>{escape(value)}</{name}>")
        parts.append("</Employee>")
        r = self.http.post(f"{self.api}/employees", content="".join(parts).encode("utf-8"))
        if r.status_code != 201:
            raise Failure(f"Keystone create {values.get('ExternalRef')}: {r.status_code} {r.text[:200]}")
        return ET.fromstring(r.content)

    def put(self, emp_id: str, doc: ET.Element, etag: str) -> int:
        ET.register_namespace("", KS)
        r = self.http.put(f"{self.api}/employees/{emp_id}", content=ET.tostring(doc), headers={"If-Match": etag})
        if r.status_code not in (200, 412):
            raise Failure(f"Keystone update {emp_id}: {r.status_code} {r.text[:200]}")
        return r.status_code
