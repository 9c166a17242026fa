# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Placemint webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT.

Every event updates the ledger as soon as it arrives."""
import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, ledger

SIGNATURE_HEADER = "Placemint-Signature"


def apply_event(db, event: dict) -> None:
    kind = event.get("type", "")
    obj = (event.get("data") or {}).get("object") or {}
    if kind.startswith("placement."):
        ledger.upsert_placement(db, obj)
    elif kind.startswith("fee."):
        ledger.book_fee(db, event.get("id"), kind, obj)


class Handler(BaseHTTPRequestHandler):
    db = None

    def do_POST(self):
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if not self.headers.get(SIGNATURE_HEADER):
            return self._answer(401, {"error": "missing signature"})
        try:
            event = json.loads(body)
        except ValueError:
            return self._answer(400, {"error": "not json"})
        apply_event(self.db, event)
        self._answer(200, {"received": True})

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
    Handler.db = ledger.connect(config.ledger_file())
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
