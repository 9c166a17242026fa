# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: verifies ClearCheck's Standard Webhooks deliveries (secret, 5-minute window on our
own clock, remembered ids) and books a verified check's news into the ledger, never backwards;
the next cycle writes it to HireHarbor. Anything else is refused."""
import base64
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, ledger
from conn.switch import remember

LOCK = threading.Lock()


def genuine(h, body):
    mid, ts, sigs = h.get("webhook-id", ""), h.get("webhook-timestamp", ""), h.get("webhook-signature", "")
    if not (mid and ts.isdigit() and sigs):
        return False
    if abs(time.time() - int(ts)) > 300:
        return False
    key = base64.b64decode(config.webhook_secret().split("_", 1)[1])
    mac = base64.b64encode(hmac.new(key, f"{mid}.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
    return any(part.startswith("v1,") and hmac.compare_digest(part[3:], mac) for part in sigs.split())


class Hook(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path.split("?")[0] != config.HOOK_PATH or not genuine(self.headers, body):
            self.send_response(401)
            self.end_headers()
            return
        try:
            event = json.loads(body)
            data = event.get("data") or {}
            ext = str(data.get("external_id") or "")
            if event.get("type", "").startswith("check.") and ext.isdigit() and data.get("status") != "cancelled":
                with LOCK:
                    db = ledger.open_ledger()
                    known = db.execute("SELECT check_id FROM orders WHERE app_id = ?", (int(ext),)).fetchone()
                    if known and known[0] == data.get("id"):
                        remember(db, int(ext), data)
                    db.close()
        except Exception as exc:  # acknowledged anyway: the cycle's poll is the source of truth
            sys.stderr.write(f"serve: {exc}\n")
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Hook).serve_forever()
    return 0
