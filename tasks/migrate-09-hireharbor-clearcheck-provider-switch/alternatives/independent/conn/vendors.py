# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Thin clients over `requests`: HireHarbor (Basic, Link pages, On-Behalf-Of) and ClearCheck
(X-Api-Key, cursors). 429 and 5xx answers wait and retry; the server clock comes from Date."""
import time
from email.utils import parsedate_to_datetime

import requests

from conn import config


def _call(sess, method, url, **kw):
    for attempt in range(7):
        try:
            r = sess.request(method, url, timeout=30, **kw)
        except requests.ConnectionError:
            if method != "GET" or attempt == 6:
                raise
            time.sleep(1 + attempt)
            continue
        if r.status_code == 429:
            time.sleep(float(r.headers.get("Retry-After") or 3))
            continue
        if r.status_code >= 500 and method == "GET" and attempt < 6:
            time.sleep(1 + attempt)
            continue
        return r
    return r


class Vendor:
    def __init__(self, base, sess):
        self.base, self.sess, self.server_time = base, sess, None

    def request(self, method, path_or_url, **kw):
        url = path_or_url if path_or_url.startswith("http") else self.base + path_or_url
        r = _call(self.sess, method, url, **kw)
        if "Date" in r.headers:
            self.server_time = parsedate_to_datetime(r.headers["Date"])
        if r.status_code >= 400:
            raise RuntimeError(f"{method} {url}: {r.status_code} {r.text[:300]}")
        return r


def hireharbor() -> Vendor:
    s = requests.Session()
    s.auth = (config.hireharbor_key(), "")
    return Vendor(config.hireharbor_url(), s)


def clearcheck() -> Vendor:
    s = requests.Session()
    s.headers["X-Api-Key"] = config.clearcheck_key()
    return Vendor(config.clearcheck_url(), s)


def hh_pages(v: Vendor, path: str):
    url = v.base + path + ("&" if "?" in path else "?") + "per_page=100"
    while url:
        r = v.request("GET", url)
        yield from r.json()
        url = r.links.get("next", {}).get("url")


def cc_pages(v: Vendor, path: str, params: dict):
    doc = v.request("GET", path, params={**params, "limit": 100}).json()
    yield from doc["data"]
    while doc.get("next_cursor"):
        doc = v.request("GET", path, params={"cursor": doc["next_cursor"], "limit": 100}).json()
        yield from doc["data"]
