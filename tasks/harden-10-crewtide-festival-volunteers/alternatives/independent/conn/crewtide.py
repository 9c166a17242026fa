# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Crewtide client written from the ticket and the live API: paces itself from the plan's
RateLimit header (`"burst";r=<left>;t=<seconds>`): when nothing is left it waits `t` before the
next request, and after a 429 (no Retry-After on this plan) it waits `t` too. 5xx answers and
broken connections are retried after a growing pause."""
from __future__ import annotations

import re
import sys
import time
from email.utils import parsedate_to_datetime

import httpx

VERSION = "20250115"


def _log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


def _field(header: str, key: str) -> float | None:
    m = re.search(rf"(?:^|[;,\s]){key}=(\d+(?:\.\d+)?)", header or "")
    return float(m.group(1)) if m else None


class Client:
    def __init__(self, base_url: str, api_key: str):
        self.http = httpx.Client(base_url=base_url, timeout=30, headers={
            "Authorization": f'Token token="{api_key}"', "X-Api-Version": VERSION,
            "Accept": "application/vnd.api+json"})
        self.not_before = 0.0
        self.last_date: str | None = None

    def _pace(self) -> None:
        delay = self.not_before - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def _note_budget(self, r: httpx.Response) -> None:
        rl = r.headers.get("ratelimit", "")
        left, reset = _field(rl, "r"), _field(rl, "t")
        retry = r.headers.get("retry-after")
        wait = 0.0
        if r.status_code == 429:
            wait = reset if reset is not None else 10.0
            if retry and retry.strip().isdigit():
                wait = max(wait, float(retry))
        elif left is not None and left <= 0 and reset is not None:
            wait = reset
        if wait:
            self.not_before = max(self.not_before, time.monotonic() + wait + 0.25)

    def get(self, url: str, params: dict | None = None) -> dict:
        tries = 0
        while True:
            self._pace()
            try:
                r = self.http.get(url, params=params)
            except httpx.TransportError as exc:
                r, err = None, repr(exc)
            else:
                err = None
                self._note_budget(r)
                if r.status_code == 429:
                    continue
                if r.status_code < 500:
                    r.raise_for_status()
                    try:
                        doc = r.json()
                    except ValueError:
                        err = "unreadable body"
                    else:
                        if "date" in r.headers:
                            self.last_date = parsedate_to_datetime(r.headers["date"]).strftime("%Y-%m-%dT%H:%M:%SZ")
                        return doc
                else:
                    err = f"status {r.status_code}"
            tries += 1
            if tries > 6:
                raise RuntimeError(f"GET {url} failed {tries} times: {err}")
            _log(f"GET {url}: {err}; retry {tries} shortly")
            time.sleep(min(10, 2 ** (tries - 1)))

    def pages(self, path: str, params: dict):
        """Yields each page document of a list, following links.next."""
        doc = self.get(path, {**params, "page[size]": 30})
        while True:
            yield doc
            nxt = (doc.get("links") or {}).get("next")
            if not nxt:
                return
            doc = self.get(nxt)
