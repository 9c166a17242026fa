# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: HireHarbor's deliveries on 127.0.0.1:$IB_RECEIVER_PORT, path /hireharbor.

Verified deliveries are applied to the tracker and answered 200; anything unsigned or
wrongly signed is answered 401 and changes nothing."""
from __future__ import annotations

import json
import logging
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, deliveries, signature
from conn.tracker import Tracker

log = logging.getLogger("crew-tracker")


def make_handler(tracker: Tracker, secret: str):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _answer(self, status: int, body: dict) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):  # health check
            self._answer(200, {"ok": True})

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if self.path.split("?")[0].rstrip("/") != config.HOOK_PATH:
                return self._answer(404, {"error": "not found"})
            d = deliveries.read(self.headers, body)
            if not signature.valid(secret, body, d.signature):
                log.warning("401 %s %s: signature does not verify", d.event_type, d.event_id)
                return self._answer(401, {"error": "invalid signature"})
            try:
                event = d.event()
            except ValueError:  # signed by HireHarbor, yet not JSON: nothing to apply
                return self._answer(400, {"error": "not JSON"})
            if not isinstance(event, dict):
                return self._answer(400, {"error": "not an event"})
            applied = tracker.apply(event, d.event_id)
            log.info("200 %s %s applied=%s", d.event_type, d.event_id, applied)
            return self._answer(200, {"ok": True})

        def log_message(self, fmt, *args):
            pass

    return Handler


def serve() -> int:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(message)s")
    tracker = Tracker()
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), make_handler(tracker, config.webhook_secret()))
    log.info("listening on %s", config.receiver_port())
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
