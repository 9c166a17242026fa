# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: ClearCheck's webhooks (Standard Webhooks), on 127.0.0.1:$IB_RECEIVER_PORT.

A delivery is verified (HMAC-SHA256 over `id.timestamp.body` with the base64-decoded
`whsec_` secret) and judged fresh against ClearCheck's clock (the `Date` of its answers: it
signs on server time). A genuine one is acknowledged and its id remembered; the result itself
is taken from ClearCheck by the next cycle, so nothing a delivery says is written anywhere."""
import base64
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config
from conn.apis import ClearCheck

TOLERANCE_S = 300


def verify(headers, body: bytes, secret: str, now: float) -> str | None:
    msg_id, ts, sig = headers.get("webhook-id"), headers.get("webhook-timestamp"), headers.get("webhook-signature")
    if not (msg_id and ts and sig) or not ts.strip().isdigit():
        return "unsigned"
    key = base64.b64decode(secret.removeprefix("whsec_"))
    expected = base64.b64encode(hmac.new(key, f"{msg_id}.{ts.strip()}.".encode() + body, hashlib.sha256).digest()).decode()
    if not any(hmac.compare_digest(expected, s.split(",", 1)[1]) for s in sig.split() if s.startswith("v1,")):
        return "signature mismatch"
    if abs(now - int(ts)) > TOLERANCE_S:
        return "stale"
    return None


class Receiver:
    def __init__(self):
        self.lock = threading.Lock()
        self.offset_s = None
        self.checked = 0.0
        self.seen = config.state_dir() / "webhook_ids.txt"

    def clearcheck_now(self, refresh: bool = False) -> float:
        if self.offset_s is None or (refresh and time.monotonic() - self.checked > 5):
            self.checked = time.monotonic()
            try:
                cc = ClearCheck()
                cc.get("/v1/packages")
                self.offset_s = cc.date.timestamp() - time.time()
            except Exception as exc:
                sys.stderr.write(f"serve: clock refresh failed: {exc}\n")
        return time.time() + (self.offset_s or 0.0)

    def handle(self, headers, body: bytes) -> tuple[int, dict]:
        with self.lock:
            secret = config.webhook_secret()
            why = verify(headers, body, secret, self.clearcheck_now())
            if why == "stale":
                why = verify(headers, body, secret, self.clearcheck_now(refresh=True))
            if why:
                return 401, {"error": why}
            msg_id = headers.get("webhook-id")
            seen = set(self.seen.read_text().split()) if self.seen.exists() else set()
            if msg_id not in seen:
                with self.seen.open("a") as f:
                    f.write(msg_id + "\n")
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
