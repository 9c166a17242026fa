# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The signing keys of our Scoutly subscription.

Scoutly signs each delivery with every live key of the subscription (two during a rotation's
overlap). The keys come from `GET /v1/subscriptions/{id}/secret-keys` of *our* subscription
(the one whose callbackUrl is our receiver's; the account holds others). A `previous` key is
good only until its `expiresOn`, which is Scoutly's time: it is judged on Scoutly's clock (the
offset from the Date header), never ours. The list is read again when a delivery matches no
key we hold, at most once every REFRESH_GAP_S (the endpoint allows 6 calls a minute); every
refresh replaces what we held, so a revoked key is gone for good."""
import threading
import time
from datetime import datetime

from conn import config

REFRESH_GAP_S = 10.5


def parse_instant(value: str | None) -> float | None:
    if not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


class Keys:
    def __init__(self, api):
        self.api = api
        self.lock = threading.Lock()
        # Until the list is read, the key Scoutly's account team gave us.
        self.keys: list[tuple[str, float | None]] = [(config.webhook_secret(), None)]
        self.sub_id: str | None = None
        self.last_fetch: float | None = None

    def scoutly_now(self) -> float:
        return time.time() + (self.api.clock_offset_s or 0.0)

    def live(self) -> list[str]:
        now = self.scoutly_now()
        with self.lock:
            return [k for k, expires in self.keys if expires is None or expires > now]

    def subscription_id(self) -> str | None:
        if self.sub_id is None:
            mine = config.receiver_url() + config.HOOK_PATH
            subs = [s for s in self.api.walk("/v1/subscriptions") if s.get("callbackUrl") == mine]
            active = [s for s in subs if s.get("status") == "active"]
            pick = (active or subs or [None])[-1]
            self.sub_id = pick["id"] if pick else None
        return self.sub_id

    def refresh(self) -> bool:
        """Read the key list again if allowed now; True when we hold a key we did not before."""
        with self.lock:
            if self.last_fetch is not None and time.monotonic() - self.last_fetch < REFRESH_GAP_S:
                return False
            self.last_fetch = time.monotonic()
        sub_id = self.subscription_id()
        if sub_id is None:
            return False
        r = self.api.get_response(f"/v1/subscriptions/{sub_id}/secret-keys")
        if r.status_code != 200:
            if r.status_code == 404:
                self.sub_id = None
            return False
        fresh = [(k["secret"], parse_instant(k.get("expiresOn"))) for k in r.json().get("content") or []
                 if k.get("secret")]
        if not fresh:
            return False
        with self.lock:
            before = {k for k, _ in self.keys}
            self.keys = fresh
        return bool({k for k, _ in fresh} - before)
