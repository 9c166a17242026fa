# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: HireHarbor's deliveries on 127.0.0.1:$IB_RECEIVER_PORT, path /hireharbor.
Every POST must carry a valid signature over its raw body, or it gets a 401 and is dropped."""
from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, signature
from conn.tracker import Tracker


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    tracker: Tracker
    secret: str

    def _reply(self, status: int, text: str) -> None:
        data = json.dumps({"status": text}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self._reply(200, "up")

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path.split("?", 1)[0].rstrip("/") != config.HOOK_PATH:
            return self._reply(404, "unknown path")
        if not signature.valid(self.secret, raw, self.headers.get("Signature")):
            print(f"refused {self.headers.get('HireHarbor-Event-ID')}", file=sys.stderr, flush=True)
            return self._reply(401, "bad signature")
        try:
            event = json.loads(raw)
        except ValueError:
            return self._reply(400, "not json")
        self.tracker.apply(event)
        return self._reply(200, "ok")

    def log_message(self, fmt, *args):
        pass


def serve() -> int:
    Handler.tracker = Tracker()
    Handler.secret = config.webhook_secret()
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    print(f"listening on {config.receiver_port()}", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
