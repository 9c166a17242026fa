# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""`serve`: Pipelane hire notifications -> forklift-training bookings.

Design: deliveries are checked (HMAC over token+triggeredAt, 5-minute window) and then handled one
at a time under a single lock. Anything claiming a hire is checked against the API; Pipelane's own
record says whether we already booked: the opportunity's activity log lists a `note_added` by the
Training Bot as soon as the note exists (the notes list itself lags behind). When a note write ends
without a clear answer, nothing is retried here: we answer 503 and Pipelane's redelivery finds the
note (or not) in the activity log and finishes the booking."""
import hashlib
import hmac
import json
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conn import config, training
from conn.pipelane_api import Client, Unsure

WINDOW_MS = 300_000
WORK = threading.Lock()


def authentic(p) -> bool:
    if not isinstance(p, dict):
        return False
    token, at, sig = p.get("token"), p.get("triggeredAt"), p.get("signature")
    if not (isinstance(token, str) and isinstance(sig, str) and type(at) is int):
        return False
    mac = hmac.new(config.webhook_secret().encode(), (token + str(at)).encode(), hashlib.sha256).hexdigest()
    return hmac.compare_digest(mac, sig) and abs(time.time() * 1000 - at) <= WINDOW_MS


def claims_hire(p: dict) -> bool:
    data = p.get("data") if isinstance(p.get("data"), dict) else {}
    return p.get("event") == "opportunityHired" or data.get("toStage") == "hired"


def bot_noted(api: Client, oid: str) -> bool:
    bot = config.training_bot()
    return any(a.get("type") == "note_added" and a.get("user") == bot for a in api.activities(oid))


def handle(api: Client, db, p: dict) -> int:
    if not claims_hire(p):
        return 200
    oid = p["data"].get("opportunityId")
    if not isinstance(oid, str):
        return 200
    with WORK:
        if training.has_row(db, oid):
            return 200
        opp = api.opportunity(oid)
        if not opp or opp.get("stage") != "hired":
            return 200
        if not bot_noted(api, oid):
            try:
                api.note(oid, config.NOTE_TEXT, config.training_bot())
            except Unsure as exc:
                sys.stderr.write(f"serve: note on {oid} unconfirmed ({exc}); waiting for the redelivery\n")
                return 503
        training.add_row(db, oid, opp["contactId"])
        return 200


class Handler(BaseHTTPRequestHandler):
    api = db = None

    def do_POST(self):
        if self.path.split("?")[0] != config.HOOK_PATH:
            return self._reply(404)
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        try:
            p = json.loads(raw)
        except ValueError:
            return self._reply(400)
        if not authentic(p):
            return self._reply(401)
        try:
            status = handle(self.api, self.db, p)
        except Exception as exc:
            sys.stderr.write(f"serve: {exc}\n")
            status = 503
        self._reply(status)

    def _reply(self, status: int) -> None:
        body = json.dumps({"status": status}).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        sys.stderr.write("serve: " + fmt % args + "\n")


def serve() -> int:
    Handler.api = Client()
    Handler.db = training.connect(config.training_file())
    server = ThreadingHTTPServer(("127.0.0.1", config.receiver_port()), Handler)
    server.daemon_threads = True
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown, daemon=True).start())
    print(f"serve: listening on 127.0.0.1:{config.receiver_port()}{config.HOOK_PATH}", flush=True)
    server.serve_forever()
    return 0
