# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: ClearCheck's webhooks, on 127.0.0.1:$IB_RECEIVER_PORT, path /clearcheck/webhooks.

A delivery is taken only when it is signed the Standard Webhooks way with our endpoint's
secret (HMAC-SHA256 over `id.timestamp.body`, key = the base64 after `whsec_`), its timestamp
is within 5 minutes of our clock, and its `webhook-id` is new (a repeat is acknowledged and
changes nothing). Its check is merged into the gate, never backwards."""
import base64
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, store

TOLERANCE_S = 300


def verify(headers, body: bytes, secret: str, now: float) -> str | None:
    msg_id, ts, sig = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not (msg_id and ts and sig) or not ts.strip().isdigit():
        return "unsigned"
    try:
        key = base64.b64decode(secret.removeprefix("whsec_"))
    except ValueError:
        return "bad secret"
    expected = base64.b64encode(hmac.new(key, f"{msg_id}.{ts.strip()}.".encode() + body,
                                         hashlib.sha256).digest()).decode()
    if not any(hmac.compare_digest(expected, s.split(",", 1)[1]) for s in sig.split() if s.startswith("v1,")):
        return "signature mismatch"
    if abs(now - int(ts)) > TOLERANCE_S:
        return "timestamp outside the tolerance"
    return None


class Receiver:
    def __init__(self):
        self.db = store.connect()
        self.lock = threading.Lock()
        self.secret = config.webhook_secret()

    def handle(self, headers, body: bytes) -> tuple[int, dict]:
        why = verify(headers, body, self.secret, time.time())
        if why:
            return 401, {"error": why}
        try:
            event = json.loads(body)
        except ValueError:
            return 400, {"error": "not JSON"}
        msg_id = headers.get("webhook-id")
        with self.lock:
            if self.db.execute("SELECT 1 FROM seen_deliveries WHERE webhook_id = ?", (msg_id,)).fetchone():
                return 200, {"duplicate": True}
            self.db.execute("BEGIN IMMEDIATE")
            try:
                data = event.get("data") if isinstance(event, dict) else None
                if str(event.get("type", "")).startswith("check.") and isinstance(data, dict):
                    store.merge(self.db, data)
                self.db.execute("INSERT INTO seen_deliveries (webhook_id) VALUES (?)", (msg_id,))
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        return 200, {"received": True}


class Handler(BaseHTTPRequestHandler):
    receiver: Receiver = None

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        try:
            status, payload = self.receiver.handle(self.headers, body)
        except Exception as exc:
            sys.stderr.write(f"serve: {type(exc).__name__}: {exc}\n")
            status, payload = 500, {"error": type(exc).__name__}
        self._answer(status, payload)

    def _answer(self, status: int, payload: dict) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    Handler.receiver = Receiver()
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
