# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: ClearCheck's webhooks, on 127.0.0.1:$IB_RECEIVER_PORT, path /clearcheck/webhooks.

Each `check.*` event carries the check; its state goes into the gate."""
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, store

SIGNATURE_HEADERS = ("webhook-id", "webhook-timestamp", "webhook-signature")


class Receiver:
    def __init__(self):
        self.db = store.connect()
        self.lock = threading.Lock()

    def handle(self, headers, body: bytes) -> tuple[int, dict]:
        if not all(headers.get(h) for h in SIGNATURE_HEADERS):
            return 401, {"error": "unsigned delivery"}
        try:
            event = json.loads(body)
        except ValueError:
            return 400, {"error": "not JSON"}
        data = event.get("data") or {}
        with self.lock:
            if str(event.get("type", "")).startswith("check.") and data.get("id"):
                store.upsert(self.db, data, data.get("result"))
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
