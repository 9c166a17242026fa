# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: the Placemint webhook receiver on 127.0.0.1:$IB_RECEIVER_PORT.

Order of work for each delivery: signature and timestamp first (nothing unverified is even
parsed), then the event id (each id acts once, in the same transaction as its effect), then
the effect: placements keep their highest version, fee events are booked, event types we do
not know are acknowledged and ignored."""
import hashlib
import hmac
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, ledger

SIGNATURE_HEADER = "Placemint-Signature"
TOLERANCE_S = 300
PLACEMENT_EVENTS = {"placement.created", "placement.updated", "placement.canceled"}
FEE_EVENTS = {"fee.created", "fee.updated", "fee.voided"}


def load_secrets() -> list[str]:
    data = json.loads(config.endpoint_file().read_text())
    secrets = data.get("secrets") or [data["secret"]]
    return [s for s in secrets if s]


def verify(header: str, body: bytes, secrets: list[str], now: float | None = None) -> str | None:
    """None when the delivery is authentic and fresh, else why not."""
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
    def __init__(self, db, secrets: list[str]):
        self.db = db
        self.secrets = secrets
        self.lock = threading.Lock()

    def handle(self, header: str | None, body: bytes) -> tuple[int, dict]:
        if not header:
            return 400, {"error": "missing signature"}
        why = verify(header, body, self.secrets)
        if why:
            return 400, {"error": why}
        try:
            event = json.loads(body)
            event_id, kind = event["id"], event["type"]
        except (ValueError, KeyError, TypeError):
            return 400, {"error": "not an event"}
        obj = (event.get("data") or {}).get("object") or {}
        with self.lock:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                if ledger.seen(self.db, event_id):
                    self.db.execute("COMMIT")
                    return 200, {"received": True, "duplicate": True}
                if kind in PLACEMENT_EVENTS:
                    ledger.upsert_placement(self.db, obj)
                elif kind in FEE_EVENTS:
                    ledger.book_fee(self.db, event_id, kind, obj)
                else:
                    self.db.execute("COMMIT")
                    return 200, {"received": True, "ignored": kind}
                ledger.mark_processed(self.db, event_id, kind)
                self.db.execute("COMMIT")
            except Exception:
                self.db.execute("ROLLBACK")
                raise
        return 200, {"received": True}


class Handler(BaseHTTPRequestHandler):
    receiver: Receiver = None

    def do_POST(self):
        if self.path.split("?", 1)[0] != config.HOOK_PATH:
            return self._answer(404, {"error": "not found"})
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            status, payload = self.receiver.handle(self.headers.get(SIGNATURE_HEADER), body)
        except Exception as exc:  # never acknowledge what we could not record
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
    Handler.receiver = Receiver(ledger.connect(config.ledger_file()), load_secrets())
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0
