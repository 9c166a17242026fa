# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Scoutly over urllib: X-SmartToken, JSON, waits out 429s (Retry-After), one call at a time."""
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from conn import config

_lock = threading.Lock()


def call(method: str, path: str, params: dict | None = None, body: dict | None = None):
    """(status, parsed JSON or None). Serialised: at most one request in flight per process."""
    url = config.base_url() + path
    if params:
        url += "?" + urllib.parse.urlencode(params)
    data = json.dumps(body).encode() if body is not None else None
    for attempt in range(15):
        req = urllib.request.Request(url, data=data, method=method,
                                     headers={"X-SmartToken": config.api_key(), "Accept": "application/json",
                                              **({"Content-Type": "application/json"} if data is not None else {})})
        with _lock:
            try:
                with urllib.request.urlopen(req, timeout=20) as resp:
                    raw = resp.read()
                    status = resp.status
                    retry_after = None
            except urllib.error.HTTPError as err:
                raw, status, retry_after = err.read(), err.code, err.headers.get("Retry-After")
            except (urllib.error.URLError, TimeoutError, ConnectionError):
                raw, status, retry_after = b"", None, None
            time.sleep(0.12)  # under 10 requests a second
        if status == 429:
            time.sleep(float(retry_after or 1))
            continue
        if status is None or status >= 500:
            time.sleep(min(0.5 * 2 ** attempt, 5))
            continue
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, None
    raise RuntimeError(f"Scoutly kept failing for {method} {path}")


def get(path: str, params: dict | None = None):
    status, doc = call("GET", path, params)
    if status == 404:
        return None
    if status != 200:
        raise RuntimeError(f"GET {path}: {status} {doc}")
    return doc


def pages(path: str, params: dict | None = None):
    offset = 0
    while True:
        doc = get(path, {**(params or {}), "limit": 100, "offset": offset})
        yield from doc["content"]
        offset += 100
        if offset >= doc["totalFound"]:
            break
