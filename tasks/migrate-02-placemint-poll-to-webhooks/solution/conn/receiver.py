# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Placemint webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT.

A delivery is verified first (signature with the endpoint's secret, timestamp within 5 minutes
of our clock); only then is it parsed and applied to the store, keeping the higher version."""
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, store

SIGNATURE_HEADER = "Placemint-Signature"
TOLERANCE_S = 300
PLACEMENT_EVENTS = {"placement.created", "placement.updated", "placement.canceled"}


def verify(header: str, body: bytes, secrets: list[str], now: float | None = None) -> str | None:
    now = time.time() if now is None else now
    items = [part.split("=", 1) for part in header.split(",") if "=" in part]
    stamps = [v.strip() for k, v in items if k.strip() == "t"]
    sigs = [v.strip() for k, v in items if k.strip() == "v1"]
    if len(stamps) != 1 or not stamps[0].isdigit():
        return "no timestamp"
    ts = int(stamps[0])
    if abs(now - ts) > TOLERANCE_S:
        return "timestamp outside the tolerance"
    for secret in secrets:
        expected = hmac.new(secret.encode(), f"{ts}.".encode() + body, hashlib.sha256).hexdigest()
        if any(hmac.compare_digest(expected, s) for s in sigs):
            return None
    return "signature mismatch"


class Receiver:
    def __init__(self):
        self.lock = threading.Lock()
        self.db = store.connect()
        self._secrets: list[str] = []

    def secrets(self, wait_s: float = 5.0) -> list[str]:
        """The endpoint's secret, written by `cutover` (which may still be running)."""
        deadline = time.monotonic() + wait_s
        while not self._secrets:
            path = config.webhook_file()
            if path.exists():
                data = json.loads(path.read_text())
                self._secrets = [s for s in (data.get("secrets") or [data.get("secret")]) if s]
            elif time.monotonic() > deadline:
                break
            else:
                time.sleep(0.05)
        return self._secrets

    def handle(self, header: str | None, body: bytes) -> tuple[int, dict]:
        if not header:
            return 400, {"error": "missing signature"}
        secrets = self.secrets()
        if not secrets:
            return 503, {"error": "no endpoint secret yet"}
        why = verify(header, body, secrets)
        if why:
            return 400, {"error": why}
        try:
            event = json.loads(body)
            kind = event["type"]
        except (ValueError, KeyError, TypeError):
            return 400, {"error": "not an event"}
        obj = (event.get("data") or {}).get("object") or {}
        if kind not in PLACEMENT_EVENTS or obj.get("object") != "placement":
            return 200, {"received": True, "ignored": kind}
        with self.lock:
            store.upsert_if_newer(self.db, obj)
        return 200, {"received": True}


class Handler(BaseHTTPRequestHandler):
    receiver: Receiver = None

    def do_POST(self):
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            status, payload = self.receiver.handle(self.headers.get(SIGNATURE_HEADER), body)
        except Exception as exc:  # never acknowledge what we could not store
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
