# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Which signing keys we trust.

Scoutly signs every delivery with each live key of our subscription, and during a rotation's
overlap that always includes the new, current key. So once we have seen the list, only keys it
called `current` are trusted: a delivery that proves itself only with a previous key is not
one Scoutly sends, whatever that key's expiry says. A delivery that matches nothing makes us
read the list again, never more than once in 12 s (the list allows 6 reads a minute)."""
import hashlib
import hmac
import os
import threading
import time

MIN_READ_GAP_S = 12.0
TOLERANCE_S = 300


def candidates(headers):
    raw = headers.get("Scoutly-Signature") or ""
    return [part.strip()[3:] for part in raw.split(";") if part.strip().startswith("v1=")]


def digest(key, headers, body):
    content = b".".join([headers.get("Scoutly-Timestamp", "").encode(), body,
                         headers.get("Scoutly-Event-Id", "").encode(), headers.get("Scoutly-Event-Name", "").encode()])
    return hmac.new(key.encode(), content, hashlib.sha256).hexdigest()


class Keyring:
    def __init__(self, api, callback_url):
        self.api = api
        self.callback_url = callback_url
        self.trusted = {os.environ["SCOUTLY_WEBHOOK_SECRET"]}
        self.subscription = None
        self.read_at = None
        self.mutex = threading.Lock()

    def _find_subscription(self):
        subs = [s for s in self.api.every("/v1/subscriptions") if s.get("callbackUrl") == self.callback_url]
        subs.sort(key=lambda s: (s.get("status") == "active", s.get("createdOn") or ""))
        return subs[-1]["id"] if subs else None

    def reread(self):
        with self.mutex:
            if self.read_at is not None and time.monotonic() - self.read_at < MIN_READ_GAP_S:
                return
            self.read_at = time.monotonic()
            if self.subscription is None:
                self.subscription = self._find_subscription()
                if self.subscription is None:
                    return
            resp = self.api.once(f"/v1/subscriptions/{self.subscription}/secret-keys")
            if resp.status_code == 404:
                self.subscription = None
                return
            if resp.status_code != 200:
                return
            current = {k["secret"] for k in resp.json().get("content") or [] if k.get("status") == "current"}
            if current:
                self.trusted = current

    def genuine(self, headers, body):
        stamp = headers.get("Scoutly-Timestamp") or ""
        if not stamp.isdigit() or abs(time.time() - int(stamp)) > TOLERANCE_S:
            return False
        if not headers.get("Scoutly-Event-Id") or not headers.get("Scoutly-Event-Name"):
            return False
        given = candidates(headers)
        for attempt in (0, 1):
            if attempt:
                self.reread()
            keys = set(self.trusted)
            if any(hmac.compare_digest(digest(k, headers, body), g) for k in keys for g in given):
                return True
        return False
