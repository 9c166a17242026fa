# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Receiver: verifies ClearCheck's Standard Webhooks deliveries (5-minute tolerance against our
clock) and logs them; the cycle's polling does the work, so a lost delivery costs nothing."""
import base64
import hashlib
import hmac
import json
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

from conn import config


def secret():
    p = config.state_dir() / "ledger.json"
    return json.loads(p.read_text()).get("hook_secret") if p.exists() else None


def valid(h, body, sec):
    try:
        mid, ts, sigs = h["webhook-id"], int(h["webhook-timestamp"]), h["webhook-signature"]
    except (KeyError, TypeError, ValueError):
        return False
    if abs(time.time() - ts) > 300 or not sec:
        return False
    mac = hmac.new(base64.b64decode(sec.split("_", 1)[1]), f"{mid}.{ts}.".encode() + body, hashlib.sha256)
    want = base64.b64encode(mac.digest()).decode()
    return any(hmac.compare_digest(want, s[3:]) for s in sigs.split() if s.startswith("v1,"))


class H(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        ok = valid(self.headers, body, secret())
        self.send_response(204 if ok else 401)
        self.end_headers()
        if ok:
            print("serve: event", json.loads(body).get("type"), file=sys.stderr, flush=True)

    def log_message(self, *a):
        pass


def serve() -> int:
    HTTPServer(("127.0.0.1", config.receiver_port()), H).serve_forever()
    return 0
